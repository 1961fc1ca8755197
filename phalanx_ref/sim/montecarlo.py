"""Monte Carlo of failure-injected training runs at the renewal level (paper §8.1-8.2),
vectorised with numpy over runs (and over failure cycles within a chunk).

One run is a sequence of cycles over a horizon T (54 days). A cycle starts at a resume at time s,
stays up for U ~ Exp(M) until the next failure (Poisson failures at rate 1/M), then is down for a
recovery of duration D. With the default ``absorb`` mode, failures that arrive during a recovery
are repaired by that same recovery, so D = R ~ N(mu, sigma) truncated at 0; with ``restart`` each
such failure restarts the recovery with a fresh draw (D grows by the time already spent).

Checkpoint timing (``checkpoint_grid``):
- ``resume``: a checkpoint completes every tau of up-time counted from the resume (s + tau,
  s + 2 tau, ...). A failure at s + U keeps floor(U / tau) * tau of up-time and loses the rest.
- ``wallclock``: checkpoints complete at the fixed wall-clock times k * tau. A failure at f keeps
  up-time up to the last grid time in (s, f], or nothing if there is none.
Checkpoint overhead is a throughput tax: kept up-time trains at rate 1 - c. The run ends at T;
up-time in progress at T is kept (the job did not fail). ETTR = kept training time / T.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from phalanx_ref.sim.params import Design, MonteCarloParams
from phalanx_ref.sim.renewal import mtbf_min

Z95 = 1.959963984540054


@dataclass(frozen=True)
class McResult:
    """Per-run ETTR and failure counts of one configuration (measured)."""

    n_gpus: int
    design: Design
    params: MonteCarloParams
    ettr: np.ndarray
    failures: np.ndarray
    """Interruptions per run: recoveries started before the horizon."""
    lost_min: np.ndarray | None = None
    """Up-time lost to failures per run (minutes; :func:`simulate_bursts` only)."""
    node_failures: np.ndarray | None = None
    """Failures per run, those absorbed by a recovery included (:func:`simulate_bursts` only)."""

    @property
    def mean(self) -> float:
        return float(self.ettr.mean())

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of the mean (normal approximation)."""
        return Z95 * float(self.ettr.std(ddof=1)) / math.sqrt(len(self.ettr))

    def summary(self) -> dict[str, float | int | str]:
        return {"n_gpus": self.n_gpus, "design": self.design.name, "runs": len(self.ettr),
                "ettr_mean": self.mean, "ettr_ci95": self.ci95,
                "failures_per_run_mean": float(self.failures.mean())}


def truncated_normal(rng: np.random.Generator, mean: float, sd: float, shape: tuple[int, ...]) -> np.ndarray:
    """N(mean, sd) conditioned on > 0 (rejected draws are redrawn)."""
    x = rng.normal(mean, sd, shape)
    bad = x <= 0
    while bad.any():
        x[bad] = rng.normal(mean, sd, int(bad.sum()))
        bad = x <= 0
    return x


def _recovery_draws(rng: np.random.Generator, r_mean: float, r_sd: float, n: int) -> np.ndarray:
    return truncated_normal(rng, r_mean, r_sd, (n,)) if r_sd > 0 else np.full(n, r_mean)


def uptimes(rng: np.random.Generator, m: float, weibull_shape: float, size: int | tuple[int, ...]) -> np.ndarray:
    """Times to the next failure from a resume, mean ``m``: exponential (Poisson failures) at shape
    1, else Weibull with that shape, scaled to the same mean (shape < 1: failures cluster soon
    after a resume, as infant mortality of replaced parts; > 1: wear-out). The failure clock
    restarts at each resume (a renewal process)."""
    if weibull_shape == 1.0:
        return rng.exponential(m, size)
    return rng.weibull(weibull_shape, size) * (m / math.gamma(1.0 + 1.0 / weibull_shape))


