"""Deliberately broken planners, each overriding one method, used to show the tests can fail.

Each mutant is a real, switchable variant of :class:`~phalanx_ref.hdfb.Planner`: the test suite
runs its checkers against every mutant and requires each to be caught by at least one.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from phalanx_ref.buddy import BuddyAllocator
from phalanx_ref.hdfb import Planner, Template


class TopDownPlanner(Planner):
    """Scans levels from the cluster down, so it returns the *highest* feasible level."""

    def _levels(self) -> tuple[int, ...]:
        return tuple(reversed(self.topo.levels))


class _NoCoalesceAllocator(BuddyAllocator):
    def _coalesce(self, start: int, order: int) -> tuple[int, int, list[int]]:
        return start, order, []


class NoCoalescePlanner(Planner):
    """Release never merges free buddies (external fragmentation)."""

    allocator_cls = _NoCoalesceAllocator


class OutsideSparePlanner(Planner):
    """Repairs take the first reserved spare anywhere, ignoring the failed block's domain."""

    def _spare_in(self, v: int, k: int, dclass: int) -> tuple[int, Hashable] | None:
        return super()._spare_in(0, k, dclass)


class SplitTPPlanner(Planner):
    """GroupsFit always holds, so TP groups may straddle level-1 domains."""

    def _groups_fit(self, tpl: Template, k: int, dclass: int) -> bool:
        return True


class PlaceOnSparesPlanner(Planner):
    """Spares are registered for Replan but left free, so Place may use them."""

    def _hold_spare(self, start: int, order: int, domain: int) -> None:
        self._register_spare(start, order, ("spare", domain))


MUTANTS: dict[str, type[Planner]] = {
    "scan-top-down": TopDownPlanner,
    "no-coalescing": NoCoalescePlanner,
    "spare-outside-domain": OutsideSparePlanner,
    "tp-group-split": SplitTPPlanner,
    "place-uses-spares": PlaceOnSparesPlanner,
}


class SuspectSparePlanner(Planner):
    """Health-blind spares: a suspect leaf inside a reserved spare stays in the spare, so a
    repair (drain included) can land on it (the planner before health-aware spares)."""

    def mark_suspect(self, leaves: Iterable[int]) -> None:
        for leaf in leaves:
            self.suspect.add(leaf)
            if self.alloc.owner(leaf) is None:
                self._quarantine(leaf, [])
        self._settled()


LIFECYCLE_MUTANTS: dict[str, type[Planner]] = {
    "suspect-spare-kept": SuspectSparePlanner,
}
"""Planner mutants of the lifecycle decisions, caught by tests/ref/test_lifecycle_plan.py."""
