"""Symbolic TLA+ values for the z3 translation, and the operations on them that depend on shape.

The encoding is chosen so that finite constants (model values and strings) are unrolled in
Python while naturals stay unbounded in z3:

- a model value or string is an *atom*: a constant of one z3 enumeration sort holding every
  atom of the model (so ``alloc[l] = None`` is an equation between two sort elements);
- a set of atoms is a ``FinSet``: one z3 Boolean per atom (a bit-vector spelled out), so
  quantifiers over it unroll into finite conjunctions z3 decides without instantiation;
- a set of integers is a z3 array Int -> Bool (``IntSet``), so ``sealed[j]`` is unbounded;
- a function with a finite constant domain is a ``Fun``: a Python dict from the concrete key
  (atom name or int) to the symbolic value, so ``epoch[j2]`` is a dictionary lookup and EXCEPT
  a dictionary copy; a symbolic argument turns into an if-then-else chain over the keys.

In the unbounded mode (``Atoms(..., unbounded=True)``, every cluster size at once) the atoms are
an uninterpreted sort instead, so nothing can be unrolled: a set of atoms is an array
Atom -> Bool like a set of integers, and a function over a symbolic set is an ``AFun`` (a z3
array plus its domain, compared only on the domain).

A value of the wrong shape for an operation raises ``ShapeError``; the translator turns it into
a one-line error with the position of the expression, never a silent pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from .z3env import Z3Env


class ShapeError(Exception):
    """Two values whose shapes do not fit the operation (a type error in the spec)."""


class Atoms:
    """The finite enumeration sort of one model: every model value and string literal.

    A string's atom is named with its quotes (``"Run"``), so it never meets a model value of
    the same spelling. The sort lives in the run's context ``z``, which every value over it
    shares."""

    def __init__(self, z: Z3Env, model_values: list[str], strings: list[str], unbounded: bool = False) -> None:
        # z3 needs one element at least; a spec without model values or strings gets a stand-in.
        self.z = z
        self.names = sorted(set(model_values) | {string_atom(x) for x in strings}) or ["#no-atom"]
        self.unbounded = unbounded
        sort_name = z.sort_name("Atom")
        if unbounded:
            # An uninterpreted sort: the named atoms are distinct (``distinct``), and there may be
            # any number of others (the members of Job and Leaf, whatever their sizes).
            self.sort = z3.DeclareSort(sort_name, z.ctx)
            consts = [z3.Const(f"{sort_name}!{n}", self.sort) for n in self.names]
        else:
            self.sort, consts = z3.EnumSort(sort_name, [f"{sort_name}!{n}" for n in self.names], z.ctx)
        self.const: dict[str, z3.ExprRef] = dict(zip(self.names, consts, strict=True))
        self._by_decl = {c.decl().name(): n for n, c in self.const.items()}

    def name_of(self, e: z3.ExprRef) -> str | None:
        """The atom a z3 term denotes if it is a literal of the sort, else None."""
        if z3.is_const(e) and e.sort() == self.sort:
            return self._by_decl.get(e.decl().name())
        return None

    def is_atom(self, v: Any) -> bool:
        return isinstance(v, z3.ExprRef) and v.sort() == self.sort

    def distinct(self) -> z3.BoolRef:
        """The named atoms differ (an enumeration sort says so by itself, an uninterpreted one not)."""
        return z3.Distinct(*self.const.values()) if len(self.const) > 1 else self.z.true


def string_atom(s: str) -> str:
    return f'"{s}"'


@dataclass(frozen=True)
class FinSet:
    """A set of atoms: membership bit per atom name (absent names are not members)."""

    bits: dict[str, z3.BoolRef]


@dataclass(frozen=True)
class Fun:
    """A function with a finite, constant domain: concrete key -> symbolic value."""

    items: dict[Any, Any]


@dataclass(frozen=True)
class AFun:
    """A function over a symbolic domain (unbounded mode): ``arr`` maps the domain's element sort
    to the values, ``dom`` is the domain (an array to Bool). Entries outside ``dom`` are junk that
    equality never compares, so every array agreeing on ``dom`` represents the same function.
    ``arr`` is None for ``[x \\in D |-> {}]``, whose value sort is not known until it meets
    another value (as ``{}`` itself takes the shape of what it meets)."""

    arr: z3.ArrayRef | None
    dom: z3.ArrayRef

    def at(self, k: Any) -> Any:
        return EMPTY if self.arr is None else self.arr[k]

    def array_like(self, other: AFun) -> z3.ArrayRef:
        """``arr``, or for an all-{} function the array of empty sets of ``other``'s value sort."""
        if self.arr is not None:
            return self.arr
        if other.arr is None:
            raise ShapeError("two functions whose values are all {} of unknown element type")
        return z3.K(self.dom.sort().domain(), set_array(EMPTY, other.arr.sort().range().domain()))


