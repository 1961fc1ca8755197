"""An independent judge of liveness counterexamples: evaluates a translated temporal formula
on a lasso (the states of a trace, looping back), by the textbook semantics rather than by the
tableau and product search the checker uses."""

from __future__ import annotations

from phalanx_verify.check.model import Model
from phalanx_verify.check.report import Trace
from phalanx_verify.check.temporal import Always, Atom, Bool, Conj, Disj, Even, Node, Translator
from phalanx_verify.tla import syntax as ast
from phalanx_verify.tla.compile import LEVEL_ACTION


def lasso_states(trace: Trace) -> tuple[list[tuple], int]:
    """The states and the index the last one steps back to (itself when stuttering)."""
    states = [st.state for st in trace.steps]
    if trace.loop == "stuttering":
        return states, len(states) - 1
    assert trace.loop == "back_to" and trace.back_to is not None
    return states, trace.back_to - 1


def holds(n: Node, states: list[tuple], loop: int, i: int = 0) -> bool:
    """Does ``n`` hold from position i of the lasso?"""
    succ = i + 1 if i + 1 < len(states) else loop
    later = list(range(i, len(states))) + list(range(loop, min(i, len(states))))
    if isinstance(n, Bool):
        return n.value
    if isinstance(n, Atom):
        if n.pred.level >= LEVEL_ACTION:
            v = n.pred.fn(states[i], states[succ])
        else:
            v = n.pred.fn(states[i])
        return bool(v) == n.positive
    if isinstance(n, Conj):
        return all(holds(x, states, loop, i) for x in n.items)
    if isinstance(n, Disj):
        return any(holds(x, states, loop, i) for x in n.items)
    if isinstance(n, Always):
        return all(holds(n.body, states, loop, j) for j in later)
    assert isinstance(n, Even)
    return any(holds(n.body, states, loop, j) for j in later)


def spec_fairness(model: Model) -> list[Node]:
    tr = Translator(model)
    return [tr.node(ast.Fairness(f.action.expr.pos, f.kind, f.sub.expr, f.action.expr), f.action.scope,
                    f.action.env, ()) for f in model.fairness]


def is_fair_counterexample(model: Model, prop_name: str, trace: Trace) -> bool:
    """The trace is a behaviour of the spec's Next, is fair, and violates the property."""
    states, loop = lasso_states(trace)
    for k in range(len(states)):
        s, t = states[k], states[k + 1] if k + 1 < len(states) else states[loop]
        if s != t and not model.check_step(s, t):
            return False
    if not all(holds(f, states, loop) for f in spec_fairness(model)):
        return False
    tr = Translator(model)
    prop = ast.Name(ast.Pos(str(model.spec_path), 1, 1), prop_name)
    return not holds(tr.node(prop, model.scope, {}, ()), states, loop)
