"""TLC's ``-maxSetSize``: the largest set TLC builds element by element (default 1,000,000).

TLC has no check of a set's size as such. Its element vectors (``tlc2.value.impl.ValueVec``)
start with room for 10 values and double as they fill, up to the bound; a vector already at the
bound that must grow fails with "Attempted to construct a set with too many elements (>N)."
(exit 75). So a set TLC builds by growing such a vector fails past ``max(N, 10)`` elements, and
a set it sizes up front never fails. Which sets TLC grows, probed with real TLC under
``-maxSetSize 20`` (tests/tlcflags/test_max_set_size.py records the runs):

- ``{e : x \\in S}`` (every value computed, duplicates included), ``{x \\in S : P}`` (the
  elements kept), ``\\cup``, ``\\cap``, ``\\``, ``UNION``: the set built;
- but ``{x \\in S : P}`` as the right side of ``y \\in`` or ``y' \\in``, S neither ``a..b`` nor
  ``{a, b, c}``: TLC walks S and tests P without building either set (SetPredValue);
- sets of records, functions and tuples when a quantifier or CHOOSE ranges over them (TLC
  enumerates them in normal order), but not as the right side of ``x \\in S`` or ``x' \\in S``,
  which TLC walks without building;
- never: ``a..b``, ``SUBSET S`` and ``{a, b, c}`` (sized up front), ``Cardinality`` of a set of
  records (computed, not built), the initial states or the successors of a state.

The bound is one per process, set by the check command before the search (the forked workers
of the parallel search inherit it).
"""

from __future__ import annotations

from typing import Any, NoReturn

from .errors import JavaException

DEFAULT = 1_000_000
_FIRST_CAPACITY = 10  # ValueVec's default initial room

bound = DEFAULT              # N as the user gave it (TLC prints it in the message)
allowed = DEFAULT            # the most elements a grown set may have: max(N, 10)


def set_bound(n: int = DEFAULT) -> None:
    """Use ``n`` as TLC's -maxSetSize for the sets built from now on in this process."""
    global bound, allowed
    bound, allowed = n, max(n, _FIRST_CAPACITY)


def too_many() -> NoReturn:
    raise JavaException(f"Attempted to construct a set with too many elements (>{bound}).")  # (ValueVec's)


def built(elems: list) -> frozenset:
    """The set of ``elems``, computed one by one (duplicates count, as in TLC's vector)."""
    if len(elems) > allowed:
        too_many()
    return frozenset(elems)


def checked(s: Any) -> Any:
    """``s`` itself, after checking a set just built by a set operator against the bound."""
    if isinstance(s, frozenset) and len(s) > allowed:
        too_many()
    return s


def enumerated(size: int) -> None:
    """A set of records, functions or tuples of ``size`` elements is about to be enumerated."""
    if size > allowed:
        too_many()
