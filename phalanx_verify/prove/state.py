"""Symbolic states: variable shapes read from the spec's type invariant, fresh z3 states of those
shapes, and a z3 model read back as a readable TLA+ state.

The shapes come from the spec, like Apalache's type annotations but without annotations: each
variable must be constrained by a conjunct ``x \\in T`` or ``x \\subseteq S`` of the type
invariant (``TypeOK``, followed through definitions and INSTANCEs). A shape fixes only the
structure (a function's domain, whether a set holds integers or atoms); the values stay free
and the type invariant itself is a conjunct of IndInv, so a step that breaks it is caught.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from ..tla import resolve_def
from ..tla import syntax as ast
from . import symbolic as sym
from .symbolic import AFun, Atoms, FinSet, Fun
from .translate import Env, TranslationError, Translator


@dataclass(frozen=True)
class Shape:
    """``kind`` is atom, int, bool, atomset, intset or fun (with ``keys`` and ``range``, or in the
    unbounded mode ``domain``, the symbolic set it is defined on)."""

    kind: str
    keys: tuple[Any, ...] = ()
    range: Shape | None = None
    domain: Any = None


def infer_shapes(tr: Translator, type_inv: ast.Expr, env: Env, variables: list[str]) -> dict[str, Shape]:
    """Read each variable's shape from the conjuncts of the type invariant."""
    found: dict[str, Shape] = {}
    _collect(tr, type_inv, env, found)
    missing = [v for v in variables if v not in found]
    if missing:
        raise TranslationError(f"cannot read the shape of variable(s) {', '.join(missing)} from the type "
                               "invariant (expected conjuncts x \\in T or x \\subseteq S)", type_inv.pos)
    return found


def _collect(tr: Translator, e: ast.Expr, env: Env, found: dict[str, Shape]) -> None:
    if isinstance(e, ast.And):
        for x in e.items:
            _collect(tr, x, env, found)
        return
    if isinstance(e, ast.Name):
        target = resolve_def(e.name, env.scope)
        if target is not None and isinstance(target[0], ast.OpDef) and not target[0].params:
            _collect(tr, target[0].body, Env(target[1], env.cur), found)
        return
    if isinstance(e, ast.Apply) and e.op in ("in", "subseteq") and isinstance(e.args[0], ast.Name):
        var = _variable(e.args[0].name, env)
        if var is None or var in found:
            return
        if e.op == "in":
            found[var] = _element_shape(tr, e.args[1], env)
        else:
            found[var] = _set_shape(tr, e.args[1], env)


def _variable(name: str, env: Env) -> str | None:
    """The root-module variable a name denotes, through INSTANCE substitutions."""
    scope = env.scope
    while scope.subst is not None:
        sub = scope.subst.get(name)
        if not isinstance(sub, ast.Name):
            return None
        assert scope.parent is not None  # a scope with substitutions is an INSTANCE's, inside its parent
        name, scope = sub.name, scope.parent
    return name if name in scope.variables else None


def _element_shape(tr: Translator, s: ast.Expr, env: Env) -> Shape:
    """The shape of the elements of the set expression s."""
    if isinstance(s, ast.Name) and s.name in ("Nat", "Int"):
        return Shape("int")
    if isinstance(s, ast.Name) and s.name == "BOOLEAN":
        return Shape("bool")
    if isinstance(s, ast.Apply) and s.op == "dots_2":
        return Shape("int")
    if isinstance(s, ast.Apply) and s.op == "powerset":
        return _set_shape(tr, s.args[0], env)
    if isinstance(s, ast.FuncSet):
        dom = tr.eval(s.domain, env)
        if sym.is_set_array(dom) and tr.atoms.unbounded:
            return Shape("fun", (), _element_shape(tr, s.range, env), dom)
        keys = tuple(tr.constant_keys(dom, s.domain))
        return Shape("fun", keys, _element_shape(tr, s.range, env))
    if isinstance(s, ast.SetFilter):
        return _element_shape(tr, s.bound.set, env)  # type: ignore[arg-type]
    v = tr.eval(s, env)
    if isinstance(v, FinSet) or (sym.is_set_array(v) and v.sort().domain() == tr.atoms.sort):
        return Shape("atom")
    if sym.is_int_set(v):
        return Shape("int")
    raise TranslationError(f"cannot read an element shape from {sym.describe(v)}", s.pos)


