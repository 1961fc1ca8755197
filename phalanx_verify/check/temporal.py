"""Temporal formulas as TLC's liveness checker reads them (tlc2.tool.liveness.Liveness).

A property is turned into a tree whose leaves are state or action predicates compiled once
(``Atom``) and whose inner nodes are /\\, \\/, [] and <>: sub-formulas of state or action
level become one leaf each, operators of temporal level are opened with their (constant)
arguments, \\A and \\E over constant sets become conjunctions and disjunctions, ``~>`` becomes
[](~P \\/ <>Q), WF_v(A) becomes []<>(~ENABLED <<A>>_v \\/ <<A>>_v) and SF_v(A) becomes
<>[]~ENABLED <<A>>_v \\/ []<><<A>>_v, exactly TLC's rewriting.

A behaviour violates the property when it satisfies its negation. The negation is put in
negation normal form and then in disjunctive normal form, treating [] and <> as atoms; each
disjunct (``Disjunct``) is split as TLC splits it: <>[]X with X free of temporal operators is
an "eventually always" condition on the steps of a cycle (EA), []<>X an "infinitely often"
condition on its states or steps (AE), and what remains must be free of actions and is
checked with a tableau (check/tableau.py). Anything else TLC refuses, and so do we.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING, Any

from ..tla import bindings
from ..tla import syntax as ast
from ..tla.compile import LEVEL_ACTION, LEVEL_CONSTANT, LEVEL_STATE, LEVEL_TEMPORAL, Ctx, Local
from ..tla.errors import CannotHandleError, EvalError, SemanticError, StartupCrash
from ..tla.modules import Scope
from ..tla.values import as_set, format_value
from .unfolding import binders, lifted, substituted
from .unfolding import names as mentioned

if TYPE_CHECKING:
    from .model import Model, Part


@dataclass(eq=False)
class Pred:
    """A state predicate (``fn(s)``) or an action predicate (``fn(s, t)``), compiled once;
    two leaves are the same literal only when they share this object, as TLC's tags."""

    pos: ast.Pos
    level: int
    fn: Callable[..., Any]


@dataclass(frozen=True)
class Atom:
    """A state or action predicate, or (``positive`` false) its negation."""

    pred: Pred
    positive: bool = True


@dataclass(frozen=True)
class Bool:
    """A constant formula, already evaluated."""

    value: bool


@dataclass(frozen=True)
class Conj:
    """A conjunction."""

    items: tuple[Node, ...]


@dataclass(frozen=True)
class Disj:
    """A disjunction."""

    items: tuple[Node, ...]


@dataclass(frozen=True)
class Always:
    """[]body."""

    body: Node


@dataclass(frozen=True)
class Even:
    """<>body (eventually)."""

    body: Node


Node = Atom | Bool | Conj | Disj | Always | Even


def level(n: Node) -> int:
    if isinstance(n, Atom):
        return n.pred.level
    if isinstance(n, Bool):
        return LEVEL_CONSTANT
    if isinstance(n, Conj | Disj):
        return max((level(x) for x in n.items), default=LEVEL_CONSTANT)
    return LEVEL_TEMPORAL


def negate(n: Node) -> Node:
    """~n in negation normal form (negations only on atoms)."""
    if isinstance(n, Atom):
        return Atom(n.pred, not n.positive)
    if isinstance(n, Bool):
        return Bool(not n.value)
    if isinstance(n, Conj):
        return Disj(tuple(negate(x) for x in n.items))
    if isinstance(n, Disj):
        return Conj(tuple(negate(x) for x in n.items))
    if isinstance(n, Always):
        return Even(negate(n.body))
    return Always(negate(n.body))


def has_action(n: Node) -> bool:
    if isinstance(n, Atom):
        return n.pred.level >= LEVEL_ACTION
    if isinstance(n, Conj | Disj):
        return any(has_action(x) for x in n.items)
    if isinstance(n, Always | Even):
        return has_action(n.body)
    return False