@dataclass(frozen=True)
class Tup:
    items: tuple[Any, ...]


class Empty:
    """``{}`` before its element type is known: it takes the shape of what it meets."""

    def __repr__(self) -> str:
        return "{}"


EMPTY = Empty()
# Shapes are told by sort kinds, not by comparing with sorts: a sort belongs to one z3 context
# (each run has its own, see z3env.py), and there is no process-wide Int or Bool to compare with.


def is_int(v: Any) -> bool:
    return isinstance(v, z3.ExprRef) and v.sort().kind() == z3.Z3_INT_SORT


def is_bool(v: Any) -> bool:
    return isinstance(v, z3.ExprRef) and v.sort().kind() == z3.Z3_BOOL_SORT


def is_int_set(v: Any) -> bool:
    """An array Int -> Bool; z3 lambdas (set filters over integers) have that sort too."""
    return is_set_array(v) and v.sort().domain().kind() == z3.Z3_INT_SORT


def is_set_array(v: Any) -> bool:
    """A set as a z3 array to Bool: a set of integers, or (unbounded mode) a set of atoms."""
    return isinstance(v, z3.ExprRef) and isinstance(v.sort(), z3.ArraySortRef) \
        and v.sort().range().kind() == z3.Z3_BOOL_SORT


def set_array(v: Any, elem: z3.SortRef) -> z3.ArrayRef:
    """v as an array set of elements of sort ``elem`` ({} becomes the empty array)."""
    if isinstance(v, Empty):
        return z3.K(elem, z3.BoolVal(False, elem.ctx))
    if is_set_array(v) and v.sort().domain() == elem:
        return v
    raise ShapeError(f"expected a set of {elem}, got {describe(v)}")


def constant_ints(v: z3.ArrayRef) -> list[int] | None:
    """The members of a set of integers written out element by element (``1..2`` with known
    bounds, ``{1, 2}``), in order; None when membership depends on anything symbolic."""
    out: set[int] = set()
    t = z3.simplify(v)
    while z3.is_store(t):
        arr, key, value = t.children()
        if not (z3.is_int_value(key) and z3.is_true(value)):
            return None
        out.add(key.as_long())
        t = arr
    if not (z3.is_const_array(t) and z3.is_false(t.children()[0])):
        return None
    return sorted(out)


def concrete_true(b: z3.BoolRef) -> bool:
    return z3.is_true(z3.simplify(b))


def concrete_false(b: z3.BoolRef) -> bool:
    return z3.is_false(z3.simplify(b))


def int_set_of(v: Any, z: Z3Env) -> z3.ArrayRef:
    if is_int_set(v):
        return v
    if isinstance(v, Empty):
        return z.empty_set(z.int_sort)
    raise ShapeError(f"expected a set of integers, got {describe(v)}")


def describe(v: Any) -> str:
    """A short name for a value's shape, for error messages."""
    if isinstance(v, FinSet):
        return "a set of model values/strings"
    if is_int_set(v):
        return "a set of integers"
    if is_set_array(v):
        return "a set of model values/strings"
    if isinstance(v, Fun | AFun):
        return "a function"
    if isinstance(v, Tup):
        return "a tuple"
    if isinstance(v, Empty):
        return "{}"
    if is_bool(v):
        return "a Boolean"
    if is_int(v):
        return "an integer"
    return "a model value or string"


def eq(a: Any, b: Any, z: Z3Env) -> z3.BoolRef:
    """TLA+ equality of two values of the same shape (built in ``z``'s context)."""
    if isinstance(a, Empty) and isinstance(b, Empty):
        return z.true
    if isinstance(a, FinSet) or isinstance(b, FinSet):
        x, y = _fin(a), _fin(b)
        keys = set(x.bits) | set(y.bits)
        return z.and_([x.bits.get(k, z.false) == y.bits.get(k, z.false) for k in sorted(keys)])
    if is_set_array(a) or is_set_array(b):
        x, y = _arrays(a, b)
        return x == y
    if isinstance(a, AFun) and isinstance(b, AFun):
        k = z3.FreshConst(a.dom.sort().domain(), "k")
        same = z3.ForAll([k], z3.Implies(a.dom[k], eq(a.at(k), b.at(k), z)))
        return same if a.dom.eq(b.dom) else z3.And(a.dom == b.dom, same)
    if isinstance(a, Fun) and isinstance(b, Fun):
        if set(a.items) != set(b.items):
            raise ShapeError("functions with different domains are compared")
        return z.and_([eq(a.items[k], b.items[k], z) for k in a.items])
    if isinstance(a, Tup) and isinstance(b, Tup):
        if len(a.items) != len(b.items):
            raise ShapeError("tuples of different lengths are compared")
        return z.and_([eq(x, y, z) for x, y in zip(a.items, b.items, strict=True)])
    if isinstance(a, z3.ExprRef) and isinstance(b, z3.ExprRef) and a.sort() == b.sort():
        return a == b
    raise ShapeError(f"{describe(a)} is compared with {describe(b)}")


