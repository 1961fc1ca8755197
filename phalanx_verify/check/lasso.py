"""Which temporal properties a counterexample lasso violates: TLC's post-hoc attribution.

TLC's liveness checker stops at the first lasso it finds, then evaluates every temporal property
of the model on that lasso (``tlc2.tool.liveness.Liveness.findViolatedProperties``, called from
``LiveWorker.printTrace``) and names each one false on it, in the order of the model's
properties: ``Temporal properties ReformLive and GangPlaced were violated.``. The built-in
checker finds its lasso for one obligation; this module names the others that lasso violates,
so both engines report the same set for the same lasso.

Decided here: the fixed forms whose predicates are state predicates (``P ~> Q``, ``<>P``,
``[]<>P``, ``<>[]P``) on the lasso's states, the cycle repeating forever (a stuttering lasso's
cycle is its last state). A WF/SF conjunct of a property, or a general temporal formula, cannot
be told from the states alone; such an obligation is named only when it is the one whose search
found the lasso.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Liveness
from .report import Trace


def violated_on(obligation: Liveness, trace: Trace) -> bool | None:
    """Does the lasso violate ``obligation``? None when this module cannot tell (see above)."""
    states = [step.state for step in trace.steps]
    if not states or trace.loop not in ("stuttering", "back_to"):
        return None
    start = (trace.back_to or 1) - 1 if trace.loop == "back_to" else len(states) - 1
    cycle = states[start:]
    kind, p, q = obligation.kind, obligation.p, obligation.q
    if kind == "leadsto" and p is not None and q is not None:
        q_on_cycle = any(q(s) for s in cycle)
        # some p-state from which no q-state ever follows (its suffix, then the cycle forever)
        return any(p(s) and not any(q(t) for t in states[i:]) and not q_on_cycle for i, s in enumerate(states))
    if kind == "eventually" and p is not None:
        return not any(p(s) for s in states)
    if kind == "infinitely_often" and p is not None:
        return not any(p(s) for s in cycle)
    if kind == "eventually_always" and p is not None:
        return not all(p(s) for s in cycle)
    return None


def violated_properties(obligations: Sequence[tuple[str, Liveness]], found: Liveness, trace: Trace) -> list[str]:
    """The names of the properties the lasso violates, each once, in the model's order: the
    property whose obligation ``found`` the lasso, and every other one decided false on it."""
    names: list[str] = []
    for name, ob in obligations:
        if name not in names and (ob is found or violated_on(ob, trace)):
            names.append(name)
    return names


__all__ = ["violated_on", "violated_properties"]
