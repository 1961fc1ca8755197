"""Where TLC's passing of names, not values, shows: does an expression read some names primed,
under UNCHANGED or ENABLED, or under a temporal operator?

TLC substitutes an operator's argument, or a hoisted instance's (``P(d)!Foo`` with
``P(a) == INSTANCE M WITH v <- a``), as an expression: where M's Foo reads ``v'``, TLC
evaluates ``d'``, which for ``d == x + 1`` is ``x' + 1``. The compiler passes values, which
is the same wherever the name is read in the state the value was computed in; ``reads`` says
where it is not, over-approximating (a name that may be read by name counts as read), so that
a value is passed only where that is exact.

The names followed are, in the scope an expression is read in, local names (an operator's
parameters) and constants or variables of an instance substituted by something that mentions
a followed name (``carriers``); they are followed into the definitions the expression calls,
at any depth of instances, into LET definitions, and into the parameters that receive them.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import syntax as ast
from .bindings import resolve_def
from .modules import Scope

_BY_NAME = (ast.Prime, ast.Unchanged, ast.Enabled, ast.StepAction, ast.Fairness, ast.Temporal)

Names = frozenset[str]
# What an operator parameter A(_) stands for, where the walk knows it: ("def", definition, its
# scope) or ("lambda", the LAMBDA, the walk it was written in); None where it does not.
Actual = tuple[Any, ...] | None


class ByName:
    """Memoised ``mentions`` and ``reads`` over one model's scopes."""

    def __init__(self) -> None:
        self._mentions: dict[tuple[Any, ...], bool] = {}
        self._reads: dict[tuple[Any, ...], bool] = {}
        self.walking: set[tuple[int, Names, bool]] = set()  # LET operators being walked (LET RECURSIVE)

    def reads(self, node: Any, scope: Scope, names: Names) -> bool:
        """Does evaluating ``node`` in ``scope`` read one of ``names`` by name?"""
        return bool(names) and _Walk(self, scope, names, {}, {}).go(node, reading=True)

    def mentions(self, node: Any, scope: Scope, names: Names) -> bool:
        """Does the value of ``node`` in ``scope`` depend on one of ``names``?"""
        return bool(names) and _Walk(self, scope, names, {}, {}).go(node, reading=False)

    def reads_def(self, defn: ast.Definition, scope: Scope, names: Names) -> bool:
        """Does evaluating the definition ``defn`` of ``scope`` read by name one of ``names``,
        its own parameters or substituted constants and variables of ``scope``?"""
        return bool(names) and not isinstance(defn, ast.InstanceDef) and self._defn(defn, scope, names, True)

    def reads_call(self, defn: ast.OpDef, scope: Scope, names: Names, args: tuple[Any, ...], caller: Scope,
                   opaque: Names) -> bool:
        """``reads_def`` for a call written in ``caller`` with ``args``: the operator parameters
        stand for what is passed (a LAMBDA, a definition), so that ``Iter(LAMBDA z : z + 1, 2,
        x)`` with ``Iter(F(_), n, a) == ... Iter(F, n - 1, F(a))`` reads its ``a`` by value. A
        LAMBDA that mentions one of ``opaque`` (names of the caller's context whose meaning the
        walk cannot follow: LET operators, operator parameters) stands for an unknown operator."""
        if not names:
            return False
        walk = _Walk(self, caller, frozenset(), {}, {})
        actuals = tuple(None if isinstance(a, ast.Lambda) and ast.names_in(a.body) & (opaque - set(a.params))
                        else None if isinstance(a, ast.Name) and a.name in opaque else walk._actual(a)
                        for p, a in zip(defn.params, args, strict=True) if p.arity)
        return self._defn(defn, scope, names, True, actuals)

    def into(self, inner: Scope, outer: Scope, names: Names) -> Names:
        """The names that carry ``names`` of ``outer`` into the definitions of ``inner``
        (``outer`` or an instance within it, at any depth): in ``outer`` itself its substituted
        constants and variables among them (an operator's parameters stay in its body), in an
        instance the constants and variables whose substitution mentions a carrier."""
        chain = []
        s: Scope | None = inner
        while s is not None and s is not outer:
            chain.append(s)
            s = s.parent
        if s is None:  # not within outer: nothing of outer reaches it
            return frozenset()
        if not chain:
            return names & frozenset((outer.subst or {}).keys())
        carried = names
        for sc in reversed(chain):
            assert sc.parent is not None and sc.subst is not None  # an instance within outer
            carried = frozenset(c for c, e in sc.subst.items() if self.mentions(e, sc.parent, carried))
        return carried

    def _defn(self, defn: ast.OpDef | ast.FunDef, scope: Scope, names: Names, reading: bool,
              actuals: tuple[Actual, ...] = ()) -> bool:
        """``actuals``: what the operator parameters of ``defn`` stand for, in their order."""
        memo = self._reads if reading else self._mentions
        key = (id(defn), id(scope), names, tuple(None if a is None else tuple(map(id, a[1:])) for a in actuals))
        if key not in memo:
            memo[key] = False  # a recursive definition: what its other paths say
            arity = [p.name for p in getattr(defn, "params", ()) if p.arity]
            ops = dict(zip(arity, actuals + (None,) * (len(arity) - len(actuals)), strict=True))
            body = (getattr(defn, "bounds", ()), defn.body)
            memo[key] = _Walk(self, scope, names, {}, ops).go(body, reading)
        return memo[key]


