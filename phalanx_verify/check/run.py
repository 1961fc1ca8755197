"""One model-checking run on the built-in engine: safety by BFS; liveness on the explored graph,
between BFS levels when TLC's timer would check it (so violations stop a long search early, as in
TLC) and once more on the complete graph, and the bad prefixes of temporal properties as the
search expands states (check/sinkwatch.py)."""

from __future__ import annotations

import multiprocessing
import resource
import signal
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..tla import runtime as rt
from ..tla import syntax as ast
from ..tla.errors import EvalError, LivenessEvalError, SemanticError, StartupCrash, TLAError, UsageError
from ..tla.runtime import clear_memos
from ..tla.syntax import Pos
from ..tla.values import Fcn, format_value
from .bfs import (
    ExpandedHook,
    FailedExpansionHook,
    InitialHook,
    ProgressFn,
    SearchObserver,
    StateSpace,
    ViolationHook,
    explore,
)
from .fairness import FairnessTracker
from .framestack import with_frame_room
from .lasso import violated_properties
from .liveatoms import AtomSites, liveness_fails
from .livegraph import AtomFailed, LiveGraph, LiveInputs
from .liveness import check_liveness, disjunct_tableau, holds_by_screen, node_truth, safety_like
from .model import Fairness, Liveness, Model, load_model
from .parallel import SearchOptions, explore_parallel, fork_safe, parallel_supported
from .report import PROPERTY_SEPARATOR, Report, Trace, Verdict, state_records
from .sinkwatch import SinkWatch

INSTALL = str(Path(__file__).resolve().parents[1])
"""Where the checker is installed: TLCGet("config").install (TLC's is its jar's location)."""

PERIODIC_FIRST_SECONDS = 3.0
PERIODIC_SECONDS = 60.0
"""When TLC stops its workers for a check of the partial behaviour graph: 3 s after they start,
then once a progress interval, a minute (AbstractChecker.runTLC, ModelChecker.doPeriodicWork).
A search done in less than 3 s is checked only at the end: its counts at a liveness violation
are those of the whole graph, as TLC's; a longer one stops where its timer says, as TLC's."""
FORK_CHECKS_FROM = 50_000  # explored states from which the obligations are checked on several processes

Obligation = tuple[str, Liveness, dict]  # (property name, obligation, extra: its fairness bit)
Outcome = tuple[Trace | None, TLAError | None]  # an obligation's lasso, or the error checking it


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


