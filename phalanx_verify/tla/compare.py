"""TLC's comparability rules for ``=``, ``#``, ``\\in``, set construction and integer arithmetic.

Values are Python's own (values.py), and Python compares across kinds where TLC refuses: in
Python ``1 = "a"`` is simply false, ``TRUE \\in {1}`` is true (``True == 1``) and ``"a" < "b"``
orders strings. TLC raises an evaluation error whenever it has to compare values of
incomparable kinds (``IntValue.equals`` of a string, ``BoolValue.compareTo`` of an integer, a set
that mixes integers and strings when it is normalised), and its integers are 32-bit with
overflow reported as an error. The compiled code calls the functions here on the paths where
Python's answer may differ from TLC's, so a spec gets TLC's error rather than a verdict TLC
would not give.

Untyped model values compare with anything (unequal, no error), as in TLC's
``ModelValue.modelValueEquals``. A typed model value (``s_a``: a one-letter type prefix and an
underscore) is an error when compared with a non-model value or a model value of another type.

Python's ``True == 1`` also reaches inside containers (``<<1>> == <<TRUE>>``, ``{1} == {TRUE}``);
where Python finds two containers equal, ``=``, ``\\in``, set construction and the set operators
confirm it with ``values.same`` and raise TLC's error at the Boolean met against 0 or 1; so do
function application and EXCEPT (runtime._key_alike: ``(TRUE :> 3)[1]`` is TLC's error).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence, Sized
from typing import Any, TypeVar

from . import setbound
from .errors import EvalError, ModuleEvalError, UnsortableSet
from .order import plain_ints, sorted_tlc, tlc_key
from .pprint import ppr
from .sameness import BOOL_FREE, bool_free, same, unambiguous, without_booleans
from .values import (
    UNSORTED_EQ,
    DiffSet,
    Fcn,
    Interval,
    IntRange,
    LazySet,
    ModelValue,
    StringSet,
    TypedModelValue,
    UnionSet,
    UnsortedSet,
    format_value,
    interval_member,
    is_set,
)

INT_MIN = -(2 ** 31)
INT_MAX = 2 ** 31 - 1

_NAMES = {bool: "boolean", int: "integer", str: "string", frozenset: "set", Interval: "set", tuple: "function",
          Fcn: "function"}


def kind(v: Any) -> str:
    """TLC's class of a value for comparisons: boolean, integer, string, model value, set,
    function (tuples, records and other functions), or operator."""
    t = type(v)
    name = _NAMES.get(t)
    if name is not None:
        return name
    if t is ModelValue or t is TypedModelValue:
        return "model value"
    if isinstance(v, LazySet):
        return "set"
    if callable(v):
        return "operator"
    return "function"


def typed_prefix(mv: ModelValue) -> str | None:
    """The type of a typed model value (``s_a`` has type ``s``), None for an untyped one."""
    return mv.name[0] if type(mv) is TypedModelValue else None


def _mv_equal(mv: ModelValue, other: Any) -> bool:
    """ModelValue.equals / modelValueEquals: untyped model values are unequal to any other value;
    a typed one is an error against a non-model value or a model value of another type."""
    t = typed_prefix(mv)
    if isinstance(other, ModelValue):
        ot = typed_prefix(other)
        if t is not None and ot is not None and t != ot:
            raise EvalError(f"Attempted to check equality of the differently-typed model values "
                            f"{mv.name} and {other.name}").exact()
        return mv is other
    if t is not None:
        shown = format_value(other)
        raise EvalError(f"Attempted to check equality of typed model value {mv.name} and non-model "
                        f"value {shown}").exact(f"Attempted to check equality of typed model value {mv.name} and "
                                                f"non-model value\n{ppr(shown)}")
    return False


def _search_typed(x: TypedModelValue, s: frozenset) -> None:
    """A typed model value that is no member of ``s``: TLC's binary search of the normalised set
    (ValueVec.search, x.compareTo of the middle member) fails at the first member it meets that
    is a model value of another type or no model value (``b \\in S`` with b a B_ value and S of
    A_ values: 'Attempted to compare the differently-typed model values B_a and A_2'), where
    Python's set says FALSE."""
    members = sorted_tlc(s)
    mine = typed_prefix(x)
    low, high = 0, len(members)
    while low < high:
        mid = (low + high) >> 1
        e = members[mid]
        if not isinstance(e, ModelValue):
            raise EvalError(f"Attempted to compare the typed model value {x.name} and non-model value "
                            f"{format_value(e)}")
        if typed_prefix(e) not in (None, mine):
            raise EvalError(f"Attempted to compare the differently-typed model values {x.name} and {e.name}")
        if tlc_key(x) < tlc_key(e):
            high = mid
        else:
            low = mid + 1


SEARCH_THRESHOLD = 32
"""FcnRcdValue.LINEAR_SEARCH_THRESHOLD: a normalised table of this many keys or more is
searched by binary search (Value.compareTo), a smaller one key by key (Value.equals)."""


def _mv_compare(k: ModelValue, x: Any) -> int:
    """ModelValue.compareTo(k, x) (``k`` a key of a table): model values in TLC's order; a
    typed one is an error against a model value of another type or a non-model value."""
    t = typed_prefix(k)
    if isinstance(x, ModelValue):
        if t is not None and typed_prefix(x) not in (None, t):
            raise EvalError(f"Attempted to compare the differently-typed model values {k.name} and {x.name}"
                            ).exact()
        a, b = tlc_key(k), tlc_key(x)
        return (a > b) - (a < b)
    if t is None:
        return -1
    shown = format_value(x)
    raise EvalError(f"Attempted to compare the typed model value {k.name} and non-model value {shown}").exact(
        f"Attempted to compare the typed model value {k.name} and non-model value\n{ppr(shown)}")


def search_keys(x: Any, keys: Iterable, scan: bool = False) -> bool:
    """Look ``x``, none of a function's ``keys`` by Python's ==, up as TLC's FcnRcdValue.select
    does, for its errors: a table of SEARCH_THRESHOLD model values or more, which TLC keeps
    normalised (a state's value, a constant definition's), by binary search with compareTo
    (Github696, 64 A_ keys and a B_ value: 'Attempted to compare the differently-typed model
    values A_31 and B_a'); any other key by key with equals (confirm_absent_key). ``scan``: the
    function is a constructor TLC has not turned into a table (FcnLambdaValue), never searched
    by halves. True where the binary search ran (it found nothing)."""
    if scan:
        return False
    if not isinstance(keys, Sized) or len(keys) < SEARCH_THRESHOLD:
        return False
    if not all(isinstance(k, ModelValue) for k in keys):
        return False
    domain = sorted_tlc(keys)
    low, high = 0, len(domain) - 1
    while low <= high:  # java.util.Arrays.binarySearch, domain[mid].compareTo(x)
        mid = (low + high) >> 1
        c = _mv_compare(domain[mid], x)
        if c < 0:
            low = mid + 1
        elif c > 0:
            high = mid - 1
        else:
            break
    return True


