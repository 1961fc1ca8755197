"""TLC's order of values: what CHOOSE picks, how quantifiers range over a set, how sets print.

TLC normalises a set by sorting its elements: Booleans, integers, strings and model values (in
the order TLC read their names, see interning.py), then sets by size and elements, then
functions by domain and values. A spec ranges over and chooses from sets state after state, so
the sort is on the hot path: its keys are kept where a value's key cannot change (functions,
Boolean-free values), and the module is among those compiled to C (native.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from . import interning
from .errors import EvalError
from .interning import RANK as _NAME_RANK
from .interning import key as _name_key
from .sameness import CONTAINERS, without_booleans
from .valuetypes import Fcn, Interval, ModelValue, TypedModelValue

_RANK = {ModelValue: -1, TypedModelValue: -1, bool: 0, int: 1, str: 2, frozenset: 4, tuple: 6, Fcn: 6}

# The domain part of a tuple's key (see tlc_key), one object per length: two tuples of a length
# share it, so comparing their keys goes straight to the values.
_TUPLE_DOMAINS: list[tuple] = []


def _tuple_domain(n: int) -> tuple:
    while len(_TUPLE_DOMAINS) <= n:
        _TUPLE_DOMAINS.append(tuple((1, i) for i in range(1, len(_TUPLE_DOMAINS) + 1)))
    return _TUPLE_DOMAINS[n]

# Bumped whenever the order of names changes: a function's kept sort key (Fcn._key) is valid
# only in the generation it was made in.
_order_generation = [0]


def _next_generation() -> None:
    _order_generation[0] += 1


interning.on_change(_next_generation)


def tlc_key(v: Any, part: Callable[[Any], tuple] | None = None) -> tuple:
    """A sort key that follows TLC's normal order: an untyped model value before any other
    value (ModelValue.compareTo), booleans, integers, strings and model values in the order TLC
    read their names (interning.py), sets by size and elements, functions (tuples among them,
    as TLC converts one to compare it with the other) by the size of their domain, then its
    elements, then the values (FcnRcdValue.compareTo: all the domain before any value). Kinds
    TLC cannot compare (an integer with a string) get an order here, not TLC's error.
    ``part`` gives the keys of a set's or tuple's members (tlc_key itself by default;
    _kept_part passes the keys it keeps)."""
    t = type(v)
    if t is bool or t is int:
        return (_RANK[t], v)
    if t is str:
        return (2, *_name_key(v))
    if t is ModelValue or t is TypedModelValue:
        return (-1, *_name_key(v.name))
    if t is frozenset or t is Interval:
        # tlc_key called directly where it is the key: through map(), mypyc calls it as a
        # Python object, several times slower
        return (4, len(v), tuple(sorted([tlc_key(x) for x in v] if part is None else map(part, v))))
    if t is tuple:
        return (6, len(v), _tuple_domain(len(v)), tuple([tlc_key(x) for x in v] if part is None else map(part, v)))
    if t is Fcn:
        kept = v._key
        gen = _order_generation[0]
        if kept is not None and kept[0] == gen:
            return kept[1]
        items = sorted(((tlc_key(k), x) for k, x in v.items()), key=_first)
        key = (6, len(items), tuple([k for k, _ in items]), tuple([tlc_key(x) for _, x in items]))
        v._key = (gen, key)
        return key
    from .values import LazySet  # the lazy sets build on this module

    if isinstance(v, LazySet):  # a set not built yet (UNION {{}, -1..0}) sorts as its elements
        try:
            return tlc_key(v.enumerate())
        except EvalError:
            pass
    return (9, repr(v))


def _first(item: tuple) -> Any:
    return item[0]


def forget_sort_keys(values: Iterable[Any]) -> None:
    """Drop the sort keys kept on the functions in ``values``, at any depth (Fcn._key). Init
    sorts a constant set it enumerates into TLC's order once (RRP 3 jobs x 9 leaves: 68,208
    allocations of 9 leaves, about 1.9 KB of key each, 127 MB in all); nothing sorts them
    again in most models, and a forked worker of the parallel search would carry them. A key
    asked for later is made again."""
    todo = list(values)
    while todo:
        v = todo.pop()
        t = type(v)
        if t is Fcn:
            v._key = None
            todo.extend(v.values())
        elif t is tuple or t is frozenset:
            todo.extend(v)


# tlc_key of values holding no Boolean at any depth, kept by value: for such values Python's ==
# is TLA+'s (only a Boolean passes for 0 or 1), so an equal value found here has the same key.
# Sets of tuples (a DAG's vertices <<node, round>> and edges) are sorted into TLC's order
# whenever a quantifier ranges over them, mostly sets made afresh from tuples met before; with
# their keys kept, the sort looks them up with the dict's own C method. Only _order_key hands
# out that method, after checking that no Boolean is in the values and keeping their keys.
_KEPT_KEYS: dict[Any, tuple] = {}
_KEPT_KEYS_LIMIT = 1 << 16
interning.on_change(_KEPT_KEYS.clear)  # a new order of names, other keys


def _kept_part(x: Any) -> tuple:
    """The key of a member of a kept value, kept too if it is a container (a board's pieces)."""
    if type(x) not in CONTAINERS:
        return tlc_key(x)
    k = _KEPT_KEYS.get(x)
    if k is None:
        k = _KEPT_KEYS[x] = tlc_key(x, _kept_part)
    return k


def _kept_keys(vals: frozenset | list) -> Callable[[Any], tuple]:
    """The kept keys' lookup, each of vals' keys made first where missing (the table starts
    afresh past its limit, before, so that none of vals' keys is dropped while they are used)."""
    if len(_KEPT_KEYS) >= _KEPT_KEYS_LIMIT:
        _KEPT_KEYS.clear()
    for v in vals:
        if v not in _KEPT_KEYS:
            _KEPT_KEYS[v] = tlc_key(v, _kept_part)
    return _KEPT_KEYS.__getitem__


def _order_key(vals: frozenset | list) -> tuple[Callable[[Any], Any] | None, bool]:
    """The sort key that puts vals in TLC's order, and whether it is the kept keys': None where
    Python's < is TLC's (integers only, or tuples of one length holding integers only: grid
    points, pairs), the strings' token order for strings only, kept keys for tuples and sets of
    sets nesting no Boolean (_kept_keys), size and sorted elements for sets of integers,
    tlc_key otherwise. Checked with C-speed loops."""
    kinds = set(map(type, vals))
    if kinds == {int}:
        return None, False
    if kinds == {str}:
        return (_NAME_RANK.__getitem__ if all(map(_NAME_RANK.__contains__, vals)) else _name_key), False
    if kinds == {tuple}:
        if len(set(map(len, vals))) == 1 and set(map(type, itertools.chain.from_iterable(vals))) <= {int}:
            return None, False
        if without_booleans(vals):
            return _kept_keys(vals), True
    if kinds == {frozenset}:
        inner = list(itertools.chain.from_iterable(vals))
        inner_kinds = set(map(type, inner))
        if inner_kinds <= {int}:
            return _int_set_key, False
        if inner_kinds <= CONTAINERS and without_booleans(inner):
            return _kept_keys(vals), True  # a board's pieces, sets of grid points: the same pieces state after state
    return tlc_key, False


def _int_set_key(v: frozenset) -> tuple:
    """tlc_key's order among sets of integers (by size, then elements), with C-speed sorts:
    printing SUBSET (1..20) sorts a million of them."""
    return len(v), sorted(v)


# Sets of tuples without Booleans in TLC's order, by value (see _KEPT_KEYS: an equal set holds
# the same values). A DAG's sub-DAGs are made afresh in state after state, the same vertex sets
# each time, and CHOOSE or a quantifier over one sorts it.
_KEPT_ORDERS: dict[frozenset, list] = {}
_KEPT_ORDERS_LIMIT = 1 << 14
interning.on_change(_KEPT_ORDERS.clear)


def sorted_tlc(values: Iterable) -> list:
    """The values in TLC's order (without building a key per value where Python's order is
    TLC's, see _order_key)."""
    vals = values if type(values) is frozenset or type(values) is list else list(values)
    if type(vals) is frozenset:
        # A kept set holds tuples or sets, nesting no Boolean; vals, equal to it, has that
        # shape, and the check confirms it holds no Boolean where the kept one held an integer.
        kept = _KEPT_ORDERS.get(vals)
        if kept is not None and without_booleans(vals):
            return list(kept)
    key, is_kept = _order_key(vals)
    if is_kept and type(vals) is frozenset:
        if len(_KEPT_ORDERS) >= _KEPT_ORDERS_LIMIT:
            _KEPT_ORDERS.clear()
        kept = _KEPT_ORDERS[vals] = sorted(vals, key=key)
        return list(kept)
    return sorted(vals, key=key)


def min_tlc(vals: frozenset) -> Any:
    """The first value of a non-empty set in TLC's order."""
    if plain_ints(vals):
        return min(vals)
    return min(vals, key=_order_key(vals)[0])


def plain_ints(vals: frozenset) -> bool:
    """Are vals integers only, or tuples of one length holding integers only (grid points),
    where Python's < is TLC's order? _order_key's first answer, by one loop that stops at the
    first other value: CHOOSE x \\in S : TRUE over a few points, in a recursive sum over a
    set (GameOfLife's Sum(f, S \\ {x})), asks it for every element it removes."""
    width = -1
    for v in vals:
        t = type(v)
        if t is int:
            if width > 0:
                return False
            width = 0
        elif t is tuple:
            if width == 0 or width > 0 and len(v) != width or not v:
                return False
            width = len(v)
            for c in v:
                if type(c) is not int:
                    return False
        else:
            return False
    return True