class _LivenessRunner:
    """Holds the obligations and runs them on (a prefix of) the state graph."""

    def __init__(self, model: Model, report: Report) -> None:
        self.model, self.report = model, report
        fairs: list[Fairness] = list(model.fairness)
        self.obligations: list[Obligation] = []
        for prop in model.properties:
            for ob in prop.liveness:
                extra: dict = {}
                if ob.fairness is not None:
                    extra["bit"] = len(fairs)
                    fairs.append(ob.fairness)
                self.obligations.append((prop.name, ob, extra))
        self.tracker = FairnessTracker(model, fairs)
        # Only the spec's own conditions constrain which cycles are behaviours.
        self.kinds = [f.kind for f in model.fairness]
        self.checked_at = 0
        self.next_check = time.monotonic() + PERIODIC_FIRST_SECONDS  # the search starts
        # what the parallel search's workers compute for the graph (check/livegraph.py)
        self.inputs = LiveInputs.of(self.tracker, [ob for _, ob, _ in self.obligations])
        self.processes = 1  # the parallel search's workers: its graph's checks may use as many
        self.safety_only = False  # TLC's -lncheck off: no search for cycles, only bad prefixes
        self.atoms = AtomSites([ob for _, ob, _ in self.obligations])  # where TLC evaluates them

    def run(self, space: StateSpace | LiveGraph) -> bool:
        """Check every obligation; record the first violation. True when none is violated."""
        self.checked_at = space.explored
        for (_, ob, _), (trace, error) in zip(self.obligations, self._outcomes(space), strict=False):
            if isinstance(error, EvalError):
                raise LivenessEvalError(error.message, error.pos) from error
            if error is not None:
                raise error
            if trace is not None:
                self._violated(ob, trace)
                return False
        return True

    def _violated(self, ob: Liveness, trace: Trace) -> None:
        self.report.verdict = Verdict.TEMPORAL_PROPERTY
        # as TLC: every property false on this lasso, not only the one whose check found it
        named = [(name, o) for name, o, _ in self.obligations]
        self.report.violated = PROPERTY_SEPARATOR.join(violated_properties(named, ob, trace, self.model)) or None
        self.report.trace = trace
        self.report.extra["obligation"] = ob.name

    def sink_watches(self) -> list[tuple[Liveness, SinkWatch]]:
        """A product graph grown with the search (check/sinkwatch.py) for each way of violating
        a general property by a bad prefix: a disjunct without cycle conditions, under a spec
        without fairness, whose tableau holds the node of no formula."""
        out = []
        for _, ob, _ in self.obligations:
            if ob.general is None:
                continue
            for i, d in enumerate(ob.general.disjuncts):
                tab = disjunct_tableau(ob.general, i)
                if safety_like(d, self.kinds) and any(not particle for particle in tab.nodes):
                    out.append((ob, SinkWatch(tab, node_truth(tab, ob.values.setdefault(i, {})))))
        return out

    def initial_hook(self) -> InitialHook | None:
        """bfs.explore's ``on_initial``: the atoms TLC evaluates on an initial state."""
        return self.atoms.initial if self.atoms else None

    def failed_expansion_hook(self) -> FailedExpansionHook:
        """bfs.explore's ``on_failed_expansion`` (liveatoms.liveness_fails)."""
        obligations = [ob for _, ob, _ in self.obligations]
        return lambda s, inside: liveness_fails(self.model, self.tracker.fairs, obligations, s, inside)

    def expanded_hook(self) -> ExpandedHook | None:
        """bfs.explore's ``on_expanded``: the atoms TLC evaluates once it has expanded a state,
        and its check of bad prefixes there."""
        watches = self.sink_watches()
        atoms = self.atoms
        if not watches and not atoms:
            return None

        def expanded(space: StateSpace, sid: int) -> bool:
            if atoms:
                atoms.expanded(space, sid)
            for ob, watch in watches:
                if not watch.expanded(space, sid):
                    space.edge_start.append(len(space.edge_dst))  # sid's edges end here (its labels)
                    self._violated(ob, Trace(self.model.variables, space.steps(self.model, watch.path()), safety=True))
                    space.edge_start.pop()
                    return False
            return True
        return expanded

    def _outcomes(self, space: StateSpace | LiveGraph) -> Iterator[Outcome]:
        """Each obligation's outcome, in order: checked here one after the other (lazily: the
        first violation ends the checks, as in TLC) or, on a large graph of the parallel search,
        screened here and those the screen leaves searched at once on forked processes."""
        held: list[bool] = [False] * len(self.obligations)
        if self.processes > 1 and isinstance(space, LiveGraph) and space.explored >= FORK_CHECKS_FROM and fork_safe():
            # the screen first, here (a fraction of a second each): forking for a property that
            # holds cost more than its check
            held = [holds_by_screen(space, ob, self.kinds, extra, self.safety_only) for _, ob, extra in self.obligations]
            left = [i for i, h in enumerate(held) if not h]
            if len(left) > 1:
                yield from self._forked(space, left, held)
                return
        for obligation, screened in zip(self.obligations, held, strict=True):
            yield (None, None) if screened else _check(self.model, space, obligation, self.kinds, self.safety_only)

    def _forked(self, space: LiveGraph, left: list[int], held: list[bool]) -> Iterator[Outcome]:
        """The searches of obligations ``left`` at once on forked processes (they are
        independent; taking their outcomes in order gives the same verdict)."""
        global _FORKED
        _FORKED = (self.model, space, self.obligations, self.kinds, self.safety_only)
        pool = multiprocessing.get_context("fork").Pool(min(self.processes, len(left)), initializer=_default_sigterm)
        try:
            found = dict(zip(left, pool.map(_check_forked, left, chunksize=1), strict=True))
            # Ended by their sentinels, not by signals: Pool's __exit__ (terminate) sent
            # SIGTERM to a worker that could still be starting, with the search's handler
            # (the initializer not run yet), and its join waited forever now and then
            pool.close()
            pool.join()
        finally:
            pool.terminate()  # (a no-op once joined; ends the workers if map failed)
            _FORKED = None
        yield from ((None, None) if h else found[i] for i, h in enumerate(held))

    def periodic(self, space: StateSpace | LiveGraph) -> bool:
        """Between levels, once the timer is due: a check if the graph has grown by a tenth
        since the last one (TLC's livenessThreshold)."""
        now = time.monotonic()
        if now >= self.next_check and space.explored > 1.1 * self.checked_at:
            self.next_check = now + PERIODIC_SECONDS
            return self.run(space)
        return True


