"""Random simulation (TLC's ``-simulate [num=N] -depth D -seed S``): random behaviours from the
initial states, for models too big to enumerate.

Each behaviour starts from an initial state chosen at random and takes at most ``depth`` steps.
At each step, as TLC's SimulationWorker: every successor of the current state is generated and
checked against the invariants (and, for the step, the action properties); then one sub-action
with a successor inside the model (CONSTRAINT, ACTION_CONSTRAINT) is chosen at random, and one of
its successors. A state with no such successor is a deadlock (exit 11) unless deadlock checking
is off, which ends the behaviour. The first violation stops the run with TLC's exit code and the
behaviour up to it.

Temporal properties are checked on each behaviour, as TLC's simulator does: the behaviour's
states and steps form a small state graph (a state met twice closes a cycle), each state with the
fairness conditions enabled in it (from all its successors), and the liveness checker of the full
search runs on it. Every cycle or stuttering it reports is a real behaviour of the spec (its
steps were taken, and stuttering is allowed only where fairness allows it), so a violation is a
real counterexample; a behaviour that was cut at ``depth`` shows no violation beyond what it saw.

Reproducible from the seed: successors are put in a canonical order (by their printed form)
before the random choices, so the same seed gives the same behaviours in any process, whatever
Python's hash seed.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..tla import runtime as rt
from ..tla.errors import TLAError
from ..tla.runtime import clear_memos
from ..tla.values import format_value
from .bfs import ProgressFn, StateSpace, label_text
from .errorexit import Where, error_exit
from .framestack import with_frame_room
from .invariants import StateChecks
from .model import Model
from .report import Report, Trace, TraceStep, Verdict, state_records
from .run import INSTALL, _done, _LivenessRunner, check_assumptions, shown_trace

DEFAULT_DEPTH = 100  # TLC's default -depth


@dataclass
class SimulationOptions:
    depth: int = DEFAULT_DEPTH
    traces: int | None = None  # None: until a violation or Ctrl-C, as TLC
    seed: int | None = None    # None: a fresh random seed, printed so the run can be repeated


class _Stop(Exception):
    """A violation was recorded in the report: the simulation ends."""


@with_frame_room
def simulate_model(model: Model, options: SimulationOptions, name: str | None = None,
                   progress: ProgressFn | None = None, check_liveness_props: bool = True) -> Report:
    """Simulate random behaviours of ``model``; the report's extra["simulation"] has the seed,
    the number of behaviours and their lengths."""
    report = Report(model=name or f"{model.spec_path.name}:{Path(model.cfg.path).name}")
    start = time.monotonic()
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(-2**63, 2**63)
    live = _LivenessRunner(model, report) if check_liveness_props and not model.assume_only and \
        any(p.liveness for p in model.properties) else None
    sim = _Simulation(model, options, report, random.Random(seed), live)
    report.extra["simulation"] = {"seed": seed, "depth": options.depth, "traces": 0, "lengths": {}}
    rt.TLC_CONFIG.update(mode="simulate", depth=options.depth, traces=options.traces if options.traces else -1,
                         deadlock=model.cfg.check_deadlock, seed=str(seed), aril="0", worker=1, install=INSTALL)
    try:
        if check_assumptions(model, report) and not model.assume_only:
            sim.run(progress)
    except _Stop:
        pass
    except TLAError as err:
        report.verdict, report.message = Verdict.ERROR, err.line()
        if sim.path:  # the behaviour up to the state whose successors failed, as TLC shows it
            report.trace = Trace(model.variables, [TraceStep(t, a) for t, a in sim.path])
        report.error_exit = error_exit(err, Where.SUCCESSORS) if sim.stepping else err.exit_code
        report.complete = False
    except KeyboardInterrupt:
        report.complete = False
        report.extra["interrupted"] = True
    finally:
        clear_memos()
    if report.trace is not None:
        shown_trace(model, report.trace, report.verdict)
    report.generated = sim.generated
    report.depth = max(sim.lengths, default=0)
    report.extra["simulation"].update(traces=sim.traces, lengths=_lengths(sim.lengths),
                                      tlc_lengths=_tlc_lengths(sim.lengths, options.depth))
    return _done(report, start)


def _tlc_lengths(lengths: list[int], depth: int) -> tuple[int, int, int]:
    """(mean, var, sd) as TLC's progress line prints them: each behaviour's length is the level
    of its last state, at most -depth (SimulationWorker.collectPostTrace), folded by Welford's
    algorithm in Java's integer arithmetic."""
    mean = m2 = 0
    for n, length in enumerate(lengths, 1):
        tl = min(depth, length)
        delta = tl - mean
        mean += abs(delta) // n * (1 if delta >= 0 else -1)  # Java's long division truncates
        m2 += delta * (tl - mean)
    var = m2 / (len(lengths) + 1)  # (TLC: + 1 against a division by zero)
    return mean, math.floor(var + 0.5), math.floor(math.sqrt(var) + 0.5)