def confirm_absent_key(x: Any, keys: Iterable, scan: bool = False) -> None:
    """``x`` is none of a function's ``keys`` by Python's ==, so an EXCEPT at ``x`` changes
    nothing: TLC looks it up all the same (FcnRcdValue's select: see search_keys, else each
    key's equals in turn), and a typed model value meeting a model value of another type, or a
    non-model value, is its error there (TLC's Github696: ``[v EXCEPT ![b] = 42]``, b a B_
    value among A_ keys). ``scan``: see search_keys."""
    if search_keys(x, keys, scan):
        return
    typed = type(x) is TypedModelValue
    for k in keys:
        if type(k) is TypedModelValue:
            _mv_equal(k, x)
        elif typed:
            _mv_equal(x, k)
    tx = type(x)
    if tx is not str and tx is not ModelValue and not typed and _string_keyed_table(keys):
        # A record's field named by a non-string (RecordValue: its error), or a key of another
        # kind met by a string key's equals (FcnRcdValue): TLC's evaluation error, where the
        # function over integers, searched by its interval, leaves the function unchanged.
        if scan:  # a constructor TLC has not made a table: its arguments' equals, in its order
            eq(min(keys, key=tlc_key), x)
        raise EvalError(f"Attempted to access record by a non-string argument: {format_value(x)}")
    if tx is not int and tx is not ModelValue and not typed and _scattered_ints(keys):
        # Integers that are no interval: TLC's function holds them as an array, whose keys it
        # meets one by one with equals (FcnRcdValue.takeExcept): the first one fails
        eq(min(keys), x)


def _scattered_ints(keys: Iterable) -> bool:
    """Are the keys integers (no Boolean) that do not make an interval ({1, 3})?"""
    ints = [k for k in keys if type(k) is int]
    if not ints or not isinstance(keys, Sized) or len(ints) != len(keys):
        return False
    return max(ints) - min(ints) + 1 != len(ints)


def _string_keyed_table(keys: Iterable) -> bool:
    """Are the keys strings only (a record's, or a function's over strings)?"""
    found = False
    for k in keys:
        if type(k) is not str:
            return False
        found = True
    return found


def _is_record(v: Any) -> bool:
    return type(v) is Fcn and len(v) > 0 and all(type(k) is str for k in v)


def _incomparable(a: Any, b: Any) -> EvalError:
    ka = kind(a)
    if ka == "set":
        return EvalError(f"Attempted to check equality of the set {format_value(a)} with the value: "
                         f"{format_value(b)}")
    if ka == "function":
        what = "record:" if _is_record(a) else "the function"
        return EvalError(f"Attempted to check equality of {what} {format_value(a)} with "
                         f"{'non-record' if _is_record(a) else 'the value:'} {format_value(b)}")
    verb = "compare equality" if ka == "boolean" else "check equality"
    return EvalError(f"Attempted to {verb} of {ka} {format_value(a)} with non-{ka}: {format_value(b)}")


# Types whose Python == is TLC's = between two values of that same type (an untyped model
# value is also never an error against anything else).
EXACT = frozenset({int, str, bool, ModelValue})

LAMBDA_FCN: list[type] = []
"""runtime.RecFcn (a function evaluated where applied: TLC's FcnLambdaValue), registered by
runtime, which builds on this module."""


def eq(a: Any, b: Any) -> bool:
    """a = b with TLC's errors for incomparable values."""
    ta = type(a)
    tb = type(b)
    if ta is tb and ta in EXACT:
        return a == b
    if ta is ModelValue or tb is ModelValue:
        return a is b
    if (ta is frozenset or ta is Interval) and (tb is frozenset or tb is Interval) and len(a) != len(b):
        return False  # what _unequal_containers finds first (ack[p] = Proc)
    if ta is tb:
        if ta is tuple and len(a) != len(b):  # what _unequal_containers finds first (q # <<>>)
            return False
        if a == b:  # Python's True == 1 reaches into containers: <<1>> = <<TRUE>> is TLC's error
            return same(a, b) or _unequal_containers(a, b)
        if ta is TypedModelValue:
            return _mv_equal(a, b)
        if LAMBDA_FCN and ta is LAMBDA_FCN[0]:
            return _lambda_eq(a, b)
        if ta is Fcn and a.rec and b and not b.rec and not _string_keyed(b):
            raise _incomparable(a, b)  # RecordValue.equals: the other is no record (toRcd is null)
        return _unequal_containers(a, b)
    if ta is TypedModelValue:
        return _mv_equal(a, b)
    if tb is TypedModelValue:
        return _mv_equal(b, a)
    if LAMBDA_FCN and (ta is LAMBDA_FCN[0] or tb is LAMBDA_FCN[0] and (ta is Fcn or ta is tuple)):
        return _lambda_eq(a, b)
    ka, kb = kind(a), kind(b)
    if ka != kb:
        raise _incomparable(a, b)
    if ka == "set":
        return (a == b and same(a, b)) or _unequal_containers(a, b)
    if ka == "function":
        if _is_record(a) != _is_record(b) and (a if type(a) is tuple else b if type(b) is tuple else ()):
            if type(a) is tuple and len(a) != len(b):
                return False  # a tuple's equals finds a record of another size unequal: <<1, 2>> = [c |-> 1]
            raise _incomparable(a, b) if _is_record(a) else _incomparable(b, a)
        return (a == b and same(a, b)) or _unequal_containers(a, b)
    raise _incomparable(a, b)


def _scalars_alike(a: frozenset, b: frozenset) -> bool:
    """Are a's and b's members all integers, all strings or all Booleans, besides untyped
    model values? TLC's element-by-element comparison of two such sets cannot fail, so they
    need not be sorted to find out (AllocatorImplementation compares sets of resources on
    every step)."""
    seen: Any = None
    for s in (a, b):
        for x in s:
            t = type(x)
            if t is ModelValue:
                continue
            if t is not int and t is not str and t is not bool:
                return False
            if seen is None:
                seen = t
            elif t is not seen:
                return False
    return True


def _values_alike(da: dict, db: dict) -> bool:
    """The same arguments, strings or untyped model values, and at each one two values of one
    scalar type or two sets _scalars_alike: TLC's walk of two such functions in its order
    cannot fail, so they need not be sorted to find out (AllocatorImplementation's
    [Clients -> SUBSET Resources] functions, compared on every step by its action property)."""
    if da.keys() != db.keys():
        return False
    for k, x in da.items():
        tk = type(k)
        if tk is not str and tk is not ModelValue:
            return False
        y = db[k]
        tx = type(x)
        if tx is not type(y):
            return False
        if tx is frozenset:
            if not _scalars_alike(x, y):
                return False
        elif tx is not int and tx is not str and tx is not bool and tx is not ModelValue:
            return False
    return True


def _lambda_eq(a: Any, b: Any) -> bool:
    """a = b with a or b a function evaluated where applied (runtime.RecFcn), as TLC's
    a.equals(b): FcnLambdaValue's compares itself as a table (toFcnRcd), built first, and a
    function table's builds b so; any other value's refuses b as it stands (eq)."""
    lam: Any = LAMBDA_FCN[0]
    return eq(a.table() if type(a) is lam else a, b.table(type(a) is tuple) if type(b) is lam else b)


