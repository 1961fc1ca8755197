"""Level analysis as SANY does it: an expression is constant-, state-, action- or
temporal-level by the highest level of what it mentions (variables are state-level, primes and
UNCHANGED action-level, [] and fairness temporal), through the definitions it calls.

The compiler uses levels to decide how an operator is compiled (``op(s)`` or ``op(s, t)``),
what may be computed once, and where an action assigns; the checker and the prover use them to
tell invariants, actions and properties apart (``Compiler.level``, ``Compiler.def_level``).
"""

from __future__ import annotations

from collections.abc import Iterator

from . import syntax as ast
from .bindings import Ctx, Local, bind_bounds, bind_params, substitution_ctx, threaded, within
from .compilerbase import CompilerBase
from .errors import SemanticError, TLAError
from .instances import written_name
from .modules import STANDARD_MODULES, Scope

LEVEL_CONSTANT, LEVEL_STATE, LEVEL_ACTION, LEVEL_TEMPORAL = 0, 1, 2, 3


_STATE_LEVEL_BUILTINS = frozenset({"TLCGet", "TLCSet", "TLCGetOrDefault", "TLCGetAndSet", "CounterExample",
                                   "Trace"}) | STANDARD_MODULES["_Possible"]
"""Built-ins never computed once and kept, however constant their arguments: TLCGet's value
depends on the state evaluated (TLC's @Evaluation minLevel = 1), and the register writers fail
where TLC evaluates constant definitions at startup (no checker yet), so TLC keeps no value of a
definition that calls them: a CONSTRAINT with TLCGetAndSet counts every successor."""


# The standard modules' operators TLC evaluates by their TLA+ definitions (no Java override),
# with the names those definitions apply (see level_bound).
_TLA_DEFINED = {
    "SubBag": ("SubBag", "B", "RemoveFromDom", "x", "f", "y", "Combine", "BagSet", "i", "Biggest",
               "Range", "r", "s", "RSB", "BB", "S"),
}

# The standard modules' operators whose definitions leave parameters unused, with the
# parameters they use (by position): SANY's level of a call counts only those (sany_level).
_SANY_USED_ARGS: dict[str, tuple[int, ...]] = {
    "mul": (), "PrintT": (), "TLCSet": (), "TLCGet": (), "Print": (1,), "Assert": (0,),
}

# What makes a module's definition non-constant without a variable (SANY's isConstant)
_NON_CONSTANT = (ast.Prime, ast.Unchanged, ast.StepAction, ast.Temporal, ast.Fairness, ast.Enabled)


