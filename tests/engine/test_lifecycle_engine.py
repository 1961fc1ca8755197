"""The lifecycle engine against spec/RRPLifecycle.tla: its traces (memory store and real etcd)
replay with zero divergences and cover every action of the lifecycle's Next, each engine mutant
is caught by replay at the step it breaks in a workload that reaches it, and the scheduler's
guards fail on a stale decision. (Two defragmentations racing for one block, and the other
directed races, are test_lifecycle_scenarios.py's.)

The replay model is the spec's own cfg, RefinesRRP included: an action property is decided with
the step's logged witnesses (trace/replay_props.py), so RRP's Plan inside it (``\\E P \\in SUBSET
Leaf``) is not enumerated at the 32 leaves of these runs.
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

from phalanx_ref.lifecycle_mutants import MUTANTS
from phalanx_ref.lifecycle_trace import record_lifecycle
from phalanx_ref.lifecycle_workload import LifecycleConfig, LifecycleWorkload
from phalanx_ref.rrp_records import Keys
from phalanx_ref.store.memory import MemoryStore
from phalanx_verify.trace.replay import ModelCache, Replayer, ReplayResult

ROOT = Path(__file__).resolve().parents[2]
_runs = itertools.count()


@pytest.fixture(scope="module")
def lifecycle_cache() -> ModelCache:
    return ModelCache(ROOT / "spec" / "RRPLifecycle.tla")


def replay(cache: ModelCache, path: Path) -> ReplayResult:
    return Replayer(cache).replay(path)


def test_lifecycle_traces_replay_and_cover_every_action(lifecycle_cache: ModelCache, tmp_path: Path) -> None:
    seen: Counter[str] = Counter()
    next_actions: set[str] = set()
    for seed in range(10):
        path = tmp_path / f"life{seed}.ndjson"
        record_lifecycle(MemoryStore(seed), path, seed)
        res = replay(lifecycle_cache, path)
        assert res.steps > 20 and not res.divergences, res.divergences[0].line_text()
        assert not res.stutters
        seen.update(res.actions)
        next_actions.update(res.next_actions)
    assert next_actions and not next_actions - set(seen), f"never seen: {sorted(next_actions - set(seen))}"


@pytest.mark.etcd
def test_lifecycle_on_etcd_replays(lifecycle_cache: ModelCache, etcd_store, tmp_path: Path) -> None:
    for seed in (1, 2):
        path = tmp_path / f"etcd{seed}.ndjson"
        run = record_lifecycle(etcd_store, path, seed, keys=Keys(f"life{next(_runs)}/"))
        res = replay(lifecycle_cache, path)
        assert res.steps > 20 and not res.divergences, res.divergences[0].line_text()
        assert run.actions["Preempt"] + run.actions["Drain"] > 0


# mutant -> (workload config that exercises its step, seeds to try, the action of the divergent step)
MUTANT_RUNS: dict[str, tuple[LifecycleConfig, range, str]] = {
    "drain-moves-workers": (LifecycleConfig(), range(3), "Drain"),
    "resize-keeps-epoch": (LifecycleConfig(), range(12), "Commit"),
    "preempt-no-seal": (LifecycleConfig(gangs=2, seal_rate=0.03, schedule_mix=(1, 0, 0), max_fail=3,
                                        health_rate=0.1), range(10, 16), "Preempt"),
    "grow-onto-suspect": (LifecycleConfig(schedule_mix=(1, 0, 3), held_bias=0.0, max_events=20,
                                          schedule_rate=0.25), range(12), "Plan"),
}


@pytest.mark.parametrize("name", sorted(MUTANT_RUNS))
def test_engine_mutant_is_caught_at_its_step(name: str, lifecycle_cache: ModelCache, tmp_path: Path) -> None:
    cfg, seeds, action = MUTANT_RUNS[name]
    for seed in seeds:
        path = tmp_path / f"{name}{seed}.ndjson"
        record_lifecycle(MemoryStore(seed), path, seed, cfg, MUTANTS[name])
        res = replay(lifecycle_cache, path)
        if res.divergences:
            assert res.divergences[0].action.startswith(action), res.divergences[0].line_text()
            ok = tmp_path / f"ok{seed}.ndjson"
            record_lifecycle(MemoryStore(seed), ok, seed, cfg)
            assert not replay(lifecycle_cache, ok).divergences  # the correct engine, same seed
            return
    pytest.fail(f"engine mutant {name} survived seeds {seeds.start}..{seeds.stop - 1}")


def test_stale_scheduler_decisions_fail_their_guards() -> None:
    """Each trigger's guard is its spec condition in the transaction: a decision read before the
    store moved writes nothing."""
    store = MemoryStore(0)
    w = LifecycleWorkload(store, LifecycleConfig(), 0)
    eng = w.engine
    view = eng.view()
    assert eng.waiting(view, "g1") and not eng.spare(view)
    assert eng.resize("j1", 4) == "Resize"  # j1 leaves Run: a preemption of j1 read before is stale
    assert eng._trigger(view, "j1", "Preempt", "preempt", 0, [], gang="g1") is None
    assert eng.reconcile("j1") == "Plan" and eng.reconcile("j1") == "Commit"  # 4 leaves freed
    # a preemption decided while nothing was free fails: j2's guard names a now-free leaf
    guard = [eng._not_spare(view, x) for x in eng.leaves]
    assert eng._trigger(eng.view(), "j2", "Preempt", "preempt", 0, guard, gang="g1") is None
    assert eng.preempt("j2", "g1") is None  # and the engine, reading afresh, does not preempt
    free = eng.spare(eng.view())
    assert free and eng.mark_suspect(free[0]) and not eng.mark_suspect(free[0])  # once
    assert eng.heal(free[0]) and not eng.heal(free[0])


def test_a_preemption_only_shrinks_its_victim() -> None:
    """Preempt(j, h, n) needs n below the victim's template (spec: n < target[j]); the victim's
    own Plan then takes n leaves and keeps the gang's room free."""
    w = LifecycleWorkload(MemoryStore(0), LifecycleConfig(), 0)
    eng = w.engine
    mine = eng.view().leaves_of("j1")
    assert len(mine) == 8 and eng.tpl_of(eng.view(), "j1")[1] == 8
    assert eng.preempt("j1", "g1", 8) is None and eng.preempt("j1", "g1", -1) is None
    assert eng.preempt("j1", "g1", 4, mine[:4]) == "Preempt"
    assert eng.tpl_of(eng.view(), "j1") == ("preempt", 4, mine[:4])
    assert eng.reconcile("j1") == "Plan" and eng.reconcile("j1") == "Commit"
    assert eng.view().leaves_of("j1") == mine[4:]