def _lengths(lengths: list[int]) -> dict[str, float]:
    """TLC's statistics of the behaviours' lengths (in states)."""
    if not lengths:
        return {"mean": 0.0, "var": 0.0, "sd": 0.0, "max": 0}
    var = statistics.pvariance(lengths) if len(lengths) > 1 else 0.0
    return {"mean": statistics.fmean(lengths), "var": var, "sd": var ** 0.5, "max": max(lengths)}


class _Simulation:
    def __init__(self, model: Model, options: SimulationOptions, report: Report, rng: random.Random,
                 live: _LivenessRunner | None = None) -> None:
        self.model, self.options, self.report, self.rng, self.live = model, options, report, rng, live
        self.checks = StateChecks(model)
        self.action_props = model.action_checks
        self.check_deadlock = model.cfg.check_deadlock
        self.generated = 0
        self.traces = 0
        self.lengths: list[int] = []
        self.stepping = False  # computing successors (an Assert failing there is exit 14, as in TLC)
        self.path: list[tuple[tuple, str | None]] = []  # the behaviour being drawn
        # TLCGet("level"): a state's position in the behaviour (1 for an initial state); Next and
        # the action checks see s's, the state checks t's, as in the breadth-first search
        self.level = rt.LEVEL if model.reads_level() else None
        self.tracing = model.reads_trace()  # TLCExt!Trace: the behaviour up to the state checked

    def run(self, progress: ProgressFn | None) -> None:
        inits = self.initial_states()
        if not inits:
            return
        start = last = time.monotonic()
        limit = self.options.traces
        self.stepping = True
        while limit is None or self.traces < limit:
            self.behaviour(inits)
            if progress is not None and (now := time.monotonic()) - last >= 2.0:
                last = now
                progress({"generated": self.generated, "traces": self.traces, "seconds": now - start})

    def initial_states(self) -> list[tuple]:
        """Every initial state, checked as TLC checks them; those inside the model, in canonical order."""
        model = self.model
        init_preds = [pred for p in model.properties for pred in p.init_preds]
        keep: dict[str, tuple] = {}
        level = self.level
        if level is not None:
            level[0] = 0
        for s in model.init():
            self.generated += 1
            if level is not None:
                level[0] = 1
            if self.tracing:
                rt.TRACE[0] = self.records([s])
            bad = self.checks(s) or next(((Verdict.TEMPORAL_PROPERTY, n) for n, f in init_preds if not f(s)), None)
            if bad is not None:
                if bad[0] is Verdict.TEMPORAL_PROPERTY:  # a property's state predicate (model.init_preds)
                    self.report.extra["initial_predicate"] = True
                self.fail(bad, [(s, None)])
            if all(c(s) for c in model.constraints):
                keep.setdefault(_key(s), s)
            if level is not None:
                level[0] = 0
        return [keep[k] for k in sorted(keep)]

    def behaviour(self, inits: list[tuple]) -> None:
        model, rng = self.model, self.rng
        s = inits[rng.randrange(len(inits))]
        path: list[tuple[tuple, str | None]] = [(s, None)]
        self.path = path
        steps: list[tuple[tuple[int, tuple], int]] = []  # (label, fairness step bits) into path[k + 1]
        # fairness enabled bits of the states met, by position in the path (not keyed by the
        # state: Python's 1 == True would give x = 1 the bits of x = TRUE)
        enabled: dict[int, int] = {}
        for _ in range(self.options.depth):
            groups, succs = self.successors(s, path)
            if self.live is not None:
                enabled[len(path) - 1], masks = self.live.tracker.state(s, succs)
            key, options = self.choose_action(s, path, groups) if groups else (None, [])
            if not options:
                if self.check_deadlock:
                    self.report.verdict = Verdict.DEADLOCK
                    self.fail(None, path)
                break
            assert key is not None
            t, k = options[0] if len(options) == 1 else \
                sorted(options, key=lambda o: _key(o[0]))[rng.randrange(len(options))]
            path.append((t, label_text(model, (key[0], key[2]))))
            if self.live is not None:
                steps.append(((key[0], key[2]), masks[k]))
            s = t
        else:
            if self.live is not None:  # cut at the depth: what is enabled at the end still matters
                enabled[len(path) - 1] = self.live.tracker.state(s, [((lab, args), t) for lab, args, t in model.next(s)])[0]
        self.traces += 1
        self.lengths.append(len(path))
        if self.live is not None:
            for _, obligation, _ in self.live.obligations:
                obligation.values.clear()  # cached per state id, and ids are this behaviour's
        if self.live is not None and not self.live.run(_behaviour_graph(path, steps, enabled, self.live)):
            self.report.complete = False
            raise _Stop

    def successors(self, s: tuple, path: list[tuple[tuple, str | None]]) \
            -> tuple[dict[tuple, list[tuple[tuple, int]]], list[tuple[tuple[int, tuple], tuple]]]:
        """All successors of s, grouped by sub-action (TLC picks an action first, then one of
        its successors), each with its index in the list of all successors, which is returned
        too (the fairness bits are computed on it). Nothing is counted or checked yet: TLC
        generates and checks only the successors of the actions it tries (choose_action)."""
        groups: dict[tuple, list[tuple[tuple, int]]] = {}
        succs: list[tuple[tuple[int, tuple], tuple]] = []
        if self.level is not None:
            self.level[0] = len(path)
        for lab, args, t in self.model.next(s):
            groups.setdefault((lab, format_value(args), args), []).append((t, len(succs)))
            succs.append(((lab, args), t))
        return groups, succs

    def choose_action(self, s: tuple, path: list[tuple[tuple, str | None]],
                      groups: dict[tuple, list[tuple[tuple, int]]]) -> tuple[tuple | None, list[tuple[tuple, int]]]:
        """TLC's SimulationWorker: an action drawn at random, its successors generated and each
        checked (invariants, action properties), those inside the model (CONSTRAINT,
        ACTION_CONSTRAINT) kept; where none is, the other actions in turn. (the action, the
        successors kept), or (None, []) where no action has one: a deadlock, as in TLC."""
        keys = sorted(groups, key=lambda k: k[:2])
        first = self.rng.randrange(len(keys))
        for key in [keys[first], *(k for i, k in enumerate(keys) if i != first)]:
            kept = [(t, k) for t, k in groups[key] if self.checked(s, t, key, path)]
            if kept:
                return key, kept
        return None, []

    def checked(self, s: tuple, t: tuple, key: tuple, path: list[tuple[tuple, str | None]]) -> bool:
        """Count and check the successor t of s (TLC's addElement); is it inside the model?"""
        model, level, depth = self.model, self.level, len(path)
        self.generated += 1

        def step() -> list[tuple[tuple, str | None]]:  # the behaviour to t, made only for a failure
            return [*path, (t, label_text(model, (key[0], key[2])))]

        if self.tracing:
            rt.TRACE[0] = self.records([*(u for u, _ in path), t])
        if level is not None:
            level[0] = depth + 1
        bad = self.checks(t, s)
        if bad is not None:
            self.fail(bad, step())
        if level is not None:
            level[0] = depth
        for pname, f in self.action_props:
            if not f(s, t):
                self.fail((Verdict.ACTION_PROPERTY, pname), step())
        if level is not None:
            level[0] = depth + 1
        inside = all(c(t) for c in model.constraints)
        if level is not None:
            level[0] = depth
        return inside and all(c(s, t) for c in model.action_constraints)

    def records(self, states: list[tuple]) -> Callable[[], tuple]:
        """TLCExt!Trace over ``states``, made where an expression asks for it (runtime.trace)."""
        names = self.model.variables
        return lambda: state_records(names, states)

    def fail(self, bad: tuple[Verdict, str] | None, path: list[tuple[tuple, str | None]]) -> None:
        """Record the violation (``bad`` is (verdict, name); None keeps the verdict set) and stop."""
        if bad is not None:
            self.report.verdict, self.report.violated = bad
        self.report.trace = Trace(self.model.variables, [TraceStep(t, a) for t, a in path])
        self.report.complete = False
        self.traces += 1
        self.lengths.append(len(path))
        raise _Stop


