"""Fairness bookkeeping for liveness: for each explored state, which fairness conditions
WF_v(A) / SF_v(A) have <<A>>_v enabled, and for each edge, which of them it takes.

General path: run A's own successor generator on the state. Fast path: when A is an operator
application that also names an unguarded sub-action of Next (``\\A j \\in Job : WF_vars(Detect(j))``
next to ``Next == \\E j \\in Job : Detect(j) \\/ ...``), Next already enumerated exactly A's
successors under that label, so the edges carrying the label are A's steps; and when A is
Next itself (``WF_vars(Next)``), every edge is. Tests prove the paths give the same bits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..tla import (
    LEVEL_CONSTANT,
    LEVEL_STATE,
    UNDETERMINED,
    Compiler,
    Ctx,
    EvalError,
    IncompleteFairnessStep,
    ReadsAnalysis,
    Scope,
    TLAError,
    eq,
)
from ..tla import syntax as ast
from ..tla.sameness import same
from .model import Fairness, Model, Part, part_ctx

if TYPE_CHECKING:
    from .bfs import StateSpace


class FairnessTracker:
    """Computes the bitmasks of the fairness conditions (bit i = condition i; Python integers,
    so there is no limit on their number, as in TLC)."""

    def __init__(self, model: Model, fairs: list[Fairness], use_labels: bool = True) -> None:
        self.model = model
        self.fairs = fairs
        compiler = model.compiler
        self.subs: list[Callable[[tuple], Any]] = [
            compiler.state_function(f.sub.expr, f.sub.scope, f.sub.env) for f in fairs]
        # (the names bound over a condition, \\A m \\in Messages : WF_vars(RReq(m)), cannot be
        # the variables' or the subscript's: SANY forbids redeclaring a name)
        all_vars = [i for i, f in enumerate(fairs)
                    if f.sub.scope is model.scope and _is_all_vars(model, f.sub.expr)]
        self.full_sub = set(all_vars)
        # Fast path: fairness index -> (label index, label args)
        self.by_label: dict[int, tuple[int, tuple]] = {}
        if use_labels:
            for i, f in enumerate(fairs):
                key = self._label_key(f)
                if key is not None:
                    self.by_label[i] = key
        # WF_vars(Next) with the model's own next-state relation: every edge is a step of it
        self._every = 0
        for i, f in enumerate(fairs):
            if use_labels and i not in self.by_label and self._is_next(f):
                self._every |= 1 << i
        self.slow = [i for i in range(len(fairs)) if i not in self.by_label and not self._every >> i & 1]
        self._label_bits = sum(1 << i for i in self.by_label)
        self._slot_masks: dict[tuple[int, tuple], int] = {}
        self._sub_reads: dict[int, frozenset[int] | None] = {}  # the variables each subscript reads
        self._guards = {i: _leading_guards(model, fairs[i].action) for i in self.slow}
        self._steps = {i: compiler.action_function(fairs[i].action.expr, fairs[i].action.scope, fairs[i].action.env,
                                                   boolean="action atom") for i in self.slow}

    def _is_next(self, f: Fairness) -> bool:
        """Is the condition's action the next-state relation itself, by the same name in the
        same module and without bound values (WF_vars(Next) beside [][Next]_vars)? Next's
        successors of a state, which the search hands over, are then exactly its steps, and
        enumerating them again (the general path) doubled the work of the search
        (TokenRing)."""
        nxt = self.model.next_part
        a, n = f.action.expr, nxt.expr
        return isinstance(a, ast.Name) and isinstance(n, ast.Name) and a.name == n.name \
            and f.action.scope is nxt.scope and not f.action.env and not nxt.env

    def _label_key(self, f: Fairness) -> tuple[int, tuple] | None:
        compiler = self.model.compiler
        applied = _constant_application(compiler, f.action.expr, part_ctx(f.action), f.action.scope, f.action.env)
        if applied is None:  # WF_v(Return(c, alloc[c])): the label's arguments vary with the state
            return None
        defn, scope, values = applied
        next_labels = self.model.next.labels  # type: ignore[attr-defined]
        for idx, label in enumerate(compiler.labels):
            if idx in next_labels and label.pos == defn.pos and label.name == scope.prefix + defn.name:
                if compiler.label_guarded.get(idx, True) or idx in compiler.label_split:
                    return None
                return idx, tuple(values)
        return None

    def prepare(self, space: StateSpace) -> None:
        """Give the state graph room for the bitmasks: its compact 64-bit arrays hold at most
        64 conditions; with more, plain lists of integers."""
        if len(self.fairs) > 64:
            space.enabled = []  # type: ignore[assignment]
            space.edge_fair = []  # type: ignore[assignment]

    def slot_mask(self, key: tuple[int, tuple]) -> int:
        """Fast-path bits of an edge label (before the 'v changed' test)."""
        m = self._slot_masks.get(key)
        if m is None:
            m = self._every
            action = (self.model.compiler.action_of(key[0]), key[1])  # the definition's label
            for i, k in self.by_label.items():
                if k == action:
                    m |= 1 << i
            self._slot_masks[key] = m
        return m

    def state(self, s: tuple, succs: list[tuple[tuple[int, tuple], tuple]],
              targets: list[int | None] | None = None) -> tuple[int, list[int]]:
        """(enabled bits of s, step bits per successor edge, in the order of ``succs``).
        ``targets``: each successor's id in the graph (None for one outside it, whose step bits
        no one reads), which tells equal successors apart cheaper than their values."""
        enabled = 0
        masks = [0] * len(succs)
        subs = self.subs
        sub_now: dict[int, Any] = {}
        for k, (key, t) in enumerate(succs):
            m = self.slot_mask(key)
            if not m:
                continue
            bits = 0
            i = 0
            mm = m
            while mm:
                if mm & 1:
                    if i in self.full_sub:
                        changed = t != s
                    else:
                        if i not in sub_now:
                            sub_now[i] = subs[i](s)
                        changed = subs[i](t) != sub_now[i]
                    if changed:
                        bits |= 1 << i
                mm >>= 1
                i += 1
            masks[k] = bits
            enabled |= bits
        if enabled & self._label_bits and len(succs) > 1:
            _same_step_same_bits([t for _, t in succs] if targets is None else targets, masks,
                                 enabled & self._label_bits)
        # As TLC's liveness graph evaluates the conditions (Liveness.astToLive): WF_v(A) is
        # []<>(~ENABLED <<A>>_v \/ <<A>>_v), one check per edge whose second half is evaluated
        # only where A is enabled; SF_v(A) is <>[]~ENABLED <<A>>_v \/ []<><<A>>_v, so <<A>>_v is
        # evaluated on every edge. <<A>>_v on an edge (LNAction.eval): v compared by TLA+
        # equality, then A evaluated where v changes. Looking the edge up among A's own
        # successors would give the same bits but skip the errors TLC raises there
        # (A == x' = "a" /\ ... with an integer x, under SF).
        full: list[bool | None] = [None] * len(succs)  # per edge: t # s, for subscripts of all variables
        for i in self.slow:
            weak = self.fairs[i].kind == "WF"
            guarded = self._guard_false(i, s)  # A disabled, FALSE on every edge, without an error
            if guarded and weak:
                continue
            vs = subs[i](s)
            bit = 1 << i
            if not guarded and self._enabled(i, s, vs):
                enabled |= bit
            elif weak:
                continue
            step = self._steps[i]
            for k, (_, t) in enumerate(succs):
                if i in self.full_sub:
                    known = full[k]
                    changed = self._vars_changed(i, s, t) if known is None else known
                    full[k] = changed
                else:
                    changed = not eq(vs, subs[i](t))
                if changed and not guarded and step(s, t):
                    masks[k] |= bit
        return enabled, masks

    def _vars_changed(self, i: int, s: tuple, t: tuple) -> bool:
        """v' # v for a subscript of all the variables: the states compared, and where that
        fails (a variable holding values of two kinds), the subscript's tuples, for TLC's error
        on the first variable in the subscript's order."""
        try:
            return not eq(s, t)
        except EvalError:
            return not eq(self.subs[i](s), self.subs[i](t))

    def _guard_false(self, i: int, s: tuple) -> bool:
        """Is one of A's leading state predicates FALSE at s, the ones before it TRUE? A is
        then FALSE on every step from s and has no successor there, and evaluating it (or
        enumerating its successors) raises no error: TLC stops at that conjunct. Anything else
        (a non-Boolean, an error) is left to A's evaluation, which meets it the same way."""
        for g in self._guards[i]:
            try:
                v = g(s)
            except EvalError:
                return False
            if v is not True:
                return v is False
        return False

    def _enabled(self, i: int, s: tuple, vs: Any) -> bool:
        """ENABLED <<A>>_v at s for the slow condition i: by A's ENABLED predicate where the
        model compiled one, else by A's successors up to the first that changes v (Tool.enabled
        stops there)."""
        fair = self.fairs[i]
        if fair.enabled is not None:
            return bool(fair.enabled(s))
        assert fair.generator is not None
        for _, _, t in fair.generator(s):
            if any(v is UNDETERMINED for v in t):  # A leaves a variable free that v may read
                self._determined_for_sub(i, t)
            if not eq(vs, self.subs[i](t)):
                return True
        return False

    def violated_on_cycle(self, cycle: list[tuple]) -> bool:
        """Does a lasso whose cycle visits ``cycle`` in order (the last state's step returning
        to the first; one state: a stuttering step) violate condition 0? TLC's evalOnLasso of
        WF_v(A), []<>(~ENABLED <<A>>_v \\/ <<A>>_v): A enabled at every state of the cycle and
        taken on none of its steps; of SF_v(A), <>[]~ENABLED <<A>>_v \\/ []<><<A>>_v: enabled
        at some state and taken on no step (post-hoc attribution, check/lasso.py)."""
        sub, step = self.subs[0], self._steps[0]
        for s, t in zip(cycle, cycle[1:] + cycle[:1], strict=True):
            if not eq(sub(s), sub(t)) and step(s, t):
                return False
        enabled = (self._enabled(0, s, sub(s)) for s in cycle)
        return all(enabled) if self.fairs[0].kind == "WF" else any(enabled)

    def probe(self, s: tuple, successors: list[tuple]) -> None:
        """What TLC's liveness graph evaluates of each condition WF_v(A) / SF_v(A) at ``s``, its
        errors raised, nothing kept: ENABLED <<A>>_v, by A's successors up to the first that
        changes v (Tool.enabled stops there), and, where that holds or the condition is SF,
        <<A>>_v evaluated on the step to each of ``successors`` and on the stuttering step
        (LNAction.eval: v' # v, then A where v changes; A evaluated, not enumerated:
        ``(P \\/ Q) /\\ x' = e`` never reaches Q where P holds)."""
        for i, fair in enumerate(self.fairs):
            vs = self.subs[i](s)
            if not self._enabled(i, s, vs) and fair.kind == "WF":
                continue  # ~ENABLED <<A>>_v holds: TLC's edge check of WF stops there (see state)
            for t in (*successors, s):
                if not eq(vs, self.subs[i](t)):
                    self._steps[i](s, t)

    def _determined_for_sub(self, i: int, t: tuple) -> None:
        """Raise TLC's error where the successor ``t`` of condition i's action leaves free a
        variable its subscript reads: TLC evaluates v' there and fails (IncompleteFairnessStep)."""
        if i not in self._sub_reads:
            sub = self.fairs[i].sub
            self._sub_reads[i] = ReadsAnalysis(self.model.compiler).of(sub.expr, part_ctx(sub))
        reads = self._sub_reads[i]
        for j, v in enumerate(t):
            if v is UNDETERMINED and (reads is None or j in reads):
                raise IncompleteFairnessStep.of(self.model.variables[j])


