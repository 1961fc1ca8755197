"""Which state variables never hold a Boolean, at any depth, in any reachable state.

Python's 1 == True is the one way two values Python finds equal can be different TLA+ values
(values.same), so the search confirms every duplicate state it finds by equality with a walk of
the new state's fresh sub-values (bfs.Interner, values.bool_free): on LamportMutex that walk
was an eighth of the run. A variable proven here never holds a Boolean, so for it Python's ==
is TLA+'s = and no walk is needed.

The proof is an induction over the search: every value the initial predicate or the next-state
relation can give the variable (``x = e``, ``x' = e``, ``x' \\in S``) is shown Boolean-free
assuming the proven variables are, and the set is shrunk to a fixpoint. Every rule answers "not
proven" unless it is certain: a value of an unknown kind, a built-in not listed, a LET operator
applied to a formula, an instance with substitutions. Where an action could assign a variable
in a way the walk below does not follow (the compiler's assignments through a parameter passed
by name, through a definition ``a == x'``, through a function definition opened as an action),
no variable is proven.
"""

from __future__ import annotations

from typing import Any

from . import syntax as ast
from .bindings import Ctx, Local, bind_params, substituted_op
from .levels import LEVEL_ACTION, LEVEL_STATE
from .sameness import bool_free

# Built-ins whose value holds no Boolean whatever their arguments (integers, sets of them)
_NUMERIC = frozenset({"plus", "minus", "mul", "pow", "mod", "div", "negative", "dots_2", "Len", "Cardinality"})
# ... whose value holds no Boolean when their first argument holds none (a part of it, or a
# set made of its parts)
_OF_FIRST = frozenset({"Head", "Tail", "SubSeq", "SelectSeq", "setminus", "powerset", "union", "domain", "Seq"})
# ... when none of their arguments holds one
_OF_ALL = frozenset({"cup", "cap", "Append", "circ", "times", "map_to", "compose"})
_NUMERIC_SETS = frozenset({"Nat", "Int", "STRING"})
# Sub-expressions valued at most (a binding is valued at each use, which nesting could make
# exponential): past it nothing more is proven
_BUDGET = 200_000

# A name bound around an expression: what its value is made of.
# ("val", e, scope, env): the value of e; ("elem", S, scope, env): an element of the set S;
# ("def", OpDef, scope, env): a LET definition; ("op",): an operator parameter.
Binding = tuple


class _GiveUp(Exception):
    """An assignment the walk cannot follow: no variable is proven."""


def bool_free_variables(compiler: Any, init: tuple[ast.Expr, Any], nxt: tuple[ast.Expr, Any] | None) -> frozenset[int]:
    """The indexes of the variables proven never to hold a Boolean, given the initial
    predicate and the next-state relation (each an expression and the scope it is compiled
    in); ``nxt`` None when the model has none the search uses as such."""
    analysis = _Analysis(compiler)
    try:
        analysis.walk(init[0], init[1], {}, Ctx(init[1]), "init", 0)
        if nxt is not None:
            analysis.walk(nxt[0], nxt[1], {}, Ctx(nxt[1]), "next", 0)
    except _GiveUp:
        return frozenset()
    return analysis.fixpoint()


