"""Action code generation: an action becomes a Python generator that enumerates successor
states the way TLC does: walking conjunctions left to right, treating ``x' = e`` and
``x' \\in S`` as assignments when x' is not yet determined, branching on disjunctions and
existentials, and yielding one successor per binding (so "states generated" is counted like
TLC's). The initial predicate is enumerated the same way, assigning unprimed variables.

It is compiled in continuation-passing style: the code for a conjunct is emitted with the code
for the rest of the conjunction nested inside it, so which primed variables are determined is
known statically in every branch and a primed variable is a plain Python local. Splitting Next
into named sub-actions (``ActionLabel``) and TLC's -coverage counters happen here too. Values
inside actions are compiled by expressions.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from . import syntax as ast
from .alpha import alpha_key
from .bindings import Ctx, Local, StateRef, substituted_op, substitution_ctx, thread_name, threaded, within
from .compilerbase import Code, Cont, emit_handlers
from .errors import SemanticError
from .expressions import SIMPLE, Expressions, mentions_any, split_let
from .levels import LEVEL_ACTION, LEVEL_CONSTANT, LEVEL_STATE
from .modules import Scope

# A Python local of the compiled code (no literal, no cell like _KEEP[0]), and a cell.
_LOCAL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CELL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\[\d+\]")


@dataclass(frozen=True)
class ActionLabel:
    """A named sub-action of the next-state relation, as TLC reports it: ``Fail(l4)``.

    TLC's Tool.getActions splits Next into actions: it opens disjunctions, LETs, \\E over
    constant sets and operators applied to constant arguments, and what it cannot open is an
    action, shown in a trace by that expression's range (``<Fail(l4) line 7, col 9 to line 8,
    col 17 of module M>``). ``pos`` is the definition the action is named after; ``leaf`` is
    that expression, on a label made for it whose ``parent`` is the definition's label (one
    definition may hold several such expressions, \\/ A \\/ B)."""

    name: str
    pos: ast.Pos
    params: tuple[str, ...]
    module: str
    leaf: ast.Pos | None = None
    parent: int = -1

    def render(self, args: tuple) -> str:
        from .values import format_value

        inner = f"({', '.join(format_value(a) for a in args)})" if args else ""
        return f"{self.name}{inner}"


class Actions(Expressions):
    """Compiles actions and initial predicates of one model to successor/initial generators."""

    labels: list[ActionLabel]  # the sub-actions of Next met so far, by label index
    # TLC's getNextStates0 stops enumerating once every variable of a successor is assigned, and
    # tests the rest of the action as a Boolean, only while warnings are on (not under
    # -nowarning): then each further way the action holds is one more generated successor
    all_assigned_shortcut = True
    # Per label: was it reached through a condition (IF, CASE, LET, or an existential over
    # a state-dependent set) while splitting Next? Unguarded labels enumerate all of their
    # operator's successors, which lets fairness reuse the Next edges (see check/fairness).
    label_guarded: dict[int, bool]
    label_split: set[int]  # labels whose steps carry the labels of the sub-actions they call
    _emitted_labels: set[int]
    _label_index: dict[tuple[str, ast.Pos, str | None], int]
    _leaf_index: dict[tuple[int, str], int]  # (definition's label, range) -> the label of that action
    # Conjunct coverage (TLC's -coverage, check/coverage.py): with _covering set, every
    # conjunct of an action counts at _cov[2i] the times it is evaluated and at _cov[2i+1]
    # the ways it holds, i = the slot of (action label, conjunct position) in conjuncts.
    conjuncts: list[tuple[int, ast.Pos]]
    _conjunct_slots: dict[tuple[int, ast.Pos], int]
    _covering: bool
    conjunct_counts: list[int]
    _branching_defs: dict[tuple[int, int], bool]  # branches() of operator bodies
    # RECURSIVE operators being compiled as generators, by definition and variables determined
    _recursions: dict[tuple[tuple[int, int], frozenset[int], tuple | None], _Recursion]

    def _target_var(self, e: ast.Expr, ctx: Ctx, mode: str) -> tuple[int, Ctx] | None:
        """If e denotes a variable of the state being built (x' in 'next' mode, x in 'init'
        mode), return its index and the context whose StateRef holds it."""
        if isinstance(e, ast.Let) and isinstance(e.body, ast.Name):
            # (LET y == a' IN y) = 0 assigns a: TLC's getPrimedVar reads through the LET
            defs = [d for d in e.defs if isinstance(d, ast.OpDef) and not d.params and d.name == e.body.name]
            return self._target_var(defs[-1].body, ctx, mode) if defs else None
        if mode == "next":
            if isinstance(e, ast.Name):
                # A parameter that stands for x' (CalculateHash(b, h, lastHash') called by name:
                # its ``newLastHash = hash`` assigns lastHash, as TLC substitutes the argument).
                loc = ctx.lookup(e.name)
                if loc is None:  # ``a == x'`` makes ``a = 1`` an assignment (TLC's getPrimedVar)
                    body = self._zero_arity_body(e.name, ctx)
                    return self._target_var(*body, mode) if body is not None else None
                if loc.letdef is not None and not loc.letdef[0].params:
                    # a LET definition of an action (LET zz == xx IN zz \in S with xx standing for
                    # x'): TLC's getPrimedVar reads through its LazyValue to the expression
                    d, dctx = loc.letdef
                    return self._target_var(d.body, replace(dctx, cur=ctx.cur, nxt=ctx.nxt), mode)
                if loc.kind != "alias" or not isinstance(loc.alias[0], ast.Prime | ast.Name):  # type: ignore[index]
                    return None  # (a parameter passed on by name: Op1(w) == Op2(w) called as Op1(x'))
                aexpr, actx = loc.alias  # type: ignore[misc]
                return self._target_var(aexpr, replace(actx, cur=ctx.cur, nxt=ctx.nxt), mode)
            if not isinstance(e, ast.Prime):
                return None
            e = e.expr
        if not isinstance(e, ast.Name):
            return None
        loc = ctx.lookup(e.name)
        if loc is not None and loc.redo is not None and loc.kind == "thunk":  # LET d == x IN d' = 1 assigns x
            defn, dctx = loc.redo
            inner = replace(dctx, cur=ctx.cur, nxt=ctx.nxt)
            return self._target_var(ast.Prime(e.pos, defn.body) if mode == "next" else defn.body, inner, mode)
        if loc is not None:
            if loc.kind != "alias":
                return None
            aexpr, actx = loc.alias  # type: ignore[misc]
            inner = replace(actx, cur=ctx.cur, nxt=ctx.nxt)
            return self._target_var(ast.Prime(e.pos, aexpr) if mode == "next" else aexpr, inner, mode)
        scope = ctx.scope
        if scope.subst is not None and e.name in scope.subst:
            if mode == "next" and id(scope) in ctx.enabled_outside and e.name in scope.variables:
                return self._pseudo_index(e.name), ctx
            sub = scope.subst[e.name]
            return self._target_var(ast.Prime(e.pos, sub) if mode == "next" else sub, substitution_ctx(scope, ctx),
                                    mode)
        if scope.subst is None and e.name in scope.variables:
            return self.variables.index(e.name), ctx
        body = self._zero_arity_body(e.name, ctx)  # ``c == x``: c' is x' (TLC's getVar)
        if body is not None:
            return self._target_var(ast.Prime(e.pos, body[0]) if mode == "next" else body[0], body[1], mode)
        return None

    def _opened_fundef(self, e: ast.FuncApp, ctx: Ctx) -> tuple[ast.Expr, Ctx] | None:
        """``N[i]`` with ``N[n \\in S] == UNCHANGED x`` (an action-level function definition):
        the body with n bound to the argument, so that it assigns as an action does (TLC's
        getNextStates applies a lazy function by evaluating its body as an action)."""
        if not isinstance(e.func, ast.Name) or ctx.lookup(e.func.name) is not None \
                or self.level(e, ctx) < LEVEL_ACTION:
            return None
        target = self.resolve_def(e.func.name, ctx.scope)
        if target is None:
            return None
        defn, scope = target
        if not isinstance(defn, ast.FunDef):
            return None
        names = [n for b in defn.bounds for n in b.names]
        if any(b.tuple_pattern for b in defn.bounds) or len(names) != len(e.args) \
                or mentions_any(defn.body, {defn.name}):
            return None
        # \E n \in {arg} : body, in the definition's module, the argument read where it is written
        if scope is not ctx.scope:
            return None
        bounds = tuple(ast.Bound((n,), False, ast.SetEnum(a.pos, (a,))) for n, a in zip(names, e.args, strict=True))
        return ast.Quant(e.pos, "exists", bounds, defn.body), ctx

    def _zero_arity_body(self, name: str, ctx: Ctx) -> tuple[ast.Expr, Ctx] | None:
        """The body of the definition ``name == body`` without parameters, with the context of
        its module: TLC looks through such definitions for the variable an equation assigns."""
        target = self.resolve_def(name, ctx.scope)
        if target is None or not isinstance(target[0], ast.OpDef) or target[0].params:
            return None
        return target[0].body, Ctx(target[1], cur=ctx.cur, nxt=ctx.nxt, enabled_outside=ctx.enabled_outside)

    def _building(self, ctx: Ctx, mode: str) -> StateRef:
        return ctx.nxt if mode == "next" else ctx.cur  # type: ignore[return-value]

    def _with_building(self, ctx: Ctx, mode: str, ref: StateRef) -> Ctx:
        return replace(ctx, nxt=ref) if mode == "next" else replace(ctx, cur=ref)

    def gen(self, code: Code, e: ast.Expr, ctx: Ctx, k: Cont, label: tuple | None,
            mode: str = "next", split: bool = True) -> None:
        """Emit code that enumerates the ways e can hold, running k for each."""
        if split and label is not None and mode == "next" and not self._tlc_opens(e, ctx):
            # an action of TLC's: what it holds is not split further (IF c THEN A ELSE B is one)
            label = self._leaf(label, e.pos)
            k = _relabel(k, label)
            split = False
        if isinstance(e, ast.And):
            self._gen_conj(code, list(e.items), ctx, k, label, mode)
            return
        if isinstance(e, ast.Or):
            for item in e.items:
                self.gen(code, item, ctx, k, label, mode, split)
            return
        if isinstance(e, ast.Quant) and e.kind == "exists" and ctx.witnesses is not None \
                and isinstance(e.body, ast.And):
            # Checking a given step: conjuncts that do not mention the bound variables are
            # tested before the loop (\E x : A /\ B(x) is A /\ \E x : B(x)), so a step that
            # is not this action fails without enumerating, e.g., SUBSET Leaf.
            names = {n for b in e.bounds for n in b.names}
            pre = tuple(x for x in e.body.items if not self.mentions(x, names, ctx.scope))
            rest = tuple(x for x in e.body.items if self.mentions(x, names, ctx.scope))
            if pre and rest:
                body = rest[0] if len(rest) == 1 else ast.And(e.body.pos, rest)
                hoisted = ast.And(e.pos, pre + (ast.Quant(e.pos, e.kind, e.bounds, body),))
                self.gen(code, hoisted, ctx, k, label, mode, split)
                return
        if isinstance(e, ast.Quant) and e.kind == "exists":
            gens, inner = self._gens(e.bounds, ctx, e.pos, witnesses=ctx.witnesses)
            if ctx.witnesses is None and len(gens) == 1:
                clause, inner = self._narrow_subsets(e, gens[0], inner)
                gens = [clause]
            k = _Restore(k, ctx)  # the bound variables end with the quantifier
            if split and any(b.set is not None and self.level(b.set, ctx) > LEVEL_CONSTANT for b in e.bounds):
                inner = replace(inner, guarded=True)
            for clause in reversed(gens):  # TLC's order: the first variable varies fastest
                code.emit(clause + ":")
                code.depth += 1
            self.gen(code, e.body, inner, k, label, mode, split)
            code.depth -= len(gens)
            return
        if isinstance(e, ast.Quant) and e.kind == "forall" and ctx.witnesses is None \
                and (mode == "init" or self.level(e, ctx) >= LEVEL_ACTION):
            self._gen_forall(code, e, ctx, _Restore(k, ctx), label, mode)
            return
        if isinstance(e, ast.If) and self.level(e, ctx) >= LEVEL_ACTION or (
                isinstance(e, ast.If) and mode == "init"):
            code.emit(f"if {self.cond(e.cond, ctx, 'IF')}:")
            code.depth += 1
            ctx = replace(ctx, guarded=True)
            self.gen(code, e.then, ctx, k, label, mode, split)
            code.depth -= 1
            code.emit("else:")
            code.depth += 1
            self.gen(code, e.else_, ctx, k, label, mode, split)
            code.depth -= 1
            return
        if isinstance(e, ast.Case) and (self.level(e, ctx) >= LEVEL_ACTION or mode == "init"):
            ctx = replace(ctx, guarded=True)
            for i, (cond, body) in enumerate(e.arms):
                code.emit(f"{'if' if i == 0 else 'elif'} {self.cond(cond, ctx, 'CASE')}:")
                code.depth += 1
                self.gen(code, body, ctx, k, label, mode, split)
                code.depth -= 1
            code.emit("else:")
            code.depth += 1
            if e.other is not None:
                self.gen(code, e.other, ctx, k, label, mode, split)
            else:
                code.emit("_rt.case_fail()")
            code.depth -= 1
            return
        if isinstance(e, ast.Let):
            inner = replace(ctx, guarded=True)
            for i, d in enumerate(e.defs):
                outer = inner
                later = ast.Let(e.pos, e.defs[i + 1:], e.body) if i + 1 < len(e.defs) else e.body
                inner, name, value = self._let_binding(d, inner, shared=True, body=later)
                code.emit(f"{name} = {value}")
                if isinstance(d, ast.OpDef) and not d.recursive:  # a call that assigns is inlined
                    made = inner.lookup(d.name)
                    assert made is not None
                    inner = outer.bind(d.name, replace(made, letdef=(d, outer)))
            self.gen(code, e.body, inner, _Restore(k, ctx), label, mode, split)
            return
        if isinstance(e, ast.Name) and (loc := ctx.lookup(e.name)) is not None and loc.kind == "alias" \
                and self.level(e, ctx) >= (LEVEL_ACTION if mode == "next" else LEVEL_STATE):
            aexpr, actx = loc.alias  # type: ignore[misc]  # a formula passed by name (see _gen_call)
            self.gen(code, aexpr, replace(actx, cur=ctx.cur, nxt=ctx.nxt), _Restore(k, ctx), label, mode, split)
            return
        if isinstance(e, ast.Apply | ast.Name) and self._gen_call(code, e, ctx, k, label, mode, split):
            return
        if isinstance(e, ast.FuncApp) and mode == "next" and (opened := self._opened_fundef(e, ctx)) is not None:
            self.gen(code, opened[0], opened[1], _Restore(k, ctx), label, mode, split)
            return
        if isinstance(e, ast.Apply) and e.op in ("eq", "in", "subseteq") and ctx.lookup(e.op) is None:
            tv = self._target_var(e.args[0], ctx, mode)
            if tv is not None:
                i, _ = tv
                ref = self._building(ctx, mode)
                if ref.read(i) is None:
                    py = self.fresh("n_" + self._var_name(i))
                    walk = self._filter_walk(e.args[1], ctx) if e.op == "in" else None
                    rhs = walk or self.val(e.args[1], ctx)
                    if e.op == "subseteq":  # x' \\subseteq S assigns as x' \\in SUBSET S (TLC's OPCODE_subseteq)
                        rhs = f"_rt.powerset({rhs})"
                    bound = self._with_building(ctx, mode, ref.bind(i, py))
                    if e.op == "eq":
                        code.emit(f"{py} = {rhs}")
                        k(code, bound)
                    else:
                        assigning = 2 if mode == "next" else 1
                        code.emit(f"for {py} in {rhs if walk else f'_members({rhs}, {assigning})'}:")
                        code.depth += 1
                        k(code, bound)
                        code.depth -= 1
                    return
        if isinstance(e, ast.Unchanged) and mode == "next":
            targets = self._unchanged_vars(e.expr, ctx)
            if targets is not None:
                self._gen_unchanged(code, targets, ctx, k)
                return
        if isinstance(e, ast.StepAction) and mode == "next":
            if e.angle:
                self.gen(code, ast.And(e.pos, (e.action, ast.Apply(e.pos, "lnot", (
                    ast.Unchanged(e.pos, e.sub),)))), ctx, k, label, mode, split)
            else:
                self.gen(code, ast.Or(e.pos, (e.action, ast.Unchanged(e.pos, e.sub))), ctx, k, label,
                         mode, split)
            return
        # Anything else is a predicate on what is determined so far.
        if isinstance(e, ast.Apply) and e.op in ("eq", "neq") and ctx.lookup(e.op) is None \
                and self.resolve_def(e.op, ctx.scope) is None and not ctx.implied:
            # A guard such as phase[j] = "Run": its operands go to locals first, so the
            # comparison can stay Python's == wherever both have one exact type.
            sides = []
            for x in e.args:
                code_x = self.val(x, ctx)
                if not SIMPLE.fullmatch(code_x):
                    pure = self._plain_application(x, ctx)
                    tmp = code.kept(code_x) if pure else None
                    if tmp is None:
                        tmp = self.fresh("v")
                        code.emit(f"{tmp} = {code_x}")
                        if pure:
                            code.keep(code_x, tmp)
                    code_x = tmp
                sides.append(code_x)
            test = self._eq_code(e.args[0], e.args[1], sides[0], sides[1], ctx)
            code.emit_if(test if e.op == "eq" else f"not {test}",
                         not self._covering and not any(_CELL.fullmatch(x) for x in sides))
            code.depth += 1
            k(code, ctx)
            code.depth -= 1
            return
        if not ctx.implied and self.branches(e, ctx):
            # TLC explores a predicate's disjunctions and existentials one by one even where
            # nothing is assigned: the rest of the action runs once per way it holds, and each
            # run counts as a generated state (canCommit == \\A ... \\/ \\E rm : ...).
            code.emit(f"for _ in range({self.ways(e, ctx)}):")
        else:
            code.emit_if(*self._guard(code, e, ctx))
        code.depth += 1
        k(code, ctx)
        code.depth -= 1

    def _guard(self, code: Code, e: ast.Expr, ctx: Ctx) -> tuple[str, bool]:
        """The test of the action conjunct e, a predicate on what is determined so far, and
        whether it reads locals only (Code.emit_if). A Boolean state predicate goes to a local
        first when nothing observes its evaluations, and a later guard that is it or its
        negation reads that local: Commit's CommitGuard(j) is Abort's ~CommitGuard(j). (Its
        first evaluation raises what a later one would.)"""
        core, negated = e, False
        if isinstance(e, ast.Apply) and e.op == "lnot" and ctx.lookup(e.op) is None \
                and self.resolve_def(e.op, ctx.scope) is None:
            core, negated = e.args[0], True
        if self._covering or self.observed() or not self.is_bool(core, ctx) or self.level(core, ctx) > LEVEL_STATE:
            return self.cond(e, ctx, "action"), False
        value = self.val(core, ctx)
        if SIMPLE.fullmatch(value):
            return (f"(not {value})" if negated else value), _LOCAL.fullmatch(value) is not None
        key = alpha_key(value)
        held = code.kept(key)
        if held is None:
            held = self.fresh("g")
            code.emit(f"{held} = {value}")
            code.keep(key, held)
        return (f"(not {held})" if negated else held), True

    def _plain_application(self, e: ast.Expr, ctx: Ctx) -> bool:
        """Is e f[a, ...] with f and each argument a bare local (a state variable, a bound
        variable, a parameter) or a literal? Its value then depends on those names alone, and
        evaluating it has no effect but its error, which the first evaluation raises: a later
        guard may read the value it left (Code.kept)."""
        if not isinstance(e, ast.FuncApp) or not _LOCAL.fullmatch(self.val(e.func, ctx)):
            return False
        return all(isinstance(a, ast.Num | ast.Str) or (isinstance(a, ast.Name) and _LOCAL.fullmatch(self.val(a, ctx)))
                   for a in e.args)

    def branches(self, e: ast.Expr, ctx: Ctx, depth: int = 0) -> bool:
        """Does TLC's next-state (or initial-state) enumeration branch inside e, so that it may
        hold in more than one way (a disjunction, an existential, through operator bodies)?"""
        if depth > 12:
            return False
        if isinstance(e, ast.Or):
            return len(e.items) > 1
        if isinstance(e, ast.Quant):
            return e.kind == "exists" or self.branches(e.body, ctx, depth + 1)
        if isinstance(e, ast.And):
            return any(self.branches(x, ctx, depth + 1) for x in e.items)
        if isinstance(e, ast.If):
            return self.branches(e.then, ctx, depth + 1) or self.branches(e.else_, ctx, depth + 1)
        if isinstance(e, ast.Case):
            arms = [v for _, v in e.arms] + ([e.other] if e.other is not None else [])
            return any(self.branches(v, ctx, depth + 1) for v in arms)
        if isinstance(e, ast.Let):
            return self.branches(e.body, ctx.bind_all(e.defs), depth + 1)
        if isinstance(e, ast.Apply) and e.op == "implies" and ctx.lookup("implies") is None:
            return self.branches(e.args[1], ctx, depth + 1)
        opened = self._let_fundef(e, ctx)
        if opened is not None:
            d, dctx = opened
            key = (id(d), id(dctx.scope))
            if key not in self._branching_defs:
                self._branching_defs[key] = False  # its recursive applications: what its other paths say
                self._branching_defs[key] = self.branches(d.body, self._fundef_ctx(d, dctx, "_", None), depth + 1)
            return self._branching_defs[key]
        call = self.called_def(e, ctx)
        if call is None or call[1] is None:
            return False
        defn, scope = call[1]
        if not isinstance(defn, ast.OpDef) or defn.recursive:
            return False
        return self._body_property(self._branching_defs, defn, scope, self.branches, depth)

    def ways(self, e: ast.Expr, ctx: Ctx) -> str:
        """How many ways TLC's enumeration finds for a predicate e (see branches): a Python
        expression whose value is that count, evaluated in TLC's order (a conjunct that holds
        in no way ends the conjunction before the next is evaluated)."""
        if not self.branches(e, ctx):
            return f"(1 if {self.cond(e, ctx, 'action')} else 0)"
        if isinstance(e, ast.Or):
            return "(" + " + ".join(self.ways(x, ctx) for x in e.items) + ")"
        if isinstance(e, ast.And):
            return "_rt.product_of_ways((" + "".join(f"lambda: {self.ways(x, ctx)}, " for x in e.items) + "))"
        if isinstance(e, ast.Quant):
            gens, inner = self._gens(e.bounds, ctx, e.pos)
            body = self.ways(e.body, inner)
            if e.kind == "exists":
                return f"sum({body} {' '.join(gens)})"
            return f"_rt.product_of_ways({body} {' '.join(gens)})"
        if isinstance(e, ast.If):
            return f"({self.ways(e.then, ctx)} if {self.cond(e.cond, ctx, 'IF')} else {self.ways(e.else_, ctx)})"
        if isinstance(e, ast.Case):
            out = self.ways(e.other, ctx) if e.other is not None else "_rt.case_fail()"
            for c, v in reversed(e.arms):
                out = f"({self.ways(v, ctx)} if {self.cond(c, ctx, 'CASE')} else {out})"
            return out
        if isinstance(e, ast.Let):
            if len(e.defs) > 1:
                return self.ways(split_let(e), ctx)
            inner, name, value = self._let_binding(e.defs[0], ctx, body=e.body)
            return f"(lambda {name}: {self.ways(e.body, inner)})({value})"
        if isinstance(e, ast.Apply) and e.op == "implies":
            return f"({self.ways(e.args[1], ctx)} if {self.cond(e.args[0], ctx, '=>')} else 1)"
        if isinstance(e, ast.FuncApp) and (opened := self._let_fundef(e, ctx)) is not None:
            # f[a] of a LET function: the ways of its body for a, counted by a function that
            # applications of f inside the body call again (LET SA[bb \in Ballot] == ... SA[c]).
            d, dctx = opened
            loc = ctx.lookup(e.func.name)  # type: ignore[attr-defined]  # a Name: see _let_fundef
            assert loc is not None and loc.fundef is not None
            arg = self.val(e.args[0], ctx)
            if loc.fundef[2] is not None:
                return f"{loc.fundef[2]}({loc.fundef[2]}, {arg})"
            fn, x = self.fresh("ways_" + d.name), self.fresh(d.bounds[0].names[0])
            body = self.ways(d.body, self._fundef_ctx(d, dctx, x, fn, loc))
            return f"(lambda {fn}: {fn}({fn}, {arg}))(lambda {fn}, {x}: {body})"
        # A user operator whose body branches: its body, with the arguments bound by value.
        op = e.op if isinstance(e, ast.Apply) else e.name  # type: ignore[attr-defined]  # a Name: see branches()
        defn, scope = self.resolve_def(op, ctx.scope)  # type: ignore[misc]  # defined: branches() resolved it
        args = e.args if isinstance(e, ast.Apply) else ()
        inner = replace(ctx, scope=scope, locals=(), at=None)
        names = []
        for p, a in zip(defn.params, args, strict=True):  # type: ignore[union-attr]
            py = self.fresh(p.name)
            names.append((py, self.val(a, ctx)))
            inner = inner.bind(p.name, Local(py, "value" if p.arity == 0 else "op", p.arity,
                                             vkind=self.static_kind(a, ctx)))
        body = self.ways(defn.body, inner)  # type: ignore[union-attr]
        if not names:
            return body
        return f"(lambda {', '.join(n for n, _ in names)}: {body})({', '.join(v for _, v in names)})"

    def _let_fundef(self, e: ast.Expr, ctx: Ctx) -> tuple[ast.FunDef, Ctx] | None:
        """For f[a] with f a LET function of one argument (f[x \\in S] == body): the definition
        and the context it was defined in; TLC's getNextStates applies such a lazy function
        by enumerating its body as part of the action."""
        if not isinstance(e, ast.FuncApp) or not isinstance(e.func, ast.Name) or len(e.args) != 1:
            return None
        loc = ctx.lookup(e.func.name)
        if loc is None or loc.fundef is None:
            return None
        d, dctx = loc.fundef[0], loc.fundef[1]
        if len(d.bounds) != 1 or len(d.bounds[0].names) != 1 or d.bounds[0].tuple_pattern:
            return None
        return d, dctx

    def _fundef_ctx(self, d: ast.FunDef, dctx: Ctx, x: str, ways_fn: str | None,
                    loc: Local | None = None) -> Ctx:
        """The context of a LET function's body: where it was defined, the function itself
        (counting its ways through ``ways_fn``), its argument bound to ``x``."""
        me = replace(loc, fundef=(d, dctx, ways_fn)) if loc is not None else Local("_", "op", fundef=(d, dctx, ways_fn))
        return dctx.bind(d.name, me).bind(d.bounds[0].names[0], Local(x, "value"))

    def _conjuncts(self, e: ast.Expr, ctx: Ctx, depth: int = 0) -> list[tuple[ast.Expr, Ctx]]:
        """The conjuncts of e with the context each is evaluated in, looking through /\\ and
        through calls of small operators whose arguments are simple (as _try_inline does)."""
        if isinstance(e, ast.And):
            return [c for x in e.items for c in self._conjuncts(x, ctx, depth)]
        if isinstance(e, ast.Apply) and depth < 3 and ctx.lookup(e.op) is None:
            target = self.resolve_def(e.op, ctx.scope)
            if target is not None and isinstance(target[0], ast.OpDef) and not target[0].recursive \
                    and len(target[0].params) == len(e.args) and not any(p.arity for p in target[0].params):
                args = [self.val(a, ctx) for a in e.args]
                if all(SIMPLE.fullmatch(a) for a in args):
                    inner = replace(ctx, scope=target[1], locals=(), at=None)
                    for p, a, x in zip(target[0].params, args, e.args, strict=True):
                        inner = inner.bind(p.name, Local(a, "value", vkind=self.static_kind(x, ctx)))
                    return self._conjuncts(target[0].body, inner, depth + 1)
        return [(e, ctx)]

    def _narrow_subsets(self, e: ast.Quant, clause: str, inner: Ctx) -> tuple[str, Ctx]:
        """\\E P \\in SUBSET S : ... /\\ P \\subseteq X /\\ \\A l \\in P : Q(l) /\\ ... ranges over
        SUBSET {l \\in S \\cap X : Q(l)} instead: the same bindings satisfy the body, but far
        fewer subsets are built and rejected. Only state-level conjuncts that do not otherwise
        mention P take part. Each subset comes with a flag: true when every narrowing could be
        evaluated, and then the conjuncts used hold for every subset (the same expressions on
        elements of the narrowed base), so the body skips them (``Ctx.implied``); when a
        narrowing failed, they are evaluated in place and raise where TLC would. Returns the
        loop clause and the body's context."""
        b = e.bounds[0]
        if b.tuple_pattern or len(b.names) != 1 or not isinstance(b.set, ast.Apply) or b.set.op != "powerset":
            return clause, inner
        px = inner.lookup(b.names[0]).pyname  # type: ignore[union-attr]
        mentions = re.compile(rf"\b{re.escape(px)}\b")
        narrowers: list[str] = []
        used: list[tuple[int, int, tuple]] = []
        # Only a leading run of conjuncts is used, as TLC evaluates them in order: a subset
        # dropped here is one whose evaluation would have stopped at a FALSE conjunct before
        # reaching any later one that might raise an error.
        for c, cctx in self._conjuncts(e.body, inner):
            narrower = None
            if isinstance(c, ast.Apply) and c.op == "subseteq" and self.val(c.args[0], cctx) == px:
                x = self.val(c.args[1], cctx)
                if not mentions.search(x) and self.level(c, cctx) <= LEVEL_STATE:
                    narrower = f"lambda base: base & {x}"
            elif isinstance(c, ast.Quant) and c.kind == "forall" and len(c.bounds) == 1 \
                    and len(c.bounds[0].names) == 1 and not c.bounds[0].tuple_pattern \
                    and c.bounds[0].set is not None and self.val(c.bounds[0].set, cctx) == px \
                    and self.level(c, cctx) <= LEVEL_STATE:
                pl = self.fresh(c.bounds[0].names[0])
                q = self.val(c.body, cctx.bind(c.bounds[0].names[0], Local(pl, "value")))
                if not mentions.search(q):
                    narrower = f"lambda base: frozenset({pl} for {pl} in base if {q})"
            elif isinstance(c, ast.Apply) and c.op in ("eq", "neq") and self.val(c.args[0], cctx) == px \
                    and isinstance(c.args[1], ast.SetEnum) and not c.args[1].items:
                continue  # P # {} cannot raise an error: look past it
            if narrower is None:
                break
            narrowers.append(narrower)
            used.append((id(c), id(cctx.scope), cctx.locals))
        if not narrowers:
            return clause, inner
        base = self.val(b.set.args[0], replace(inner, locals=inner.locals[:-1]))
        flag = self.fresh("narrowed")
        inner = replace(inner, implied=inner.implied + tuple((k, flag) for k in used))
        return f"for {px}, {flag} in _rt.narrowed_subsets({base}, ({', '.join(narrowers)},))", inner

    def _gen_conj(self, code: Code, items: list[ast.Expr], ctx: Ctx, k: Cont, label: tuple | None,
                  mode: str, queued: bool = False) -> None:
        """A conjunction, as TLC's ConjList: the first conjunct is enumerated now, the others
        are queued (``queued``: these are taken from the queue). Once every variable of the
        state being built is determined, TLC evaluates what it takes from the queue as a
        Boolean (Tool.getNextStatesAllAssigned, getInitStates): ``x' = 1 /\\ (P \\/ Q)`` is one
        successor where P and Q both hold, not two."""
        if not items:
            k(code, ctx)
            return
        first, rest = items[0], items[1:]

        def then(c: Code, cx: Ctx) -> None:
            self._gen_conj(c, rest, cx, k, label, mode, queued=True)
        step = then
        if self._covering and mode == "next" and not isinstance(first, ast.And):  # (a nested /\ counts its own)
            slot = self._conjunct_slot(label[0] if label else -1, first.pos)
            code.emit(f"_cov[{2 * slot}] += 1")

            def step(c: Code, cx: Ctx) -> None:
                c.emit(f"_cov[{2 * slot + 1}] += 1")
                then(c, cx)
        if queued and self._all_determined(ctx, mode):
            code.emit(f"if {self.cond(first, ctx, 'action')}:")
            code.depth += 1
            step(code, ctx)
            code.depth -= 1
            return
        self.gen(code, first, ctx, step, label, mode, split=False)

    def _all_determined(self, ctx: Ctx, mode: str) -> bool:
        """Are all variables of the state being built determined here (TLC's allAssigned)? Only
        while a state is built from locals: checking a given step keeps enumerating, since its
        labels and witnesses come from the ways the action holds."""
        if mode == "next" and not self.all_assigned_shortcut:
            return False  # (TLC's getInitStates takes its shortcut whatever the warnings)
        ref = self._building(ctx, mode)
        nvars = len(self.variables)  # (ENABLED's pseudo slots of instance variables do not count)
        return ref is not None and ref.tuple_name is None and \
            len({i for i, _ in ref.locals if i < nvars}) == nvars

    def _conjunct_slot(self, label: int, pos: ast.Pos) -> int:
        key = (label, pos)
        if key not in self._conjunct_slots:
            self._conjunct_slots[key] = len(self.conjuncts)
            self.conjuncts.append(key)
            self.conjunct_counts.extend((0, 0))
        return self._conjunct_slots[key]

    def _gen_forall(self, code: Code, e: ast.Quant, ctx: Ctx, k: Cont, label: tuple | None, mode: str) -> None:
        """\\A x \\in S : A(x) inside an action or Init is, for TLC (Tool.getNextStates and
        getInitStates, bounded forall), the conjunction A(x1) /\\ A(xn) /\\ ... /\\ A(x2) of its
        instances: the first instance may determine variables (``\\A q : ~flag[q] /\\ pc' = ...``),
        the others are queued and test them. The instances after the first run in a generated
        recursive generator, since their number is known only at run time; each way they hold
        is one more successor, as TLC counts it. Once the first has determined every variable,
        the queued instances are Booleans (see _gen_conj)."""
        gens, inner = self._gens(e.bounds, ctx, e.pos)
        targets = ", ".join(re.match(r"for (.+?) in ", g).group(1) for g in gens)  # type: ignore[union-attr]
        elems = self.fresh("fa_elems")
        code.emit(f"{elems} = [({targets},) {' '.join(gens)}]")
        code.emit(f"if not {elems}:")
        code.depth += 1
        k(code, ctx)
        code.depth -= 1
        code.emit("else:")
        code.depth += 1
        code.emit(f"({targets},) = {elems}[0]")

        def after_first(c: Code, ctx1: Ctx) -> None:
            body_ctx = replace(inner, cur=ctx1.cur, nxt=ctx1.nxt)
            if self._all_determined(ctx1, mode):
                test = self.cond(e.body, body_ctx, "\\A")
                c.emit(f"if all({test} for ({targets},) in reversed({elems}[1:])):")
                c.depth += 1
                k(c, ctx1)
                c.depth -= 1
                return
            known = self._building(ctx1, mode).locals
            params = "".join(f"{name}, " for _, name in known)
            fn, i = self.fresh("fa_rest"), self.fresh("i")
            c.emit(f"def {fn}({i}, {params}):")
            c.depth += 1
            c.emit(f"if {i} == 0:")
            c.emit(f"    yield ({params})")
            c.emit("    return")
            c.emit(f"({targets},) = {elems}[{i}]")

            def after_rest(c2: Code, ctx2: Ctx) -> None:
                if self._building(ctx2, mode).locals != known:
                    raise SemanticError("unsupported construct: a \\A in an action whose instances "
                                        "determine different variables", e.pos)
                c2.emit(f"yield from {fn}({i} - 1, {params})")

            self.gen(c, e.body, body_ctx, after_rest, label, mode, split=False)
            c.depth -= 1
            c.emit(f"for ({params}) in {fn}(len({elems}) - 1, {params}):")
            c.depth += 1
            k(c, ctx1)
            c.depth -= 1

        self.gen(code, e.body, inner, after_first, label, mode, split=False)
        code.depth -= 1

    def _gen_call(self, code: Code, e: ast.Apply | ast.Name, ctx: Ctx, k: Cont, label: tuple | None,
                  mode: str, split: bool) -> bool:
        """Inline an operator that builds part of the state; it becomes the action label
        when we are still splitting the next-state relation into named actions."""
        name = e.op if isinstance(e, ast.Apply) else e.name
        loc = ctx.lookup(name)
        if loc is not None:
            if loc.letdef is None:
                return False
            defn, dctx = loc.letdef  # a LET operator: its body in the context of its definition
            scope, base = dctx.scope, replace(dctx, cur=ctx.cur, nxt=ctx.nxt, at=None)
        else:
            if isinstance(e, ast.Name):
                scope = ctx.scope
                if (scope.subst is not None and name in scope.subst) or name in scope.variables:
                    return False
            target = self.resolve_def(name, ctx.scope) or substituted_op(name, ctx.scope, self.root,
                                                                         self.substitutions)
            if target is None:
                return False
            defn, scope = target
            if not isinstance(defn, ast.OpDef):
                return False
            base = replace(ctx, scope=scope, locals=(), at=None)
        args = e.args if isinstance(e, ast.Apply) else ()
        if len(args) != len(defn.params):
            return False
        # The level of the call, not of the definition: Next(var) == var = 1 is an action when
        # called as Next(s') (TLC substitutes the argument), and Init(var) a state predicate
        # when called as Init(s).
        if mode == "next" and self.level(e, ctx) < LEVEL_ACTION:
            return False
        if mode == "init" and self.level(e, ctx) < LEVEL_STATE:
            return False
        unfolding = (id(defn), id(scope))
        targets = self._by_name_targets(defn, scope, args, ctx, mode) if defn.recursive else None
        recursion = (unfolding, frozenset(i for i, _ in self._building(ctx, mode).locals), targets)
        if recursion in self._recursions:
            # its body is a generator function by now (_gen_recursion), called again here
            self._gen_recurrence(code, self._recursions[recursion], defn, args, ctx, k, e.pos, mode)
            return True
        if targets is not None and sum(key[0] == unfolding for key in self._recursions) >= _NESTED_GENERATORS:
            # each permutation of the variables passed by name is a generator compiled inside the
            # others, with its own fixpoint (_gen_recursion): more than a few would take long
            raise SemanticError(f"unsupported construct: the RECURSIVE operator {defn.name} assigning variables, "
                                f"called inside itself passing more than {_NESTED_GENERATORS} arrangements of "
                                "the variables passed by name", e.pos)
        if unfolding in ctx.unfolding and not defn.recursive:
            if not all(isinstance(a, ast.Name) and a.name == p.name for p, a in zip(defn.params, args, strict=True)):
                raise SemanticError(f"unsupported construct: the operator {defn.name} assigning variables and "
                                    "reached again inside its own body through a substitution", e.pos)
            # A definition reached inside itself with the same arguments (the cfg's Next <- ReDefNext
            # with ReDefNext == Next /\ ..., A <- ReDefA with ReDefA(n) == A(n) /\ ...): evaluating
            # it never ends, and TLC's stack overflows when the evaluation gets there (exit 255
            # after the initial states), not before.
            code.emit("raise RecursionError()")
            return True
        inner = base
        for sc, n in threaded(scope):  # the body reads the hoisted instance's parameters by these names
            if not within(ctx.scope, sc):
                code.emit(f"{thread_name(sc, n)} = {self.thread_value(sc, n, ctx, e.pos, (defn, scope))}")
        pnames = []
        labeled = split and mode == "next" and loc is None
        if labeled and not all(p.arity or self.level(a, ctx) == LEVEL_CONSTANT
                               for p, a in zip(defn.params, args, strict=True)):
            # TLC does not open an operator applied to a state-level argument: the application
            # is an action named after the operator, without parameters (Tool.getActionsAppl)
            idx = self._label(defn, scope, e.pos)
            self._emitted_labels.add(idx)
            self.label_guarded[idx] = True  # its steps depend on the state: no fairness fast path
            if label is not None:
                self.label_split.add(label[0])  # as for a labelled call: the steps carry this label
            k, label, split, labeled = _relabel(k, (idx, ())), (idx, ()), False, False
        passing: list[tuple[str, bool] | None] = []  # per parameter: its Python name, thunked; None: by name
        for i, (p, a) in enumerate(zip(defn.params, args, strict=True)):
            if p.arity:
                passing.append(None)
                passed = ctx.lookup(a.name) if isinstance(a, ast.Name) else None
                if passed is not None and passed.letdef is not None:
                    # a LET operator that assigns variables (Pick(Cb) with Cb(i) == x' = i): the
                    # body's Cb(i) is that definition, inlined where it is called
                    inner = inner.bind(p.name, passed)
                else:
                    inner = inner.bind(p.name, Local(self.val(a, ctx), "op", p.arity))
                continue
            if self._passed_by_name(defn, scope, p, a, ctx, mode):
                passing.append(None)
                inner = inner.bind(p.name, Local("_alias", "alias", alias=(a, ctx)))
                continue
            value = self.val(a, ctx)
            if _LOCAL.fullmatch(value) and not defn.recursive:
                # the argument is a local already (j of \E j \in Job : Detect(j) \/ Plan(j)):
                # the body reads it by that name, so the calls' guards compile to the same code
                # and share their values (Code.kept)
                pnames.append(value)
                passing.append((value, False))
                inner = inner.bind(p.name, Local(value, "value", vkind=self.static_kind(a, ctx)))
                continue
            py = self.fresh(p.name)
            # Passed unevaluated where the body may not read it (as TLC passes arguments), unless
            # the call is a sub-action of Next with a constant argument, which TLC evaluates when
            # it splits Next; one with another argument passed so is not split, as in TLC.
            # (and where it may make a function constructor: read as a constructing name, see _kept)
            builds = self.constructs(a, ctx)
            lazy = not SIMPLE.fullmatch(value) and (i in loc.lazy or i in loc.unused if loc is not None
                                                    else not self.strict_in(defn, scope, i) or builds)
            if lazy and labeled and self.level(a, ctx) == LEVEL_CONSTANT:
                lazy = False
            labeled = labeled and not lazy
            if defn.recursive:  # evaluated in the generator's call as in the calls inside it
                lazy = not self.strict_in(defn, scope, i) or builds if loc is None else i in loc.lazy or i in loc.unused
            code.emit(f"{py} = {self._thunk(value) if lazy else value}")
            pnames.append(py)
            passing.append((py, lazy))
            inner = inner.bind(p.name, Local(py, "thunk", constructs=builds) if lazy
                               else Local(py, "value", vkind=self.static_kind(a, ctx)))
        k = _Restore(k, ctx)  # what follows the call is compiled in the caller's scope again
        new_label = label
        if labeled:
            idx = self._label(defn, scope)
            self._emitted_labels.add(idx)
            self.label_guarded[idx] = self.label_guarded.get(idx, False) or ctx.guarded
            if label is not None:
                self.label_split.add(label[0])  # its steps carry the inner labels instead
            new_label = (idx, tuple(pnames))
            k = _relabel(k, new_label)
        body_ctx = replace(inner, unfolding=ctx.unfolding | {unfolding})
        if defn.recursive:
            self._gen_recursion(code, defn, scope, recursion, body_ctx, passing, ctx, k, new_label, mode)
        else:
            self.gen(code, defn.body, body_ctx, k, new_label, mode, split)
        return True

    def _passed_by_name(self, defn: ast.OpDef, scope: Scope, p: ast.Param, a: ast.Expr, ctx: Ctx, mode: str) -> bool:
        """Is the argument ``a`` of ``p`` passed by name, as TLC substitutes arguments: a
        variable (assigned through the parameter), a formula whose assignments happen where the
        body uses it (MyAction(a) == a called as MyAction(Next); MyInit(Init)), or what the
        body reads primed (Op(q) == q' > q called as Op(x) is x' > x)?"""
        return bool(mode == "next" and (self._target_var(a, ctx, "init") is not None
                                        or self._target_var(a, ctx, "next") is not None
                                        or self.level(a, ctx) >= LEVEL_ACTION)
                    or mode == "init" and (self._target_var(a, ctx, "init") is not None
                                           or self.level(a, ctx) >= LEVEL_STATE)
                    or self.level(a, ctx) >= LEVEL_STATE and self.by_name.reads_def(defn, scope, frozenset({p.name})))

    def _by_name_targets(self, defn: ast.OpDef, scope: Scope, args: tuple[ast.Expr, ...], ctx: Ctx,
                         mode: str) -> tuple | None:
        """The variables a call of a RECURSIVE operator passes by name, one entry per parameter
        (None: passed by value; ("next", i): x' of the variable i, ("init", i): the variable
        itself), or None where an argument passed by name is no variable (a formula, an
        operator). Calls inside the body that pass the same variables, under whatever names
        (Set(v, w, n) == ... Set(w, v, n - 1), reaching Set(x, y, ...) again), are recurrences of
        the one generator; others are compiled as generators of their own (_gen_call)."""
        out: list[tuple[str, int] | None] = []
        for p, a in zip(defn.params, args, strict=True):
            if p.arity:
                return None
            if not self._passed_by_name(defn, scope, p, a, ctx, mode):
                out.append(None)
                continue
            actx = ctx
            while isinstance(a, ast.Name) and (loc := actx.lookup(a.name)) is not None and loc.kind == "alias":
                a, actx = loc.alias[0], replace(loc.alias[1], cur=ctx.cur, nxt=ctx.nxt)  # type: ignore[index]
            target = self._target_var(a, actx, "next") if mode == "next" else None
            tag = "next"
            if target is None:
                target, tag = self._target_var(a, actx, "init"), "init"
            if target is None:
                return None
            out.append((tag, target[0]))
        return tuple(out)

    def _gen_recursion(self, code: Code, defn: ast.OpDef, scope: Scope,
                       key: tuple[tuple[int, int], frozenset[int], tuple | None],
                       body_ctx: Ctx, passing: list[tuple[str, bool] | None], ctx: Ctx, k: Cont, label: tuple | None,
                       mode: str) -> None:
        """A RECURSIVE operator that builds the state (Flip(v, b, n) == IF n = 0 THEN v = ~b
        ELSE Flip(v, b, n - 1)): how deep it recurses is known at run time only, as TLC
        evaluates it, so its body becomes a generator function of its arguments and of the
        variables determined before the call (``key``: the definition and those variables),
        yielding the values of those it determines in each way it holds; the calls inside the
        body with the same variables determined call it again (_gen_recurrence), one after
        more are determined is compiled as a first call. The variables it determines are learnt
        by compiling the body once beforehand."""
        entry = tuple(sorted(self._building(ctx, mode).locals))
        rec = _Recursion(self.fresh(f"rec_{defn.name}"), scope, tuple(passing), frozenset(i for i, _ in entry), None,
                         key[2] is not None)
        self._recursions[key] = rec
        ways: list[tuple[int, ...]] = []
        while rec.ways is None or len(rec.ways) < len(ways):  # until the calls inside add none
            rec.ways = tuple(ways)
            self.gen(Code(), defn.body, body_ctx, lambda _c, cx: rec.learn(self._building(cx, mode), ways),
                     label, mode, split=False)

        learnt = rec.ways

        def give(c: Code, cx: Ctx) -> None:
            ref = self._building(cx, mode)
            way = rec.way(ref)
            c.emit(f"yield {way}, ({''.join(f'{ref.read(i)}, ' for i in learnt[way])})")
        values = [p[0] for p in passing if p is not None]
        code.emit(f"def {rec.fn}({', '.join(values + [name for _, name in entry])}):")
        code.depth += 1
        self.gen(code, defn.body, body_ctx, give, label, mode, split=False)
        code.emit("yield from ()  # a generator, also where the body never holds")
        code.depth -= 1
        del self._recursions[key]
        self._emit_recurrence(code, rec, values, ctx, k, mode)

    def _gen_recurrence(self, code: Code, rec: _Recursion, defn: ast.OpDef, args: tuple[ast.Expr, ...],
                        ctx: Ctx, k: Cont, pos: ast.Pos, mode: str) -> None:
        """A RECURSIVE operator that builds the state called inside its own body, where the
        variables determined are those its generator (_gen_recursion) was made for: that
        generator called with these arguments, which must pass on what the first call passed by
        name."""
        if not rec.by_target and any(how is None and not (isinstance(a, ast.Name) and a.name == p.name)
                                     for p, a, how in zip(defn.params, args, rec.passing, strict=True)):
            raise SemanticError(f"unsupported construct: the RECURSIVE operator {defn.name} assigning variables, "
                                "called inside itself with other arguments passed by name", pos)
        values = []
        for p, a, how in zip(defn.params, args, rec.passing, strict=True):
            if how is not None:
                if self._passed_by_name(defn, rec.scope, p, a, ctx, mode):
                    raise SemanticError(f"unsupported construct: the RECURSIVE operator {defn.name} assigning "
                                        f"variables, its parameter {p.name} passed by name here only", pos)
                value = self.val(a, ctx)
                values.append(self._thunk(value) if how[1] else value)
        self._emit_recurrence(code, rec, values, ctx, k, mode)

    def _emit_recurrence(self, code: Code, rec: _Recursion, values: list[str], ctx: Ctx, k: Cont, mode: str) -> None:
        """Call the generator of a RECURSIVE operator and run ``k`` for each way it holds,
        compiled once for each set of variables a way may determine."""
        ref = self._building(ctx, mode)
        known = [name for _, name in sorted(ref.locals)]
        way, got = self.fresh("rec_way"), self.fresh("rec_got")
        code.emit(f"for {way}, {got} in {rec.fn}({', '.join(values + known)}):")
        code.depth += 1
        for n, determined in enumerate(rec.ways or ()):
            names = [self.fresh("rec_v") for _ in determined]
            code.emit(f"{'if' if n == 0 else 'elif'} {way} == {n}:")
            code.depth += 1
            code.emit(f"({''.join(f'{g}, ' for g in names)}) = {got}")
            after = ref
            for i, g in zip(determined, names, strict=True):
                after = after.bind(i, g)
            k(code, self._with_building(ctx, mode, after))
            code.depth -= 1
        code.depth -= 1

    def _label(self, defn: ast.OpDef, scope: Scope, applied: ast.Pos | None = None) -> int:
        """The label of the action named after ``defn``; with ``applied``, of its application
        there to state-level arguments (its steps show no arguments, that application its range)."""
        key = (scope.prefix + defn.name, defn.pos, applied.location() if applied else None)
        if key not in self._label_index:
            self._label_index[key] = len(self.labels)
            params = tuple(p.name for p in defn.params)  # (an application's steps carry no arguments)
            self.labels.append(ActionLabel(scope.prefix + defn.name, defn.pos, params, scope.module.name, applied))
        return self._label_index[key]

    def _leaf(self, label: tuple, at: ast.Pos) -> tuple:
        """``label`` (a definition's) for its action at ``at``, the expression TLC does not open."""
        idx, args = label
        key = (idx, at.location())
        leaf = self._leaf_index.get(key)
        if leaf is None:
            leaf = self._leaf_index[key] = len(self.labels)
            self.labels.append(replace(self.labels[idx], leaf=at, parent=idx))
        return leaf, args

    def action_of(self, idx: int) -> int:
        """The label a successor's label ``idx`` counts for: its definition's, for an action
        TLC found inside one (coverage and fairness count per definition)."""
        parent = self.labels[idx].parent if idx >= 0 else -1
        return idx if parent < 0 else parent

    def _tlc_opens(self, e: ast.Expr, ctx: Ctx) -> bool:
        """Does TLC's Tool.getActions open ``e`` when it splits the next-state relation? A
        disjunction, a LET, \\E over constant sets, an operator (the one of an application to
        state-level arguments is its action, see _gen_call); anything else is an action. Its
        counterpart for a property, SpecProcessor.processConfigProps, opens /\\, LET and \\A
        instead (check/model.py, Model._unopened)."""
        if isinstance(e, ast.Or | ast.Let):
            return True
        if isinstance(e, ast.Quant) and e.kind == "exists":
            return all(b.set is not None and self.level(b.set, ctx) == LEVEL_CONSTANT for b in e.bounds)
        if isinstance(e, ast.Apply | ast.Name):
            name = e.op if isinstance(e, ast.Apply) else e.name
            loc = ctx.lookup(name)
            if loc is not None:
                return loc.kind == "alias" or loc.letdef is not None
            target = self.resolve_def(name, ctx.scope) or substituted_op(name, ctx.scope, self.root,
                                                                         self.substitutions)
            return target is not None and isinstance(target[0], ast.OpDef)
        return False

    def _filter_walk(self, e: ast.Expr, ctx: Ctx) -> str | None:
        """For ``y \\in {x \\in S : P}`` assigning y: the elements as TLC enumerates them there
        (runtime.filter_members: S walked, not built, unless TLC builds S), else None."""
        found = self._set_filter(e, ctx)
        if found is None:
            return None
        flt, fctx = found
        py = self.fresh(flt.bound.names[0])
        inner = fctx.bind(flt.bound.names[0], Local(py, "value", vkind=self.elem_kind(flt.bound.set, fctx)))
        pred = self._bound_now(f"lambda {py}: {self.cond(flt.pred, inner, 'filter')}")
        return f"_rt.filter_members({self.val(flt.bound.set, fctx)}, {pred})"  # type: ignore[arg-type]

    def _unchanged_vars(self, e: ast.Expr, ctx: Ctx) -> list[tuple[int, str]] | None:
        """The variables of UNCHANGED e when e is a variable or a (nested) tuple of them, each
        with the code of its current value: the variable's, or (an instance variable that
        ENABLED binds by name, see Ctx.enabled_outside) its substitution's, as TLC's
        enabledUnchanged evaluates it."""
        if self.level(e, ctx) == LEVEL_CONSTANT:
            return []  # UNCHANGED c of a constant (an instance variable substituted by one) holds
        if isinstance(e, ast.Tuple):
            out: list[tuple[int, str]] = []
            for x in e.items:
                sub = self._unchanged_vars(x, ctx)
                if sub is None:
                    return None
                out.extend(sub)
            return out
        loc = ctx.lookup(e.name) if isinstance(e, ast.Name) else None
        if loc is not None and loc.kind == "alias" and not isinstance(loc.alias[0], ast.Prime):  # type: ignore[index]
            # a parameter passed a variable by name (NotifyOther(ws) == UNCHANGED ws called as
            # NotifyOther(waitSeqC) in BlockingQueueFair): the caller's variable is unchanged
            aexpr, actx = loc.alias  # type: ignore[misc]
            return self._unchanged_vars(aexpr, replace(actx, cur=ctx.cur, nxt=ctx.nxt))
        if isinstance(e, ast.Name) and loc is None:
            tv = self._target_var(ast.Prime(e.pos, e), ctx, "next")
            if tv is not None:
                return [(tv[0], self.val(e, ctx))]
            scope = ctx.scope
            if scope.subst is not None and e.name in scope.subst and id(scope) not in ctx.enabled_outside:
                # an instance's variable substituted by a tuple of the instantiating module
                # (INSTANCE Stuttering with its VARIABLE vars the outer vars == <<pc, lock>>)
                return self._unchanged_vars(scope.subst[e.name], substitution_ctx(scope, ctx))
            body = self._zero_arity_body(e.name, ctx)
            if body is not None:
                return self._unchanged_vars(*body)
        return None

    def _gen_unchanged(self, code: Code, targets: list[tuple[int, str]], ctx: Ctx, k: Cont) -> None:
        conds = []
        nxt = ctx.nxt
        assert nxt is not None
        for i, cur in targets:
            have = nxt.read(i)
            if have is None:
                py = self.fresh("n_" + self._var_name(i))
                code.emit(f"{py} = {cur}")
                nxt = nxt.bind(i, py)
            else:  # x' is known: UNCHANGED x is x' = x, with TLC's comparability errors
                conds.append(f"_eq({have}, {cur})")
        ctx = replace(ctx, nxt=nxt)
        if conds:
            code.emit(f"if {' and '.join(conds)}:")
            code.depth += 1
            k(code, ctx)
            code.depth -= 1
        else:
            k(code, ctx)

    # -- entry points -------------------------------------------------------------------
    def successor_generator(self, e: ast.Expr, scope: Scope | None = None,
                            params: dict[str, Any] | None = None, check: bool = False,
                            partial: bool = False, covered: bool = False) -> Callable[..., Iterator]:
        """g(s) yields (label index, label arguments, next state) for each way e holds.

        With ``check``, g(s, t, W) instead decides whether (s, t) is a step of e: every primed
        variable is already determined by t, so assignments become equality and membership
        tests (lazy, so ``plan' \\in SUBSET Leaf`` never enumerates), and an existential
        whose variable is named in the dict W is bound to W's value after a membership test
        rather than enumerated (a trace supplies Plan's P, not 2^32 candidates).

        With ``partial``, variables the action leaves undetermined are yielded as
        ``_UNDET`` instead of raising: the action of an abstract spec (seen through INSTANCE)
        says nothing about the concrete variables, and ENABLED only asks whether some
        successor exists.

        With ``covered``, each conjunct of the actions counts its evaluations and the ways it
        held in ``conjunct_counts`` (slots in ``conjuncts``), for coverage; the plain generator
        has no counters, so the search pays for them only when asked."""
        self._start()
        name = self.fresh("step_check" if check else "next_gen")
        code = Code()
        threads = self._thread_params(scope, params)
        code.emit(f"def {name}(s, t, W{threads}):" if check else f"def {name}(s{threads}):")
        code.depth += 1
        nxt = StateRef("t") if check else StateRef(None, ())
        code.emit(self.unpack_line())
        ctx = self._bind_params_ns(Ctx(scope or self.root, cur=StateRef("s", unpacked=self.nvars > 0), nxt=nxt,
                                       witnesses="W" if check else None), params)
        code.emit("if False: yield None")

        def finish(c: Code, cx: Ctx, lab: tuple | None = None) -> None:
            nxt = cx.nxt
            assert nxt is not None
            whole = nxt.whole(self.nvars)
            lab_idx, lab_args = lab if lab else (-1, ())
            if whole is None:
                some = "(" + "".join(f"{nxt.read(i) or '_UNDET'}, " for i in range(self.nvars)) + ")"
                if partial:
                    whole = some
                else:
                    missing = tuple(self.variables[i] for i in range(self.nvars) if nxt.read(i) is None)
                    action = self.labels[lab_idx].name if lab else None
                    c.emit(f"raise _Incomplete.of({missing!r}, {action!r}, len(_labels), {some}, "
                           f"({lab_idx}, ({''.join(a + ', ' for a in lab_args)})))")
                    return
            c.emit(f"yield ({lab_idx}, ({''.join(a + ', ' for a in lab_args)}), {whole})")

        body_code = Code()
        body_code.depth = 2
        self._emitted_labels = set()
        self._covering = covered and not check
        try:
            self.gen(body_code, e, ctx, _Finisher(finish), None, "next", True)
        finally:
            self._covering = False
        pidx = self.pos_index(e.pos)
        code.emit("try:")
        code.lines.extend(body_code.lines)
        emit_handlers(code, pidx)
        self._flush(code.text())
        fn = self.ns[name]
        fn.labels = frozenset(self._emitted_labels)  # the sub-actions this generator yields
        return fn

    def initial_generator(self, e: ast.Expr, scope: Scope | None = None) -> Callable[[], Iterator]:
        """g() yields each initial state (one per way Init holds, as TLC counts them)."""
        self._start()
        name = self.fresh("init_gen")
        code = Code()
        code.emit(f"def {name}({self._thread_params(scope, None)[2:]}):")
        code.depth += 1
        code.emit("if False: yield None")
        ctx = Ctx(scope or self.root, cur=StateRef(None, ()), nxt=None)

        def finish(c: Code, cx: Ctx) -> None:
            whole = cx.cur.whole(self.nvars)
            if whole is None:
                missing = [self.variables[i] for i in range(self.nvars) if cx.cur.read(i) is None]
                c.emit(f"raise _IllegalState('the initial predicate does not determine {', '.join(missing)}: "
                       "current state is not a legal state')")
                return
            c.emit(f"yield {whole}")

        body_code = Code()
        body_code.depth = 2
        self.gen(body_code, e, ctx, finish, None, "init", False)
        pidx = self.pos_index(e.pos)
        code.emit("try:")
        code.lines.extend(body_code.lines)
        emit_handlers(code, pidx)
        self._flush(code.text())
        return self.ns[name]