def _set_shape(tr: Translator, s: ast.Expr, env: Env) -> Shape:
    inner = _element_shape(tr, s, env)
    if inner.kind == "atom":
        return Shape("atomset")
    if inner.kind == "int":
        return Shape("intset")
    raise TranslationError("sets of sets or of functions are outside the z3 fragment", s.pos)


def fresh_value(shape: Shape, name: str, atoms: Atoms) -> Any:
    z = atoms.z
    if shape.kind == "atom":
        return z3.Const(z.fresh_name(name), atoms.sort)
    if shape.kind == "int":
        return z.int_const(name)
    if shape.kind == "bool":
        return z3.Bool(z.fresh_name(name), z.ctx)
    if shape.kind == "atomset" and not atoms.unbounded:
        return FinSet({k: z3.Bool(z.fresh_name(f"{name}_{k}"), z.ctx) for k in atoms.names})
    if shape.kind in ("atomset", "intset"):
        return z3.Const(z.fresh_name(name), _sort(shape, atoms))
    assert shape.range is not None
    if shape.domain is not None:
        return AFun(z3.Array(z.fresh_name(name), shape.domain.sort().domain(), _sort(shape.range, atoms)), shape.domain)
    return Fun({k: fresh_value(shape.range, f"{name}[{k}]", atoms) for k in shape.keys})


def _sort(shape: Shape, atoms: Atoms) -> z3.SortRef:
    """The z3 sort of a value of this shape when it is one z3 term (unbounded mode)."""
    z = atoms.z
    simple = {"atom": atoms.sort, "int": z.int_sort, "bool": z.bool_sort}
    if shape.kind in simple:
        return simple[shape.kind]
    if shape.kind in ("atomset", "intset"):
        return z3.ArraySort(atoms.sort if shape.kind == "atomset" else z.int_sort, z.bool_sort)
    raise TranslationError("a function whose values are functions, over a symbolic set, is outside the "
                           "unbounded fragment")


def fresh_state(shapes: dict[str, Shape], variables: list[str], atoms: Atoms, tag: str) -> dict[str, Any]:
    return {v: fresh_value(shapes[v], f"{v}{tag}", atoms) for v in variables}


# -- reading a model back -------------------------------------------------------------------------
def render(v: Any, m: z3.ModelRef, atoms: Atoms) -> str:
    """A value of a z3 model in TLA+ notation (sets sorted, functions as (k :> v @@ ...))."""
    if isinstance(v, FinSet):
        members = [k for k, b in sorted(v.bits.items()) if z3.is_true(m.eval(b, model_completion=True))]
        return "{" + ", ".join(k for k in members) + "}"
    if isinstance(v, Fun):
        return "(" + " @@ ".join(f"{_key_text(k)} :> {render(x, m, atoms)}" for k, x in v.items.items()) + ")"
    if isinstance(v, sym.Tup):
        return "<<" + ", ".join(render(x, m, atoms) for x in v.items) + ">>"
    if isinstance(v, sym.Empty):
        return "{}"
    if sym.is_int_set(v):
        return render_int_set(v, m)
    val = m.eval(v, model_completion=True)
    if sym.is_bool(v):
        return "TRUE" if z3.is_true(val) else "FALSE"
    if sym.is_int(v):
        return str(val.as_long()) if z3.is_int_value(val) else str(val)
    name = atoms.name_of(val)
    return name if name is not None else str(val)


def concrete(v: Any, m: z3.ModelRef, atoms: Atoms) -> Any:
    """A value of a (bounded) z3 model as plain Python: frozensets of atom names or ints, dicts
    for functions, ints, bools, atom names."""
    if isinstance(v, FinSet):
        return frozenset(k for k, b in v.bits.items() if z3.is_true(m.eval(b, model_completion=True)))
    if isinstance(v, Fun):
        return {k: concrete(x, m, atoms) for k, x in v.items.items()}
    if isinstance(v, sym.Tup):
        return tuple(concrete(x, m, atoms) for x in v.items)
    if isinstance(v, sym.Empty):
        return frozenset()
    if sym.is_int_set(v):
        text = render_int_set(v, m)
        if not text.startswith("{"):
            raise ValueError(f"an infinite set of integers: {text}")
        return frozenset(int(x) for x in text.strip("{}").split(", ") if x)
    val = m.eval(v, model_completion=True)
    if sym.is_bool(v) or sym.is_int(v):
        val = _decided(val)
        return z3.is_true(val) if sym.is_bool(v) else val.as_long()
    return atoms.name_of(val)


