"""Time the planner spends keeping its prepared repairs current, measured from the simulator side.

A PreparedPlanner's Replan returns a repair prepared in advance (``prepared`` module docstring): the search
runs in every commit, release and heal instead of at the failure. The paper describes Replan as
that search run when the failure arrives, so the report must show the moved cost beside the
lookup. :class:`PreparationClock` wraps the planner's four preparation methods (``_invalidate``,
``_rebase``, ``_forget``, ``_refresh``) as instance attributes, adds up the time spent in the
outermost of them, and counts the repairs prepared (``_prepare`` calls). Nothing in the planner is
changed; each wrapped call costs one extra Python frame and two clock reads (~0.2 us), which is
included in the figure.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from phalanx_ref.hdfb import Placement, Planner
from phalanx_ref.prepared import PreparedPlanner

PREPARATION_METHODS = ("_invalidate", "_rebase", "_forget", "_refresh")


class PreparationClock:
    """Cumulative nanoseconds in the planner's preparation methods (``ns``) and repairs prepared
    (``prepared``); read them before and after a commit or heal to get that call's share."""

    def __init__(self, planner: Planner) -> None:
        self.planner = planner
        self.ns = 0
        self.prepared = 0
        self._depth = 0
        if not isinstance(planner, PreparedPlanner):
            return  # the plain planner prepares nothing: both figures stay 0
        for name in PREPARATION_METHODS:
            setattr(planner, name, self._timed(getattr(planner, name)))
        prepare = planner._prepare

        def counted(s: int, old: Placement | None) -> None:
            self.prepared += 1
            prepare(s, old)

        planner._prepare = counted  # type: ignore[method-assign]

    def _timed(self, fn: Callable[..., object]) -> Callable[..., object]:
        pc = time.perf_counter_ns

        def timed(*args: object) -> object:
            if self._depth:  # nested (``_refresh`` calls ``_invalidate``): counted by the outer call
                return fn(*args)
            self._depth = 1
            t0 = pc()
            try:
                return fn(*args)
            finally:
                self.ns += pc() - t0
                self._depth = 0

        return timed

    def close(self) -> None:
        """Remove the wrappers (the class's methods apply again)."""
        for name in (*PREPARATION_METHODS, "_prepare"):
            self.planner.__dict__.pop(name, None)
