"""Goodput = ETTR x mean step speed on the repaired placements, on hand-computed cases."""

from __future__ import annotations

import numpy as np
import pytest

from phalanx_ref.sim.bench_planner import BenchResult
from phalanx_ref.sim.goodput import goodput_table, step_factors
from phalanx_ref.sim.montecarlo import McResult
from phalanx_ref.sim.params import AGGRESSIVE_REMOTE, N_131K, PHALANX, MonteCarloParams


def mc(design, ettr: float) -> McResult:
    return McResult(N_131K, design, MonteCarloParams(runs=2), np.array([ettr, ettr]), np.array([1, 1]))


def test_goodput_scales_ettr_by_the_mean_step_speed() -> None:
    res = BenchResult(samples={"hdfb_inflation": [1.0, 1.0, 3.0], "blind_inflation": [9.0, 9.0, 9.0]})
    t = goodput_table(res, mc(PHALANX, 0.9), mc(AGGRESSIVE_REMOTE, 0.45), comm_fraction=0.3)
    rows = {r[0].split(",")[0]: r for r in t.rows}
    hdfb, blind = rows["Phalanx Replan (HDF-B)"], rows["topology-blind"]
    assert hdfb[4] == pytest.approx((1 + 1 + 1 / 1.6) / 3)  # factor 0.7 + 0.3 * 3 = 1.6 on one event
    assert hdfb[5] == pytest.approx(0.9 * hdfb[4]) and hdfb[6] == 1.0
    assert blind[2] == pytest.approx(3.4) and blind[5] == pytest.approx(0.9 / 3.4)
    assert rows["restart baseline (Aggressive remote: fresh placement)"][5] == 0.45
    assert len(t.rows) == 3  # methods without samples are left out


def test_no_exposed_communication_means_no_slowdown() -> None:
    assert list(step_factors([1.0, 9.0], 0.0)) == [1.0, 1.0]
    assert list(step_factors([1.0, 9.0], 1.0)) == [1.0, 9.0]
