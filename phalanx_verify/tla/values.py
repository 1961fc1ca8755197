"""TLA+ values as immutable, hashable Python objects.

Booleans, integers and strings are Python's own; sets are frozensets; a function whose domain
is 1..n (a tuple or sequence, n >= 0) is a Python tuple, every other function or record is an
``Fcn``. This canonical form makes TLA+ equality Python equality (``<<1, 2>>`` equals
``[i \\in 1..2 |-> i]``), so states can be hashed and fingerprinted directly. Sets too large to
enumerate (Nat, SUBSET S, [S -> T], Seq(S)) are lazy: membership works, enumeration is done only
when it is finite and asked for.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import interning, setbound
from .errors import EvalError, JavaException, ModuleEvalError, SetSizeOverflow, StackOverflow, UnsortableSet
from .interning import key as _name_key
from .order import sorted_tlc, tlc_key
from .pprint import ppr
from .sameness import answered, same
from .valuetypes import Fcn, Interval, ModelValue, TypedModelValue

__all__ = ["ModelValue", "TypedModelValue", "Interval", "Fcn"]  # built on here, and named by most callers


def make_fcn(d: dict, keep_order: bool = False) -> Fcn | tuple:
    """Canonical function value for a mapping: a tuple when the domain is exactly 1..n."""
    n = len(d)
    if n == 0:
        return ()
    first = type(next(iter(d)))
    if first is int and all(type(k) is int for k in d) and min(d) == 1 and max(d) == n:
        return tuple(d[i] for i in range(1, n + 1))
    if first is str and n > 1 and not keep_order:
        # A function over strings is printed as a record, fields in TLC's order (a record
        # literal keeps the order it was written in; see format_value).
        return Fcn({k: d[k] for k in sorted(d, key=tlc_key)})
    return Fcn(d)


def fcn_domain(f: Any) -> frozenset:
    if type(f) is Fcn:
        d = f._dom
        if d is None:
            d = f._dom = frozenset(f)
        return d
    if type(f) is tuple:
        return Interval(range(1, len(f) + 1))
    from .compare import kind_string  # (compare builds on this module)

    raise EvalError(f"Attempted to apply the operator DOMAIN to a non-function ({kind_string(f)})")


def fcn_items(f: Any) -> Iterable[tuple[Any, Any]]:
    if type(f) is Fcn:
        return f.items()
    if type(f) is tuple:
        return enumerate(f, 1)
    raise EvalError(f"expected a function, got {format_value(f)}")


def fcn_as_dict(f: Any) -> dict:
    return dict(fcn_items(f))


# ---------------------------------------------------------------------------------------
# Lazy sets


_CACHE_SUBSETS_UP_TO = 16
_SHARE_SUBSETS_UP_TO = 10
_SHARED_SUBSETS_LIMIT = 1 << 16  # subsets held in all, over every base
_SHARED_SUBSETS: dict[frozenset, tuple[frozenset, tuple[frozenset, ...]]] = {}  # base -> (base, subsets)
_shared_count = [0]


def clear_shared_subsets() -> None:
    """Drop the subsets shared across states (the checker calls it when a run ends)."""
    _SHARED_SUBSETS.clear()
    _shared_count[0] = 0


interning.on_change(clear_shared_subsets)  # they were listed in the previous model's order


def _never(_x: Any) -> bool:
    return False


class LazySet:
    """A set that may be infinite or too large to build; subclasses answer membership."""

    image = "a set"  # what TLC's getKindString says of the value class this set stands for
    java = "SetEnumValue"  # the name of that class (a Java override's cast fails naming it)

    def __contains__(self, x: object) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def member(self, x: Any) -> bool:
        """x \\in self with TLC's errors: a value of the wrong kind is an error, not FALSE
        (TLC: "Attempted to check if the value: "a" is an element of Nat."); an untyped model
        value is simply not a member."""
        if type(x) is ModelValue or self._kind_ok(x):
            return x in self
        raise self._member_error(f"Attempted to check if the value: {format_value(x)} is an element of {self!r}.")

    # Nat and Int answer membership in the Java code of TLC's Naturals/Integers (a ModuleEvalError)
    _member_error: type[EvalError] = EvalError

    def _kind_ok(self, x: Any) -> bool:
        return True

    def enumerate(self) -> frozenset:
        raise EvalError(f"cannot enumerate the set {self!r}")

    def unstorable(self, err: EvalError) -> EvalError:
        """TLC's error fingerprinting a state that holds this set, which it cannot enumerate
        (``err``: the enumeration's own error); check_storable."""
        return err

    def __iter__(self) -> Iterator:
        return iter(self.enumerate())

    def __len__(self) -> int:
        return len(self.enumerate())

    def __le__(self, other: object) -> bool:
        return all(x in other for x in self.enumerate())  # type: ignore[operator]

    # TLC compares two sets of tuples or of records by their components, unless one is empty
    # ({} \X {1} = {2} \X {}); two sets of functions by domain and range alone, so
    # [{} -> {1}] # [{} -> {2}] although both are {<<>>} (SetOf*Value.equals).
    _empty_first = False

    def _parts(self) -> Iterable[Any]:
        """The component sets, for _empty_first."""
        return ()

    def _empty(self) -> bool:
        return any(not p if isinstance(p, frozenset) else isinstance(p, LazySet) and p._is_empty_set()
                   for p in self._parts())

    def _is_empty_set(self) -> bool:
        try:
            return not self.enumerate()
        except EvalError:  # infinite
            return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazySet) and type(other) is type(self):
            if self._empty_first and (self._empty() or other._empty()):
                return self._empty() and other._empty()
            return self.key() == other.key()
        if isinstance(other, frozenset | LazySet):
            return self.enumerate() == (other if isinstance(other, frozenset) else other.enumerate())
        return False

    def __hash__(self) -> int:
        try:
            return hash(self.enumerate())
        except SetSizeOverflow:
            raise
        except EvalError:  # an infinite set (a member of {[Nat -> S]}): hashed by its form
            return hash(self.key())

    def key(self) -> tuple:
        return (id(self),)

    def __or__(self, other: object) -> frozenset:
        return self.enumerate() | as_set(other)

    __ror__ = __or__

    def __and__(self, other: object) -> frozenset:
        # TLC's SetCapValue and SetDiffValue enumerate the other set and ask this one's member,
        # which fails on a value of the wrong kind ((SUBSET Nat) \cap {0}): no FALSE instead
        if isinstance(other, frozenset):
            return frozenset(x for x in other if self.member(x))
        return self.enumerate() & as_set(other)

    __rand__ = __and__

    def __sub__(self, other: object) -> frozenset:
        return frozenset(x for x in self.enumerate() if x not in other)  # type: ignore[operator]

    def __rsub__(self, other: object) -> frozenset:
        return frozenset(x for x in as_set(other) if not self.member(x))