def _leading_guards(model: Model, part: Part) -> list[Callable[[tuple], Any]]:
    """The state predicates an action starts with, in TLC's order of evaluation: the leading
    conjuncts below the action level, through the definitions of operators applied to constant
    arguments (``WF_vars(RReq(m))``, ``RReq(m) == /\\ m \\in network /\\ m.type = "request" /\\ ...``)."""
    compiler = model.compiler
    guards: list[Callable[[tuple], Any]] = []
    expr, scope, env = part.expr, part.scope, part.env
    while True:
        items = expr.items if isinstance(expr, ast.And) else (expr,)
        ctx = part_ctx(Part(expr, scope, env, ""))
        for item in items:
            if compiler.level(item, ctx) <= LEVEL_STATE:
                try:
                    guards.append(compiler.state_function(item, scope, env))
                except TLAError:  # what A's own compilation reports, if it is ever evaluated
                    return guards
                continue
            break
        else:
            return guards
        inner = _unfold(compiler, item, ctx, scope, env)
        if inner is None:
            return guards
        expr, scope, env = inner


def _unfold(compiler: Compiler, e: ast.Expr, ctx: Ctx, scope: Scope,
            env: dict[str, Any]) -> tuple[ast.Expr, Scope, dict[str, Any]] | None:
    """The body of a user operator applied to constant arguments, with its scope and the
    arguments' values bound to its parameters; None for anything else."""
    applied = _constant_application(compiler, e, ctx, scope, env)
    if applied is None:
        return None
    defn, def_scope, values = applied
    # the names bound outside stay bound: an instance's parameters reach its definitions through
    # its substitutions (S(s) == INSTANCE Slot WITH chosen <- log[s])
    return defn.body, def_scope, {**env, **{p.name: v for p, v in zip(defn.params, values, strict=True)}}


