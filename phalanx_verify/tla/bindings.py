"""What a name means where the compiler meets it: the compile-time context and the lookup of
names in module scopes, shared by level analysis, static kinds, code generation and the prover.

SANY's static checks (resolve.py) run earlier, when a module is loaded, on the declarations of
the raw module; here the scopes are built (``modules.Scope``: EXTENDS merged, INSTANCE ... WITH
substitutions) and the question is which binding a name has at one point of an expression: a
local (quantifier, parameter, LET: ``Ctx.locals``), an instance substitution, a state variable, a
constant, a definition, or else a built-in of the language or a standard module. resolve.py
cannot hold this: modules.py imports it to check a module before any scope exists.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from . import syntax as ast
from .modules import Scope


@dataclass(frozen=True)
class StateRef:
    """How compiled code reads the variables of one state: from a tuple named ``tuple_name``,
    or (while a successor is being built) from Python locals, some not yet determined."""

    tuple_name: str | None = None
    locals: tuple[tuple[int, str], ...] = ()
    unpacked: bool = False  # the function unpacked the tuple into locals s_0, s_1, ...
    # No state exists (an ASSUME): a variable read is TLC's undefined identifier, which SANY's
    # levels let through where a standard operator ignores its argument (``ASSUME PrintT(x)``)
    absent: bool = False

    def read(self, i: int) -> str | None:
        if self.tuple_name is not None:
            return f"{self.tuple_name}_{i}" if self.unpacked else f"{self.tuple_name}[{i}]"
        for j, name in self.locals:
            if j == i:
                return name
        return None

    def bind(self, i: int, name: str) -> StateRef:
        return StateRef(None, self.locals + ((i, name),))

    def whole(self, nvars: int) -> str | None:
        if self.tuple_name is not None:
            return self.tuple_name
        names = [self.read(i) for i in range(nvars)]
        if any(n is None for n in names):
            return None
        return "(" + "".join(f"{n}, " for n in names) + ")"


@dataclass(frozen=True)
class Local:
    """A name bound by a quantifier, parameter or LET: its Python name and how to use it."""

    pyname: str
    kind: str  # "value" | "op" (callable; arity >= 0) | "thunk" (zero-arity LET)
    arity: int = 0
    vkind: str | None = None  # what is statically known of the value (see kinds.static_kind)
    # kind "alias": an operator parameter bound to a state variable of the caller, passed by name
    # (as TLC passes arguments), so that var' and UNCHANGED var in the body mean the caller's
    # variable: (argument expression, caller's context).
    alias: tuple[Any, Any] | None = field(default=None, compare=False, hash=False)
    unused: tuple[int, ...] = ()  # a LET operator's parameters its body never mentions
    lazy: tuple[int, ...] = ()  # a LET operator's parameters passed as thunks (strictness.py)
    # A LET operator: the level of its body (its parameters taken as constants), and, where an
    # action or the initial predicate calls it, its definition and the context it was defined in,
    # so that the call is inlined as TLC evaluates it (``LET set(v) == x' = v IN set(1)`` assigns x).
    level: int = 0
    letdef: tuple[Any, Any] | None = field(default=None, compare=False, hash=False)
    # A LET definition TLC's passing by name shows in: its definition and the context it was
    # defined in. One without parameters of state level is evaluated again where it is read in
    # another state (d' with d == x + 1 is x' + 1 in TLC), not the value remembered; an operator
    # that reads a parameter by name (byname.py) is inlined with that argument by name where it
    # is not constant (LET f(q) == q' > q IN f(x) is x' > x).
    redo: tuple[Any, Any] | None = field(default=None, compare=False, hash=False)
    # A LET function definition f[x \in S] == body: it, the context it was defined in, and, inside
    # its own body as the ways of an action conjunct count it (actions.ways), the Python name of
    # the function counting the ways its body holds for an argument (None elsewhere). TLC's
    # next-state enumeration opens f[a] as its body (a lazy function: Tool.getNextStates).
    fundef: tuple[Any, Any, str | None] | None = field(default=None, compare=False, hash=False)
    # A zero-arity LET definition computed where it is defined (its value, not a thunk, is in
    # ``pyname``): its body is what the LET evaluates first (strictness.evaluated_first).
    eager: bool = False
    # A zero-arity LET definition or a recursive function's own name: how its value was made,
    # for TLC's error applying it outside its domain (kinds.made_as, outside.py).
    made: str = ""
    # A LET definition that may make a function constructor (kinds.constructs): TLC keeps it
    # lazy where the definition's value is the function of an application.
    constructs: bool = False
    # A LET operator with parameters: its definition and the context it was defined in, which
    # byname.py follows where the operator is passed as an argument (Iter(G, 2, x)).
    opdef: tuple[Any, Any] | None = field(default=None, compare=False, hash=False)


@dataclass(frozen=True)
class Ctx:
    """Where an expression is compiled: its scope, the names bound around it, how the current
    and next state are read, and what the enclosing construct established."""

    scope: Scope
    locals: tuple[tuple[str, Local], ...] = ()
    cur: StateRef = field(default_factory=lambda: StateRef("s"))
    nxt: StateRef | None = None
    at: str | None = None
    witnesses: str | None = None  # name of the witness dict when checking a given step
    guarded: bool = False  # while splitting Next: some condition lies on the path to here
    # Conjuncts known to hold where a flag is true: ((id(expr), id(scope), locals), flag), set
    # by a narrowed SUBSET quantifier for the conjuncts its narrowing already established.
    implied: tuple[tuple[tuple[int, int, tuple], str], ...] = ()
    # Inside ENABLED: the instance scopes whose substitutions were made outside it. As in TLC
    # (whose ENABLED branches the context and cuts primed look-ups off at the branch), a primed
    # variable of such an instance is not its substitution but a free variable of the partial
    # successor, bound by name: under WITH b <- x + y, ENABLED (b' = b + 1) asks for some b'.
    enabled_outside: frozenset[int] = frozenset()
    primed: bool = False  # under a prime: cur is the successor (TLCGet("level")' reads its level)
    # The operators being inlined around here (actions._gen_call), as (id(definition), id(scope)):
    # kept in the context, so that the rest of a conjunction, compiled as the continuation of
    # a call, is not inside that call (D1!Init /\ D2!Init, two instances of one Init, in turn).
    unfolding: frozenset[tuple[int, int]] = frozenset()

    def lookup(self, name: str) -> Local | None:
        for n, loc in reversed(self.locals):
            if n == name:
                return loc
        return None

    def bind(self, name: str, loc: Local) -> Ctx:
        return replace(self, locals=self.locals + ((name, loc),))

    def bind_all(self, defs: tuple[ast.Definition, ...]) -> Ctx:
        """The context inside a LET: its definitions shadow (for static questions only)."""
        ctx = self
        for d in defs:
            if d.name is not None:  # a LET holds named definitions only
                fundef = (d, ctx, None) if isinstance(d, ast.FunDef) else None
                ctx = ctx.bind(d.name, Local("_", "op", len(getattr(d, "params", ())), fundef=fundef))
        return ctx


def threaded(scope: Scope) -> tuple[tuple[Scope, str], ...]:
    """The parameters of the hoisted instances ``scope`` lies in (itself or a scope it was
    instantiated from, see ``Scope.bound``), outermost first: every operator compiled in
    ``scope`` takes them, after the states and before its own parameters, under the Python
    names ``thread_name`` gives, which code compiled in the scope reads directly."""
    chain: list[tuple[Scope, str]] = []
    s: Scope | None = scope
    while s is not None:
        chain[:0] = [(s, n) for n in s.bound]
        s = s.parent
    return tuple(chain)


def thread_name(scope: Scope, name: str) -> str:
    """The Python name of the parameter ``name`` of the hoisted instance ``scope``."""
    return f"_ip{id(scope)}_{name}"


def thread_key(scope: Scope, name: str) -> str:
    """The key under which an environment of fixed values (the checker's ``\\A s \\in S``
    over a temporal formula) gives the parameter ``name`` of the hoisted instance ``scope``:
    no TLA+ name, so never read as one."""
    return "%" + thread_name(scope, name)


def thread_values(scope: Scope, outer: Scope, env: dict[str, Any]) -> dict[str, Any]:
    """The values of the parameters of the hoisted instances ``scope`` lies in, under their
    ``thread_key``, for a formula of ``scope`` opened from one of ``outer`` whose bound names
    have the values ``env`` (the checker's ``\\A s \\in S : P(s)!Spec``, one formula per
    element): the value of s where ``outer`` lies outside the instance, else the value
    ``env`` carries for the parameter."""
    out = {}
    for sc, n in threaded(scope):
        key = thread_key(sc, n)
        if key in env:
            out[key] = env[key]
        elif n in env and not within(outer, sc):
            out[key] = env[n]
    return out


def within(scope: Scope, outer: Scope) -> bool:
    """Is ``scope`` the scope ``outer`` or one instantiated (at any depth) from it?"""
    s: Scope | None = scope
    while s is not None:
        if s is outer:
            return True
        s = s.parent
    return False


def substitution_ctx(scope: Scope, ctx: Ctx) -> Ctx:
    """Where the expression replacing a constant or variable of the instance ``scope`` is
    read: the instantiating scope, with the hoisted instance's parameters bound as the names
    they were where ``I(s)!Op`` was written, and the states and ENABLED context of ``ctx``."""
    assert scope.parent is not None  # an INSTANCE's scope lies inside the instantiating one
    locals_ = tuple((n, Local(thread_name(scope, n), "value")) for n in scope.bound)
    return Ctx(scope.parent, locals=locals_, cur=ctx.cur, nxt=ctx.nxt, enabled_outside=ctx.enabled_outside)


def resolve_def(name: str, scope: Scope) -> tuple[ast.Definition, Scope] | None:
    """The definition ``Op`` or ``I!Op`` names in ``scope``, with the scope it was defined in."""
    if "!" in name:
        inst, _, rest = name.partition("!")
        if inst in scope.instances:
            return resolve_def(rest, scope.instances[inst][1])
    return scope.defs.get(name)  # (Op!lab†<<: a selector of labels, modules._labelled_selection)



@dataclass(frozen=True, slots=True)
class Substituted:
    """A CONSTANT or VARIABLE of an instance: the expression of the instantiating scope
    (``parent``) that replaces it (``WITH name <- expr``, or implicitly the same name there)."""

    expr: ast.Expr
    parent: Scope


@dataclass(frozen=True, slots=True)
class Variable:
    """A state variable (of a scope that is no instance: the root module and what it EXTENDS)."""

    name: str


@dataclass(frozen=True, slots=True)
class Constant:
    """A CONSTANT (of a scope that is no instance): its value comes from the model."""

    name: str


@dataclass(frozen=True, slots=True)
class Defined:
    """An operator, function or instance definition, with the scope it was defined in."""

    defn: ast.Definition
    scope: Scope


@dataclass(frozen=True, slots=True)
class Builtin:
    """None of the spec's names: the language's or a standard module's, or unknown; whether
    the scope sees it (EXTENDS) is for the user of the binding to decide."""

    name: str


Binding = Substituted | Variable | Constant | Defined | Builtin


def global_binding(name: str, scope: Scope) -> Binding:
    """What a name no local binds means in ``scope``: the spec's own names first (an instance
    substitution, a variable, a constant, a definition, ``I!Op`` too), then the built-ins, so a
    user name is never taken for a built-in of the same spelling."""
    if scope.subst is not None and name in scope.subst:
        assert scope.parent is not None  # an INSTANCE's scope lies inside the instantiating one
        return Substituted(scope.subst[name], scope.parent)
    if scope.subst is None and name in scope.variables:
        return Variable(name)
    if scope.subst is None and any(c.name == name for c in scope.constants):
        return Constant(name)
    target = resolve_def(name, scope)
    if target is not None:
        return Defined(*target)
    return Builtin(name)

def substituted_op(name: str, scope: Scope, root: Scope, substitutions: dict[str, str]) \
        -> tuple[ast.Definition, Scope] | None:
    """The definition an operator constant of an instance stands for (``N == INSTANCE Nano``
    with Nano's ``CalculateHash(_,_,_)`` implicitly the instantiating module's, itself
    perhaps given by the model as ``CalculateHash <- CalculateHashImpl``: ``substitutions``,
    looked up in the model's ``root``), or a constant of the root module the model gives as
    ``Send <- MCSend``; None when the substitution is not an operator name."""
    if scope.subst is None:
        return resolve_def(substitutions[name], root) if name in substitutions else None
    sub = scope.subst.get(name)
    parent = scope.parent
    if isinstance(sub, ast.Lambda) and parent is not None:
        return _lambda_def(name, sub), parent
    if not isinstance(sub, ast.Name) or parent is None:
        return None
    n = sub.name
    if parent.subst is None and n in substitutions:
        return resolve_def(substitutions[n], root)
    return resolve_def(n, parent) or substituted_op(n, parent, root, substitutions)


# Per LAMBDA node (held, so that its id is not reused): the definition it stands for.
_LAMBDA_DEFS: dict[int, tuple[ast.Lambda, ast.OpDef]] = {}


def _lambda_def(name: str, lam: ast.Lambda) -> ast.OpDef:
    """``WITH A <- LAMBDA y : e``: the operator constant A of the instance is the definition
    ``A(y) == e`` of the instantiating module, one object per LAMBDA (compiled code and memos
    are keyed by the definition)."""
    hit = _LAMBDA_DEFS.get(id(lam))
    if hit is None or hit[0] is not lam:
        hit = _LAMBDA_DEFS[id(lam)] = (lam, ast.OpDef(lam.pos, name, tuple(ast.Param(p) for p in lam.params), lam.body))
    return hit[1]


def bind_params(ctx: Ctx, params: tuple[ast.Param, ...]) -> Ctx:
    """The context inside an operator's body, for static questions (levels, kinds)."""
    for p in params:
        ctx = ctx.bind(p.name, Local("_", "value" if p.arity == 0 else "op", p.arity))
    return ctx


def bind_bounds(ctx: Ctx, bounds: tuple[ast.Bound, ...]) -> Ctx:
    """The context inside a quantifier or function constructor, for static questions."""
    for b in bounds:
        for n in b.names:
            ctx = ctx.bind(n, Local("_", "value"))
    return ctx
