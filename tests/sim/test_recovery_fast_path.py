"""Fast-path equivalence of the §8.3 engine recoveries: the speed work on the recovery path (the
in-memory store's remembered compares, the engine's O(gang) passes as C-level maps) changes no
result. A seeded run through the RRP engine gives the same deterministic figures, samples and
store history as the plain store, and as the code before that work (digest recorded below)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

from phalanx_ref.hdfb import Planner
from phalanx_ref.sim.bench_planner import BenchResult
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.recovery import EngineRecovery
from phalanx_ref.sim.scale import run_scale
from phalanx_ref.store.memory import MemoryStore

TB = replace(TestbedParams(pods=2), max_gangs=30)
TIMED = ("_us", "_s", "_ns", "_mb", "_ms")
"""Suffixes of the figures and samples that are times or memory (they differ run to run)."""
BEFORE = "3be383930ea94683 742f5d715141cfac 15767"
"""``_digest(True)`` computed on commit b249eb1, before the recovery path's speed work."""


def _deterministic(res: BenchResult) -> dict[str, object]:
    """Everything of a run that is not a time: figures, samples, repairs by size, alternatives."""
    return {"figures": {k: v for k, v in res.figures.items() if not k.endswith(TIMED) and k not in ("python", "cpus")},
            "samples": {k: v for k, v in res.samples.items() if not k.endswith(TIMED)},
            "by_size": sorted(res.by_size.items()),
            "alternatives": {k: {a: b for a, b in v.items() if not a.endswith(TIMED)}
                             for k, v in res.alternatives.items()}}


def _digest(memo: bool) -> str:
    """A seeded engine run (Table 5 with its alternatives, 150 failures and the companion runs):
    digests of its deterministic results and of the store's whole event history, and the event count."""
    stores: list[MemoryStore] = []

    def recovery(planner: Planner) -> EngineRecovery:
        stores.append(MemoryStore(0, memo=memo))
        return EngineRecovery(planner, store=stores[-1])

    res = run_scale(TB, seed=5, failures=150, quality_events=30, recovery=recovery, alternatives=True)
    figures = hashlib.sha256(json.dumps(_deterministic(res), sort_keys=True, default=str).encode()).hexdigest()
    history = hashlib.sha256()
    for ev in stores[0]._events:
        history.update(repr((ev.kind, ev.kv, ev.revision)).encode())
    return f"{figures[:16]} {history.hexdigest()[:16]} {len(stores[0]._events)}"


def test_remembered_compares_change_no_result_and_no_store_history() -> None:
    fast = _digest(True)
    assert fast == _digest(False)
    assert fast == BEFORE, "the engine recoveries' results or store history differ from before the speed work"
