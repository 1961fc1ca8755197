"""Deliberately broken lifecycle engines, each overriding one step, matching the spec mutants of
spec/mutants/ (issue 16); trace replay against spec/RRPLifecycle.tla must catch each
(tests/engine/test_lifecycle_engine.py)."""

from __future__ import annotations

from phalanx_ref.engine import View, rebuild_planner
from phalanx_ref.hdfb import Planner
from phalanx_ref.lifecycle_engine import LifecycleEngine
from phalanx_ref.rrp_records import encode, epoch_value
from phalanx_ref.store.base import Compare, Delete, Put, value_is


class DrainMovesWorkers(LifecycleEngine):
    """The drain moves the job's worker off the suspect leaf itself, in the trigger, instead of
    leaving that to the job's own Commit."""

    def _drain(self, view: View, job: str, leaf: str, target: int) -> str | None:
        spare = self.spare(view)
        if not spare:
            return super()._drain(view, job, leaf, target)
        k = self.keys
        e = self.epoch_of(view, job)[0]
        guard = [value_is(k.epoch(job), epoch_value(e, "Run")), view.free_or_mine(leaf),
                 *self._spare_witness(view, spare[0])]
        ops: list[Put | Delete] = [Delete(k.alloc(leaf)), Put(k.alloc(spare[0]), encode({"epoch": e, "job": job})),
               Put(k.epoch(job), epoch_value(e, "Plan")), self._step(job, "Drain")]
        return "Drain" if self.store.txn(guard, ops).succeeded else None


class PreemptNoSeal(LifecycleEngine):
    """Preemption does not wait for the victim's checkpoint of its current epoch."""

    def needs_seal(self, view: View, job: str, n: int = 0) -> bool:
        return False

    def _seal_guard(self, job: str, e: int, n: int) -> list[Compare]:
        return []


class PreemptShrinkNoSeal(LifecycleEngine):
    """A preemption that shrinks the victim onto a smaller template skips the checkpoint (the
    job keeps running, so it looks safe); only a suspension waits for the seal."""

    def needs_seal(self, view: View, job: str, n: int = 0) -> bool:
        return n == 0 and super().needs_seal(view, job, n)

    def _seal_guard(self, job: str, e: int, n: int) -> list[Compare]:
        return [] if n > 0 else super()._seal_guard(job, e, n)


class DefragNoGuard(LifecycleEngine):
    """A defragmentation's Commit skips the CommitGuard (and so never aborts)."""

    def _defragging(self, view: View, job: str) -> bool:
        return self.tpl_of(view, job)[0] == "defrag"

    def _commit_guard(self, view: View, job: str, plan: list[str]) -> list[Compare]:
        return [] if self._defragging(view, job) else super()._commit_guard(view, job, plan)

    def _abort_witness(self, view: View, job: str, plan: list[str]) -> Compare | None:
        return None if self._defragging(view, job) else super()._abort_witness(view, job, plan)


class GrowOntoSuspect(LifecycleEngine):
    """A grow plans on a health-blind planner (suspect leaves look free) and without the health
    checks of Plan and Commit."""

    def _growing(self, view: View, job: str) -> bool:
        cause, target, _ = self.tpl_of(view, job)
        return cause == "resize" and len(view.leaves_of(job)) < target

    def _planner_for(self, view: View, job: str) -> Planner:
        if self._growing(view, job):
            return rebuild_planner(view, self.keys, self.topo, self.jobs, self.leaves)
        return super()._planner_for(view, job)

    def _health_guard(self, view: View, job: str, plan: list[str]) -> list[Compare]:
        return [] if self._growing(view, job) else super()._health_guard(view, job, plan)

    def _unhealthy(self, view: View, job: str, plan: list[str]) -> Compare | None:
        return None if self._growing(view, job) else super()._unhealthy(view, job, plan)


class ResizeKeepsEpoch(LifecycleEngine):
    """A resize's Commit keeps the old epoch (workers of two templates under one epoch)."""

    def _next_epoch(self, view: View, job: str, e: int) -> int:
        return e if self.tpl_of(view, job)[0] == "resize" else super()._next_epoch(view, job, e)


MUTANTS: dict[str, type[LifecycleEngine]] = {
    "drain-moves-workers": DrainMovesWorkers,
    "preempt-no-seal": PreemptNoSeal,
    "preempt-shrink-no-seal": PreemptShrinkNoSeal,
    "defrag-no-guard": DefragNoGuard,
    "grow-onto-suspect": GrowOntoSuspect,
    "resize-keeps-epoch": ResizeKeepsEpoch,
}
"""Engine mutants of the lifecycle, each matching a spec mutant (spec/mutants/)."""