UNSORTED_EQ: list[Callable[[Any, Any], bool]] = []  # compare.eq (compare builds on this module)


class UnsortedSet(LazySet):
    """A set literal whose items TLC cannot sort (``{1, "a"}``). TLC keeps a literal as written
    (SetEnumValue, not normalized) until something needs it sorted, and tests membership by
    each item's equals in the literal's order: ``1 \\in {1, "a"}`` holds, ``"b" \\in {1, "a"}``
    fails on 1's equals. Anything else (enumerating, comparing, printing, a state's
    fingerprint) sorts it, and fails as its sort does. A literal of one item holding such a set
    (``{{1, "a"}}``) sorts without a comparison: it is walked (``x \\in {{1, "a"}}``) and
    counted, and only its item's own sort fails (TLC: fingerprinting a state, exit 255)."""

    def __init__(self, items: tuple, error: EvalError) -> None:
        self.items, self.error = items, error  # the error sorting the items raised

    def __iter__(self) -> Iterator:
        if len(self.items) == 1:
            return iter(self.items)
        return iter(self.enumerate())

    def __len__(self) -> int:
        return 1 if len(self.items) == 1 else len(self.enumerate())

    def member(self, x: Any) -> bool:
        eq = UNSORTED_EQ[0]
        return any(eq(e, x) for e in self.items)

    __contains__ = member

    def enumerate(self) -> frozenset:
        raise copy.copy(self.error)

    def __hash__(self) -> int:  # (a state's fingerprint, a member of a set: errors.UnsortableSet)
        error = UnsortableSet(self.error.message, self.error.pos)
        error.tlc_text = self.error.tlc_text  # the sort's exact text, as ``enumerate`` keeps it
        raise error

    def __eq__(self, other: object) -> bool:
        raise copy.copy(self.error)

    def __repr__(self) -> str:
        return "{" + ", ".join(format_value(e) for e in self.items) + "}"


class _ProductLike(LazySet):
    """A set whose members are products of its component sets' members ([S -> T], [a : S],
    S \\X T): enumerated once, as a set value cannot change, and a spec asks the same constant
    set for its members state after state (Pos \\ UNION board in SlidingPuzzles)."""

    _enumerated: frozenset | None = None
    _ordered: list | None = None

    def enumerate(self) -> frozenset:
        done = self._enumerated
        if done is None:
            done = self._enumerated = frozenset(self)
        return done

    def ordered(self) -> Iterable:
        """The members in TLC's order (as iteration makes them), kept when there are at most
        KEEP_ORDERED: a quantifier over the same constant set of records, state after state
        (BufferedRandomAccessFile's \\A data \\in Array(S, len) on every transition), then
        walks the members made the first time instead of making them again."""
        done = self._ordered
        if done is None:
            it = iter(self)
            head = list(itertools.islice(it, KEEP_ORDERED + 1))
            if len(head) > KEEP_ORDERED:
                return itertools.chain(head, it)
            done = self._ordered = head
        return done


KEEP_ORDERED = 1 << 10  # small: a memo table keeps up to memo.LIMIT such sets per operator


