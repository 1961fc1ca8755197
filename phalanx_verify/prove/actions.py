"""Split a next-state relation into named sub-actions, so a CTI says which step breaks induction.

Disjunctions split; ``\\E x \\in S`` over a constant set of atoms splits into one sub-action per
element; an action operator is opened and its body split further, and a sub-action that is the
whole body of an operator application is named by it with its arguments (``Commit(j2)``).
What is left (a conjunction, an existential over a state-dependent set) is one sub-action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..tla import syntax as ast
from . import symbolic as sym
from .translate import Env, Translator, flat_bounds, resolve_def


@dataclass(frozen=True)
class SubAction:
    label: str
    expr: ast.Expr
    env: Env


def split_action(tr: Translator, e: ast.Expr, env: Env, is_action: Callable[[ast.OpDef, Any], bool],
                 name: str = "Next") -> list[SubAction]:
    """Sub-actions of ``e``; ``is_action(defn, scope)`` says whether an operator is action-level."""
    return [SubAction(label or name, x, xenv) for label, x, xenv in _split(tr, e, env, is_action)]


def _split(tr: Translator, e: ast.Expr, env: Env,
           is_action: Callable[[ast.OpDef, Any], bool]) -> list[tuple[str | None, ast.Expr, Env]]:
    if isinstance(e, ast.Or):
        return [p for x in e.items for p in _split(tr, x, env, is_action)]
    if isinstance(e, ast.Quant) and e.kind == "exists":
        bindings = _constant_bindings(tr, flat_bounds(e.bounds, e.pos), env)
        if bindings is not None:
            return [p for b in bindings for p in _split(tr, e.body, b, is_action)]
    if isinstance(e, ast.Name | ast.Apply):
        op = e.name if isinstance(e, ast.Name) else e.op
        target = None if op in env.locals else resolve_def(op, env.scope)
        if target is not None and isinstance(target[0], ast.OpDef) and is_action(*target):
            defn, scope = target
            args = tuple(tr.eval(a, env) for a in (e.args if isinstance(e, ast.Apply) else ()))
            inner = Env(scope, env.cur, env.nxt, {p.name: a for p, a in zip(defn.params, args, strict=True)})
            parts = _split(tr, defn.body, inner, is_action)
            if len(parts) == 1:
                text = ", ".join(_arg_text(tr, a) for a in args)
                return [(f"{op}({text})" if args else op, parts[0][1], parts[0][2])]
            return parts
    return [(None, e, env)]


def _constant_bindings(tr: Translator, names: list[tuple[str, ast.Expr]], env: Env) -> list[Env] | None:
    """One env per tuple of elements, when every bound set is a constant set of atoms."""
    envs = [env]
    for name, set_expr in names:
        v = tr.eval(set_expr, env)
        if not isinstance(v, sym.FinSet) or not all(sym.concrete_true(b) or sym.concrete_false(b)
                                                     for b in v.bits.values()):
            return None
        elems = [k for k, b in sorted(v.bits.items()) if sym.concrete_true(b)]
        envs = [x.bind(name, tr.atoms.const[k]) for x in envs for k in elems]
    return envs


def _arg_text(tr: Translator, v: Any) -> str:
    key = sym.concrete_key(v, tr.atoms)
    return str(key) if key is not None else "?"
