"""Which parameters an operator's body evaluates every time it is evaluated.

TLC passes an operator's arguments unevaluated (Tool.getOpContext binds each parameter to a
LazyValue, evaluated when the body first reads it): an argument whose evaluation would fail
(``s[0]``, ``CHOOSE`` over an empty set, an overflow) is harmless where the body does not
read it, ``IfThen(i > 0, s[i], 0) == IF ...`` with ``i = 0`` among them. The compiled code
evaluates arguments before the call, which is faster and gives the same result exactly when
the body reads the parameter on every evaluation: it is *strict* in it. This module decides
that, conservatively (a parameter it cannot prove read is taken as lazy, which is always
right, only slower).
"""

from __future__ import annotations

from collections.abc import Callable

from . import syntax as ast

CalleeStrict = Callable[[str, int, int], bool]
"""Is the operator named so, called from the body with so many arguments, strict in its i-th
parameter? False where unknown."""


def evaluates(e: ast.Expr, name: str, callee: CalleeStrict) -> bool:
    """Does every evaluation of ``e`` evaluate the name ``name``?"""
    match e:
        case ast.Name():
            return e.name == name
        case ast.Apply():
            return _apply(e, name, callee)
        case ast.And() | ast.Or():
            return evaluates(e.items[0], name, callee)  # the rest is skipped once one decides
        case ast.If():
            return evaluates(e.cond, name, callee) or (evaluates(e.then, name, callee)
                                                        and evaluates(e.else_, name, callee))
        case ast.Case():
            return evaluates(e.arms[0][0], name, callee)
        case ast.Quant():
            return _bound_set(e.bounds[0], name, callee)  # the body: only for a non-empty set
        case ast.Choose():
            return _bound_set(e.bound, name, callee)
        case ast.SetFilter():
            return _bound_set(e.bound, name, callee)
        case ast.SetMap() | ast.FuncLit():
            return _bound_set(e.bounds[0], name, callee)
        case ast.SetEnum() | ast.Tuple():
            return any(evaluates(x, name, callee) for x in e.items)
        case ast.RecordLit() | ast.RecordSet():
            return any(evaluates(x, name, callee) for _, x in e.fields)
        case ast.FuncApp():
            return evaluates(e.func, name, callee) or any(evaluates(x, name, callee) for x in e.args)
        case ast.FuncSet():
            return evaluates(e.domain, name, callee) or evaluates(e.range, name, callee)
        case ast.Field():
            return evaluates(e.record, name, callee)
        case ast.Except():
            return evaluates(e.func, name, callee)  # a value is not evaluated for a key outside the domain
        case ast.Prime() | ast.Unchanged():
            return evaluates(e.expr, name, callee)
        case ast.Let():
            defined = {d.name for d in e.defs}  # calls to these are not the callee's to judge
            return evaluates(e.body, name, lambda op, i, n: op not in defined and callee(op, i, n))
    return False  # literals, LAMBDA, ENABLED, temporal formulas: not (or not provably) evaluated


def _bound_set(b: ast.Bound, name: str, callee: CalleeStrict) -> bool:
    return b.set is not None and evaluates(b.set, name, callee)


_LAZY_OPERANDS = {"implies": 1}
"""Built-in operators that evaluate only their first operands for sure."""


def _apply(e: ast.Apply, name: str, callee: CalleeStrict) -> bool:
    first = _LAZY_OPERANDS.get(e.op)
    if first is not None:
        return any(evaluates(a, name, callee) for a in e.args[:first])
    if e.op == name:
        return True  # an operator parameter applied
    return any(evaluates(a, name, callee) and callee(e.op, i, len(e.args)) for i, a in enumerate(e.args))