class _Analysis:
    def __init__(self, compiler: Any) -> None:
        self.c = compiler
        self.free = set(range(len(compiler.variables)))
        # every assignment met: (variable index, x' \in S rather than x' = e, e or S, scope, env)
        self.sites: list[tuple[int, bool, ast.Expr, Any, dict[str, Binding]]] = []
        self.unfolding: set[int] = set()  # definitions being walked or valued (recursion)
        self.budget = _BUDGET

    def fixpoint(self) -> frozenset[int]:
        changed = True
        while changed:
            changed = False
            for i, _member, e, scope, env in self.sites:
                if i in self.free and not self.value(e, scope, env, 0):
                    self.free.discard(i)
                    changed = True
        return frozenset(self.free)

    # -- the actions: where variables are assigned -------------------------------------------
    def walk(self, e: ast.Expr, scope: Any, env: dict[str, Binding], ctx: Ctx, mode: str, depth: int) -> None:
        """Record the assignments e can make (mirrors the compiler's actions.gen)."""
        if depth > 60 or scope.subst is not None or scope.bound:
            raise _GiveUp
        if isinstance(e, ast.And | ast.Or):
            for x in e.items:
                self.walk(x, scope, env, ctx, mode, depth + 1)
        elif isinstance(e, ast.Quant):
            env, ctx = _bind_bounds(e.bounds, scope, env, ctx)
            self.walk(e.body, scope, env, ctx, mode, depth + 1)
        elif isinstance(e, ast.If):
            self.walk(e.then, scope, env, ctx, mode, depth + 1)
            self.walk(e.else_, scope, env, ctx, mode, depth + 1)
        elif isinstance(e, ast.Case):
            for _, body in e.arms:
                self.walk(body, scope, env, ctx, mode, depth + 1)
            if e.other is not None:
                self.walk(e.other, scope, env, ctx, mode, depth + 1)
        elif isinstance(e, ast.Let):
            env, ctx = self._bind_let(e.defs, scope, env, ctx)
            self.walk(e.body, scope, env, ctx, mode, depth + 1)
        elif isinstance(e, ast.StepAction):
            self.walk(e.action, scope, env, ctx, mode, depth + 1)
        elif isinstance(e, ast.Apply) and e.op in ("eq", "in") and e.op not in env \
                and self.c.resolve_def(e.op, scope) is None:
            self._assignment(e, scope, env, ctx, mode)
        elif isinstance(e, ast.Apply | ast.Name):
            self._call(e, scope, env, ctx, mode, depth)
        elif isinstance(e, ast.FuncApp | ast.Prime) and self._may_assign(e, ctx, mode):
            raise _GiveUp  # a function definition opened as an action (actions._opened_fundef)

    def _may_assign(self, e: ast.Expr, ctx: Ctx, mode: str) -> bool:
        return self.c.level(e, ctx) >= (LEVEL_ACTION if mode == "next" else LEVEL_STATE)

    def _assignment(self, e: ast.Apply, scope: Any, env: dict[str, Binding], ctx: Ctx, mode: str) -> None:
        left = e.args[0]
        if mode == "next":
            left = left.expr if isinstance(left, ast.Prime) else ast.Num(left.pos, 0)
        if isinstance(left, ast.Name) and left.name not in env and left.name in scope.variables:
            self.sites.append((self.c.variables.index(left.name), e.op == "in", e.args[1], scope, env))
        elif isinstance(e.args[0], ast.Name | ast.Prime | ast.Let) and self._may_assign(e.args[0], ctx, mode):
            raise _GiveUp  # a target the compiler reads through a definition or a LET

    def _call(self, e: ast.Apply | ast.Name, scope: Any, env: dict[str, Binding], ctx: Ctx, mode: str,
              depth: int) -> None:
        """An operator applied where an action is expected: its body is walked as the compiler
        inlines it, the parameters bound to the arguments' values."""
        name = e.op if isinstance(e, ast.Apply) else e.name
        args = e.args if isinstance(e, ast.Apply) else ()
        if name in env:
            b = env[name]
            if b[0] != "def":
                return
            defn, dscope, denv = b[1], b[2], b[3]
        else:
            if name in scope.variables:
                return
            target = self.c.resolve_def(name, scope) or substituted_op(name, scope, self.c.root, self.c.substitutions)
            if target is None:
                return
            defn, dscope = target
            denv = {}
            if not isinstance(defn, ast.OpDef):
                if self._may_assign(e, ctx, mode):
                    raise _GiveUp
                return
        if len(args) != len(defn.params) or not self._may_assign(e, ctx, mode):
            return  # a condition, compiled as a value
        if id(defn) in self.unfolding:
            raise _GiveUp
        inner = dict(denv)
        for p, a in zip(defn.params, args, strict=True):
            if p.arity:
                inner[p.name] = ("op",)
            elif self.c.level(a, ctx) >= (LEVEL_STATE if mode == "init" else LEVEL_ACTION) or (
                    isinstance(a, ast.Prime | ast.Let) or isinstance(a, ast.Name) and a.name not in env) \
                    and self.c.level(a, ctx) >= LEVEL_STATE:
                # passed by name: assigned through the parameter (a name bound here, by a
                # quantifier, parameter or LET, is passed by value)
                raise _GiveUp
            else:
                inner[p.name] = ("val", a, scope, env)
        ictx = bind_params(Ctx(dscope) if name not in env else env[name][4], defn.params)
        self.unfolding.add(id(defn))
        try:
            self.walk(defn.body, dscope, inner, ictx, mode, depth + 1)
        finally:
            self.unfolding.discard(id(defn))

    def _bind_let(self, defs: tuple[ast.Definition, ...], scope: Any, env: dict[str, Binding],
                  ctx: Ctx) -> tuple[dict[str, Binding], Ctx]:
        for d in defs:
            if isinstance(d, ast.OpDef):
                level = self.c.level(d.body, bind_params(ctx, d.params))
                env = {**env, d.name: ("def", d, scope, env, ctx)}
                ctx = ctx.bind(d.name, Local("_", "op" if d.params else "thunk", len(d.params), level=level))
            elif d.name is not None:
                env = {**env, d.name: ("no",)}
                ctx = ctx.bind(d.name, Local("_", "value"))
        return env, ctx

    # -- values: no Boolean at any depth -----------------------------------------------------
    def value(self, e: ast.Expr, scope: Any, env: dict[str, Binding], depth: int) -> bool:
        """Is e's value free of Booleans, the proven variables being so? False when unsure."""
        self.budget -= 1
        if depth > 40 or self.budget < 0:
            return False
        d = depth + 1
        if isinstance(e, ast.Num | ast.Str):
            return True
        if isinstance(e, ast.At):
            return "@" in env and self._bound(env["@"], d)
        if isinstance(e, ast.Name):
            return self._name(e.name, scope, env, d)
        if isinstance(e, ast.Prime):
            return isinstance(e.expr, ast.Name) and e.expr.name not in env and scope.subst is None \
                and e.expr.name in scope.variables and self.c.variables.index(e.expr.name) in self.free
        if isinstance(e, ast.Apply):
            return self._apply(e, scope, env, d)
        if isinstance(e, ast.If):
            return self.value(e.then, scope, env, d) and self.value(e.else_, scope, env, d)
        if isinstance(e, ast.Case):
            return all(self.value(b, scope, env, d) for _, b in e.arms) and (
                e.other is None or self.value(e.other, scope, env, d))
        if isinstance(e, ast.Let):
            inner = dict(env)
            for df in e.defs:
                if df.name is not None:
                    inner[df.name] = ("def", df, scope, dict(inner), None) if isinstance(df, ast.OpDef) else ("no",)
            return self.value(e.body, scope, inner, d)
        if isinstance(e, ast.Choose | ast.SetFilter):
            return e.bound.set is not None and self.value(e.bound.set, scope, env, d)
        if isinstance(e, ast.SetEnum | ast.Tuple):
            return all(self.value(x, scope, env, d) for x in e.items)
        if isinstance(e, ast.SetMap | ast.FuncLit):
            body = e.expr if isinstance(e, ast.SetMap) else e.body
            if isinstance(e, ast.FuncLit) and not all(b.set is not None and self.value(b.set, scope, env, d)
                                                      for b in e.bounds):
                return False  # the domain: its keys
            return self.value(body, scope, _bind_bounds(e.bounds, scope, env, None)[0], d)
        if isinstance(e, ast.FuncApp):
            return self.value(e.func, scope, env, d)
        if isinstance(e, ast.FuncSet):
            return self.value(e.domain, scope, env, d) and self.value(e.range, scope, env, d)
        if isinstance(e, ast.RecordLit | ast.RecordSet):
            return all(self.value(x, scope, env, d) for _, x in e.fields)
        if isinstance(e, ast.Field):
            return self.value(e.record, scope, env, d)
        if isinstance(e, ast.Except):
            # EXCEPT changes values at keys already in the domain: @ is a value of the function
            inner = {**env, "@": ("val", e.func, scope, env)}
            return self.value(e.func, scope, env, d) and all(self.value(v, scope, inner, d) for _, v in e.updates)
        return False

    def _bound(self, b: Binding, depth: int) -> bool:
        if b[0] in ("val", "elem"):
            return self.value(b[1], b[2], b[3], depth)
        if b[0] == "def" and not b[1].params:
            return self._inlined(b[1], b[2], b[3], depth)
        return False

    def _inlined(self, defn: ast.OpDef, scope: Any, env: dict[str, Binding], depth: int) -> bool:
        if id(defn) in self.unfolding:
            return False  # a recursive operator: not proven (a least fixpoint, from below)
        self.unfolding.add(id(defn))
        try:
            return self.value(defn.body, scope, env, depth)
        finally:
            self.unfolding.discard(id(defn))

    def _name(self, name: str, scope: Any, env: dict[str, Binding], depth: int) -> bool:
        if name in env:
            return self._bound(env[name], depth)
        if scope.subst is not None:
            return False
        if name in scope.variables:
            return self.c.variables.index(name) in self.free
        c = self.c
        if any(p.name == name for p in scope.constants):
            if name in c.substitutions:
                target = c.resolve_def(c.substitutions[name], c.root)
                return target is not None and isinstance(target[0], ast.OpDef) and not target[0].params \
                    and self._inlined(target[0], target[1], {}, depth)
            return f"C_{name}" in c.ns and bool_free(c.ns[f"C_{name}"])
        target = c.resolve_def(name, scope)
        if target is None:
            return name in _NUMERIC_SETS and name not in c.substitutions
        defn, dscope = target
        if isinstance(defn, ast.OpDef):
            return not defn.params and self._inlined(defn, dscope, {}, depth)
        if isinstance(defn, ast.FunDef):
            if id(defn) in self.unfolding or not all(b.set is not None and self.value(b.set, dscope, {}, depth)
                                                     for b in defn.bounds):
                return False
            self.unfolding.add(id(defn))
            try:
                return self.value(defn.body, dscope, _bind_bounds(defn.bounds, dscope, {}, None)[0], depth)
            finally:
                self.unfolding.discard(id(defn))
        return False

    def _apply(self, e: ast.Apply, scope: Any, env: dict[str, Binding], depth: int) -> bool:
        c = self.c
        if e.op in env:
            b = env[e.op]
            if b[0] != "def" or len(b[1].params) != len(e.args) or any(p.arity for p in b[1].params):
                return False
            defn, dscope, denv = b[1], b[2], b[3]
        else:
            if scope.subst is not None:
                return False
            target = c.resolve_def(e.op, scope) or substituted_op(e.op, scope, c.root, c.substitutions)
            if target is None:
                if e.op in _NUMERIC:
                    return True
                if e.op in _OF_FIRST:
                    return bool(e.args) and self.value(e.args[0], scope, env, depth)
                return e.op in _OF_ALL and all(self.value(a, scope, env, depth) for a in e.args)
            defn, dscope = target
            denv = {}
            if not isinstance(defn, ast.OpDef) or len(defn.params) != len(e.args) \
                    or any(p.arity for p in defn.params):
                return False
        inner = dict(denv)
        for p, a in zip(defn.params, e.args, strict=True):
            inner[p.name] = ("val", a, scope, env)
        return self._inlined(defn, dscope, inner, depth)


def _bind_bounds(bounds: tuple[ast.Bound, ...], scope: Any, env: dict[str, Binding],
                 ctx: Ctx | None) -> tuple[dict[str, Binding], Ctx]:
    """Quantified names: each an element of its set (or of a tuple in it), unknown unbounded."""
    outer, env = env, dict(env)
    for b in bounds:
        for n in b.names:
            env[n] = ("elem", b.set, scope, outer) if b.set is not None else ("no",)
            if ctx is not None:
                ctx = ctx.bind(n, Local("_", "value"))
    return env, ctx  # type: ignore[return-value]
