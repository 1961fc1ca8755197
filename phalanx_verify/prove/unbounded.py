"""The unbounded mode of ``prove inductive``: the model's constants made symbolic, so one z3 query
covers every cluster size at once, and a z3 model read back as a small concrete cluster.

From the cfg only the *kind* of each constant is kept:

- a set of model values (``Job = {j1, j2}``) becomes a symbolic set of the uninterpreted atom
  sort, of any size (z3 may pick any finite or infinite set; a proof for all of them holds for
  every finite one). The named atoms (string literals, single model values such as ``None``) are
  distinct and outside it, and two such sets are disjoint when the cfg's are, as TLC's model
  values are, or one inside the other when the cfg's is (RRPLifecycle's gangs, ``High``, among
  the jobs);
- an integer (``MaxFail = 2``) becomes a symbolic natural (the cfg has no negative numbers);
- a single model value (``None = none``) stays the named atom it is;
- anything else keeps the cfg's value.

What is abstracted: ``Cardinality`` (the translator's uninterpreted function, see translate.py).
In RRP it appears only in Init, in RRPLifecycle also in Plan's guard (``Fits``): always in a
premise, so every real initial state or step is an abstract one, and an obligation proved over
the abstraction holds for the real one; an abstract premise being satisfiable does not prove the
real one is (the bounded proofs show that).
"""

from __future__ import annotations

import re
from typing import Any

import z3

from ..tla import syntax as ast
from ..tla.values import ModelValue
from . import symbolic as sym
from .limits import DEFAULT_LIMITS
from .report import solve
from .state import render_int_set
from .symbolic import AFun, Atoms
from .translate import TranslationError, value_order
from .z3env import Z3Env