def state_fn(n: Node) -> Callable[[tuple], bool]:
    """A node without temporal operators and actions as a function of one state."""
    if isinstance(n, Atom):
        f = n.pred.fn
        return (lambda s: bool(f(s))) if n.positive else (lambda s: not f(s))
    if isinstance(n, Bool):
        value = n.value
        return lambda s: value
    fs = [state_fn(x) for x in n.items]  # type: ignore[union-attr]
    if isinstance(n, Conj):
        return lambda s: all(f(s) for f in fs)
    return lambda s: any(f(s) for f in fs)


def step_fn(n: Node) -> Callable[[tuple, tuple], bool]:
    """A node without temporal operators as a function of a step (s, t); a state predicate
    is evaluated on s, as TLC does for the conditions of a cycle."""
    if isinstance(n, Atom) and n.pred.level >= LEVEL_ACTION:
        f = n.pred.fn
        return (lambda s, t: bool(f(s, t))) if n.positive else (lambda s, t: not f(s, t))
    if isinstance(n, Atom | Bool):
        g = state_fn(n)
        return lambda s, t: g(s)
    fs = [step_fn(x) for x in n.items]  # type: ignore[union-attr]
    if isinstance(n, Conj):
        return lambda s, t: all(f(s, t) for f in fs)
    return lambda s, t: any(f(s, t) for f in fs)


@dataclass
class Disjunct:
    """One way of violating a property: a behaviour whose cycle satisfies every EA condition
    on each of its steps, every AE condition somewhere, and whose whole run satisfies ``tf``
    (None: no tableau needed)."""

    ea: list[Node] = field(default_factory=list)        # <>[]X: X on every step of the cycle
    ae_state: list[Node] = field(default_factory=list)  # []<>P: P on some state of the cycle
    ae_step: list[Node] = field(default_factory=list)   # []<>A: A on some step of the cycle
    tf: Node | None = None


def dnf(n: Node) -> list[list[Node]]:
    """Disjunctive normal form over /\\ and \\/, with [] and <> (and atoms) as leaves."""
    if isinstance(n, Conj):
        out: list[list[Node]] = [[]]
        for x in n.items:
            out = [a + b for a, b in product(out, dnf(x))]
        return out
    if isinstance(n, Disj):
        return [c for x in n.items for c in dnf(x)]
    return [[n]]


def disjuncts(negated: Node, pos: ast.Pos) -> list[Disjunct]:
    """Split the negated property into TLC's possible error models."""
    out = []
    for conj in dnf(negated):
        d = Disjunct()
        tfs: list[Node] = []
        dead = False
        for c in conj:
            if isinstance(c, Bool):
                dead = dead or not c.value
            elif isinstance(c, Even) and isinstance(c.body, Always) and level(c.body.body) < LEVEL_TEMPORAL:
                d.ea.append(c.body.body)
            elif isinstance(c, Always) and isinstance(c.body, Even) and level(c.body.body) < LEVEL_TEMPORAL:
                (d.ae_step if level(c.body.body) == LEVEL_ACTION else d.ae_state).append(c.body.body)
            elif has_action(c):
                raise CannotHandleError("Temporal formulas containing actions must be of forms <>[]A or []<>A.",
                                        pos)
            else:
                tfs.append(c)
        if dead:
            continue
        if not conj:
            # TRUE (~P for P == \E k \in {} : <>Q, an empty disjunction): TLC's classifyExpr
            # leaves it to the tableau, whose node of no formula follows at once, so its search
            # stops at the first state it expands (a bad prefix of one state, check/sinkwatch.py)
            tfs.append(Bool(True))
        d.tf = tfs[0] if len(tfs) == 1 else Conj(tuple(tfs)) if tfs else None
        out.append(d)
    return out


