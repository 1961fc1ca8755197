"""Helpers the compiled Python code calls: the operators of TLA+ and its standard modules
(Naturals, Integers, FiniteSets, Sequences, TLC) on the value representation of values.py.

Errors raise EvalError; the compiled code re-raises them with the source position of the
expression being evaluated.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NoReturn

from . import compare as _cmp
from . import interning, outside, setbound
from .errors import (
    AssertionFailure,
    EvalError,
    IncompleteSuccessor,
    JavaException,
    ModuleEvalError,
    SemanticError,
)
from .interning import MADE as _MADE
from .order import min_tlc, sorted_tlc
from .pprint import ppr
from .sameness import same
from .values import (
    Fcn,
    FcnSet,
    FilterSet,
    Interval,
    IntRange,
    LazySet,
    ModelValue,
    PowerSet,
    ProductSet,
    RecordSet,
    SeqSet,
    StringSet,
    TypedModelValue,
    UnionSet,
    UnsortedSet,
    as_set,
    clear_shared_subsets,
    decided,
    fcn_domain,
    fcn_items,
    format_value,
    is_set,
    make_fcn,
)

EMPTY: frozenset = frozenset()


class Reentered(EvalError):
    """f[x] asked for while f[x] is being computed: eagerly built, f's value at x needs
    itself. Caught where f[x] was first asked for, which then builds it again lazily."""

    def __init__(self, f: RecFcn, x: Any) -> None:
        super().__init__(f"the recursive function {f.name} needs its own value at {format_value(x)} to compute it")
        self.fcn, self.arg = f, x


class OutsideDomain(EvalError):
    """f[x] asked of a recursive function, x outside its domain: ap, which asked, words TLC's
    error as f's making calls for (outside.py)."""

    def __init__(self, f: RecFcn, x: Any) -> None:
        super().__init__(f"{format_value(x)} is not in the domain of {f.name}")
        self.fcn = f


_BUILDING = object()  # f[x] in f's memo while it is being computed

DEFERRED = [False]
"""True while a recursive function's value is built lazily (RecFcn.__call__): the function
constructors written in recursive function definitions then make functions evaluated where
applied, as TLC's FcnLambdaValue always is, and the value is built from them afterwards."""


class RecFcn:
    """A recursively defined function ``f[x \\in S] == e``, evaluated on demand and memoised;
    its domain may be infinite (Nat), as TLC allows. Also a function constructor made lazily
    (``deferred``, see DEFERRED), built when the value holding it is."""

    __slots__ = ("domain", "body", "memo", "name", "deferred", "form", "failed")
    image = "a function of the form  [x \\in S |-> expr]"  # TLC's FcnLambdaValue (compare.kind_string)
    java = "FcnLambdaValue"
    memo: dict[Any, Any]

    def __init__(self, name: str, domain: Any, body: Callable[[Any], Any], deferred: bool = False,
                 form: tuple[tuple[tuple[str, int], ...], int, str] | None = None, failed: bool = False) -> None:
        self.name, self.domain, self.body, self.memo = name, domain, body, {}
        self.deferred = deferred
        # a constructor over a finite domain whose table failed where TLC keeps it lazy (kept_fcn):
        # anything needing the table fails as TLC's toFcnRcd does
        self.failed = failed
        # a constructor's groups of bound names (each as TLC prints it, with its domain's index
        # among the domain's factors), how many factors, and where its body is (tlc_form)
        self.form = form

    def tlc_form(self) -> str | None:
        """How TLC prints this function where its domain cannot be enumerated
        (FcnLambdaValue.toString: ``[n \\in Int |-> <expression line 3, col 35 to line 3, col 35 of
        module M>]``), None where the constructor is not known."""
        if self.failed:
            return format_value(self.table())  # the body's error, as TLC's toString
        if self.form is None:
            return None
        try:  # over a domain TLC can enumerate, TLC prints it as its table
            return format_value(self.table())
        except EvalError:
            pass
        groups, count, where = self.form
        factors = self.domain.parts if count > 1 else (self.domain,)
        bound = ", ".join(f"{shown} \\in {format_value(factors[i])}" for shown, i in groups)
        return f"[{bound} |-> <expression {where}>]"

    def __call__(self, x: Any) -> Any:
        memo = self.memo
        if x in memo:
            arg, v = memo[x]  # the argument it was for: Python's 1 == True finds f[TRUE] for f[1]
            if arg is x or same(arg, x):
                if v is _BUILDING:
                    raise Reentered(self, x)
                return v
        if x not in self.domain:
            raise OutsideDomain(self, x)
        memo[x] = (x, _BUILDING)
        try:
            v = self._deferred(x) if DEFERRED[0] else self.body(x)
        except Reentered as err:
            # f[i] == [j \\in S |-> ... f[i][1] ...]: TLC's value of f[i] is a function
            # evaluated where applied, so f[i][1] reads f[i] without building it whole.
            if err.fcn is not self or not (err.arg is x or err.arg == x and same(err.arg, x)):
                memo.pop(x, None)
                raise
            deferred, DEFERRED[0] = DEFERRED[0], True
            try:
                v = self._deferred(x)
            except BaseException:
                memo.pop(x, None)
                raise
            finally:
                DEFERRED[0] = deferred
        except BaseException:
            memo.pop(x, None)
            raise
        memo[x] = (x, v)
        return v

    def __hash__(self) -> int:
        """A state or set holding a function over a domain that cannot be enumerated: TLC's
        fingerprint (and a set's normal form) needs the function as a table, which fails."""
        if self.failed:
            return hash(self.table())  # the body's error, as TLC's fingerprint (toFcnRcd)
        raise self._not_a_table()

    def _not_a_table(self) -> EvalError:
        return EvalError(f"Attempted to compute the number of elements in the overridden value "
                         f"{format_value(self.domain)}.")

    def table(self, as_tuple: bool = False) -> Fcn | tuple:
        """The function as a table (TLC's FcnLambdaValue.toFcnRcd, as its equals builds it, or
        toTuple, ``as_tuple``, as a tuple's equals does): an error where its domain cannot be
        enumerated."""
        try:
            elems = as_set(self.domain)
        except EvalError:
            if as_tuple:
                raise EvalError("To convert a function of form [x \\in S |-> f(x)] to a tuple, the set S must be "
                                "enumerable.") from None
            raise self._not_a_table() from None
        return fcn_built(lambda: make_fcn({x: self(x) for x in elems}))

    def _deferred(self, x: Any) -> Any:
        """f[x] computed with function constructors deferred, then built: while it is built,
        f[x] is its deferred value."""
        v = self.body(x)
        self.memo[x] = (x, v)
        return built_deferred(v)

    def materialise(self) -> Fcn | tuple:
        return make_fcn({x: self(x) for x in as_set(self.domain)})

    def excepted(self, key: Any, fn: Callable[[Any], Any]) -> RecFcn:
        """[f EXCEPT ![key] = fn(@)] over a domain that cannot be built (Nat): a function
        that differs from f at key alone, still evaluated where applied, as TLC's
        FcnLambdaValue keeps its EXCEPTs."""
        if key not in self.domain:
            return self
        value = fn(self(key))
        return RecFcn(self.name, self.domain, lambda x: value if x == key and same(x, key) else self(x),
                      failed=self.failed)


_cmp.LAMBDA_FCN[:] = [RecFcn]  # compare.eq compares it as a table


KEEP = [False]
"""True while TLC keeps function constructors lazy (EvalControl.KeepLazy): while the function of
an application is evaluated (``f`` of ``f[x]``, however deep in it the constructor is made) and
in the body of a function so kept. Tool.evalAppl builds a constructor over a finite domain at
once (toFcnRcd) anywhere else, so that its errors are raised where it is made."""


def keep_lazily(thunk: Callable[[], Any]) -> Any:
    """The function ``thunk`` evaluates as the function of an application (KEEP)."""
    if KEEP[0]:
        return thunk()
    KEEP[0] = True
    try:
        return thunk()
    finally:
        KEEP[0] = False


def unkept(thunk: Callable[[], Any]) -> Any:
    """``thunk()`` evaluated with function constructors built (not KEEP), or UNKEPT where that
    fails: a value worth remembering for any later use (a constant TLC computes at startup),
    where a constructor kept lazy is only the value of the use that made it."""
    keep, KEEP[0] = KEEP[0], False
    try:
        return thunk()
    except (IncompleteSuccessor, Reentered):
        raise
    except EvalError:
        return UNKEPT
    finally:
        KEEP[0] = keep