class IntRange(LazySet):
    """Nat (lo=0, hi=None), Int (lo=None) and large intervals (compare.interval): TLC keeps
    a..b as its bounds, so membership and Cardinality of 0..2147483646 answer at once there."""

    @property
    def image(self) -> str:  # type: ignore[override]
        return "a special set constant" if self.hi is None else "a set of the form i..j"

    @property
    def java(self) -> str:  # type: ignore[override]
        return "UserValue" if self.hi is None else "IntervalValue"

    def __init__(self, lo: int | None, hi: int | None, name: str) -> None:
        self.lo, self.hi, self.name = lo, hi, name
        if hi is None:  # Nat, Int: TLC's Java code answers (a large a..b is TLC's IntervalValue)
            self._member_error = ModuleEvalError

    def __contains__(self, x: object) -> bool:
        return (type(x) is int and (self.lo is None or x >= self.lo)
                and (self.hi is None or x <= self.hi))

    def _kind_ok(self, x: Any) -> bool:
        return type(x) is int

    def member(self, x: Any) -> bool:
        if self.lo is None or self.hi is None:
            return super().member(x)
        return interval_member(x, self.lo, self.hi)

    def size(self) -> int:
        """Cardinality(lo..hi), TLC's IntervalValue.size: a Java int."""
        assert self.lo is not None and self.hi is not None
        n = max(self.hi - self.lo + 1, 0)
        if n > 2 ** 31 - 1:
            # (TLC's Assert.fail in IntervalValue: a TLCRuntimeException, exit 75 even in Next)
            raise EvalError(f"Size of interval value exceeds the maximum representable size (32bits): {self.name}.")
        return n

    def contains_all(self, xs: Iterable) -> bool:
        """All of xs in the range, without a Python call per integer's membership test (any
        other value is TLC's member test: ``{"x"} \\in SUBSET Nat`` is its error, not FALSE)."""
        lo, hi = self.lo, self.hi
        if lo is not None and hi is None:
            return all(x >= lo if type(x) is int else self.member(x) for x in xs)
        return all(x in self if type(x) is int else self.member(x) for x in xs)

    def enumerate(self) -> frozenset:
        if self.lo is None or self.hi is None:
            raise EvalError(f"cannot enumerate the infinite set {self.name}")
        return frozenset(range(self.lo, self.hi + 1))

    def key(self) -> tuple:
        return ("range", self.lo, self.hi)

    def __repr__(self) -> str:
        return self.name


def interval_member(x: Any, lo: int, hi: int) -> bool:
    """x \\in lo..hi as TLC's IntervalValue.member, from the bounds: an integer is compared with
    them, an untyped model value is no member, anything else (a typed model value too) is TLC's
    error, except in an empty interval (``"a" \\notin 1..0`` holds)."""
    t = type(x)
    if t is int:
        return lo <= x <= hi
    if t is ModelValue or lo > hi:
        return False
    raise EvalError(f"Attempted to check if the value: {format_value(x)} is in the integer interval {lo}..{hi}")


NAT = IntRange(0, None, "Nat")
INT = IntRange(None, None, "Int")


class StringSet(LazySet):
    image = "a special set constant"
    java = "UserValue"
    _member_error = ModuleEvalError  # (TLC's STRING is a UserValue: its Java code answers membership)
    def __contains__(self, x: object) -> bool:
        return type(x) is str

    def _kind_ok(self, x: Any) -> bool:
        return type(x) is str

    def key(self) -> tuple:
        return ("STRING",)

    def __repr__(self) -> str:
        return "STRING"


STRING = StringSet()