class Universe:
    """The symbolic constants of one model, the facts that tie them to TLC's model values, and
    the reading of a z3 model as a cluster."""

    def __init__(self, constants: dict[str, Any], atoms: Atoms, cfg_pos: ast.Pos) -> None:
        self.atoms = atoms
        self.values: dict[str, Any] = {}
        self.axioms: list[z3.BoolRef] = [atoms.distinct()]
        self.sets: dict[str, tuple[z3.ArrayRef, str]] = {}  # name -> (symbolic set, element prefix)
        self.naturals: dict[str, z3.ArithRef] = {}
        set_sort = z3.ArraySort(atoms.sort, atoms.z.bool_sort)
        for name, v in constants.items():
            if isinstance(v, frozenset) and v and all(isinstance(x, ModelValue) for x in v):
                s = z3.Const(name, set_sort)
                self.values[name] = s
                self.sets[name] = (s, _prefix(sorted(x.name for x in v - _inner(name, constants))))
                self.axioms.extend(z3.Not(s[c]) for c in atoms.const.values())
            elif isinstance(v, int) and not isinstance(v, bool):
                n = self.values[name] = self.naturals[name] = z3.Int(name, atoms.z.ctx)
                self.axioms.append(n >= 0)
        names = list(self.sets)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                self.axioms.append(self._relation(a, b, constants, cfg_pos))
        # An element is named after the smallest set it belongs to: a gang g1 of High, a job j1.
        self.naming = sorted(names, key=lambda n: len(constants[n]))

    def _relation(self, a: str, b: str, constants: dict[str, Any], cfg_pos: ast.Pos) -> z3.BoolRef:
        """What the cfg says of two sets of model values, kept for every size: disjoint (Job and
        Leaf), or one inside the other (RRPLifecycle's High, the gangs among the Jobs). Any other
        overlap has no symbolic reading that keeps to the cfg's intent."""
        x = z3.Const(f"x_{a}_{b}", self.atoms.sort)
        sa, sb = self.sets[a][0][x], self.sets[b][0][x]
        if not constants[a] & constants[b]:
            return z3.ForAll([x], z3.Not(z3.And(sa, sb)))
        if constants[a] <= constants[b]:
            return z3.ForAll([x], z3.Implies(sa, sb))
        if constants[b] <= constants[a]:
            return z3.ForAll([x], z3.Implies(sb, sa))
        raise TranslationError(f"--unbounded needs the sets of model values {a} and {b} to be disjoint or one "
                               "inside the other, as they are read as two symbolic sets", cfg_pos)

    def pin(self, constants: dict[str, Any], states: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[z3.BoolRef]:
        """Formulas fixing the symbolic constants to the cfg's cluster and each symbolic state to
        a concrete one (``concrete`` values of a bounded model, keyed by atom name): the way a
        bounded witness is shown to satisfy an unbounded formula."""
        atom_of = dict(self.atoms.const)
        for name in self.sets:
            for mv in sorted(constants[name], key=lambda x: x.name):
                atom_of[mv.name] = z3.Const(f"{mv.name}!cluster", self.atoms.sort)
        out = [z3.Distinct(*atom_of.values())] if len(atom_of) > 1 else []
        for name, (s, _) in self.sets.items():
            out.append(s == _array_of([atom_of[mv.name] for mv in sorted(constants[name], key=lambda x: x.name)], self.atoms.sort))
        out += [n == constants[name] for name, n in self.naturals.items()]
        for symbolic, value in states:
            out += [_pin(symbolic[v], value[v], atom_of, self.atoms.z) for v in symbolic]
        return out

    def describe(self) -> str:
        sets = ", ".join(self.sets) or "no set constants"
        nats = "".join(f", {n} \\in Nat" for n in self.naturals)
        return f"every finite {sets}{nats}"

    def reader(self, m: z3.ModelRef) -> ClusterReader:
        return ClusterReader(self, m)


class ClusterReader:
    """Names the elements of a z3 model's atom universe (``j1``, ``l2``, ``none``, ``"Run"``)
    and renders values over them in TLA+ notation."""

    def __init__(self, universe: Universe, m: z3.ModelRef) -> None:
        self.m = m
        self.u = universe
        self.elements = list(m.get_universe(universe.atoms.sort) or [])
        self.names: dict[str, str] = {}
        for name, c in universe.atoms.const.items():
            self.names.setdefault(self._key(c), name)
        counters: dict[str, int] = {}
        for e in self.elements:
            if self._key(e) in self.names:
                continue
            prefix = next((universe.sets[n][1] for n in universe.naming if self._true(universe.sets[n][0][e])), "a")
            counters[prefix] = counters.get(prefix, 0) + 1
            self.names[self._key(e)] = f"{prefix}{counters[prefix]}"

    def _key(self, t: z3.ExprRef) -> str:
        return self.m.eval(t, model_completion=True).sexpr()

    def _true(self, b: z3.BoolRef) -> bool:
        return z3.is_true(self.m.eval(b, model_completion=True))

    def holds(self, f: z3.BoolRef) -> bool | None:
        """Whether a formula holds in the model. z3's evaluator leaves quantifiers standing; what
        remains is decided over the model's finite universe (None if z3 cannot)."""
        r = self.m.eval(f, model_completion=True)
        if z3.is_true(r) or z3.is_false(r):
            return z3.is_true(r)
        s = DEFAULT_LIMITS.solver(ctx=self.u.atoms.z.ctx)
        s.add(_closed(self.elements, self.u.atoms.sort, self.u.atoms.z), z3.Not(r))
        res = solve(s)
        return True if res == z3.unsat else False if res == z3.sat else None

    def constants(self) -> dict[str, str]:
        """The cluster: each symbolic constant's value in the model."""
        out = {n: self.render(s) for n, (s, _) in self.u.sets.items()}
        out.update({n: self.render(x) for n, x in self.u.naturals.items()})
        return out

    def render(self, v: Any) -> str:
        if isinstance(v, sym.Empty):
            return "{}"
        if isinstance(v, AFun):
            keys = [e for e in self.elements if self._true(v.dom[e])]
            if not keys:
                return "<<>>"
            return "(" + " @@ ".join(f"{self.names[self._key(k)]} :> {self.render(v.at(k))}" for k in keys) + ")"
        if sym.is_set_array(v) and v.sort().domain() == self.u.atoms.sort:
            return "{" + ", ".join(self.names[self._key(e)] for e in self.elements if self._true(v[e])) + "}"
        if sym.is_int_set(v):
            return render_int_set(v, self.m)
        val = self.m.eval(v, model_completion=True)
        if sym.is_bool(v):
            return "TRUE" if z3.is_true(val) else "FALSE"
        if sym.is_int(v):
            return str(val.as_long()) if z3.is_int_value(val) else str(val)
        if self.u.atoms.is_atom(v):
            return self.names.get(val.sexpr(), str(val))
        raise TranslationError(f"cannot render {sym.describe(v)} in a counterexample")


def _closed(elements: list[z3.ExprRef], sort: z3.SortRef, z: Z3Env) -> z3.BoolRef:
    """The universe of ``sort`` is exactly these distinct elements."""
    x = z3.FreshConst(sort, "x")
    distinct = z3.Distinct(*elements) if len(elements) > 1 else z.true
    return z3.And(distinct, z3.ForAll([x], z.or_([x == e for e in elements])))


def _pin(v: Any, value: Any, atom_of: dict[str, z3.ExprRef], z: Z3Env) -> z3.BoolRef:
    if isinstance(v, AFun):
        return z.and_([_pin(v.at(atom_of[k]), x, atom_of, z) for k, x in value.items()])
    if isinstance(v, sym.Empty):
        return z.bool_val(not value)
    if sym.is_set_array(v):
        elem = v.sort().domain()
        items = [z.int_val(x) if isinstance(x, int) else atom_of[x] for x in sorted(value, key=value_order)]
        return v == _array_of(items, elem)
    if isinstance(value, str):
        return v == atom_of[value]
    return v == value


def _array_of(items: list[z3.ExprRef], elem: z3.SortRef) -> z3.ArrayRef:
    arr = z3.K(elem, z3.BoolVal(False, elem.ctx))
    for x in items:
        arr = z3.Store(arr, x, True)
    return arr


def _inner(name: str, constants: dict[str, Any]) -> frozenset[Any]:
    """The model values of ``name`` that a smaller set of the cfg also holds (High's in Job): its
    own stem is read from the others, so Job's elements are j1, j2 and High's g1."""
    own = constants[name]
    inner = [v for v in constants.values() if isinstance(v, frozenset) and v < own]
    return frozenset().union(*inner)


def _prefix(names: list[str]) -> str:
    """The common stem of a cfg's model values (``j`` for j1, j2), to name the model's elements."""
    stems = {re.sub(r"\d+$", "", n) for n in names}
    return stems.pop() if len(stems) == 1 and next(iter(stems), "") else names[0][:1] or "a"
