"""Ground instances that let z3 close the unbounded mode's step obligations.

In the unbounded mode a candidate's conjuncts are universal over symbolic sets (``\\A j \\in
Job : ...``) and may read CHOOSE (RRPResume's ``Newest(Below(j))``). Given ``Inv /\\ A /\\
~Inv'`` whole, z3's E-matching has to guess which jobs to instantiate and cannot instantiate
CHOOSE's axiom at all (it is stated per ground term, see ``Translator.choice_instances``), so
it answered unknown on Commit and Seal. The way Ivy and Apalache's inductive checks work
instead, an ``IndNext`` obligation is split per conjunct C of the candidate and made ground:

- the goal ``~C'`` with C = ``\\A x \\in S : B`` becomes ``x0 \\in S' /\\ ~B'(x0)`` for a fresh
  constant x0 (Skolemization: equisatisfiable);
- every universal conjunct of the premise is also stated at each ground atom (the action's
  Skolem constants and x0): instances of a premise already asserted, so valid;
- the integers the action and the goal speak of (``epoch[x0]``, ``epoch'[j]``) join the pool
  CHOOSE's axiom is instantiated with, and only ground CHOOSE terms are instantiated.

Every fact added is implied by the premise, so an unsat answer is a proof of the original
obligation and a sat answer is a model of it (a genuine CTI).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Any

import z3

from ..tla import resolve_def
from ..tla import syntax as ast
from . import symbolic as sym
from .actions import SubAction, skolem_binding
from .translate import Env, Translator, flat_bounds


@dataclass(frozen=True)
class Universal:
    """``\\A x1 \\in S1, ... : body`` over symbolic sets of atoms, as found behind a conjunct."""

    names: list[tuple[str, ast.Expr]]
    body: ast.Expr
    env: Env


def universal(tr: Translator, expr: ast.Expr, env: Env) -> Universal | None:
    """The conjunct's universal form (its definition opened), or None when it has another shape
    or quantifies over something other than a symbolic set of atoms."""
    if isinstance(expr, ast.Name) and expr.name not in env.locals:
        target = resolve_def(expr.name, env.scope)
        if target is None or not isinstance(target[0], ast.OpDef) or target[0].params:
            return None
        expr, env = target[0].body, Env(target[1], env.cur, env.nxt)
    if not (isinstance(expr, ast.Quant) and expr.kind == "forall"):
        return None
    names = flat_bounds(expr.bounds, expr.pos)
    for _, s in names:
        v = tr.eval(s, env)
        if not (sym.is_set_array(v) and v.sort().domain() == tr.atoms.sort):
            return None
    return Universal(names, expr.body, env)


def action_skolems(tr: Translator, a: SubAction) -> list[z3.ExprRef]:
    """The fresh atoms an unbounded sub-action binds its parameters to (``j`` of Commit(j))."""
    return [v for v in a.env.locals.values() if tr.atoms.is_atom(v) and tr.atoms.name_of(v) is None]


def negated_goal(tr: Translator, expr: ast.Expr, env: Env) -> tuple[z3.BoolRef, list[z3.ExprRef]]:
    """``~C'`` for a conjunct C, Skolemized when C is universal: the formula and its new atoms."""
    u = universal(tr, expr, env)
    if u is None:
        return z3.Not(tr.formula(ast.Prime(expr.pos, expr), env)), []
    primed = replace(u.env, primed=True)
    bound = skolem_binding(tr, u.names, primed)
    assert bound is not None  # universal() checked that every bound set is a symbolic atom set
    inner, guard = bound
    return z3.And(guard, z3.Not(tr.formula(u.body, inner))), [inner.locals[n] for n, _ in u.names]


def premise_instances(tr: Translator, conjuncts: list[tuple[ast.Expr, Env]],
                      ground: list[z3.ExprRef]) -> list[z3.BoolRef]:
    """Each universal conjunct of the premise stated at every tuple of ground atoms."""
    out = []
    for expr, env in conjuncts:
        u = universal(tr, expr, env)
        if u is None:
            continue
        for atoms in itertools.product(ground, repeat=len(u.names)):
            inner, guards = u.env, []
            for (name, s), k in zip(u.names, atoms, strict=True):
                guards.append(sym.member(k, tr.eval(s, inner), tr.atoms))
                inner = inner.bind(name, k)
            out.append(z3.Implies(tr.z.and_(guards), tr.formula(u.body, inner)))
    return out


def integer_pool(states: list[dict[str, Any]], ground: list[z3.ExprRef]) -> list[z3.ExprRef]:
    """The integers of both states at the ground atoms: ``f[k]`` for every function variable f
    from atoms to integers (``epoch[j]``), the terms CHOOSE's axiom is worth instantiating with."""
    out: list[z3.ExprRef] = []
    for st in states:
        for v in st.values():
            if isinstance(v, sym.AFun) and v.arr is not None and v.arr.sort().range().kind() == z3.Z3_INT_SORT:
                out.extend(v.at(k) for k in ground)
    return out