class _Walk:
    """One walk of an expression in ``scope``: the followed ``names``, the LET operators in
    reach (``lets``) and the names bound to operators (``ops``: an operator parameter A(_),
    which may read its argument by name)."""

    def __init__(self, by: ByName, scope: Scope, names: Names, lets: dict[str, ast.OpDef],
                 ops: dict[str, Actual]) -> None:
        self.by, self.scope, self.names, self.lets, self.ops = by, scope, names, lets, ops

    def inner(self, names: Names, lets: dict[str, ast.OpDef] | None = None, ops: Names = frozenset()) -> _Walk:
        return _Walk(self.by, self.scope, names, self.lets if lets is None else lets,
                     {**self.ops, **dict.fromkeys(ops)})

    def go(self, node: Any, reading: bool) -> bool:
        if isinstance(node, tuple):
            return any(self.go(x, reading) for x in node)
        if not dataclasses.is_dataclass(node) or isinstance(node, ast.Pos | type):
            return False
        if reading and isinstance(node, _BY_NAME):
            return self.go(node, reading=False)
        if isinstance(node, ast.Let):
            return self._let(node, reading)
        if isinstance(node, ast.Name | ast.Apply):
            return self._use(node, reading)
        return any(self.go(getattr(node, f.name), reading) for f in dataclasses.fields(node) if f.name != "pos")

    def _let(self, node: ast.Let, reading: bool) -> bool:
        w = self.inner(self.names, dict(self.lets))
        for d in node.defs:
            if not isinstance(d, ast.OpDef | ast.FunDef) or d.name is None:
                continue
            ops = frozenset(p.name for p in getattr(d, "params", ()) if p.arity)
            body = (getattr(d, "bounds", ()), d.body)
            if w.inner(w.names, ops=ops).go(body, reading):
                return True
            if isinstance(d, ast.OpDef):
                w.lets[d.name] = d
            if w.inner(w.names, ops=ops).go(body, reading=False):
                w = w.inner(w.names | {d.name}, w.lets)
        return w.go(node.body, reading)

    def _use(self, node: ast.Name | ast.Apply, reading: bool) -> bool:
        name = node.name if isinstance(node, ast.Name) else node.op
        args = node.args if isinstance(node, ast.Apply) else ()
        if not reading and name in self.names:
            return True
        if self.go(args, reading):
            return True
        hit = [self.go(a, reading=False) for a in args]
        if name in self.lets:
            d = self.lets[name]
            params = frozenset(p.name for p, h in zip(d.params, hit, strict=False) if h)
            ops = frozenset(p.name for p in d.params if p.arity)
            key = (id(d), self.names | params, reading)
            if not params or key in self.by.walking:
                return False  # (a LET RECURSIVE operator calling itself: what its other paths say)
            self.by.walking.add(key)
            try:
                return self.inner(self.names | params, ops=ops).go(d.body, reading)
            finally:
                self.by.walking.discard(key)
        target = resolve_def(name, self.scope)
        if target is None or not isinstance(target[0], ast.OpDef | ast.FunDef):
            # An operator parameter, or a constant operator an instance substitutes, may read
            # its argument by name; a built-in reads values. A substitution by the name of an
            # operator defined outside (A <- g) reads what that operator reads.
            subst = self.scope.subst or {}
            if not (reading and any(hit)) or name not in self.ops and name not in subst:
                return False
            if name in self.ops:
                return self._applied(self.ops[name], hit, reading)
            outer = self._substituted_def(subst[name])
            if outer is None:
                return True
            d, ds = outer
            return self.by._defn(d, ds, frozenset(p.name for p, h in zip(d.params, hit, strict=False) if h), reading)
        defn, dscope = target[0], target[1]
        params = frozenset(p.name for p, h in zip(getattr(defn, "params", ()), hit, strict=False) if h)
        actuals = tuple(self._actual(a) for p, a in zip(getattr(defn, "params", ()), args, strict=False) if p.arity)
        return self.by._defn(defn, dscope, self.by.into(dscope, self.scope, self.names) | params, reading, actuals)

    def _actual(self, arg: Any) -> Actual:
        """What an argument passed for an operator parameter stands for (see Actual)."""
        if isinstance(arg, ast.Lambda):
            return ("lambda", arg, self)
        if not isinstance(arg, ast.Name) or arg.name in self.lets:
            return None
        if arg.name in self.ops:
            return self.ops[arg.name]
        target = resolve_def(arg.name, self.scope)
        return ("def", target[0], target[1]) if target is not None and isinstance(target[0], ast.OpDef) else None

    def _applied(self, actual: Actual, hit: list[bool], reading: bool) -> bool:
        """Does applying an operator parameter that stands for ``actual`` read by name what
        the arguments ``hit`` carry? Unknown: it may (FoldFunction(Add, Zero, f[p]) with
        Add a definition reads values: RECURSIVE Sum of tlaplus/Examples' Huang)."""
        if actual is None:
            return True
        if actual[0] == "lambda":
            lam, walk = actual[1], actual[2]
            return walk.inner(walk.names | frozenset(n for n, h in zip(lam.params, hit, strict=False) if h)).go(
                lam.body, reading)
        d, ds = actual[1], actual[2]
        return self.by._defn(d, ds, frozenset(p.name for p, h in zip(d.params, hit, strict=False) if h), reading)

    def _substituted_def(self, sub: Any) -> tuple[ast.OpDef, Scope] | None:
        """The operator of the enclosing scope that a substitution names (``A <- g``), or None."""
        parent = self.scope.parent
        if not isinstance(sub, ast.Name) or parent is None:
            return None
        target = resolve_def(sub.name, parent)
        if target is None or not isinstance(target[0], ast.OpDef):
            return None
        return target[0], target[1]
