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

from ..tla.errors import ConfigError, StartupCrash
from ..tla.orbits import permute
from ..tla.order import tlc_key
from ..tla.values import ModelValue, fcn_items, format_value


def permutations_from(value: Any, name: str) -> list[dict[ModelValue, ModelValue]]:
    """The permutations of a SYMMETRY set, each as a dict; identities are dropped."""
    if type(value) is not frozenset:
        raise ConfigError(f"SYMMETRY {name} must be a set of permutations, got {format_value(value)}")
    if not value:  # TLC's MVPerms.permutationSubgroup makes a util.Set of capacity 0
        raise StartupCrash(f"TLC threw an unexpected exception (java.lang.IllegalArgumentException): SYMMETRY {name} "
                           "is the empty set")
    perms = []
    for f in value:
        items = dict(fcn_items(f))
        if not all(type(k) is ModelValue and type(x) is ModelValue for k, x in items.items()) or \
                sorted(items, key=tlc_key) != sorted(items.values(), key=tlc_key):
            raise ConfigError(f"SYMMETRY {name}: {format_value(f)} is not a permutation of model values")
        if any(k is not x for k, x in items.items()):
            perms.append(items)
    return generated_group(perms)


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
