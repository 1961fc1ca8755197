"""Action properties (``[][A]_v``) on a recorded step, decided with the step's logged witnesses.

The model checker evaluates an action property as a value on each (s, t), enumerating every
existential in it, which is TLC's semantics and cheap on a model's small constants. A trace of
a real run is not small: RRPLifecycle's RefinesRRP contains RRP's Next, whose Plan is
``\\E P \\in SUBSET Leaf : ...``, 2^32 plans at the 32 leaves of an engine run. So the replayer
decides ``[A]_v`` the way it decides Next: compiled as a step check (t is known, so primed
variables are tests, never generated) where an existential whose variable the step logs (``j``,
``P``, ``e``...) ranges over the logged value alone (after a membership test), and one it does
not log ranges over nothing (``replay.LoggedOnly``). Nothing is enumerated, for any spec.

What that costs: the property is held to the step *as the trace names it*. A property whose
existential the trace does not witness (a bound variable no step logs, or one that shares a
logged name but would need another value) is reported as violated, with the witnesses it was
given, rather than searched; universal quantifiers and state-level expressions keep their full
semantics. A step leaving v unchanged satisfies ``[A]_v`` whatever A says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..check.model import Model


@dataclass(frozen=True)
class StepProperty:
    """One action property of the model, as a step check ``check(s, t, W)``."""

    name: str
    check: Callable[[tuple, tuple, Mapping[str, Any]], Iterator]

    def holds(self, s: tuple, t: tuple, witnesses: Mapping[str, Any]) -> bool:
        return any(True for _ in self.check(s, t, witnesses))


def step_properties(model: Model) -> list[StepProperty]:
    """The model's action properties compiled as step checks, in the cfg's order. Compiling
    registers the action definitions they mention (``R!Plan``, ...) as labels of the model's
    compiler: read the names of Next's sub-actions before calling this."""
    return [StepProperty(part.label(), model.compiler.successor_generator(part.expr, part.scope, part.env,
                                                                          check=True))
            for prop in model.properties for part in prop.action_parts]


__all__ = ["StepProperty", "step_properties"]
