"""TLC's error for f[x] with x outside DOMAIN f.

TLC words it after the class of the value f is, and that follows from how f was made, not from
what f is: a function constructor ``[y \\in S |-> e]`` as evaluated (FcnLambdaValue, which checks
x against S), a function table (FcnRcdValue: a constructor once TLC has normalised it, as a
constant definition or a state holds it, and what ``:>`` and ``@@`` make), a tuple (``<<...>>``,
Append, ``\\o``: TupleValue) or a record (``[a |-> 1]``: RecordValue). Our values do not record
how they were made (values.make_fcn makes a function over 1..n a tuple), so the compiler passes
what the text shows (kinds.StaticKinds.made_as: one of the forms below) and, where the text shows
nothing, the Python kind of the value stands for the likelier one.
"""

from __future__ import annotations

from typing import Any, NoReturn

from . import compare as _cmp
from .errors import EvalError
from .order import sorted_tlc
from .pprint import ppr
from .values import Fcn, fcn_domain, format_value

LAMBDA = "lambda"  # [y \in S |-> e], one parameter (a tuple pattern <<a, b>> \in S is one)
LAMBDA_N = "lambda-n"  # [y \in S, z \in T |-> e]: applied to the tuple of its arguments
TABLE = "table"
PAIRS = "pairs"  # a table made by :> and @@: its domain an array even where it is 1..n
TUPLE = "tuple"
RECORD = "record"


def refuse(f: Any, x: Any, made: str) -> NoReturn:
    """Raise TLC's error for f[x], x not in DOMAIN f (``x`` the tuple of the arguments of
    f[a, b]), f ``made`` as the compiler saw it ("" where the text does not show)."""
    if not made:
        made = TUPLE if type(f) is tuple else TABLE if type(f) is Fcn else LAMBDA
    if made == LAMBDA:
        _compare_with_domain(f, x, constructor=True)
        fs, xs = format_value(_table(f)), format_value(x)
        raise EvalError(f"In applying the function {fs}, the first argument is: {xs} which is not in its domain."
                        ).exact(f"In applying the function\n{ppr(fs)},\nthe first argument is:\n{ppr(xs)}\n"
                                "which is not in its domain.\n")  # FcnLambdaValue.apply
    if made == LAMBDA_N:
        _refuse_arguments(_table(f), x)
    f = _table(f)
    t = type(f)
    if made == TUPLE and t is tuple:
        if type(x) is int:
            shown = format_value(f)
            raise EvalError(f"Attempted to access index {x} of tuple {shown} which is out of bounds.").exact(
                f"Attempted to access index {x} of tuple\n{ppr(shown)}\nwhich is out of bounds.")  # TupleValue.apply
        raise EvalError(f"Attempted to access tuple at a non integral index: {format_value(x)}")
    if made == RECORD and t is Fcn:
        if type(x) is str:
            raise EvalError(f"Attempted to access nonexistent field '{x}' of record {format_value(f)}")
        raise EvalError(f"Attempted to access record by a non-string argument: {format_value(x)}")
    if t is tuple and type(x) is not int and made != PAIRS:
        raise EvalError(f"Attempted to apply function with integer domain to the non-integer argument {format_value(x)}")
    if not (made == TABLE and t is Fcn and _cmp.search_keys(x, f)):  # a table TLC keeps normalised
        _compare_with_domain(f, x, constructor=False)
    raise EvalError(f"Attempted to apply function: {format_value(f)} to argument {format_value(x)}, which is not "
                    "in the domain of the function.")


def _compare_with_domain(f: Any, x: Any, constructor: bool) -> None:
    """TLC's errors comparing x with f's domain before it finds x outside it. A constructor
    asks its set (an interval a..b holds integers only); a table searches its domain with TLC's
    equality (one over an interval, not made by :> and @@, refuses a non-integer before: see
    refuse). A recursive function (runtime.RecFcn) has asked its set already."""
    if type(f) is tuple:
        if constructor and type(x) is not int and f:  # (<<>> is also [y \in {} |-> e], no interval)
            raise EvalError(f"Attempted to check if the value: {format_value(x)} is in the integer interval "
                            f"{format_value(fcn_domain(f))}")
        for i in range(1, len(f) + 1):
            _cmp.eq(i, x)
    elif type(f) is Fcn:
        for k in f:
            _cmp.eq(k, x)


def _refuse_arguments(f: Any, x: Any) -> NoReturn:
    """[y \\in S, z \\in T |-> e][a, b]: TLC checks each argument against its own set; the
    function's keys hold those sets as their components."""
    if type(f) is Fcn and type(x) is tuple:
        keys = [k for k in f if type(k) is tuple and len(k) == len(x)]
        for i, a in enumerate(x):
            if not any(_cmp.eq(k[i], a) for k in keys):
                raise EvalError(f"In applying the function {_enumerated(f)}, the argument number {i + 1} is: "
                                f"{format_value(a)} which is not in the function's domain "
                                f"{format_value(frozenset(f))}.")
    raise EvalError(f"In applying the function {_enumerated(f)}, the argument list is: {format_value(x)} "
                    "which does not match its formal parameter.")


def _enumerated(f: Any) -> str:
    """[y \\in S, z \\in T |-> e] as TLC prints it: its pairs in the order its parameters'
    domains are enumerated, the first argument varying fastest (FcnParams.elements; <<1, "x">>,
    <<3, "x">>, <<1, "y">>), each domain in TLC's order; not sorted as a table's."""
    if type(f) is not Fcn or not f or not all(type(k) is tuple and len(k) == len(next(iter(f))) for k in f):
        return format_value(f)
    n = len(next(iter(f)))
    rank = [{v: r for r, v in enumerate(sorted_tlc({k[i] for k in f}))} for i in range(n)]
    keys = sorted(f, key=lambda k: tuple(rank[i][k[i]] for i in reversed(range(n))))
    return "(" + " @@ ".join(f"{format_value(k)} :> {format_value(f[k])}" for k in keys) + ")"


def _table(f: Any) -> Any:
    """f as TLC prints and searches it: a recursive function (runtime.RecFcn) as its table,
    where its domain can be enumerated."""
    materialise = getattr(f, "materialise", None)
    if materialise is not None:
        try:
            return materialise()
        except EvalError:
            pass
    return f