def _unequal_containers(a: Any, b: Any) -> bool:
    """Python found two sets or two functions unequal: TLC compares them element by element
    in its normal order, and raises where two elements are incomparable."""
    if kind(a) == "set":
        if isinstance(a, LazySet) or isinstance(b, LazySet):
            return False
        if len(a) != len(b) or _scalars_alike(a, b):
            return False
        for x, y in zip(sorted(a, key=tlc_key), sorted(b, key=tlc_key), strict=True):
            if not eq(x, y):
                return False
        return False
    if type(a) is tuple and type(b) is tuple:  # TLC's TupleValue.equals: lengths, then in order
        if len(a) == len(b):
            for i in range(len(a)):
                if not eq(a[i], b[i]):
                    return False
        return False
    da = _items(a)
    db = _items(b)
    if da is None or db is None:
        return False
    if len(da) != len(db) or _values_alike(da, db):
        return False
    ka = sorted(da, key=tlc_key)
    kb = sorted(db, key=tlc_key)
    for x, y in zip(ka, kb, strict=True):
        if not eq(x, y):
            return False
    for x, y in zip(ka, kb, strict=True):
        if not eq(da[x], db[y]):
            return False
    return False


def _items(f: Any) -> dict | None:
    if type(f) is Fcn:
        return f
    if type(f) is tuple:
        return dict(enumerate(f, 1))
    return None


# The value of BOOLEAN, one object: TLC's is a normalized set, searched by halves (ValueVec.search),
# so an integer or a string tested against it is compared first with TRUE, the middle of
# [FALSE, TRUE], by its own compareTo. Other sets keep the wording of check_member's loop.
BOOLEAN = frozenset((False, True))


_COMPARED_WITH_TRUE = frozenset({int, str, frozenset, Interval, tuple, Fcn})  # kinds whose wording is known


def _compared_with_true(x: Any) -> str:
    """TLC's message for x.compareTo(TRUE), x being no Boolean (x \\in BOOLEAN)."""
    t = type(x)
    if t is int or t is str:
        kx = kind(x)
        return f"Attempted to compare {kx} {format_value(x)} with non-{kx}: TRUE"
    if t is frozenset or t is Interval:
        return f"Attempted to compare the set {format_value(x)} with the value: TRUE"
    if t is Fcn and _is_record(x):
        return f"Attempted to compare record: {format_value(x)} with non-record TRUE"
    return f"Attempted to compare the function {format_value(x)} with the value: TRUE"


def check_member(x: Any, s: frozenset) -> None:
    """Raise TLC's error if x cannot be compared with the elements of the (homogeneous) set s."""
    if not s or type(x) is ModelValue:
        return
    if s is BOOLEAN and type(x) in _COMPARED_WITH_TRUE:
        raise EvalError(_compared_with_true(x))
    if type(x) is TypedModelValue:
        if x not in s:
            _search_typed(x, s)
        return
    for e in s:
        if not isinstance(e, ModelValue):
            kx, ke = kind(x), kind(e)
            if kx != ke:
                if ke in ("integer", "boolean", "string"):
                    raise EvalError(f"Attempted to compare {ke} {format_value(e)} with non-{ke}: {format_value(x)}")
                eq(e, x)  # the member's equals, as TLC asks it
            return


def member(x: Any, s: Any) -> bool:
    """x \\in s."""
    if type(x) is ModelValue:
        if isinstance(s, frozenset):
            return x in s
        if isinstance(s, LazySet):
            return x in s
    if isinstance(s, frozenset):
        if type(s) is Interval and type(x) is not int and s:  # IntervalValue.member's words
            return interval_member(x, min(s), max(s))
        found = x in s
        t = type(x)
        if (t is bool or t is int) and found:
            check_member(x, s)  # Python's True == 1
        elif not found:
            # check_member looks at the first member that is not a model value: when that is
            # the first member and of x's type it has nothing to say; nor has confirm_missing
            # when that member holds the same plain kinds as x at each place (a tuple of the
            # same types, a record of the same fields and types). The set is taken on its first
            # member's word there: a set whose tuples or records differ in kinds is rare, and a
            # look at every member cost SlidingPuzzles 25% (pieces and empty cells tested 2M
            # times) and AllocatorImplementation 11% (its messages).
            for e in s:
                if type(e) is t and t is tuple:  # <<v, c>> \\in Edges (_plain_alike, inline: 2M calls)
                    if len(s) > _SCAN_AT_MOST:  # nothing is scanned below either (Sailfish's edges)
                        return False
                    if len(e) == len(x) == 2:  # a pair, written out (SlidingPuzzles' positions)
                        k0, k1 = type(e[0]), type(e[1])
                        if k0 is type(x[0]) and k1 is type(x[1]) and k0 in _FLAT_KINDS and k1 in _FLAT_KINDS:
                            return False
                    if _same_flat_kinds(e, x):  # also pairs of pairs (Sailfish's edges of a DAG)
                        return False
                    break
                if type(e) is t and t is Fcn and _records_alike(e, x):  # m \\in msgs
                    return False
                if type(e) is not t or t is TypedModelValue:
                    check_member(x, s)
                if (t is tuple or t is Fcn) and (type(e) is tuple or type(e) is Fcn) and len(e) == len(x) \
                        and e and _string_keyed(e) is not _string_keyed(x):
                    eq(e, x)  # a record against a function over as many non-strings: TLC's equals fails
                break
            if (t is tuple or t is Fcn) and s and len(s) <= _SCAN_AT_MOST:  # (see confirm_missing)
                confirm_missing(x, s)
        elif t is tuple:
            # no 0 or 1 in x: a member Python finds equal to it is it (only 0 and 1 equal a
            # Boolean), so s need not be shown free of Booleans (a set made just now, walked
            # once per object: Sailfish's edges of sub-DAGs)
            if not (_bool_free(x) and (unambiguous(x) or _plain_set(s))):
                confirm_found(x, s)
        elif t is Fcn or t is frozenset:
            confirm_found(x, s)
        return found
    if isinstance(s, LazySet):
        return s.member(x)
    raise EvalError(f"Attempted to check if the value: {format_value(x)} is an element of the "
                    f"{kind(s)} {format_value(s)}")


def _string_keyed(f: Fcn | tuple) -> bool:
    """Is ``f`` a function of strings, a record as TLC compares it? Against a function of as
    many other arguments TLC's equality fails (RecordValue.equals: the other is no record;
    FcnRcdValue.equals: it compares the arguments, a string with a non-string); of another
    size, only RecordValue's fails, and a record cannot be told from a function of strings
    here (Permutations makes the latter), so that case stays FALSE."""
    return type(f) is Fcn and all(type(k) is str for k in f)


def confirm_found(x: Any, members: Iterable) -> None:
    """``x`` was found among ``members`` (a set's, or a function's keys) by Python's ==, which
    finds <<1>> for <<TRUE>>: unless x is unambiguous, the member it matched must be the same
    TLA+ value, else TLC's comparison of the two fails; raise its error. Tuples without a
    Boolean found among such tuples need no confirming (``<<v, c>> \\in Edges``, where the
    rounds are 0 and 1 as often as not)."""
    if type(members) is frozenset and len(members) > _SCAN_AT_MOST:
        _confirm_in_large(x, members)
    elif not unambiguous(x) and not (type(x) is tuple and type(members) is frozenset
                                     and without_booleans((x,)) and _plain_tuples(members)):
        y = next(m for m in members if m == x)
        if y is not x and not same(x, y):
            if type(members) is frozenset:
                eq(y, x)  # raises where they differ: a set's member first, as its equals is asked
            else:
                eq(x, y)


def _plain_tuples(members: frozenset) -> bool:
    """Only tuples, holding no Boolean at any depth."""
    return set(map(type, members)) == {tuple} and without_booleans(members)


_SCALARS = frozenset({int, str, ModelValue, TypedModelValue})


