"""Inductive-invariant obligations, the way Apalache checks them, on the spec's own AST.

For a candidate ``Inv`` (``IndInv`` by default) and the model's Init and Next:

- ``Init satisfiable`` (else every obligation below about Init is vacuous),
- ``Inv /\\ A satisfiable`` for every sub-action A: an action that translated to FALSE (or that
  the candidate never enables) would make ``IndNext A`` and ``Step A |= P`` hold for no reason,
  so those obligations are reported ``vacuous`` instead of proved (exit 12),
- ``IndInit``: Init => Inv,
- ``IndNext A``: Inv /\\ A => Inv', once per sub-action A of Next (``Commit(j2)``), so a CTI
  names the step,
- ``IndProp P``: Inv => P for every invariant of the cfg and every state-level property part,
- ``Init => P`` for the initial-predicate parts of PROPERTIES (``R!Init`` in a refinement),
- ``Step A |= P``: Inv /\\ A => P for every action property ``[][P]_v`` and sub-action A.

With ``unbounded`` the constants are symbolic (``prove/unbounded.py``): each obligation then
holds for every finite Job and Leaf at once, and a CTI is a small concrete cluster. There each
``IndNext`` is one ground query per conjunct of the candidate (``prove/grounding.py``), which is
what lets z3 decide RRPResume's steps (CHOOSE under a quantifier over jobs).

Liveness parts of PROPERTIES are not z3 obligations here; they are reported as skipped.
The candidate may live in another module over the same variables (``--ind``), so a mutant of
the spec can be held to the invariant written for the spec.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import z3

from ..check.model import Model, Part, load_model
from ..tla import resolve_def
from ..tla import syntax as ast
from ..tla.compile import LEVEL_ACTION, LEVEL_STATE, Ctx, Local
from ..tla.errors import ConfigError
from ..tla.modules import Loader, Scope
from ..tla.values import ModelValue
from . import grounding
from . import symbolic as sym
from .actions import SubAction, split_action
from .limits import DEFAULT_LIMITS, PROBE_SHARE, Budget, Limits, check
from .report import Kind, Result, Verdict, verdict
from .state import concrete, fresh_state, infer_shapes, pin_concrete, render
from .symbolic import Atoms, Fun
from .translate import Env, TranslationError, Translator, string_literals
from .unbounded import Universe
from .z3env import Z3Env


@dataclass
class Named:
    """A named formula with the environment it is evaluated in."""

    name: str
    expr: ast.Expr
    env: Env


class Problem:
    """A spec, its model, the candidate invariant and the symbolic state pair, translated once,
    in the z3 context of ``z`` (a new one by default: a run's own, see z3env.py)."""

    def __init__(self, model: Model, inv: str = "IndInv", ind_module: Path | None = None,
                 type_inv: str = "TypeOK", unbounded: bool = False, z: Z3Env | None = None) -> None:
        self.model = model
        self.z = z or Z3Env()
        self.variables = model.variables
        constants = model.cfg.constants
        # Unbounded: only single model values (None) are named; the members of Job, Leaf are not.
        mvs = [v.name for v in (_model_values(constants.values()) if not unbounded else
                                [x for x in constants.values() if isinstance(x, ModelValue)])]
        inv_scope = self._inv_scope(inv, ind_module)
        strings = string_literals(model.scope) | string_literals(inv_scope)
        self.atoms = Atoms(self.z, mvs, sorted(strings), unbounded)
        self.universe = Universe(constants, self.atoms, ast.Pos(str(model.spec_path), 1, 1)) if unbounded else None
        self.axioms = self.universe.axioms if self.universe else []
        self.tr = Translator(model.scope, constants, self.atoms, self.universe.values if self.universe else None)
        type_def = _def_name(model.scope, type_inv, "type invariant", model)
        self.shapes = infer_shapes(self.tr, type_def, Env(model.scope, {}), self.variables)
        self.cur = fresh_state(self.shapes, self.variables, self.atoms, "")
        self.nxt = fresh_state(self.shapes, self.variables, self.atoms, "'")
        self.env = Env(model.scope, self.cur, self.nxt)
        self.inv_name = inv
        self.ind_module = ind_module
        self.inv_env = Env(inv_scope, self.cur, self.nxt)
        inv_expr = ast.Name(inv_scope.defs[inv][0].pos, inv)
        self.conjuncts = conjuncts(inv_expr, self.inv_env)
        self.inv_now = self.tr.formula(inv_expr, self.inv_env)
        self.inv_next = self.tr.formula(ast.Prime(inv_expr.pos, inv_expr), self.inv_env)
        self.init = self.tr.formula(model.init_expr, self.env)
        nxt = model.next_part
        self.int_terms = [t for st in (self.cur, self.nxt) for v in st.values() for t in _leaves(v, sym.is_int)]
        self.actions = split_action(self.tr, nxt.expr, self._env_of(nxt), self._is_action)

    def _inv_scope(self, inv: str, ind_module: Path | None) -> Scope:
        if ind_module is None:
            _def_name(self.model.scope, inv, "candidate invariant", self.model)
            return self.model.scope
        scope = Loader([ind_module.parent, self.model.spec_path.parent]).load_root(ind_module)
        if list(scope.variables) != list(self.variables):
            raise TranslationError(f"{ind_module} declares variables {list(scope.variables)}, the spec "
                                   f"{list(self.variables)}", ast.Pos(str(ind_module), 1, 1))
        if inv not in scope.defs:
            raise ConfigError(f"module {scope.module.name} defines no {inv}", ast.Pos(str(ind_module), 1, 1))
        return scope

    def _is_action(self, defn: ast.OpDef, scope: Scope) -> bool:
        return self.model.compiler.def_level(defn, scope) >= LEVEL_ACTION

    def _env_of(self, part: Part) -> Env:
        return Env(part.scope, self.cur, self.nxt, {k: self.tr.constant_value(v) for k, v in part.env.items()})

    def level(self, part: Part) -> int:
        ctx = Ctx(part.scope)
        for name in part.env:
            ctx = ctx.bind(name, Local("_", "value"))
        return self.model.compiler.level(part.expr, ctx)

    def property_parts(self) -> list[tuple[Kind, Part]]:
        """(kind, part) for each conjunct of the cfg's PROPERTIES: init, invariant, action, liveness."""
        out = []
        for name in self.model.cfg.properties:
            entry = self.model.scope.defs.get(name)
            if entry is None:
                raise ConfigError(f"property {name} is not defined", self.model.cfg.pos_of(name))
            for p in self.model.flatten(Part(ast.Name(entry[0].pos, name), self.model.scope, {}, name)):
                out.append((self._kind(p), p))
        return out

    def _kind(self, p: Part) -> Kind:
        """The obligation a property part gives: a state predicate is about Init, ``[]P`` an
        invariant, ``[][A]_v`` an action property, anything else liveness."""
        e = p.expr
        if self.level(p) <= LEVEL_STATE:
            return Kind.INITIATION
        if isinstance(e, ast.Temporal) and e.op == "always":
            inner = Part(e.args[0], p.scope, p.env, p.name)
            if self.level(inner) <= LEVEL_STATE:
                return Kind.INVARIANT
            if isinstance(e.args[0], ast.StepAction) and not e.args[0].angle and self.level(inner) <= LEVEL_ACTION:
                return Kind.ACTION_PROPERTY
        return Kind.LIVENESS


def conjuncts(e: ast.Expr, env: Env) -> list[Named]:
    """The named conjuncts of a candidate: And items, zero-arity definitions opened."""
    if isinstance(e, ast.And):
        return [c for x in e.items for c in conjuncts(x, env)]
    if isinstance(e, ast.Name) and e.name not in env.locals:
        target = resolve_def(e.name, env.scope)
        if target is not None and isinstance(target[0], ast.OpDef) and not target[0].params:
            inner = conjuncts(target[0].body, Env(target[1], env.cur, env.nxt))
            return inner if len(inner) > 1 else [Named(e.name, e, env)]
    return [Named(_text(e), e, env)]


def _text(e: ast.Expr) -> str:
    return f"conjunct at {e.pos}"


def _def_name(scope: Scope, name: str, what: str, model: Model) -> ast.Name:
    entry = scope.defs.get(name)
    if entry is None or not isinstance(entry[0], ast.OpDef) or entry[0].params:
        raise ConfigError(f"the {what} {name} is not an operator without parameters in module "
                          f"{scope.module.name}", ast.Pos(str(model.spec_path), 1, 1))
    return ast.Name(entry[0].pos, name)


def _leaves(v: Any, keep: Callable[[Any], bool]) -> list[z3.ExprRef]:
    """The components of a state value (through functions) that ``keep`` selects."""
    if isinstance(v, Fun):
        return [t for x in v.items.values() for t in _leaves(x, keep)]
    return [v] if keep(v) else []


def _model_values(values: Any) -> list[ModelValue]:
    out = []
    for v in values:
        if isinstance(v, ModelValue):
            out.append(v)
        elif isinstance(v, frozenset):
            out.extend(_model_values(v))
    return out


# -- running the obligations --------------------------------------------------------------------------
# An obligation's facts (premise and negated goal) built for a problem: the unbounded one, or the
# bounded one at the cfg's cluster where a CTI is looked for when z3 answers unknown.
Facts = Callable[[Problem, SubAction | None], list[z3.BoolRef]]
_SEEDS = (0, 1, 2)
# What one obligation may spend in all, in per-query rlimits: the probe, a CTI search at the cfg's
# cluster and the full retry of an obligation; a satisfiability witness's whole search.
_OBLIGATION_BUDGETS = 2
_WITNESS_BUDGETS = 3
Goal = Callable[[Problem], z3.BoolRef]

class Prover:
    """Runs the obligations of one Problem; each query is a fresh solver within ``limits``."""

    def __init__(self, problem: Problem, limits: Limits = DEFAULT_LIMITS, instance: str = "") -> None:
        self.p = problem
        self.limits = limits
        self.instance = instance or _instance_text(problem)
        self._conjunct_formulas: dict[bool, list[tuple[str, z3.BoolRef]]] = {}
        self._bounded_prover: Prover | None = None
        self.witness: Any = None  # reads a satisfiability model (the unbounded mode's bounded prover)
        self.owner: Prover | None = None  # the unbounded prover whose searches this bounded one serves
        self.budget: Budget | None = None  # the current obligation's (unbounded mode, with an rlimit)

    def query(self, name: str, facts: list[z3.BoolRef], if_sat: Verdict = Verdict.CTI,
              explain: Any = None, seed: int = 0, pool: list[z3.ExprRef] | None = None,
              if_unsat: Verdict = Verdict.PROVED, rlimit: int | None = None) -> Result:
        """One solver call; ``pool`` adds integer terms CHOOSE's axiom is instantiated with;
        ``rlimit`` a smaller budget than the limits' (the probe). Within an obligation's
        ``Budget`` the query gets what is left of it at most, and none once it is spent."""
        start = time.process_time()
        budget = (self.owner or self).budget
        units = self.limits.rlimit if rlimit is None else rlimit
        if budget is not None:
            units = budget.grant(units)
            if units == 0:
                return Result(name, self.instance, Verdict.UNKNOWN, 0.0, "z3: the obligation's budget is spent")
        s = self.limits.solver(seed, units, ctx=self.p.z.ctx)
        s.add(*self.p.axioms, *facts, *self.p.tr.choice_instances(facts, self.p.int_terms + (pool or [])))
        res, units = check(s)
        if budget is not None:
            budget.spend(units)
        out = Result(name, self.instance, verdict(res, if_sat, if_unsat),
                     time.process_time() - start, z3_units=units)
        if res == z3.sat and explain is not None:
            out.detail, out.witness = explain(s.model())
        elif res == z3.unknown:
            out.detail = f"z3: {s.reason_unknown()}"
        return out

    def run(self, results: list[Result] | None = None) -> list[Result]:
        """Every obligation's result, appended to ``results`` as each is decided (what a Ctrl-C
        leaves there is what was decided before it)."""
        p = self.p
        results = [] if results is None else results

        def add(kind: Kind, r: Result) -> None:
            r.kind = kind
            results.append(r)

        sat_init = self._satisfiable("Init satisfiable", [p.init], "no state satisfies Init", "Init")
        add(Kind.SATISFIABLE, sat_init)
        add(Kind.INITIATION, self._guarded(f"IndInit: Init => {p.inv_name}", sat_init, _initiation, None,
                                           self._one_state()))
        enabled = {a.label: self._satisfiable(
            f"{p.inv_name} /\\ {a.label} satisfiable", [p.inv_now, a.formula(p.tr)],
            f"no state satisfying {p.inv_name} has a {a.label} step (the action's translation is FALSE there)",
            a.label) for a in p.actions}
        for r in enabled.values():
            add(Kind.SATISFIABLE, r)
        for a in p.actions:
            name = f"IndNext {a.label}"
            if p.universe is None or enabled[a.label].result is Verdict.VACUOUS:
                add(Kind.CONSECUTION, self._guarded(name, enabled[a.label], _consecution, a,
                                                    self._step(a, failing_after=True)))
            else:
                add(Kind.CONSECUTION, self._ground_step(name, a, _consecution))
        invariants: list[tuple[str, Goal]] = [(n, _named_goal(n)) for n in p.model.cfg.invariants
                                              if n in p.model.scope.defs]
        for kind, part in p.property_parts():
            if kind is Kind.INVARIANT:
                invariants.append((part.label(), _part_goal(part)))
            elif kind is Kind.INITIATION:
                add(kind, self._guarded(f"Init => {part.label()}", sat_init, _init_property(part), None,
                                        self._one_state()))
            elif kind is Kind.ACTION_PROPERTY:
                for a in p.actions:
                    add(kind, self._guarded(f"Step {a.label} |= {part.label()}", enabled[a.label],
                                            _action_property(part), a, self._step(a, failing_after=False)))
            else:
                add(kind, Result(f"{part.label()} (liveness)", self.instance, Verdict.SKIPPED, 0.0,
                                 "liveness is not an inductive obligation; check it with the model checker"))
        for name, goal in invariants:
            add(Kind.INVARIANT, self._obligation(f"IndProp: {p.inv_name} => {name}", _implied(goal), None,
                                                 self._one_state()))
        return results

    def _obligation(self, name: str, build: Facts, action: SubAction | None, explain: Any) -> Result:
        """The query ``build(problem, action)`` (a premise and a negated goal). Unbounded, it is
        ``_probed``: a CTI at the cfg's cluster is looked for before the whole budget is spent."""
        if self.p.universe is None:
            return self.query(name, build(self.p, action), explain=explain)
        with self._budgeted(_OBLIGATION_BUDGETS):
            return self._probed(lambda **kw: self.query(name, build(self.p, action), explain=explain, **kw),
                                lambda unknown: self._cti_at_cfg(unknown, build, action, explain))

    def _probed(self, attempt: Callable[..., Result], cti_search: Callable[[Result], Result | None]) -> Result:
        """An unbounded query tried with the probe's budget (``limits.PROBE_SHARE``); when z3
        answers unknown, ``cti_search`` looks for a CTI at the cfg's cluster, and only without one
        is the query tried again with the rest of the obligation's budget. The result counts the
        CPU seconds and z3 units of every query made, the search's included."""
        probe = self.limits.rlimit // PROBE_SHARE
        first = attempt(rlimit=probe) if probe else attempt()
        if first.result is not Verdict.UNKNOWN or not probe or self.budget is None:
            return first
        cpu, left = time.process_time(), self.budget.left
        found = cti_search(first)
        search = Result("", "", Verdict.UNKNOWN, time.process_time() - cpu, z3_units=left - self.budget.left)
        if found is not None:  # its own query is part of the search
            return _plus(replace(found, seconds=search.seconds, z3_units=search.z3_units), first)
        again = attempt()
        if again.result is Verdict.UNKNOWN:
            again.detail += f"; no CTI at the cfg's cluster ({self._bounded().instance}) either"
        return _plus(_plus(again, first), search)

    def _ground_step(self, name: str, a: SubAction, whole: Facts) -> Result:
        """Unbounded ``IndNext A``, one ground query per conjunct of the candidate
        (``grounding.py``): proved when every one is, the first CTI otherwise. When z3 answers
        unknown on a conjunct, the whole obligation goes to the search for a CTI at the cfg's
        cluster, as any unknown does."""
        p, explain = self.p, self._step(a, failing_after=True)
        premise = [(c.expr, c.env) for c in p.conjuncts]
        searched: list[Result | None] = []  # the CTI search at the cfg's cluster, made once

        def cti_search(unknown: Result) -> Result | None:
            if searched:
                return None
            searched.append(self._cti_at_cfg(unknown, whole, a, explain))
            return searched[0]

        total = Result(name, self.instance, Verdict.PROVED, 0.0, f"  {len(p.conjuncts)} conjuncts, each ground")
        with self._budgeted(_OBLIGATION_BUDGETS):
            for c in p.conjuncts:
                goal, skolems = grounding.negated_goal(p.tr, c.expr, c.env)
                ground = grounding.action_skolems(p.tr, a) + skolems
                facts = [p.inv_now, a.formula(p.tr), goal, *grounding.premise_instances(p.tr, premise, ground)]
                pool = grounding.integer_pool([p.cur, p.nxt], ground)
                r = self._probed(lambda facts=facts, pool=pool, **kw: self.query(name, facts, explain=explain,
                                                                                 pool=pool, **kw), cti_search)
                if r.result is Verdict.UNKNOWN:
                    r.detail += f" (on conjunct {c.name})"
                if r.result is not Verdict.PROVED:
                    return _plus(r, total)
                total = _plus(total, r)
        return total

    def _cti_at_cfg(self, unknown: Result, build: Facts, action: SubAction | None, explain: Any) -> Result | None:
        """z3's quantifier instantiation finds proofs for all sizes far more easily than models.
        When it answers unknown, the bounded translation looks for a CTI at the cfg's cluster
        (for each sub-action with the same operator); a CTI found there is pinned into the
        unbounded query, so what is reported is a model of the unbounded formula itself."""
        bounded = self._bounded()
        op = action.label.split("(")[0] if action else None
        for b in [a for a in bounded.p.actions if a.label.split("(")[0] == op] if action else [None]:
            found = bounded.query(unknown.obligation, build(bounded.p, b), explain=bounded.witness)
            if found.result is not Verdict.CTI or not found.witness:
                continue
            pins = self.p.universe.pin(self.p.model.cfg.constants,  # type: ignore[union-attr]
                                       [(self.p.cur, found.witness["cur"]), (self.p.nxt, found.witness["nxt"])])
            for seed in _SEEDS:
                r = self.query(unknown.obligation, [*build(self.p, action), *pins], explain=explain, seed=seed)
                if r.result is not Verdict.UNKNOWN:
                    break
            if r.result is Verdict.CTI:
                r.detail += (f"\n  (for all sizes z3 answered unknown within {unknown.z3_units:,} units, "
                             f"{unknown.detail.strip()}; this CTI was found at the cfg's cluster, {bounded.instance})")
                return r
        return None

    def _satisfiable(self, name: str, premise: list[z3.BoolRef], why: str, label: str) -> Result:
        """A premise's satisfiability: ``proved`` when sat, ``vacuous`` (with ``why``) when unsat.
        ``label`` names the premise (Init or a sub-action) for the unbounded mode's witness."""
        if self.p.universe is not None:
            return self._satisfiable_at_cfg(name, premise, why, label)
        # A witness to be pinned into the unbounded formula needs finite integer sets.
        finite, elements = self._finite_int_sets() if self.witness is not None else ([], [])
        r = self.query(name, [*premise, *finite], explain=self.witness, pool=elements, if_sat=Verdict.PROVED,
                       if_unsat=Verdict.VACUOUS)
        if r.result is Verdict.UNKNOWN and not finite:
            # z3's quantifier instantiation often cannot build a model with unconstrained integer
            # sets; a model whose sets are small and finite is a model all the same.
            finite, elements = self._finite_int_sets()
            r = self.query(name, [*premise, *finite], explain=self.witness, pool=elements, if_sat=Verdict.PROVED,
                           if_unsat=Verdict.VACUOUS)
        return self._sat_verdict(r, why)

    def _satisfiable_at_cfg(self, name: str, premise: list[z3.BoolRef], why: str, label: str) -> Result:
        """Unbounded: z3 rarely builds a model of an unbounded premise by itself (quantifiers over
        integers and an open universe), so the witness comes from the cfg's cluster. The bounded
        translation finds a state pair there satisfying the same premise (Init, or the candidate
        and a sub-action with the same operator), and the unbounded premise is checked on that
        pair and cluster: sat is a genuine model, unsat means the unbounded translation is FALSE
        where the bounded one is not (vacuous)."""
        with self._budgeted(_WITNESS_BUDGETS):
            cpu, left = time.process_time(), self.budget.left if self.budget else 0
            r = self._witness_at_cfg(name, premise, why, label)
            # The whole search's cost, not only the query that decided.
            units = left - self.budget.left if self.budget else r.z3_units
            return replace(r, seconds=time.process_time() - cpu, z3_units=units)

    def _witness_at_cfg(self, name: str, premise: list[z3.BoolRef], why: str, label: str) -> Result:
        bounded = self._bounded()
        op = label.split("(")[0]
        options = [bounded.p.init] if label == "Init" else \
            [z3.And(bounded.p.inv_now, a.formula(bounded.p.tr)) for a in bounded.p.actions
             if a.label.split("(")[0] == op]
        for f in options:
            found = bounded._satisfiable(name, [f], why, "")
            if found.result is not Verdict.PROVED or not found.witness:
                continue
            assert self.p.universe is not None
            pins = self.p.universe.pin(self.p.model.cfg.constants,
                                       [(self.p.cur, found.witness["cur"]), (self.p.nxt, found.witness["nxt"])])
            for seed in _SEEDS:  # z3's search on a pinned formula still varies with its random seed
                r = self._sat_verdict(self.query(name, [*premise, *pins], seed=seed, if_sat=Verdict.PROVED,
                                                  if_unsat=Verdict.VACUOUS), why)
                if r.result is Verdict.VACUOUS and not bounded._genuine(f, found.witness):
                    break  # the bounded model's CHOOSE was not TLA+'s: no witness, try the next one
                if r.result is not Verdict.UNKNOWN:
                    r.detail = r.detail or f"  witness: a {op} step of the cfg's cluster ({bounded.instance})"
                    return r
        return Result(name, self.instance, Verdict.UNKNOWN, 0.0,
                      f"  no witness: no state pair of the cfg's cluster ({bounded.instance}) was shown to satisfy "
                      "the unbounded premise")

    def _genuine(self, premise: z3.BoolRef, witness: dict[str, Any]) -> bool:
        """Whether a witness read from a model satisfies the premise itself, its states pinned.
        A model's CHOOSE is an uninterpreted function that only the axiom's instances constrain,
        so the value a model gives a CHOOSE term need not be TLA+'s (measured: RRPResumeInd's
        Restore witness under some hash seeds); such a witness proves nothing either way."""
        pins = [pin_concrete(st[v], witness[k][v], self.p.atoms)
                for st, k in ((self.p.cur, "cur"), (self.p.nxt, "nxt")) for v in self.p.variables]
        return self.query("witness check", [premise, *pins]).result is Verdict.CTI

    def _bounded(self) -> Prover:
        """A prover of the same problem at the cfg's constants, with a witness reader; in the same
        z3 context, as its witnesses are pinned into this problem's formulas."""
        if self._bounded_prover is None:
            p = Problem(self.p.model, self.p.inv_name, self.p.ind_module, z=self.p.z)
            self._bounded_prover = Prover(p, self.limits)
            self._bounded_prover.owner = self
            self._bounded_prover.witness = lambda m: ("", _concrete_pair(p, m))
        return self._bounded_prover

    @contextmanager
    def _budgeted(self, share: int) -> Iterator[None]:
        """Every query of the block (this prover's and its bounded prover's) draws on one
        ``Budget`` of ``share`` times the per-query rlimit; none without an rlimit."""
        self.budget = Budget(share * self.limits.rlimit) if self.limits.rlimit else None
        try:
            yield
        finally:
            self.budget = None

    def _sat_verdict(self, r: Result, why: str) -> Result:
        if r.result is Verdict.VACUOUS:
            r.detail = f"  {why}: every obligation with this premise would hold for no reason"
        return r

    def _finite_int_sets(self, size: int = 3) -> tuple[list[z3.BoolRef], list[z3.ExprRef]]:
        """Each integer-set component of both states holds at most ``size`` integers (fresh ones):
        a strengthening, so a model of it satisfies the unstrengthened premise too. Also those
        integers: with them in CHOOSE's pool its axiom is complete on every subset of these sets,
        so the model's CHOOSE picks what TLA+'s does (the maximum of Below(j), say) and the
        model is a genuine state pair, fit to be pinned into the unbounded formula."""
        facts, elements, ctx = [], [], self.p.z.ctx
        for st in (self.p.cur, self.p.nxt):
            for v in st.values():
                for arr in _leaves(v, sym.is_int_set):
                    xs = [(z3.FreshInt("elem", ctx), z3.FreshBool("has", ctx)) for _ in range(size)]
                    e = z3.FreshInt("e", ctx)
                    facts.append(arr == z3.Lambda([e], self.p.z.or_([z3.And(h, e == x) for x, h in xs])))
                    elements += [x for x, _ in xs]
        return facts, elements

    def _guarded(self, name: str, premise: Result, build: Facts, action: SubAction | None,
                  explain: Any) -> Result:
        """The obligation, or ``vacuous`` when the premise's satisfiability check found it
        unsatisfiable."""
        if premise.result is Verdict.VACUOUS:
            return Result(name, self.instance, Verdict.VACUOUS, 0.0, premise.detail)
        return self._obligation(name, build, action, explain)

    # -- counterexample rendering ----------------------------------------------------------------
    def _state_text(self, m: z3.ModelRef, state: dict[str, Any]) -> dict[str, str]:
        if self.p.universe is not None:
            reader = self.p.universe.reader(m)
            return {v: reader.render(state[v]) for v in self.p.variables}
        return {v: render(state[v], m, self.p.atoms) for v in self.p.variables}

    def _cluster(self, m: z3.ModelRef) -> tuple[list[str], dict[str, str]]:
        """The constants of a counterexample found in the unbounded mode (none otherwise)."""
        if self.p.universe is None:
            return [], {}
        cluster = self.p.universe.reader(m).constants()
        return ["  cluster: " + ", ".join(f"{k} = {v}" for k, v in cluster.items())], cluster

    def _failing(self, m: z3.ModelRef, primed: bool) -> list[str]:
        """The candidate's conjuncts false in the model (in state 2 when ``primed``)."""
        if primed not in self._conjunct_formulas:
            self._conjunct_formulas[primed] = [
                (c.name, self.p.tr.formula(ast.Prime(c.expr.pos, c.expr) if primed else c.expr, c.env))
                for c in self.p.conjuncts]
        if self.p.universe is not None:
            reader = self.p.universe.reader(m)
            return [name for name, f in self._conjunct_formulas[primed] if reader.holds(f) is False]
        return [name for name, f in self._conjunct_formulas[primed]
                if z3.is_false(m.eval(f, model_completion=True))]

    def _one_state(self) -> Any:
        def explain(m: z3.ModelRef) -> tuple[str, dict[str, Any]]:
            state = self._state_text(m, self.p.cur)
            failing = self._failing(m, primed=False)
            lines, cluster = self._cluster(m)
            lines += ["  state:"] + [f"    {v} = {x}" for v, x in state.items()]
            if failing:
                lines.append(f"  {self.p.inv_name} conjuncts false here: {', '.join(failing)}")
            return "\n".join(lines), {"state": state, "false_conjuncts": failing, "cluster": cluster}
        return explain

    def _step(self, a: SubAction, failing_after: bool) -> Any:
        def explain(m: z3.ModelRef) -> tuple[str, dict[str, Any]]:
            before = self._state_text(m, self.p.cur)
            after = self._state_text(m, self.p.nxt)
            lines, cluster = self._cluster(m)
            lines += [f"  state 1 (satisfies {self.p.inv_name}):"]
            lines += [f"    {v} = {x}" for v, x in before.items()]
            lines.append(f"  action: {a.label}{self._bound_text(m, a)}")
            lines.append("  state 2:")
            lines += [f"    {v} = {x}{'' if x == before[v] else '   (changed)'}" for v, x in after.items()]
            failing = self._failing(m, primed=True) if failing_after else []
            if failing:
                lines.append(f"  {self.p.inv_name} conjuncts false in state 2: {', '.join(failing)}")
            return "\n".join(lines), {"state1": before, "action": a.label, "state2": after,
                                      "false_conjuncts": failing, "cluster": cluster}
        return explain

    def _bound_text(self, m: z3.ModelRef, a: SubAction) -> str:
        """`` with j = j2`` for the Skolem constants of an unbounded sub-action."""
        if self.p.universe is None:
            return ""
        reader = self.p.universe.reader(m)
        atoms = {n: v for n, v in a.env.locals.items() if self.p.atoms.is_atom(v) and self.p.atoms.name_of(v) is None}
        return " with " + ", ".join(f"{n} = {reader.render(v)}" for n, v in atoms.items()) if atoms else ""


# -- the facts of each obligation (premise and negated goal), for a problem and a sub-action -------
def _initiation(q: Problem, _: SubAction | None) -> list[z3.BoolRef]:
    return [q.init, z3.Not(q.inv_now)]


def _consecution(q: Problem, a: SubAction | None) -> list[z3.BoolRef]:
    assert a is not None
    return [q.inv_now, a.formula(q.tr), z3.Not(q.inv_next)]


def _named_goal(name: str) -> Goal:
    """An invariant of the cfg, by name, in a problem's current state."""
    return lambda q: q.tr.formula(ast.Name(q.model.scope.defs[name][0].pos, name), q.env)


def _boxed(part: Part) -> ast.Expr:
    """What a property part ``[]P`` or ``[][A]_v`` states always: P, or the step ``[A]_v``."""
    assert isinstance(part.expr, ast.Temporal)
    return part.expr.args[0]


def _part_goal(part: Part) -> Goal:
    return lambda q: q.tr.formula(_boxed(part), q._env_of(part))


def _init_property(part: Part) -> Facts:
    return lambda q, _: [q.init, z3.Not(q.tr.formula(part.expr, q._env_of(part)))]


def _action_property(part: Part) -> Facts:
    def facts(q: Problem, a: SubAction | None) -> list[z3.BoolRef]:
        assert a is not None
        return [q.inv_now, a.formula(q.tr), z3.Not(q.tr.formula(_boxed(part), q._env_of(part)))]
    return facts


def _implied(goal: Goal) -> Facts:
    return lambda q, _: [q.inv_now, z3.Not(goal(q))]


def _concrete_pair(p: Problem, m: z3.ModelRef) -> dict[str, Any]:
    """The model's two states as plain values, or {} when a value is not concrete (an infinite set
    of integers, an integer left symbolic), which cannot be pinned."""
    try:
        return {"cur": {v: concrete(p.cur[v], m, p.atoms) for v in p.variables},
                "nxt": {v: concrete(p.nxt[v], m, p.atoms) for v in p.variables}}
    except ValueError:
        return {}


def _plus(r: Result, other: Result) -> Result:
    """``r`` with the CPU seconds and z3 units of ``other`` (an earlier query for it) added."""
    return replace(r, seconds=r.seconds + other.seconds, z3_units=r.z3_units + other.z3_units)


def _instance_text(p: Problem) -> str:
    if p.universe is not None:
        return f"{p.model.module_name}, {p.universe.describe()}"
    parts = []
    for name, v in p.model.cfg.constants.items():
        if isinstance(v, frozenset):
            parts.append(f"|{name}|={len(v)}")
        elif isinstance(v, int) and not isinstance(v, bool):
            parts.append(f"{name}={v}")
    return f"{p.model.module_name} " + " ".join(parts)


def prove_inductive(spec: str | Path, config: str | Path | None = None, inv: str = "IndInv",
                    ind_module: str | Path | None = None, limits: Limits = DEFAULT_LIMITS,
                    unbounded: bool = False, lib: Sequence[Path] = (),
                    results: list[Result] | None = None) -> list[Result]:
    """Load, translate and run every obligation; load and translation errors propagate (TLAError).
    ``lib``: further module directories (TLC's TLA-Library), as for the checker. ``results``
    receives each result as it is decided (see :meth:`Prover.run`)."""
    model = load_model(spec, config, lib)
    problem = Problem(model, inv, Path(ind_module) if ind_module else None, unbounded=unbounded)
    return Prover(problem, limits).run(results)
