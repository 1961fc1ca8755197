"""TLA+ AST -> z3, for finite constants: the same parsed tree the checker compiles.

``Translator.formula(expr, env)`` gives the z3 formula of a state or action predicate over two
symbolic states (``Env.cur``, ``Env.nxt``). Names resolve as the compiler resolves them, by
``tla.bindings``: locals, then INSTANCE substitutions, variables, constants (values from the
model's cfg), definitions (also through ``R!Op``), standard modules. Operators are called by
value. Bounded quantifiers over sets of atoms unroll; over sets of integers, ``Nat``,
``SUBSET S`` they become z3 quantifiers over a fresh variable (a fresh set variable for
SUBSET). CHOOSE is an uninterpreted function of its set (deterministic, as in TLA+) plus
ground instances of its witness axiom (``choice_instances``).

In the unbounded mode (``Atoms(unbounded=True)``, see ``prove/unbounded.py``) the constants are
symbolic (Job and Leaf are sets of an uninterpreted sort), so nothing unrolls: sets of atoms are
arrays to Bool, a function over such a set is an ``AFun`` (an array), quantifiers over them are
z3 quantifiers, and ``Cardinality`` is an uninterpreted function of its set (an abstraction: it
keeps only congruence, so a proof over it holds for the real cardinality too).

Anything outside this fragment raises ``TranslationError`` naming the construct and its
file:line:col (exit 150, like a semantic error).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import z3

from ..tla import bindings, resolve_def
from ..tla import syntax as ast
from ..tla.errors import SemanticError
from ..tla.modules import ALWAYS_VISIBLE, Scope
from ..tla.values import ModelValue
from . import symbolic as sym
from .symbolic import EMPTY, AFun, Atoms, FinSet, Fun, ShapeError, Tup


class TranslationError(SemanticError):
    """A construct outside the z3 fragment, or a shape error, at a source position."""

    kind = "z3 translation error"


@dataclass(frozen=True)
class Env:
    """Where an expression is evaluated: its scope, bound names, the state pair, and flags."""

    scope: Scope
    cur: Mapping[str, Any]
    nxt: Mapping[str, Any] | None = None
    locals: Mapping[str, Any] = field(default_factory=dict)
    primed: bool = False
    at: Any = None

    def bind(self, name: str, value: Any) -> Env:
        return replace(self, locals={**self.locals, name: value})


@dataclass(frozen=True)
class Closure:
    """A LET-defined operator: its definition and the environment it was defined in."""

    defn: ast.OpDef
    env: Env


_ARITH = {"plus": lambda a, b: a + b, "minus": lambda a, b: a - b, "mul": lambda a, b: a * b,
          "lt": lambda a, b: a < b, "gt": lambda a, b: a > b, "leq": lambda a, b: a <= b,
          "geq": lambda a, b: a >= b}
_BOOL2 = {"implies": z3.Implies, "equiv": lambda a, b: a == b, "iff": lambda a, b: a == b}
_BUILTINS = set(_ARITH) | set(_BOOL2) | {
    "eq", "neq", "in", "notin", "cup", "cap", "setminus", "subseteq", "supseteq", "lnot", "negative",
    "dots_2", "powerset", "domain", "Cardinality"}


class Translator:
    """Translates expressions of one model (root scope + constant values) to z3, in the z3
    context of its atoms' run (``atoms.z``)."""

    def __init__(self, root: Scope, constants: Mapping[str, Any], atoms: Atoms,
                 symbolic: Mapping[str, Any] | None = None) -> None:
        """``symbolic`` gives z3 values for constants, in place of the cfg's (unbounded mode)."""
        self.root = root
        self.atoms = atoms
        self.z = atoms.z
        symbolic = symbolic or {}
        self.constants = {k: symbolic[k] if k in symbolic else self.constant_value(v) for k, v in constants.items()}
        self._cardinality: dict[z3.SortRef, z3.FuncDeclRef] = {}
        self._choose_fns: dict[tuple[Any, ...], z3.FuncDeclRef] = {}
        # Every CHOOSE term translated, by its z3 id (z3 shares equal terms): its set, predicate, term.
        self.choices: dict[int, tuple[Any, Callable[[Any], z3.BoolRef], z3.ExprRef]] = {}
        self._instances: dict[tuple[int, int], tuple[z3.ExprRef, z3.BoolRef]] = {}

    # -- entry points -------------------------------------------------------------------------
    def formula(self, e: ast.Expr, env: Env) -> z3.BoolRef:
        v = self.eval(e, env)
        if not sym.is_bool(v):
            raise TranslationError(f"expected a formula, found {sym.describe(v)}", e.pos)
        return v

    def eval(self, e: ast.Expr, env: Env) -> Any:
        method = getattr(self, "t_" + type(e).__name__, None)
        if method is None:
            raise TranslationError(f"{type(e).__name__} is outside the z3 fragment", e.pos)
        try:
            return method(e, env)
        except ShapeError as err:
            raise TranslationError(str(err), e.pos) from None
        except z3.Z3Exception as err:
            raise TranslationError(f"z3 rejected the term: {err}", e.pos) from None

    def constant_value(self, v: Any) -> Any:
        if isinstance(v, bool):
            return self.z.bool_val(v)
        if isinstance(v, int):
            return self.z.int_val(v)
        if isinstance(v, ModelValue):
            if v.name not in self.atoms.const:  # unbounded mode: a member of a symbolic set
                raise TranslationError(f"the model value {v.name} of a symbolic set, named alone (outside "
                                       "the unbounded fragment)")
            return self.atoms.const[v.name]
        if isinstance(v, str):
            return self.atoms.const[sym.string_atom(v)]
        if isinstance(v, frozenset):
            items = [self.constant_value(x) for x in sorted(v, key=value_order)]
            return self._set_of(items) if items else EMPTY
        raise TranslationError(f"constant value {v!r} is outside the z3 fragment")

    # -- literals and names ---------------------------------------------------------------------
    def t_Num(self, e: ast.Num, env: Env) -> Any:
        return self.z.int_val(e.value)

    def t_Str(self, e: ast.Str, env: Env) -> Any:
        return self.atoms.const[sym.string_atom(e.value)]

    def t_Bool(self, e: ast.Bool, env: Env) -> Any:
        return self.z.bool_val(e.value)

    def t_At(self, e: ast.At, env: Env) -> Any:
        if env.at is None:
            raise TranslationError("@ outside an EXCEPT", e.pos)
        return env.at

    def t_Name(self, e: ast.Name, env: Env) -> Any:
        if e.name in env.locals:
            v = env.locals[e.name]
            if isinstance(v, Closure):
                return self._call_closure(v, (), env, e.pos)
            return v
        return self._global(e.name, (), env, e.pos)

    def _global(self, name: str, args: tuple[Any, ...], env: Env, pos: ast.Pos) -> Any:
        binding = bindings.global_binding(name, env.scope)
        if isinstance(binding, bindings.Substituted):
            if args:
                raise TranslationError(f"operator constant {name} cannot be substituted", pos)
            outer = replace(env, scope=binding.parent, locals={}, at=None)
            return self.eval(binding.expr, outer)
        if isinstance(binding, bindings.Variable):
            state = env.nxt if env.primed else env.cur
            if state is None:
                raise TranslationError(f"primed variable {name} where no next state exists", pos)
            return state[name]
        if isinstance(binding, bindings.Constant):
            if name not in self.constants:
                raise TranslationError(f"constant {name} has no value in the model", pos)
            return self.constants[name]
        if isinstance(binding, bindings.Defined):
            return self._call_def((binding.defn, binding.scope), args, env, pos, name)
        if name in ("TRUE", "FALSE"):
            return self.z.bool_val(name == "TRUE")
        if name in ("Nat", "Int", "BOOLEAN", "STRING") or name in ALWAYS_VISIBLE:
            raise TranslationError(f"the infinite set {name} used as a value (only as x \\in {name} "
                                   "or in a quantifier bound)", pos)
        raise TranslationError(f"unknown operator {name}", pos)

    def _call_def(self, target: tuple[ast.Definition, Scope], args: tuple[Any, ...], env: Env,
                  pos: ast.Pos, name: str) -> Any:
        defn, scope = target
        if isinstance(defn, ast.InstanceDef):
            raise TranslationError(f"{name} names a module instance, not an operator", pos)
        if isinstance(defn, ast.FunDef):
            raise TranslationError(f"function definition {name}[...] is outside the z3 fragment", pos)
        if defn.recursive:
            raise TranslationError(f"recursive operator {name} is outside the z3 fragment", pos)
        if any(p.arity for p in defn.params):
            raise TranslationError(f"higher-order operator {name} is outside the z3 fragment", pos)
        if len(defn.params) != len(args):
            raise TranslationError(f"operator {name} takes {len(defn.params)} arguments, {len(args)} given", pos)
        inner = Env(scope, env.cur, env.nxt, {p.name: a for p, a in zip(defn.params, args, strict=True)},
                    env.primed, None)
        return self.eval(defn.body, inner)

    def _call_closure(self, c: Closure, args: tuple[Any, ...], env: Env, pos: ast.Pos) -> Any:
        if len(c.defn.params) != len(args):
            raise TranslationError(f"operator {c.defn.name} takes {len(c.defn.params)} arguments", pos)
        inner = c.env
        for p, a in zip(c.defn.params, args, strict=True):
            inner = inner.bind(p.name, a)
        return self.eval(c.defn.body, replace(inner, primed=env.primed or c.env.primed))

    # -- operator application ---------------------------------------------------------------------
    def t_Apply(self, e: ast.Apply, env: Env) -> Any:
        op = e.op
        if op in ("in", "notin"):
            m = self.member(self.eval(e.args[0], env), e.args[1], env)
            return m if op == "in" else z3.Not(m)
        if op in env.locals:
            c = env.locals[op]
            if not isinstance(c, Closure):
                raise TranslationError(f"{op} is not an operator", e.pos)
            return self._call_closure(c, tuple(self.eval(a, env) for a in e.args), env, e.pos)
        if resolve_def(op, env.scope) is not None or (env.scope.subst is not None and op in env.scope.subst):
            return self._global(op, tuple(self.eval(a, env) for a in e.args), env, e.pos)
        args = [self.eval(a, env) for a in e.args]
        if op == "eq":
            return sym.eq(args[0], args[1], self.z)
        if op == "neq":
            return z3.Not(sym.eq(args[0], args[1], self.z))
        if op in ("cup", "cap", "setminus"):
            return sym.set_op(op, args[0], args[1], self.z)
        if op == "subseteq":
            return sym.subseteq(args[0], args[1], self.z)
        if op == "supseteq":
            return sym.subseteq(args[1], args[0], self.z)
        if op == "lnot":
            return z3.Not(args[0])
        if op in _BOOL2:
            return _BOOL2[op](*args)
        if op in _ARITH:
            return _ARITH[op](*args)
        if op == "negative":
            return -args[0]
        if op == "Cardinality":
            if sym.is_set_array(args[0]) and self.atoms.unbounded:
                return self.cardinality_of(args[0])
            return sym.cardinality(args[0], self.z)
        if op == "dots_2":
            lo, hi = args
            a, b = z3.simplify(lo), z3.simplify(hi)
            if z3.is_int_value(a) and z3.is_int_value(b) and b.as_long() - a.as_long() < 64:
                # A range with known bounds is written out element by element: z3 then decides
                # 0..0 \subseteq {1} without a quantifier (it answers unknown on the lambda).
                arr = self.z.empty_set(self.z.int_sort)
                for k in range(a.as_long(), b.as_long() + 1):
                    arr = z3.Store(arr, k, True)
                return arr
            x = self.z.int_const("k")
            return z3.Lambda([x], z3.And(lo <= x, x <= hi))
        if op == "domain":
            f = args[0]
            if isinstance(f, AFun):
                return f.dom
            if not isinstance(f, Fun):
                raise TranslationError("DOMAIN of a value that is not a function", e.pos)
            return self._set_of([sym.key_value(k, self.atoms) for k in f.items]) if f.items else EMPTY
        raise TranslationError(f"operator {op} is outside the z3 fragment", e.pos)

    # -- Boolean structure ------------------------------------------------------------------------
    def t_And(self, e: ast.And, env: Env) -> Any:
        return self.z.and_([self.formula(x, env) for x in e.items])

    def t_Or(self, e: ast.Or, env: Env) -> Any:
        return self.z.or_([self.formula(x, env) for x in e.items])

    def t_If(self, e: ast.If, env: Env) -> Any:
        c = self.formula(e.cond, env)
        if sym.concrete_true(c):
            return self.eval(e.then, env)
        if sym.concrete_false(c):
            return self.eval(e.else_, env)
        return sym.ite(c, self.eval(e.then, env), self.eval(e.else_, env))

    def t_Case(self, e: ast.Case, env: Env) -> Any:
        if e.other is None:
            raise TranslationError("CASE without OTHER is outside the z3 fragment", e.pos)
        out = self.eval(e.other, env)
        for cond, val in reversed(e.arms):
            out = sym.ite(self.formula(cond, env), self.eval(val, env), out)
        return out

    def t_Let(self, e: ast.Let, env: Env) -> Any:
        inner = env
        for d in e.defs:
            if not isinstance(d, ast.OpDef) or d.recursive or any(p.arity for p in d.params):
                raise TranslationError("LET with a recursive, higher-order or function definition", e.pos)
            inner = inner.bind(d.name, Closure(d, inner))
        return self.eval(e.body, inner)

    # -- quantifiers ------------------------------------------------------------------------------
    def t_Quant(self, e: ast.Quant, env: Env) -> Any:
        names = flat_bounds(e.bounds, e.pos)
        return self._quant(e.kind, names, e.body, env)

    def _quant(self, kind: str, names: list[tuple[str, ast.Expr]], body: ast.Expr, env: Env) -> z3.BoolRef:
        if not names:
            return self.formula(body, env)
        (name, set_expr), rest = names[0], names[1:]
        parts = []
        for guard, value, zvars, inner in self.domain(set_expr, env):
            b = self._quant(kind, rest, body, inner.bind(name, value))
            f = z3.Implies(guard, b) if kind == "forall" else z3.And(guard, b)
            if zvars:
                f = z3.ForAll(zvars, f) if kind == "forall" else z3.Exists(zvars, f)
            parts.append(f)
        return self.z.and_(parts) if kind == "forall" else self.z.or_(parts)

    def domain(self, s: ast.Expr, env: Env) -> Iterator[tuple[z3.BoolRef, Any, list[z3.ExprRef], Env]]:
        """The elements of a bound set: (guard, element, z3 variables to quantify, env) per case.
        Finite sets of atoms unroll (no z3 variables); the rest is one symbolic element."""
        if isinstance(s, ast.Name) and s.name in ("Nat", "Int") and s.name not in env.locals \
                and resolve_def(s.name, env.scope) is None:
            x = self.z.int_const(s.name)
            yield (x >= 0 if s.name == "Nat" else self.z.true), x, [x], env
            return
        if isinstance(s, ast.Apply) and s.op == "powerset":
            if _is_set_form(s.args[0]):  # SUBSET Nat: a fresh set of integers inside it
                arr = z3.Const(self.z.fresh_name("sub"), self.z.int_set_sort)
                yield self._all_ints_in(arr, s.args[0], env), arr, [arr], env
                return
            base = self.eval(s.args[0], env)
            if isinstance(base, FinSet):
                bits = {k: z3.Bool(self.z.fresh_name(f"sub_{k}"), self.z.ctx) for k in base.bits}
                guard = self.z.and_([z3.Implies(b, base.bits[k]) for k, b in bits.items()])
                yield guard, FinSet(bits), list(bits.values()), env
                return
            elem = base.sort().domain() if sym.is_set_array(base) else self.z.int_sort
            arr = z3.Array(self.z.fresh_name("sub"), elem, self.z.bool_sort)
            yield z3.IsSubset(arr, sym.set_array(base, elem)), arr, [arr], env
            return
        v = self.eval(s, env)
        if isinstance(v, sym.Empty):
            return
        if isinstance(v, FinSet):
            for k, bit in sorted(v.bits.items()):
                if not sym.concrete_false(bit):
                    yield bit, self.atoms.const[k], [], env
            return
        if sym.is_set_array(v):
            x = z3.Const(self.z.fresh_name("e"), v.sort().domain())
            yield z3.Select(v, x), x, [x], env
            return
        raise TranslationError(f"quantifier over {sym.describe(v)}", s.pos)

    def t_Choose(self, e: ast.Choose, env: Env) -> Any:
        """CHOOSE x \\in S : P as an uninterpreted function of S and of the locals P reads: as
        deterministic as TLA+'s CHOOSE (equal sets give equal choices, by congruence), with no
        axiom on which element it picks. Dropping that axiom only adds models, so proofs stay
        sound; it suffices when an argument rests on determinism (ResumeNewest does)."""
        (name, set_expr), = flat_bounds((e.bound,), e.pos)
        sample = self.eval(set_expr, env)
        if isinstance(sample, FinSet):
            result = self.atoms.sort
        elif sym.is_set_array(sample):
            result = sample.sort().domain()
        else:
            raise TranslationError(f"CHOOSE from {sym.describe(sample)}", e.pos)
        reads = sorted(_free_names(e.body, {name}) & set(env.locals))
        outside = _free_names(e.body, {name}) - set(env.locals) - {c.name for c in env.scope.constants} \
            - {"TRUE", "FALSE", "Nat", "Int"}
        if outside:
            raise TranslationError(f"CHOOSE whose predicate reads {', '.join(sorted(outside))} (only the "
                                   "bound variable, the operator's parameters and constants)", e.pos)
        args = self._flatten(sample) + [x for n in reads for x in self._flatten(env.locals[n])]
        key = (id(e), tuple(a.sort() for a in args))
        fn = self._choose_fns.get(key)
        if fn is None:
            fn = self._choose_fns[key] = z3.Function(self.z.fresh_name("choose"), *[a.sort() for a in args], result)
        c = fn(*args)
        self.choices.setdefault(c.get_id(), (sample, lambda t: self.formula(e.body, env.bind(name, t)), c))
        return c

    def choice_instances(self, facts: list[z3.BoolRef], pool: list[z3.ExprRef]) -> list[z3.BoolRef]:
        """Ground instances of CHOOSE's axiom, (t \\in S /\\ P(t)) => (c \\in S /\\ P(c)), for every
        CHOOSE term c that occurs in ``facts`` and every term t of the pool,
        of those CHOOSE terms and (over a finite set of atoms) of every atom, so over finite sorts
        the axiom is complete. Each is a valid fact, so adding them keeps proofs sound;
        instantiating by hand keeps z3 away from the quantified axiom it cannot decide.

        Only the query's own CHOOSE terms: the translator keeps every one it ever made (each
        Skolem atom of the unbounded mode makes new ones), and instantiating all of them in every
        query made each query larger than the last (RRPResumeInd --unbounded, profiled: the
        per-conjunct queries of IndNext grew from 0.07 to 0.93 CPU s within one action). A CHOOSE
        that reads a quantifier's bound variable is not a term of the query (z3 holds the variable
        as a bound index, not as the constant it was translated with), so it is left out: its
        instances would speak of an unrelated free constant."""
        present = [self.choices[i] for i in _term_ids(facts) if i in self.choices]
        out: list[z3.BoolRef] = []
        for s, pred, c in present:
            terms = list(self.atoms.const.values()) if isinstance(s, FinSet) else \
                [t for t in pool + [x for _, _, x in present] if t.sort() == c.sort()]
            out.extend(self._instance(s, pred, c, t) for t in dict.fromkeys(terms))
        return out

    def _instance(self, s: Any, pred: Callable[[Any], z3.BoolRef], c: z3.ExprRef, t: z3.ExprRef) -> z3.BoolRef:
        """One instance of CHOOSE's axiom, translated once (the term is kept, so its id stays its)."""
        key = (c.get_id(), t.get_id())
        if key not in self._instances:
            holds = z3.And(sym.member(c, s, self.atoms), pred(c))
            self._instances[key] = (t, z3.Implies(z3.And(sym.member(t, s, self.atoms), pred(t)), holds))
        return self._instances[key][1]

    def cardinality_of(self, s: z3.ArrayRef) -> z3.ArithRef:
        """Cardinality of a set over an uninterpreted sort: an uninterpreted function of the set,
        which z3 may interpret any way that respects congruence, the real cardinality included."""
        elem = s.sort().domain()
        fn = self._cardinality.get(elem)
        if fn is None:
            fn = self._cardinality[elem] = z3.Function(self.z.fresh_name("Cardinality"), s.sort(), self.z.int_sort)
        return fn(s)

    def _flatten(self, v: Any) -> list[z3.ExprRef]:
        """A value as a fixed-length list of z3 terms (arguments of an uninterpreted function)."""
        if isinstance(v, FinSet):
            return [v.bits.get(k, self.z.false) for k in self.atoms.names]
        if isinstance(v, Fun):
            return [x for k in v.items for x in self._flatten(v.items[k])]
        if isinstance(v, Tup):
            return [x for item in v.items for x in self._flatten(item)]
        if isinstance(v, sym.Empty):
            raise ShapeError("CHOOSE over a value containing {} of unknown element type")
        return [v]

    # -- sets ---------------------------------------------------------------------------------------
    def _set_of(self, items: list[Any]) -> Any:
        if all(self.atoms.is_atom(x) for x in items) and not self.atoms.unbounded:
            bits: dict[str, list[z3.BoolRef]] = {}
            for x in items:
                name = self.atoms.name_of(x)
                if name is not None:
                    bits.setdefault(name, []).append(self.z.true)
                else:
                    for k in self.atoms.names:
                        bits.setdefault(k, []).append(x == self.atoms.const[k])
            return FinSet({k: z3.simplify(self.z.or_(bs)) for k, bs in bits.items()})
        sorts = {x.sort() for x in items if isinstance(x, z3.ExprRef) and not sym.is_set_array(x)}
        if len(sorts) == 1 and len(items) == sum(1 for x in items if isinstance(x, z3.ExprRef)):
            arr = self.z.empty_set(sorts.pop())
            for x in items:
                arr = z3.Store(arr, x, True)
            return arr
        raise ShapeError("a set enumeration mixes shapes or holds sets/functions (outside the z3 fragment)")

    def t_SetEnum(self, e: ast.SetEnum, env: Env) -> Any:
        if not e.items:
            return EMPTY
        return self._set_of([self.eval(x, env) for x in e.items])

    def t_SetFilter(self, e: ast.SetFilter, env: Env) -> Any:
        (name, set_expr), = flat_bounds((e.bound,), e.pos)
        base = self.eval(set_expr, env)
        if isinstance(base, sym.Empty):
            return EMPTY
        if isinstance(base, FinSet):
            return FinSet({k: z3.And(bit, self.formula(e.pred, env.bind(name, self.atoms.const[k])))
                           for k, bit in base.bits.items() if not sym.concrete_false(bit)})
        if sym.is_set_array(base):
            x = z3.Const(self.z.fresh_name(name), base.sort().domain())
            pred = self.formula(e.pred, env.bind(name, x))
            return z3.Lambda([x], z3.And(z3.Select(base, x), pred))
        raise TranslationError(f"set filter over {sym.describe(base)} used as a value", e.pos)

    def member(self, x: Any, s: ast.Expr, env: Env) -> z3.BoolRef:
        """x \\in S, deciding type-like sets (Nat, SUBSET T, [D -> R], filters, ranges) by their
        form, without building them."""
        if isinstance(s, ast.Name) and s.name not in env.locals and resolve_def(s.name, env.scope) is None \
                and not (env.scope.subst and s.name in env.scope.subst):
            if s.name == "Nat":
                return self._need_int(x, s) >= 0
            if s.name == "Int":
                self._need_int(x, s)
                return self.z.true
            if s.name == "BOOLEAN":
                return self.z.bool_val(sym.is_bool(x))
        if isinstance(s, ast.Name | ast.Apply) and not _is_local(s, env):
            target = resolve_def(s.name if isinstance(s, ast.Name) else s.op, env.scope)
            if target is not None and isinstance(target[0], ast.OpDef) and _is_set_form(target[0].body):
                defn, scope = target[0], target[1]
                args = tuple(self.eval(a, env) for a in (s.args if isinstance(s, ast.Apply) else ()))
                inner = Env(scope, env.cur, env.nxt, {p.name: a for p, a in zip(defn.params, args, strict=True)},
                            env.primed, None)
                return self.member(x, defn.body, inner)
        if isinstance(s, ast.Apply) and s.op == "powerset":
            if _is_set_form(s.args[0]):
                if isinstance(x, FinSet):
                    return self.z.and_([z3.Implies(b, self.member(self.atoms.const[k], s.args[0], env))
                                        for k, b in x.bits.items()])
                return self._all_ints_in(x, s.args[0], env)
            base = self.eval(s.args[0], env)
            if isinstance(base, FinSet) or isinstance(x, FinSet) or \
                    (sym.is_set_array(base) and not sym.is_int_set(base)):
                return sym.subseteq(x, base, self.z)
            if isinstance(base, sym.Empty):
                return sym.eq(x, EMPTY, self.z)
            return self._all_ints_in(x, s.args[0], env)
        if isinstance(s, ast.Apply) and s.op == "dots_2":
            lo, hi = (self.eval(a, env) for a in s.args)
            xi = self._need_int(x, s)
            return z3.And(lo <= xi, xi <= hi)
        if isinstance(s, ast.FuncSet):
            if isinstance(x, AFun):
                return self._afun_in(x, s, env)
            if not isinstance(x, Fun):
                return self.z.false
            dom = self.eval(s.domain, env)
            keys = self.constant_keys(dom, s.domain)
            if set(keys) != set(x.items):
                return self.z.false
            return self.z.and_([self.member(x.items[k], s.range, env) for k in keys])
        if isinstance(s, ast.SetFilter):
            (name, set_expr), = flat_bounds((s.bound,), s.pos)
            return z3.And(self.member(x, set_expr, env), self.formula(s.pred, env.bind(name, x)))
        if isinstance(s, ast.Apply) and s.op in ("cup", "cap", "setminus") and _is_set_form(s):
            a, b = (self.member(x, t, env) for t in s.args)
            return {"cup": z3.Or, "cap": z3.And, "setminus": lambda p, q: z3.And(p, z3.Not(q))}[s.op](a, b)
        try:
            return sym.member(x, self.eval(s, env), self.atoms)
        except ShapeError as err:
            raise TranslationError(str(err), s.pos) from None

    def _afun_in(self, f: AFun, s: ast.FuncSet, env: Env) -> z3.BoolRef:
        """f \\in [D -> R] for a function over a symbolic domain: DOMAIN f = D and every value in R."""
        dom = self.eval(s.domain, env)
        if not sym.is_set_array(dom):
            return self.z.false
        k = z3.Const(self.z.fresh_name("k"), dom.sort().domain())
        values = z3.ForAll([k], z3.Implies(dom[k], self.member(f.at(k), s.range, env)))
        return values if f.dom.eq(dom) else z3.And(f.dom == dom, values)

    def _all_ints_in(self, x: Any, t: ast.Expr, env: Env) -> z3.BoolRef:
        """A set of integers inside the type-like set t (``SUBSET Nat``): a z3 quantifier."""
        arr = sym.int_set_of(x, self.z)
        e = self.z.int_const("e")
        inner = self.member(e, t, env)
        return z3.ForAll([e], z3.Implies(z3.Select(arr, e), inner))

    def _need_int(self, x: Any, at: ast.Expr) -> z3.ArithRef:
        if not sym.is_int(x):
            raise TranslationError(f"{sym.describe(x)} tested for membership in a set of integers", at.pos)
        return x

    def constant_keys(self, dom: Any, at: ast.Expr) -> list[Any]:
        """The concrete keys of a function domain, which must be a constant finite set."""
        if isinstance(dom, sym.Empty):
            return []
        if isinstance(dom, FinSet):
            keys = []
            for k, bit in sorted(dom.bits.items()):
                if sym.concrete_true(bit):
                    keys.append(k)
                elif not sym.concrete_false(bit):
                    raise TranslationError("a function domain that depends on the state", at.pos)
            return keys
        raise TranslationError(f"a function over {sym.describe(dom)} (only constant sets of model values)", at.pos)

    # -- functions and tuples ------------------------------------------------------------------------
    def t_FuncLit(self, e: ast.FuncLit, env: Env) -> Any:
        (name, set_expr), = flat_bounds(e.bounds, e.pos)
        dom = self.eval(set_expr, env)
        if sym.is_set_array(dom) and self.atoms.unbounded:
            k = z3.Const(self.z.fresh_name(name), dom.sort().domain())
            body = self.eval(e.body, env.bind(name, k))
            if isinstance(body, sym.Empty):
                return AFun(None, dom)
            if not isinstance(body, z3.ExprRef):
                raise TranslationError(f"a function over a symbolic set whose values are {sym.describe(body)}", e.pos)
            return AFun(z3.Lambda([k], body), dom)
        keys = self.constant_keys(dom, set_expr)
        return Fun({k: self.eval(e.body, env.bind(name, sym.key_value(k, self.atoms))) for k in keys})

    def t_FuncApp(self, e: ast.FuncApp, env: Env) -> Any:
        if len(e.args) != 1:
            raise TranslationError("function application to several arguments", e.pos)
        return sym.apply_fun(self.eval(e.func, env), self.eval(e.args[0], env), self.atoms)

    def t_Except(self, e: ast.Except, env: Env) -> Any:
        f = self.eval(e.func, env)
        for path, value in e.updates:
            f = self._except_path(f, list(path), value, env, e.pos)
        return f

    def _except_path(self, f: Any, path: list[ast.ExceptStep], value: ast.Expr, env: Env, pos: ast.Pos) -> Any:
        step = path[0]
        if step.args is None or len(step.args) != 1:
            raise TranslationError("EXCEPT on a record field or several arguments", pos)
        arg = self.eval(step.args[0], env)

        def new(old: Any) -> Any:
            if len(path) > 1:
                return self._except_path(old, path[1:], value, env, pos)
            return self.eval(value, replace(env, at=old))

        return sym.except_update(f, arg, new, self.atoms)

    def t_Tuple(self, e: ast.Tuple, env: Env) -> Any:
        return Tup(tuple(self.eval(x, env) for x in e.items))

    # -- actions -------------------------------------------------------------------------------------
    def t_Prime(self, e: ast.Prime, env: Env) -> Any:
        if env.primed:
            raise TranslationError("a primed expression inside a primed expression", e.pos)
        return self.eval(e.expr, replace(env, primed=True))

    def t_Unchanged(self, e: ast.Unchanged, env: Env) -> Any:
        return sym.eq(self.eval(e.expr, replace(env, primed=True)), self.eval(e.expr, env), self.z)

    def t_StepAction(self, e: ast.StepAction, env: Env) -> Any:
        a = self.formula(e.action, env)
        same = sym.eq(self.eval(e.sub, replace(env, primed=True)), self.eval(e.sub, env), self.z)
        return z3.And(a, z3.Not(same)) if e.angle else z3.Or(a, same)


