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
from ..tla.values import Fcn, ModelValue, fcn_items, format_value, tlc_key


def permute(v: Any, pi: dict[ModelValue, ModelValue]) -> Any:
    t = type(v)
    if t is ModelValue:
        return pi.get(v, v)
    if t is frozenset:
        return frozenset(permute(x, pi) for x in v)
    if t is tuple:
        return tuple(permute(x, pi) for x in v)
    if t is Fcn:
        # The keys keep their kind, so the result is a function of the same shape: no need to
        # renormalise it (make_fcn) as a new value would be.
        return Fcn({permute(k, pi): permute(x, pi) for k, x in v.items()})
    return v


def model_values(v: Any, out: set[ModelValue]) -> set[ModelValue]:
    """The model values occurring in v (added to out)."""
    t = type(v)
    if t is ModelValue:
        out.add(v)
    elif t is frozenset or t is tuple:
        for x in v:
            model_values(x, out)
    elif t is Fcn:
        for k, x in v.items():
            model_values(k, out)
            model_values(x, out)
    return out


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


def canonicaliser(perms: list[dict[ModelValue, ModelValue]]) -> Callable[[tuple], tuple]:
    def canonical(state: tuple) -> tuple:
        best = state
        best_hash = hash(state)
        # A variable holding none of the values a permutation moves is its own image: it is
        # reused instead of rebuilt (with Permutations(A) \cup Permutations(B), each half of the
        # state is left alone by half of the permutations).
        present = [model_values(x, set()) for x in state]
        for pi in perms:
            cand = tuple(x if ms.isdisjoint(pi) else permute(x, pi)
                         for x, ms in zip(state, present, strict=True))
            h = hash(cand)
            if h < best_hash or (h == best_hash and cand != best and tlc_key(cand) < tlc_key(best)):
                best, best_hash = cand, h
        return best
    return canonical
