"""Issue 16's simulator part: drains on precursor signals, defragmentation and
checkpoint-before-preempt measured, and `phalanx-sim lifecycle` writing tables and plots."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from phalanx_ref.audit import audit_allocator, audit_placements
from phalanx_ref.hdfb import Planner
from phalanx_ref.sim.cli import main
from phalanx_ref.sim.lifecycle import (
    PREEMPT_POLICIES,
    Cluster,
    cluster_run,
    elastic_templates,
    preemption_table,
    simulate_drain,
)
from phalanx_ref.sim.montecarlo import config_rng
from phalanx_ref.sim.params import N_131K, PHALANX
from phalanx_ref.topology import hgx_a100


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
    assert r.lost_killed and len(r.lost_killed) == len(r.lost_sealed) == len(r.preemptions)
    assert sum(r.lost_sealed) < sum(r.lost_killed)
    assert not any(r.shrank)  # no gang is elastic: every victim is suspended


def _preempt_one(elastic: bool) -> tuple[Cluster, str]:
    """16 GPUs held whole by a low-priority gang (100 min of work on 16 GPUs) started at minute 0;
    at minute 15 a high-priority 8-GPU gang arrives and must preempt it. Periodic checkpoints every
    10 min, a 0.5 min seal. Returns the cluster after minute 15 and the victim's name."""
    c = Cluster(hgx_a100(2, 1, 1), seed=0, defrag=False, large=256, tau_min=10.0, seal_min=0.5)
    victim = c.arrive(0.0, elastic_templates(16, elastic), duration=100.0)
    c.step(0.0)
    c.arrive(15.0, elastic_templates(8, False), priority=1, duration=1000.0)
    c.step(15.0)
    return c, victim.job.name


def test_a_preempted_elastic_victim_shrinks_by_its_own_commit_and_keeps_running() -> None:
    c, name = _preempt_one(elastic=True)
    (pre,) = c.out.preemptions
    assert pre.victim == name and pre.placement is not None and pre.placement.template_index == 1
    # the planner holds the shrunk placement as the victim's committed one, beside the preemptor's
    assert c.planner.placements[name] is pre.placement
    assert not audit_allocator(c.planner) + audit_placements(c.planner)
    held = [p.leaves for p in c.planner.placements.values()]
    assert len(held) == 2 and not held[0] & held[1] and sum(map(len, held)) == 16
    # it was not requeued: it runs on 8 GPUs, and the preemptor runs too
    assert not c.queue and set(c.running) == set(c.planner.placements) and c.running[name].gpus == 8
    assert c.out.shrank == [True]
    # lost: 5 min since the checkpoint at minute 10 (killed) or the 0.5 min seal, on 16 GPUs
    assert c.out.lost_killed == [16 * 5.0] and c.out.lost_sealed == [16 * 0.5]
    # 10 min of work kept (the checkpoint), 90 left at half the GPUs: 180 min from minute 15
    for now in range(16, 195):
        c.step(float(now))
    assert name in c.running
    c.step(195.0)
    assert name not in c.running and name not in c.planner.placements


def test_a_preempted_rigid_victim_is_suspended_and_requeued() -> None:
    c, name = _preempt_one(elastic=False)
    (pre,) = c.out.preemptions
    assert pre.victim == name and pre.placement is None
    assert name not in c.planner.placements and [g.job.name for g in c.queue] == [name]
    assert c.out.shrank == [False] and c.out.lost_sealed == [16 * 0.5]
    assert not audit_allocator(c.planner) + audit_placements(c.planner)


def test_elastic_victims_shrink_in_the_cluster_run_and_the_table_counts_them() -> None:
    def audit(planner: Planner) -> None:
        assert not audit_allocator(planner) + audit_placements(planner)

    cluster_run(0, False, 1440, priority_rate=0.02, hourly=audit, elastic=1.0)  # the table's run, audited
    t, tr = preemption_table(minutes=1440, elastic=1.0)
    rows = {(row[0], row[1]): row[2:] for row in t.rows}
    n_shrank = sum(tr.shrank)
    assert 0 < n_shrank < len(tr.shrank)
    for policy, lost in zip(PREEMPT_POLICIES, (tr.lost_killed, tr.lost_sealed), strict=True):
        assert [rows[policy, o][0] for o in ("shrank", "suspended", "all")] == [
            n_shrank, len(lost) - n_shrank, len(lost)]
        by = {o: sum(x for x, s in zip(lost, tr.shrank, strict=True) if s == (o == "shrank"))
              for o in ("shrank", "suspended")}
        assert [rows[policy, o][2] for o in ("shrank", "suspended", "all")] == pytest.approx(
            [by["shrank"], by["suspended"], sum(lost)])


def test_phalanx_sim_lifecycle_writes_tables_and_plots(tmp_path) -> None:
    out = CliRunner().invoke(main, ["lifecycle", str(tmp_path), "--runs", "3", "--hours", "6"])
    assert out.exit_code == 0, out.output
    for name in ("lifecycle_drain", "lifecycle_defrag", "lifecycle_preemption"):
        assert (tmp_path / f"{name}.png").stat().st_size > 0
        table = json.loads((tmp_path / f"{name}.json").read_text())
        assert table["rows"] and (tmp_path / f"{name}.md").exists()
    assert CliRunner().invoke(main, ["lifecycle", str(tmp_path), "--runs", "1"]).exit_code == 2