class PowerSet(LazySet):
    """SUBSET S: membership is ``x \\subseteq S``; enumerated only when asked."""

    image = "a set of the form SUBSET S"
    java = "SubsetValue"

    def __init__(self, base: Any) -> None:
        self.base = base
        self._subsets: tuple[frozenset, ...] | None = None
        # the enumeration, once made: a SUBSET held by a state is hashed at every look-up of
        # the state (InitStateBug: set' = SUBSET (1..20), 2^20 subsets, enumerated six times)
        self._enumerated: frozenset | None = None
        self._memo: dict[Any, tuple[Any, bool]] = {}

    def __contains__(self, x: object) -> bool:
        if not isinstance(x, frozenset):
            # a set kept lazily ([a : {1}], 1..n written as a range, a literal TLC cannot sort):
            # its members, as TLC's SubsetValue.member enumerates them (a sort's error there)
            return isinstance(x, LazySet) and self._within(self._members(x))
        base = self.base
        if isinstance(base, frozenset):
            return _subset(x, base)
        if type(base) is IntRange:
            return base.contains_all(x)
        # SUBSET (S \X T): a type invariant asks of each piece of a board, the same pieces
        # state after state (SlidingPuzzles), each a walk of the product's members
        return answered(self._memo, x, self._within)

    def _within(self, x: Iterable) -> bool:
        return all(_in(e, self.base) for e in x)

    def _members(self, x: LazySet) -> Iterable:
        if type(x) is UnsortedSet:
            return iter(x)  # (one item: no sort, the item itself)
        if type(x) is StringSet or type(x) is SeqSet or type(x) is IntRange and (x.lo is None or x.hi is None):
            raise EvalError(f"Attempted to check if the non-enumerable value {x!r} is element of {self!r}")
        return x.enumerate()

    def unstorable(self, err: EvalError) -> EvalError:
        if isinstance(self.base, LazySet) and self.base.java == "UserValue":
            return EvalError(f"Attempted to compute the number of elements in the overridden value {self.base!r}.")
        return err

    def _kind_ok(self, x: Any) -> bool:
        return is_set(x)

    def enumerate(self) -> frozenset:
        done = self._enumerated
        if done is None:
            len(self)  # SUBSET of 31 elements or more is TLC's overflow, not a hang
            done = self._enumerated = frozenset(self)
        return done

    def __iter__(self) -> Iterator:
        # A hoisted SUBSET S is iterated once per state (\E P \in SUBSET Leaf): keep the
        # subsets of a small base instead of rebuilding 2^n frozensets every time.
        cached = self._subsets
        if cached is not None:
            return iter(cached)
        base = self.base
        if isinstance(base, frozenset) and len(base) <= _SHARE_SUBSETS_UP_TO:
            # A state-dependent SUBSET (narrowed by the quantifier's body) is a new PowerSet per
            # state over one of few bases: share the subsets across states, which also hands
            # the same set objects to the successors (cheaper to intern, hash and compare).
            # Kept with the base it was made for: Python's {1} == {TRUE} would find one
            # base's subsets for the other.
            hit = _SHARED_SUBSETS.get(base)
            shared = hit[1] if hit is not None and (hit[0] is base or same(hit[0], base)) else None
            if shared is None:
                elems = sorted(base, key=tlc_key)
                shared = tuple(frozenset(c) for r in range(len(elems) + 1)
                               for c in itertools.combinations(elems, r))
                if _shared_count[0] + len(shared) > _SHARED_SUBSETS_LIMIT:
                    clear_shared_subsets()
                _SHARED_SUBSETS[base] = (base, shared)
                _shared_count[0] += len(shared)
            return iter(shared)
        elems = sorted(as_set(base), key=tlc_key)
        subsets = (frozenset(c) for r in range(len(elems) + 1) for c in itertools.combinations(elems, r))
        if len(elems) <= _CACHE_SUBSETS_UP_TO:
            self._subsets = tuple(subsets)
            return iter(self._subsets)
        return subsets

    def base_size(self) -> int:
        """The number of elements of S, without enumerating a lazy S."""
        base = self.base
        return len(base) if isinstance(base, LazySet) else len(as_set(base))

    def __len__(self) -> int:
        n = self.base_size()
        if n >= 31:  # as TLC's SubsetValue.size: its sizes are Java ints
            raise SetSizeOverflow("Overflow when computing the number of elements in:\n" + format_value(self))
        return 2 ** n

    def key(self) -> tuple:
        return ("SUBSET", self.base)

    def __repr__(self) -> str:
        return f"SUBSET {format_value(self.base)}"


_ENUM_BOUND = 2000  # TLCGlobals.enumBound: a set of functions smaller than this prints enumerated


class FcnSet(_ProductLike):
    """[D -> R]: membership checks domain and range pointwise."""

    image = "a set of the form [S -> T]"
    java = "SetOfFcnsValue"

    def __init__(self, domain: Any, rng: Any) -> None:
        self.domain, self.rng = domain, rng
        self._dom = enumerated(domain, "Attempted to enumerate a set of the form [D -> R],but the domain D: {} cannot "
                                       "be enumerated.")  # (SetOfFcnsValue's words, its missing space)
        self._memo: dict[Any, tuple[Any, bool]] = {}

    def __contains__(self, f: object) -> bool:
        # an unhashable argument cannot be a function value
        return answered(self._memo, f, self._contains, _never)

    def _kind_ok(self, x: Any) -> bool:
        return type(x) is Fcn or type(x) is tuple

    def member(self, x: Any) -> bool:
        """x \\in [D -> R]; a value that is no function is SetOfFcnsValue.member's error, the set
        shown as TLC's toString shows it: enumerated while it has fewer than 2000 members
        (TLCGlobals.enumBound), else as [D -> R]."""
        if type(x) is ModelValue or self._kind_ok(x):
            return x in self
        try:
            shown = format_value(frozenset(self)) if len(self) < _ENUM_BOUND else repr(self)
        except (EvalError, TypeError):  # (a domain or range TLC cannot size: shown as written)
            shown = repr(self)
        raise EvalError(f"Attempted to check if \n{format_value(x)}\nwhich is not a TLC function value, is in the "
                        f"set of functions:\n{ppr(shown)}")

    def _contains(self, f: object) -> bool:
        rng = self.rng
        if type(f) is Fcn:
            if f.keys() != self._dom:
                return False
            if type(rng) is IntRange:
                return rng.contains_all(f.values())
            return all(_in(v, rng) for v in f.values())
        if type(f) is tuple:
            return self._dom == frozenset(range(1, len(f) + 1)) and all(_in(v, rng) for v in f)
        return False

    def range_members(self) -> frozenset:
        """The members of R, to enumerate [D -> R], with TLC's error where it cannot."""
        return enumerated(self.rng, "Attempted to enumerate a set of the form [D -> R],but the range R: {} cannot be "
                                    "enumerated.")

    def __iter__(self) -> Iterator:
        dom = sorted(as_set(self.domain), key=tlc_key)
        rng = sorted(self.range_members(), key=tlc_key)
        for combo in itertools.product(rng, repeat=len(dom)):
            yield make_fcn(dict(zip(dom, combo, strict=True)))

    def nth(self, i: int) -> Any:
        """The i-th function in the order of iteration, made without the ones before it:
        RandomSubset(1000, [S -> T]) of 10^9 functions draws 1000 indices (as TLC's
        SetOfFcnsValue draws its functions)."""
        dom = sorted(as_set(self.domain), key=tlc_key)
        rng = sorted(as_set(self.rng), key=tlc_key)
        picked = []
        for _ in dom:
            i, r = divmod(i, len(rng))
            picked.append(rng[r])
        return make_fcn(dict(zip(dom, reversed(picked), strict=True)))

    def __len__(self) -> int:
        return len(self.range_members()) ** len(as_set(self.domain))

    def key(self) -> tuple:
        return ("FCNSET", self.domain, self.rng)

    def __repr__(self) -> str:
        return f"[{format_value(self.domain)} -> {format_value(self.rng)}]"