class Levels(CompilerBase):
    """The level of expressions and definitions of one model, memoised per definition."""

    _levels: dict[tuple[int, int], int]  # (id(definition), id(scope)) -> its level
    _call_levels: dict[tuple[int, int, tuple[int, ...]], int]  # ... and arguments' levels -> a call's
    _state_builtins: frozenset[str] = _STATE_LEVEL_BUILTINS  # empty while sany_level computes
    _bounding: frozenset[str] | None = None  # while level_bound computes: the spec's variables
    _sany_args: dict[str, tuple[int, ...]] = {}  # _SANY_USED_ARGS while sany_level computes

    def sany_level(self, e: ast.Expr, ctx: Ctx) -> int:
        """SANY's level of ``e``, as TLC's Java operators read it (TLCExt!TLCCache caches a
        constant-level expression): TLCGet and the register writers count as constant there,
        since module TLC defines them so; and an argument that the standard module's definition
        does not use adds nothing (``PrintT(out) == TRUE``, ``a*b == TRUE``: ``ASSUME
        PrintT(x)`` passes SANY, and TLC then fails to evaluate x, exit 10)."""
        return self._level_apart(e, ctx, _state_builtins=frozenset(), _sany_args=_SANY_USED_ARGS)

    def level_bound(self, e: ast.Expr, ctx: Ctx) -> int:
        """TLC's upper bound of the level of ``e`` (getLevelBound), which decides what TLC
        evaluates once before the search (constant definitions, a constant INVARIANT): an
        operator call is as level as its arguments whether or not the body reads them, so
        ``Op(t) == FALSE`` called with a variable is checked in every state. And a name that
        a definition binds or defines (a parameter, a bound variable, a LET operator) is a state
        function there when it is spelled as a VARIABLE of the spec (getLevelBoundAppl asks the
        interned name for a variable's slot, UniqueString.getVarLoc): a module the spec EXTENDS
        or instantiates, or Bags' SubBag (bound x, f, i, ...), read in a model with VARIABLE x
        is checked in each state, not once (``SubBag(b) = {}`` as an invariant: violated in
        the initial state, exit 12, not "The invariant of Inv is equal to FALSE")."""
        return self._level_apart(e, ctx, _bounding=frozenset(ctx.scope.variables))

    def _level_apart(self, e: ast.Expr, ctx: Ctx, **switches: object) -> int:
        """self.level(e, ctx) with the class attributes named by ``switches`` set to their
        values and memos of its own (the memoised levels of definitions hold under the usual
        rules only)."""
        saved = self._levels, self._call_levels
        self._levels, self._call_levels = {}, {}
        for name, value in switches.items():
            setattr(self, name, value)
        try:
            return self.level(e, ctx)
        finally:
            self._levels, self._call_levels = saved
            for name in switches:
                delattr(self, name)  # the class's again

    def _check_instance_levels(self, root: Scope) -> None:
        """SANY's level rule for INSTANCE: what replaces a VARIABLE is at most state-level, and
        what replaces a CONSTANT constant-level unless the module is constant (``WITH c <- x``
        is refused, exit 150, where the module declares a variable)."""
        for scope in root.reachable():
            if not scope.subst or scope.parent is None:
                continue
            constant = self._constant_module(scope)
            limits = {c.name: LEVEL_CONSTANT for c in scope.constants if not constant or c.arity} \
                | dict.fromkeys(scope.variables, LEVEL_STATE)
            for name, expr in scope.subst.items():
                if self.level(expr, substitution_ctx(scope, Ctx(scope))) > limits.get(name, LEVEL_TEMPORAL):
                    if constant:  # SANY's, not compiled yet
                        raise SemanticError(f"unsupported construct: an operator above constant level substituted "
                                            f"for the operator constant {name} of module {scope.module.name}",
                                            expr.pos)
                    raise SemanticError(f"Level error in instantiating module '{scope.module.name}': the level of "
                                        f"the expression or operator substituted for '{name}' must be at most "
                                        f"{limits[name]}.", expr.pos)

    @staticmethod
    def _constant_module(scope: Scope) -> bool:
        """Is the instantiated module constant (SANY's ModuleNode.isConstant: no VARIABLE, no
        definition above constant level)? Then SANY lets an expression of any level replace
        its constants (an ASSUME puts no constraint on them): ``P == INSTANCE Pure WITH c <- y``
        with ``Pure``'s ``Id == c``, P!Id then a state function. Judged on the module as
        written, conservatively: one that EXTENDS a user module or instantiates one counts as
        not constant (the rule then holds for all its constants, as it did)."""
        if scope.variables or scope.instances or any(m not in STANDARD_MODULES for m in scope.module.extends):
            return False
        return not any(isinstance(defn, ast.InstanceDef) or any(isinstance(x, _NON_CONSTANT) for x in ast.nodes(defn))
                       for defn, _ in scope.defs.values())

    def _check_temporal_levels(self, root: Scope) -> None:
        """SANY's level rules for temporal operators, on every definition of the root module and
        the modules it EXTENDS, used or not (TLC refuses the module, exit 150): ``[]A`` and
        ``<>A`` with A an action must be written ``[][A]_v`` and ``<><<A>>_v``; no action on either
        side of ``~>`` or ``-+->``; no action-level bound in a quantifier over a temporal formula.
        A definition whose levels cannot be computed here is left to the checks made where it is
        used."""
        for defn, scope in list(root.defs.values()):
            if scope is root and isinstance(defn, ast.OpDef):
                self._temporal_forms(defn.body, bind_params(Ctx(scope), defn.params))

    def _check_recursive_parameters(self, root: Scope) -> None:
        """SANY's rule for a RECURSIVE operator: no argument of it may be primed in its body
        (nor be under UNCHANGED or a subscript [A]_v, nor go to a parameter of another operator
        that is), as its parameters are taken to be of action level (ModuleNode's "Argument j of
        recursive operator Op is primed"; TLC refuses the module, exit 150)."""
        memo: dict[tuple[int, int], bool] = {}
        for defn, scope in list(root.defs.values()):
            if isinstance(defn, ast.OpDef) and defn.recursive:
                for j, p in enumerate(defn.params):
                    if not p.arity and self._primes_parameter(defn, scope, j, memo):
                        raise SemanticError(f"Argument {j + 1} of recursive operator {defn.name} is primed",
                                            defn.pos)

    def _primes_parameter(self, defn: ast.OpDef, scope: Scope, j: int, memo: dict[tuple[int, int], bool]) -> bool:
        """Does ``defn``'s body prime an expression that mentions its ``j``-th parameter,
        directly or through the operators it passes one to (see _check_recursive_parameters)?"""
        key = (id(defn), j)
        if key not in memo:
            memo[key] = False  # a cycle primes nothing by itself
            name = defn.params[j].name
            for x in ast.nodes(defn.body):
                if isinstance(x, ast.Prime | ast.Unchanged) and name in ast.names_in(x.expr) \
                        or isinstance(x, ast.StepAction) and name in ast.names_in(x.sub):
                    memo[key] = True
                elif isinstance(x, ast.Apply) and (target := self.resolve_def(x.op, scope)) is not None \
                        and isinstance(target[0], ast.OpDef) and len(target[0].params) == len(x.args):
                    callee, cscope = target[0], target[1]
                    memo[key] = any(name in ast.names_in(a) and self._primes_parameter(callee, cscope, i, memo)
                                    for i, a in enumerate(x.args) if not callee.params[i].arity)
                if memo[key]:
                    break
        return memo[key]

    def _level_or_none(self, e: ast.Expr, ctx: Ctx) -> int | None:
        try:
            return self.level(e, ctx)
        except TLAError:
            return None

    def _temporal_forms(self, e: ast.Expr, ctx: Ctx) -> None:
        stack = [(e, ctx)]
        while stack:
            x, c = stack.pop()
            if isinstance(x, ast.Temporal) and x.op in ("always", "eventually"):
                arg, angle = x.args[0], x.op == "eventually"
                if self._level_or_none(arg, c) == LEVEL_ACTION and \
                        not (isinstance(arg, ast.StepAction) and arg.angle == angle):
                    raise SemanticError("<> followed by action not of form <<A>>_v." if angle else
                                        "[] followed by action not of form [A]_v.", x.pos)
            elif (isinstance(x, ast.Temporal) and x.op == "leads_to") or \
                    (isinstance(x, ast.Apply) and x.op == "plus_arrow"):
                if any(self._level_or_none(a, c) == LEVEL_ACTION for a in x.args):
                    raise SemanticError("Action used where only temporal formula or state predicate allowed.", x.pos)
            elif isinstance(x, ast.Quant) and \
                    self._level_or_none(x.body, bind_bounds(c, x.bounds)) == LEVEL_TEMPORAL:
                for b in x.bounds:
                    if b.set is not None and self._level_or_none(b.set, c) == LEVEL_ACTION:
                        raise SemanticError("Action-level bound of quantified temporal formula.", b.set.pos)
            if isinstance(x, ast.Let):
                inner = c
                for d in x.defs:  # bound as level() binds them
                    if isinstance(d, ast.OpDef):
                        stack.append((d.body, bind_params(inner, d.params)))
                    elif isinstance(d, ast.FunDef):
                        stack.append((d.body, bind_bounds(inner.bind(d.name, Local("_", "value")), d.bounds)))
                    else:
                        continue
                    try:
                        body = self.let_def_level(d, inner)
                    except TLAError:
                        body = LEVEL_CONSTANT
                    inner = _let_bound(inner, d, body)
                stack.append((x.body, inner))
            elif isinstance(x, ast.Quant | ast.FuncLit | ast.SetMap | ast.Choose | ast.SetFilter | ast.Lambda):
                stack.extend(self.children(x, c))
            elif isinstance(x, ast.Apply):
                stack.extend((a, c) for a in x.args)
            else:
                stack.extend((k, c) for k in ast.operands(x))

    def def_level(self, defn: ast.Definition, scope: Scope) -> int:
        key = (id(defn), id(scope))
        if key in self._levels:
            return self._levels[key]
        self._levels[key] = LEVEL_CONSTANT  # recursion guard: least fixpoint, from below
        if isinstance(defn, ast.OpDef):
            lvl = self.level(defn.body, bind_params(Ctx(scope), defn.params))
        elif isinstance(defn, ast.FunDef):
            lvl = max([self.level(b.set, Ctx(scope)) for b in defn.bounds if b.set is not None]
                      + [self.level(defn.body, self.bind_bounds(Ctx(scope), defn.bounds))])
        else:
            lvl = LEVEL_CONSTANT
        self._levels[key] = lvl
        return lvl

    def call_level(self, e: ast.Apply, ctx: Ctx, target: tuple[ast.Definition, Scope],
                   levels: tuple[int, ...]) -> int:
        """The level of ``Op(a, b)``: SANY's, its body's with each parameter as level as its
        argument, so that B(A) == ENABLED A is a state predicate whatever action A is, and
        Step(v) == v > 0 called as Step(x') an action. A recursive operator (or a higher-order
        parameter) gets the safe bound: the most of its definition's and its arguments'.
        ``levels``: the arguments' levels, computed once by the caller."""
        defn, scope = target
        args = max(levels, default=LEVEL_CONSTANT)
        if not isinstance(defn, ast.OpDef) or defn.recursive or any(p.arity for p in defn.params) \
                or len(defn.params) != len(e.args):
            return max(args, self.def_level(defn, scope))
        key = (id(defn), id(scope), levels)
        got = self._call_levels.get(key)
        if got is None:
            self._call_levels[key] = max(args, self.def_level(defn, scope))  # guard while computing
            inner = Ctx(scope)
            for p, a in zip(defn.params, e.args, strict=True):
                inner = inner.bind(p.name, Local("_", "alias", alias=(a, ctx)))
            # An argument of a state function that the body mentions is evaluated before the
            # call (expressions._call_def), even where the body's level ignores it (Wrap(Doc)
            # with Wrap(v) == Ignore(v), Ignore(v) == CHOOSE r \in S : TRUE): the call is no
            # constant to compute once without a state. Actions and temporal formulas are
            # passed by name, at the body's level (B(A) == ENABLED A is a state predicate).
            names = ast.names_in(defn.body)
            evaluated = max((lv for p, lv in zip(defn.params, levels, strict=True)
                             if lv < LEVEL_ACTION and p.name in names), default=LEVEL_CONSTANT)
            got = self._call_levels[key] = max(evaluated, self.level(defn.body, inner))
        return got

    def level(self, e: ast.Expr, ctx: Ctx) -> int:
        if isinstance(e, ast.Num | ast.Str | ast.Bool | ast.At):
            return LEVEL_CONSTANT
        if isinstance(e, ast.Name):
            if self._bounding and e.name in self._bounding:
                return LEVEL_STATE
            return self._name_level(e.name, ctx, e.pos)
        if isinstance(e, ast.Apply):
            levels = tuple(self.level(a, ctx) for a in e.args)  # once: nested calls must not redo them
            args = max(levels, default=0)
            if self._bounding and not self._bounding.isdisjoint(_TLA_DEFINED.get(e.op, (e.op,))):
                return max(args, LEVEL_STATE)
            if (loc := ctx.lookup(e.op)) is not None:
                return max(args, loc.level)
            target = self.resolve_def(e.op, ctx.scope)
            if target is not None:
                called = self.call_level(e, ctx, target, levels)
                return max(called, self.thread_level(target[1], ctx, e.op, e.pos),
                           args if self._bounding is not None else 0)
            used = self._sany_args.get(e.op)  # a built-in operator from here on
            if used is not None:
                return max((levels[i] for i in used if i < len(levels)), default=LEVEL_CONSTANT)
            if e.op in self._state_builtins:
                return max(args, LEVEL_STATE)
            return args
        if isinstance(e, ast.Prime | ast.Unchanged | ast.StepAction):
            return LEVEL_ACTION
        if isinstance(e, ast.Temporal | ast.Fairness):
            return LEVEL_TEMPORAL
        if isinstance(e, ast.Enabled):
            return LEVEL_STATE
        if isinstance(e, ast.Let):
            inner = ctx
            lv = 0
            for d in e.defs:
                if isinstance(d, ast.OpDef | ast.FunDef):
                    body = self.let_def_level(d, inner)
                    lv = max(lv, body)
                    inner = _let_bound(inner, d, body)
            return max(lv, self.level(e.body, inner))
        lv = 0
        for child, cctx in self.children(e, ctx):
            lv = max(lv, self.level(child, cctx))
        return lv

    def let_def_level(self, d: ast.OpDef | ast.FunDef, ctx: Ctx) -> int:
        """The level of a LET definition in ``ctx``: its body's with the parameters taken as
        constants (a call's level is the most of this and its arguments'); of a function
        definition, its bounds' and body's, its own name constant (trcl[n \\in Nat] == ... R[x, y]
        with R a parameter)."""
        if isinstance(d, ast.OpDef):
            return self.level(d.body, self.bind_params(ctx, d.params))
        inner = ctx.bind(d.name, Local("_", "value"))
        return max([*(self.level(b.set, inner) for b in d.bounds if b.set is not None),
                    self.level(d.body, self.bind_bounds(inner, d.bounds))])

    def children(self, e: ast.Expr, ctx: Ctx) -> Iterator[tuple[ast.Expr, Ctx]]:
        """Sub-expressions with the context they are evaluated in (for level analysis)."""
        if isinstance(e, ast.And | ast.Or | ast.SetEnum | ast.Tuple):
            for x in e.items:
                yield x, ctx
        elif isinstance(e, ast.If):
            yield from ((e.cond, ctx), (e.then, ctx), (e.else_, ctx))
        elif isinstance(e, ast.Case):
            for c, v in e.arms:
                yield c, ctx
                yield v, ctx
            if e.other is not None:
                yield e.other, ctx
        elif isinstance(e, ast.Quant | ast.FuncLit | ast.SetMap):
            for b in e.bounds:
                if b.set is not None:
                    yield b.set, ctx
            inner = self.bind_bounds(ctx, e.bounds)
            yield (e.body if not isinstance(e, ast.SetMap) else e.expr), inner
        elif isinstance(e, ast.Choose | ast.SetFilter):
            if e.bound.set is not None:
                yield e.bound.set, ctx
            inner = self.bind_bounds(ctx, (e.bound,))
            yield (e.body if isinstance(e, ast.Choose) else e.pred), inner
        elif isinstance(e, ast.FuncApp):
            yield e.func, ctx
            for a in e.args:
                yield a, ctx
        elif isinstance(e, ast.FuncSet):
            yield from ((e.domain, ctx), (e.range, ctx))
        elif isinstance(e, ast.RecordLit | ast.RecordSet):
            for _, v in e.fields:
                yield v, ctx
        elif isinstance(e, ast.Field):
            yield e.record, ctx
        elif isinstance(e, ast.Except):
            yield e.func, ctx
            for path, v in e.updates:
                for st in path:
                    for a in st.args or ():
                        yield a, ctx
                yield v, ctx
        elif isinstance(e, ast.Lambda):
            inner = ctx
            for p in e.params:
                inner = inner.bind(p, Local("_", "value"))
            yield e.body, inner

    def _name_level(self, name: str, ctx: Ctx, pos: ast.Pos) -> int:
        loc = ctx.lookup(name)
        if loc is not None:
            if loc.kind == "alias":  # a parameter passed a variable (or its prime) by name
                aexpr, actx = loc.alias  # type: ignore[misc]
                return self.level(aexpr, actx)
            return loc.level
        scope = ctx.scope
        if scope.subst is not None and name in scope.subst:
            return self.level(scope.subst[name], substitution_ctx(scope, Ctx(scope)))
        if scope.subst is None and name in scope.variables:
            return LEVEL_STATE
        target = self.resolve_def(name, scope)
        if target is not None:
            return max(self.def_level(*target), self.thread_level(target[1], ctx, name, pos))
        return LEVEL_STATE if name in self._state_builtins else LEVEL_CONSTANT

    def thread_level(self, scope: Scope, ctx: Ctx, name: str, pos: ast.Pos) -> int:
        """The most level of the operators' parameters and LET definitions that ``scope``'s
        hoisted instances take as parameters (bindings.threaded), where ``ctx`` gives them:
        ``P(d)!Bar`` is as level as d (its definitions are leveled with d a constant). With
        SANY's rule for INSTANCE on what they replace: a CONSTANT's must be constant-level, a
        VARIABLE's at most state-level (``Op(q) == P(q)!Bar`` called as Op(x'))."""
        lv = LEVEL_CONSTANT
        for sc, b in threaded(scope):
            if b not in sc.bound_kinds or within(ctx.scope, sc) or ctx.lookup(b) is None:
                continue
            got = self._name_level(b, ctx, pos)
            lv = max(lv, got)
            assert sc.subst is not None  # a hoisted instance
            limits = {c.name: LEVEL_CONSTANT for c in sc.constants} | dict.fromkeys(sc.variables, LEVEL_STATE)
            for c, expr in sc.subst.items():
                if got > limits.get(c, LEVEL_TEMPORAL) and b in ast.names_in(expr):
                    raise SemanticError(f"Level error in applying operator {written_name(name)}: the level of the "
                                        f"argument {b} exceeds the maximum level allowed by the operator ({c} must "
                                        f"be at most level {limits[c]}).", pos)
        return lv


def _let_bound(ctx: Ctx, d: ast.OpDef | ast.FunDef, level: int) -> Ctx:
    """``ctx`` inside a LET, past its definition ``d`` whose body is of level ``level``."""
    if isinstance(d, ast.OpDef):
        return ctx.bind(d.name, Local("_", "op", len(d.params), level=level))
    return ctx.bind(d.name, Local("_", "value", level=level))