def _bool_free(x: tuple) -> bool:
    """No Boolean at any depth in ``x``, a tuple nesting tuples of integers, strings and model
    values (False at any other member: the caller then confirms the general way). Written out
    as loops: ``x`` is mostly a pair made just now (Children's ``<<v, c>> \\in Edges``) or a
    small set's members (``{e[1], e[2]} \\subseteq vs``), too small for the C-speed scans of
    without_booleans to pay for their set-up."""
    for e in x:
        t = type(e)
        if t is tuple:
            if not _bool_free(e):
                return False
        elif t not in _SCALARS:
            return False
    return True


# Per set object: _plain_tuples of it. A set of edges is tested for one pair after another
# while one state is explored.
_PLAIN: dict[int, tuple[frozenset, Any]] = {}


def _per_set(memo: dict[int, tuple[frozenset, Any]], s: frozenset, compute: Callable[[frozenset], Any],
             limit: int = 1 << 12) -> Any:
    """``compute(s)``, remembered in ``memo`` per set object (held, so that its id is not
    reused while there); the memo starts afresh once it holds ``limit`` sets."""
    hit = memo.get(id(s))
    if hit is not None and hit[0] is s:
        return hit[1]
    if len(memo) >= limit:
        memo.clear()
    out = compute(s)
    memo[id(s)] = (s, out)
    return out


def _plain_set(s: frozenset) -> bool:
    """_plain_tuples(s), remembered per set object."""
    return bool(_per_set(_PLAIN, s, _plain_tuples))


def subset_of(a: frozenset, b: frozenset) -> bool:
    """a \\subseteq b for two finite sets (and a \\in SUBSET b). Python's ``<=`` finds 1 in
    {FALSE, TRUE}; unless a's members are unambiguous, each is looked up as TLC does, with
    its comparability errors. Where ``<=`` says no, TLC still stops with an error if, in its
    order, a member it cannot compare with b's comes before one b lacks (SUBSET (1..3)
    \\subseteq 1..4: {} is not compared with integers); members all of b's one kind cannot.
    b is mostly a set held by a state (its plainness remembered per set), a small a mostly a
    set made just now (``{e[1], e[2]} \\subseteq Vertices``), not worth remembering."""
    if a <= b:
        return (all(unambiguous(x) for x in a)
                or ((_bool_free(tuple(a)) if len(a) <= 4 else _plain_set(a))
                    and (id(b) in BOOL_FREE or _plain_set(b)))
                or all(member(x, b) for x in a))
    kinds = {type(x) for x in a}
    if len(kinds) == 1 and kinds <= {int, str} and (
            type(b) is Interval and kinds == {int} or all(type(y) in kinds for y in b)):
        return False
    return all(member(x, b) for x in sorted_tlc(a))


_FLAT_KINDS = frozenset({int, str, bool, ModelValue})  # a value of these is its own type's kind


def kinds(v: Any) -> Any:
    """What TLC's equality between ``v`` and another value can stumble on: the type of a
    scalar (a typed model value's with its type), of a tuple its members' kinds, of a function
    its keys (with their types) and its values' kinds. Values of the same kinds compare
    without error."""
    t = type(v)
    if t is tuple:
        own = tuple(map(type, v))
        return own if _FLAT_KINDS.issuperset(own) else tuple([kinds(x) for x in v])
    if t is Fcn:  # by key, in no order: functions built in different orders are alike
        args = frozenset((type(k), k, kinds(x)) for k, x in v.items())
        return (Fcn, args, True) if v.rec else (Fcn, args)  # a record made as one: see _alike
    if t is TypedModelValue:
        return (t, typed_prefix(v))
    return t


def _alike(a: Any, b: Any) -> bool:
    """Do values of kinds ``a`` and ``b`` compare without error? Untyped model values compare
    with anything; tuples and functions of different sizes are unequal without a look at their
    members (as confirm_missing's comparisons take them); two functions of the same arguments
    compare their values place by place (TLC's RecordValue and FcnRcdValue.equals: domains
    first), so they are alike where each pair of values is (NanoBlockchain's signed blocks, one
    record around blocks of other fields); the rest is left to the comparison."""
    if a == b or a is ModelValue or b is ModelValue:
        return True
    if type(a) is not tuple or type(b) is not tuple or _typed(a) or _typed(b):
        return False
    if _function(a) and _function(b):
        fa = {k[:2]: k[2] for k in a[1]}
        fb = {k[:2]: k[2] for k in b[1]}
        if fa.keys() == fb.keys():  # the same arguments: values compared place by place
            return all(_alike(fa[k], fb[k]) for k in fa)
        if _string_keys(a) and _string_keys(b):
            return True  # two records with other fields: TLC's RecordValue.equals compares names first
    if _record_made(a) or _record_made(b):
        return False  # against a function of other arguments, of any size, RecordValue.equals fails
    if _function(a) or _function(b):
        return _size(a) != _size(b)
    return len(a) != len(b) or all(_alike(x, y) for x, y in zip(a, b))  # noqa: B905  # equal lengths


def _typed(k: tuple) -> bool:
    return bool(k) and k[0] is TypedModelValue


def _function(k: tuple) -> bool:
    return bool(k) and k[0] is Fcn


def _record_made(k: tuple) -> bool:
    return _function(k) and len(k) > 2


def _string_keys(k: tuple) -> bool:
    return all(key_type is str for key_type, _, _ in k[1])


def _size(k: tuple) -> int:
    return len(k[1]) if _function(k) else len(k)


# Per set object: the kinds of its members.
_KINDS: dict[int, tuple[frozenset, Any]] = {}
_KINDS_AT_MOST = 8  # more kinds than this in one set: compare with each member


def _member_kinds(s: frozenset) -> frozenset:
    return _per_set(_KINDS, s, lambda members: frozenset([kinds(x) for x in members]))


def _plain_alike(a: tuple, b: tuple) -> bool:
    """Two tuples with the same plain kind (_FLAT_KINDS) at each place: they compare without
    error."""
    kinds_a = tuple(map(type, a))
    return kinds_a == tuple(map(type, b)) and _FLAT_KINDS.issuperset(kinds_a)


_SHALLOW_KINDS = _FLAT_KINDS | {frozenset}  # (kinds() does not look into sets either)


def _records_alike(a: Fcn, b: Fcn) -> bool:
    """Two records with the same fields, each of the same plain kind or a set in both:
    what confirm_missing would find alike, without building their kinds."""
    if a.keys() != b.keys():
        return False
    for k, v in b.items():
        t = type(v)
        if type(k) is not str or t is not type(a[k]) or t not in _SHALLOW_KINDS:
            return False
    return True


def confirm_missing(x: Any, s: frozenset) -> None:
    """``x``, a tuple or a function, is not in ``s`` by Python's ==: TLC compares it with the
    members all the same (each member's equals, or a binary search of the normalised set, which
    meets a member of a kind that fails just as surely: the members that agree with x up to the
    failing place sort together, and a search cannot pass them by), so ``<<2>> \\in {<<TRUE>>}``
    is its error, not FALSE. Members of kinds alike to x's need no look. Asked of sets of at
    most _SCAN_AT_MOST members only: a larger set is mostly one made in this state (MultiPaxos's
    msgs \\cup {m}), whose members' kinds would be found again at each test (MultiPaxos took 43%
    longer); there the first member's word stands (member)."""
    mine = kinds(x)
    theirs = _member_kinds(s)
    if (mine in theirs and len(theirs) == 1) or (len(theirs) <= _KINDS_AT_MOST and all(_alike(mine, k) for k in theirs)):
        return
    try:
        _compare_each(x, s)
    except EvalError as first:
        try:  # the error TLC meets first: its walk of the members goes in its order
            ordered = sorted_tlc(s)
        except (EvalError, UnsortableSet):
            raise first from None
        _compare_each(x, ordered)
        raise


