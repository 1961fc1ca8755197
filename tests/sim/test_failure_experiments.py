"""Correlated domain failures and spare exhaustion on the testbed: the outcome labels on states
whose answer is known, and the experiments' books balancing on small random runs."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from phalanx_ref.hdfb import Job, Planner
from phalanx_ref.sim.bench_planner import _planner
from phalanx_ref.sim.correlated import domain_failures, replan_table
from phalanx_ref.sim.exhaustion import exhaust, settings, tables
from phalanx_ref.sim.outcomes import OUTCOMES, outcome, shares
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.scale import build_testbed

TB = TestbedParams(nodes_per_rail_group=4, rail_groups_per_pod=2, pods=2)  # 16 nodes, 8 per pod


def _fail(pl: Planner, node: int) -> str:
    """Node ``node`` fails for good; its job's decision is applied; returns the outcome."""
    leaves = range(node * 8, node * 8 + 8)
    job = pl.alloc.owner(node * 8)
    cur = pl.placements[job]
    pl.mark_suspect(leaves)
    q = pl.replan(job, list(leaves))
    if q is None:
        pl.release(job)
    else:
        pl.commit(q)
    return outcome(q, cur)


def test_escalation_from_the_pod_spare_to_another_pod_to_waiting() -> None:
    pl = _planner(build_testbed(TB), TB)
    for i, g in enumerate([4, 4, 2, 1, 2, 1]):  # every GPU held but the two spare nodes (7 and 15)
        pl.commit(pl.place(Job(f"j{i}", [(8, 1, g)])))
    assert pl.placements["j0"].blocks == ((0, 5),)
    # j0 loses nodes 0, 1, 2: pod 0's spare, then pod 1's, then nothing is left and it waits
    assert [_fail(pl, n) for n in (0, 1, 2)] == ["repair: pod", "repair: another pod", "waits"]
    assert "j0" not in pl.placements


def test_template_shrink_at_full_allocation_without_spares() -> None:
    tb = replace(TB, spare_nodes_per_pod=0)
    pl = _planner(build_testbed(tb), tb)
    for i in range(4):
        pl.commit(pl.place(Job(f"j{i}", [(8, 1, 4), (8, 1, 2)])))
    # no free node: j0 is placed afresh on its own footprint with half the data-parallel ranks
    assert _fail(pl, 0) == "shrunk template"
    assert pl.placements["j0"].template == (8, 1, 2) and pl.placements["j0"].blocks == ((16, 4),)
    # the shrink freed node 1: the next failure of j0 is repaired there, inside the rail group
    assert _fail(pl, 2) == "repair: rail group"


def test_outcome_shares_follow_the_order_of_escalation() -> None:
    assert shares(Counter({"waits": 1, "repair: pod": 3})) == [0.0, 0.0, 75.0, 0.0, 0.0, 0.0, 25.0]
    assert shares(Counter()) == [None] * len(OUTCOMES)


@pytest.mark.parametrize("nodes", [1, 4])
def test_domain_failures_balance(nodes: int) -> None:
    tb = TestbedParams(nodes_per_rail_group=8, rail_groups_per_pod=4, pods=4, max_gangs=40,
                       gang_sizes=(32, 64, 128, 256), gang_weights=(4, 3, 2, 1))
    r = domain_failures(tb, 0, nodes, 30)
    assert r.events == 30 and len(r.jobs_hit) == 30
    assert sum(r.outcomes.values()) == sum(r.jobs_hit) == len(r.search_ns) == len(r.blocks)
    assert r.repaired == sum(n for o, n in r.outcomes.items() if o != "waits") == len(r.migrated)
    assert r.readmitted + r.still_waiting == r.outcomes["waits"]
    assert all(b <= nodes for b in r.blocks)
    if nodes == 1:  # §8.3's case: one block, one repair of 8 ranks, never the fallback
        assert all(o.startswith("repair") for o in r.outcomes) and set(r.migrated) == {8}
    row = replan_table({"x": r}, tb).rows[0]
    assert sum(x for x in row[5:5 + len(OUTCOMES)] if x) == pytest.approx(100.0)


def test_exhaustion_runs_only_lose_capacity() -> None:
    tb = TestbedParams(nodes_per_rail_group=8, rail_groups_per_pod=4, pods=2, max_gangs=40,
                       gang_sizes=(32, 64, 128), gang_weights=(3, 2, 1))
    assert settings(tb) == [(0, 0.904), (1, 0.904), (2, 0.904), (0, 1.0)]
    runs = [exhaust(replace(tb, spare_nodes_per_pod=s, fill_target=f), 0, 25) for s, f in settings(tb)]
    for r in runs:
        assert len(r.outcomes) == len(r.spares_left) == len(r.ranks_running) <= 25
        assert all(a >= b for a, b in zip(r.spares_left, r.spares_left[1:], strict=False))  # no heal
        assert all(a >= b for a, b in zip(r.ranks_running, r.ranks_running[1:], strict=False))
        assert r.ranks_running[0] <= r.ranks_admitted and min(r.free_gpus) >= 0
    assert runs[0].spares_left == [0] * len(runs[0].outcomes)
    assert runs[2].spares_left[0] >= 2 * tb.pods - 1  # one spare used by the first repair at most
    by, first = tables(runs, tb)
    assert len(first.rows) == 4 and {r[0] for r in by.rows} == {0, 1, 2}
