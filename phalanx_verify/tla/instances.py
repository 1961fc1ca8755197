"""Instances with arguments and instances inside LET, as plain module-level instances.

``I(x) == INSTANCE M WITH c <- x + 1`` used as ``I(4)!Op`` means M's Op with c replaced by
``4 + 1``; ``LET J == INSTANCE M IN J!Op`` means M's Op with M's constants and variables
replaced by the names visible where the LET is written. Both are rewritten right after parsing
into an ordinary named instance at module level (one per call site or LET, under a name no
user can write: ``I%12_5``), so the rest of the toolkit (name resolution, levels, the checker,
the replayer and the z3 translation) only ever sees plain ``I!Op`` references.

The rewrite is exact when the hoisted substitutions mean at module level what they meant where
they were written. An argument that mentions a quantifier's variable (``\\A s \\in S : P(s)!Spec``)
makes that variable a parameter of the hoisted instance (``InstanceDef.bound``), passed to its
operators at each use, as TLC evaluates the instance's operators in the context of the call; so
does a LET definition without parameters, if of constant level (checked where compiled). An
argument that mentions another bound name (an operator's parameter, a LET operator, which TLC
reads by name, primed where the instance primes it) is refused as unsupported (exit 150), as is
a ``WITH`` expression of a LET instance that mentions a name bound there, and
an implicit substitution of a LET instance whose name is bound at the LET (modules.py checks
that one, once it knows the instantiated module's constants and variables). One bound name is
exact to hoist: a definition without parameters of the same or an enclosing LET whose body
mentions nothing bound (``LET x == y + 1  M == INSTANCE N IN M!Op`` with N's variable x: the
implicit ``x <- x`` means ``y + 1``, TLC's suite/test59), which becomes the substitution.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import syntax as ast
from .errors import SemanticError

# The parser writes ``I(a, b)!Op(c)`` as Apply("I#2!Op", (a, b, c)): the instance's argument
# count after the mark (``#`` cannot occur in a TLA+ name).
ARGS_MARK = "#"


UNSUPPORTED = "$unsupported"
"""An operator no TLA+ name can spell: ``$unsupported("what")`` stands for a construct the
checker refuses (exit 150) where it compiles it, not where it is defined."""


def unsupported(what: str, pos: ast.Pos) -> ast.Apply:
    return ast.Apply(pos, UNSUPPORTED, (ast.Str(pos, what),))


def hoisted_name(name: str, pos: ast.Pos) -> str:
    return f"{name}%{pos.line}_{pos.col}"


def written_name(name: str) -> str:
    """An operator's name as the user wrote it, as TLC prints it: ``I%12_5!Op`` (a hoisted
    instance) as ``I!Op``, and ``Op%Mod`` (a LOCAL definition of an extended module, renamed by
    modules.py) as ``Op``; the mark ``%`` cannot occur in a TLA+ name."""
    return "!".join(part.split("%")[0] for part in name.split("!"))


def let_instance(inst: ast.InstanceDef) -> ast.InstanceDef:
    """The module-level copy of ``LET name == INSTANCE M ...`` (its ``shadowed`` names are
    filled in by ``hoist_calls``, which knows what is bound where)."""
    assert inst.name is not None
    return dataclasses.replace(inst, name=hoisted_name(inst.name, inst.pos), local=False)


def use_hoisted(node: Any, name: str, new: str) -> Any:
    """``node`` with its references ``name!Op`` made ``new!Op``."""
    prefix = name + "!"

    def ref(e: ast.Name | ast.Apply) -> ast.Expr | None:
        if isinstance(e, ast.Name):
            return ast.Name(e.pos, new + e.name[len(name):]) if e.name.startswith(prefix) else None
        if not e.op.startswith(prefix):
            return None
        return ast.Apply(e.pos, new + e.op[len(name):], use_hoisted(e.args, name, new))
    return ast.rewritten(node, ref)


def _binders(node: Any) -> set[str]:
    """The names a node binds for its children (over-approximated: a binder's own set
    expression is counted as inside it)."""
    out: set[str] = set()
    for b in getattr(node, "bounds", ()) or ():
        out.update(b.names)
    bound = getattr(node, "bound", None)
    if isinstance(bound, ast.Bound):
        out.update(bound.names)
    if isinstance(node, ast.Lambda):
        out.update(node.params)
    if isinstance(node, ast.Let):
        for d in node.defs:
            if d.name is not None:
                out.add(d.name)
            out.update(p.name for p in getattr(d, "params", ()))
            out.update(n for b in getattr(d, "bounds", ()) for n in b.names)
    return out


@dataclasses.dataclass(frozen=True)
class _Bound:
    """The names bound where the walk is. ``closed``: the LET definitions without parameters
    whose body mentions nothing bound, with that body (what a LET instance's implicit
    substitution of the name means). ``ops``: the names no hoisted instance can take as a
    parameter (operators' parameters that are operators, LET operators, LAMBDA's and a
    recursive function's own name). ``kinds``: the names TLC reads by name, not as a value,
    "parameter" (an operator's) or "let" (a LET definition without parameters); any other is
    a quantifier's variable, a value."""

    names: frozenset[str] = frozenset()
    closed: dict[str, ast.Expr] = dataclasses.field(default_factory=dict)
    ops: frozenset[str] = frozenset()
    kinds: dict[str, str] = dataclasses.field(default_factory=dict)

    def kinds_of(self, names: Any) -> tuple[tuple[str, str], ...]:
        return tuple((n, self.kinds[n]) for n in names if n in self.kinds)


class _Hoister:
    """Rewrites one module: instance calls become references to hoisted instances."""

    def __init__(self, mod: ast.Module, inherited: dict[str, ast.InstanceDef] | None) -> None:
        self.params: dict[str, ast.InstanceDef] = dict(inherited or {})
        self.params.update({d.name: d for d in mod.defs if isinstance(d, ast.InstanceDef) and d.params and d.name})
        self.final = inherited is not None  # else a call of an unknown instance waits for the EXTENDS
        self.lets = {d.name for d in mod.defs if isinstance(d, ast.InstanceDef) and d.name and "%" in d.name}
        self.shadowed: dict[str, set[str]] = {}
        self.let_defaults: dict[str, dict[str, ast.Expr]] = {}
        self.let_env: dict[str, list[_Bound]] = {}  # a LET instance -> what is bound where it is used
        self.new: list[ast.InstanceDef] = []
        self.threaded: dict[str, tuple[str, ...]] = {}  # a hoisted instance -> its bound names

    def walk(self, node: Any, env: _Bound) -> Any:
        if isinstance(node, ast.Name | ast.Apply):
            name = node.name if isinstance(node, ast.Name) else node.op
            head = name.split("!", 1)[0]
            if head in self.lets:
                self.shadowed.setdefault(head, set()).update(env.names - env.closed.keys())
                self.let_defaults.setdefault(head, {}).update({n: env.closed[n] for n in env.names & env.closed.keys()})
                self.let_env.setdefault(head, []).append(env)
            if ARGS_MARK in name:
                assert isinstance(node, ast.Apply)
                return self.call(node, env)
        binders = _binders(node)
        if not binders:
            return ast.mapped(node, lambda child: self.walk(child, env))
        ops, kinds = env.ops, {n: k for n, k in env.kinds.items() if n not in binders}
        closed = {n: e for n, e in env.closed.items() if n not in binders}
        if isinstance(node, ast.Lambda):
            ops |= binders
        if isinstance(node, ast.Let):
            # A LET definition without parameters, or an operator's parameter, may be an
            # argument (passed as the hoisted instance's parameter, expressions.thread_value).
            lets = {d.name for d in node.defs if isinstance(d, ast.OpDef) and not d.params and d.name is not None}
            params = {p.name for d in node.defs if isinstance(d, ast.OpDef) for p in d.params if not p.arity}
            ops |= binders - lets - params
            kinds.update(dict.fromkeys(params, "parameter") | dict.fromkeys(lets, "let"))
            closed.update({d.name: d.body for d in node.defs if isinstance(d, ast.OpDef) and not d.params
                           and d.name is not None and not ast.names_in(d.body) & (env.names | binders)
                           and not any("!" in n for n in ast.names_in(d.body))})
        inner = _Bound(env.names | binders, closed, ops, kinds)
        return ast.mapped(node, lambda child: self.walk(child, inner))

    def call(self, e: ast.Apply, env: _Bound) -> ast.Expr:
        parts = e.op.split("!")
        at = next(i for i, part in enumerate(parts) if ARGS_MARK in part)  # L!I#1!Op: I through L
        name, _, count = parts[at].partition(ARGS_MARK)
        rest = "!".join(parts[at + 1:])
        k = int(count)
        args = tuple(self.walk(a, env) for a in e.args)
        inst = self.params.get("!".join([*parts[:at], name]))
        if inst is None and not self.final:
            return ast.Apply(e.pos, e.op, args)  # perhaps an EXTENDed module's (Loader.hoist_inherited)
        if inst is None:
            raise SemanticError(f"unsupported construct: {name}(...)!{rest}: an instance with arguments "
                                "defined outside this module", e.pos)
        if len(inst.params) != k:
            raise SemanticError(f"The operator {name} requires {len(inst.params)} arguments, but {k} were given.",
                                e.pos)
        inst_args = args[:k]
        if any(p.arity and not isinstance(a, ast.Name | ast.Lambda)
               for p, a in zip(inst.params, inst_args, strict=True)):
            # (Inst2(COp!@!++)!Foo, TLC's suite/test206: an operator by name or a LAMBDA is
            # substituted for the constant operator as WITH A5 <- COp!@!++ does)
            raise SemanticError(f"unsupported construct: instance {name} with an operator parameter", e.pos)
        mentioned = set().union(*(ast.names_in(a) for a in inst_args))
        # P(Q(s)!X)!Y: the instance hoisted for Q(s) reads s, so P's does too
        mentioned.update(*(self.threaded.get(n.split("!", 1)[0], ()) for n in list(mentioned)))
        clash = sorted(mentioned & env.names)
        if set(clash) & env.ops:  # refused where it is compiled: a definition nobody uses must not stop the run
            return unsupported(f"{name}(...)!{rest} with an argument that mentions the operator parameter or LET "
                               f"operator {sorted(set(clash) & env.ops)[0]}", e.pos)
        mapping = {p.name: a for p, a in zip(inst.params, inst_args, strict=True)}

        def put(x: ast.Name | ast.Apply) -> ast.Expr | None:
            return mapping.get(x.name) if isinstance(x, ast.Name) else None
        new = ast.InstanceDef(e.pos, hoisted_name(name, e.pos), inst.module, (),
                              tuple((n, ast.rewritten(s, put)) for n, s in inst.subs), inst.local,
                              tuple(mapping.items()), bound=tuple(clash), bound_kinds=env.kinds_of(clash))
        self.threaded[new.name] = new.bound  # type: ignore[index]  # hoisted: named
        self.new.append(new)
        target = f"{new.name}!{rest}"
        return ast.Name(e.pos, target) if len(args) == k else ast.Apply(e.pos, target, args[k:])


def hoist_calls(mod: ast.Module, inherited: dict[str, ast.InstanceDef] | None = None) -> None:
    """Rewrite ``mod`` in place: each ``I(args)!Op`` refers to an instance of its own, placed
    just before the definition (or assumption) that uses it; each LET instance learns the
    names bound where it is used. Run once as a module is parsed, for its own instances, and
    again with ``inherited`` (the instances with arguments its EXTENDed modules define) when
    some call is left (``calls_left``)."""
    if inherited is None and not any(isinstance(d, ast.InstanceDef) and d.name and ("%" in d.name or d.params)
                                     for d in mod.defs):
        return
    h = _Hoister(mod, inherited)
    units: list[tuple[str, object]] = []
    for kind, unit in mod.units:
        if kind in ("definition", "assume") and not isinstance(unit, ast.InstanceDef):
            params = getattr(unit, "params", ())
            env = _Bound(frozenset(p.name for p in params), ops=frozenset(p.name for p in params if p.arity),
                         kinds={p.name: "parameter" for p in params if not p.arity})
            if isinstance(unit, ast.FunDef):
                env = _Bound(env.names | {unit.name} | {n for b in unit.bounds for n in b.names},
                             ops=env.ops | {unit.name}, kinds=env.kinds)
            h.new = []
            if isinstance(unit, ast.OpDef | ast.FunDef):
                new_unit: Any = dataclasses.replace(unit, body=h.walk(unit.body, env))
            else:  # an ASSUME's expression
                new_unit = h.walk(unit, env)
            units += [("definition", d) for d in h.new]
            units.append((kind, new_unit))
        else:
            units.append((kind, unit))
    units = [(k, dataclasses.replace(u, shadowed=frozenset(h.shadowed.get(u.name, ())),
                                     defaults=u.defaults + tuple(h.let_defaults.get(u.name, {}).items()))
              if isinstance(u, ast.InstanceDef) and u.name in h.shadowed else u) for k, u in units]
    units = [(k, _let_instance_bound(u, h.let_env.get(u.name, [])))
             if isinstance(u, ast.InstanceDef) and u.name in h.lets else (k, u) for k, u in units]
    mod.units[:] = units
    mod.defs[:] = [u for k, u in units if k == "definition"]  # type: ignore[misc]
    mod.assumes[:] = [u for k, u in units if k == "assume"]  # type: ignore[misc]


def _let_instance_bound(inst: ast.InstanceDef, uses: list[_Bound]) -> ast.InstanceDef:
    """A LET instance whose ``WITH`` mentions names bound at the LET (``LET d == x + 1
    I == INSTANCE M WITH a <- d IN I!Foo``): they become the hoisted instance's parameters, as
    for ``I(d)!Foo``, passed where it is used; an operator among them is refused."""
    mentioned = set().union(*(ast.names_in(e) for _, e in inst.subs))
    clash = sorted(mentioned & set().union(*(u.names for u in uses)))
    if not clash:
        return inst
    ops = sorted(set(clash) & set().union(*(u.ops for u in uses)))
    if ops:
        raise SemanticError(f"unsupported construct: an INSTANCE inside LET whose WITH mentions the operator "
                            f"{ops[0]} bound there", inst.pos)
    kinds: dict[str, str] = {}
    for u in uses:
        kinds.update(u.kinds_of(clash))
    return dataclasses.replace(inst, bound=tuple(clash), bound_kinds=tuple(kinds.items()))


def calls_left(mod: ast.Module) -> bool:
    """Does ``mod`` still call an instance with arguments (one an EXTENDed module defines)?"""
    return any(ARGS_MARK in n for d in mod.defs if not isinstance(d, ast.InstanceDef)
               for n in ast.names_in(d)) or any(ARGS_MARK in n for a in mod.assumes for n in ast.names_in(a))
