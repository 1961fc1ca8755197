"""When two values that Python finds equal are the same TLA+ value.

Python's ``True == 1`` reaches into containers (``{1} == {TRUE}``), so every find by equality
of a state, a component or an argument (the state table, the memos, the membership answers of
lazy sets) is confirmed here; values holding no Boolean at any depth, most of them, are
recognised once and confirmed without a walk. These run for most generated states, so they are
among the modules compiled to C (native.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from . import interning
from .valuetypes import Fcn, Interval, ModelValue, TypedModelValue


def same(a: Any, b: Any) -> bool:
    """Are ``a`` and ``b``, which Python finds equal, the same TLA+ value?

    Python's ``True == 1`` (and ``False == 0``) reaches into containers: ``<<1>> == <<TRUE>>``,
    ``{1} == {TRUE}``, ``[n |-> 0] == [n |-> FALSE]``, and a dict or set keyed by values takes
    one for the other. TLA+ (and TLC's fingerprints) keep them apart, so wherever the checker
    finds a state, a state's component or a sub-value by Python equality it confirms the find
    with this walk: a Boolean matches only a Boolean, at every position. Identical objects
    (states share their sub-values) are not walked. It runs for most generated states, hence
    the loops written out rather than all() over generators."""
    if a is b:
        return True
    t = type(a)
    if t is int or t is str:
        return type(b) is t
    if t is bool or type(b) is bool:
        return t is type(b)
    if t is tuple:
        # An index loop: zip(..., strict=True) costs mypyc a keyword call, 10x this loop.
        ta: tuple = a
        if type(b) is not tuple or len(b) != len(ta):
            return False
        tb: tuple = b
        for i in range(len(ta)):
            x = ta[i]
            y = tb[i]
            if x is not y:
                tx = type(x)
                if tx is int or tx is str:  # the leaves, without a call each
                    if type(y) is not tx:
                        return False
                elif not same(x, y):
                    return False
        return True
    if t is Fcn:
        # Keys that are strings or model values (records) equal only themselves; integer keys
        # may have found Booleans.
        if not _NAMES.issuperset(map(type, a)) and not (_scalars(a.keys()) and _scalars(b.keys())):
            return _same_members(a.keys(), b.keys()) and all(same(a[k], b[k]) for k in a)
        for k, x in a.items():
            y = b[k]
            if x is not y:
                tx = type(x)
                if tx is int or tx is str:
                    if type(y) is not tx:
                        return False
                elif not same(x, y):
                    return False
        return True
    if isinstance(a, frozenset):
        return _same_members(a, b)
    return True  # a model value or a lazy set: Python's == is TLA+'s


def _same_members(a: Iterable, b: Iterable) -> bool:
    """Two collections equal in Python hold the same TLA+ values: each member of ``a`` is the
    same as its equal in ``b`` (found through a dict, which hands back the stored key)."""
    if _scalars(a) and _scalars(b):
        return True
    theirs = {y: y for y in b}
    return all(x is theirs[x] or same(x, theirs[x]) for x in a)


def unambiguous(v: Any) -> bool:
    """No Boolean, 0 or 1 anywhere in ``v``: then any value Python finds equal to it is the
    same TLA+ value (a Boolean equals only 0 or 1), and a find by equality needs no ``same``
    walk. Worked out once per stored value, where the walk would run once per generated state."""
    t = type(v)
    if t is str or t is ModelValue or t is TypedModelValue:
        return True
    if t is int:
        return v != 0 and v != 1
    if t is tuple or t is Interval or t is frozenset:
        return all(unambiguous(x) for x in v)
    if t is Fcn:
        return all(unambiguous(x) for x in v.keys()) and all(unambiguous(x) for x in v.values())
    return False


_SCALAR_TYPES = frozenset({int, str, ModelValue, TypedModelValue})
CONTAINERS = frozenset({tuple, frozenset})  # (an Interval is kept out: its type is not frozenset)
_NAMES = frozenset({str, ModelValue, TypedModelValue})  # scalars no Boolean equals


def _scalars(xs: Iterable) -> bool:
    """Only integers, strings and model values: two such collections Python finds equal hold
    the same values (no Boolean on either side to pass for 0 or 1)."""
    return _SCALAR_TYPES.issuperset(map(type, xs))  # a C loop that stops at the first other


# Containers of stored states that hold no Boolean at any depth, by id (each held, so that no
# other object is given its id while it is here). Two values Python finds equal are the same
# TLA+ value when neither holds a Boolean, a Boolean being equal only to 0 or 1: so a value
# registered here, found equal to a Boolean-free one, needs no ``same`` walk. Most specs keep
# no Boolean in their variables (LamportMutex: clocks, sets of processes, sequences of
# records), and a successor shares most of its sub-values with its predecessor, so showing it
# Boolean-free is a walk that stops at every registered sub-value. The search registers the
# components it stores (bfs.Interner) and empties the table when it starts.
BOOL_FREE: dict[int, Any] = {}


def bool_free(v: Any) -> bool:
    """No Boolean anywhere in ``v`` (False when unsure: a lazy set other than an interval)."""
    t = type(v)
    if t in _SCALAR_TYPES or id(v) in BOOL_FREE:
        return True
    if t is tuple or t is frozenset:
        items: Iterable = v
    elif t is Fcn:
        if not (_NAMES.issuperset(map(type, v)) or all(bool_free(x) for x in v)):
            return False
        items = v.values()
    else:
        return t is Interval
    # written out: the items are mostly leaves or registered sub-values, met without a call
    for x in items:
        if type(x) not in _SCALAR_TYPES and id(x) not in BOOL_FREE and not bool_free(x):
            return False
    return True


def known_bool_free(args: tuple) -> bool:
    """Is each of ``args`` a scalar other than a Boolean, or a value registered Boolean-free
    (BOOL_FREE), so known without a walk? Python's == between two such tuples is TLA+'s = (a
    remembered call's arguments: NanoBlockchain's PublicKeyOf(ledger, hash) is called on the
    ledgers of stored states, each new, whose walk by ``same`` was a tenth of the search)."""
    for x in args:
        if type(x) not in _SCALAR_TYPES and id(x) not in BOOL_FREE:
            return False
    return True


def remember_bool_free(v: Any) -> bool:
    """bool_free(v) for a value stored for the rest of the search, registering its
    Boolean-free containers in BOOL_FREE."""
    t = type(v)
    if t in _SCALAR_TYPES or id(v) in BOOL_FREE:
        return True
    if t is tuple or t is frozenset:
        free = _SCALAR_TYPES.issuperset(map(type, v)) or all(remember_bool_free(x) for x in v)
    elif t is Fcn:
        free = ((_NAMES.issuperset(map(type, v)) or all(remember_bool_free(x) for x in v))
                and (_SCALAR_TYPES.issuperset(map(type, v.values()))
                     or all(remember_bool_free(x) for x in v.values())))
    else:
        return t is Interval
    if free:
        BOOL_FREE[id(v)] = v
    return free


interning.on_change(BOOL_FREE.clear)  # a new model: its search registers its own states


def without_booleans(vals: Iterable[tuple | frozenset]) -> bool:
    """No Boolean at any depth in these tuples or sets, which nest tuples, sets, integers,
    strings and model values only (one set of types per level of nesting, so C-speed loops):
    Python's == between such values is TLA+'s (see order._KEPT_KEYS, compare.confirm_found)."""
    level: Iterable[Any] = vals
    while True:
        parts = list(itertools.chain.from_iterable(level))
        kinds = set(map(type, parts))
        if kinds <= _SCALAR_TYPES:
            return True
        if kinds <= CONTAINERS:
            level = parts
        elif kinds <= _SCALAR_TYPES | CONTAINERS:
            level = [p for p in parts if type(p) is tuple or type(p) is frozenset]
        else:
            return False



_MEMO_LIMIT = 1 << 16


def remembered(memo: dict[Any, tuple[Any, bool]], x: Any) -> bool | None:
    """The answer ``memo`` holds for x (None if none). States share their sub-values
    (bfs.Interner), so a type invariant asks about the same objects over and over (FcnSet,
    SeqSet); each answer is kept with the value it was for, since Python's 1 == True finds
    [n |-> TRUE]'s answer for [n |-> 1]."""
    got = memo.get(x)
    if got is None:
        return None
    asked, answer = got
    if asked is x or (id(asked) in BOOL_FREE and bool_free(x)):
        return answer
    if same(asked, x):
        if id(x) in BOOL_FREE:  # a stored value: later askers are confirmed without a walk
            memo[x] = (x, answer)
        return answer
    return None


def remember(memo: dict[Any, tuple[Any, bool]], x: Any, answer: bool) -> None:
    if len(memo) < _MEMO_LIMIT:
        memo[x] = (x, answer)


def answered(memo: dict[Any, tuple[Any, bool]], x: Any, compute: Callable[[Any], bool],
              unhashable: Callable[[Any], bool] | None = None) -> bool:
    """``compute(x)``, remembered in ``memo`` (remembered); an unhashable x is not kept:
    its answer is ``unhashable(x)``, or computed."""
    try:
        known = remembered(memo, x)
    except TypeError:
        return (unhashable or compute)(x)
    if known is None:
        known = compute(x)
        remember(memo, x, known)
    return known
