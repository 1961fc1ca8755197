"""Split a next-state relation into named sub-actions, so a CTI says which step breaks induction.

Disjunctions split; ``\\E x \\in S`` over a constant set of atoms splits into one sub-action per
element; an action operator is opened and its body split further, and a sub-action that is the
whole body of an operator application is named by it with its arguments (``Commit(j2)``).
What is left (a conjunction, an existential over a state-dependent set) is one sub-action.
In the unbounded mode an existential over a symbolic constant set (``\\E j \\in Job``) is
Skolemized instead: its variable becomes a fresh constant with the guard ``j \\in Job``, which is
equisatisfiable wherever a sub-action is used (always as a premise), and the label names the
variable (``Commit(j)``, one obligation for every job of every cluster).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from ..tla import resolve_def
from ..tla import syntax as ast
from . import symbolic as sym
from .translate import Env, Translator, flat_bounds


@dataclass(frozen=True)
class SubAction:
    """A named sub-action; ``guard`` is its Skolem constants' membership (TRUE without any)."""

    label: str
    expr: ast.Expr
    env: Env
    guard: z3.BoolRef

    def formula(self, tr: Translator) -> z3.BoolRef:
        """The sub-action as a z3 formula over the problem's state pair (with its Skolem guard)."""
        return z3.And(self.guard, tr.formula(self.expr, self.env))


def split_action(tr: Translator, e: ast.Expr, env: Env, is_action: Callable[[ast.OpDef, Any], bool],
                 name: str = "Next") -> list[SubAction]:
    """Sub-actions of ``e``; ``is_action(defn, scope)`` says whether an operator is action-level."""
    return [SubAction(label or name, x, xenv, guard) for label, x, xenv, guard in _split(tr, e, env, is_action)]


_Part = tuple[str | None, ast.Expr, Env, z3.BoolRef]


def _split(tr: Translator, e: ast.Expr, env: Env, is_action: Callable[[ast.OpDef, Any], bool]) -> list[_Part]:
    if isinstance(e, ast.Or):
        return [p for x in e.items for p in _split(tr, x, env, is_action)]
    if isinstance(e, ast.Quant) and e.kind == "exists":
        names = flat_bounds(e.bounds, e.pos)
        bindings = _constant_bindings(tr, names, env)
        if bindings is not None:
            return [p for b in bindings for p in _split(tr, e.body, b, is_action)]
        skolem = skolem_binding(tr, names, env, ints=True)
        if skolem is not None:
            inner, guard = skolem
            return [(label, x, xenv, z3.And(guard, g)) for label, x, xenv, g in _split(tr, e.body, inner, is_action)]
    if isinstance(e, ast.Name | ast.Apply):
        op = e.name if isinstance(e, ast.Name) else e.op
        target = None if op in env.locals else resolve_def(op, env.scope)
        if target is not None and isinstance(target[0], ast.OpDef) and is_action(target[0], target[1]):
            defn, scope = target[0], target[1]
            args = tuple(tr.eval(a, env) for a in (e.args if isinstance(e, ast.Apply) else ()))
            inner = Env(scope, env.cur, env.nxt, {p.name: a for p, a in zip(defn.params, args, strict=True)})
            parts = _split(tr, defn.body, inner, is_action)
            if len(parts) == 1:
                text = ", ".join(_arg_text(tr, a) for a in args)
                return [(f"{op}({text})" if args else op, *parts[0][1:])]
            return parts
    return [(None, e, env, tr.z.true)]


def _constant_bindings(tr: Translator, names: list[tuple[str, ast.Expr]], env: Env) -> list[Env] | None:
    """One env per tuple of elements, when every bound set is a constant set of atoms."""
    envs = [env]
    for name, set_expr in names:
        v = tr.eval(set_expr, env)
        ints = sym.constant_ints(v) if sym.is_int_set(v) else None
        if ints is not None:  # \E n \in 1..Size with Size a number: Resize(j1, 1), Resize(j1, 2)
            envs = [x.bind(name, tr.z.int_val(n)) for x in envs for n in ints]
            continue
        if not isinstance(v, sym.FinSet) or not all(sym.concrete_true(b) or sym.concrete_false(b)
                                                     for b in v.bits.values()):
            return None
        elems = [k for k, b in sorted(v.bits.items()) if sym.concrete_true(b)]
        envs = [x.bind(name, tr.atoms.const[k]) for x in envs for k in elems]
    return envs


def skolem_binding(tr: Translator, names: list[tuple[str, ast.Expr]], env: Env,
                   ints: bool = False) -> tuple[Env, z3.BoolRef] | None:
    """Fresh constants for the bound names and their membership guard, when every bound set is a
    symbolic set of atoms (unbounded mode), or with ``ints`` also a set of integers (``\\E n \\in
    1..Size`` with Size symbolic: ``Resize(j, n)``, one obligation for every n)."""
    if not tr.atoms.unbounded:
        return None
    guards = []
    for name, set_expr in names:
        v = tr.eval(set_expr, env)
        if not (sym.is_set_array(v) and (v.sort().domain() == tr.atoms.sort or (ints and sym.is_int_set(v)))):
            return None
        c = z3.Const(tr.z.fresh_name(name), v.sort().domain())
        guards.append(v[c])
        env = env.bind(name, c)
    return env, tr.z.and_(guards)


def _arg_text(tr: Translator, v: Any) -> str:
    key = sym.concrete_key(v, tr.atoms)
    if key is not None:
        return str(key)
    if z3.is_const(v) and "!" in v.decl().name():  # a Skolem constant: the bound variable's name
        return v.decl().name().split("!")[0]
    return "?"
