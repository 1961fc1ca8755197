"""Which temporal properties a counterexample lasso violates: TLC's post-hoc attribution.

TLC's liveness checker stops at the first lasso it finds, then evaluates every temporal property
of the model on that lasso (``tlc2.tool.liveness.Liveness.findViolatedProperties``, called from
``LiveWorker.printTrace``) and names each one false on it, in the order of the model's
properties: ``Temporal properties ReformLive and GangPlaced were violated.``. The built-in
checker finds its lasso for one obligation; this module names the others that lasso violates,
so both engines report the same set for the same lasso.

Decided here: the fixed forms whose predicates are state predicates (``P ~> Q``, ``<>P``,
``[]<>P``, ``<>[]P``) on the lasso's states, the cycle repeating forever (a stuttering lasso's
cycle is its last state), and a general temporal formula by the ways of violating it
(temporal.Disjunct: its cycle conditions on the cycle's states and steps, its tableau formula
on the run), and a WF/SF conjunct by ENABLED and the steps of the cycle (FairnessTracker).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..tla.errors import EvalError
from .fairness import FairnessTracker
from .model import Liveness, Model
from .report import Trace
from .temporal import Always, Atom, Bool, Conj, Disj, Disjunct, Even, Node, state_fn, step_fn


def _holds(n: Node, states: list[tuple], start: int, i: int) -> bool:
    """Does the formula ``n`` (no actions) hold from position ``i`` of the lasso whose cycle
    begins at ``start``? The positions from i on are i..end, then start..end forever."""
    if isinstance(n, Atom | Bool):
        return state_fn(n)(states[i])
    if isinstance(n, Conj):
        return all(_holds(x, states, start, i) for x in n.items)
    if isinstance(n, Disj):
        return any(_holds(x, states, start, i) for x in n.items)
    later = range(min(i, start), len(states)) if i >= start else range(i, len(states))
    if isinstance(n, Always):
        return all(_holds(n.body, states, start, j) for j in later)
    assert isinstance(n, Even)
    return any(_holds(n.body, states, start, j) for j in later)


def _satisfied(d: Disjunct, states: list[tuple], start: int) -> bool:
    """Does the lasso satisfy the way of violating ``d`` describes (as TLC's OrderOfSolution)?"""
    cycle = states[start:]
    steps = list(zip(cycle, cycle[1:] + [states[start]], strict=True))
    return (all(all(f(s, t) for s, t in steps) for f in map(step_fn, d.ea))
            and all(any(f(s) for s in cycle) for f in map(state_fn, d.ae_state))
            and all(any(f(s, t) for s, t in steps) for f in map(step_fn, d.ae_step))
            and (d.tf is None or _holds(d.tf, states, start, 0)))


def violated_on(obligation: Liveness, trace: Trace, model: Model | None = None) -> bool | None:
    """Does the lasso violate ``obligation``? None when this module cannot tell (see above;
    without the ``model``, a WF/SF condition)."""
    states = [step.state for step in trace.steps]
    if not states or (trace.loop not in ("stuttering", "back_to") and not trace.safety):
        return None
    # a safety part's finite counterexample: TLC's attribution takes its last state as
    # stuttering forever (LiveCheck's safety-like violation)
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
    if kind == "general" and obligation.general is not None:
        return any(_satisfied(d, states, start) for d in obligation.general.disjuncts)
    if kind in ("wf", "sf") and obligation.fairness is not None and model is not None:
        return FairnessTracker(model, [obligation.fairness], use_labels=False).violated_on_cycle(cycle)
    return None


def violated_properties(obligations: Sequence[tuple[str, Liveness]], found: Liveness, trace: Trace,
                        model: Model | None = None) -> list[str]:
    """The names of the properties the lasso violates, each once, in the model's order: every
    one decided false on it, and the one whose obligation ``found`` the lasso unless it is
    decided true there. That happens under SYMMETRY: the last state of the lasso TLC prints
    steps to a member of the loop state's orbit, not to that state, and TLC, deciding the
    properties on the lasso as printed, then names none ("Temporal properties were violated.")."""
    names: list[str] = []
    for name, ob in obligations:
        if name not in names and _named(ob, ob is found, trace, model):
            names.append(name)
    return names


def _named(ob: Liveness, found: bool, trace: Trace, model: Model | None) -> bool:
    """Is ``ob`` decided false on the lasso (or, the obligation that ``found`` it, not decided
    true)? An evaluation error leaves it unnamed, as TLC's attribution prints the error and
    names nothing for it."""
    try:
        violated = violated_on(ob, trace, model)
    except EvalError:
        return False
    return bool(violated) or (found and violated is None)


__all__ = ["violated_on", "violated_properties"]