def _arrays(a: Any, b: Any) -> tuple[z3.ArrayRef, z3.ArrayRef]:
    """Two sets as arrays of one element sort (either may be {})."""
    elem = (a if is_set_array(a) else b).sort().domain()
    return set_array(a, elem), set_array(b, elem)


def _fin(v: Any) -> FinSet:
    if isinstance(v, FinSet):
        return v
    if isinstance(v, Empty):
        return FinSet({})
    raise ShapeError(f"expected a set of model values/strings, got {describe(v)}")


def ite(c: z3.BoolRef, a: Any, b: Any) -> Any:
    """IF c THEN a ELSE b, pushed inside structured values (in c's context)."""
    if concrete_true(c):
        return a
    if concrete_false(c):
        return b
    if isinstance(a, FinSet) or isinstance(b, FinSet):
        x, y = _fin(a), _fin(b)
        f = z3.BoolVal(False, c.ctx)
        return FinSet({k: z3.If(c, x.bits.get(k, f), y.bits.get(k, f)) for k in sorted(set(x.bits) | set(y.bits))})
    if isinstance(a, Fun) and isinstance(b, Fun):
        if set(a.items) != set(b.items):
            raise ShapeError("IF branches are functions with different domains")
        return Fun({k: ite(c, a.items[k], b.items[k]) for k in a.items})
    if isinstance(a, Tup) and isinstance(b, Tup) and len(a.items) == len(b.items):
        return Tup(tuple(ite(c, x, y) for x, y in zip(a.items, b.items, strict=True)))
    if is_set_array(a) or is_set_array(b):
        x, y = _arrays(a, b)
        return z3.If(c, x, y)
    if isinstance(a, AFun) and isinstance(b, AFun):
        arr = None if a.arr is None and b.arr is None else z3.If(c, a.array_like(b), b.array_like(a))
        return AFun(arr, z3.If(c, a.dom, b.dom))
    if isinstance(a, z3.ExprRef) and isinstance(b, z3.ExprRef) and a.sort() == b.sort():
        return z3.If(c, a, b)
    raise ShapeError(f"IF branches have different shapes: {describe(a)} and {describe(b)}")


def member(x: Any, s: Any, atoms: Atoms) -> z3.BoolRef:
    """x \\in s for a set value (type-like sets such as Nat are handled by the translator)."""
    if isinstance(s, Empty):
        return atoms.z.false
    if isinstance(s, FinSet):
        name = atoms.name_of(x) if atoms.is_atom(x) else None
        if name is not None:
            return s.bits.get(name, atoms.z.false)
        if not atoms.is_atom(x):
            raise ShapeError(f"membership of {describe(x)} in a set of model values/strings")
        return atoms.z.or_([z3.And(x == atoms.const[k], b) for k, b in s.bits.items()])
    if is_set_array(s):
        if not (isinstance(x, z3.ExprRef) and x.sort() == s.sort().domain()):
            raise ShapeError(f"membership of {describe(x)} in {describe(s)}")
        return z3.Select(s, x)
    raise ShapeError(f"membership in {describe(s)}, which is not a set")


def set_op(op: str, a: Any, b: Any, z: Z3Env) -> Any:
    """cup, cap, setminus on sets of the same element type."""
    if isinstance(a, Empty) and isinstance(b, Empty):
        return EMPTY
    if isinstance(a, FinSet) or isinstance(b, FinSet):
        x, y = _fin(a), _fin(b)
        f = z.false
        keys = sorted(set(x.bits) | set(y.bits))  # sorted: the same terms under every hash seed
        combine = {"cup": lambda p, q: z3.Or(p, q), "cap": lambda p, q: z3.And(p, q),
                   "setminus": lambda p, q: z3.And(p, z3.Not(q))}[op]
        return FinSet({k: z3.simplify(combine(x.bits.get(k, f), y.bits.get(k, f))) for k in keys})
    x, y = _arrays(a, b)
    return {"cup": z3.SetUnion, "cap": z3.SetIntersect, "setminus": z3.SetDifference}[op](x, y)