_NESTED_GENERATORS = 3
"""How many generators of one RECURSIVE operator, one per arrangement of the variables its calls
pass by name, may be compiled inside one another (Actions._by_name_targets)."""


@dataclass
class _Recursion:
    """A RECURSIVE operator being compiled as a generator (Actions._gen_recursion): its Python
    name, the scope of its definition, how its parameters are passed (a Python name and
    whether as a thunk; None: by name), the variables determined before the call, and the sets
    of variables its ways determine besides, as far as learnt (a way yields its set's index)."""

    fn: str
    scope: Scope
    passing: tuple[tuple[str, bool] | None, ...]
    entry: frozenset[int]
    ways: tuple[tuple[int, ...], ...] | None
    by_target: bool = False  # its calls are told apart by the variables passed by name (_by_name_targets)

    def learn(self, ref: StateRef, ways: list[tuple[int, ...]]) -> None:
        """Note in ``ways`` the set of variables a way of the body determines."""
        determined = tuple(sorted({i for i, _ in ref.locals} - self.entry))
        if determined not in ways:
            ways.append(determined)

    def way(self, ref: StateRef) -> int:
        """The index of the set of variables a way of the body determines."""
        return (self.ways or ()).index(tuple(sorted({i for i, _ in ref.locals} - self.entry)))


class _Finisher:
    """The innermost continuation of a successor generator; carries the current label."""

    def __init__(self, finish: Callable[..., None], label: tuple | None = None) -> None:
        self.finish, self.label = finish, label

    def __call__(self, code: Code, ctx: Ctx) -> None:
        self.finish(code, ctx, self.label)


class _Restore:
    """A continuation run in the context it was created in, with the state determined since:
    after an operator call, a LET or an existential, the rest of the conjunction must not see
    the callee's parameters, scope or bound variables."""

    def __init__(self, inner: Any, ctx: Ctx) -> None:
        self.inner, self.ctx = inner, ctx

    def __call__(self, code: Code, ctx: Ctx) -> None:
        self.inner(code, replace(self.ctx, cur=ctx.cur, nxt=ctx.nxt))


def _relabel(k: Any, label: tuple) -> Any:
    if isinstance(k, _Finisher):
        return _Finisher(k.finish, label)
    if isinstance(k, _Restore):
        return _Restore(_relabel(k.inner, label), k.ctx)
    return k
