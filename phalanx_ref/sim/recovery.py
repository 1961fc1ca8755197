"""The recovery step of the §8.3/§8.4 experiments, pluggable.

A :class:`Recovery` decides a repair for a job whose leaves failed (``plan``, the timed part) and
then makes it take effect (``apply``). :class:`PlannerRecovery` is HDF-B Replan plus a planner
commit. The RRP engine (``phalanx_ref/engine.py``: Detect, Plan, Commit, Restore over the store)
drops in as another implementation whose ``apply`` runs the engine's transactions; the
experiments only see this interface.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from phalanx_ref.hdfb import Placement, Planner


class Recovery(Protocol):
    """Decide and apply the repair of one job after ``failed`` leaves died."""

    def plan(self, job: str, failed: Sequence[int]) -> Placement | None:
        """The repaired placement, or None when nothing fits (the job is queued). Pure."""
        ...

    def apply(self, job: str, decision: Placement | None) -> None:
        """Make the decision take effect (a None decision evicts the job)."""
        ...


class PlannerRecovery:
    """Recovery through the planner alone: Replan, then commit (or release when it has no plan)."""

    def __init__(self, planner: Planner) -> None:
        self.planner = planner

    def plan(self, job: str, failed: Sequence[int]) -> Placement | None:
        return self.planner.replan(job, failed)

    def apply(self, job: str, decision: Placement | None) -> None:
        if decision is None:
            self.planner.release(job)
        else:
            self.planner.commit(decision)