def _term_ids(facts: list[z3.BoolRef]) -> list[int]:
    """The ids of every subterm of ``facts`` (quantifier bodies included), each once, in the
    order first met (so the instances, and z3's search, are the same on every run)."""
    seen: dict[int, None] = {}
    todo: list[z3.ExprRef] = list(facts)
    while todo:
        x = todo.pop()
        i = x.get_id()
        if i in seen:
            continue
        seen[i] = None
        if z3.is_quantifier(x):
            todo.append(x.body())
        elif z3.is_app(x):
            todo.extend(x.children())
    return list(seen)


def value_order(v: Any) -> tuple[str, Any]:
    """A sort key for the members of a constant set (model values, strings, numbers, sets), so a
    frozenset's terms are built in one order: iterating it follows the string hash, which
    PYTHONHASHSEED changes, and z3's models (not its verdicts) followed it."""
    return (type(v).__name__, v if isinstance(v, int) else str(v))


def flat_bounds(bounds: tuple[ast.Bound, ...], pos: ast.Pos) -> list[tuple[str, ast.Expr]]:
    out: list[tuple[str, ast.Expr]] = []
    for b in bounds:
        if b.tuple_pattern or b.set is None:
            raise TranslationError("tuple patterns and unbounded quantifiers are outside the z3 fragment", pos)
        out.extend((n, b.set) for n in b.names)
    return out