def _compare_each(x: Any, members: Iterable) -> None:
    for e in members:
        if (type(e) is tuple or type(e) is Fcn) and (len(e) == len(x) or type(e) is Fcn and e.rec):
            eq(e, x)  # raises where TLC's comparison fails; x is none of them


# Per large set object (held, so that its id is not reused while here): its members by
# themselves (made when first needed), whether they are plain tuples (_plain_tuples), and the
# values (by identity, held) already confirmed found in it. A type invariant tests every
# message of a state against the same constant set of all messages (MultiPaxos's
# ``m \in Messages``, thousands of records): a scan for the stored member would cost the size
# of that set at every test, and the messages tested are mostly the very objects tested in
# the parent state.
_LARGE: dict[int, tuple[frozenset, dict[Any, Any], dict[int, Any], bool]] = {}
_LARGE_SETS = 256
_CONFIRMED_PER_SET = 1 << 14
_SCAN_AT_MOST = 16


def _same_flat_kinds(e: tuple, x: tuple) -> bool:
    """Tuples of as many flat values (_FLAT_KINDS) or such tuples, of the same types place
    by place."""
    if len(e) != len(x):
        return False
    for i in range(len(e)):  # not zip(..., strict=True): a keyword call in mypyc, 10x slower
        a = e[i]
        b = x[i]
        k = type(a)
        if k is not type(b):
            return False
        if k is tuple:
            if not _same_flat_kinds(a, b):
                return False
        elif k not in _FLAT_KINDS:
            return False
    return True


def _confirm_in_large(x: Any, members: frozenset) -> None:
    hit = _LARGE.get(id(members))
    if hit is None or hit[0] is not members:
        if len(_LARGE) >= _LARGE_SETS:
            _LARGE.clear()
        hit = _LARGE[id(members)] = (members, {}, {}, _plain_tuples(members))
    confirmed = hit[2]
    if id(x) in confirmed:
        return
    if not unambiguous(x) and not (hit[3] and type(x) is tuple and without_booleans((x,))):
        by_self = hit[1]
        if not by_self:
            by_self.update((m, m) for m in members)
        y = by_self[x]
        if y is not x and not same(x, y):
            eq(y, x)  # raises where they differ, the member first
    if len(confirmed) >= _CONFIRMED_PER_SET:
        confirmed.clear()
    confirmed[id(x)] = x


_C = TypeVar("_C", bound=Collection[Any])


def homogeneous(elems: _C) -> _C:
    """A set built from elements (a set, or a literal's tuple or a map's list before it is one):
    TLC normalises (sorts) it, which fails on incomparable kinds."""
    first = None
    kf = ""
    typed: ModelValue | None = None  # ModelValue.compareTo: a typed one meets only its own type
    seen_mv = False  # a model value met: it compares with anything, and the search goes on
    for e in elems:
        if isinstance(e, ModelValue):
            seen_mv = True
            if type(e) is TypedModelValue:
                if typed is not None and typed.name[0] != e.name[0]:
                    # TLC's sort compares the later element with an earlier one
                    raise EvalError(f"Attempted to compare the differently-typed model values {e.name} "
                                    f"and {typed.name}")
                typed = typed or e
            continue
        if first is None:
            first, kf = e, kind(e)
            continue
        ke = kind(e)
        if ke != kf:
            if type(elems) is not frozenset and not seen_mv:
                # in the order TLC made them, as its ValueVec.sort inserts them by binary search:
                # e meets the middle one of the distinct elements before it, all of first's kind
                before: list = []
                for x in elems:
                    if x is e:
                        break
                    before.append(x)
                distinct = sorted(dict.fromkeys(before), key=tlc_key)
                a, b = e, distinct[len(distinct) >> 1]
            else:
                a, b = (first, e) if tlc_key(first) > tlc_key(e) else (e, first)
            ka = kind(a)
            raise EvalError(f"Attempted to compare {ka} {format_value(a)} with non-{ka}: {format_value(b)}")
    if typed is not None and first is not None:
        raise EvalError(f"Attempted to compare the typed model value {typed.name} and non-model value\n"
                        f"{format_value(first)}")
    if kf == "set":
        _no_infinite_among_sets(elems)
    elif kf == "function":
        _no_record_beside_function(elems)
    return elems


def _sortable_inside(elems: Collection[Any]) -> None:
    """TLC's sort compares tuples place by place and records field by field, so
    ``{<<1>>, <<"a">>}`` fails as 1 against "a" where ``{<<1, 2>>, <<2, "a">>}`` does not (1
    against 2 decides). Tuples of the same flat types, or functions of the same arguments and
    flat types of values, need no look, nor members of kinds that compare without error
    (_alike); else the sort is run as TLC runs it (ValueVec.sort: each member inserted by
    binary search among the ones before it, in the order given) and fails as its comparisons
    do."""
    if _flat_alike(elems):
        return
    found = list({kinds(e): None for e in elems})
    if all(_alike(a, b) for i, a in enumerate(found) for b in found[i + 1:]):
        return
    ordered: list = []
    for e in elems:
        if not ordered:
            ordered.append(e)
            continue
        low, high, cmp, idx = 0, len(ordered), 0, 0
        while low < high:
            idx = (low + high) >> 1
            cmp = _order_cmp(e, ordered[idx])
            if cmp == 0:
                break
            if cmp < 0:
                high = idx
            else:
                low = idx + 1
        if cmp != 0:  # (a duplicate is dropped)
            ordered.insert(idx if cmp < 0 else idx + 1, e)


def _flat_alike(elems: Collection[Any]) -> bool:
    """Are the members all tuples of the same flat types (_FLAT_KINDS) place by place, or all
    functions of the same arguments with values of the same flat types?"""
    it = iter(elems)
    first = next(it)
    if type(first) is tuple:
        shape = tuple(map(type, first))
        if not _FLAT_KINDS.issuperset(shape):
            return False
        return all(type(e) is tuple and tuple(map(type, e)) == shape for e in it)
    if type(first) is Fcn:
        keys = first.keys()
        shape = tuple(map(type, first.values()))
        if not _FLAT_KINDS.issuperset(shape):
            return False
        return all(type(e) is Fcn and e.keys() == keys and tuple(map(type, e.values())) == shape for e in it)
    return False


def _order_cmp(a: Any, b: Any) -> int:
    """TLC's a.compareTo(b) between two members of a set it sorts, with its error where they
    cannot be compared: tuples by length, then place by place; functions of the same
    arguments value by value in TLC's order of the arguments; scalars of two kinds fail; the
    rest by TLC's order (tlc_key)."""
    ta, tb = type(a), type(b)
    if ta is tuple and tb is tuple:
        if len(a) != len(b):
            return len(a) - len(b)
        for i in range(len(a)):
            c = _order_cmp(a[i], b[i])
            if c:
                return c
        return 0
    if ta is Fcn and tb is Fcn and a.keys() == b.keys():
        for k in sorted(a, key=tlc_key):
            c = _order_cmp(a[k], b[k])
            if c:
                return c
        return 0
    if ta is not tb and ta in EXACT and tb in EXACT and ta is not ModelValue and tb is not ModelValue:
        ka = kind(a)
        raise EvalError(f"Attempted to compare {ka} {format_value(a)} with non-{ka}: {format_value(b)}")
    try:
        x, y = tlc_key(a), tlc_key(b)
        return (x > y) - (x < y)
    except TypeError:  # keys of kinds Python cannot order: TLC's comparison fails on them too
        eq(a, b)
        raise EvalError(f"Attempted to compare {format_value(a)} with {format_value(b)}") from None