def _constant_application(compiler: Compiler, e: ast.Expr, ctx: Ctx, scope: Scope,
                          env: dict[str, Any]) -> tuple[ast.OpDef, Scope, list[Any]] | None:
    """A user operator (not recursive, no operator parameters) applied to arguments of
    constant level: its definition, the definition's scope and the arguments' values. None for
    anything else, and for arguments that fail to evaluate: the action's own evaluation reports
    that where TLC would."""
    name = e.op if isinstance(e, ast.Apply) else e.name if isinstance(e, ast.Name) else None
    if name is None or name in env:
        return None
    target = compiler.resolve_def(name, scope)
    if target is None:
        return None
    defn, def_scope = target
    if not isinstance(defn, ast.OpDef) or defn.recursive:
        return None
    args = e.args if isinstance(e, ast.Apply) else ()
    if len(args) != len(defn.params) or any(p.arity for p in defn.params) \
            or any(compiler.level(a, ctx) > LEVEL_CONSTANT for a in args):
        return None
    try:
        values = [compiler.state_function(a, scope, env)(()) for a in args]
    except EvalError:
        return None
    return defn, def_scope, values


def _same_step_same_bits(targets: list[Any], masks: list[int], bits: int) -> None:
    """<<A>>_v is a property of the step, not of the action that generated it: an edge of
    another label reaching a state that A's label reaches from the same state is an A step
    too (A == x' = (x + 1) % 3 beside B == x' \\in 0..2), as TLC's graph evaluates A on every
    edge. The label's bits ``bits`` (v changed: the same test on the same step) are copied
    to every edge with the same target (a state, or its id in the graph; None: no edge)."""
    reached: dict[Any, tuple[Any, int]] = {}
    for k, t in enumerate(targets):
        b = masks[k] & bits
        if b and t is not None:
            rep, had = reached.get(t, (t, 0))
            if rep is t or same(rep, t):
                reached[t] = (rep, had | b)
    if not reached:
        return
    for k, t in enumerate(targets):
        hit = reached.get(t) if t is not None else None
        if hit is not None and (hit[0] is t or same(hit[0], t)):
            masks[k] |= hit[1]


def _is_all_vars(model: Model, sub: ast.Expr) -> bool:
    """Is the subscript the tuple of all variables (then "v changed" is just t # s)?"""
    target = None
    if isinstance(sub, ast.Name):
        target = model.compiler.resolve_def(sub.name, model.scope)
        if target is not None and isinstance(target[0], ast.OpDef) and not target[0].params:
            sub = target[0].body
    if not isinstance(sub, ast.Tuple):
        return False
    names = [x.name for x in sub.items if isinstance(x, ast.Name)]
    return len(names) == len(sub.items) and sorted(names) == sorted(model.variables)