class Translator:
    """Turns the AST of a property into a Node, compiling its state and action leaves."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.compiler = model.compiler
        # The nodes a ~ made (by id, held): TLC's simplify does not see through its LNNeg
        self._negations: dict[int, Node] = {}

    def part(self, p: Part) -> Node:
        return self.node(p.expr, p.scope, p.env, ())

    def _ctx(self, scope: Scope, env: dict[str, Any]) -> Ctx:
        ctx = Ctx(scope)
        for name in env:
            ctx = ctx.bind(name, Local("_", "value"))
        return ctx

    def node(self, e: ast.Expr, scope: Scope, env: dict[str, Any], lets: tuple[ast.Definition, ...]) -> Node:
        wrapped = with_lets(e, lets)
        lvl = self.compiler.level(wrapped, self._ctx(scope, env))
        if lvl < LEVEL_TEMPORAL:
            if lvl > LEVEL_CONSTANT:
                self._constant_kids(e, scope, env, lets)
            return self.leaf(wrapped, lvl, scope, env)

        def rec(x: ast.Expr, env: dict[str, Any] = env) -> Node:
            return self.node(x, scope, env, lets)

        if isinstance(e, ast.Let):
            return self.node(e.body, scope, env, lets + tuple(e.defs))
        if isinstance(e, ast.And):
            return Conj(tuple(rec(x) for x in e.items))
        if isinstance(e, ast.Or):
            return Disj(tuple(rec(x) for x in e.items))
        if isinstance(e, ast.If):
            g = rec(e.cond)
            return Disj((Conj((g, rec(e.then))), Conj((negate(g), rec(e.else_)))))
        if isinstance(e, ast.Temporal):
            self.check_action_form(e, scope, env, lets)
            args = [rec(x) for x in e.args]
            # TLC's LNAll/LNEven.simplify: [][]F is []F and <><>F is <>F (so <>(<>[][A]_v) is
            # an eventually-always condition, fuzz12 EvBoxAct), not under a negation
            if e.op in ("always", "eventually"):
                arg = args[0]
                kind = Always if e.op == "always" else Even
                if isinstance(arg, Always | Even) and type(arg) is kind and self._negations.get(id(arg)) is not arg:
                    arg = arg.body
                return Always(arg) if e.op == "always" else Even(arg)
            if e.op == "leads_to":
                return Always(Disj((negate(args[0]), Even(args[1]))))
        if isinstance(e, ast.Fairness):
            return self.fairness(e, scope, env, lets)
        if isinstance(e, ast.Quant):
            kids = tuple(rec(e.body, b) for b in self.bindings(e.bounds, scope, env))
            return Conj(kids) if e.kind == "forall" else Disj(kids)
        if isinstance(e, ast.Apply) and e.op in ("lnot", "implies") and e.op not in env:
            args = [rec(x) for x in e.args]
            if e.op == "lnot":
                negated = negate(args[0])
                self._negations[id(negated)] = negated
                return negated
            return Disj((negate(args[0]), args[1]))
        if isinstance(e, ast.Name | ast.Apply):
            opened = self.open_definition(e, scope, env, lets)
            if opened is not None:
                return opened
        raise CannotHandleError("TLC cannot handle this temporal formula", e.pos)

    def check_action_form(self, e: ast.Temporal, scope: Scope, env: dict[str, Any],
                          lets: tuple[ast.Definition, ...]) -> None:
        """SANY's rule: an action under [] must be written [A]_v, under <> as <<A>>_v."""
        if e.op not in ("always", "eventually"):
            return
        arg = e.args[0]
        lvl = self.compiler.level(with_lets(arg, lets), self._ctx(scope, env))
        angle = e.op == "eventually"
        if lvl == LEVEL_ACTION and not (isinstance(arg, ast.StepAction) and arg.angle == angle):
            form = "<> followed by action not of form <<A>>_v" if angle else "[] followed by action not of " \
                "form [A]_v"
            raise SemanticError(form, e.pos)

    def constant_parts(self, e: ast.Expr, scope: Scope, env: dict[str, Any],
                       lets: tuple[ast.Definition, ...]) -> None:
        """TLC's Liveness.astToLive takes a state or action formula apart through /\\, \\/, ~,
        =>, IF and LET before it makes it one atom, and evaluates each part of constant level
        there, as it builds the tableau: an error is its crash at start (exit 255), though the
        atom would never reach that part (``x = 1 /\\ Head("abc") = "a"``). Inside a definition,
        a quantifier or a function it swallows errors, and so is not followed here."""
        lvl = self.compiler.level(with_lets(e, lets), self._ctx(scope, env))
        if lvl == LEVEL_CONSTANT:
            self.leaf(with_lets(e, lets), lvl, scope, env)
        elif lvl < LEVEL_TEMPORAL:
            self._constant_kids(e, scope, env, lets)

    def _constant_kids(self, e: ast.Expr, scope: Scope, env: dict[str, Any],
                       lets: tuple[ast.Definition, ...]) -> None:
        """constant_parts of the parts of the state or action formula ``e``."""
        if isinstance(e, ast.Let):
            self._constant_kids(e.body, scope, env, lets + tuple(e.defs))
            return
        if isinstance(e, ast.And | ast.Or):
            parts: tuple[ast.Expr, ...] = tuple(e.items)
        elif isinstance(e, ast.If):
            parts = (e.cond, e.then, e.else_)
        elif isinstance(e, ast.Apply) and e.op in ("lnot", "implies") and e.op not in env:
            parts = tuple(e.args)
        else:
            return
        for x in parts:
            self.constant_parts(x, scope, env, lets)

    def leaf(self, e: ast.Expr, lvl: int, scope: Scope, env: dict[str, Any]) -> Node:
        if lvl == LEVEL_CONSTANT:
            try:
                value = self.compiler.state_function(e, scope, env)(())
            except EvalError as err:  # (TLC's EvalException as it builds the tableau: exit 255)
                raise StartupCrash(f"TLC threw an unexpected exception (tlc2.tool.EvalException): {err.message}",
                                   err.pos or e.pos) from err
            if not isinstance(value, bool):  # TLC's Liveness.astToLive, as it builds the tableau: exit 255
                raise StartupCrash("TLC expected a boolean value, but did not find one.", e.pos)
            return Bool(value)
        # TLC's liveness evaluates an atom as LNStateAST or LNAction: a Boolean, or its error
        if lvl == LEVEL_STATE:
            return Atom(Pred(e.pos, lvl, self.compiler.state_function(e, scope, env, boolean="state atom")))
        if isinstance(e, ast.StepAction):
            # LNAction.eval: the subscript first, A only on a step that changes it (<<A>>_v is
            # FALSE, [A]_v TRUE, on a stuttering step, whatever A would do there)
            same = self.compiler.action_function(ast.Unchanged(e.pos, e.sub), scope, env)
            act = self.compiler.action_function(e.action, scope, env, boolean="action atom")
            angle = e.angle
            return Atom(Pred(e.pos, lvl, lambda s, t: (not same(s, t) and act(s, t)) if angle
                             else (same(s, t) or act(s, t))))
        return Atom(Pred(e.pos, lvl, self.compiler.action_function(e, scope, env, boolean="action atom")))

    def fairness(self, e: ast.Fairness, scope: Scope, env: dict[str, Any],
                 lets: tuple[ast.Definition, ...]) -> Node:
        step = ast.StepAction(e.pos, e.action, e.sub, True)
        enabled = self.node(ast.Enabled(e.pos, step), scope, env, lets)
        taken = self.node(step, scope, env, lets)
        if e.kind == "WF":
            return Always(Even(Disj((negate(enabled), taken))))
        return Disj((Even(Always(negate(enabled))), Always(Even(taken))))

    def bindings(self, bounds: tuple[ast.Bound, ...], scope: Scope, env: dict[str, Any]) -> list[dict[str, Any]]:
        """Every binding of a quantifier over constant sets, as extensions of ``env``."""
        envs = [dict(env)]
        for b in bounds:
            if b.set is None or b.tuple_pattern:
                raise SemanticError("TLC cannot handle an unbounded quantifier or a tuple pattern in a "
                                    "temporal formula", b.set.pos if b.set else None)
            values = sorted(as_set(self.compiler.state_function(b.set, scope, env)(())), key=format_value)
            for name in b.names:
                envs = [{**x, name: v} for x in envs for v in values]
        return envs

    def open_definition(self, e: ast.Name | ast.Apply, scope: Scope, env: dict[str, Any],
                        lets: tuple[ast.Definition, ...]) -> Node | None:
        """The body of a temporal-level operator (of a LET around it, or of a module) with its
        constant arguments bound to their values and the others (and operators) passed by
        name, as TLC's astToLiveAppl binds them."""
        name = e.name if isinstance(e, ast.Name) else e.op
        if name in env:
            return None
        local = [d for d in lets if isinstance(d, ast.OpDef) and d.name == name]
        target = (local[-1], scope) if local else self.compiler.resolve_def(name, scope)
        if target is None:
            return None
        defn, dscope = target
        if not isinstance(defn, ast.OpDef):
            return None
        args = e.args if isinstance(e, ast.Apply) else ()
        if len(args) != len(defn.params):
            return None
        bound, by_name = {}, {}
        for p, a in zip(defn.params, args, strict=True):
            a = with_lets(a, lets)
            if p.arity or self.compiler.level(a, self._ctx(scope, env)) > LEVEL_CONSTANT:
                by_name[p.name] = a  # TLC binds the argument's expression (astToLiveAppl)
            else:
                bound[p.name] = self.compiler.state_function(a, scope, env)(())
        if by_name and dscope is not scope and not local:
            body = lifted(name, defn, dscope, tuple(with_lets(a, lets) for a in args), scope)
            if body is None or mentioned(defn.body) & set(env):
                raise SemanticError(f"unsupported construct: {name} of another module applied to a non-constant "
                                    "argument in a temporal formula", e.pos)
            return self.node(body, scope, env, ())
        if by_name:
            if binders(defn.body) & set().union(*map(mentioned, by_name.values())):
                raise SemanticError(f"unsupported construct: {name} applied to an argument that a name bound in its "
                                    "body would capture, in a temporal formula", e.pos)
            defn = dataclasses.replace(defn, body=substituted(defn.body, by_name))
        if local:
            return self.node(defn.body, scope, {**env, **bound}, lets)
        if dscope is not scope:
            return self.node(defn.body, dscope, {**bindings.thread_values(dscope, scope, env), **bound}, ())
        return self.node(defn.body, dscope, {**env, **bound}, ())