class RecordSet(_ProductLike):
    """[a : S, b : T]."""

    image = "a set of the form [d1 : S1, ... , dN : SN]"
    java = "SetOfRcdsValue"

    _empty_first = True

    def _parts(self) -> Iterable[Any]:
        return self.fields.values()

    def __init__(self, fields: dict[str, Any]) -> None:
        self.fields = fields

    def _kind_ok(self, x: Any) -> bool:
        return type(x) is Fcn or type(x) is tuple

    def __contains__(self, r: object) -> bool:
        return (type(r) is Fcn and set(r) == set(self.fields)
                and all(_in(r[k], s) for k, s in self.fields.items()))

    def component_members(self) -> dict[str, frozenset]:
        """The members of each field's set, with TLC's error for the first field (in its order)
        it cannot enumerate."""
        return {n: enumerated(self.fields[n], "Attempted to enumerate a set of the form [l1 : v1, ..., ln : vn], "
                                              f"but can't enumerate the value of the `{n}' field: {{}}")
                for n in sorted(self.fields, key=tlc_key)}

    def __iter__(self) -> Iterator:
        names = sorted(self.fields)
        members = self.component_members()
        pools = [sorted(members[n], key=tlc_key) for n in names]
        for combo in itertools.product(*pools):
            yield Fcn(dict(zip(names, combo, strict=True)), True)

    def key(self) -> tuple:
        return ("RCDSET", tuple(sorted(self.fields.items(), key=lambda kv: kv[0])))

    def __repr__(self) -> str:
        return "[" + ", ".join(f"{k} : {format_value(v)}" for k, v in self.fields.items()) + "]"


class SeqSet(LazySet):
    """Seq(S): finite sequences over S."""

    image = "a special set constant"
    java = "UserValue"
    _member_error = ModuleEvalError  # (TLC's Sequences.java answers: an error of its Java code)

    def __init__(self, base: Any) -> None:
        self.base = base
        self._memo: dict[Any, tuple[Any, bool]] = {}

    def __contains__(self, s: object) -> bool:
        return type(s) is tuple and all(map(self._has, s))

    def _has(self, e: Any) -> bool:
        """e \\in S, remembered per element: a queue that grew by one holds its elements
        (ResolvedTS's chan \\in Seq(Messages), a union of record sets, asked at every state)."""
        return answered(self._memo, e, self._in_base)

    def _in_base(self, e: Any) -> bool:
        return _in(e, self.base)

    def _kind_ok(self, x: Any) -> bool:
        return type(x) is tuple

    def key(self) -> tuple:
        return ("SEQ", self.base)

    def __repr__(self) -> str:
        return f"Seq({format_value(self.base)})"


class ProductSet(_ProductLike):
    """S1 \\X S2 \\X ... : tuples."""

    image = "a cartesian product"
    java = "SetOfTuplesValue"

    _empty_first = True

    def _parts(self) -> Iterable[Any]:
        return self.parts

    def __init__(self, parts: tuple) -> None:
        self.parts = parts

    def _kind_ok(self, x: Any) -> bool:
        return type(x) is tuple or type(x) is Fcn

    def __contains__(self, t: object) -> bool:
        if type(t) is not tuple or len(t) != len(self.parts):
            return False
        for e, p in zip(t, self.parts, strict=True):
            if type(e) is int and type(p) is Interval:  # a..b holds integers only: Python's in is exact
                if e not in p:
                    return False
            elif not _in(e, p):
                return False
        return True

    def component_members(self) -> list[frozenset]:
        """The members of each factor, with TLC's error for the first it cannot enumerate."""
        return [enumerated(p, f"Attempted to enumerate a set of the form s1 \\X s2 ... \\X sn, but can't enumerate "
                              f"s{i}: {{}}") for i, p in enumerate(self.parts)]

    def __iter__(self) -> Iterator:
        pools = [sorted(m, key=tlc_key) for m in self.component_members()]
        return (tuple(c) for c in itertools.product(*pools))

    def key(self) -> tuple:
        return ("PRODUCT", self.parts)

    def __repr__(self) -> str:  # (TLC's SetOfTuplesValue, where it does not enumerate it)
        return "(" + " \\X ".join(format_value(p) for p in self.parts) + ")"


