"""The standard module Bags: a bag is a function from its elements to their (positive) counts.

Written from the module's definitions (Specifying Systems, section 18.6), on the value
representation of values.py: a bag is a function value like any other, so ``B1 = B2`` and
printing need nothing special.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from .compare import eq
from .errors import EvalError, ModuleEvalError
from .order import sorted_tlc
from .values import as_set, fcn_items, format_value, make_fcn


def _wrong_argument(which: str, op: str, what: str, value: Any) -> EvalError:
    """TLC's TLC_MODULE_ARGUMENT_ERROR: "The first argument of Op should be a bag, but instead
    it is:" and the value on a line of its own."""
    text = f"The {which} argument of {op} should be {what}, but instead it is:"
    return ModuleEvalError(f"{text} {format_value(value)}").exact(f"{text}\n{format_value(value)}")


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
        raise _wrong_argument("second", op, "a bag", b)
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
        raise _wrong_argument(which, op, "a bag", b)
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


def _function_items(b: Any, which: str, op: str, what: str = "a bag") -> list:
    """The (argument, value) pairs of ``b``, which must be a function (TLC's toFcnRcd)."""
    try:
        return list(fcn_items(b))
    except EvalError:
        raise _wrong_argument(which, op, what, b) from None


def _count(n: Any, b: Any, op: str) -> int:
    """A count TLC reads as an IntValue (its cast fails on any other value)."""
    if type(n) is not int:
        raise ModuleEvalError(f"Applying {op} to the following value, which is not a bag: {format_value(b)}")
    return n


def _less_other(b1: Any, b2: Any, op: str) -> list:
    """What TLC's BagDiff and SqSubseteq compute: each argument of B1, in order, with its count
    less the count of the first argument of B2 it equals (met by TLC's equality, which fails on
    arguments of kinds it cannot compare)."""
    mine = _function_items(b1, "first", op)
    other = _function_items(b2, "second", op)
    out = []
    for d1, n1 in mine:
        n = _count(n1, b1, op)
        for d2, n2 in other:
            if eq(d1, d2):
                n -= _count(n2, b2, op)
                break
        out.append((d1, n))
    return out


def minus(b1: Any, b2: Any) -> Any:
    """B1 (-) B2, as TLC's Bags.BagDiff: the arguments whose count stays positive."""
    return make_fcn({d: n for d, n in _less_other(b1, b2, "(-)") if n > 0})


def _summed(pairs: Iterable[tuple[Any, Any]], where: Any, op: str) -> Any:
    """The function that maps each value among ``pairs`` to the sum of its counts, values met
    by TLC's equality walk in order of appearance, as TLC's BagUnion and BagOfAll build it: a
    count is kept whatever its sign."""
    keys: list = []
    counts: list = []
    for d, n in pairs:
        n = _count(n, where, op)
        for k, known in enumerate(keys):
            if eq(d, known):
                counts[k] += n
                break
        else:
            keys.append(d)
            counts.append(n)
    return make_fcn(dict(zip(keys, counts, strict=True)))


def union(s: Any) -> Any:
    """BagUnion(S), as TLC's: the single member of S as it is, else the counts of S's members summed."""
    members = sorted_tlc(as_set(s))
    if len(members) == 1:
        return members[0]
    pairs: list[tuple[Any, Any]] = []
    for b in members:
        try:
            pairs.extend(fcn_items(b))
        except EvalError:
            raise ModuleEvalError(f"Applying BagUnion to the following set, whose elements are not all bags: "
                                  f"{format_value(s)}") from None
    return _summed(pairs, s, "BagUnion")


def subbag_eq(b1: Any, b2: Any) -> bool:
    """B1 \\sqsubseteq B2, as TLC's SqSubseteq: no argument of B1 has more copies than in B2."""
    return all(n <= 0 for _, n in _less_other(b1, b2, "\\sqsubseteq"))


def sub_bags(b: Any) -> frozenset:
    """SubBag(B), by the Bags module's definition, which TLC evaluates: its recursive function
    RSB is defined over the functions from subsets of DOMAIN B to 1..Biggest, so B must have
    positive integer counts (else B is outside RSB's domain, or ``>=`` meets a non-integer)."""
    items = sorted_tlc(_items(b).items())
    for _, n in items:
        if type(n) is not int:
            raise _wrong_argument("first", ">=", "an integer", n)
    if any(n <= 0 for _, n in items):
        raise EvalError(f"In applying the function {_rsb(items)}, the first argument is: {format_value(b)} "
                        f"which is not in its domain.")
    return _sub_bags(items)


def _sub_bags(items: list) -> frozenset:
    choices = [range(n + 1) for _, n in items]
    return frozenset(_bag({e: k for (e, _), k in zip(items, combo, strict=True)})
                     for combo in itertools.product(*choices))


def _rsb(items: list) -> str:
    """The text of the module's RSB, which TLC prints in its error: each function BB from a
    subset of DOMAIN B to 1..Biggest, mapped to the bags over DOMAIN BB with at most B's counts
    (its Combine reads B, not BB); too large to print past a few thousand."""
    biggest = max((n for _, n in items), default=0)
    if (biggest + 1) ** len(items) > 4096:
        return "RSB (of SubBag)"
    return format_value(make_fcn({_bag({e: k for (e, _), k in zip(items, combo, strict=True)}):
                                  _sub_bags([(e, max(n, 0)) for (e, n), k in zip(items, combo, strict=True) if k])
                                  for combo in itertools.product(range(biggest + 1), repeat=len(items))}))


def bag_of_all(f: Callable[[Any], Any], b: Any) -> Any:
    """BagOfAll(F, B), as TLC's: F's images of B's arguments, with their counts summed."""
    return _summed(((f(e), n) for e, n in _function_items(b, "second", "BagOfAll", "a function with a finite domain")), b, "BagOfAll")


def value_for_operator(op: str, value: Any, _other_argument: Any) -> Any:
    """The operator argument of a standard module's Java code given as a definition whose body
    is a number or string literal: TLC looks such a definition up as its body's value (its
    SymbolNodeValueLookupProvider), and the Java code finds no operator. TLC evaluates the
    other argument first (an error there comes first), so the caller passes it."""
    raise _wrong_argument("first", op, "an operator", value)


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