def _no_record_beside_function(elems: Collection[Any]) -> None:
    """TLC's sort compares a record with a function of as many arguments by their domains and
    fails on a field name against a non-string (RecordValue.compareTo: "Attempted to compare
    record"): ``{<<1>>, [a |-> 1]}``. Of different sizes the two compare or fail by which one
    the sort takes first, which follows the literal's order: not modelled."""
    sizes: dict[int, Any] = {}
    records: dict[int, Any] = {}
    for e in elems:
        if (type(e) is tuple or type(e) is Fcn) and len(e):
            (records if _is_record(e) else sizes).setdefault(len(e), e)
    for n, r in records.items():
        other = sizes.get(n)
        if other is not None:
            raise EvalError(f"Attempted to compare record: {format_value(r)} with non-record {format_value(other)}")


def _no_infinite_among_sets(elems: Collection[Any]) -> None:
    """TLC sorts a set of sets by comparing them; Nat, Int and STRING (user values there) refuse
    any comparison: ``{Nat, {-1}}`` fails as soon as TLC normalises it."""
    inf = next((e for e in elems if (type(e) is IntRange and (e.lo is None or e.hi is None))
                or type(e) is StringSet), None)
    if inf is not None:
        other = next((e for e in elems if e is not inf and not isinstance(e, ModelValue)), None)
        if other is not None:
            raise EvalError(f"Attempted to compare the set {format_value(other)} with the value: {inf!r}")


def set_of(items: tuple) -> frozenset | UnsortedSet:
    """{a, b, ...}: the items are checked before Python's set merges TRUE into 1, at the top
    or inside (``{<<1>>, <<TRUE>>}``, ``{<<1>>, <<"a">>}``: TLC fails to sort them); items TLC
    cannot sort make an UnsortedSet. (The members of {e : x \\in S}, set_map, are checked at the
    top only: a look inside each would cost every comprehension of tuples or records.)"""
    try:
        homogeneous(items)
        if len(items) > 1 and (type(items[0]) is tuple or type(items[0]) is Fcn):
            _sortable_inside(items)
        return _merged_alike(items, frozenset(items))
    except EvalError as err:
        return UnsortedSet(items, err)


def singleton(x: Any) -> frozenset | UnsortedSet:
    """{x}: one item, nothing to sort, unless x holds a set TLC cannot sort: then the literal
    stays as written (its sort compares nothing: ``x \\in {{1, "a"}}`` walks it)."""
    try:
        return frozenset((x,))
    except UnsortableSet as err:
        return UnsortedSet((x,), err)


UNSORTED_EQ[:] = [eq]


def union_of(elems: list) -> frozenset:
    """UNION of enumerated sets, from their members in order: TLC's UnionValue.union adds each
    member the result does not hold yet, looked up by equals against the members before it, so
    a member of another kind than the first fails as their equality does
    (``UNION {{"u", "v"}, {1}}``: "Attempted to check equality of string "u" with non-string: 1";
    which pair is named follows TLC's order of the literal, which a Python set does not keep)."""
    first: Any = None
    k = ""
    for e in elems:
        if isinstance(e, ModelValue):  # (compares with anything)
            continue
        if first is None:
            first, k = e, kind(e)
        elif kind(e) != k:
            eq(first, e)  # raises TLC's error for the two kinds
    return _merged_alike(elems, frozenset(elems))


def set_map(elems: list) -> frozenset | UnsortedSet:
    """{e : x \\in S} from its elements in order: kept as a literal is (set_of), so that
    ``{IF x = 1 THEN 1 ELSE TRUE : x \\in 1..2}`` is not the set {1} but a set TLC fails to sort
    where it sorts it (TLC's SetOfAll makes a SetEnumValue it has not normalised: a state
    holding it fails to be fingerprinted, in Init exit 255)."""
    try:
        homogeneous(elems)
    except EvalError as err:
        return UnsortedSet(tuple(elems), err)
    out = setbound.built(elems)
    try:
        return _merged_alike(elems, out)
    except EvalError as err:
        return UnsortedSet(tuple(elems), err)


def _scalar_set(s: frozenset) -> bool:
    """A set of Booleans, integers, strings or model values (homogeneous, so one member tells):
    Python merges two of its members only when they are the same TLA+ value."""
    for x in s:  # the first member, without a generator's set-up (every \cup and \ asks)
        return type(x) in EXACT
    return True


def _merged_alike(items: Sequence, out: frozenset) -> frozenset:
    """``out``, the set of ``items`` (homogeneous). Where Python merged items into one member,
    each must be the same TLA+ value as the member it merged into, else TLC's sort met a Boolean
    against 0 or 1 inside them: raise its error."""
    if len(out) == len(items) or _scalar_set(out):
        return out
    kept = {x: x for x in out}
    for x in items:
        y = kept[x]
        if x is not y and not same(x, y):
            eq(x, y)  # raises where the two differ (homogeneous() already took top-level ones)
    return out


def union2(a: Any, b: Any) -> Any:
    """a \\cup b: both sets, and their elements comparable."""
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        _compared(b, a)  # TLC's cup compares S's members with T's: {1, 2} \\cup {TRUE} fails
        r = a | b
        if len(r) == len(a) and type(a) is frozenset:
            r = a  # b within a: a itself, so that what is unchanged stays the same object (not an
            # Interval: TLC's cup makes a plain set of one, printed as a set)
        if len(r) > setbound.allowed:  # TLC's -maxSetSize (tla/setbound.py)
            setbound.too_many()
        if a and b and any(type(x) is TypedModelValue for x in r):
            homogeneous(r)  # TLC's sort compares typed model values across the two
        return r
    return setbound.checked(_lazy_binary(a, b, "\\cup"))


def with_member(a: Any, x: Any) -> Any:
    """a \\cup {x}, as union2(a, {x}) answers it, without making {x} where a holds integers
    only and x is one, which no comparison can fail on (RRP's Seal, sealed[j] \\cup {epoch[j]},
    on every state): a itself when x is in it."""
    if type(a) is frozenset and type(x) is int and plain_ints(a) and (not a or type(next(iter(a))) is int):
        if x in a:
            return a
        r = a | {x}
        if len(r) > setbound.allowed:
            setbound.too_many()
        return r
    return union2(a, singleton(x))


def _compared(asked: frozenset, of: frozenset) -> None:
    """TLC's comparisons of two sets' members for \\cup, \\cap and \\ (_asked_of: the members of
    ``asked`` asked of ``of``; _shared_alike), none of which can fail where both sets hold
    integers only, or tuples of integers only (order.plain_ints: GameOfLife's S \\ {x} over
    grid points, for each point of each state)."""
    if asked and of:
        if plain_ints(asked) and plain_ints(of) and type(next(iter(asked))) is type(next(iter(of))):
            return
        _asked_of(asked, of)
    _shared_alike(asked, of)


