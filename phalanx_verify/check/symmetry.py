"""Symmetry reduction (TLC's SYMMETRY): states equal up to a permutation of model values are
one state.

The model names a set of permutations (typically ``Permutations(Job)``); each state is looked up
by a canonical member of its orbit, and kept and explored as found (TLC's way, so that the
order of discovery, and the counts where a violation stops the search, are TLC's). Which
member is canonical does not change anything then: the distinct states are the orbits reached.
The canonical member here is the permuted state with the smallest hash, ties broken by TLC's
value order, so it is a function of the orbit alone (within one process). Renaming values
and choosing that member is the value layer's (tla/orbits.py, compiled to C with the
evaluator); here the permutations a model names are read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..tla import syntax as ast
from ..tla.errors import ConfigError, StartupCrash
from ..tla.orbits import permute
from ..tla.order import tlc_key
from ..tla.values import ModelValue, fcn_items, format_value


def permutations_from(value: Any, name: str, body: ast.Expr) -> list[dict[ModelValue, ModelValue]]:
    """The permutations of a SYMMETRY set (``value``, the definition's ``body`` evaluated), each
    as a dict; identities are dropped. None at all where TLC reduces by no symmetry: when the
    body is an operator applied to at least as many arguments as the set has members
    (Tool.getSymmetryPerms takes each argument for a set of one element, warns, and checks
    the model without symmetry: ``Permutations(P) \\cup {}`` with two processes,
    ``{(a :> b @@ b :> a)}``, an IF)."""
    if type(value) is not frozenset:
        raise ConfigError(f"SYMMETRY {name} must be a set of permutations, got {format_value(value)}")
    args = _sany_arguments(body)
    if args is None:  # (Tool's cast of the body to an operator application)
        raise StartupCrash("TLC threw an unexpected exception (java.lang.ClassCastException): the SYMMETRY "
                           f"definition {name} is not an operator application")
    if 0 < args >= len(value):
        return []
    if not value:  # TLC's MVPerms.permutationSubgroup makes a util.Set of capacity 0
        raise StartupCrash(f"TLC threw an unexpected exception (java.lang.IllegalArgumentException): SYMMETRY {name} "
                           "is the empty set")
    perms = []
    for f in value:
        items = dict(fcn_items(f))
        if not all(type(k) is ModelValue and type(x) is ModelValue for k, x in items.items()):
            raise StartupCrash("TLC threw an unexpected exception (java.lang.RuntimeException): Symmetry function "
                               "must have model values as domain and range.")
        if sorted(items, key=tlc_key) != sorted(items.values(), key=tlc_key):
            raise ConfigError(f"SYMMETRY {name}: {format_value(f)} is not a permutation of model values")
        if any(k is not x for k, x in items.items()):
            perms.append(items)
    return generated_group(perms)


def _sany_arguments(e: ast.Expr) -> int | None:
    """How many arguments SANY's operator application node for ``e`` has (what TLC counts
    in getSymmetryPerms); None where SANY makes another kind of node (LET ... IN)."""
    if isinstance(e, ast.Let | ast.Label | ast.Lambda):
        return None
    if isinstance(e, ast.Apply):
        return len(e.args)
    if isinstance(e, ast.SetEnum | ast.Tuple | ast.And | ast.Or):
        return len(e.items)
    if isinstance(e, ast.RecordLit | ast.RecordSet):
        return len(e.fields)
    if isinstance(e, ast.If):
        return 3
    if isinstance(e, ast.Case):
        return len(e.arms) + (e.other is not None)
    if isinstance(e, ast.FuncApp | ast.FuncSet | ast.Field):
        return 2
    if isinstance(e, ast.Except):
        return 1 + len(e.updates)
    if isinstance(e, ast.SetFilter | ast.SetMap | ast.Choose | ast.Quant | ast.FuncLit):
        return 1  # the body; the bounds are not arguments
    return 0  # a name: a definition or constant applied to nothing


def generated_group(gens: list[dict[ModelValue, ModelValue]]) -> list[dict[ModelValue, ModelValue]]:
    """The non-identity permutations of the group the generators generate. TLC reduces by this
    group (MVPerms.permutationSubgroup), not by the listed set: with SYMMETRY
    Permutations(Values) \\cup Permutations(Replicas) the states equal up to a permutation of
    values AND replicas are one state."""
    def key(p: dict[ModelValue, ModelValue]) -> frozenset:
        return frozenset((a, b) for a, b in p.items() if a is not b)

    gens = [{a: b for a, b in g.items() if a is not b} for g in gens]
    group = {key(g): g for g in gens}
    frontier = list(group.values())
    while frontier:
        new = []
        for g in gens:
            for p in frontier:
                comp = {a: g.get(b, b) for a, b in p.items()}
                for a, b in g.items():
                    comp.setdefault(a, b)
                k = key(comp)
                if k and k not in group:
                    group[k] = {a: b for a, b in comp.items() if a is not b}
                    new.append(group[k])
        frontier = new
    return list(group.values())


def least_member(perms: list[dict[ModelValue, ModelValue]], order: list[int]) -> Callable[[tuple], tuple]:
    """The function from a state to TLC's member of its orbit: the least of its images in TLC's
    order of values, compared variable by variable in the order of TLC's state (``order``: the
    variables' indices, tla/varorder.py), as TLCStateMut.fingerPrint picks it. TLC evaluates a
    VIEW on that member, so the member matters there (where the view is not symmetric, another
    member has another view)."""
    memos: list[dict[int, tuple[Any, Any]]] = [{} for _ in perms]

    def least(state: tuple) -> tuple:
        best = state
        keys = {j: tlc_key(state[j]) for j in order[:1]}  # a variable's key, made when a comparison reaches it
        for pi, memo in zip(perms, memos, strict=True):
            cand = tuple(permute(x, pi, memo) for x in state)
            for j in order:
                k = tlc_key(cand[j])
                mine = keys.get(j)
                if mine is None:
                    mine = keys[j] = tlc_key(best[j])
                if k != mine:
                    if k < mine:
                        best, keys = cand, {j: k}
                    break
        return best
    return least
