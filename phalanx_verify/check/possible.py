"""TLC's ``_POSSIBLE`` (a cfg keyword): predicates that some reachable state or step must meet.

TLC (SpecProcessor.processConfigPossible) wraps each named predicate P in
``_Possible!_Track(P, "P")``: for a state predicate one more CONSTRAINT, for an action one more
ACTION_CONSTRAINT, after the user's own. Its value is always TRUE, but it counts in the named
register ``"s:_possible"`` (a function from names to counts) how often P held where it was
evaluated: on every initial and every generated successor state that passed the user's
constraints (states seen before included), and on every such step. After the search, one
postcondition per name fails when its count is 0, after printing the counts (PrintT).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..tla import runtime as rt
from ..tla import syntax as ast


@dataclass
class Possible:
    name: str
    pos: ast.Pos  # of the predicate's body, which TLC's messages name
    action: bool  # an action: counted on steps (ACTION_CONSTRAINT), else on states (CONSTRAINT)
    fn: Callable[..., Any]

    def tracker(self) -> Callable[..., bool]:
        """The constraint TLC adds: count this predicate where it holds, always TRUE."""
        name, fn = self.name, self.fn

        def track(*state: tuple) -> bool:
            return rt.possible_track(fn(*state), name, self.pos)
        return track

    def postcondition(self, _state: tuple) -> bool:
        """The postcondition TLC adds (_Possible!_CheckName): TRUE when the predicate held
        somewhere; otherwise the counts are printed (PrintT) and it is FALSE."""
        return rt.possible_check_name(self.name)
