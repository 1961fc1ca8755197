"""Directed lifecycle runs: the interleavings where a trigger's guard decides, scripted.

The seeded workload (lifecycle_workload.py) drives every action of the lifecycle's Next, but two
races it reaches only by luck (measured in tests/engine/test_lifecycle_scenarios.py's docstring):

- checkpoint-before-preempt matters only when the victim's current epoch is not sealed yet. The
  spec's Preempt needs ``Spare = {}``, which a random run has mostly at Init, where every epoch
  is 0 and sealed by Init; a preemption of a job that has reformed since is rare (and one that
  shrinks the victim needs a gang smaller than the victim, which the default workload has not);
- a defragmentation's CommitGuard fails only when another reformation commits a leaf of its plan
  first, which needs two reformations planning the same free block at once.

Each scenario below is one such interleaving on the default workload's cluster (4 jobs of 8
leaves filling 32, gang g1 waiting; :data:`CONFIGS` names the one with a smaller gang), driven through the engine's and the workload's own
decisions, so an engine subclass (a mutant) runs the same script and shows its bug in the trace,
while the correct engine's guards keep it a run of spec/RRPLifecycle.tla. The drift gate records
every scenario beside its seeded runs, on every store it uses.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from phalanx_ref.lifecycle_engine import LifecycleEngine
from phalanx_ref.lifecycle_trace import write_lifecycle
from phalanx_ref.lifecycle_workload import LifecycleConfig, LifecycleWorkload
from phalanx_ref.rrp_records import Keys
from phalanx_ref.store.base import Store
from phalanx_ref.trace_emit import RunResult
from phalanx_ref.workload import until_available


def named(done: bool, action: str) -> str | None:
    """``action`` if the step was taken, else None (a guard failed)."""
    return action if done else None


def settle(w: LifecycleWorkload, job: str) -> list[str]:
    """The job's controller until it has nothing to do (a reformation: Plan, Commit, Restore)."""
    done = []
    while (action := w.engine.reconcile(job)) is not None:
        done.append(action)
    return done


def resized(w: LifecycleWorkload, job: str, n: int) -> list[str | None]:
    """A template switch of ``job`` to ``n`` leaves, carried through its reformation."""
    return [w.engine.resize(job, n), *settle(w, job)]


def drain_with_spare(w: LifecycleWorkload) -> list[str | None]:
    """j1 shrinks to 4 leaves (4 spare), a leaf of j2 turns suspect: j2 is drained and its own
    Plan/Commit moves it (a drain that moved workers itself would use the spare leaves)."""
    eng = w.engine
    acts = resized(w, "j1", 4)
    leaf = eng.view().leaves_of("j2")[0]
    acts += [named(eng.mark_suspect(leaf), "Suspect"), *settle(w, "j2"), *settle(w, "j2")]
    return [*acts, named(eng.heal(leaf), "Heal")]


def grow_beside_suspect(w: LifecycleWorkload) -> list[str | None]:
    """j1 shrinks to 4, one of the 4 leaves it gave back turns suspect, then j1 grows back to 8:
    its full node holds the suspect leaf, so a healthy plan is smaller."""
    eng = w.engine
    acts = resized(w, "j1", 4)
    leaf = eng.spare(eng.view())[0]
    acts += [named(eng.mark_suspect(leaf), "Suspect"), *resized(w, "j1", 8)]
    return [*acts, named(eng.heal(leaf), "Heal")]


def preempt_after_regrow(w: LifecycleWorkload) -> list[str | None]:
    """j1 shrinks to 4 and grows back to 8 (epoch 2, not sealed yet, the cluster full again);
    then the queue places g1: checkpoint-before-preempt seals j1's epoch 2 before the
    preemption, which suspends j1 (a gang of 8) or shrinks it to 4 leaves (a gang of 4, the
    scenario shrink-after-regrow). g1 runs, finishes, and j1 resumes to 8."""
    eng = w.engine
    acts = [*resized(w, "j1", 4), *resized(w, "j1", 8)]
    for _ in range(2):  # the first turn may only seal the victim
        w.preempt_for("g1")
        if w.result.actions["Preempt"]:
            break
    acts += [named(w.result.actions["Preempt"] > 0, "Preempt"), *settle(w, "j1"), *settle(w, "g1"), eng.finish("g1"), *settle(w, "g1")]
    return [*acts, eng.resume("j1"), *settle(w, "j1")]


def two_defrags(w: LifecycleWorkload) -> list[str | None]:
    """j2 is preempted for g1 (its node frees), then j3 and j4 are both defragmented: both plan
    the freed node (the best fit, lowest id); j3 commits first, so j4's commit must abort."""
    eng = w.engine
    return [eng.preempt("j2", "g1"), *settle(w, "j2"), eng.defrag("j3", []), eng.defrag("j4", []),
            eng.reconcile("j3"), eng.reconcile("j4"), eng.reconcile("j3"), eng.reconcile("j4"),
            *settle(w, "j3"), *settle(w, "j4")]


SCENARIOS: dict[str, Callable[[LifecycleWorkload], list[str | None]]] = {
    "drain-with-spare": drain_with_spare,
    "grow-beside-suspect": grow_beside_suspect,
    "preempt-after-regrow": preempt_after_regrow,
    "shrink-after-regrow": preempt_after_regrow,
    "two-defrags": two_defrags,
}
"""Every directed scenario, by name; each returns the actions its steps took (None: a guard
failed or nothing was enabled)."""

CONFIGS: dict[str, LifecycleConfig] = {
    # the gang needs 4 leaves, half of j1's node: the planner shrinks j1 onto the other half
    # (Preempt(j1, g1, 4)) instead of suspending it, and j1 resumes to 8 once g1 finished
    "shrink-after-regrow": LifecycleConfig(gang_size=4),
}
"""The cluster a scenario runs on, where it is not the default LifecycleConfig."""


def play(store: Store, name: str, engine_cls: type[LifecycleEngine] = LifecycleEngine,
         keys: Keys | None = None) -> tuple[RunResult, LifecycleWorkload, list[str | None]]:
    """Run scenario ``name`` on a fresh cluster (its :data:`CONFIGS` entry, or the default) in ``store``."""
    w = LifecycleWorkload(store, CONFIGS.get(name, LifecycleConfig()), 0, keys, engine_cls)
    acts = SCENARIOS[name](w)
    w.result.end_revision = until_available(store, store.revision)
    return w.result, w, acts


def record_scenario(store: Store, path: Path, name: str, engine_cls: type[LifecycleEngine] = LifecycleEngine,
                    keys: Keys | None = None) -> list[str | None]:
    """Run scenario ``name`` and write its trace to ``path``; returns the actions of its steps."""
    run, w, acts = play(store, name, engine_cls, keys)
    write_lifecycle(store, run, w.cfg, path, {"scenario": name, "engine": engine_cls.__name__})
    return acts


def scenario_recorder(name: str, engine_cls: type[LifecycleEngine] = LifecycleEngine
                      ) -> Callable[[Store, Path, Keys | None], Any]:
    """Scenario ``name`` as the drift gate records it (an engine subclass runs the same script)."""
    def run(store: Store, path: Path, keys: Keys | None) -> Any:
        return record_scenario(store, path, name, engine_cls, keys)
    return run
