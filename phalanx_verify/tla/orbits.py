"""The canonical member of a state's orbit under permutations of model values (TLC's
SYMMETRY, see check/symmetry.py): the renaming of a value's model values, and the choice of one
member per orbit.

Every successor of a model with a SYMMETRY is canonicalised before its look-up, so this is on
the search's hot path, and it is among the modules compiled to C (native.py): it works on the
value types alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from .order import tlc_key
from .valuetypes import Fcn, ModelValue

# Images of component values kept per variable, and of compound values per permutation (see
# canonicaliser and permute); a cache is emptied when it reaches its size, which bounds the
# memory at a few times that of the values live in the states being expanded.
_IMAGES_PER_VARIABLE = 1 << 15
_MEMO_PER_PERMUTATION = 1 << 16


_COMPOUND = frozenset({frozenset, tuple, Fcn})  # the values permute looks into (not Interval)


def permute(v: Any, pi: dict[ModelValue, ModelValue], memo: dict[int, tuple[Any, Any]] | None = None) -> Any:
    """v with its model values renamed by pi. ``memo`` (for this pi) keeps the images of the
    compound values met, by identity: a successor's sets and functions mostly hold the very
    objects its parent held (a set of messages that grew by one), so their images are reused.
    The memo keeps each value it is keyed by alive, so an id is never reused while in it."""
    t = type(v)
    if t is ModelValue:
        return pi.get(v, v)
    if t is not frozenset and t is not tuple and t is not Fcn:
        return v
    if memo is not None:
        got = memo.get(id(v))
        if got is not None:
            return got[1]
    # The members that are leaves (strings, integers: most of a record) are mapped in place,
    # without a call each: a message set's records are mostly such leaves.
    if t is frozenset:
        out: Any = frozenset([permute(x, pi, memo) if type(x) in _COMPOUND
                              else pi.get(x, x) if type(x) is ModelValue else x for x in v])
    elif t is tuple:
        out = tuple([permute(x, pi, memo) if type(x) in _COMPOUND
                     else pi.get(x, x) if type(x) is ModelValue else x for x in v])
    else:
        # The keys keep their kind, so the result is a function of the same shape: no need to
        # renormalise it (make_fcn) as a new value would be.
        out = Fcn({(permute(k, pi, memo) if type(k) in _COMPOUND else pi.get(k, k) if type(k) is ModelValue else k):
                   (permute(x, pi, memo) if type(x) in _COMPOUND else pi.get(x, x) if type(x) is ModelValue else x)
                   for k, x in v.items()}, v.rec)
    if memo is not None:
        if len(memo) >= _MEMO_PER_PERMUTATION:
            memo.clear()
        memo[id(v)] = (v, out)
    return out


def model_values(v: Any, memo: dict[int, tuple[Any, frozenset]]) -> frozenset:
    """The model values occurring in the compound value v (a set, tuple or function; any
    other value holds none but itself). ``memo`` keeps the answer per compound value by
    identity, holding the value: a successor's message set is new, but its messages are
    mostly its parent's, whose answers are kept."""
    got = memo.get(id(v))
    if got is not None:
        return got[1]
    out: set[ModelValue] = set()
    for x in (itertools.chain.from_iterable(v.items()) if type(v) is Fcn else v):
        t = type(x)
        if t is ModelValue:
            out.add(x)
        elif t is frozenset or t is tuple or t is Fcn:
            out |= model_values(x, memo)
    found = frozenset(out)
    if len(memo) >= _MEMO_PER_PERMUTATION:
        memo.clear()
    memo[id(v)] = (v, found)
    return found


def canonicaliser(perms: list[dict[ModelValue, ModelValue]]) -> Callable[[tuple], tuple]:
    """The function from a state to the canonical member of its orbit.

    A component value's images under the permutations are computed once and kept (per
    variable: Python's 1 == True must not let one variable's value answer for another's), since
    most components of a successor are values many states share. A component holding none of
    the values a permutation moves is its own image (with Permutations(A) \\cup Permutations(B),
    each half of the state is left alone by half of the permutations)."""
    caches: list[dict[Any, tuple]] = []
    memos: list[dict[int, tuple[Any, Any]]] = [{} for _ in perms]
    found: dict[int, tuple[Any, frozenset]] = {}

    def images(cache: dict[Any, tuple], x: Any) -> tuple:
        """x's images under the permutations, and the hashes of x and of each image."""
        got = cache.get(x)
        if got is None:
            t = type(x)
            ms = (frozenset((x,)) if t is ModelValue else
                  model_values(x, found) if t is frozenset or t is tuple or t is Fcn else frozenset())
            imgs = tuple([x if ms.isdisjoint(perms[i]) else permute(x, perms[i], memos[i])
                          for i in range(len(perms))])
            got = (imgs, (hash(x), *map(hash, imgs)))
            if len(cache) >= _IMAGES_PER_VARIABLE:
                cache.clear()
            cache[x] = got
        return got

    def canonical(state: tuple) -> tuple:
        # A candidate is ranked by the hash of its components' hashes, kept with the images:
        # hashing a candidate tuple itself called each function's __hash__ again (a fifth of
        # Percolator's canonicalisation). Still a function of the candidate, so of the orbit.
        if not state:
            return state
        if len(caches) != len(state):
            caches[:] = [{} for _ in state]
        # Index loops, and zip without strict=: mypyc makes that keyword a slow generic call.
        found = [images(caches[i], state[i]) for i in range(len(state))]
        by_perm = list(zip(*[f[1] for f in found]))  # noqa: B905  # equal lengths; the state's own first
        best = state
        best_hash = hash(by_perm[0])
        for k in range(1, len(by_perm)):
            h = hash(by_perm[k])
            if h <= best_hash:
                cand = tuple([f[0][k - 1] for f in found])
                if h < best_hash or (cand != best and tlc_key(cand) < tlc_key(best)):
                    best, best_hash = cand, h
        return best
    return canonical