def pin_concrete(v: Any, value: Any, atoms: Atoms) -> z3.BoolRef:
    """The formula "this symbolic value of a bounded problem equals this ``concrete`` value"."""
    z = atoms.z
    if isinstance(v, Fun):
        return z.and_([pin_concrete(x, value[k], atoms) for k, x in v.items.items()])
    if isinstance(v, sym.Tup):
        return z.and_([pin_concrete(x, y, atoms) for x, y in zip(v.items, value, strict=True)])
    if isinstance(v, FinSet):
        return z.and_([b == (k in value) for k, b in v.bits.items()])
    if isinstance(v, sym.Empty):
        return z.bool_val(not value)
    if sym.is_int_set(v):
        arr = z.empty_set(z.int_sort)
        for x in sorted(value):
            arr = z3.Store(arr, x, True)
        return v == arr
    if sym.is_int(v) or sym.is_bool(v):
        return v == value
    return v == atoms.const[value]


def _decided(val: z3.ExprRef) -> z3.ExprRef:
    """A closed Boolean or integer term as its value. z3's evaluator leaves a CHOOSE's
    interpretation standing (an if-then-else over a test on its set, ``\\A e : ...`` or an
    array equality); the term has no free constant, so it equals one of the literals it
    mentions, the one z3 proves it equal to."""
    if z3.is_int_value(val) or z3.is_true(val) or z3.is_false(val):
        return val
    literals = [z3.BoolVal(True, val.ctx), z3.BoolVal(False, val.ctx)] if z3.is_bool(val) else \
        [z3.IntVal(n, val.ctx) for n in sorted({t.as_long() for t in _subterms(val) if z3.is_int_value(t)})]
    for c in literals:
        s = z3.Solver(ctx=val.ctx)
        s.set("rlimit", 5_000_000)
        s.add(val != c)
        if s.check() == z3.unsat:
            return c
    raise ValueError(f"a value the model leaves symbolic: {val}")


def _subterms(t: z3.ExprRef) -> list[z3.ExprRef]:
    out, todo = [], [t]
    while todo:
        x = todo.pop()
        out.append(x)
        if z3.is_quantifier(x):
            todo.append(x.body())
        elif z3.is_app(x):
            todo.extend(x.children())
    return out


def render_int_set(arr: z3.ArrayRef, m: z3.ModelRef) -> str:
    """Members among the integers the model's term mentions; a set that also holds an integer
    the term does not mention is infinite, and prints as z3's term."""
    term = m.eval(arr, model_completion=True)
    candidates: set[int] = set()
    todo = [term]
    while todo:
        t = todo.pop()
        if z3.is_int_value(t):
            candidates.add(t.as_long())
        todo.extend(t.children())
    outside = max(candidates, default=0) + 7919
    if z3.is_true(m.eval(z3.Select(arr, outside), model_completion=True)):
        return str(term)
    members = [c for c in sorted(candidates) if z3.is_true(m.eval(z3.Select(arr, c), model_completion=True))]
    return "{" + ", ".join(str(x) for x in members) + "}"


def _key_text(k: Any) -> str:
    return str(k)


def pin(sym_value: Any, value: Any, atoms: Atoms) -> z3.BoolRef:
    """The formula "this symbolic value equals this checker value" (a frozenset, Fcn, model value,
    string, int): used to evaluate the translation on states the explicit-state checker reached."""
    z = atoms.z
    if isinstance(sym_value, Fun):
        return z.and_([pin(sym_value.items[k], value[_key_of(k, value)], atoms) for k in sym_value.items])
    if isinstance(sym_value, FinSet):
        names = {_atom_key(x) for x in value}
        return z.and_([b == (k in names) for k, b in sym_value.bits.items()] + [z.bool_val(names <= set(sym_value.bits))])
    if sym.is_int_set(sym_value):
        arr = z.empty_set(z.int_sort)
        for x in sorted(value):
            arr = z3.Store(arr, x, True)
        return sym_value == arr
    if sym.is_int(sym_value) or sym.is_bool(sym_value):
        return sym_value == value
    return sym_value == atoms.const[_atom_key(value)]


def _atom_key(v: Any) -> str:
    return sym.string_atom(v) if isinstance(v, str) else v.name


def _key_of(k: Any, fcn: Any) -> Any:
    """The checker's key (a ModelValue, string or int) for a symbolic function key."""
    for x in fcn:
        if (x if isinstance(x, int) else _atom_key(x)) == k:
            return x
    raise KeyError(k)