def _downtime(rng: np.random.Generator, m: float, r_mean: float, r_sd: float, shape: tuple[int, int],
              mode: str, weibull_shape: float = 1.0) -> np.ndarray:
    """Down time of each cycle (minutes) under the failures-during-recovery mode."""
    n = shape[0] * shape[1]
    d = _recovery_draws(rng, r_mean, r_sd, n)
    if mode == "absorb" or r_mean == 0:
        return d.reshape(shape)
    total = np.zeros(n)
    pending = np.arange(n)  # cycles whose current recovery attempt is still running
    while pending.size:
        gap = uptimes(rng, m, weibull_shape, pending.size)
        hit = gap < d  # another failure before this attempt finishes: start over
        total[pending] += np.where(hit, gap, d)
        pending = pending[hit]
        d = _recovery_draws(rng, r_mean, r_sd, pending.size)
    return total.reshape(shape)


def _kept_uptime(s: np.ndarray, u: np.ndarray, tau: float, grid: str) -> np.ndarray:
    """Up-time (minutes) of cycles starting at s that survives a failure after u of up-time."""
    if grid == "resume":
        return np.floor(u / tau) * tau
    return np.maximum(0.0, np.floor((s + u) / tau) * tau - s)


def account(start: np.ndarray, u: np.ndarray, d: np.ndarray, horizon: float, tau: float,
            grid: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Book-keeping of consecutive cycles, one row per run: row i resumes at ``start[i]``, then
    alternates up-times ``u[i, j]`` and down-times ``d[i, j]``. Returns the up-time kept (before
    the 1 - c tax), the failures before the horizon, and each row's time after its last cycle."""
    ends = start[:, None] + np.cumsum(u + d, axis=1)
    s = np.concatenate([start[:, None], ends[:, :-1]], axis=1)  # not ends - cyc: exact, and inf-safe
    failed = s + u < horizon
    gain = np.where(failed, _kept_uptime(s, u, tau, grid), np.clip(horizon - s, 0.0, None))
    return gain.sum(axis=1), failed.sum(axis=1), ends[:, -1]


def simulate(n_gpus: int, design: Design, mc: MonteCarloParams, rng: np.random.Generator,
             m_min: float | None = None) -> McResult:
    """``mc.runs`` independent runs of ``mc.horizon_days`` for ``n_gpus`` GPUs under ``design``;
    ``m_min`` overrides the job MTBF M(N) (minutes; ``inf`` for a failure-free run). Correlated
    failures (``mc.correlated``) run :func:`simulate_bursts`."""
    if mc.correlated:
        return simulate_bursts(n_gpus, design, mc, rng, m_min)
    m = mtbf_min(n_gpus) if m_min is None else m_min
    horizon = mc.horizon_days * 1440.0
    r_mean, r_sd = design.r_mean_s / 60.0, design.r_sd_s / 60.0
    runs = mc.runs
    kept = np.zeros(runs)
    failures = np.zeros(runs, dtype=np.int64)
    start = np.zeros(runs)  # time of each run's next resume
    active = np.arange(runs)
    while active.size:
        expect = float((horizon - start[active]).max()) / (m + r_mean)
        k = int(expect + 6.0 * math.sqrt(expect) + 8)  # nearly every run reaches the horizon in one chunk
        u = uptimes(rng, m, mc.weibull_shape, (active.size, k))
        d = _downtime(rng, m, r_mean, r_sd, (active.size, k), mc.recovery_failures, mc.weibull_shape)
        gain, nfail, end = account(start[active], u, d, horizon, design.tau_min, mc.checkpoint_grid)
        kept[active] += gain
        failures[active] += nfail
        start[active] = end
        active = active[end < horizon]
    return McResult(n_gpus, design, mc, kept * (1.0 - design.c) / horizon, failures)


def failure_times(rng: np.random.Generator, runs: int, horizon: float, m: float,
                  mc: MonteCarloParams) -> tuple[np.ndarray, np.ndarray]:
    """Every run's failures before the horizon, in absolute minutes (rows sorted, padded with inf,
    one inf column at least), and whether each starts a burst. Failure events are Poisson at rate
    ``1 / (m * mc.failures_per_event)``; an event is a burst with probability ``mc.burst_prob``, its
    ``burst_size - 1`` further failures following at exponential gaps of mean ``burst_gap_s``."""
    counts = rng.poisson(horizon / (m * mc.failures_per_event), runs)
    k = int(counts.max(initial=0))
    starts = np.sort(np.where(np.arange(k) < counts[:, None], rng.uniform(0.0, horizon, (runs, k)), np.inf), axis=1)
    first = (rng.random((runs, k)) < mc.burst_prob) & np.isfinite(starts)
    extra = mc.burst_size - 1
    rows, cols = np.nonzero(first)  # row-major: each row's bursts together
    if extra and rows.size:
        gaps = (rng.exponential(mc.burst_gap_s / 60.0, (rows.size, extra)) if mc.burst_gap_s > 0
                else np.zeros((rows.size, extra)))
        member_t = starts[rows, cols][:, None] + np.cumsum(gaps, axis=1)
        per_row = first.sum(axis=1)
        slot = np.arange(rows.size) - np.repeat(np.cumsum(per_row) - per_row, per_row)
        members = np.full((runs, int(per_row.max()) * extra), np.inf)
        members[rows[:, None], slot[:, None] * extra + np.arange(extra)] = member_t
        starts = np.concatenate([starts, members], axis=1)
        first = np.concatenate([first, np.zeros(members.shape, dtype=bool)], axis=1)
    order = np.argsort(starts, axis=1, kind="stable")  # a burst's first failure before its members at gap 0
    t = np.take_along_axis(starts, order, axis=1)
    t[t >= horizon] = np.inf
    pad = np.full((runs, 1), np.inf)
    return np.concatenate([t, pad], axis=1), np.concatenate([np.take_along_axis(first, order, axis=1),
                                                             np.zeros((runs, 1), dtype=bool)], axis=1)


def simulate_bursts(n_gpus: int, design: Design, mc: MonteCarloParams, rng: np.random.Generator,
                    m_min: float | None = None) -> McResult:
    """The Monte Carlo on absolute failure times (:func:`failure_times`), vectorised over runs and
    stepped one cycle at a time: what correlated failures need, as a burst's further failures
    outlive the cycle its first one ends. A cycle resumes at s, runs to the next failure f (up-time
    f - s, kept as :func:`_kept_uptime` says), then recovers for R (``burst_r_factor`` R after a
    burst's first failure); failures during the recovery are absorbed, or each restarts it with a
    fresh draw (``recovery_failures``). With Poisson failures this is the model of :func:`simulate`
    (the failure clock needs no restart at a resume), which the tests check; it also returns the
    up-time lost and every failure counted."""
    m = mtbf_min(n_gpus) if m_min is None else m_min
    horizon = mc.horizon_days * 1440.0
    r_mean, r_sd = design.r_mean_s / 60.0, design.r_sd_s / 60.0
    runs = mc.runs
    t, first = failure_times(rng, runs, horizon, m, mc)
    kept, lost = np.zeros(runs), np.zeros(runs)
    interruptions = np.zeros(runs, dtype=np.int64)
    ptr = np.zeros(runs, dtype=np.int64)  # each run's next failure
    s = np.zeros(runs)  # each run's last resume
    active = np.arange(runs)
    while active.size:
        f = t[active, ptr[active]]
        done = np.isinf(f)  # no failure before the horizon: up to the end
        kept[active[done]] += horizon - s[active[done]]
        a, f = active[~done], f[~done]
        u = f - s[a]
        k = _kept_uptime(s[a], u, design.tau_min, mc.checkpoint_grid)
        kept[a] += k
        lost[a] += u - k
        interruptions[a] += 1
        factor = np.where(first[a, ptr[a]], mc.burst_r_factor, 1.0)
        end = f + _recovery_draws(rng, r_mean, r_sd, a.size) * factor
        ptr[a] += 1
        while True:  # failures before the recovery ends: absorbed, or each restarts it
            nxt = t[a, ptr[a]]
            hit = nxt < end
            if not hit.any():
                break
            ptr[a[hit]] += 1
            if mc.recovery_failures == "restart":
                end[hit] = nxt[hit] + _recovery_draws(rng, r_mean, r_sd, int(hit.sum())) * factor[hit]
        s[a] = end
        active = a[end < horizon]
    return McResult(n_gpus, design, mc, kept * (1.0 - design.c) / horizon, interruptions, lost,
                    np.isfinite(t).sum(axis=1))


def config_rng(seed: int, *tags: int) -> np.random.Generator:
    """Independent stream per configuration, reproducible whatever order configurations run in."""
    return np.random.default_rng([seed, *tags])