UNKEPT = object()


def in_function(err: ModuleEvalError | AssertionFailure) -> EvalError:
    """An error of a standard module's operator or of Assert met in the body of a function
    constructor, or in the member test of a set built just now: TLC's value (with its source)
    rethrows it as a FingerprintException, which its worker reports as any evaluation error
    (exit 75, not the module's 255 or Assert's 14, where successors are computed)."""
    plain = EvalError(err.message, err.pos)
    plain.tlc_text = err.tlc_text
    return plain


def fcn_built(make: Callable[[], Any]) -> Any:
    """``make()``: a function constructor built at once (TLC's toFcnRcd), its body's errors as
    in_function says."""
    try:
        return make()
    except (ModuleEvalError, AssertionFailure) as err:
        raise in_function(err) from err


def over_interval(f: Any, domain: Any, lo: int = 0, hi: int = 0) -> Any:
    """``f``, a function just built over ``domain`` (or over lo..hi when ``domain`` is None),
    with that set as its domain when it is an interval: TLC's function keeps the set it was
    built over, so DOMAIN [i \\in 2..3 |-> e] prints as 2..3, where the same function built over
    {2, 3} gives {2, 3}. A function over 1..n is a tuple, whose domain is 1..n anyway. A copy
    where ``f`` already has another domain set (a value handed back by a memo table)."""
    if type(f) is not Fcn:
        return f
    if domain is None:
        if type(lo) is not int or type(hi) is not int:
            return f
        domain = Interval(range(lo, hi + 1))
    elif type(domain) is not Interval:
        return f
    if type(f._dom) is Interval:
        return f
    if f._dom is not None:
        f = Fcn(f, f.rec)
    f._dom = domain
    return f


def kept_fcn(domain: Any, body: Callable[[Any], Any], form: tuple | None = None) -> Any:
    """[x \\in D |-> e] made while KEEP: TLC keeps it lazy (FcnLambdaValue), evaluating e where
    it is applied. Built at once all the same where every point evaluates (the same value);
    where one fails, a function evaluated where applied, whose table (equality, printing, a
    state's fingerprint) raises that failure as TLC's toFcnRcd does. Over a domain that
    cannot be enumerated, lazy_fcn's function."""
    if isinstance(domain, LazySet):
        try:
            elems = list(domain)
        except EvalError:
            return RecFcn("function", domain, body, form=form)
    else:
        elems = list(iterate(domain))
    try:
        return make_fcn({x: body(x) for x in elems})
    except (IncompleteSuccessor, Reentered):
        raise
    except EvalError:
        pass
    return RecFcn("function", domain, lambda x: keep_lazily(lambda: body(x)), failed=True)


def deferred_fcn(domain: Any, body: Callable[[Any], Any]) -> RecFcn:
    """[x \\in D |-> e] written in a recursive function definition, made while DEFERRED."""
    return RecFcn("function", domain, body, deferred=True)


def built_deferred(v: Any) -> Any:
    """``v`` with each deferred function in it built (see DEFERRED)."""
    t = type(v)
    if t is RecFcn:
        return make_fcn({x: built_deferred(v(x)) for x in as_set(v.domain)}) if v.deferred else v
    if t is tuple:
        items = tuple(built_deferred(x) for x in v)
        return v if all(a is b for a, b in zip(items, v, strict=True)) else items
    if t is Fcn:
        pairs = {k: built_deferred(x) for k, x in v.items()}
        return v if all(pairs[k] is x for k, x in v.items()) else make_fcn(pairs)
    if t is frozenset:
        members = [built_deferred(x) for x in v]
        return v if all(a is b for a, b in zip(members, v, strict=True)) else setbound.built(members)
    return v


def lazy_fcn(domain: Any, body: Callable[[Any], Any], form: tuple | None = None) -> Any:
    """[x \\in D |-> e] over a set kept lazy: built when the set can be enumerated (N1 \\X N1,
    a function set: an ordinary function, which TLC compares, prints and tests for membership);
    over one that cannot (Nat), evaluated where applied (``form``: RecFcn.form)."""
    if isinstance(domain, LazySet):
        try:
            elems = list(domain)  # a set that cannot be enumerated refuses here
        except EvalError:
            return RecFcn("function", domain, body, form=form)
        return fcn_built(lambda: make_fcn({x: body(x) for x in elems}))
    return RecFcn("function", domain, body, form=form)


def filter_base(s: Any) -> Any:
    """S of {x \\in S : P}, which TLC's SetPredValue refuses to enumerate where it is no set."""
    if isinstance(s, frozenset | LazySet | range):
        return s
    raise EvalError(f"Attempted to enumerate {{ x \\in S : p(x) }} when S: {format_value(s)} is not enumerable")


def filter_set(base: Any, pred: Callable[[Any], Any], at: str) -> Any:
    """{x \\in S : P} over a lazy S: built when S can be enumerated, else membership only
    (``at``: where P is written, which TLC names in the errors of that membership)."""
    filter_base(base)
    if isinstance(base, LazySet):
        try:
            elems = iter(base)  # a set that cannot be enumerated refuses here
        except EvalError:
            return FilterSet(base, pred, at)
        return setbound.built([x for x in elems if pred(x)])
    return setbound.built([x for x in iterate(base) if pred(x)])


def in_filter(x: Any, base: Any, pred: Callable[[Any], bool], within: Callable[[Any, Any], bool], at: str) -> bool:
    """x \\in {y \\in S : P}, ``within(x, S)`` deciding x \\in S. TLC builds the filtered set of
    a..b or an enumerated S (P evaluated on every element; x compared with the elements kept:
    tests/conformance exprs #1222), and over any other S (SetPredValue) decides x \\in S /\\ P(x)
    without building it (65,536 sets per state for a filter of SUBSET SUBSET S), any error
    there its own (values.decided; ``at``: where P is written)."""
    if isinstance(base, frozenset):
        return _cmp.member(x, filter_set(base, pred, at))
    return bool(decided(x, base, at, lambda: within(x, base) and pred(x)))


def member_here(x: Any, s: Any) -> bool:
    """x \\in S where TLC builds S just now (a SUBSET, a set of records, functions or tuples, a
    union...: Expressions._built_here): the value knows its source, and rethrows an error of its
    member test as its FingerprintException (``"x" \\in [a : Nat]`` in Next: exit 75, not the
    Naturals module's 255)."""
    try:
        return _cmp.member(x, s)
    except (ModuleEvalError, AssertionFailure) as err:
        raise in_function(err) from err


def filter_members(base: Any, pred: Callable[[Any], Any]) -> Iterable:
    """The elements of {x \\in S : P} for ``y \\in {x \\in S : P}`` in an initial predicate or
    ``y' \\in ...`` in an action, in TLC's order. Over a set TLC builds (SetEnumValue,
    IntervalValue: ``Reducible``) TLC builds the filtered set, P evaluated on every element;
    over another (a set of records: SetPredValue) it walks S and tests P on each element
    without building either set, so -maxSetSize does not bound them (tlaplus/Examples'
    CoffeeCan3000Beans: 4.5 million initial states filtered from 9 million records). ``pred``
    answers a Python bool (the compiled predicate checks that P is a Boolean)."""
    if isinstance(base, LazySet):
        try:
            elems = iter(base)  # a set that cannot be enumerated refuses here
        except EvalError:
            elems = None
        if elems is not None:
            return filter(pred, elems)  # lazily, as TLC walks S (not a generator: mypyc makes those lists)
    return members(filter_set(base, pred, ""))  # (enumerated: no member test names P)


class Once:
    """A LET definition without parameters: evaluated when first used, then remembered (TLC's
    LazyValue). Cheaper to create than functools.cache, as one is made per evaluation of the
    LET."""

    __slots__ = ("f", "value")

    def __init__(self, f: Callable[[], Any]) -> None:
        self.f = f
        self.value: Any = Once

    def __call__(self) -> Any:
        v = self.value
        if v is Once:
            v = self.value = self.f()
        return v