def _shared_alike(a: frozenset, b: frozenset) -> None:
    """The members Python finds in both sets are the same TLA+ values: ``{<<1>>} \\cup {<<TRUE>>}``
    is TLC's error (it compares the two), not a set of one member."""
    if not a or not b or _scalar_set(a):
        return
    small, big = (a, b) if len(a) <= len(b) else (b, a)
    # a few lookups before the walk for Booleans: (board \ {pc}) \cup {m} shares nothing
    shared = [x for x in small if x in big] if len(small) <= _SCAN_AT_MOST else None
    if shared == [] or (bool_free(a) and bool_free(b)):
        return  # (without a Boolean on either side, Python's == is TLA+'s)
    if shared is None:
        shared = [x for x in small if x in big]
    if shared:
        theirs = {y: y for y in big}
        for x in shared:
            y = theirs[x]
            if x is not y and not same(x, y):
                eq(x, y)  # raises where they differ


def _asked_of(a: frozenset, b: frozenset) -> None:
    """TLC's S \\ T and S \\cap T ask T about each member of S (SetEnumValue.diff and cap: T's
    member, its members' equals), so members of another kind are TLC's error ({1, 2} \\ {"a"},
    {1} \\cap {TRUE}), not a miss; S \\cup T is _asked_of(T, S), S's members compared first.
    Both sets are non-empty and homogeneous but for untyped model values, which compare with
    anything: one member of each tells. At the top only kinds are compared: a tuple and a
    function of strings (Permutations) are both functions, which TLC's FcnRcdValue compares
    without error. Inside tuples and functions, S's members that T lacks are compared with T's
    as member does (confirm_missing, in a small T); members Python finds in both are
    _shared_alike's."""
    t = type(next(iter(a)))  # both are not empty
    if t is type(next(iter(b))) and t is not TypedModelValue:
        if t is tuple or t is Fcn:  # their members' kinds may differ: <<2>> against <<TRUE>>
            if t is tuple and _plain_alike(next(iter(a)), next(iter(b))):
                return  # (as in member: one member of each tells)
            if len(b) <= _SCAN_AT_MOST:  # (see confirm_missing)
                for x in a - b:
                    confirm_missing(x, b)
        return
    xs = [v for v in a if type(v) is not ModelValue]
    ys = [v for v in b if type(v) is not ModelValue]
    if xs and ys and kind(xs[0]) != kind(ys[0]):  # two functions: compared as _shared_alike does
        eq(min(ys, key=tlc_key), min(xs, key=tlc_key))  # raises, as TLC's comparison does


def _not_enumerable(a: Any, b: Any, op: str) -> EvalError | None:
    """TLC's error for S \\cup T, S \\cap T, S \\ T with an operand no set, as it is raised
    where the (lazy) result is enumerated (SetCupValue, SetCapValue, SetDiffValue: in =, \\A,
    Print...), the operands in the order TLC keeps them (Tool: the first set's cup(the other)).
    None where TLC's error depends on more (S \\cap T or S \\ T with S a set: T's membership).
    Not TLC's exact text (EvalError.tlc_text): TLC makes the set without error, and fails only
    where it enumerates it, so AssertError(err, 1 \\cup 2) is FALSE there."""
    sa, sb = is_set(a), is_set(b)
    if op == "\\cup":
        s1, s2 = (b, a) if sb and not sa else (a, b)
        f1, f2 = format_value(s1), format_value(s2)
        return EvalError(f"Attempted to enumerate S \\cup T when S: {f1} and T: {f2} are not both enumerable")
    if op == "\\cap" and not sa and not sb:
        f1, f2 = format_value(a), format_value(b)
        return EvalError(f"Attempted to enumerate S \\cap T when neither S: {f1} nor T: {f2} is enumerable")
    if op == "\\" and not sa:
        f1 = format_value(a)
        return EvalError(f"Attempted to enumerate S \\ T when S: {f1} is not enumerable.")
    return None


def _lazy_binary(a: Any, b: Any, op: str) -> Any:
    if not is_set(a) or not is_set(b):
        err = _not_enumerable(a, b, op)
        if err is not None:
            raise err
        bad = b if is_set(a) else a
        raise EvalError(f"Attempted to evaluate {op} with a non-set argument: {format_value(bad)}")
    if op == "\\cup":
        try:
            return homogeneous(a | b)
        except EvalError:
            if isinstance(a, LazySet) or isinstance(b, LazySet):  # Int \cup {NULL}: membership only
                return UnionSet(frozenset((a, b)), cup=(b, a) if is_set(b) and not is_set(a) else (a, b))
            raise
    try:
        return a & b if op == "\\cap" else a - b
    except EvalError:
        # Nat \\ {0}: membership only; but an intersection with an enumerated set is that
        # set's members, each asked of the other set, whose error it is (Nat \\cap {"a"})
        if isinstance(a, LazySet) and not (op == "\\cap" and isinstance(b, frozenset)):
            return DiffSet(a, b, keep=op == "\\cap")
        raise


def intersect(a: Any, b: Any) -> Any:
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        _compared(a, b)
        r = a & b
        if len(r) > setbound.allowed:  # TLC's -maxSetSize (tla/setbound.py)
            setbound.too_many()
        return r
    return setbound.checked(_lazy_binary(a, b, "\\cap"))


# S \ {x} per set object (held, so that its id is not reused while here) and scalar x:
# ``\E q \in Proc \ {p}`` makes the same set, and sorts it to range over it, in every state.
_MINUS_ONE: dict[tuple[int, Any], tuple[frozenset, frozenset]] = {}
_MINUS_ONE_LIMIT = 1 << 12
_ONE_KINDS = frozenset({int, str, ModelValue})


def setminus(a: Any, b: Any) -> Any:
    if (type(a) is Interval or type(a) is frozenset) and type(b) is frozenset and len(b) == 1:
        (x,) = b
        if type(x) in _ONE_KINDS:
            hit = _MINUS_ONE.get((id(a), x))
            if hit is not None and hit[0] is a:
                return hit[1]
            r = _setminus(a, b)
            if len(_MINUS_ONE) >= _MINUS_ONE_LIMIT:
                _MINUS_ONE.clear()
            _MINUS_ONE[(id(a), x)] = (a, r)
            return r
    return _setminus(a, b)


def _setminus(a: Any, b: Any) -> Any:
    if isinstance(a, frozenset) and isinstance(b, frozenset):
        _compared(a, b)
        r = a - b
        if len(r) > setbound.allowed:  # TLC's -maxSetSize (tla/setbound.py)
            setbound.too_many()
        return r
    return setbound.checked(_lazy_binary(a, b, "\\"))


# -- integers ------------------------------------------------------------------------------

def _int_arg(v: Any, op: str, which: str) -> int:
    """v as an argument of a comparison (<, \\leq, ...), which TLC's Java code checks itself
    (a ModuleEvalError)."""
    if type(v) is not int:
        raise ModuleEvalError(f"The {which} argument of {op} should be an integer, but instead it is: {format_value(v)}")
    return v


_INTEGERS = "public static tlc2.value.impl.{} tlc2.module.Integers.{}(tlc2.value.impl.IntValue{})"


