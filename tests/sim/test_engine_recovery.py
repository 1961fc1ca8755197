"""§8.3 recovery through the RRP engine (EngineRecovery) on a small testbed: it repairs exactly as
the planner alone does, and a recovery that goes wrong (an engine mutant, a store that loses a
write) is caught rather than reported."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest

from phalanx_ref.hdfb import Job, Planner, TopologyPolicy
from phalanx_ref.sim.bench_planner import BenchResult, compare_recovery, inject_failures
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.recovery import EngineRecovery, PlannerRecovery, RecoveryDiverged
from phalanx_ref.sim.scale import build_testbed, run_scale
from phalanx_ref.store.base import Compare, Op, Put, TxnResult
from phalanx_ref.store.memory import MemoryStore

TB = replace(TestbedParams(pods=2), max_gangs=30)


def test_engine_recovery_repairs_like_the_planner() -> None:
    runs = {name: run_scale(TB, seed=5, failures=150, quality_events=0, recovery=rec)
            for name, rec in (("planner", PlannerRecovery), ("engine", EngineRecovery))}
    p, e = runs["planner"], runs["engine"]
    for key in ("ranks_migrated", "outcomes", "level_preserved_pct", "replan_samples_with_gc"):
        assert p.figures[key] == e.figures[key], key
    assert p.by_size == e.by_size
    f = e.figures
    assert f["recovery"] == "engine" and f["engine_recoveries"] == 180  # 150 + the GC-off 15 + the call-floor 15
    assert f["engine_steps"] == "Detect 180, Plan 180, Commit 180, Restore 180, Seal 180"
    assert f["engine_guard_failures"] == 0 and f["engine_txns_per_recovery"] == 5.0
    assert f["engine_revisions_per_recovery"] == "13x180"  # 8 lease revokes + 5 engine transactions
    assert f["engine_audited_alloc_records"] > 0


def _filled(seed: int = 1) -> tuple[Planner, random.Random]:
    topo = build_testbed(TB)
    planner = Planner(topo, TopologyPolicy(spare_level=4, spare_count=1, spare_order=3))
    rng = random.Random(seed)
    for i in range(12):
        g = rng.choice((64, 128, 256))
        p = planner.place(Job(f"g{i}", TB.templates_for(g)))
        if p is not None:
            planner.commit(p)
    return planner, rng


def test_an_engine_mutant_is_caught() -> None:
    planner, rng = _filled()
    rec = EngineRecovery(planner, mutant="epoch_no_increment")  # Commit keeps the epoch: no seal below it
    with pytest.raises(RecoveryDiverged, match="expected the engine's Restore"):
        inject_failures(planner, rng, 5, BenchResult(), rec)


class LossyStore(MemoryStore):
    """Drops the first alloc put of every Commit (a store bug the engine cannot see)."""

    def txn(self, compares: Sequence[Compare], success: Sequence[Op], failure: Sequence[Op] = ()) -> TxnResult:
        if any(isinstance(op, Put) and '"action":"Commit"' in op.value for op in success):
            drop = next((op for op in success if isinstance(op, Put) and "/alloc/" in op.key), None)
            success = [op for op in success if op is not drop]
        return super().txn(compares, success, failure)


def test_a_store_that_loses_a_claim_is_caught() -> None:
    planner, rng = _filled()
    rec = EngineRecovery(planner, store=LossyStore(0))
    with pytest.raises(RecoveryDiverged, match="holds"):
        inject_failures(planner, rng, 5, BenchResult(), rec)


def test_quality_events_are_drawn_per_gang() -> None:
    """Table 5's events: each eligible gang about equally often ("gang"), not in proportion to
    its size ("leaf")."""
    planner, _ = _filled()
    share: dict[str, float] = {}
    for sampling in ("gang", "leaf"):
        res = BenchResult()
        compare_recovery(planner, random.Random(0), 300, res, sampling=sampling)
        by = Counter(res.samples["quality_gang_size"])
        gangs = Counter(p.gang_size for p in planner.placements.values() if p.gang_size >= 64)
        share[sampling] = by[256] / sum(by.values())
        expected = {"gang": gangs[256] / sum(gangs.values()),
                    "leaf": 256 * gangs[256] / sum(g * n for g, n in gangs.items())}[sampling]
        assert share[sampling] == pytest.approx(expected, abs=0.08), sampling
    assert share["leaf"] > share["gang"]


@pytest.mark.parametrize("state", ["filled", "after_failures"])
def test_quality_events_run_on_the_chosen_state(monkeypatch, state: str) -> None:
    """quality_state: Table 5 on the filled allocation (before any §8.3 failure) or on the one
    the §8.3 repairs left."""
    import phalanx_ref.sim.bench_planner as bench

    seen: list[int] = []
    real = bench.compare_recovery

    def spy(planner: Planner, rng: random.Random, events: int, res: BenchResult, *args: object) -> None:
        seen.append(len(res.samples.get("replan_ns", [])))  # failures repaired so far
        real(planner, rng, events, res, *args)

    monkeypatch.setattr(bench, "compare_recovery", spy)
    res = run_scale(replace(TB, quality_state=state), seed=1, failures=50, quality_events=20,
                    recovery=PlannerRecovery)
    assert seen == ([0] if state == "filled" else [50])
    assert res.figures["quality_state"] == state and res.figures["quality_events"] == 20


def test_unknown_quality_state_is_refused() -> None:
    with pytest.raises(ValueError, match="quality_state"):
        replace(TB, quality_state="fresh")