class UnionSet(LazySet):
    """UNION S where some member of S is not an enumerated set ([S -> T], 0..N, Nat): membership
    asks each member; enumerated when something needs its elements (TLC's UnionValue)."""

    image = "a set of the form UNION  S"
    java = "UnionValue"

    def __init__(self, sets: frozenset, cup: tuple[Any, Any] | None = None) -> None:
        self.sets = sets
        self.cup = cup  # S \cup T: S and T, in TLC's order, for its messages
        self._enumerated: frozenset | None = None

    def unstorable(self, err: EvalError) -> EvalError:
        if self.cup is None:
            return err
        s1, s2 = self.cup
        return EvalError(f"Attempted to enumerate S \\cup T when S: {format_value(s1)} and T: {format_value(s2)} "
                         "are not both enumerable")

    def __contains__(self, x: object) -> bool:
        return any(x in s for s in self.sets)

    def member(self, x: Any) -> bool:
        return any(s.member(x) if isinstance(s, LazySet) else x in s for s in self.sets)

    def enumerate(self) -> frozenset:
        done = self._enumerated
        if done is None:  # made once, as TLC's UnionValue keeps its realSet
            out: set = set()
            for s in self.sets:
                out.update(as_set(s))
            done = self._enumerated = setbound.checked(frozenset(out))
        return done

    def key(self) -> tuple:
        return ("UNION", self.sets)

    def __repr__(self) -> str:
        return f"UNION {format_value(self.sets)}"


class DiffSet(LazySet):
    """S \\ T (or S \\cap T) with S a set that cannot be enumerated (Nat \\ {0}): membership
    only, as TLC's SetDiffValue/SetCapValue until something enumerates them."""

    @property
    def image(self) -> str:  # type: ignore[override]
        return "a set of the form S \\cap T" if self.keep else "a set of the form S \\ T"

    @property
    def java(self) -> str:  # type: ignore[override]
        return "SetCapValue" if self.keep else "SetDiffValue"

    def __init__(self, left: Any, right: Any, keep: bool) -> None:
        self.left, self.right, self.keep = left, right, keep

    def __contains__(self, x: object) -> bool:
        return x in self.left and ((x in self.right) == self.keep)

    def member(self, x: Any) -> bool:
        inside = self.left.member(x) if isinstance(self.left, LazySet) else x in self.left
        return inside and ((x in self.right) == self.keep)

    def enumerate(self) -> frozenset:
        left = as_set(self.left)
        return frozenset(x for x in left if (x in self.right) == self.keep)

    def unstorable(self, err: EvalError) -> EvalError:
        left, right = format_value(self.left), format_value(self.right)
        if self.keep:
            return EvalError(f"Attempted to enumerate S \\cap T when neither S: {left} nor T: {right} is enumerable")
        return EvalError(f"Attempted to enumerate S \\ T when S: {left} is not enumerable.")

    def key(self) -> tuple:
        return ("CAP" if self.keep else "DIFF", self.left, self.right)

    def __repr__(self) -> str:
        op = "\\cap" if self.keep else "\\"
        return f"{format_value(self.left)} {op} {format_value(self.right)}"


class FilterSet(LazySet):
    """{x \\in S : P(x)} with S a set that cannot be enumerated ({n \\in Nat : n > 0}): TLC's
    SetPredValue answers membership as x \\in S /\\ P(x) without enumerating S."""

    image = "a set of the form {x \\in S : expr}"
    java = "SetPredValue"

    def __init__(self, base: LazySet, pred: Any, at: str) -> None:
        self.base, self.pred, self.at = base, pred, at

    def __contains__(self, x: object) -> bool:
        return x in self.base and self.pred(x) is True

    def member(self, x: Any) -> bool:
        got = decided(x, self.base, self.at, lambda: self.base.member(x) and self.pred(x))
        if type(got) is not bool:
            raise EvalError(f"The predicate of {self!r} is not a Boolean on {format_value(x)}")
        return got

    def _kind_ok(self, x: Any) -> bool:
        return self.base._kind_ok(x)

    def enumerate(self) -> frozenset:
        return frozenset(x for x in self.base.enumerate() if self.pred(x) is True)

    def unstorable(self, err: EvalError) -> EvalError:
        return EvalError(f"Attempted to enumerate {{ x \\in S : p(x) }} when S: {format_value(self.base)} "
                         "is not enumerable")

    def key(self) -> tuple:
        return ("FILTER", self.base, self.pred)

    def __repr__(self) -> str:
        return f"{{x \\in {self.base!r} : ...}}"


