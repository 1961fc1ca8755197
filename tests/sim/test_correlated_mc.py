"""Correlated failures in the Monte Carlo: the absolute-time engine against the cycle engine on
independent failures, against the exact renewal limit for bursts at once, and on hand-made
failure sequences."""

from __future__ import annotations

import numpy as np
import pytest

from phalanx_ref.sim.montecarlo import config_rng, failure_times, simulate, simulate_bursts
from phalanx_ref.sim.params import AGGRESSIVE_REMOTE, N_131K, PHALANX, MonteCarloParams
from phalanx_ref.sim.renewal import ettr_renewal_limit, mtbf_min


@pytest.mark.parametrize("mode", ["absorb", "restart"])
@pytest.mark.parametrize("grid", ["resume", "wallclock"])
def test_independent_failures_agree_with_the_cycle_engine(mode: str, grid: str) -> None:
    mc = MonteCarloParams(runs=300, recovery_failures=mode, checkpoint_grid=grid)
    a = simulate(N_131K, AGGRESSIVE_REMOTE, mc, config_rng(1))
    b = simulate_bursts(N_131K, AGGRESSIVE_REMOTE, mc, config_rng(2))
    assert abs(a.mean - b.mean) < 3 * np.hypot(a.ci95, b.ci95) / 1.96
    assert b.failures.mean() == pytest.approx(a.failures.mean(), rel=0.01)
    if mode == "restart" and grid == "resume":  # the 0.4028 for the 131K restart baseline when failures restart recovery
        assert b.mean == pytest.approx(0.403, abs=0.002)


def test_bursts_at_once_reach_the_exact_limit() -> None:
    """Bursts of 4 at once, 30% of events, their recovery 3 R: events Poisson at 1/(M (1 + 0.3 * 3)),
    E[R] = R (1 + 0.3 * 2); the renewal limit is exact for absorb + resume."""
    mc = MonteCarloParams(runs=20, horizon_days=2000, burst_prob=0.3, burst_size=4, burst_r_factor=3.0)
    r = simulate(N_131K, PHALANX, mc, config_rng(3))  # dispatched to simulate_bursts
    assert r.node_failures is not None and r.lost_min is not None
    limit = ettr_renewal_limit(mtbf_min(N_131K) * 1.9, PHALANX.tau_min, PHALANX.c, PHALANX.r_mean_s / 60 * 1.6)
    assert abs(r.mean - limit) < max(3 * r.ci95, 3e-4)
    # the per-GPU failure rate is kept: every failure counted, at rate 1/M(N)
    assert r.node_failures.mean() == pytest.approx(2000 * 1440 / mtbf_min(N_131K), rel=0.01)
    assert r.failures.mean() < r.node_failures.mean() / 1.9  # one interruption per burst at most


def test_spread_bursts_cost_more_than_bursts_at_once() -> None:
    at_once = MonteCarloParams(runs=200, burst_prob=0.2, burst_size=8)
    spread = MonteCarloParams(runs=200, burst_prob=0.2, burst_size=8, burst_gap_s=600.0)
    a = simulate_bursts(N_131K, PHALANX, at_once, config_rng(4))
    b = simulate_bursts(N_131K, PHALANX, spread, config_rng(4))
    assert b.failures.mean() > 1.5 * a.failures.mean()  # the members now interrupt one by one
    assert b.mean < a.mean and b.lost_min.mean() > a.lost_min.mean()
    assert b.node_failures.mean() == pytest.approx(a.node_failures.mean(), rel=0.02)  # same failures


def test_failure_times_layout() -> None:
    mc = MonteCarloParams(runs=50, burst_prob=1.0, burst_size=3, burst_gap_s=60.0)
    t, first = failure_times(config_rng(5), 50, 10_000.0, 500.0, mc)
    assert np.all(np.isinf(t[:, -1])) and np.all(t[:, :-1] <= t[:, 1:])  # rows sorted
    n = np.isfinite(t).sum(axis=1)
    starts = (first & np.isfinite(t)).sum(axis=1)
    assert np.all(n <= 3 * starts) and n.sum() > 2.5 * starts.sum()  # members past the horizon dropped
    # events at rate 1 / (500 * 3): about 6.7 per run
    assert starts.mean() == pytest.approx(10_000 / 1_500, rel=0.15)


def test_correlated_needs_poisson_and_valid_values() -> None:
    with pytest.raises(ValueError):
        MonteCarloParams(burst_prob=0.1, burst_size=4, weibull_shape=0.7)
    with pytest.raises(ValueError):
        MonteCarloParams(burst_prob=1.5)
    assert not MonteCarloParams(burst_prob=0.5).correlated  # bursts of one failure: independent


def test_ettr_table_has_a_limit_only_for_bursts_at_once() -> None:
    from phalanx_ref.sim.correlated import BURST_CASES, burst_cases, ettr_table
    from phalanx_ref.sim.params import RenewalParams

    mc = MonteCarloParams(runs=20, horizon_days=5)
    t, res = ettr_table(mc, RenewalParams())
    assert len(t.rows) == 2 * len(BURST_CASES) and list(res) == [name for name, _ in BURST_CASES]
    for (_, case), pair in zip(burst_cases(mc), zip(t.rows[::2], t.rows[1::2], strict=True), strict=True):
        for row in pair:
            assert (row[4] is None) == (case.burst_gap_s > 0)
    assert t.rows[0][6] == 0.0 and t.rows[1][6] == 0.0  # the independent rows are the reference
    scenario = MonteCarloParams(runs=20, horizon_days=5, burst_prob=0.5, burst_size=2)
    assert burst_cases(scenario)[-1] == ("the scenario's bursts", scenario)
