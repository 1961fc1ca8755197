"""The measuring instruments the §8.3/Table 5 report relies on: the preparation clock and the
fair GangNavigator baseline, each on a hand-built state where the answer is known."""

from __future__ import annotations

import time

import pytest

from phalanx_ref.baselines.navigator import GangNavigator
from phalanx_ref.hdfb import Job, Planner
from phalanx_ref.sim.bench_planner import _planner
from phalanx_ref.sim.fair_navigator import FairNavigator
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.prepclock import PREPARATION_METHODS, PreparationClock
from phalanx_ref.sim.scale import build_testbed

TB = TestbedParams(nodes_per_rail_group=4, rail_groups_per_pod=2, pods=2)  # 128 GPUs, spare node per pod


@pytest.fixture
def full() -> Planner:
    """Every non-spare GPU held: j0 (4 nodes, rail group 0 of pod 0) ... j5; spares at 56 and 120."""
    pl = _planner(build_testbed(TB), TB)
    for i, g in enumerate([4, 4, 2, 1, 2, 1]):
        p = pl.place(Job(f"j{i}", [(8, 1, g)]))
        assert p is not None
        pl.commit(p)
    assert all(pl.alloc.owner(x) is not None for x in range(TB.leaves))
    return pl


def test_fair_navigator_repairs_onto_the_spare_that_seed_003_cannot_see(full: Planner) -> None:
    cur = full.placements["j0"]
    ranks = tuple(range(8))  # the TP group on node 0 (leaves 0-7)
    assert GangNavigator(full).place(1, 8) is None  # free capacity only: nothing
    got = FairNavigator(full).repair(cur.rank_leaf, ranks, 8, failed_leaf=0)
    assert got is not None
    rank_leaf, score = got
    assert rank_leaf[:8] == tuple(range(56, 64))  # pod 0's spare node, same rails
    assert rank_leaf[8:] == cur.rank_leaf[8:]
    assert score == 200.0  # the whole gang now spans pod 0 (tier 4), one node
    q = full.replan("j0", range(0, 8))
    assert q is not None and q.rank_leaf == rank_leaf  # what HDF-B decides on this state


def test_fair_navigator_without_room_returns_none(full: Planner) -> None:
    for v in range(len(full.spares_under)):  # the fair navigator's spares hidden: seed 003's view
        full.spares_under[v] = {}
    assert FairNavigator(full).repair(full.placements["j0"].rank_leaf, tuple(range(8)), 8, 0) is None


def test_preparation_clock_counts_the_commit_share_once() -> None:
    pl = _planner(build_testbed(TB), TB)
    clock = PreparationClock(pl)
    p = pl.place(Job("a", [(8, 1, 4)]))
    t0 = time.perf_counter_ns()
    pl.commit(p)
    total = time.perf_counter_ns() - t0
    assert clock.prepared >= 4  # one repair per node block of the new gang
    assert 0 < clock.ns <= total  # nested calls (_refresh -> _invalidate) are not counted twice
    ns, prepared = clock.ns, clock.prepared
    pl.replan("a", range(0, 8))  # the prepared lookup prepares nothing
    assert clock.prepared == prepared
    clock.close()
    assert not set(PREPARATION_METHODS) & set(vars(pl))
    pl.heal([])
    assert clock.ns == ns  # unwrapped: nothing counted any more


def test_fill_stops_when_no_gang_size_fits_the_room_left() -> None:
    from phalanx_ref.sim.scale import run_quality

    # 128 GPUs, 90.4% = 115.7: after 96 GPUs no gang of 32+ fits; the fill used to redraw forever
    res = run_quality(TB, seed=0, events=5)
    assert res.figures["utilization"] <= 0.904 * 1.01 and res.figures["gangs"] >= 1


def test_scale_trend_rows_from_quality_runs() -> None:
    from phalanx_ref.sim.scale import run_quality, trend_table

    small, larger = run_quality(TB, 0, 20), run_quality(TestbedParams(pods=2), 0, 20)
    t = trend_table({4: larger, 1: small})
    assert [r[:2] for r in t.rows] == [[1, 128], [4, 4096]]  # sorted by size, GPUs from each run
    assert t.rows[1][3] == larger.figures["hdfb_inflation_median"]