def with_lets(e: ast.Expr, lets: tuple[ast.Definition, ...]) -> ast.Expr:
    """``e`` under the LET definitions around it that it uses (directly or through others), so
    that a leaf cut out of a LET body still sees them and keeps its own level."""
    used: set[str] = set()
    todo = [e]
    while todo:
        names = mentioned(todo.pop())
        for d in lets:
            body = getattr(d, "body", None)
            if d.name in names and d.name not in used:
                used.add(d.name)
                if body is not None:
                    todo.append(body)
    needed = tuple(d for d in lets if d.name in used)
    return ast.Let(e.pos, needed, e) if needed else e



@dataclass
class General:
    """A temporal property outside the fixed forms: the ways of violating it."""

    disjuncts: list[Disjunct]
    tableaux: dict[int, Any] = field(default_factory=dict)  # disjunct index -> Tableau (lazily)


def general_obligation(model: Model, p: Part, assumptions: Sequence[Part] = ()) -> General:
    """The ways of violating ``p`` by a behaviour that satisfies every formula of
    ``assumptions`` (the temporal conjuncts of the SPECIFICATION other than WF/SF, which TLC's
    Liveness conjoins with the negated property, as it does the fairness conditions)."""
    tr = Translator(model)
    negated = negate(tr.part(p))
    if assumptions:
        negated = Conj((*(tr.part(a) for a in assumptions), negated))
    return General(disjuncts(negated, p.expr.pos))