def subseteq(a: Any, b: Any, z: Z3Env) -> z3.BoolRef:
    if isinstance(a, Empty):
        return z.true
    if isinstance(a, FinSet) or isinstance(b, FinSet):
        x, y = _fin(a), _fin(b)
        return z.and_([z3.Implies(bit, y.bits.get(k, z.false)) for k, bit in x.bits.items()])
    return z3.IsSubset(*_arrays(a, b))


def cardinality(s: Any, z: Z3Env) -> z3.ArithRef:
    if isinstance(s, Empty):
        return z.int_val(0)
    if isinstance(s, FinSet):
        return z3.Sum([z3.If(b, 1, 0) for b in s.bits.values()] or [z.int_val(0)])
    raise ShapeError(f"Cardinality of {describe(s)} (only sets of model values/strings are finite sorts)")


def apply_fun(f: Any, arg: Any, atoms: Atoms) -> Any:
    """f[arg]: a dictionary lookup for a concrete argument, an IF chain for a symbolic one."""
    if isinstance(f, AFun):
        return f.at(arg)
    if not isinstance(f, Fun):
        raise ShapeError(f"function application to {describe(f)}")
    key = concrete_key(arg, atoms)
    if key is not None and key in f.items:
        return f.items[key]
    if not f.items:
        raise ShapeError("application of a function with an empty domain")
    out = fresh_like(next(iter(f.items.values())), atoms)  # f[x] outside DOMAIN f: unspecified
    if key is None:
        for k in reversed(list(f.items)):
            out = ite(eq(arg, key_value(k, atoms), atoms.z), f.items[k], out)
    return out


def fresh_like(v: Any, atoms: Atoms) -> Any:
    """An unconstrained value of v's shape: TLA+ leaves f[x] unspecified outside DOMAIN f, and a
    fresh value over-approximates "some fixed value", which keeps proofs sound."""
    if isinstance(v, FinSet):
        return FinSet({k: z3.FreshBool(ctx=atoms.z.ctx) for k in v.bits})
    if isinstance(v, Fun):
        return Fun({k: fresh_like(x, atoms) for k, x in v.items.items()})
    if isinstance(v, Tup):
        return Tup(tuple(fresh_like(x, atoms) for x in v.items))
    if isinstance(v, AFun) and v.arr is not None:
        return AFun(z3.FreshConst(v.arr.sort()), v.dom)
    if isinstance(v, z3.ExprRef):
        return z3.FreshConst(v.sort())
    raise ShapeError(f"no unspecified value of shape {describe(v)}")


def concrete_key(v: Any, atoms: Atoms) -> Any:
    """The Python key (atom name or int) a value denotes when it is a literal, else None."""
    if atoms.is_atom(v):
        return atoms.name_of(v)
    if is_int(v):
        s = z3.simplify(v)
        return s.as_long() if z3.is_int_value(s) else None
    return None


def key_value(k: Any, atoms: Atoms) -> z3.ExprRef:
    return atoms.z.int_val(k) if isinstance(k, int) else atoms.const[k]


def except_update(f: Any, arg: Any, new: Any, atoms: Atoms) -> Fun | AFun:
    """[f EXCEPT ![arg] = new]; ``new`` is a function of the old value (for @). On an ``AFun`` an
    argument outside the domain only writes junk, which is TLA+'s "f unchanged"."""
    if isinstance(f, AFun):
        value = new(f.at(arg))
        if f.arr is not None:
            if isinstance(value, Empty):  # [plan EXCEPT ![j] = {}]: {} of the values' element sort
                value = set_array(value, f.arr.sort().range().domain())
            return AFun(z3.Store(f.arr, arg, value), f.dom)
        if isinstance(value, Empty):
            return f
        return AFun(z3.Store(z3.K(f.dom.sort().domain(), set_array(EMPTY, value.sort().domain())), arg, value), f.dom)
    if not isinstance(f, Fun):
        raise ShapeError(f"EXCEPT on {describe(f)}")
    key = concrete_key(arg, atoms)
    items = dict(f.items)
    if key is not None:
        if key in items:
            items[key] = new(items[key])
        return Fun(items)
    for k, old in f.items.items():
        items[k] = ite(eq(arg, key_value(k, atoms), atoms.z), new(old), old)
    return Fun(items)
