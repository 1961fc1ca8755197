"""The canonical member of a state's orbit under permutations of model values (TLC's
SYMMETRY, see check/symmetry.py): the renaming of a value's model values, and the choice of one
member per orbit.

Every successor of a model with a SYMMETRY is canonicalised before its look-up, so this is on
the search's hot path, and it is among the modules compiled to C (native.py): it works on the
value types alone.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Callable
from typing import Any

from .order import tlc_key
from .valuetypes import Fcn, ModelValue

# Images of component values kept per variable, and of compound values per permutation (see
# canonicaliser and permute); a cache is emptied when it reaches its size, which bounds the
# memory at a few times that of the values live in the states being expanded.
_IMAGES_PER_VARIABLE = 1 << 15
_MEMO_PER_PERMUTATION = 1 << 16


# A rank term's bits: the sum of a state's terms fits its 64-bit lane (for up to 2^24 variables),
# and two sums are still equal by chance about once in 2^40 comparisons (a tie costs a comparison).
_TERM = (1 << 40) - 1

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

    The permutations form a group (symmetry.generated_group), so the member ranked least by any
    function of the member is canonical. The rank here is the sum over the components of the
    hash of (position, hash of the component), ties broken by TLC's value order. A sum, so that
    a state differing from the previous one in a few components updates the previous state's
    sums: the successors of one state come one after another and share most components with
    it and each other, as the same objects. The sums of all candidates are one integer, each in
    a 64-bit lane of it (a component's terms are one integer so too), so that a changed
    component costs one subtraction and one addition whatever the number of permutations; the
    lanes never carry into each other, as each holds the exact sum of 40-bit terms. Detlefs, 31
    variables and 11 permutations: a transposition and eleven hashes of 31 hashes for every
    successor was most of the cost.

    A component value's images under the permutations are computed once and kept (per
    variable: Python's 1 == True must not let one variable's value answer for another's), since
    most components of a successor are values many states share. A component holding none of
    the values a permutation moves is its own image (with Permutations(A) \\cup Permutations(B),
    each half of the state is left alone by half of the permutations)."""
    caches: list[dict[Any, tuple[tuple, int]]] = []
    memos: list[dict[int, tuple[Any, Any]]] = [{} for _ in perms]
    found: dict[int, tuple[Any, frozenset]] = {}
    ranks = len(perms) + 1  # the state itself, then its image under each permutation
    lanes = struct.Struct(f"<{ranks}Q")
    last: list[tuple] = [()]  # the state canonicalised last, whose entries and sums these are:
    entries: list[tuple[tuple, int]] = []  # per component, its images and its terms (in lanes)
    total: list[int] = [0]  # the candidates' sums, in lanes

    def images(i: int, x: Any) -> tuple[tuple, int]:
        """x's images under the permutations, and the rank terms of x and of each image as the
        component at position i, each in its lane."""
        cache = caches[i]
        got = cache.get(x)
        if got is None:
            t = type(x)
            ms = (frozenset((x,)) if t is ModelValue else
                  model_values(x, found) if t is frozenset or t is tuple or t is Fcn else frozenset())
            imgs = tuple([x if ms.isdisjoint(perms[k]) else permute(x, perms[k], memos[k])
                          for k in range(len(perms))])
            terms = hash((i, hash(x))) & _TERM
            for k in range(len(imgs)):
                terms |= (hash((i, hash(imgs[k]))) & _TERM) << (64 * (k + 1))
            got = (imgs, terms)
            if len(cache) >= _IMAGES_PER_VARIABLE:
                cache.clear()
            cache[x] = got
        return got

    def candidate(k: int) -> tuple:
        return tuple([e[0][k - 1] for e in entries])

    def canonical(state: tuple) -> tuple:
        n = len(state)
        if not n:
            return state
        prev = last[0]
        if len(prev) != n:  # the first state
            caches[:] = [{} for _ in state]
            entries[:] = [images(i, state[i]) for i in range(n)]
            total[0] = sum([e[1] for e in entries])
        else:
            for i in range(n):
                x = state[i]
                if x is not prev[i]:
                    new = images(i, x)
                    old = entries[i]
                    if new is not old:
                        entries[i] = new
                        total[0] += new[1] - old[1]
        last[0] = state  # (kept alive, so that the identities compared above are never reused)
        sums = lanes.unpack(total[0].to_bytes(8 * ranks, "little"))
        best = min(sums)
        best_k = sums.index(best)
        incumbent = state if best_k == 0 else candidate(best_k)
        if sums.count(best) > 1:  # a tie: the candidates in TLC's order (equal ones mostly)
            for k in range(best_k + 1, ranks):
                if sums[k] == best:
                    cand = candidate(k)
                    if cand != incumbent and tlc_key(cand) < tlc_key(incumbent):
                        incumbent = cand
        return incumbent
    return canonical
