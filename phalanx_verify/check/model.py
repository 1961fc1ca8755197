"""A model: a spec plus a TLC configuration, compiled and split into what the checker needs
(initial states, next-state relation, fairness, invariants, properties).

The split follows TLC: SPECIFICATION Spec must be a conjunction of an initial predicate,
``[][Next]_v`` and fairness conditions (operator names are expanded, ``\\A x \\in S`` over a
constant set becomes one conjunct per element). PROPERTIES are split the same way into initial
predicates, ``[]P``, ``[][A]_v``, the fixed liveness forms that have fast paths, and any other
temporal formula TLC accepts (check/temporal.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..tla import (
    LEVEL_ACTION,
    LEVEL_CONSTANT,
    LEVEL_STATE,
    LEVEL_TEMPORAL,
    STANDARD_MODULES,
    ActionLabel,
    CannotHandleError,
    Compiler,
    ConfigError,
    Ctx,
    EvalError,
    LevelError,
    Loader,
    Local,
    ModelConfig,
    ModelValue,
    ParseError,
    Scope,
    SemanticError,
    StartupCrash,
    StartupStackOverflow,
    TautologyError,
    as_set,
    bindings,
    bool_free_variables,
    canonicaliser,
    format_value,
    interning,
    parse_config_file,
    tlc_variable_order,
    written_name,
)
from ..tla import syntax as ast
from .overrides import apply_overrides
from .possible import Possible
from .report import Verdict
from .symmetry import least_member, permutations_from
from .temporal import General, Translator, general_obligation, with_lets
from .unfolding import lifted, substituted

_UNEVALUATED = object()  # a formula TLC does not evaluate before the search


@dataclass
class Part:
    """A conjunct of a temporal formula with the values of the bound variables over it."""

    expr: ast.Expr
    scope: Scope
    env: dict[str, Any]
    name: str
    under_subst: bool = False  # within the body of an instance with substitutions (see Model.flatten)
    # The name TLC gives a property's conjunct (processConfigProps): that of the last operator
    # unfolded to reach it, or the source range of the conjunct or \A body split off last,
    # whichever came later (None: the property's)
    tlc_name: str | None = None

    def shown(self) -> str:
        """The name TLC prints for this conjunct of a property when it is violated."""
        return self.tlc_name or self.name

    def label(self) -> str:
        if not self.env:
            return self.name
        return f"{self.name}[{', '.join(f'{k}={format_value(v)}' for k, v in self.env.items() if k[0] != '%')}]"


@dataclass
class Fairness:
    """WF/SF of an action. ``generator`` enumerates the action's successors (variables it
    leaves free are UNDETERMINED); whether a given (s, t) is a step is the action evaluated on
    it (FairnessTracker, as TLC's LNAction)."""

    kind: str  # "WF" | "SF"
    action: Part
    sub: Part
    generator: Callable[[tuple], Iterator] | None = None
    # ENABLED <<A>>_v as one state predicate, for an action seen through INSTANCE ... WITH (see
    # Model._compile_fairness); the generator is then not built.
    enabled: Callable[[tuple], Any] | None = None


@dataclass
class Liveness:
    """One liveness obligation; ``kind`` is leadsto, eventually, infinitely_often,
    eventually_always, wf or sf (the fixed forms, checked by fast paths), or general (any other
    temporal formula TLC accepts, see check/temporal.py)."""

    kind: str
    name: str
    p: Callable[[tuple], Any] | None = None
    q: Callable[[tuple], Any] | None = None
    fairness: Fairness | None = None
    general: General | None = None
    part: Part | None = None  # the formula it was made from
    # predicates on each state (and step) so far, kept across the periodic checks
    values: dict[Any, Any] = field(default_factory=dict, repr=False)


@dataclass
class Property:
    name: str
    init_preds: list[tuple[str, Callable[[tuple], Any]]] = field(default_factory=list)  # (TLC's name, predicate)
    state_invariants: list[Part] = field(default_factory=list)  # P of each []P (check/invariants compiles)
    action_props: list[tuple[str, Callable[[tuple, tuple], Any]]] = field(default_factory=list)
    # the [A]_v of each action property, in the same order: trace replay decides it on a logged
    # step with the step's witnesses instead of evaluating (and enumerating) it as a value
    action_parts: list[Part] = field(default_factory=list)
    liveness: list[Liveness] = field(default_factory=list)


class Model:
    def __init__(self, spec_path: str | Path, cfg: ModelConfig, lib: Sequence[Path] = (),
                 invariants: Sequence[str] = (), warnings: bool = True) -> None:
        """``lib``: directories searched for EXTENDS/INSTANCE modules after the spec's own (TLC's
        TLA-Library). ``invariants``: state predicates (TLA+ text) checked after the cfg's, as
        TLC's -inv (and -invlevel), named as TLC names them. ``warnings`` False: TLC's
        -nowarning, which also changes how it generates successors (actions.py,
        all_assigned_shortcut)."""
        self.spec_path = Path(spec_path)
        self.cfg = cfg
        loader = Loader([self.spec_path.parent, *lib])
        names = [f"__DebuggerExpr__{i}" for i in range(1, len(invariants) + 1)]
        self.scope: Scope = loader.load_root(self.spec_path, [f"{n} == {e}" for n, e in zip(names, invariants,
                                                                                             strict=True)])
        cfg.invariants.extend(names)
        interning.read_cfg(cfg.interned)  # read before the spec by TLC: first in its order
        self.module_name = self.scope.module.name
        self.variables = list(self.scope.variables)
        # The "state" ASSUME and POSTCONDITION are evaluated in: they read no variable, but
        # TLCGet makes them state-level (TLC's minLevel), so their code unpacks one.
        self.no_state = (None,) * len(self.variables)
        self.compiler = Compiler(self.scope, apply_overrides(self.scope, cfg), cfg.substitutions)
        self.compiler.all_assigned_shortcut = warnings
        self._check_constant_substitutions()
        self.model_values = {v.name: v for v in _model_values(cfg.constants.values())}
        self._init_check: Callable[[tuple], Any] | None = None
        self._subscript: Callable[[tuple], Any] | None = None
        self._step_check: Callable[..., Iterator] | None = None
        # ASSUMEs of the root module and the modules it extends (not of instantiated ones, as
        # in TLC), each with its position and TLC's name for it (SANY's text of the node: a
        # number as written, anything else by its location); run.check_model evaluates them first.
        assumes = list(_assumes(self.scope.module, loader, set()))
        for e in assumes:  # SANY's rule, before any is evaluated
            level = self.compiler.sany_level(e, Ctx(self.scope))
            if level > LEVEL_CONSTANT:
                raise SemanticError(f"Level error: assumptions must be level 0 (Constant), but this one has "
                                    f"level {level}.", e.pos)
        self.assumptions = [(e.pos, str(e.value) if isinstance(e, ast.Num) else e.pos.location(),
                             self.compiler.state_function(e, self.scope, {}, stateless=True))
                            for e in assumes]
        self.assume_only = self._assume_only()
        self.fairness: list[Fairness] = []
        self.init_scope: Scope = self.scope  # where the initial predicate is compiled
        self.spec_temporals: list[Part] = []  # other temporal conjuncts of SPECIFICATION
        self.no_next = False  # a SPECIFICATION without [][Next]_v
        self.vars_part: Part | None = None  # the v of [][Next]_v; None with INIT/NEXT (TLC: all variables)
        if not self.assume_only:
            self._resolve_behaviour()
        invariants = [n for n in cfg.invariants if self._state_predicate(n, "invariant")]
        self.invariants = [(n, self._state_fn(self._def_expr(n, "invariant"), {})) for n in invariants]
        # What is checked on every new state, as parts (check/invariants splits them into
        # conjuncts): each INVARIANT, then the state predicate P of each []P property, which
        # TLC reports as an invariant (exit 12).
        self.state_checks: list[tuple[Verdict, str, Part]] = [
            (Verdict.INVARIANT, n, Part(self._def_expr(n, "invariant"), self.scope, {}, n)) for n in invariants]
        # TLC expects a Boolean of a constraint: {} is its evaluation error, not FALSE. The
        # expressions are kept for check/constraints.py, which finds what each one reads.
        self.constraint_exprs = [self._def_expr(n, "constraint") for n in cfg.constraints]
        self.constraints = [self.compiler.state_function(e, self.scope, {}, boolean=self._expected_boolean(n),
                                                         unprimed=True)
                            for n, e in zip(cfg.constraints, self.constraint_exprs, strict=True)]
        self.action_constraints = [self.compiler.action_function(self._def_expr(n, "action constraint"),
                                                                 boolean=self._expected_boolean(n))
                                   for n in cfg.action_constraints]
        self.properties = []
        refused: CannotHandleError | None = None
        for n in cfg.properties:
            try:
                self.properties.append(self._property(n))
            except CannotHandleError as err:
                # TLC's Liveness refuses a formula only after processConfigProps has taken every
                # property: a later one that is FALSE or undefined is the error it reports (151)
                refused = refused or err
        if refused is not None:
            raise refused
        obligations = [ob for p in self.properties for ob in p.liveness]
        if obligations and all(ob.general is not None and not ob.general.disjuncts for ob in obligations):
            # TLC's Liveness conjoins the fairness with the negated properties, simplifies the
            # Booleans away and finds nothing to search for (ModelChecker: before the ASSUMEs).
            raise TautologyError()
        if obligations and _dnf_size(self.fairness, obligations) > 2 ** 31 - 1:
            raise CannotHandleError("TLC cannot handle the temporal formula because it exceeds the maximum "
                                    "supported size in disjunctive normal form.")
        self.state_checks += [(Verdict.INVARIANT, part.name, part) for p in self.properties
                              for part in p.state_invariants]
        self.canonical: Callable[[tuple], tuple] | None = None
        self.least: Callable[[tuple], tuple] = _itself  # TLC's member of a state's orbit (symmetry.least_member)
        # The fingerprints of the components of orbit representatives, by identity, holding the
        # value (parallel.orbit_fingerprint): they are mostly the same objects state after state.
        self.component_fps: dict[int, tuple[Any, int]] = {}
        perms: list[dict[ModelValue, ModelValue]] = []
        if cfg.symmetry:
            sym = self._def_expr(cfg.symmetry, "symmetry set")
            defn = self.scope.defs[cfg.symmetry][0]
            assert isinstance(defn, ast.OpDef)  # (_def_expr's check)
            perms = permutations_from(self._state_fn(sym, {})(()), cfg.symmetry, defn.body)
            if perms:
                self.canonical = canonicaliser(perms)
                # TLC decides a property's atoms on the successors as generated, which under
                # SYMMETRY are not the states kept: every temporal property is searched on
                # TLC's own graph (check/orbitgraph.py), which the fast paths do not build
                for prop in self.properties:
                    prop.liveness = [ob if ob.general is not None or ob.part is None else
                                     Liveness("general", ob.name, general=general_obligation(self, ob.part), part=ob.part)
                                     for ob in prop.liveness]
        # VIEW: states are told apart by this value, not by the whole state (TLC fingerprints it).
        self.view = self._state_fn(self._def_expr(cfg.view, "view"), {}, unprimed=True) if cfg.view else None
        # The order of the variables in TLC's states (tla/varorder.py): how TLC prints states, and
        # how it compares them under SYMMETRY; None where it is not known here
        order = tlc_variable_order(self.scope.module, lambda name: loader.parse(name, self.scope.module.pos),
                                   frozenset(names))
        if order is not None and "now" in order and "now" not in self.variables:
            # RealTime declares VARIABLE now, which TLC makes one of the spec's; not modelled here
            module = self.scope.module
            raise SemanticError("unsupported construct: the variable now that EXTENDS RealTime declares",
                                module.extends_pos.get("RealTime", module.pos))
        self.print_order = None if order is None else [self.variables.index(v) for v in order]
        if self.view is not None and perms:
            # TLC evaluates the view on the least permutation of the state, its variables
            # compared in that order
            if self.print_order is None:
                raise SemanticError("unsupported construct: SYMMETRY with a VIEW in a module whose variables' order in "
                                    "TLC's states is not known here (an INSTANCE, an inner module or an operator "
                                    "symbol defined)", cfg.pos_of(cfg.view or ""))
            self.least = least_member(perms, self.print_order)
        self.print_view = False  # TLC's -view: counterexample states printed through the VIEW (run.shown_trace)
        # ALIAS: a record printed for each counterexample state instead of the variables. TLC
        # evaluates it on the state and its successor in the trace: it may read x'.
        self.alias = self.compiler.action_function(self._def_expr(cfg.alias, "alias")) if cfg.alias else None
        # POSTCONDITION(S), each (name, position of its body, which TLC's messages name, value),
        # then one for each _POSSIBLE predicate (check/possible.py).
        self.postconditions: list[tuple[str, ast.Pos, Callable[[tuple], Any]]] = []
        for name in cfg.postconditions:
            post = self._def_expr(name, "postcondition")
            if self._constant_value(post) is not _UNEVALUATED:  # TLC's RuntimeException once the search ends
                self.postconditions.append((name, self._body_pos(name), _constant_postcondition(name)))
                continue
            self.postconditions.append((name, self._body_pos(name), self._state_fn(post, {}, unprimed=True)))
        if cfg.periodic:
            raise SemanticError("unsupported construct: the cfg keyword _PERIODIC", cfg.pos_of(cfg.periodic))
        if cfg.rl_reward:
            self._check_rl_reward(cfg.rl_reward)
        self.possible = [self._possible(n) for n in cfg.possible]
        self.constraints += [p.tracker() for p in self.possible if not p.action]
        self.action_constraints += [p.tracker() for p in self.possible if p.action]
        self.postconditions += [(p.name, p.pos, p.postcondition) for p in self.possible]

    def _check_rl_reward(self, name: str) -> None:
        """_RL_REWARD: only TLC's reinforcement-learning simulation evaluates it; model checking
        checks at the start that it names a definition without arguments and then ignores it
        (SpecProcessor.processRLReward, messages as TLC's; TLC's Calculator model)."""
        entry = self.scope.defs.get(name)
        if entry is None and not any(c.name == name for c in self.scope.constants):
            raise ConfigError(f"The rlreward {name} specified in the configuration file\n"
                              "is not defined in the specification.", self.cfg.pos_of(name))
        if entry is None or not isinstance(entry[0], ast.OpDef | ast.FunDef):
            raise ConfigError(f"The rlreward {name} cannot be a constant.", self.cfg.pos_of(name))
        if isinstance(entry[0], ast.OpDef) and entry[0].params:
            raise ConfigError(f"TLC requires rlreward not to take any argument, but one was given: {name}",
                              self.cfg.pos_of(name))

    def _body_pos(self, name: str) -> ast.Pos:
        return self.scope.defs[name][0].body.pos  # type: ignore[union-attr]

    def _possible(self, name: str) -> Possible:
        """A _POSSIBLE predicate: a state or action predicate of no arguments (TLC's config
        errors otherwise)."""
        e = self._def_expr(name, "possible")
        level = self.compiler.level(e, Ctx(self.scope))
        if level > LEVEL_ACTION:
            raise ConfigError(f"The possible {name} is a temporal formula; only state- and action-level "
                              "predicates are supported", self.cfg.pos_of(name))
        if level == LEVEL_ACTION:
            return Possible(name, self._body_pos(name), True, self.compiler.action_function(e))
        return Possible(name, self._body_pos(name), False, self._state_fn(e, {}))

    def bool_free_variables(self) -> frozenset[int]:
        """The variables proven never to hold a Boolean in a state the search stores (see
        tla.boolfree): for them a duplicate state found by Python's == needs no confirming walk.
        None proven without variables or under an instance parameter fixed per formula (the next-state
        relation's env)."""
        if not self.variables or self.next_part.env:
            return frozenset()
        return bool_free_variables(self.compiler, (self.init_expr, self.init_scope),
                                   None if self.no_next else (self.next_part.expr, self.next_part.scope))

    def _compiled_calls(self, fragment: str) -> bool:
        """Does the compiled spec's code hold ``fragment`` (a runtime function it calls)?"""
        return any(fragment in part for part in self.compiler.source_parts)

    def reads_level(self) -> bool:
        """Does the compiled spec call TLCGet? Then the search keeps TLCGet("level") current
        (runtime.LEVEL), which costs a store per successor that other specs do not pay."""
        return self._compiled_calls("_rt.tlc_get(")

    def may_exit(self) -> bool:
        """Does the compiled spec call TLCSet? Then TLCSet("exit", TRUE) may stop the search
        (the search asks after each state it expands)."""
        return self._compiled_calls("_rt.tlc_set(")

    def reads_trace(self) -> bool:
        """Does the compiled spec call TLCExt!Trace? Then the search hands the checks of each
        state the path that leads to it (runtime.TRACE), as TLC rebuilds it."""
        return self._compiled_calls("_rt.trace(")

    def draws_at_random(self) -> bool:
        """Does the compiled spec call RandomElement, RandomSubset or RandomSetOfSubsets? Their
        draws are not made again alike where a counterexample is rebuilt by evaluating Init and
        Next anew (the parallel search's traces, check/parallel.py)."""
        return self._compiled_calls("_rt.random_")

    # -- config checks --------------------------------------------------------------------
    def _check_constant_substitutions(self) -> None:
        """``C <- Foo`` for a constant C: TLC evaluates Foo before the search
        (SpecProcessor.processConstantDefns) and stops only where that fails and Foo is above
        constant level (TLC_CONFIG_SUBSTITUTION_NON_CONSTANT, with the failure's words): a Foo
        that reads a variable on a branch not taken is accepted."""
        declared = {c.name for c in self.scope.constants if not c.arity}
        for name, target in self.cfg.substitutions.items():
            pos = self.cfg.pos_of(name)
            if name in declared and self.compiler.level(ast.Name(pos, target), Ctx(self.scope)) > LEVEL_CONSTANT:
                try:
                    self.compiler.state_function(ast.Name(pos, target), self.scope, {}, stateless=True)(())
                except EvalError as err:
                    raise ConfigError(f"The configuration file substitutes constant {name} with non-constant "
                                      f"{target} - specifically: {err.message}", pos) from None

    def _assume_only(self) -> bool:
        """A model with neither INIT/NEXT nor SPECIFICATION: TLC accepts it when there is nothing
        to check on states (no variables, invariants or properties), evaluates the assumptions
        and stops with 0 states; otherwise it names what is missing (TLC_CONFIG_MISSING_INIT)."""
        cfg = self.cfg
        if cfg.specification or cfg.init or cfg.next:
            return False
        if self.variables or cfg.invariants or cfg.properties:
            raise ConfigError("the model gives neither SPECIFICATION nor INIT and NEXT (TLC: the "
                              "configuration file did not specify the initial state predicate)",
                              ast.Pos(cfg.path, 1, 1))
        return True

    def _state_predicate(self, name: str, what: str) -> bool:
        """Is INVARIANT ``name`` to be checked on states? As TLC's SpecProcessor: an action or
        temporal formula is an error (exit 76); a constant one is evaluated once, TRUE is
        dropped and anything else is a configuration error."""
        e = self._def_expr(name, what)
        level = self.compiler.level(e, Ctx(self.scope))
        if level > LEVEL_STATE:
            raise LevelError(f"The {what} {name} is not a state predicate (one with no primes or temporal "
                             "operators).", self.cfg.pos_of(name))
        return not self._constant_true(name, what, e)

    def _constant_conjunct(self, p: Part) -> bool:
        """Is the conjunct ``p`` of a SPECIFICATION or PROPERTY one TLC's SpecProcessor drops,
        TRUE or a constant definition TLC evaluated before (processConstantDefns) that is? It
        looks such a name up as its value: FALSE is TLC_CONFIG_SPEC_IS_TRIVIAL (fuzz12
        ConstFalseConj: P == FALSE /\\ <>Q)."""
        e = p.expr
        if isinstance(e, ast.Bool):
            value, shown = e.value, "TRUE" if e.value else "FALSE"
        elif isinstance(e, ast.Name) and p.scope is self.scope and not p.env:
            value, shown = self._constant_value(e), e.name
        else:
            return False
        if value is False:
            raise ConfigError(f"The spec is trivially false because {shown} is false.", e.pos)
        return value is True

    def _constant_true(self, name: str, what: str, e: ast.Expr) -> bool:
        """Is the definition ``name`` (an INVARIANT or PROPERTY) one TLC evaluated at start and
        found TRUE, so that it checks nothing? As its SpecProcessor: a constant definition
        without parameters has its value (processConstantDefns); TRUE is dropped, any other
        value is a configuration error (exit 151)."""
        body = self.scope.defs[name][0].body  # type: ignore[union-attr]
        if isinstance(body, ast.Num | ast.Str):
            # TLC does not take a number or string written as the definition for its value here
            # (Inv == 3: "TLC expected a boolean value" on the first state, exit 75, where
            # Inv == 1 + 1 is "The invariant of Inv is equal to 2", exit 151)
            return False
        value = self._constant_value(e)
        if value is _UNEVALUATED:
            return False
        if value is not True:
            raise ConfigError(f"The {what} of {name} is equal to {format_value(value)}", self.cfg.pos_of(name))
        return True

    def _leads_to(self, lhs: ast.Expr, rhs: ast.Expr, p: Part, ctx: Ctx) -> Liveness:
        """The obligation of ``lhs ~> rhs`` (or ``[](lhs => <>rhs)``), both state predicates of
        the property part ``p``. A left side of constant level that is TRUE TLC's
        Liveness.astToLive makes the constant TRUE, which its tableau drops: ``TRUE ~> Q`` is
        checked as []<>Q, Q never evaluated on the initial states."""
        lhs_fn, q = self._atom_fn(lhs, p), self._atom_fn(rhs, p)
        if self.compiler.level(lhs, ctx) == LEVEL_CONSTANT and lhs_fn(self.no_state) is True:
            return Liveness("infinitely_often", p.label(), q)
        return Liveness("leadsto", p.label(), lhs_fn, q)

    def _atom_fn(self, e: ast.Expr, p: Part) -> Callable[[tuple], Any]:
        """A property's state predicate as TLC's liveness evaluates it (LNStateAST): a value
        that is not a Boolean is its error ("A state predicate was evaluated to a non-boolean
        value."), never a truth value. Its parts of constant level are evaluated now, as TLC
        builds its tableau (Translator.constant_parts)."""
        Translator(self).constant_parts(e, p.scope, p.env, ())
        return self.compiler.state_function(e, p.scope, p.env, boolean="state atom")

    def _constant_value(self, e: ast.Expr) -> Any:
        """The value of a constant-level formula (by TLC's bound of levels: Levels.level_bound),
        computed before the search as TLC's SpecProcessor does; _UNEVALUATED when it is not
        constant or its evaluation fails there (TLC then evaluates it where it is used, e.g.
        TLCGet("stats") in a POSTCONDITION)."""
        if self.compiler.level_bound(e, Ctx(self.scope)) != LEVEL_CONSTANT:
            return _UNEVALUATED
        try:
            return self._state_fn(e, {})(())
        except EvalError:
            return _UNEVALUATED

    def _def_expr(self, name: str, what: str) -> ast.Expr:
        entry = self.scope.defs.get(name)
        if entry is None:
            said = _SPECIFIED_NOT_DEFINED.get(what)
            raise ConfigError(f"The {said} {name} specified in the configuration file is not defined in the "
                              "specification." if said else f"the {what} {name} is not defined in module "
                              f"{self.module_name}", self.cfg.pos_of(name))
        defn = entry[0]
        if not isinstance(defn, ast.OpDef) or defn.params:
            raise ConfigError(f"the {what} {name} must be an operator without parameters",
                              self.cfg.pos_of(name))
        return ast.Name(defn.pos, name)

    def _expected_boolean(self, name: str) -> str:
        """TLC's words for a CONSTRAINT or ACTION_CONSTRAINT ``name`` whose value is no Boolean
        (Tool.isInModel, isInActions: TLC_EXPECTED_VALUE), naming the definition's body."""
        defn = self.scope.defs[name][0]
        assert isinstance(defn, ast.OpDef)  # (_def_expr refused anything else)
        body = defn.body
        return f"TLC expected a boolean value, but did not find one. {body.pos.location()}"

    def _state_fn(self, e: ast.Expr, env: dict[str, Any], scope: Scope | None = None,
                  unprimed: bool = False) -> Callable[[tuple], Any]:
        return self.compiler.state_function(e, scope or self.scope, env, unprimed=unprimed)

    # -- behaviour spec -------------------------------------------------------------------
    def _resolve_behaviour(self) -> None:
        cfg = self.cfg
        if cfg.specification:
            parts = self.flatten(Part(self._def_expr(cfg.specification, "specification"), self.scope, {},
                                      cfg.specification))
            init_parts, next_part = [], None
            for p in parts:
                e = p.expr
                var = self._variable_named(p)
                if var is not None:  # TLC_CONFIG_OP_IS_EQUAL
                    raise ConfigError(f"The operator {var}, which equals a variable, cannot be used as a spec",
                                      cfg.pos_of(cfg.specification))
                if self._constant_conjunct(p):
                    continue
                lvl = self.compiler.level(e, part_ctx(p))
                if isinstance(e, ast.Temporal) and e.op == "always" and isinstance(e.args[0], ast.StepAction) \
                        and not e.args[0].angle:
                    if next_part is not None:
                        raise ConfigError("The specification contains more than one conjunct of the form "
                                          "[][Next]_v, but TLC can handle only specifications with one "
                                          "next-state relation.", e.pos)
                    next_part = Part(e.args[0].action, p.scope, p.env, p.name)
                    self.vars_part = Part(e.args[0].sub, p.scope, p.env, p.name)
                    self._walk_subscript(e.args[0].sub, p.scope, p.env, frozenset())
                elif isinstance(e, ast.Fairness):
                    self.fairness.append(Fairness(e.kind, Part(e.action, p.scope, p.env, p.name),
                                                  Part(e.sub, p.scope, p.env, p.name)))
                elif lvl <= LEVEL_STATE:
                    init_parts.append(p)
                elif lvl == LEVEL_ACTION:  # TLC_CANT_HANDLE_CONJUNCT
                    raise ConfigError("TLC cannot handle this conjunct of the spec", e.pos)
                elif isinstance(e, ast.Temporal) and e.op == "always" and \
                        self.compiler.level(e.args[0], part_ctx(p)) <= LEVEL_STATE:
                    inner = e.args[0].pos
                    raise CannotHandleError(f"TLC cannot handle the temporal formula {inner.location()}", inner)
                else:
                    # Any other temporal conjunct (``[]<>P``, ``<>Q``, ...) is, for TLC, an
                    # assumption on the behaviours the properties are checked on, like WF/SF
                    # (SpecProcessor's temporals): it only matters to liveness checking.
                    self.spec_temporals.append(p)
            # As TLC's SpecProcessor: a missing part is an error only where something needs it;
            # without an initial predicate there is no initial state, and without [][Next]_v
            # the initial states are computed and any one of them is an error (no_next).
            where = cfg.pos_of(cfg.specification)
            if not init_parts and (self.variables or cfg.invariants or cfg.properties):
                raise ConfigError("The configuration file did not specify the initial state predicate.", where)
            if next_part is None and (cfg.invariants or cfg.properties):
                raise ConfigError("The configuration file did not specify the next state predicate.", where)
            exprs = tuple(q.expr for q in init_parts)
            self.init_expr: ast.Expr = (ast.Bool(where, False) if not exprs else exprs[0]
                                        if len(exprs) == 1 else ast.And(exprs[0].pos, exprs))
            self.init_scope = self._init_scope(init_parts)
            self.no_next = next_part is None
            self.next_part = next_part or Part(ast.Bool(where, False), self.scope, {}, cfg.specification)
        else:
            where = ast.Pos(cfg.path, 1, 1)
            if not cfg.init and (self.variables or cfg.invariants or cfg.properties):
                raise ConfigError("The configuration file did not specify the initial state predicate.", where)
            if not cfg.next and (cfg.invariants or cfg.properties):
                raise ConfigError("The configuration file did not specify the next state predicate.", where)
            self.init_expr = self._def_expr(cfg.init, "initial predicate") if cfg.init else ast.Bool(where, False)
            self.no_next = not cfg.next
            self.next_part = Part(self._def_expr(cfg.next, "next-state relation") if cfg.next
                                  else ast.Bool(where, False), self.scope, {}, cfg.next or "Next")
            # TLC replaces a definition of constant level by its value before it reads INIT and
            # NEXT (SpecProcessor.processConstantDefns; one that fails to evaluate is left as is)
            for name, what, e in ((cfg.init, "initial predicate", self.init_expr),
                                  (cfg.next, "next state action", self.next_part.expr)):
                if name and self._constant_value(e) is not _UNEVALUATED:
                    raise ConfigError(f"The {what} {name} cannot be a constant.", cfg.pos_of(name))
        self.init = self.compiler.initial_generator(self.init_expr, self.init_scope)
        self.next = self.compiler.successor_generator(self.next_part.expr, self.next_part.scope,
                                                      self.next_part.env)
        if self.no_next:
            self.next = _no_next_state_actions
        for f in self.fairness:
            self._compile_fairness(f)

    def _walk_subscript(self, e: ast.Expr, scope: Scope, env: dict[str, Any], path: frozenset[int]) -> None:
        """Walk the v of the spec's [][Next]_v as TLC's SpecProcessor does at start-up, looking
        for the variables in it (SubscriptCollector): into tuples, LETs and the bodies of the
        operators it names. A definition met again below itself (``path``: the definitions
        entered) makes that walk endless, as a cfg redefinition can (vars <- ReDefVars,
        ReDefVars == <<vars, z>>): TLC's StackOverflowError before any initial state. An
        operator's parameters are not followed back to its arguments, so that a cycle is never
        seen where there is none."""
        if isinstance(e, ast.Tuple):
            for x in e.items:
                self._walk_subscript(x, scope, env, path)
        elif isinstance(e, ast.Let):
            self._walk_subscript(e.body, scope, env, path)
        elif isinstance(e, ast.Name | ast.Apply):
            name = e.name if isinstance(e, ast.Name) else e.op
            target = None if name in env else self.compiler.resolve_def(name, scope)
            if target is None or not isinstance(target[0], ast.OpDef):
                return
            if id(target[0]) in path:
                raise StartupStackOverflow(StartupStackOverflow.MESSAGE, e.pos)
            self._walk_subscript(target[0].body, target[1], {}, path | {id(target[0])})

    def _variable_named(self, p: Part) -> str | None:
        """The variable this conjunct of the specification is, directly or as a definition
        (SpecVar == x): TLC refuses it where it expects a formula."""
        e, scope = p.expr, p.scope
        if not isinstance(e, ast.Name) or e.name in p.env:
            return None
        target = self.compiler.resolve_def(e.name, scope)
        if target is not None and isinstance(target[0], ast.OpDef) and not target[0].params:
            e, scope = target[0].body, target[1]
        if isinstance(e, ast.Name) and scope.subst is None and e.name in scope.variables:
            return e.name
        return None

    def _init_scope(self, parts: list[Part]) -> Scope:
        """The scope the initial predicate's conjuncts are compiled in: the module of the
        instance they come from (SPECIFICATION I!Spec), one for all of them."""
        scopes = {id(q.scope): q.scope for q in parts}
        if len(scopes) > 1 or any(q.env for q in parts):
            raise SemanticError("unsupported construct: an initial predicate assembled from several modules "
                                "or under \\A", parts[0].expr.pos)
        return next(iter(scopes.values()), self.scope)

    def _compile_fairness(self, f: Fairness) -> None:
        """Under an instance's substitutions (a property R!Spec with WF_b(R!Next), b <- x + y),
        TLC evaluates ENABLED <<A>>_b with the instance's primed variables free (see
        Compiler.v_Enabled), not as "some successor of the concrete variables": compile it
        as that predicate. Otherwise A's own successor generator answers."""
        a = f.action
        if not a.scope.substituting():
            f.generator = self.compiler.successor_generator(a.expr, a.scope, a.env, partial=True)
            return
        step = ast.StepAction(a.expr.pos, a.expr, f.sub.expr, True)
        f.enabled = self.compiler.state_function(ast.Enabled(a.expr.pos, step), a.scope, a.env)

    @property
    def action_checks(self) -> list[tuple[str, Callable[[tuple, tuple], Any]]]:
        """Every [][A]_v of the properties, in the cfg's order, with the name TLC reports its
        violation by (a step s -> t violates it where the function is false)."""
        return [check for p in self.properties for check in p.action_props]

    @property
    def labels(self) -> list[ActionLabel]:
        return self.compiler.labels

    # -- checking given states and steps (trace replay) ---------------------------------
    def subscript(self, state: tuple) -> Any:
        """The v of the behaviour spec's [Next]_v on ``state``: the spec's own subscript, or (INIT
        and NEXT, as TLC) the whole state. A step leaving it unchanged is a stuttering step."""
        if self.vars_part is None:
            return state
        if self._subscript is None:
            p = self.vars_part
            self._subscript = self.compiler.state_function(p.expr, p.scope, p.env)
        return self._subscript(state)

    def check_init(self, state: tuple) -> bool:
        """Does ``state`` satisfy the initial predicate? Evaluated as a predicate, so
        membership in [Leaf -> ...] or a set filter is tested lazily, never enumerated."""
        if self._init_check is None:
            self._init_check = self.compiler.state_function(self.init_expr, self.init_scope)
        return bool(self._init_check(state))

    def check_step(self, s: tuple, t: tuple, witnesses: dict[str, Any] | None = None) -> list[str]:
        """The sub-actions of Next (rendered like ``Plan(j1)``) for which (s, t) is a step;
        empty when it is not a step of Next. Existential variables named in ``witnesses`` are
        bound to the logged value after a membership test instead of being enumerated."""
        if self._step_check is None:
            p = self.next_part
            self._step_check = self.compiler.successor_generator(p.expr, p.scope, p.env, check=True)
        labels = self.labels
        return [labels[i].render(args) if i >= 0 else "Next"
                for i, args, _ in self._step_check(s, t, witnesses or {})]

    def flatten(self, part: Part, props: bool = False) -> list[Part]:
        """Split a formula into conjuncts, expanding operator names and \\A over constant sets.
        ``props``: a property, where TLC's processConfigProps does not unfold an operator
        applied to arguments inside the body of an instance with substitutions (its ``subs``,
        Part.under_subst): such an application stays a temporal formula of its own. There it
        also opens state-level definitions and \\A, whose pieces it names (Part.tlc_name), and
        takes a definition's body with its labels: a labelled piece (``lbl :: F``) is not taken
        apart, as processConfigProps does not open a LabelNode."""
        e = part.expr

        def again(expr: ast.Expr, scope: Scope = part.scope, env: dict[str, Any] = part.env,
                  under: bool = part.under_subst, tlc_name: str | None = part.tlc_name) -> list[Part]:
            return self.flatten(Part(expr, scope, env, part.name, under, tlc_name), props)
        module = part.scope.module
        if props and e.pos in module.sole_disjuncts:
            # \/ F alone: a disjunction of one disjunct to SANY, which processConfigProps does not
            # open: classified by its level alone (\/ [][A]_x is refused by the tableau)
            return [dataclasses.replace(part, expr=ast.Or(e.pos, (e,), True))]
        if props and e.pos in module.sole_items and part.tlc_name != e.pos.location():
            # /\ F alone: SANY keeps a conjunction of one conjunct, which processConfigProps
            # splits as any other, naming F by its range; this tree has F alone
            return again(e, tlc_name=e.pos.location())
        if isinstance(e, ast.And):
            return [q for x in e.items for q in again(x, tlc_name=x.pos.location())]
        if isinstance(e, ast.Let) and (props or self.compiler.level(e, part_ctx(part)) >= LEVEL_TEMPORAL):
            opened = _opened_let(e)  # TLC's processConfigSpec and processConfigProps peel a LET
            if opened is not None:
                peeled, called = opened
                return again(peeled, tlc_name=part.tlc_name if called is None else written_name(called))
        if isinstance(e, ast.Name | ast.Apply) and not _bound_here(e, part):
            name = e.name if isinstance(e, ast.Name) else e.op
            defn, scope = self.compiler.resolve_def(name, part.scope) or (None, part.scope)
            if isinstance(defn, ast.OpDef) and self._opened_here(e, defn, part, props):
                args = e.args if isinstance(e, ast.Apply) else ()
                if args and props and part.under_subst:
                    return [part]
                under = part.under_subst or (props and bool(scope.subst))
                if len(args) == len(defn.params):
                    env, by_name = {}, {}
                    for p, a in zip(defn.params, args, strict=True):
                        if p.arity or self.compiler.level(a, part_ctx(part)) > LEVEL_CONSTANT:
                            if scope is not part.scope or part.env:
                                # abs!Property(Test, s) with Property(ns(_), a) == [](ns(a)): the
                                # body, written in the caller's scope, is the formula TLC unfolds
                                body = None if part.env else lifted(name, defn, scope, args, part.scope)
                                if body is None and self.compiler.level(e, part_ctx(part)) == LEVEL_STATE:
                                    return [self._unopened(part, name, defn, scope)]
                                if body is None:
                                    raise SemanticError("unsupported construct: a temporal operator of another "
                                                        "module or under \\A applied to a non-constant argument",
                                                        a.pos)
                                return again(body, under=under, tlc_name=written_name(name))
                            by_name[p.name] = a  # MyNext([][Next]_v): substituted, as TLC does
                        else:
                            env[p.name] = self.compiler.state_function(a, part.scope, part.env)(())
                    # a property's definition with its labels (a LabelNode, which processConfigProps
                    # does not open: see _classify)
                    body = scope.module.labelled.get(defn.name, defn.body) if props else defn.body
                    body = substituted(body, by_name) if by_name else body
                    if scope is not part.scope:
                        threads = bindings.thread_values(scope, part.scope, part.env)  # P(s)!Spec under \\A s
                        return again(body, scope, {**threads, **env}, under, written_name(name))
                    return again(body, scope, {**part.env, **env}, under, written_name(name))
        if isinstance(e, ast.Quant) and e.kind == "forall":
            envs = self._unrolled(e, part, props)
            if envs is not None:
                return [q for env in envs for q in again(e.body, env=env, tlc_name=e.body.pos.location())]
        return [part]

    def _opened_here(self, e: ast.Name | ast.Apply, defn: ast.OpDef, part: Part, props: bool) -> bool:
        """Is ``defn``, which ``e`` names, opened up? A temporal one always. In a property also a
        state- or action-level one, as TLC's processConfigProps opens definitions (so that it
        names the predicate its initial states must satisfy after it, or after a conjunct of it,
        and an action-level conjunct it refuses after its range), but not
        a RECURSIVE one, nor the constant-level ones it has evaluated before
        (processConstantDefns). Elsewhere a state or action formula stays a name in its own
        scope, so it is compiled where it was defined."""
        level = self.compiler.level(e, part_ctx(part))
        return level >= LEVEL_TEMPORAL or (props and level in (LEVEL_STATE, LEVEL_ACTION) and not defn.recursive)

    def _unopened(self, part: Part, name: str, defn: ast.OpDef, scope: Scope) -> Part:
        """A state-level operator of another module, or under \\A, applied to a non-constant
        argument, which TLC opens and the checker cannot: it is checked whole, named after the
        operator where its body is a formula TLC would not take apart further; elsewhere TLC's
        name is one inside the body, not known here, and it keeps the property's. What
        processConfigProps takes apart here (/\\, LET, \\A, a definition) is the counterpart of
        what Tool.getActions opens in the next-state relation (\\/, LET, \\E: actions._tlc_opens)."""
        body = defn.body
        if isinstance(body, ast.Name | ast.Apply):
            target = self.compiler.resolve_def(body.name if isinstance(body, ast.Name) else body.op, scope)
            apart = target is not None and isinstance(target[0], ast.OpDef)
        else:
            apart = isinstance(body, ast.And | ast.Let) or (isinstance(body, ast.Quant) and body.kind == "forall")
        return dataclasses.replace(part, tlc_name=None if apart else written_name(name))

    def _unrolled(self, e: ast.Quant, part: Part, props: bool) -> list[dict[str, Any]] | None:
        """The environments a \\A of a formula is unrolled into, one conjunct each (None: it stays
        whole). A temporal one always; in a property also a state-level one, as TLC's
        processConfigProps does wherever it can enumerate the sets first: of constant level and
        enumerable."""
        ctx = part_ctx(part)
        if self.compiler.level(e, ctx) > LEVEL_STATE:
            return self._bindings(e.bounds, part)
        if not props or any(b.set is None or self.compiler.level(b.set, ctx) != LEVEL_CONSTANT for b in e.bounds):
            return None
        try:
            return self._bindings(e.bounds, part)
        except CannotHandleError:  # TLC leaves a \A over a set it cannot enumerate whole
            return None

    def _bindings(self, bounds: tuple[ast.Bound, ...], part: Part) -> list[dict[str, Any]]:
        """One environment per element of the bounds' sets (a tuple pattern <<a, b>> \\in S binds
        the components of each element, as TLC's ContextEnumerator does)."""
        envs = [dict(part.env)]
        for b in bounds:
            if b.set is None:
                raise SemanticError("unsupported quantifier in a temporal formula", None)
            try:
                elements = as_set(self.compiler.state_function(b.set, part.scope, part.env)(()))
            except EvalError as err:  # \A n \in Nat: TLC's liveness cannot expand it (exit 255)
                pos = part.expr.pos
                raise CannotHandleError(f"TLC cannot handle the temporal formula {pos.start()}: {err.message}",
                                        pos) from err
            values = sorted(elements, key=lambda v: format_value(v))
            if b.tuple_pattern:
                if any(not isinstance(v, tuple) or len(v) != len(b.names) for v in values):
                    raise SemanticError(f"unsupported construct: a tuple pattern of {len(b.names)} names over a set "
                                        "with an element of another shape", b.set.pos)
                envs = [{**env, **dict(zip(b.names, v, strict=True))} for env in envs for v in values]
                continue
            for name in b.names:
                envs = [{**env, name: v} for env in envs for v in values]
        return envs

    # -- properties -----------------------------------------------------------------------
    def _empty_forall(self, part: Part) -> None:
        """TLC's processConfigProps opens a property's conjunctions, definitions without
        parameters and LETs, and unrolls a \\A over a constant set into one property per element;
        over the empty set there is nothing left to check, which TLC reports as a tautology
        (exit 77) whatever the level of the body."""
        e = part.expr
        if isinstance(e, ast.And):
            for x in e.items:
                self._empty_forall(Part(x, part.scope, part.env, part.name))
        elif isinstance(e, ast.Let):
            opened = _opened_let(e)  # the sets of a \\A may use the LET's definitions
            if opened is not None:
                self._empty_forall(Part(opened[0], part.scope, part.env, part.name))
        elif isinstance(e, ast.Name) and not _bound_here(e, part):
            defn, scope = self.compiler.resolve_def(e.name, part.scope) or (None, part.scope)
            if isinstance(defn, ast.OpDef) and not defn.params:
                self._empty_forall(Part(defn.body, scope, {} if scope is not part.scope else part.env, part.name))
        elif isinstance(e, ast.Quant) and e.kind == "forall" and all(
                b.set is not None and self.compiler.level(b.set, part_ctx(part)) == LEVEL_CONSTANT for b in e.bounds):
            try:
                empty = any(not as_set(self.compiler.state_function(b.set, part.scope, part.env)(()))  # type: ignore[arg-type]
                            for b in e.bounds)
            except EvalError:  # TLC leaves a set it cannot enumerate to the later processing
                return
            if empty:
                raise TautologyError(e.pos)

    def _property(self, name: str) -> Property:
        prop = Property(name)
        if self._constant_true(name, "property", self._def_expr(name, "property")):
            return prop  # (P == FALSE is TLC's configuration error: fuzz12 ConstFalseProp)
        self._empty_forall(Part(self._def_expr(name, "property"), self.scope, {}, name))
        for p in self.flatten(Part(self._def_expr(name, "property"), self.scope, {}, name), props=True):
            if self._constant_conjunct(p):
                continue
            before = len(prop.liveness)
            self._classify(prop, p)
            if self.spec_temporals and len(prop.liveness) > before:
                # The fast paths know WF/SF only: under the spec's other temporal conjuncts
                # the obligation is the general one, "assumptions => property".
                prop.liveness[before:] = [Liveness("general", p.label(),
                                                   general=general_obligation(self, p, self.spec_temporals))]
            for ob in prop.liveness[before:]:
                ob.part = p
        return prop

    def _classify(self, prop: Property, p: Part) -> None:
        labelled = isinstance(p.expr, ast.Label)  # lbl :: F, unopened (flatten): classified by its level alone
        p = dataclasses.replace(p, expr=ast.unlabelled(p.expr))  # flatten keeps a property's labels
        e = p.expr
        ctx = part_ctx(p)
        level = self.compiler.level(e, ctx)
        fn = self._state_fn
        if level <= LEVEL_STATE:
            # checked on the initial states, named after the definition it is (Refines == Ab!ASpec,
            # ASpec == AInit /\ ...: "AInit") or by its source range (flatten)
            shown = e  # where TLC says a value is no Boolean: the formula a definition stands for
            while isinstance(shown, ast.Name) and not p.env and (d := self.compiler.resolve_def(shown.name, p.scope)) \
                    and isinstance(d[0], ast.OpDef) and not d[0].params:
                shown = d[0].body
            prop.init_preds.append((p.shown(), _boolean(fn(e, p.env, p.scope), shown)))
            return
        if level == LEVEL_ACTION:  # TLC's SpecProcessor.processConfigProps: a config error
            raise ConfigError(_action_level_property(p.shown(), e), e.pos)
        if labelled:
            # TLC's tableau takes a labelled temporal formula whole: P == lbl :: [][A]_x is
            # refused for the action in it, lbl :: [](x < 4) is no invariant but a property
            prop.liveness.append(Liveness("general", p.label(), general=general_obligation(self, p)))
            return
        if isinstance(e, ast.Fairness):
            fair = Fairness(e.kind, Part(e.action, p.scope, p.env, p.name), Part(e.sub, p.scope, p.env, p.name))
            self._compile_fairness(fair)
            prop.liveness.append(Liveness(e.kind.lower(), p.label(), fairness=fair))
            return
        if isinstance(e, ast.Temporal) and e.op == "leads_to":
            a, b = e.args
            if max(self.compiler.level(a, ctx), self.compiler.level(b, ctx)) <= LEVEL_STATE:
                prop.liveness.append(self._leads_to(a, b, p, ctx))
                return
        if isinstance(e, ast.Temporal) and e.op == "always":
            inner = e.args[0]
            ilvl = self.compiler.level(inner, ctx)
            if ilvl <= LEVEL_STATE:
                prop.state_invariants.append(Part(inner, p.scope, p.env, _invariant_name(inner, p)))
                return
            if isinstance(inner, ast.StepAction) and not inner.angle and ilvl <= LEVEL_ACTION:
                # named as the conjunct [][A]_v, never after A ([A]_v is an operator with arguments)
                prop.action_props.append((p.shown(), self.compiler.action_function(inner, p.scope, p.env)))
                prop.action_parts.append(Part(inner, p.scope, p.env, p.name))
                return
            if isinstance(inner, ast.Temporal) and inner.op == "eventually" and \
                    self.compiler.level(inner.args[0], ctx) <= LEVEL_STATE:
                prop.liveness.append(Liveness("infinitely_often", p.label(), self._atom_fn(inner.args[0], p)))
                return
            if isinstance(inner, ast.Apply) and inner.op == "implies":
                lhs, rhs = inner.args
                if isinstance(rhs, ast.Temporal) and rhs.op == "eventually" and max(
                        self.compiler.level(lhs, ctx), self.compiler.level(rhs.args[0], ctx)) <= LEVEL_STATE:
                    prop.liveness.append(self._leads_to(lhs, rhs.args[0], p, ctx))
                    return
        if isinstance(e, ast.Temporal) and e.op == "eventually":
            inner = e.args[0]
            if self.compiler.level(inner, ctx) <= LEVEL_STATE:
                prop.liveness.append(Liveness("eventually", p.label(), self._atom_fn(inner, p)))
                return
            if isinstance(inner, ast.Temporal) and inner.op == "always" and \
                    self.compiler.level(inner.args[0], ctx) <= LEVEL_STATE:
                prop.liveness.append(Liveness("eventually_always", p.label(), self._atom_fn(inner.args[0], p)))
                return
        prop.liveness.append(Liveness("general", p.label(), general=general_obligation(self, p)))


# TLC's word in its TLC_CONFIG_SPECIFIED_NOT_DEFINED message for what a cfg names (Spec, SpecProcessor)
_SPECIFIED_NOT_DEFINED = {"specification": "name", "property": "property", "initial predicate": "initial predicate",
                          "next-state relation": "next state action", "invariant": "invariant",
                          "view": "view function", "alias": "alias", "postcondition": "post condition"}


def _action_level_property(name: str, e: ast.Expr) -> str:
    """TLC's message for an action-level conjunct of a PROPERTY (MP: TLC_CONFIG_PROPERTY_ACTION_LEVEL
    and its [A]_v and <<A>>_v variants), the formula named and placed by its source range."""
    at = e.pos.location()
    head = (f"The formula {name} at {at} is an action-level formula (i.e., it contains no temporal operators). "
            "Only temporal-level (or state-level) formulas are allowed under PROPERTY or PROPERTIES. ")
    book = "Specifying Systems at https://lamport.azurewebsites.net/tla/book.html)."
    if isinstance(e, ast.StepAction) and not e.angle:
        return head + (f"To check that action {name} holds in *every* step of the behavior, define a temporal "
                       f"property by applying the \"always\" temporal operator ([]) to the formula at {at} "
                       f"(compare page 90 of {book}")
    if isinstance(e, ast.StepAction):
        return head + (f"To check that infinitely many {name} steps occur, define a temporal property by applying "
                       f"the \"always eventually\" temporal operator combination ([]<>) to the formula at {at} "
                       f"(compare page 91 of {book}")
    return head + (f"To check that action {name} holds in *every* step of the behavior, define a temporal property: "
                   f"Let A be the formula at {at}; rewrite A as [][A]_v, where v is a state function (typically the "
                   f"tuple of variables) (compare page 90 of {book}")


def _itself(s: tuple) -> tuple:
    return s


NO_NEXT_ACTIONS = "No next state actions defined to generate successor states from."


def _no_next_state_actions(s: tuple) -> Iterator:
    """The successors in a specification without [][Next]_v: TLC computes the initial states
    and, if there is one, stops with this error (ModelChecker: TLC_STATES_AND_NO_NEXT_ACTION).
    The searches stop before they ask (bfs.add_initial_states); simulation meets it here."""
    raise EvalError(NO_NEXT_ACTIONS)
    yield  # a generator, as compiled actions are


_no_next_state_actions.labels = frozenset()  # type: ignore[attr-defined]  # as compiled actions carry


def _opened_let(e: ast.Let) -> tuple[ast.Expr, str | None] | None:
    """A LET with its body opened one step, as TLC's processConfigSpec and processConfigProps peel
    a LetInNode and go on with its body, the definitions kept around each piece that uses them
    (``with_lets``): a conjunction becomes one of LETs, a \\A one over LETs (unrolled as without
    the LET), a nested LET one LET, a temporal formula the same one over LETs (``_pushed``), a
    call of a LET-defined operator (``LET id(a) == a IN id(Init /\\ [][Next]_v)``) its body with
    the arguments substituted (by name, as TLC passes them), and a body that uses none of the
    definitions itself. With the name TLC gives the result where it is a definition's body (as
    for any operator it opens), else None. None when the body is none of these."""
    body, defs = e.body, e.defs
    if isinstance(body, ast.And):
        return ast.And(body.pos, tuple(with_lets(x, defs) for x in body.items)), None
    if isinstance(body, ast.Temporal | ast.Fairness):
        return _pushed(body, defs), None
    if isinstance(body, ast.Quant) and body.kind == "forall":
        bounds = tuple(dataclasses.replace(b, set=with_lets(b.set, defs)) if b.set is not None else b
                       for b in body.bounds)
        return dataclasses.replace(body, bounds=bounds, body=with_lets(body.body, defs)), None
    if isinstance(body, ast.Let):
        return ast.Let(body.pos, defs + body.defs, body.body), None
    if isinstance(body, ast.Name | ast.Apply):
        name = body.name if isinstance(body, ast.Name) else body.op
        args = body.args if isinstance(body, ast.Apply) else ()
        called = [d for d in defs if isinstance(d, ast.OpDef) and d.name == name and len(d.params) == len(args)]
        if called:
            by_name = {p.name: a for p, a in zip(called[-1].params, args, strict=True)}
            return with_lets(substituted(called[-1].body, by_name), defs), name
    unused = with_lets(body, defs)
    return (unused, None) if unused is body else None


def _pushed(e: ast.Expr, defs: tuple[ast.Definition, ...]) -> ast.Expr:
    """``LET defs IN e`` with the definitions pushed through e's temporal operators, [A]_v and
    WF/SF to the formulas under them, so that its form is still seen: LET d == ... IN [](P) is
    checked as the invariant P, LET A == ... IN [][A]_v as an action property and WF_v(A) as
    fairness, as TLC classifies the LET's body."""
    if isinstance(e, ast.Temporal):
        return dataclasses.replace(e, args=tuple(_pushed(a, defs) for a in e.args))
    if isinstance(e, ast.StepAction | ast.Fairness):
        return dataclasses.replace(e, action=with_lets(e.action, defs), sub=with_lets(e.sub, defs))
    return with_lets(e, defs)


def _dnf_size(fairness: list[Fairness], obligations: list[Liveness]) -> int:
    """How many disjuncts TLC's Liveness.toDNF makes of the fairness conjoined with the negated
    properties: each SF_v(A) is <>[]~ENABLED \\/ []<>A (two), a WF one formula; TLC counts in a
    Java int and refuses the formula past it (LNConj.toDNF: TLC_LIVE_CANNOT_HANDLE_FORMULA)."""
    negated = sum(len(ob.general.disjuncts) if ob.general is not None else 1 for ob in obligations)
    return 2 ** sum(f.kind == "SF" for f in fairness) * max(1, negated)


def _invariant_name(inner: ast.Expr, part: Part) -> str:
    """TLC's name for the invariant P of a property's []P: P's operator where P is one applied to
    no argument (PROPERTY Safety, Safety == []TypeOK: "TypeOK"; [](FALSE): "FALSE"), else the
    conjunct's (processConfigProps). R(5)!Inv is a name of a hoisted instance here (instances.py),
    an application to an argument to TLC."""
    if isinstance(inner, ast.Name) and "%" not in inner.name.rpartition("!")[0]:
        return written_name(inner.name)
    if isinstance(inner, ast.Bool):
        return "TRUE" if inner.value else "FALSE"
    return part.shown()


def _bound_here(e: ast.Name | ast.Apply, part: Part) -> bool:
    name = e.name if isinstance(e, ast.Name) else e.op
    return name in part.env


def part_ctx(part: Part) -> Ctx:
    """The context a part is evaluated in: its scope, with its environment's names bound."""
    ctx = Ctx(part.scope)
    for name in part.env:
        ctx = ctx.bind(name, Local("_", "value"))
    return ctx


def _assumes(mod: ast.Module, loader: Loader, seen: set[str]) -> Iterator[ast.Expr]:
    """The ASSUMEs of ``mod`` after those of the modules it extends, each module once."""
    seen.add(mod.name)
    for ext in mod.extends:
        if ext not in seen and ext not in STANDARD_MODULES:
            yield from _assumes(loader.parse(ext, mod.extends_pos.get(ext, mod.pos)), loader, seen)
    yield from mod.assumes


def _model_values(values: Any) -> Iterator[ModelValue]:
    for v in values:
        if isinstance(v, ModelValue):
            yield v
        elif isinstance(v, frozenset):
            yield from _model_values(v)


def load_model(spec: str | Path, config: str | Path | None = None, lib: Sequence[Path] = (),
               invariants: Sequence[str] = (), warnings: bool = True) -> Model:
    spec_path = Path(spec)
    cfg_path = Path(config) if config else spec_path.with_suffix(".cfg")
    if not cfg_path.exists() and cfg_path.suffix not in (".cfg", ".tla") and Path(f"{cfg_path}.cfg").exists():
        cfg_path = Path(f"{cfg_path}.cfg")  # -config NAME is NAME.cfg, as in TLC
    if not spec_path.exists():
        raise ParseError(f"spec file {spec_path} does not exist", ast.Pos(str(spec_path), 1, 1))
    cfg = parse_config_file(cfg_path)
    return Model(spec_path, cfg, lib, invariants, warnings)


def _boolean(fn: Callable[[tuple], Any], e: ast.Expr) -> Callable[[tuple], bool]:
    """A property's state predicate as TLC's Tool.isValid takes it on an initial state: a value
    that is no Boolean is its error (P == 3 is no property that holds)."""
    message = "TLC expected a boolean value, but did not find one. " + (
        str(e.value) if isinstance(e, ast.Num) else e.pos.location())

    def holds(s: tuple) -> bool:
        value = fn(s)
        if type(value) is not bool:
            raise EvalError(message, e.pos)
        return value
    return holds


def _constant_postcondition(name: str) -> Callable[[tuple], Any]:
    """A POSTCONDITION of constant level: TLC accepts it at start and crashes when it evaluates
    it, after a search that found no error (ModelChecker's RuntimeException, exit 255)."""
    def crash(_: tuple) -> Any:
        raise StartupCrash(f"TLC threw an unexpected exception (java.lang.RuntimeException): The post condition "
                           f"{name} cannot be a constant.")
    return crash
