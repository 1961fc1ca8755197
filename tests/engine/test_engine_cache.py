"""The engine deciding on a PlannerCache (the informer the §8.3 simulation runs on) against the
reference engine that rebuilds its planner from a full snapshot every step: same decisions, and a
cache that is behind the store is caught by the transaction guards, never written through."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from phalanx_ref.engine import Engine, View, rebuild_planner
from phalanx_ref.engine_cache import CacheDiverged
from phalanx_ref.hdfb import Placement
from phalanx_ref.rrp_records import encode, leaf_index, worker_of
from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.workload import Workload, WorkloadConfig

Replan = Callable[[View, str], Placement | None]
CONFIGS = (WorkloadConfig(), WorkloadConfig(jobs=3, max_fail=10, burst=0.8))


def history(seed: int, cfg: WorkloadConfig, cached: bool) -> tuple[list[tuple[str, str, str, int]], int]:
    """Every event of a seeded run, and how often the cache had to rebuild its planner."""
    store = MemoryStore(seed)
    w = Workload(store, cfg, seed, cached=cached)
    run = w.run()
    events = [(e.kind, e.kv.key, e.kv.value, e.revision) for e in store.history("rrp/", 1, run.end_revision)]
    return events, 0 if w.engine.cache is None else w.engine.cache.rebuilds


def test_cached_engine_writes_the_reference_history() -> None:
    """Same seed, same schedule: every transaction (and so every trace step) is the same,
    including runs where a planned leaf died before the Commit (the cache rebuilds its planner)."""
    rebuilds = 0
    for cfg in CONFIGS:
        for seed in range(12):
            cached, n = history(seed, cfg, cached=True)
            assert cached == history(seed, cfg, cached=False)[0], (seed, cfg)
            rebuilds += n
    assert rebuilds > 0


def _signature(p: Placement, held: frozenset[int]) -> tuple[object, ...]:
    """A decision up to the choice among equally good free blocks: the planner's pick among free
    blocks of one order iterates a set, so a long-lived planner and a rebuilt one may break that
    tie differently (buddy.BuddyAllocator.pick)."""
    return p.kind, p.template_index, p.repair_level, len(p.leaves), p.leaves & held


def test_every_cached_decision_is_the_reference_decision() -> None:
    """Across more seeds, each Plan decision of the cached engine against the planner rebuilt from
    the same records; most are identical, the rest differ only in a tie."""
    same = total = 0
    for seed in range(12, 40):
        for cfg in CONFIGS:
            w = Workload(MemoryStore(seed), cfg, seed, cached=True)
            eng = w.engine
            decide = eng.replan

            def checked(view: View, job: str, eng: Engine = eng, decide: Replan = decide) -> Placement | None:
                nonlocal same, total
                got = decide(view, job)
                ref_planner = rebuild_planner(view, eng.keys, eng.topo, eng.jobs, eng.leaves)
                failed = [leaf_index(x) for x in view.dead(job)]
                ref = ref_planner.replan(job, failed) if job in ref_planner.placements else \
                    ref_planner.place(eng.jobs[job])
                held = frozenset(leaf_index(x) for x in view.leaves_of(job))
                assert (got is None) == (ref is None)
                if got is not None:
                    assert _signature(got, held) == _signature(ref, held)
                    same += got.leaves == ref.leaves
                    total += 1
                return got

            eng.replan = checked
            w.run()
    assert total > 100 and same >= total - 5


def _in_plan(seed: int = 0) -> tuple[Workload, str, list[str]]:
    """A cached workload whose job j1 has lost a worker and been detected; returns the leaves the
    cache's planner would give it."""
    w = Workload(MemoryStore(seed), WorkloadConfig(), seed, cached=True)
    eng = w.engine
    victim = eng.view().leaves_of("j1")[0]
    w.store.lease_revoke(w.leases.pop(worker_of(victim)))
    assert eng.reconcile("j1") == "Detect"
    view = eng.view()
    plan = eng.replan(view, "j1")
    assert plan is not None
    return w, victim, [eng.leaves[x] for x in sorted(plan.leaves)]


def test_stale_cache_plan_is_refused_by_the_lease_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    w, _, plan = _in_plan()
    eng = w.engine
    target = plan[-1]
    w.store.lease_revoke(w.leases.pop(worker_of(target)))  # its worker dies behind the cache's back
    rev = w.store.revision()
    monkeypatch.setattr(eng.cache, "sync", lambda: None)  # the cache has not seen it yet
    assert eng.reconcile("j1") is None
    assert w.store.revision() == rev, "a refused guard writes nothing"
    monkeypatch.undo()
    assert eng.reconcile("j1") == "Plan"  # caught up: the dead leaf is not planned
    assert target not in eng.view().get(w.keys.plan("j1")).value.replace('"', " ").split()


def test_stale_cache_commit_is_refused_and_a_foreign_write_is_not_followed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    w, _, plan = _in_plan()
    eng = w.engine
    assert eng.reconcile("j1") == "Plan"
    w.store.put(w.keys.alloc(plan[0]), encode({"epoch": 0, "job": "j2"}))  # a write outside the protocol
    rev = w.store.revision()
    monkeypatch.setattr(eng.cache, "sync", lambda: None)
    assert eng.reconcile("j1") is None  # Commit's free-or-mine guard on the stale value fails
    assert w.store.revision() == rev
    monkeypatch.undo()
    with pytest.raises(CacheDiverged, match="outside a Commit"):
        eng.reconcile("j1")
