"""The value types of TLA+ that are not Python's own: model values, intervals and functions.

Booleans, integers and strings are Python's own, sets are frozensets and sequences tuples (see
values.py). These few classes come first, in a module of their own, because the comparisons
that tell TLA+ values apart (sameness.py) and TLC's order (order.py) test for them, and those
two are compiled (native.py) while the classes stay Python: values.py's lazy sets build on all
three.
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Any


class ModelValue:
    """A TLC model value: equal only to itself, printed bare.

    Model values are interned (one object per name), so identity is equality and the default
    identity hash applies; keeping __eq__/__hash__ out of Python keeps dictionary lookups of
    states at C speed."""

    __slots__ = ("name",)
    name: str
    _interned: dict[str, ModelValue] = {}

    def __new__(cls, name: str) -> ModelValue:
        mv = ModelValue._interned.get(name)
        if mv is None:
            # TLC types a model value named x_... (one letter, then "_"): such a value may only
            # be compared with model values of its own type. It is its own class, so that
            # ``type(v) is ModelValue`` alone says "compares with anything, without error".
            kind = TypedModelValue if len(name) > 2 and name[1] == "_" and name[0].isalpha() else ModelValue
            mv = object.__new__(kind)
            mv.name = name
            ModelValue._interned[name] = mv
        return mv

    def __repr__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (ModelValue, (self.name,))


class TypedModelValue(ModelValue):
    """A model value whose name gives it a type (``s_a`` has type ``s``), see ModelValue."""

    __slots__ = ()

    @property
    def type_letter(self) -> str:
        return self.name[0]


class Interval(frozenset):
    """a..b as TLC keeps it (IntervalValue): equal to the set of its integers (and hashed the
    same), printed ``a..b``. It stays an interval where TLC's does: the value of ``a..b`` and
    the DOMAIN of a sequence; what set operators make of it is a plain set, as in TLC."""

    __slots__ = ()


_dict_init = dict.__init__


class Fcn(dict):
    """A function (or record) whose domain is not 1..n: a dict from arguments to values.

    A dict subclass so that application and equality run at C speed. It is immutable after
    construction (item assignment raises; ``updated`` makes a changed copy). Its hash, the XOR
    of its items' hashes, is computed once, when first needed (looking a state up in the state
    table hashes every function in it; a function built inside an expression often never is),
    and XOR lets ``updated`` adjust it in O(1) for an EXCEPT instead of rehashing every item.
    Its sort key in TLC's order is kept too, with the generation of that order it was made in
    (see tlc_key): a set of records is sorted whenever a quantifier ranges over it, and the
    records of a message set are the same objects from state to state."""

    __slots__ = ("_hash", "_key", "_ints", "_dom", "rec")

    def __init__(self, d: dict | None = None, rec: bool = False) -> None:
        _dict_init(self, d or ())  # (super().__init__ cost a third of making a function of 10 items)
        # Made as a record ([a |-> e], a member of [a : S], an EXCEPT of one): TLC's RecordValue,
        # whose equality fails against a function of other arguments, where a function of
        # strings made by [x \in S |-> e], :> or @@ (a FcnRcdValue) finds it unequal.
        self.rec = rec
        self._hash: int | None = None  # computed when first asked: many functions are never hashed
        self._key: tuple[int, tuple] | None = None
        self._ints: bool | None = None
        # DOMAIN f as a set, made when first asked and handed on by ``updated``: specs test
        # ``i \in DOMAIN log[n]`` for every index of a function literal (CheckpointCoordination's
        # GetLogEntry), and a set per test made that quadratic
        self._dom: frozenset | None = None

    def int_keys(self) -> bool:
        """Are all its arguments integers (no Boolean)? Then ``f[0]`` found the key 0, not
        FALSE. Worked out once and handed on by ``updated``: c[i] for c \\in [Node -> ...]."""
        ints = self._ints
        if ints is None:
            ints = self._ints = all(type(k) is int for k in self)
        return ints

    def __hash__(self) -> int:  # type: ignore[override]
        h = self._hash
        if h is None:
            h = self._hash = reduce(xor, map(hash, self.items()), 0)
        return h

    def updated(self, key: Any, value: Any) -> Fcn:
        """[self EXCEPT ![key] = value] for a key in the domain."""
        new = Fcn.__new__(Fcn)
        _dict_init(new, self)
        dict.__setitem__(new, key, value)
        h = self._hash
        new._hash = None if h is None else h ^ hash((key, self[key])) ^ hash((key, value))
        new._key = None
        new._ints = self._ints  # the same arguments
        new._dom = self._dom
        new.rec = self.rec
        return new

    def _immutable(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("TLA+ function values are immutable")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _immutable  # type: ignore[assignment]

    def __repr__(self) -> str:
        from .values import format_value  # values builds on this module

        return format_value(self)

    def __reduce__(self) -> tuple[Any, tuple[dict, bool]]:
        return (Fcn, (dict(self), self.rec))