def fix(maker: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Callable[..., Any]:
    """The operator ``maker(self)`` whose body calls itself (LET RECURSIVE)."""
    cell: list[Callable[..., Any]] = []

    def call(*args: Any) -> Any:
        return cell[0](*args)

    cell.append(maker(call))
    return call


def ap(f: Any, x: Any, made: str = "") -> Any:
    """f[x]; ``made``: how the compiler saw f made, for TLC's error where x is outside DOMAIN f
    (outside.py)."""
    t = type(f)
    if t is tuple:  # first: the compiled code applies a function (Fcn) itself where it can
        if type(x) is int and 1 <= x <= len(f):
            return f[x - 1]
        outside.refuse(f, x, made)
    if t is Fcn:
        try:
            v = f[x]
        except KeyError:
            outside.refuse(f, x, made)
        if type(x) is not int or not f.int_keys():
            _cmp.confirm_found(x, f)  # f[1] may have found the key TRUE
        return v
    if t is RecFcn:
        try:
            return f(x)
        except OutsideDomain as err:
            if err.fcn is not f:
                raise
            outside.refuse(f, x, made)
    raise EvalError(f"A non-function ({_cmp.kind_string(f)}) was applied as a function.")


def field(r: Any, name: str) -> Any:
    if type(r) is Fcn:
        try:
            return r[name]
        except KeyError:
            pass
    raise EvalError(f"Attempted to select nonexistent field {format_value(name)} from the record {format_value(r)}")


def _not_a_function(f: Any) -> str:
    """TLC's message for [f EXCEPT ![k] = v] with f no function (Value.select)."""
    return f"Attempted to apply EXCEPT construct to the value {format_value(f)}."


def _tuple_index(f: tuple | list, key: Any) -> None:
    """TLC selects @ before it changes a tuple (TupleValue.select): a key that is no integer is
    its error, not a key outside the domain. Not for the empty function, which is also
    [x \\in {} |-> e] (TLC: a function, unchanged by any key)."""
    if type(key) is not int and f:
        raise EvalError(f"Attempted to access tuple at a non integral index: {format_value(key)}")


def in_domain(f: Any, key: Any) -> bool:
    """Is key in DOMAIN f (for EXCEPT, which changes nothing outside it)?"""
    t = type(f)
    if t is Fcn:
        return key in f
    if t is tuple:
        _tuple_index(f, key)
        return type(key) is int and 1 <= key <= len(f)
    if t is RecFcn:
        return key in f.domain
    raise EvalError(_not_a_function(f))


def _update(f: Any, key: Any, fn: Callable[[Any], Any], scan: bool = False) -> Any:
    t = type(f)
    if t is Fcn:
        if key not in f:
            _cmp.confirm_absent_key(key, f, scan)
            return f  # TLA+: updating outside the domain leaves the function unchanged
        _cmp.confirm_found(key, f)
        return f.updated(key, fn(f[key]))
    if t is tuple:
        _tuple_index(f, key)
        if type(key) is int and 1 <= key <= len(f):
            lst = list(f)
            lst[key - 1] = fn(f[key - 1])
            return tuple(lst)
        return f
    if t is RecFcn:
        return _update(f.materialise(), key, fn) if _enumerable(f.domain) and not f.failed else f.excepted(key, fn)
    raise EvalError(_not_a_function(f))


def _enumerable(s: Any) -> bool:
    try:
        as_set(s)
    except EvalError:
        return False
    return True


_EXCEPT_MEMO: dict[tuple[int, Any, Any], tuple[Fcn, Fcn, Any, Any]] = {}
_EXCEPT_MEMO_LIMIT = 1 << 18


def clear_memos() -> None:
    """Forget what the evaluator remembers across states (EXCEPT results, shared subsets) and
    what TLCGet and TLCSet see (the search's figures, the registers, the level), so a finished
    run holds none of its values and the next model in the process (a campaign, a test) starts
    as TLC does: the checker calls it when a run ends."""
    _EXCEPT_MEMO.clear()
    _cmp.forget()
    _TLC_CACHE.clear()
    clear_shared_subsets()
    TLC_STATS.clear()
    TLC_REGISTERS.clear()
    TLC_CONFIG.clear()
    LEVEL[0] = 0
    TRACE[0] = None


def except1(f: Any, key: Any, value: Any) -> Any:
    """[f EXCEPT ![key] = value] (no @).

    States share their sub-values (the checker interns them), so the same EXCEPT on the same
    function object recurs for many states: the result is remembered, keyed by the function's
    identity (the entry holds the function, so its id cannot be reused while remembered). The
    entry keeps the key and value it was made for, since Python's 1 == True finds
    ``![k] = <<1>>``'s entry for ``![k] = <<TRUE>>`` (values.same tells them apart)."""
    if type(f) is Fcn:
        mk = (id(f), key, value)
        try:
            _, out, k, v = _EXCEPT_MEMO[mk]
            if (k is key or same(k, key)) and (v is value or same(v, value)):
                return out
        except KeyError:
            pass
        except TypeError:  # an unhashable value (a lazy set): not remembered
            return f if key not in f else f.updated(key, value)
        if key not in f:
            _cmp.confirm_absent_key(key, f)
            out = f
        else:
            _cmp.confirm_found(key, f)
            # f itself where the new value is the old one's object ([f EXCEPT ![k] = @ \\cup S]
            # with S within @): the state's component then stays the parent's
            out = f if f[key] is value else f.updated(key, value)
        if len(_EXCEPT_MEMO) >= _EXCEPT_MEMO_LIMIT:
            _EXCEPT_MEMO.clear()
        _EXCEPT_MEMO[mk] = (f, out, key, value)
        return out
    return _update(f, key, lambda _old: value)


def except_path(f: Any, path: tuple, fn: Callable[[Any], Any], scan: bool = False) -> Any:
    """[f EXCEPT !.a[k]... = fn(@)] for a path of keys (field names are string keys). ``scan``:
    f is a function constructor as TLC evaluates it, which looks a key up one by one, never by
    halves (compare.search_keys)."""
    if len(path) == 1:
        return _update(f, path[0], fn, scan)
    key = path[0]
    if type(f) is tuple and type(key) is int and 0 < key <= len(f):  # req[p][q]: no closure per level
        lst = list(f)
        inner = f[key - 1]
        last = path[1]
        if len(path) == 2 and type(inner) is tuple and type(last) is int and 0 < last <= len(inner):
            row = list(inner)  # the last level in place too: _update's tuple case, without the calls
            row[last - 1] = fn(inner[last - 1])
            lst[key - 1] = tuple(row)
        else:
            lst[key - 1] = except_path(inner, path[1:], fn)
        return tuple(lst)
    if type(f) is Fcn and key in f:  # network[q][p]: no closure per level either
        _cmp.confirm_found(key, f)
        return f.updated(key, except_path(f[key], path[1:], fn))
    return _update(f, key, lambda inner: except_path(inner, path[1:], fn), scan)


class _Draft:
    """A function or sequence being changed by the clauses of one EXCEPT: a mutable copy, made
    the first time a clause reaches it, frozen once at the end (see except_many)."""

    __slots__ = ("orig", "items", "changed")

    def __init__(self, f: Fcn | tuple) -> None:
        self.orig = f
        self.items: dict | list = list(f) if type(f) is tuple else dict(f)
        self.changed: list = []  # a function's keys given new values (for its hash)

    def frozen(self) -> Fcn | tuple:
        items = self.items
        if type(items) is list:
            return tuple([x.frozen() if type(x) is _Draft else x for x in items])
        for k in self.changed:
            v = items[k]
            if type(v) is _Draft:
                items[k] = v.frozen()
        out = Fcn.__new__(Fcn)
        dict.__init__(out, items)
        orig = self.orig
        h = orig._hash  # type: ignore[union-attr]
        if h is not None:  # as Fcn.updated: the XOR of the items' hashes, adjusted per change
            for k in set(self.changed):
                h ^= hash((k, orig[k])) ^ hash((k, items[k]))
        out._hash = h
        out._key = None
        out._ints = orig._ints  # type: ignore[union-attr]  # the same arguments
        out._dom = orig._dom  # type: ignore[union-attr]  # and the same domain
        out.rec = orig.rec  # type: ignore[union-attr]
        return out


def except_many(f: Any, clauses: tuple) -> Any:
    """[f EXCEPT !p1 = e1, !p2 = e2, ...]: the clauses applied in order, each to the result of
    the ones before (its @ sees their changes), as nested except_path calls would, but copying
    each function on the paths once instead of once per clause (a record of records changed in
    six places: MultiPaxos's node'). ``clauses`` alternates a clause's keys (a tuple, or a
    function giving it, so that keys are evaluated after the values before them, as TLC does)
    and the function of @ giving its value."""
    if type(f) is not Fcn and type(f) is not tuple:
        for i in range(0, len(clauses), 2):
            keys = clauses[i]
            f = except_path(f, keys if type(keys) is tuple else keys(), clauses[i + 1])
        return f
    if type(f) is tuple:
        out = _except_cells(f, clauses)
        if out is not None:
            return out
    root = _Draft(f)
    for i in range(0, len(clauses), 2):
        keys = clauses[i]
        if type(keys) is not tuple:
            keys = keys()
        fn = clauses[i + 1]
        node = root
        last = len(keys) - 1
        slot: Any  # a list index or a function's argument
        for depth, key in enumerate(keys):
            items = node.items
            if type(items) is list:
                _tuple_index(items, key)
                if type(key) is not int or not 1 <= key <= len(items):
                    break  # outside the domain: the clause changes nothing, its value unevaluated
                slot = key - 1
            else:
                if key not in items:
                    _cmp.confirm_absent_key(key, items)
                    break
                _cmp.confirm_found(key, items)
                slot = key
                node.changed.append(key)
            cur = items[slot]
            if depth == last:
                items[slot] = fn(cur.frozen() if type(cur) is _Draft else cur)
                break
            if type(cur) is not _Draft:
                if type(cur) is Fcn or type(cur) is tuple:
                    cur = items[slot] = _Draft(cur)
                else:  # a lazy function or a non-function: except_path's way, with its errors
                    items[slot] = except_path(cur, keys[depth + 1:], fn)
                    break
            node = cur
    return root.frozen()


def _except_cells(f: tuple, clauses: tuple) -> tuple | None:
    """except_many for clauses that each change one cell ![i][j] of a sequence of sequences
    (LamportMutex's network EXCEPT ![q][p] = Tail(@), ![p][q] = Append(@, m)), the rows copied
    to lists once, without a _Draft per level; None (nothing evaluated) for any other shape."""
    n = len(f)
    for i in range(0, len(clauses), 2):
        keys = clauses[i]
        if type(keys) is not tuple or len(keys) != 2:
            return None
        a, b = keys
        if type(a) is not int or type(b) is not int or not 0 < a <= n:
            return None
        row = f[a - 1]
        if type(row) is not tuple or not 0 < b <= len(row):
            return None
    rows: dict[int, list] = {}
    for i in range(0, len(clauses), 2):
        a, b = clauses[i]
        row = rows.get(a)
        if row is None:
            row = rows[a] = list(f[a - 1])
        row[b - 1] = clauses[i + 1](row[b - 1])
    out = list(f)
    for a, row in rows.items():
        out[a - 1] = tuple(row)
    return tuple(out)


def subseteq(a: Any, b: Any) -> bool:
    """a \\subseteq b: each member of a, in a's order, looked up in b as TLC's member does
    (with its errors); a lazy a (SUBSET S) is enumerated in its own order."""
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        return _cmp.subset_of(a, b)
    if type(a) is PowerSet and type(b) is PowerSet and _known_enumerable(a.base):
        # SUBSET A \\subseteq SUBSET B is A \\subseteq B (SubsetValue.isSubsetEq): 2^42 sets unbuilt
        return subseteq(a.base, b.base)
    if not is_set(a):  # (Tool's OPCODE_subseteq)
        raise EvalError("Attempted to evaluate an expression of form S \\subseteq T, but S was not enumerable.")
    if isinstance(a, frozenset):  # TLC's order decides only which error, or FALSE, comes first
        return _any_order_first(a, lambda xs: all(_cmp.member(x, b) for x in xs), True)
    if type(a) is PowerSet and _known_enumerable(a.base):  # its elements in TLC's order: {} first
        return all(_cmp.member(x, b) for x in iterate(a))
    return all(_cmp.member(x, b) for x in as_set(a))


def _known_enumerable(s: Any) -> bool:
    """Is ``s`` a set TLC can enumerate (Enumerable), known without enumerating it (as
    _enumerable finds out)? Not Nat, Int, STRING or Seq(S), nor a set built from one."""
    if isinstance(s, frozenset) or type(s) in (RecordSet, FcnSet, ProductSet):
        return True
    if type(s) is PowerSet:
        return _known_enumerable(s.base)
    return type(s) is IntRange and s.lo is not None and s.hi is not None


def union(s: Any) -> Any:
    """UNION S: built where every member of S is an enumerated set, else kept as a UnionSet
    until something enumerates it, as TLC's UnionValue.union (a member of
    {f \\in UNION {[S -> T] : S \\in ...} : P} is then decided as f \\in UNION ... /\\ P(f),
    TLC's suite/test9)."""
    sets = as_set(s)
    if not all(type(x) is frozenset for x in sets):
        for x in sets:
            if not is_set(x):  # (UnionValue's words)
                raise EvalError("Attempted to enumerate UNION(s), but some element of s is nonenumerable.")
        return UnionSet(sets)
    if len(sets) == 1:
        for x in sets:
            return x
    return setbound.checked(_cmp.union_of([e for x in sets for e in x]))


def domain(f: Any) -> Any:
    if type(f) is RecFcn:
        return f.domain
    return fcn_domain(f)


def mapto(a: Any, b: Any) -> Any:
    return make_fcn({a: b})


_PLAIN_KEYS = frozenset({int, str})


def compose(f: Any, g: Any) -> Any:
    """f @@ g: f's pairs, then g's for arguments outside DOMAIN f (TLC keeps that order).
    TLC's CombineFcn looks each argument of g up among f's by equality, in order, so arguments
    of two kinds (a sequence's 1 and a record's "a") are its error, raised in its Java method."""
    d = dict(fcn_items(f))
    pairs = list(fcn_items(g))
    kinds = {type(k) for k in d}
    if d and pairs and not (len(kinds) == 1 and kinds <= _PLAIN_KEYS and {type(k) for k, _ in pairs} == kinds):
        mine = list(d)
        for k, _ in pairs:
            try:
                next((j for j in mine if _cmp.eq(k, j)), None)
            except EvalError as err:  # (a comparison's error: in Next exit 75, as TLC)
                raise EvalError(
                    "Attempted to apply the operator overridden by the Java method public static "
                    "tlc2.value.impl.Value tlc2.module.TLC.CombineFcn(tlc2.value.impl.Value,"
                    f"tlc2.value.impl.Value), but it produced the following error: {err.message}") from None
    for k, v in pairs:
        d.setdefault(k, v)
    return make_fcn(d, keep_order=True)


def _factor_size(p: Any) -> int:
    """A factor's size() in TLC: a set's cardinality, and a function's (a tuple's, a record's)
    number of arguments, as TLC takes any value there (Cardinality(<<1, 2>> \\X <<3>>) is 2)."""
    t = type(p)
    if t is tuple or t is Fcn:
        return len(p)
    if t is bool or t is int or t is str:
        what = {bool: "boolean", int: "integer", str: "string"}[t]
        raise ModuleEvalError(f"Attempted to compute the number of elements in the {what} {format_value(p)}.")
    return card(p)


def card(s: Any) -> int:
    """Cardinality(S), counted without building SUBSET S or [S -> T]; 32-bit like TLC's."""
    if isinstance(s, frozenset):
        return len(s)
    if type(s) is PowerSet or type(s) is FcnSet:
        n = 2 ** card(s.base) if isinstance(s, PowerSet) else card(s.rng) ** card(s.domain)
        if n > 2 ** 31 - 1:
            raise ModuleEvalError(f"Overflow when computing the number of elements in: {s!r}")
        return n
    if type(s) is UnsortedSet:  # TLC's size() sorts it: its own error, or one item
        return len(s)
    if type(s) is IntRange and s.lo is not None and s.hi is not None:
        return s.size()
    if type(s) is ProductSet:  # SetOfTuplesValue.size(): the product of its factors' sizes
        n = 1
        for p in s.parts:
            n *= _factor_size(p)
            if not -2 ** 31 <= n <= 2 ** 31 - 1:
                raise ModuleEvalError(f"Overflow when computing the number of elements in {s!r}")
        return n
    if isinstance(s, LazySet):
        try:
            return len(as_set(s))
        except EvalError:
            raise ModuleEvalError(f"Attempted to compute cardinality of the value {format_value(s)}") from None
    raise ModuleEvalError(f"Attempted to compute cardinality of the value {format_value(s)}")  # (any value: TLC)


def is_finite_set(s: Any) -> bool:
    if isinstance(s, frozenset) or type(s) is tuple:
        return True
    if not isinstance(s, LazySet | Fcn):
        raise EvalError(f"Attempted to check if the value {format_value(s)} is a finite set.")
    try:
        as_set(s)
        return True
    except EvalError:
        return False


def powerset(s: Any) -> PowerSet:
    if not is_set(s):  # TLC's SubsetValue asks its base for its size: IntValue.size(), ...
        what = {int: "integer", bool: "boolean", str: "string", ModelValue: "model value",
                TypedModelValue: "model value"}.get(type(s))
        if what is not None:
            raise EvalError(f"Attempted to compute the number of elements in the {what} {format_value(s)}.")
        raise EvalError(f"Attempted to apply SUBSET to a non-set: {format_value(s)}")
    return PowerSet(s)


def product(parts: tuple) -> ProductSet:
    return ProductSet(parts)


def fcnset(d: Any, r: Any) -> FcnSet:
    return FcnSet(d, r)


def recordset(fields: dict) -> RecordSet:
    return RecordSet(fields)


_ORDERED: dict[int, tuple[frozenset, list]] = {}
_INT_ONLY = frozenset({int})
_ORDERED_LIMIT = 1 << 14
interning.on_change(_ORDERED.clear)  # a new model: its names are in another order


def tlc_order(elems: frozenset) -> list:
    """The elements of a set in TLC's order, remembered per set object: a spec ranges over and
    chooses from the same set again and again while exploring one state (the pieces of a board),
    and sorting sets of sets into TLC's order is the expensive part. Keyed by identity, holding
    the set: an equal set is not enough, as {1} equals {TRUE} in Python."""
    hit = _ORDERED.get(id(elems))
    if hit is not None and hit[0] is elems:
        return hit[1]
    # integers in Python's order; kept as well: Proc \ {p} is one object (compare.setminus)
    ordered = sorted(elems) if _INT_ONLY.issuperset(map(type, elems)) else sorted_tlc(elems)
    if len(_ORDERED) >= _ORDERED_LIMIT:
        _ORDERED.clear()
    _ORDERED[id(elems)] = (elems, ordered)
    return ordered


_NO_CHOICE = ("Attempted to compute the value of an expression of form CHOOSE x \\in S: P, but no element of S "
              "satisfied P.")


_PATTERN_MISMATCH = "Argument mismatch in operator application.%1"  # (TLC's message: its %1 is left as is)


def patterns(xs: Iterable, n: int) -> Iterator[tuple]:
    """The elements a tuple pattern of ``n`` names (``\\E <<a, b>> \\in S``) ranges over: each
    must be a tuple of n components, else TLC's error (ContextEnumerator: an element that is
    no TupleValue of that length; a string or a function over other arguments, which Python
    would take apart too, among them)."""
    for x in xs:
        if type(x) is not tuple or len(x) != n:
            raise EvalError(_PATTERN_MISMATCH)
        yield x


def tuple_bound(s: Any, n: int) -> Iterator[tuple[Any, tuple]]:
    """Each element of S with the components a tuple pattern of ``n`` names binds, for a set
    filter or a function (``{<<a, b>> \\in S : P}``, ``[<<a, b>> \\in S |-> e]``). TLC builds
    these at once over an enumerated set or an interval (Tool's SubsetOf, FcnLambdaValue's
    toFcnRcd) and takes each element apart unchecked: a longer tuple gives its leading
    components, a shorter one an index error, anything else a failed cast. Over any other set
    (SetPredValue) an element must be a tuple of exactly n components."""
    if not (isinstance(s, frozenset | range) or type(s) is IntRange and s.lo is not None and s.hi is not None):
        for x in iterate(s):
            yield x, tuple_of(x, n)
        return
    for x in iterate(s):
        if type(x) is not tuple:
            raise JavaException(f"{format_value(x)} cannot be cast to a tuple")
        if len(x) < n:
            raise JavaException(f"Index {len(x)} out of bounds for length {len(x)}")
        yield x, x[:n]


def tuple_of(x: Any, n: int) -> tuple:
    """An element of a set filter's set kept lazily (SetPredValue), taken apart by a tuple
    pattern of ``n`` names: a tuple of exactly n components, else TLC's error."""
    if type(x) is not tuple or len(x) != n:
        raise EvalError(f"Attempted to check if the value:\n{format_value(x)}\nis an element of a set of {n}-tuples.")
    return x


def pattern(x: Any, n: int) -> tuple:
    """The element CHOOSE <<a, b>> \\in S takes apart: a tuple of ``n`` components, else TLC's
    error (Tool.evalChoose)."""
    if type(x) is not tuple or len(x) != n:
        raise EvalError(CHOOSE_PATTERN)
    return x


CHOOSE_PATTERN = ("Attempted to compute the value of an expression of form CHOOSE <<x1, ... , xN>> \\in S: P, "
                  "but S was not a set of N-tuples.")


def choose(s: Any, pred: Callable[[Any], Any]) -> Any:
    """CHOOSE x \\in S : P, deterministic in TLC's order of S."""
    if type(s) in _BUILT_TO_RANGE:
        setbound.enumerated(_product_size(s))
    if type(s) is PowerSet:  # its subsets come in TLC's order, made one by one as needed
        for x in s:
            if pred(x):
                return x
        raise EvalError(_NO_CHOICE)
    if type(s) is IntRange and s.hi is None or type(s) is StringSet:  # Nat, Int, STRING (Tool.evalChoose)
        raise EvalError("Attempted to compute the value of an expression of form CHOOSE x \\in S: P, but S was "
                        "not enumerable.")
    elems = as_set(s)
    hit = _ORDERED.get(id(elems))
    if hit is not None and hit[0] is elems:
        ordered = hit[1]
    else:
        if not elems:
            raise EvalError(_NO_CHOICE)
        first = min_tlc(elems)  # most CHOOSEs take the first element: no sort needed then
        if pred(first):
            return first
        ordered = tlc_order(elems)[1:]  # the first was tested
    for x in ordered:
        if pred(x):
            return x
    raise EvalError(_NO_CHOICE)


def choose_unique(s: Any, pred: Callable[[Any], Any]) -> Any:
    """CHOOSE x \\in S : P where nothing observes its evaluation (memo.OBSERVING): P is tried
    on S's members in Python's order, and when exactly one satisfies it, without an error,
    that one is TLC's choice too, whatever the order; S is then not sorted into TLC's order
    (SlidingPuzzles' ChooseOne(board, LAMBDA pc : s \\in pc): the one piece at a position,
    among sets of sets sorted anew for every board). Two that satisfy it, none, or an error:
    TLC's order decides, as choose."""
    if type(s) is frozenset and len(s) > 1:
        hit = _ORDERED.get(id(s))
        if hit is None or hit[0] is not s:
            mark = len(_MADE)
            try:
                found: list = []
                for x in s:
                    if pred(x):
                        found.append(x)
                        if len(found) > 1:
                            break
                if len(found) == 1 and len(_MADE) == mark:
                    return found[0]
            except Exception:  # any failure: TLC's order decides which error comes first
                pass
            interning.forget_made_since(mark)  # strings made in this order: TLC's makes them
    return choose(s, pred)


def product_of_ways(parts: Any) -> int:
    """The ways a conjunction (or \\A) holds: the product of its conjuncts' ways, evaluated
    left to right and stopping at the first that holds in none (callables, or a generator of
    counts for \\A)."""
    total = 1
    for part in parts:
        n = part() if callable(part) else part
        if not n:
            return 0
        total *= n
    return total


def unbounded_choose() -> Any:
    raise EvalError("TLC attempted to evaluate an unbounded CHOOSE. Make sure that the expression is of "
                    "form CHOOSE x \\in S: P(x).")


class AnySet(LazySet):
    """TLC's Any: every value is a member; it cannot be enumerated."""

    def __contains__(self, x: object) -> bool:
        return True

    def key(self) -> tuple:
        return ("Any",)

    def __repr__(self) -> str:
        return "Any"


ANY = AnySet()
_RANDOM = random.Random(0)  # reproducible runs; TLC's choice depends on its own seed


def _drawable(s: Any) -> Any:
    """S itself where its members can be made one by one by index (a set of functions, whose
    size can be far beyond what can be enumerated), else its members in TLC's order."""
    return s if type(s) is FcnSet else sorted_tlc(as_set(s))


def _member(elems: Any, i: int) -> Any:
    return elems.nth(i) if type(elems) is FcnSet else elems[i]


def random_element(s: Any) -> Any:
    elems = _drawable(s)
    if not len(elems):
        raise ModuleEvalError("Attempted to apply RandomElement to the empty set.")
    return _member(elems, _RANDOM.randrange(len(elems)))


def random_subset(k: Any, s: Any) -> frozenset:
    elems = _drawable(s)
    if type(k) is not int or not 0 <= k <= len(elems):
        raise EvalError(f"The first argument of RandomSubset should be a number between 0 and {len(elems)}, "
                        f"but instead it is: {format_value(k)}")
    return frozenset(_member(elems, i) for i in _RANDOM.sample(range(len(elems)), k))


def random_set_of_subsets(k: Any, n: Any, s: Any) -> frozenset:
    return frozenset(random_subset(_RANDOM.randint(0, n), s) for _ in range(k))


# TLCGet/TLCSet: registers (integer keys) and what the checker publishes ("level", "distinct", ...).
TLC_REGISTERS: dict[Any, Any] = {}
_TLC_CACHE: dict[tuple[str, Any], Any] = {}


def tlc_cache(where: str, closure: Any, expression: Callable[[], Any]) -> Any:
    """TLCExt!TLCCache(expression, closure) with a constant expression: its value is computed
    once per value of the closure (TLCExt.tlcEval2 keeps a table per expression), so side
    effects in it (TLCSet, Print) happen once. ``where``: the expression's position (the same
    in every compiler of the model: the assumptions', the search's)."""
    key = (where, closure)
    if key in _TLC_CACHE:
        return _TLC_CACHE[key]
    value = _TLC_CACHE[key] = expression()
    return value


def tlc_set(key: Any, value: Any) -> bool:
    TLC_REGISTERS[key] = value
    return True


def tlc_get_or_default(key: Any, default: Any) -> Any:
    """TLCExt!TLCGetOrDefault: the register's value, or ``default`` where TLCSet wrote none."""
    return TLC_REGISTERS.get(key, default)


def tlc_get_and_set(key: Any, op: Callable[[Any, Any], Any], value: Any, default: Any) -> Any:
    """TLCExt!TLCGetAndSet: the register's value (or ``default``), which is then replaced by
    Op(that value, ``value``)."""
    old = TLC_REGISTERS.get(key, default)
    TLC_REGISTERS[key] = op(old, value)
    return old


COUNTER_EXAMPLE = Fcn({"action": frozenset(), "state": frozenset()})
"""TLCExt!CounterExample where no counterexample is in scope (TLC: the empty graph). TLC binds
it to the counterexample only in a POSTCONDITION evaluated after a violation, which cannot
change the run's exit code; the checker evaluates postconditions after complete runs only."""


TRACE: list[Any] = [None]
"""TLCExt!Trace: the states up to the one evaluated, as records of the variables, or a function
making them where they are asked for (the search sets one per state checked, check/bfs.py;
check.run.alias_trace the states of a counterexample)."""


def trace() -> tuple:
    t = TRACE[0]
    if t is None:  # (an operator TLC evaluates with no state: the cfg's constants, ASSUMEs)
        raise SemanticError("unsupported construct: Trace (module TLCExt) where no behaviour leads to a state")
    if type(t) is not tuple:
        t = TRACE[0] = t()
    return t


def pick_successor(condition: Any) -> bool:
    """TLCExt!PickSuccessor(e) (TLCExt.pickSuccessor): TRUE where ``e`` holds; where it does not,
    TLC asks on its standard input whether to keep the successor (TRUE for one it has seen, or
    where no successor is being generated), which a run here cannot answer: exit 150."""
    if _cmp.truth(condition, "A non-boolean expression ({kind}) was used as the condition of TLCExt!PickSuccessor."):
        return True
    raise SemanticError("unsupported construct: PickSuccessor (module TLCExt) whose condition is FALSE: TLC "
                        "asks on its standard input which successor states to keep")


def _boolean(op: str, v: Any) -> bool:
    if type(v) is not bool:
        raise EvalError(f"Attempted to evaluate {op} on the non-boolean value {format_value(v)}")
    return v


def implies(a: Any, b: Any) -> bool:
    """=> passed as an operator argument (TestOp(=>)): both operands evaluated, as a call does."""
    return not _boolean("=>", a) or _boolean("=>", b)


def equiv(a: Any, b: Any) -> bool:
    return _boolean("\\equiv", a) is _boolean("\\equiv", b)


def land(a: Any, b: Any) -> bool:
    return _boolean("/\\", a) and _boolean("/\\", b)


def lor(a: Any, b: Any) -> bool:
    return _boolean("\\/", a) or _boolean("\\/", b)


def fail(message: str) -> Any:
    """Raise TLC's evaluation error ``message`` where an expression TLC cannot evaluate is met."""
    raise EvalError(message)


def tlc_model_value(name: Any) -> ModelValue:
    """TLCExt!TLCModelValue(str) (TLCExt.tlcModelValue): the model value named ``str``, its name
    placed in TLC's order of names when first made (interning.made)."""
    if type(name) is not str:
        shown = format_value(name)
        raise ModuleEvalError(f"The argument of ModelValue should be a string, but instead it is: {shown}").exact(
            f"The argument of ModelValue should be a string, but instead it is:\n{ppr(shown)}")
    if name not in interning.RANK:
        interning.made(name)
    return ModelValue(name)


def to_trace(ce: Any) -> tuple:
    """TLCExt!ToTrace: the states of a counterexample as a sequence (here only the empty one)."""
    if not same(ce, COUNTER_EXAMPLE):
        raise EvalError(f"The argument of ToTrace should be a CounterExample, but instead it is: {format_value(ce)}")
    return ()


def assert_eq(a: Any, b: Any) -> bool:
    from .compare import eq

    if not eq(a, b):
        print(f"AssertEq failed: {format_value(a)} # {format_value(b)}", file=sys.stderr)
        return False
    return True


def assert_error_text(err: Any) -> str:
    """The first argument of AssertError given through a cfg substitution (Op <- AssertError):
    TLC requires a string there."""
    if type(err) is not str:
        raise EvalError(f"In computing AssertError, a non-string expression ({format_value(err)}) was used as the "
                        "err of an AssertError(err, exp).")
    return err


def assert_error(expected: str, expression: Callable[[], Any]) -> bool:
    """TLCExt!AssertError(err, exp) (TLCExt.assertError): TRUE iff evaluating ``exp`` fails
    with an error whose text is ``err``, FALSE where it evaluates (to any value). TLC compares
    the exact text of its exception (line breaks and its pretty printer's indentation
    included), which the checker knows for some errors only (EvalError.tlc_text); for any other,
    it stops with exit 150 rather than guess the verdict."""
    from .errors import StackOverflow

    try:
        expression()
    except StackOverflow:
        raise  # a Java StackOverflowError, not one of the exceptions TLC's override catches
    except EvalError as e:
        if e.tlc_text is not None:
            return e.tlc_text == expected
        raise SemanticError("unsupported construct: AssertError (module TLCExt) of an expression failing with an "
                            f"error whose exact text the checker does not know: {e.message}") from None
    return False


def case_fail() -> Any:
    raise EvalError("Attempted to evaluate a CASE with no conditions true.")


# -- Sequences -------------------------------------------------------------------------

def _seq(s: Any, message: str = "expected a sequence, got {}") -> tuple:
    """``s`` as a sequence, else TLC's ``message`` naming it (tlc2.module.Sequences: its
    exception's text, the value on a line of its own there)."""
    if type(s) is tuple:
        return s
    if type(s) is Fcn and not s:
        return ()
    _refuse(s, message)


def _refuse(s: Any, message: str) -> NoReturn:
    shown = format_value(s)
    err = ModuleEvalError(message.format(shown))
    raise err.exact(message.replace(": {}", ":\n{}").format(ppr(shown))) if message.endswith(": {}") else err


def _one_argument(op: str) -> str:
    """EC.TLC_MODULE_ONE_ARGUMENT_ERROR for an operator of Sequences taking a sequence."""
    return f"The argument of {op} should be a sequence, but instead it is: {{}}"


def _evaluating(form: str, kind: str = "sequence") -> str:
    """EC.TLC_MODULE_EVALUATING: ``Evaluating an expression of the form t \\o s when s is not
    a sequence``."""
    return f"Evaluating an expression of the form {form} when s is not a {kind}: {{}}"


def made_string(s: str) -> str:
    """A string made while checking (``\\o``, SubSeq, ToString): TLC interns it as it makes it
    (UniqueString), and strings sort in the order they were interned, so it takes its place
    after the names read, in the order made (interning.made): CHOOSE s \\in {"q" \\o "b",
    "q" \\o "a"} : TRUE is "qb"."""
    if s not in interning.RANK:
        interning.made(s)
    return s


def concat(a: Any, b: Any) -> Any:
    if type(a) is str:
        if type(b) is str:
            return made_string(a + b)
        _refuse(b, _evaluating("t \\o s", "string"))  # Sequences.Concat
    return _seq(a, _evaluating("s \\o t")) + _seq(b, _evaluating("t \\o s"))


def seq_len(s: Any) -> int:
    if type(s) is tuple:  # the common case first, without the call to _seq
        return len(s)
    if type(s) is str:
        return len(s)
    return len(_seq(s, _one_argument("Len")))


def head(s: Any) -> Any:
    if type(s) is tuple and s:  # the common case first, without the call to _seq
        return s[0]
    s = _seq(s, _one_argument("Head"))
    if not s:
        raise ModuleEvalError("Attempted to apply Head to the empty sequence.").exact()
    return s[0]


def tail(s: Any) -> tuple | str:
    if type(s) is tuple and s:  # the common case first, without the call to _seq
        return s[1:]
    if type(s) is str:  # TLC's Tail of a string (Sequences.Tail, LL 2013): "bc" for "abc"
        if not s:
            raise ModuleEvalError("Attempted to apply Tail to the empty sequence.").exact()
        return made_string(s[1:])
    s = _seq(s, _one_argument("Tail"))
    if not s:
        raise ModuleEvalError("Attempted to apply Tail to the empty sequence.").exact()
    return s[1:]


def append(s: Any, e: Any) -> tuple:
    if type(s) is tuple:  # the common case first, without the call to _seq
        return s + (e,)
    return _seq(s, _evaluating("Append(s, v)")) + (e,)


def subseq(s: Any, m: int, n: int) -> Any:
    if type(s) is str:  # TLC allows Len, \\o and SubSeq on strings, and nothing else of Sequences
        if m > n:
            return made_string("")
        _subseq_bounds(s, len(s), m, n)
        return made_string(s[m - 1:n])
    s = _seq(s)
    if m > n:
        return ()
    _subseq_bounds(s, len(s), m, n)
    return s[m - 1:n]


def _subseq_bounds(s: Any, length: int, m: int, n: int) -> None:
    """TLC's checks of SubSeq(s, m, n), m <= n, in its order: m, then n."""
    for which, i in (("second", m), ("third", n)):
        if i < 1 or i > length:
            raise ModuleEvalError(f"The {which} argument of SubSeq must be in the domain of its first argument: "
                                  f"{format_value(s)} , but instead it is {i}")


def select_seq(s: Any, test: Callable[[Any], Any], shown: str = "<Operator>") -> tuple:
    """SelectSeq(s, Test): Test must answer a Boolean for each element (TLC's Sequences.SelectSeq,
    its error naming the operator as ``shown``)."""
    out = []
    for e in _seq(s):
        v = test(e)
        if v is not True and v is not False:
            raise ModuleEvalError(f"The second argument of SelectSeq should be a boolean-valued operator, "
                                  f"but instead it is: {shown}").exact(
                "The second argument of SelectSeq should be a boolean-valued operator, but instead it is:\n" + shown)
        if v:
            out.append(e)
    return tuple(out)


def seq_set(s: Any) -> SeqSet:
    return SeqSet(s)


# -- TLC module ------------------------------------------------------------------------

def tlc_print(out: Any, val: Any) -> Any:
    """TLC's Print: both arguments, each as TLC normalises it (records in its order of names)."""
    print(format_value(out, normalized=True) + "  " + format_value(val, normalized=True), file=sys.stderr)
    return val


def tlc_printt(out: Any) -> bool:
    print(format_value(out, normalized=True), file=sys.stderr)
    return True


def tlc_assert(cond: Any, msg: Any) -> bool:
    """TLC's Assert: anything but TRUE fails it (Assert(1, "m") too), exit 14."""
    if cond is not True:
        shown = format_value(msg)
        raise AssertionFailure(f"The first argument of Assert evaluated to FALSE; the second argument was: "
                               f"{shown}").exact("The first argument of Assert evaluated to FALSE; the second "
                                                 f"argument was:\n{ppr(shown)}")
    return True


def to_string(v: Any) -> str:
    return made_string(format_value(v))


# What TLCGet("stats") and friends read: the checker sets these figures before the ASSUMEs
# and as the search goes (generated, distinct, queue, diameter, initial: the initial states
# generated), empty outside a model-checking run.
TLC_STATS: dict[str, int] = {}
_SEARCH_FIGURES = frozenset({"generated", "distinct", "queue", "diameter"})  # TLCGet's keys of TLC_STATS
RUN_START = [time.time()]
"""When the run started: TLCGet("duration") and the "duration" of TLCGet("stats") count from it."""


def no_states_yet() -> None:
    """The figures of a checker that has generated no state (TLC's before Init: diameter 1)."""
    TLC_STATS.update(generated=0, distinct=0, queue=0, diameter=1, initial=0)


def _duration() -> int:
    return int(time.time() - RUN_START[0])  # whole seconds, as TLCGetSet's
TLC_CONFIG: dict[str, Any] = {}
"""TLCGet("config"): the record of how the run was started (mode, deadlock, worker, seed, ...),
filled before the ASSUMEs are evaluated, as TLC's checker and simulator do (their getConfig)."""


LEVEL = [0]
"""TLCGet("level"): the level of the state being evaluated (an initial state's is 1, its
successors' 2, ...), set by the search where the spec reads it; 0 in ASSUME, POSTCONDITION and
the initial predicate, as in TLC (TLCGetSet: INIT_LEVEL - 1)."""


# Keys TLC answers (TLCGetSet.TLCGet) with values made of its own internals: exit 150, naming them.
_TLC_INTERNAL_KEYS = {
    "spec": "a record of TLC's split actions, properties and constraints with their source ranges",
    "action": "the action TLC's extended states remember (a dummy record outside -simulate and -debugger)",
    "revision": "the version and build date of the TLC that runs",
}


def tlc_get(key: Any) -> Any:
    """TLC!TLCGet for the documented keys the checker knows: "level", "stats" (a record of the
    search's figures) and its fields "distinct", "diameter" and so on, "config" (how the run was
    started), a "-D" system property; and the registers TLCSet wrote. "spec", "action" and
    "revision" are refused (exit 150): a verdict would depend on values only TLC has."""
    if key in TLC_REGISTERS:
        return TLC_REGISTERS[key]
    if type(key) is int and key >= 0:  # a register TLCSet never wrote
        raise EvalError(f"TLCGet({key}) was undefined.")
    if key == "level":
        return LEVEL[0]
    if key == "config":
        if not TLC_CONFIG:
            raise EvalError('TLCGet("config") has no value outside a model-checking run')
        return Fcn(dict(TLC_CONFIG))
    if type(key) is str and key.startswith("-D"):
        # a Java system property, else the key itself (System.getProperty(name, key)): the
        # checker has none, so TLCGet("-Dtlc2.tool.impl.Tool.cdot") = "true" is FALSE, as in a TLC
        # started without -D
        return key
    if key in ("all", "all:named"):  # each register by worker: the search here is one worker
        named = key == "all:named"
        return Fcn({k: (v,) for k, v in TLC_REGISTERS.items()
                    if (type(k) is str and k.startswith("s:")) == named and (named or type(k) is int)})
    if key in _TLC_INTERNAL_KEYS:
        raise SemanticError(f"unsupported construct: TLCGet({format_value(key)}), {_TLC_INTERNAL_KEYS[key]}")
    if key == "duration":  # since the run started (TLCGetSet's startTime)
        return _duration()
    if TLC_STATS and key == "stats":  # AbstractChecker.getStatistics, as TLC prints the record
        return Fcn({"diameter": TLC_STATS["diameter"], "distinct": TLC_STATS["distinct"], "queue": TLC_STATS["queue"],
                    "generated": TLC_STATS["generated"], "worker": 0, "duration": _duration(),
                    "initial": TLC_STATS.get("initial", 0)})
    if TLC_STATS and key in _SEARCH_FIGURES:
        return TLC_STATS[key]
    # (also a figure before the checker exists: a constant's substitution evaluated at start-up)
    raise EvalError(f"TLCGet({key if type(key) is str else format_value(key)}) was undefined.")


POSSIBLE_KEY = "s:_possible"  # the named register of _Possible's counts


def possible_counts() -> Fcn:
    """_Possible!_Counts: how often each _POSSIBLE predicate held (one worker's counts here)."""
    counts = TLC_REGISTERS.get(POSSIBLE_KEY)
    return counts if isinstance(counts, Fcn) else Fcn({})


def possible_track(held: Any, name: Any, pos: Any = None) -> bool:
    """_Possible!_Track(expr, name): count ``name`` once more where ``held``, else keep it at
    its count (0 the first time); TRUE as TLCSet. ``pos``: of the predicate, for the cfg's
    _POSSIBLE (check/possible.py)."""
    if type(held) is not bool:
        raise EvalError(f"A non-boolean expression ({format_value(held)}) was used as a condition of an IF "
                        f"(_POSSIBLE {name if type(name) is str else format_value(name)}).", pos)
    counts = dict(possible_counts())
    counts[name] = counts.get(name, 0) + held
    TLC_REGISTERS[POSSIBLE_KEY] = Fcn(counts)
    return True


def possible_check_name(name: Any) -> bool:
    """_Possible!_CheckName(name): TRUE where ``name`` held somewhere, else the counts are
    printed (PrintT) and it is FALSE."""
    counts = possible_counts()
    if counts.get(name, 0):
        return True
    tlc_printt(counts)
    return False


def tlc_get_next(key: Any) -> Any:
    """TLCGet(key) evaluated on the successor (TLCGet("level")'): TLC reads the level from the
    state it evaluates on, the successor's one more than the current state's."""
    if key == "level" and key not in TLC_REGISTERS:
        return LEVEL[0] + 1
    return tlc_get(key)


def java_time() -> int:
    return int(time.time() * 1000) & 0x7FFFFFFF


def permutations(s: Any) -> frozenset:
    try:
        elems = sorted_tlc(as_set(s))
    except EvalError:  # TLC's Permutations: not a set it can enumerate
        raise ModuleEvalError(f"Applying Permutations to the following value, which is not a finite set: "
                              f"{format_value(s)}") from None
    return frozenset(make_fcn(dict(zip(elems, p, strict=True))) for p in itertools.permutations(elems))


def sort_seq(s: Any, less: Callable[[Any, Any], Any]) -> tuple:
    """TLC's SortSeq (tlc2.module.TLC.SortSeq): an insertion sort that moves each element before
    the sorted ones it is ``less`` than, from the last back. With a relation that is not a strict
    order the result depends on the algorithm, so it is TLC's, comparison for comparison."""
    out: list = []
    for e in _seq(s):
        j = len(out)
        while j > 0 and _sort_less(less(e, out[j - 1])):
            j -= 1
        out.insert(j, e)
    return tuple(out)


def _sort_less(answer: Any) -> bool:
    if type(answer) is not bool:  # raised in TLC's Java method: in Next exit 255
        raise ModuleEvalError("The second argument of SortSeq should be a boolean function, but instead it is: "
                        f"{format_value(answer)}")
    return answer


def narrowed_subsets(base: Any, narrowers: tuple[Callable[[frozenset], frozenset], ...]) -> Iterable:
    """(subset, all narrowed) for each subset of base narrowed by necessary conditions of the
    quantifier's body (see Compiler._narrow_subsets). At the first narrowing that cannot be
    evaluated, narrowing stops and the flag is false: the conjunct it came from is evaluated in
    the body and raises there, where TLC would."""
    elems = as_set(base)
    applied = 0
    for narrow in narrowers:
        try:
            elems = narrow(elems)
        except (EvalError, KeyError, TypeError, IndexError, ValueError):
            break
        applied += 1
    return zip(PowerSet(elems), itertools.repeat(applied == len(narrowers)))


def witness(w: Mapping[str, Any], name: str, s: Any) -> Iterable:
    """The range of an existential when checking a given step: the logged witness alone (if
    it is a member of the set, tested lazily), or the whole set when none was logged. ``w`` is
    a Mapping, not a dict: the compiled module (tla/native.py) would ask a dict's own
    ``in`` and ``[]``, passing by the replayer's (trace/replay.py LoggedOnly)."""
    if name in w:
        v = w[name]
        return (v,) if v in s else ()
    return iterate(s)


def iterate(s: Any) -> Iterable:
    """The elements of a set for quantifiers and generators, in TLC's order: successors are then
    generated in TLC's order, so a search stopped by a violation has TLC's counts (Python's own
    set order follows string hashes, which differ from process to process). TLC builds a set of
    records, functions or tuples in normal order to range over it, which -maxSetSize bounds."""
    if isinstance(s, frozenset):  # the common case, without a second call
        if len(s) < 2:
            return s
        hit = _ORDERED.get(id(s))  # tlc_order's lookup, in place: mostly the same set again
        if hit is not None and hit[0] is s:
            return hit[1]
        return tlc_order(s)
    if type(s) is range:  # a..b written in the bound (compare.span): already in TLC's order
        return s
    if type(s) in _BUILT_TO_RANGE:
        setbound.enumerated(_product_size(s))
    return members(s)


def forall(s: Any, test: Callable[[Iterable], bool]) -> bool:
    """\\A x \\in S : P, as ``test`` (``all`` of P over the elements it is given) says, without
    sorting S into TLC's order where the order cannot show: when P holds for every element,
    in whatever order they are taken, TLC's answer is TRUE too. Only when P fails, or raises,
    for some element does the order decide (TLC stops at its first FALSE or error), and S is
    then walked again in TLC's order. An invariant over a state's set (every edge of a graph)
    mostly holds, and sorting a new set of tuples per state was the largest part of it."""
    return _any_order_first(s, test, True)


def collect(s: Any, build: Callable[[Iterable], Any]) -> Any:
    """``build`` (a set filter's or set map's whole construction over the elements it is given)
    over S in any order: the set it makes does not depend on the order, only which error comes
    first where one is met, and then S is walked again in TLC's order."""
    return _any_order_first(s, build, None)


def _any_order_first(s: Any, build: Callable[[Iterable], Any], only: Any) -> Any:
    """``build`` over S's elements in Python's order, its result kept when it is ``only`` (or
    whatever it is, for None) and nothing was raised; else ``build`` over S in TLC's order.
    Compiled only where nothing in the model observes its evaluation (memo.OBSERVING), so that
    evaluating twice, or in another order, cannot be seen."""
    if type(s) is frozenset and len(s) > 1:
        hit = _ORDERED.get(id(s))
        if hit is not None and hit[0] is s:
            return build(hit[1])
        mark = len(_MADE)
        try:
            out = build(s)
            if (only is None or out is only) and len(_MADE) == mark:
                return out
        except Exception:  # any failure: TLC's order decides which error (or FALSE) comes first
            pass
        interning.forget_made_since(mark)  # strings made in this order sort as TLC's order makes them
    return build(iterate(s))


def members(s: Any, assigning: int = 0) -> Iterable:
    """The elements of S, in TLC's order, for ``x \\in S`` and ``x' \\in S``, which TLC walks
    without building S. ``assigning``: 1 where ``x \\in S`` determines x in the initial states,
    2 where ``x' \\in S`` determines x' (for TLC's error where S is no set)."""
    if isinstance(s, frozenset):
        return s if len(s) < 2 else tlc_order(s)
    if type(s) in _BUILT_TO_RANGE:
        return s.ordered()
    if isinstance(s, LazySet):
        return s
    if assigning:  # Tool.getInitStates, getNextStates
        raise EvalError(f"In computing {'next' if assigning == 2 else 'initial'} states, the right side of \\IN is "
                        "not enumerable.")
    shown = format_value(s)  # Value.getNonEnumerableErrorMsg, without the bound's expression
    raise EvalError(f"TLC encountered a non-enumerable quantifier bound {shown}.")


_BUILT_TO_RANGE = (RecordSet, FcnSet, ProductSet)


def _product_size(s: RecordSet | FcnSet | ProductSet) -> int:
    if isinstance(s, FcnSet):  # (len() of a set past sys.maxsize raises OverflowError)
        return len(s.range_members()) ** len(as_set(s.domain))
    parts = s.component_members().values() if isinstance(s, RecordSet) else s.component_members()
    return math.prod(len(p) for p in parts)