def _free_names(e: Any, bound: set[str]) -> set[str]:
    """Names an expression refers to that it does not bind itself (quantifiers, filters, maps)."""
    out: set[str] = set()
    if isinstance(e, ast.Name):
        return set() if e.name in bound else {e.name}
    if isinstance(e, ast.Apply) and e.op not in bound and e.op not in _BUILTINS:
        out.add(e.op)
    inner = set(bound)
    for attr in ("bound", "bounds"):
        bs = getattr(e, attr, None)
        for b in (bs if isinstance(bs, tuple) else (bs,) if bs is not None else ()):
            if isinstance(b, ast.Bound):
                if b.set is not None:
                    out |= _free_names(b.set, bound)
                inner |= set(b.names)
    if dataclasses.is_dataclass(e) and not isinstance(e, type):
        for f in dataclasses.fields(e):
            if f.name in ("bound", "bounds", "pos"):
                continue
            val = getattr(e, f.name)
            for x in (val if isinstance(val, tuple) else (val,)):
                if isinstance(x, ast.Expr):
                    out |= _free_names(x, inner)
                elif isinstance(x, tuple):
                    out |= {n for y in x if isinstance(y, ast.Expr) for n in _free_names(y, inner)}
    return out


def _is_local(e: ast.Name | ast.Apply, env: Env) -> bool:
    return (e.name if isinstance(e, ast.Name) else e.op) in env.locals


