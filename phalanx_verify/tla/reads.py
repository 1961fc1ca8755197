"""Which state variables an expression reads, through the definitions it uses.

The checker uses this to check an invariant incrementally: a conjunct that reads only
variables a step left unchanged has the value it had in the predecessor state, and a conjunct
is a function of the variables it reads, so its value can be remembered per projection.

The answer is a set of variable indices, or None when it cannot be bounded (ENABLED, primes,
recursion, an instance variable without substitution): None means "may read anything", so
every use of the analysis stays sound by treating it as the whole state.
"""

from __future__ import annotations

from . import syntax as ast
from .compile import Compiler, Ctx, Local
from .memo import OBSERVING
from .modules import Scope

Reads = frozenset[int] | None
_NONE: frozenset[int] = frozenset()


class ReadsAnalysis:
    """Variables read by expressions of one compiled model (memoised per definition)."""

    def __init__(self, compiler: Compiler) -> None:
        self.c = compiler
        self.index = {v: i for i, v in enumerate(compiler.variables)}
        self._defs: dict[tuple[int, int], Reads] = {}
        self._active: set[tuple[int, int]] = set()

    def of(self, e: ast.Expr, ctx: Ctx) -> Reads:
        if isinstance(e, ast.Num | ast.Str | ast.Bool | ast.At):
            return _NONE
        if isinstance(e, ast.Name):
            return self._name(e.name, ctx)
        if isinstance(e, ast.Prime | ast.Unchanged | ast.StepAction | ast.Temporal | ast.Fairness
                      | ast.Enabled):
            return None
        parts: list[Reads] = []
        if isinstance(e, ast.Apply):
            parts = [self.of(a, ctx) for a in e.args]
            if ctx.lookup(e.op) is None:
                target = self.c.resolve_def(e.op, ctx.scope)
                if target is not None:
                    parts.append(self._def(*target))
                elif e.op in OBSERVING:
                    return None
        elif isinstance(e, ast.Let):
            inner = ctx
            for d in e.defs:
                if isinstance(d, ast.OpDef):
                    parts.append(self.of(d.body, self.c.bind_params(inner, d.params)))
                else:
                    return None  # a LET-defined recursive function: not analysed
                inner = inner.bind(d.name, _local_op(len(d.params)))
            parts.append(self.of(e.body, inner))
        else:
            parts = [self.of(child, cctx) for child, cctx in self.c.children(e, ctx)]
        return _union(parts)

    def _name(self, name: str, ctx: Ctx) -> Reads:
        if ctx.lookup(name) is not None:
            return _NONE
        scope = ctx.scope
        if scope.subst is not None and name in scope.subst:
            return self.of(scope.subst[name], _root_ctx(self.c, scope.parent))
        if name in scope.variables:
            return frozenset((self.index[name],)) if scope.subst is None and name in self.index else None
        target = self.c.resolve_def(name, scope)
        if target is not None:
            return self._def(*target)
        return None if name in OBSERVING else _NONE

    def _def(self, defn: ast.Definition, scope: Scope) -> Reads:
        key = (id(defn), id(scope))
        if key in self._defs:
            return self._defs[key]
        if key in self._active:
            return None  # recursion: give up rather than compute a fixpoint
        self._active.add(key)
        try:
            ctx = _root_ctx(self.c, scope)
            if isinstance(defn, ast.OpDef):
                out = self.of(defn.body, self.c.bind_params(ctx, defn.params))
            elif isinstance(defn, ast.FunDef):
                out = _union([self.of(b.set, ctx) for b in defn.bounds if b.set is not None]
                             + [self.of(defn.body, self.c.bind_bounds(ctx, defn.bounds))])
            else:
                out = None
        finally:
            self._active.discard(key)
        self._defs[key] = out
        return out


def _union(parts: list[Reads]) -> Reads:
    out: set[int] = set()
    for p in parts:
        if p is None:
            return None
        out |= p
    return frozenset(out)


def _root_ctx(compiler: Compiler, scope: Scope | None) -> Ctx:
    return Ctx(scope or compiler.root)


def _local_op(arity: int) -> Local:
    return Local("_", "op" if arity else "value", arity)
