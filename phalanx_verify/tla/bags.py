"""The standard module Bags: a bag is a function from its elements to their (positive) counts.

Written from the module's definitions (Specifying Systems, section 18.6), on the value
representation of values.py: a bag is a function value like any other, so ``B1 = B2`` and
printing need nothing special.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from .compare import eq
from .errors import EvalError, ModuleEvalError
from .order import sorted_tlc
from .values import as_set, fcn_items, format_value, make_fcn


def _items(b: Any) -> dict:
    try:
        return dict(fcn_items(b))
    except EvalError:
        raise ModuleEvalError(f"Attempted to apply a Bags operator to a non-bag: {format_value(b)}") from None


def _bag(counts: dict) -> Any:
    return make_fcn({e: n for e, n in counts.items() if n > 0})


def _counts(b: Any) -> dict | None:
    """The counts of ``b`` where it is a bag (a function whose values are positive integers),
    else None; raises EvalError where it is no function at all."""
    items = dict(fcn_items(b))
    return items if all(type(n) is int and n > 0 for n in items.values()) else None


def is_a_bag(b: Any) -> bool:
    try:
        return _counts(b) is not None
    except EvalError:
        return False


def set_to_bag(s: Any) -> Any:
    try:
        elems = as_set(s)
    except EvalError:  # TLC's SetToBag names BagToSet in its error
        raise ModuleEvalError(f"Applying BagToSet to the following value, which is not a function with a finite "
                              f"domain: {format_value(s)}") from None
    return make_fcn(dict.fromkeys(elems, 1))


def _copies(e: Any, b: Any, op: str) -> int:
    """What TLC's BagIn and CopiesIn read of ``b`` for ``e``: the count of the argument e equals,
    met by e's equality with each argument in turn (which fails on one of another kind: 1
    against "a"), 0 where there is none; a count that is no integer is TLC's error."""
    items = _items(b)
    te = type(e)
    if (te is int or te is str) and all(type(k) is te for k in items):
        n = items.get(e, 0)  # (no Boolean among the arguments: Python's 1 == TRUE cannot match)
    else:
        n = 0
        for d in sorted_tlc(items):
            if eq(e, d):
                n = items[d]
                break
    if type(n) is not int:
        raise ModuleEvalError(f"The second argument of {op} should be a bag, but instead it is: "
                              f"{format_value(b)}").exact(
            f"The second argument of {op} should be a bag, but instead it is:\n{format_value(b)}")
    return n


def bag_in(e: Any, b: Any) -> bool:
    """BagIn(e, B), as TLC's: e's count in B is positive (a function that is no bag may give 0)."""
    return _copies(e, b, "BagIn") > 0


def _argument_bag(b: Any, which: str, op: str) -> dict:
    """The counts of ``b``, which must be a bag (TLC's BagCup: IsABag of each argument)."""
    try:
        counts = _counts(b)
    except EvalError:
        counts = None
    if counts is None:
        raise ModuleEvalError(f"The {which} argument of {op} should be a bag, but instead it is: "
                              f"{format_value(b)}").exact(
            f"The {which} argument of {op} should be a bag, but instead it is:\n{format_value(b)}")
    return counts


def plus(b1: Any, b2: Any) -> Any:
    """B1 (+) B2, as TLC's Bags.BagCup: both must be bags, and each element of B2 is looked
    for among B1's by TLC's equality (which fails on elements of kinds it cannot compare)."""
    out = _argument_bag(b1, "first", "(+)")
    other = _argument_bag(b2, "second", "(+)")
    mine = sorted_tlc(out)
    for e, n in other.items():
        for d in mine:
            if eq(e, d):
                out[d] += n
                break
        else:
            out[e] = n
    return _bag(out)


def minus(b1: Any, b2: Any) -> Any:
    other = _items(b2)
    return _bag({e: n - other.get(e, 0) for e, n in _items(b1).items()})


def union(s: Any) -> Any:
    out: dict = {}
    for b in as_set(s):
        for e, n in _items(b).items():
            out[e] = out.get(e, 0) + n
    return _bag(out)


def subbag_eq(b1: Any, b2: Any) -> bool:
    other = _items(b2)
    return all(e in other and n <= other[e] for e, n in _items(b1).items())


def sub_bags(b: Any) -> frozenset:
    items = sorted_tlc(_items(b).items())
    choices = [range(n + 1) for _, n in items]
    return frozenset(_bag({e: k for (e, _), k in zip(items, combo, strict=True)})
                     for combo in itertools.product(*choices))


def bag_of_all(f: Callable[[Any], Any], b: Any) -> Any:
    out: dict = {}
    for e, n in _items(b).items():
        image = f(e)
        out[image] = out.get(image, 0) + n
    return _bag(out)


def cardinality(b: Any) -> int:
    """BagCardinality(B), as TLC's: B must be a function with a finite domain and positive counts."""
    try:
        counts = _counts(b)
    except EvalError:
        raise ModuleEvalError(f"Applying BagCardinality to the following value, which is not a function with a "
                              f"finite domain: {format_value(b)}") from None
    if counts is None:
        raise ModuleEvalError(f"Applying BagCardinality to the following value, which is not a bag: {format_value(b)}")
    return sum(counts.values())


def copies_in(e: Any, b: Any) -> int:
    return _copies(e, b, "CopiesIn")