_SET_FORMS = (ast.FuncSet, ast.SetFilter)


def _is_set_form(e: ast.Expr) -> bool:
    """Set expressions that ``member`` decides by form: they may be infinite (Nat, SUBSET, [D -> R])."""
    if isinstance(e, _SET_FORMS):
        return True
    if isinstance(e, ast.Name):
        return e.name in ("Nat", "Int", "BOOLEAN")
    if isinstance(e, ast.Apply):
        return e.op in ("powerset", "dots_2") or (e.op in ("cup", "cap", "setminus")
                                                 and any(_is_set_form(a) for a in e.args))
    return False


def string_literals(scope: Scope) -> set[str]:
    """Every string literal reachable from a scope's definitions (the atoms beside model values)."""
    out: set[str] = set()
    seen: set[int] = set()

    def walk(node: Any) -> None:
        if isinstance(node, ast.Str):
            out.add(node.value)
        if isinstance(node, tuple | list):
            for x in node:
                walk(x)
        elif dataclasses.is_dataclass(node) and not isinstance(node, type):
            for f in dataclasses.fields(node):
                walk(getattr(node, f.name))

    def visit(s: Scope) -> None:
        if id(s) in seen:
            return
        seen.add(id(s))
        for defn, ds in s.defs.values():
            walk(defn)
            visit(ds)
        for _, inst_scope in s.instances.values():
            visit(inst_scope)

    visit(scope)
    return out

