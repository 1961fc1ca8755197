"""Deliberately broken RRP engines, each overriding one step of :class:`~phalanx_ref.engine.Engine`.

The drift gate's own tests need them: replaying a mutant's trace against spec/RRP.tla (or its
refinement spec/RRPResume.tla) must diverge at the step the mutant broke
(tests/engine/test_engine_mutants.py, test_engine_resume.py). :data:`MUTANTS` is the one
registry every caller selects a mutant from by name (the trace emitter, the simulator's engine
recovery, the tests); the lifecycle engine's mutants are in lifecycle_mutants.py.
"""

from __future__ import annotations

from phalanx_ref.engine import Engine, View
from phalanx_ref.store.base import Compare


class CommitNoGuard(Engine):
    """Commit without its free-or-mine guard (and without the Abort check)."""

    def _commit_guard(self, view: View, job: str, plan: list[str]) -> list[Compare]:
        return []

    def _abort_witness(self, view: View, job: str, plan: list[str]) -> Compare | None:
        return None


class SealStale(Engine):
    """Seal accepted without the epoch/phase fence (stale or not-yet-restored writers)."""

    def _seal_fence(self, job: str, token: int) -> list[Compare]:
        return []


class RestoreNotBelow(Engine):
    """Restore from the current epoch's checkpoint instead of a sealed older one."""

    def _restore_source(self, view: View, job: str, e: int) -> tuple[int, list[Compare]] | None:
        return e, []


class RestoreUnsealed(Engine):
    """Restore from the previous epoch's checkpoint without checking that it was sealed."""

    def _restore_source(self, view: View, job: str, e: int) -> tuple[int, list[Compare]] | None:
        return e - 1, []


class RestoreOldest(Engine):
    """Restore from the oldest sealed manifest below the epoch instead of the newest."""

    def _newest(self, sealed: list[int]) -> int:
        return min(sealed)


class EpochNoIncrement(Engine):
    """Commit leaves the epoch unchanged."""

    def _next_epoch(self, view: View, job: str, e: int) -> int:
        return e


class DetectNoDead(Engine):
    """Detect on any dead leaf of the cluster, not only the job's own."""

    def _dead(self, view: View, job: str) -> list[str]:
        return view.dead(None)


MUTANTS: dict[str, type[Engine]] = {
    "commit_no_guard": CommitNoGuard,
    "seal_stale": SealStale,
    "restore_not_below": RestoreNotBelow,
    "restore_unsealed": RestoreUnsealed,
    "restore_oldest": RestoreOldest,
    "epoch_no_increment": EpochNoIncrement,
    "detect_no_dead": DetectNoDead,
}
"""Engine mutants by the name traces and tests give them."""


def engine_class(mutant: str | None) -> type[Engine]:
    """The engine named ``mutant`` (the correct :class:`Engine` for None); an unknown name is a
    ValueError listing the known ones."""
    if mutant is None:
        return Engine
    try:
        return MUTANTS[mutant]
    except KeyError:
        raise ValueError(f"unknown engine mutant {mutant!r} (known: {', '.join(MUTANTS)})") from None