_FORKED: tuple | None = None  # what the forked obligation checks inherit (_LivenessRunner._outcomes)


def _check(model: Model, space: StateSpace | LiveGraph, obligation: Obligation, kinds: list[str],
           safety_only: bool, screened: bool = False) -> Outcome:
    _, ob, extra = obligation
    try:
        return check_liveness(model, space, ob, kinds, extra, safety_only, screened), None
    except TLAError as err:
        return None, err


def _default_sigterm() -> None:
    """A forked check ends where it stands when its pool ends it. It inherits the parallel
    search's SIGTERM handler (parallel._exit_on_sigterm), which turns the pool's SIGTERM into a
    SystemExit through multiprocessing's exit path in an idle worker; now and then such a worker
    never ended and the pool's join waited for it forever (1 run in 4 of
    test_several_properties_checked_at_once; none in 20 with the default action)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _check_forked(i: int) -> Outcome:
    assert _FORKED is not None
    model, space, obligations, kinds, safety_only = _FORKED
    return _check(model, space, obligations[i], kinds, safety_only, screened=True)  # (_outcomes screened it)


@with_frame_room
def check_model(model: Model, name: str | None = None, progress: ProgressFn | None = None,
                check_liveness_props: bool = True, observer: SearchObserver | None = None,
                on_violation: ViolationHook | None = None, search: SearchOptions | None = None,
                lncheck: str = "default") -> Report:
    """Check ``model``. ``observer`` watches every step (coverage, -dump dot); ``on_violation``
    makes the search go on past invariant and action-property violations (TLC's -continue),
    see bfs.explore. With ``search.workers`` > 1 the search runs on that many processes
    (check/parallel.py), the liveness graph too (check/livegraph.py), unless the model or an
    option needs the sequential search (a tableau-checked temporal formula, VIEW, TLCSet, an
    observer, -continue); the report then says so in ``extra["sequential"]``. A checkpoint or a
    recovery needs the fingerprint search (also on one worker) and holds no liveness graph:
    asking for one where it cannot run is a usage error."""
    report = Report(model=name or f"{model.spec_path.name}:{Path(model.cfg.path).name}")
    start = time.monotonic()
    live = None
    try:
        search = search or SearchOptions()
        # worker 1: the parallel search finds what one TLC worker finds, in its order (counts,
        # counterexamples, the counts at a violation), and TLCGet("all") sees one worker's
        # registers; TLC's seed is that of its random choices, which the breadth-first search
        # here has none of; its fingerprint names the -fp polynomial, here the -fp index.
        rt.TLC_CONFIG.update(mode="bfs", deadlock=model.cfg.check_deadlock, worker=1, seed="0",
                             fingerprint=str(search.fp or 0), install=INSTALL)
        # the checker exists before the ASSUMEs: TLCGet("stats") and its figures are there
        rt.no_states_yet()
        rt.RUN_START[0] = time.time()
        if not check_assumptions(model, report) or model.assume_only:
            return _done(report, start)
        if check_liveness_props and any(p.liveness for p in model.properties):
            live = _LivenessRunner(model, report)
            live.safety_only = lncheck == "off"
        # TLC's -lncheck final, seqfinal, off: no check while the search runs
        periodic = live.periodic if live is not None and lncheck == "default" else None
        why = parallel_supported(model, live.inputs if live else None) if search.fingerprint_search else "one worker"
        if why is None and (observer is not None or on_violation is not None):
            why = "coverage, -dump or -continue watch the sequential search"
        if why is None and model.reads_level():
            why = 'TLCGet("level") follows the sequential search'  # (its workers know no level)
        if why is None and live is not None and (search.checkpoint is not None or search.recover is not None):
            why = "a checkpoint holds no liveness graph"
        if why is None:
            if live is not None:
                live.processes = search.workers
            try:
                graph = explore_parallel(model, report, search, progress=progress, live=live.inputs if live else None,
                                         on_level=periodic)
            except AtomFailed:
                vars(report).update(vars(Report(model=report.model)))  # the sequential search starts afresh
                why = "a property's predicate fails on a state: where TLC evaluates it decides the outcome"
            else:
                completed = report.complete
                if graph is not None and live is not None:
                    live.run(graph)
        if why is not None:
            if search.checkpoint is not None or search.recover is not None:
                raise UsageError(f"checkpoints are taken by the fingerprint search, which this model cannot "
                                 f"use ({why}; --no-liveness checks its safety part)", Pos(str(model.spec_path), 1, 1))
            if search.workers > 1:
                report.extra["sequential"] = why
            space = explore(model, report, fairness=live.tracker if live else None, progress=progress,
                            on_level=periodic, observer=observer, on_violation=on_violation,
                            on_expanded=live.expanded_hook() if live else None,
                            on_failed_expansion=live.failed_expansion_hook() if live else None,
                            on_initial=live.initial_hook() if live else None)
            completed = space is not None
            if space is not None and live is not None:
                live.run(space)
        if completed and report.verdict is Verdict.OK:
            check_postcondition(model, report)
        elif report.verdict in (Verdict.INVARIANT, Verdict.ACTION_PROPERTY, Verdict.DEADLOCK):
            # TLC checks the postconditions after a safety violation too (Worker, DoInitFunctor:
            # checkPostConditionWithCounterExample) and prints a failure; the verdict stands
            failure = postcondition_failure(model, report)
            if failure is not None:
                report.extra.setdefault("after_error", []).append(failure)
        if report.trace is not None:
            shown_trace(model, report.trace, report.verdict)
    except TLAError as err:
        report.verdict, report.message, report.error_exit = Verdict.ERROR, err.line(), err.exit_code
    finally:
        clear_memos()  # a campaign runs many models in one process: keep none of this one's values
    return _done(report, start)


def _done(report: Report, start: float) -> Report:
    report.seconds = time.monotonic() - start
    report.peak_rss_mb = peak_rss_mb()
    return report


def check_assumptions(model: Model, report: Report) -> bool:
    """Evaluate every ASSUME before any state, as TLC does; a false one, or one whose evaluation
    fails, is the verdict "assumption" (exit 10). True when all hold. A construct this checker
    does not support (a SemanticError met while evaluating) is not TLC's verdict: it stops the
    run with 150."""
    for pos, name, fn in model.assumptions:
        try:
            value = fn(model.no_state)
        except SemanticError:
            raise
        except TLAError as err:
            report.verdict = Verdict.ASSUMPTION
            report.message = f"Evaluating assumption {name} failed. {err.line()}"
            return False
        if value is not True:
            report.verdict = Verdict.ASSUMPTION
            # TLC's EC.TLC_EXPECTED_VALUE for one that is no Boolean
            report.message = f"Assumption {name} is false." if value is False else \
                f"Evaluating assumption {name} failed. " \
                f"{EvalError(f'TLC expected a boolean value, but did not find one. {name}', pos).line()}"
            return False
    return True


def check_postcondition(model: Model, report: Report) -> None:
    """TLC's POSTCONDITIONs (and the _POSSIBLE checks after them), evaluated in order once the
    search has completed without a violation: the first false one, or an error while
    evaluating one, is the verdict "postcondition" (exit 10)."""
    failure = postcondition_failure(model, report)
    if failure is not None:
        report.verdict, report.message = Verdict.POSTCONDITION, failure


def postcondition_failure(model: Model, report: Report) -> str | None:
    """TLC's message for the first postcondition that is false, or fails to be evaluated, on
    the search's final figures (TLCGet("stats")); None when all hold."""
    if not model.postconditions:
        return None
    rt.TLC_STATS.update(generated=report.generated, distinct=report.distinct, queue=report.queue,
                        diameter=report.depth)
    rt.LEVEL[0] = 0  # TLC evaluates them on its empty state: TLCGet("level") is 0 (fuzz12 PostLevel)
    for label, pos, fn in model.postconditions:
        name = f"{label} at {pos.location()}"
        try:
            value = fn(model.no_state)
        except (SemanticError, StartupCrash):
            raise
        except TLAError as err:
            return f"Evaluating postcondition {name} failed. {err.line()}"
        if value is not True:
            return f"Postcondition {name} is false."
    return None


def shown_trace(model: Model, trace: Trace, verdict: Verdict) -> None:
    """How the counterexample's states print: through the ALIAS, else, under TLC's -view,
    through the VIEW, else as their variables, in the order of TLC's states. A deadlock or an
    error met on an initial state prints that state as it is: TLC's TLCTrace.printTrace of one
    state, and its "While working on the initial state", apply no alias (fuzz12 AliasDeadlock)."""
    if model.alias is not None and not (len(trace.steps) == 1 and verdict in (Verdict.DEADLOCK, Verdict.ERROR)):
        alias_trace(model, trace)
    elif model.print_view and model.view is not None:
        view_trace(model, trace)
    else:
        trace.order = model.print_order


def view_trace(model: Model, trace: Trace) -> None:
    """-view: each state printed as its VIEW's value, as TLC's TLCStateMut.toString: a tuple of
    variables as those variables, named in their declaration order and valued in the tuple's
    (OpApplNode.toString), any other value as its text."""
    assert model.view is not None and model.cfg.view is not None
    body = model.scope.defs[model.cfg.view][0].body  # type: ignore[union-attr]  # (Model._def_expr)
    names = [x.name for x in body.items if isinstance(x, ast.Name) and x.name in model.variables] \
        if isinstance(body, ast.Tuple) else []
    if len(set(names)) != len(names) or isinstance(body, ast.Tuple) and len(names) != len(body.items):
        names = []
    names.sort(key=model.variables.index)
    rows: list[list[tuple[str | None, str]]] = []
    for step in trace.steps:
        value = model.view(step.state)
        if names and type(value) is tuple and len(value) == len(names):
            rows.append([(n, format_value(v, normalized=True)) for n, v in zip(names, value, strict=True)])
        else:
            rows.append([(None, format_value(value))])
    trace.aliased = rows  # type: ignore[assignment]


def alias_trace(model: Model, trace: Trace) -> None:
    """With an ALIAS, each counterexample state prints as the alias record's fields (TLC). As
    TLC, the alias of a state is evaluated on it and its successor in the trace (x' is the next
    state's x): the last state's is the state the lasso returns to, or else itself (a trace
    that ends, or stutters, there). Where its evaluation fails, TLC prints the state's
    variables and the failure as the field _ALIASEvalError, and the verdict stands; where its
    value is no record, the state itself."""
    assert model.alias is not None
    rows = []
    states = [step.state for step in trace.steps]
    last = states[trace.back_to - 1] if trace.loop == "back_to" and trace.back_to is not None else states[-1]
    records = state_records(model.variables, states)
    for i, state in enumerate(states, 1):
        rt.LEVEL[0] = i  # TLC evaluates the alias of the i-th state at its level
        rt.TRACE[0] = records[:i]
        try:
            value = model.alias(state, states[i] if i < len(states) else last)
        except EvalError as err:
            value = Fcn({**records[i - 1], "_ALIASEvalError": err.message})
        finally:
            rt.TRACE[0] = None
        if type(value) is not Fcn or not all(type(k) is str for k in value):
            value = records[i - 1]  # no record: TLC shows the state itself (Tool.evalAlias: toState is null)
        rows.append([(k, format_value(v)) for k, v in value.items()])
    trace.aliased = rows


def check_files(spec: str | Path, config: str | Path | None = None, progress: ProgressFn | None = None,
                liveness: bool = True, lib: Sequence[Path] = (), search: SearchOptions | None = None) -> Report:
    """Load and check; load errors propagate as TLAError (parse 150, config 151). ``lib``: module
    directories searched after the spec's own."""
    return check_model(load_model(spec, config, lib), progress=progress, check_liveness_props=liveness,
                       search=search)