def _key(state: tuple) -> str:
    return format_value(state)


def _behaviour_graph(path: list[tuple[tuple, str | None]], steps: list[tuple[tuple[int, tuple], int]],
                     enabled: dict[int, int], live: _LivenessRunner) -> StateSpace:
    """The behaviour as a state graph for the liveness checker: its distinct states, each fully
    "explored" with the steps the behaviour took from it (a state met again closes a cycle)."""
    space = StateSpace()
    live.tracker.prepare(space)
    root = space.slot((-1, ()))
    ids: list[int] = []
    for k, (state, _) in enumerate(path):
        sid = space.find(state)
        if sid is None:
            sid = space.add(state, ids[-1] if ids else -1, root if k == 0 else space.slot(steps[k - 1][0]))
        ids.append(sid)
    bits = {ids[k]: mask for k, mask in enabled.items()}
    space.initial.append(ids[0])
    out: dict[int, dict[tuple[int, int], int]] = {}
    for k, (key, mask) in enumerate(steps):
        edges = out.setdefault(ids[k], {})
        edge = (ids[k + 1], space.slot(key))
        edges[edge] = edges.get(edge, 0) | mask
    for sid in range(len(space.states)):
        space.edge_start.append(len(space.edge_dst))
        for (dst, slot), mask in out.get(sid, {}).items():
            space.edge_dst.append(dst)
            space.edge_slot.append(slot)
            space.edge_fair.append(mask)
        space.enabled.append(bits.get(sid, 0))
    space.edge_start.append(len(space.edge_dst))
    return space


def simulation_summary(report: Report) -> str:
    """TLC's closing lines of a simulation."""
    sim = report.extra.get("simulation", {})
    mean, var, sd = sim.get("tlc_lengths", (0, 0, 0))
    return (f"The number of states generated: {report.generated}\n"
            f"Simulation using seed {sim.get('seed')} and aril 0\n"
            f"Progress: {report.generated} states checked, {sim.get('traces', 0)} traces generated "
            f"(trace length: mean={mean}, var(x)={var}, sd={sd})")

