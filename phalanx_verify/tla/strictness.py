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

from collections.abc import Callable, Mapping

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


_LAZY_OPERANDS = {"implies": 1, "AssertError": 1}
"""Built-in operators that evaluate only their first operands for sure (TLCExt!AssertError
evaluates its second where it catches its errors)."""


def _apply(e: ast.Apply, name: str, callee: CalleeStrict) -> bool:
    first = _LAZY_OPERANDS.get(e.op)
    if first is not None:
        return any(evaluates(a, name, callee) for a in e.args[:first])
    if e.op == name:
        return True  # an operator parameter applied
    return any(evaluates(a, name, callee) and callee(e.op, i, len(e.args)) for i, a in enumerate(e.args))


Builtin = Callable[[str], bool]
"""Is the operator of this name a built-in one (its operands evaluated in order, before it
applies), not a definition whose body TLC evaluates first, its arguments lazily?"""


def evaluated_first(e: ast.Expr, name: str, builtin: Builtin, lets: Mapping[str, ast.OpDef | None] | None = None) -> bool:
    """Is the name ``name`` the first thing every evaluation of ``e`` evaluates, before
    anything else that could fail, print or stop early? A LET definition read so is computed
    where it is defined rather than wrapped in a thunk (expressions._let_binding): TLC's
    LazyValue would be evaluated at that very point, so not even which of two errors comes
    first can change (``LET m == Head(q) IN m.type = "req" /\\ ...``). Follows TLC's order of
    evaluation: a function before its argument, a record before its field, a built-in
    operator's operands left to right, a bound set before the body, and a LET definition
    inside e where it is first read (``LET moved == {.. : d \\in dirs} IN {.. : x \\in moved}``
    evaluates dirs first). ``lets``: the definitions of the LETs inside e around this point
    (an operator with parameters as None: not built-in, not followed)."""
    lets = lets or {}
    match e:
        case ast.Name():
            if e.name == name:
                return True
            d = lets.get(e.name)
            return d is not None and evaluated_first(d.body, name, builtin, lets)
        case ast.Apply():
            return bool(e.args) and e.op not in lets and e.op != name and builtin(e.op) \
                and evaluated_first(e.args[0], name, builtin, lets)
        case ast.And() | ast.Or() | ast.SetEnum() | ast.Tuple():
            return bool(e.items) and evaluated_first(e.items[0], name, builtin, lets)
        case ast.If():
            return evaluated_first(e.cond, name, builtin, lets)
        case ast.Case():
            return evaluated_first(e.arms[0][0], name, builtin, lets)
        case ast.FuncApp():
            return evaluated_first(e.func, name, builtin, lets)
        case ast.Field():
            return evaluated_first(e.record, name, builtin, lets)
        case ast.Except():
            return evaluated_first(e.func, name, builtin, lets)
        case ast.Quant() | ast.SetMap() | ast.FuncLit():
            return _bound_first(e.bounds[0], name, builtin, lets)
        case ast.Choose() | ast.SetFilter():
            return _bound_first(e.bound, name, builtin, lets)
        case ast.Let():
            if any(d.name == name for d in e.defs):
                return False
            inner = dict(lets)
            for defn in e.defs:
                if isinstance(defn, ast.OpDef) and not defn.params and not defn.recursive:
                    inner[defn.name] = defn
                elif defn.name is not None:
                    inner[defn.name] = None
            return evaluated_first(e.body, name, builtin, inner)
    return False  # a literal, a prime, UNCHANGED, ENABLED, LAMBDA, a temporal formula


def _bound_first(b: ast.Bound, name: str, builtin: Builtin, lets: Mapping[str, ast.OpDef | None]) -> bool:
    return b.set is not None and evaluated_first(b.set, name, builtin, lets)