def decided(x: Any, base: Any, at: str, test: Callable[[], Any]) -> Any:
    """``test()``, which decides x \\in S /\\ P(x) for {y \\in S : P}, as TLC's SetPredValue.member:
    any evaluation error there becomes its own (a TLCRuntimeException: exit 75, where a standard
    module's error would exit 255 and Assert's 14); ``at`` is where P is written."""
    try:
        return test()
    except (SetSizeOverflow, StackOverflow, JavaException):
        raise
    except EvalError as err:
        raise EvalError(f"Cannot decide if element: {format_value(x)} is element of: {format_value(base)} "
                        f"and satisfies the predicate {at}").exact(
            f"Cannot decide if element:\n{format_value(x)}\n is element of:\n{format_value(base)}\n"
            f"and satisfies the predicate {at}") from err


# compare.member and compare.subset_of, bound on first use (_compare): compare imports this module.
_tla_member: Callable[[Any, Any], bool] | None = None
_subset_of: Callable[[frozenset, frozenset], bool] | None = None


def _compare() -> tuple[Callable[[Any, Any], bool], Callable[[frozenset, frozenset], bool]]:
    global _tla_member, _subset_of
    from .compare import member, subset_of
    _tla_member, _subset_of = member, subset_of
    return member, subset_of


def _in(x: Any, s: Any) -> bool:
    """x \\in s inside a lazy set's membership (a function's values in its range, a tuple's
    items in their sets) with TLC's comparability errors: Python's ``1 in {FALSE, TRUE}`` is
    true, so ``[n |-> 1] \\in [{"n"} -> BOOLEAN]`` held; TLC stops with an error."""
    return (_tla_member or _compare()[0])(x, s)


def _subset(a: frozenset, b: frozenset) -> bool:
    """a \\subseteq b with TLC's errors (compare.subset_of)."""
    return (_subset_of or _compare()[1])(a, b)


def enumerated(v: Any, message: str) -> frozenset:
    """as_set(v), where v is a component of a set TLC enumerates ([D -> R], [a : S], S \\X T):
    TLC's ``message`` (formatted with v) where v is no set or Nat, Int, STRING."""
    if not is_set(v) or type(v) is IntRange and (v.lo is None or v.hi is None) or type(v) is StringSet:
        raise EvalError(message.format(format_value(v)))
    return as_set(v)


def as_set(v: Any) -> frozenset:
    """The elements of a set value, enumerating a lazy set if needed."""
    if isinstance(v, frozenset):
        return v
    if isinstance(v, LazySet):
        return v.enumerate()
    raise EvalError(f"expected a set, got {format_value(v)}")


def is_set(v: Any) -> bool:
    return isinstance(v, frozenset | LazySet)





# ---------------------------------------------------------------------------------------
# Printing as TLC does


class _Undetermined:
    """A variable an action leaves free (see Actions.successor_generator(partial=True));
    equal to no value, so "the subscript changed" holds, as some choice would make it. TLC
    prints it as ``null`` in the successor it reports incomplete."""

    def __repr__(self) -> str:
        return "null"

    def __reduce__(self) -> str:
        return "UNDETERMINED"  # one object, also after crossing to another process


UNDETERMINED = _Undetermined()


_LEAVES = frozenset({int, str, bool, ModelValue, TypedModelValue})
STORABLE: dict[int, Any] = {}  # containers shown storable, by id (each held, so its id stays its own)
interning.on_change(STORABLE.clear)


def check_storable(v: Any) -> None:
    """Raise TLC's error for a value a state cannot hold: TLC fingerprints every state it
    generates, which normalises each set to its members, so a set it cannot enumerate fails
    there (``s = Nat \\ {1}``: "Attempted to enumerate S \\ T when S: Nat is not enumerable";
    Nat, Int, STRING and Seq(S), which TLC keeps as special values, "TLC has found a state in
    which the value of a variable contains Nat"). Called on each component value the search
    stores for the first time; a value once shown storable is not walked again. A container of
    scalars only (RRP's alloc, [Leaf -> Job \\cup {None}]) is not kept: checking it again is one C
    loop over its members, and keeping it in STORABLE cost 84 bytes a value (a sixth of what a
    state component costs a ComponentTable, where the table checks each value once anyway)."""
    t = type(v)
    if t in _LEAVES or t is Interval or id(v) in STORABLE:  # (an Interval holds integers only)
        return
    if t is tuple or t is frozenset:
        if _LEAVES.issuperset(map(type, v)):
            return
        for x in v:
            check_storable(x)
    elif t is Fcn:
        if _LEAVES.issuperset(map(type, v)) and _LEAVES.issuperset(map(type, v.values())):
            return
        for x in itertools.chain(v, v.values()):
            check_storable(x)
    elif isinstance(v, LazySet):
        if v.java == "UserValue":
            raise EvalError(f"TLC has found a state in which the value of a variable contains {v!r}")
        try:
            members = v.enumerate()
        except SetSizeOverflow:
            raise
        except EvalError as err:
            raise v.unstorable(err) from None
        for x in members:
            check_storable(x)
    else:
        return  # (a function over a domain TLC cannot enumerate fails as its hash: runtime.py)
    STORABLE[id(v)] = v


