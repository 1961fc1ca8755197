"""Issue 16's simulator part: drains on precursor signals, defragmentation and
checkpoint-before-preempt measured, and `phalanx-sim lifecycle` writing tables and plots."""

from __future__ import annotations

import json

import numpy as np
from click.testing import CliRunner

from phalanx_ref.audit import audit_allocator, audit_placements
from phalanx_ref.hdfb import Planner
from phalanx_ref.sim.cli import main
from phalanx_ref.sim.lifecycle import cluster_run, simulate_drain
from phalanx_ref.sim.montecarlo import config_rng
from phalanx_ref.sim.params import N_131K, PHALANX


def test_drains_cut_lost_work_and_raise_ettr() -> None:
    reactive = simulate_drain(N_131K, 0.0, 20, 10.0, config_rng(1, 0))
    drained = simulate_drain(N_131K, 0.8, 20, 10.0, config_rng(1, 80))
    everything = simulate_drain(N_131K, 1.0, 5, 10.0, config_rng(1, 100))
    assert everything.lost_min == 0.0  # every failure drained: nothing rolled back
    # reactive-only: a failure loses about half a checkpoint interval (the resume grid)
    assert abs(reactive.lost_min - PHALANX.tau_min / 2) < 0.1
    assert drained.lost_min < 0.3 * reactive.lost_min
    assert drained.ettr.mean() > reactive.ettr.mean() + 5 * (drained.ci95 + reactive.ci95)


def test_defragmentation_moves_jobs_keeps_the_planner_consistent_and_shortens_waits() -> None:
    def audit(planner: Planner) -> None:
        assert not audit_allocator(planner) + audit_placements(planner)

    with_ = cluster_run(0, True, 1440, hourly=audit)
    without = cluster_run(0, False, 1440)
    assert with_.moves > 0 and without.moves == 0
    assert np.median(with_.waits) <= np.median(without.waits)


def test_checkpoint_before_preempt_loses_less_than_killing() -> None:
    r = cluster_run(0, False, 1440, priority_rate=0.02)
    assert r.lost_killed and len(r.lost_killed) == len(r.lost_sealed)
    assert sum(r.lost_sealed) < sum(r.lost_killed)


def test_phalanx_sim_lifecycle_writes_tables_and_plots(tmp_path) -> None:
    out = CliRunner().invoke(main, ["lifecycle", str(tmp_path), "--runs", "3", "--hours", "6"])
    assert out.exit_code == 0, out.output
    for name in ("lifecycle_drain", "lifecycle_defrag", "lifecycle_preemption"):
        assert (tmp_path / f"{name}.png").stat().st_size > 0
        table = json.loads((tmp_path / f"{name}.json").read_text())
        assert table["rows"] and (tmp_path / f"{name}.md").exists()
    assert CliRunner().invoke(main, ["lifecycle", str(tmp_path), "--runs", "1"]).exit_code == 2
