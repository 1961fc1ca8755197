"""Symmetry reduction (TLC's SYMMETRY): states equal up to a permutation of model values are
one state.

The model names a set of permutations (typically ``Permutations(Job)``); each state is replaced
by a canonical member of its orbit before it is looked up. Which member is canonical does not
change the counts: the distinct states are the orbits reached, and symmetric states have equally
many successors. The canonical member here is the permuted state with the smallest hash, ties
broken by TLC's value order, so it is a function of the orbit alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..tla.errors import ConfigError
from ..tla.values import Fcn, ModelValue, fcn_items, format_value, make_fcn, tlc_key


def permute(v: Any, pi: dict[ModelValue, ModelValue]) -> Any:
    t = type(v)
    if t is ModelValue:
        return pi.get(v, v)
    if t is frozenset:
        return frozenset(permute(x, pi) for x in v)
    if t is tuple:
        return tuple(permute(x, pi) for x in v)
    if t is Fcn:
        return make_fcn({permute(k, pi): permute(x, pi) for k, x in v.items()})
    return v


def permutations_from(value: Any, name: str) -> list[dict[ModelValue, ModelValue]]:
    """The permutations of a SYMMETRY set, each as a dict; identities are dropped."""
    if type(value) is not frozenset:
        raise ConfigError(f"SYMMETRY {name} must be a set of permutations, got {format_value(value)}")
    perms = []
    for f in value:
        items = dict(fcn_items(f))
        if not all(type(k) is ModelValue and type(x) is ModelValue for k, x in items.items()) or \
                sorted(items, key=tlc_key) != sorted(items.values(), key=tlc_key):
            raise ConfigError(f"SYMMETRY {name}: {format_value(f)} is not a permutation of model values")
        if any(k is not x for k, x in items.items()):
            perms.append(items)
    return perms


def canonicaliser(perms: list[dict[ModelValue, ModelValue]]) -> Callable[[tuple], tuple]:
    def canonical(state: tuple) -> tuple:
        best = state
        best_hash = hash(state)
        for pi in perms:
            cand = tuple(permute(x, pi) for x in state)
            h = hash(cand)
            if h < best_hash or (h == best_hash and cand != best and tlc_key(cand) < tlc_key(best)):
                best, best_hash = cand, h
        return best
    return canonical