# How TLC prints a string's characters (StringValue.PrintVersion): ToString's value too, so a
# newline in a string is two characters of ToString's.
_STRING_ESCAPES = str.maketrans({'"': '\\"', "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"})


def format_value(v: Any, normalized: bool = False) -> str:
    """TLC's printing. ``normalized``: TLC has normalised the value, which sorts a record's
    fields in its order of names: a value inside a set, a state's value (fingerprinting
    normalises it), what Print and PrintT print; ToString and error messages do not."""
    t = type(v)
    if t is bool:
        return "TRUE" if v else "FALSE"
    if t is int:
        return str(v)
    if t is str:
        return '"' + v.translate(_STRING_ESCAPES) + '"'
    if t is ModelValue or t is TypedModelValue:
        return v.name
    if t is frozenset:
        if set(map(type, v)) == {int}:  # the common case, at C speed
            return "{" + ", ".join(map(str, sorted(v))) + "}"
        return "{" + ", ".join(format_value(x, True) for x in sorted_tlc(v)) + "}"
    if t is Interval:
        return f"{min(v)}..{max(v)}" if v else "{}"
    if t is tuple:
        return "<<" + ", ".join(format_value(x, normalized) for x in v) + ">>"
    if t is Fcn:
        if v and all(type(k) is str for k in v):
            # Records print their fields in the order they were built, as TLC's RecordValue,
            # until TLC normalises them (inside a set), which sorts them in its order of names.
            items = sorted(v.items(), key=lambda kv: _name_key(kv[0])) if normalized else v.items()
            return "[" + ", ".join(f"{k} |-> {format_value(x, normalized)}" for k, x in items) + "]"
        keys = sorted_tlc(v)
        return "(" + " @@ ".join(f"{format_value(k, normalized)} :> {format_value(v[k], normalized)}"
                                 for k in keys) + ")"
    if t is UnsortedSet:  # TLC's ToString sorts it first
        return format_value(v.enumerate())
    if isinstance(v, PowerSet | FcnSet | RecordSet | ProductSet | UnionSet):
        try:  # TLC enumerates these when it prints them
            if type(v) is PowerSet:
                if v.base_size() >= 7:  # TLC prints SUBSET of 7 or more elements as it stands
                    if type(v.base) is Interval:
                        return f"SUBSET ({format_value(v.base)})"
                    return f"SUBSET {format_value(as_set(v.base), True)}"
                # its subsets come in TLC's order: no sort
                return "{" + ", ".join(format_value(x, True) for x in v) + "}"
            return format_value(v.enumerate())
        except EvalError:
            return repr(v)
    if isinstance(v, LazySet):
        return repr(v)
    if callable(v):  # a function over a domain that cannot be enumerated, as TLC prints it, or an operator
        form = getattr(v, "tlc_form", None)
        return (form() if form is not None else None) or "<operator>"
    return repr(v)


# ---------------------------------------------------------------------------------------
# ITF (Informal Trace Format of Apalache and Quint)


def to_itf(v: Any) -> Any:
    t = type(v)
    if t is bool or t is str:
        return v
    if t is int:
        return v if -(2 ** 53) < v < 2 ** 53 else {"#bigint": str(v)}
    if t is ModelValue or t is TypedModelValue:
        return v.name
    if t is frozenset or t is Interval:
        return {"#set": [to_itf(x) for x in sorted_tlc(v)]}
    if t is tuple:
        return {"#tup": [to_itf(x) for x in v]}
    if t is Fcn:
        keys = sorted_tlc(v)
        if keys and all(type(k) is str for k in keys):
            return {k: to_itf(v[k]) for k in keys}
        return {"#map": [[to_itf(k), to_itf(v[k])] for k in keys]}
    if v is UNDETERMINED:  # the free variable of an incomplete successor
        return {"#unserializable": "null"}
    raise EvalError(f"cannot serialise {format_value(v)} to ITF")


def from_itf(j: Any, model_values: dict[str, ModelValue] | None = None) -> Any:
    """Inverse of to_itf. Strings that name a model value of the model become model values."""
    mvs = model_values or {}
    if isinstance(j, bool):
        return j
    if isinstance(j, int):
        return j
    if isinstance(j, str):
        return mvs.get(j, j)
    if isinstance(j, dict):
        if "#set" in j:
            return frozenset(from_itf(x, mvs) for x in j["#set"])
        if "#tup" in j:
            return tuple(from_itf(x, mvs) for x in j["#tup"])
        if "#map" in j:
            return make_fcn({from_itf(k, mvs): from_itf(x, mvs) for k, x in j["#map"]})
        if "#bigint" in j:
            return int(j["#bigint"])
        return Fcn({k: from_itf(x, mvs) for k, x in j.items()})
    if isinstance(j, list):
        return tuple(from_itf(x, mvs) for x in j)
    raise EvalError(f"not an ITF value: {j!r}")
