"""The further seeds' planner (no prepared repairs) decides exactly what the prepared one does, and
the cheap count of migrated ranks equals the rank maps' count."""

from __future__ import annotations

import random

from phalanx_ref.prepared import PreparedPlanner
from phalanx_ref.sim.bench_planner import BenchResult, _planner, fill, inject_failures
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.scale import build_testbed
from phalanx_ref.sim.searchonly import ranks_migrated

TB = TestbedParams(nodes_per_rail_group=8, rail_groups_per_pod=4, pods=4, max_gangs=40,
                   gang_sizes=(32, 64, 128, 256), gang_weights=(4, 3, 2, 1))


def _run(prepared: bool, seed: int) -> BenchResult:
    topo = build_testbed(TB)
    planner = _planner(topo, TB, prepared)
    assert isinstance(planner, PreparedPlanner) is prepared
    res = BenchResult()
    rng = random.Random(seed)
    fill(planner, rng, TB.fill_target, TB.max_gangs, res, TB)
    inject_failures(planner, rng, 300, res)
    return res


def test_search_only_planner_takes_the_same_decisions() -> None:
    for seed in (0, 1):
        a, b = _run(True, seed), _run(False, seed)
        for key in ("level_preserved_pct", "outcomes", "ranks_migrated", "utilization", "gangs"):
            assert a.figures[key] == b.figures[key], key
        assert a.by_size == b.by_size
        assert a.figures["replan_search_differs"] == 0
        assert "replan_median_us" not in b.figures and b.figures["replan_search_median_us"] > 0
        assert len(b.samples["replan_search_ns"]) == 300


def test_ranks_migrated_equals_the_rank_maps_count() -> None:
    planner = _planner(build_testbed(TB), TB)
    rng = random.Random(3)
    fill(planner, rng, TB.fill_target, TB.max_gangs, BenchResult(), TB)
    t, checked = planner.topo, 0
    for _ in range(200):
        leaf = rng.randrange(t.n_leaves)
        rec = planner.alloc.find_record(leaf)
        if rec is None or not isinstance(rec[2], str):
            continue
        dom = t.leaf_domain[leaf]
        failed = [x for x in range(t.lo[dom], t.hi[dom]) if planner.alloc.owner(x) == rec[2]]
        q = planner.replan(rec[2], failed)
        assert q is not None
        assert ranks_migrated(q) == len(q.migrated)
        planner.commit(q)
        planner.heal(failed)
        checked += 1
    assert checked > 100
