"""The interval formulas of the uncertainty table on cases with known answers."""

from __future__ import annotations

import pytest

from phalanx_ref.sim.bench_planner import BenchResult
from phalanx_ref.sim.uncertainty import bootstrap, mean_ci, t975, uncertainty_table, wilson


def test_wilson_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(40.38, abs=0.01) and hi == pytest.approx(59.62, abs=0.01)
    lo, hi = wilson(0, 20)  # no successes: the interval still has width, unlike the normal one
    assert lo == pytest.approx(0.0, abs=1e-9) and hi == pytest.approx(16.11, abs=0.01)


def test_mean_ci_uses_student_t() -> None:
    m, half = mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])
    assert m == 3.0 and half == pytest.approx(2.776 * 1.5811 / 5 ** 0.5, rel=1e-3)
    assert t975(4) == 2.776 and t975(100) == pytest.approx(1.96, abs=1e-3)
    assert mean_ci([7.0]) == (7.0, None)


def test_bootstrap_brackets_the_median() -> None:
    xs = list(range(1, 1001))
    lo, hi = bootstrap(xs, 0.5)
    assert lo < 501 < hi and hi - lo < 120
    assert bootstrap([2.0] * 50, 0.95) == (2.0, 2.0)


def test_uncertainty_table_across_seeds() -> None:
    def seed(level: float, k: int) -> BenchResult:
        return BenchResult(figures={"level_preserved_pct": level}, by_size={64: (100, k)})

    t = uncertainty_table({0: seed(60.0, 60), 1: seed(70.0, 70), 2: seed(80.0, 80)})
    row = t.rows[0]
    assert row[0] == "level_preserved_pct" and row[1] == 60.0
    assert row[2:4] == list(wilson(60, 100))  # within seed 0
    assert row[4] == 70.0 and row[5] == pytest.approx(4.303 * 10 / 3 ** 0.5, rel=1e-3)
    assert row[6:10] == [60.0, 80.0, 3, 62.2]
    assert len(t.rows) == 1  # figures the seeds did not produce are left out


def test_a_figure_only_some_seeds_have_is_summarised_over_those() -> None:
    """Only the first seed keeps prepared repairs: its lookup median is not averaged with nothing."""
    first = BenchResult(figures={"replan_median_us": 3.0, "replan_search_median_us": 150.0},
                        samples={"replan_ns": [3000.0] * 10, "replan_search_ns": [150e3] * 10})
    other = BenchResult(figures={"replan_search_median_us": 170.0})
    rows = {r[0]: r for r in uncertainty_table({0: first, 1: other}).rows}
    assert rows["replan_median_us"][4:9] == [3.0, None, 3.0, 3.0, 1]
    assert rows["replan_search_median_us"][4] == 160.0 and rows["replan_search_median_us"][8] == 2