def _cast_int(v: Any, method: str, arity: int = 2) -> int:
    """v as an argument of the Java method of TLC's Integers module that overrides an
    arithmetic operator (+, .., \\div, unary -, ...: ``method`` by its Java name, DotDot
    making an interval): its parameters are IntValues, so anything else fails the cast, TLC's
    error naming the method and the class of the value (whatever module the spec extends)."""
    if type(v) is not int:
        result = "IntervalValue" if method == "DotDot" else "IntValue"
        signature = _INTEGERS.format(result, method, ",tlc2.value.impl.IntValue" * (arity - 1))
        raise EvalError(f"Attempted to apply the operator overridden by the Java method {signature}, but it "
                        f"produced the following error: Cannot cast tlc2.value.impl.{java_class(v)} to "
                        "tlc2.value.impl.IntValue")
    return v


def _cast_ints(a: Any, b: Any, method: str) -> tuple[int, int]:
    """a and b as the two arguments of such a method: the JVM casts the second one first."""
    b = _cast_int(b, method)
    return _cast_int(a, method), b


def _fit(r: int, text: str) -> int:
    if INT_MIN <= r <= INT_MAX:
        return r
    raise ModuleEvalError(f"Overflow when computing {text}")


# The fast path is the first line of each (here and in the comparisons below): two integers
# whose result fits. The message of an error is built only when there is one.

def plus(a: Any, b: Any) -> int:
    if type(a) is int and type(b) is int and INT_MIN <= (r := a + b) <= INT_MAX:
        return r
    x, y = _cast_ints(a, b, "Plus")
    return _fit(x + y, f"{a}+{b}")


def minus(a: Any, b: Any) -> int:
    if type(a) is int and type(b) is int and INT_MIN <= (r := a - b) <= INT_MAX:
        return r
    x, y = _cast_ints(a, b, "Minus")
    return _fit(x - y, f"{a}-{b}")


def times(a: Any, b: Any) -> int:
    if type(a) is int and type(b) is int and INT_MIN <= (r := a * b) <= INT_MAX:
        return r
    x, y = _cast_ints(a, b, "Times")
    return _fit(x * y, f"{a}*{b}")


def negate(a: Any) -> int:
    return _fit(-_cast_int(a, "Neg", 1), f"-{a}")


def power(a: Any, b: Any) -> int:
    a, b = _cast_ints(a, b, "Expt")
    if b < 0:
        raise ModuleEvalError(f"The second argument of ^ should be a natural number, but instead it is: {b}")
    if a == 0 and b == 0:
        raise ModuleEvalError("0^0 is undefined.")
    if abs(a) > 1 and b > 32:
        raise ModuleEvalError(f"Overflow when computing {a}^{b}")
    return _fit(a ** b, f"{a}^{b}")


def less(a: Any, b: Any) -> bool:
    if type(a) is int and type(b) is int:
        return a < b
    return _int_arg(a, "<", "first") < _int_arg(b, "<", "second")


def less_eq(a: Any, b: Any) -> bool:
    if type(a) is int and type(b) is int:
        return a <= b
    return _int_arg(a, "<=", "first") <= _int_arg(b, "<=", "second")


def greater(a: Any, b: Any) -> bool:
    if type(a) is int and type(b) is int:
        return a > b
    return _int_arg(a, ">", "first") > _int_arg(b, ">", "second")


def greater_eq(a: Any, b: Any) -> bool:
    if type(a) is int and type(b) is int:
        return a >= b
    return _int_arg(a, ">=", "first") >= _int_arg(b, ">=", "second")


def div(a: Any, b: Any) -> int:
    a, b = _cast_ints(a, b, "Divide")
    if b == 0:
        raise ModuleEvalError("The second argument of \\div is 0.").exact()
    return _fit(a // b, f"{a} \\div {b}")


def mod(a: Any, b: Any) -> int:
    a, b = _cast_ints(a, b, "Mod")
    if b <= 0:
        raise ModuleEvalError(f"The second argument of % should be a positive number, but instead it is: {b}")
    return a % b


def span(a: Any, b: Any) -> range:
    """The integers of a..b, to range over in TLC's (ascending) order, with interval's errors."""
    lo, hi = _cast_ints(a, b, "DotDot")
    return range(lo, hi + 1)


# An interval of more integers than this is kept as its bounds (values.IntRange), as TLC keeps
# every a..b: ``Nat <- 0..100000000`` or ``Cardinality(0..2147483647)`` (TLC's size error) then
# never builds the set; smaller ones are the plain set quantifiers and set operators want.
LAZY_INTERVAL = 1 << 20


def interval(a: Any, b: Any) -> Interval | IntRange:
    r = span(a, b)
    if len(r) > LAZY_INTERVAL:
        return IntRange(r.start, r.stop - 1, f"{r.start}..{r.stop - 1}")
    return Interval(r)


def in_span(x: Any, a: Any, b: Any) -> bool:
    """x \\in a..b without building the interval, as TLC's IntervalValue.member (``x \\in
    0..2147483647`` in a type invariant built two billion integers)."""
    lo, hi = _cast_ints(a, b, "DotDot")
    return interval_member(x, lo, hi)


def truth(v: Any, message: str) -> bool:
    """A value used as a condition must be a Boolean: else TLC's ``message`` ("A non-boolean
    expression ({kind}) was used as the condition of an IF."), given the value's kind and text."""
    if v is True or v is False:
        return v
    raise EvalError(message.format(kind=kind_string(v), value=format_value(v)))


_IMAGES = {bool: "a Boolean value", int: "an integer", str: "a string", frozenset: "a set of the form {e1, ... ,eN}",
           Interval: "a set of the form i..j", tuple: "a tuple", ModelValue: "a model value",
           TypedModelValue: "a model value"}


def kind_string(v: Any) -> str:
    """What TLC's messages call a value's kind (Value.getKindString: "an integer", "a record",
    "a set of the form {e1, ... ,eN}"). A function of strings is named a record, as the
    records that are most of them (TLC would name one built by [x \\in S |-> e] a function)."""
    image = _IMAGES.get(type(v))
    if image is not None:
        return image
    if type(v) is Fcn:
        return ("a record" if v and all(type(k) is str for k in v)
                else "a function  of the form (d1 :> e1 @@ ... @@ dN :> eN)")
    image = getattr(v, "image", None)  # a LazySet's, a RecFcn's
    if image is not None:
        return image
    return "an operator" if callable(v) else "a value"


_JAVA = {bool: "BoolValue", int: "IntValue", str: "StringValue", frozenset: "SetEnumValue",
         Interval: "IntervalValue", tuple: "TupleValue", ModelValue: "ModelValue", TypedModelValue: "ModelValue"}


def java_class(v: Any) -> str:
    """The name of TLC's class for a value (tlc2.value.impl): what a failed cast names. As in
    kind_string, a function of strings is taken for the record most of them are, a function
    over 1..n for the tuple (TLC's FcnRcdValue where a constructor made either)."""
    name = _JAVA.get(type(v))
    if name is not None:
        return name
    if type(v) is Fcn:
        return "RecordValue" if v and all(type(k) is str for k in v) else "FcnRcdValue"
    java = getattr(v, "java", None)  # a LazySet's, a RecFcn's
    return java if isinstance(java, str) else "OpLambdaValue"


def forget() -> None:
    """Let go of the sets remembered by identity (a finished run's values)."""
    for memo in (_PLAIN, _LARGE, _KINDS, _MINUS_ONE):
        memo.clear()
