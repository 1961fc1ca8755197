"""Random simulation (TLC's ``-simulate [num=N] -depth D -seed S``): random behaviours from the
initial states, for models too big to enumerate.

Each behaviour starts from an initial state chosen at random and takes at most ``depth`` steps.
At each step, as TLC's SimulationWorker: every successor of the current state is generated and
checked against the invariants (and, for the step, the action properties); then one sub-action
with a successor inside the model (CONSTRAINT, ACTION_CONSTRAINT) is chosen at random, and one of
its successors. A state with no such successor is a deadlock (exit 11) unless deadlock checking
is off, which ends the behaviour. The first violation stops the run with TLC's exit code and the
behaviour up to it.

Reproducible from the seed: successors are put in a canonical order (by their printed form)
before the random choices, so the same seed gives the same behaviours in any process, whatever
Python's hash seed. Temporal (liveness) properties are not checked on the random behaviours:
a model that has them is refused with exit 150 unless liveness is switched off (``--no-liveness``),
so a simulation never passes a liveness property it did not check.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from ..tla import runtime as rt
from ..tla.errors import EXIT_ASSERT, AssertionFailure, SemanticError, TLAError
from ..tla.runtime import clear_memos
from ..tla.values import format_value
from .bfs import ProgressFn, label_text
from .invariants import StateChecks
from .model import Model
from .report import Report, Trace, TraceStep
from .run import _done, alias_trace, check_assumptions

DEFAULT_DEPTH = 100  # TLC's default -depth


@dataclass
class SimulationOptions:
    depth: int = DEFAULT_DEPTH
    traces: int | None = None  # None: until a violation or Ctrl-C, as TLC
    seed: int | None = None    # None: a fresh random seed, printed so the run can be repeated
    check_deadlock: bool | None = None  # None: as the model says (CHECK_DEADLOCK)


class _Stop(Exception):
    """A violation was recorded in the report: the simulation ends."""


def simulate_model(model: Model, options: SimulationOptions, name: str | None = None,
                   progress: ProgressFn | None = None, check_liveness_props: bool = True) -> Report:
    """Simulate random behaviours of ``model``; the report's extra["simulation"] has the seed,
    the number of behaviours and their lengths."""
    report = Report(model=name or f"{model.spec_path.name}:{model.cfg.path}")
    start = time.monotonic()
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(-2**63, 2**63)
    sim = _Simulation(model, options, report, random.Random(seed))
    report.extra["simulation"] = {"seed": seed, "depth": options.depth, "traces": 0, "lengths": {}}
    try:
        if check_liveness_props:
            live = [p.name for p in model.properties if p.liveness]
            if live:
                raise SemanticError(f"the temporal property {live[0]} is not checked by simulation; run "
                                    "with --no-liveness to simulate the safety part", model.cfg.pos_of(live[0]))
        if check_assumptions(model, report) and not model.assume_only:
            sim.run(progress)
    except _Stop:
        pass
    except TLAError as err:
        report.verdict, report.message = "error", err.line()
        report.error_exit = EXIT_ASSERT if isinstance(err, AssertionFailure) and sim.stepping else err.exit_code
        report.complete = False
    except KeyboardInterrupt:
        report.complete = False
        report.extra["interrupted"] = True
    finally:
        rt.TLC_STATS.clear()
        clear_memos()
    if report.trace is not None and model.alias is not None:
        alias_trace(model, report.trace)
    report.generated = sim.generated
    report.depth = max(sim.lengths, default=0)
    report.extra["simulation"].update(traces=sim.traces, lengths=_lengths(sim.lengths))
    return _done(report, start)


def _lengths(lengths: list[int]) -> dict[str, float]:
    """TLC's statistics of the behaviours' lengths (in states)."""
    if not lengths:
        return {"mean": 0.0, "var": 0.0, "sd": 0.0, "max": 0}
    var = statistics.pvariance(lengths) if len(lengths) > 1 else 0.0
    return {"mean": statistics.fmean(lengths), "var": var, "sd": var ** 0.5, "max": max(lengths)}


class _Simulation:
    def __init__(self, model: Model, options: SimulationOptions, report: Report, rng: random.Random) -> None:
        self.model, self.options, self.report, self.rng = model, options, report, rng
        self.checks = StateChecks(model)
        self.action_props = [(p.name, f) for p in model.properties for _, f in p.action_props]
        self.check_deadlock = model.cfg.check_deadlock if options.check_deadlock is None else options.check_deadlock
        self.generated = 0
        self.traces = 0
        self.lengths: list[int] = []
        self.stepping = False  # computing successors (an Assert failing there is exit 14, as in TLC)

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
        init_preds = [(p.name, f) for p in model.properties for _, f in p.init_preds]
        keep: dict[str, tuple] = {}
        for s in model.init():
            self.generated += 1
            bad = self.checks(s) or next((("temporal_property", n) for n, f in init_preds if not f(s)), None)
            if bad is not None:
                self.fail(bad, [(s, None)])
            if all(c(s) for c in model.constraints):
                keep.setdefault(_key(s), s)
        return [keep[k] for k in sorted(keep)]

    def behaviour(self, inits: list[tuple]) -> None:
        model, rng = self.model, self.rng
        s = inits[rng.randrange(len(inits))]
        path: list[tuple[tuple, str | None]] = [(s, None)]
        for _ in range(self.options.depth):
            groups = self.successors(s, path)
            if not groups:
                if self.check_deadlock:
                    self.report.verdict = "deadlock"
                    self.fail(None, path)
                break
            key = sorted(groups, key=lambda k: k[:2])[rng.randrange(len(groups))]
            options = groups[key]
            t = options[0] if len(options) == 1 else sorted(options, key=_key)[rng.randrange(len(options))]
            path.append((t, label_text(model, (key[0], key[2]))))
            s = t
        self.traces += 1
        self.lengths.append(len(path))

    def successors(self, s: tuple, path: list[tuple[tuple, str | None]]) -> dict[tuple, list[tuple]]:
        """All successors of s checked; those inside the model grouped by sub-action (TLC picks an
        action first, then one of its successors)."""
        model = self.model
        groups: dict[tuple, list[tuple]] = {}
        for lab, args, t in model.next(s):
            self.generated += 1
            bad = self.checks(t, s)
            if bad is not None:
                self.fail(bad, [*path, (t, label_text(model, (lab, args)))])
            for pname, f in self.action_props:
                if not f(s, t):
                    self.fail(("action_property", pname), [*path, (t, label_text(model, (lab, args)))])
            if all(c(t) for c in model.constraints) and all(c(s, t) for c in model.action_constraints):
                groups.setdefault((lab, format_value(args), args), []).append(t)
        return groups

    def fail(self, bad: tuple[str, str] | None, path: list[tuple[tuple, str | None]]) -> None:
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


def simulation_summary(report: Report) -> str:
    """TLC's closing lines of a simulation."""
    sim = report.extra.get("simulation", {})
    lengths = sim.get("lengths", {})
    return (f"The number of states generated: {report.generated}\n"
            f"Simulation using seed {sim.get('seed')} and aril 0\n"
            f"Progress: {report.generated} states checked, {sim.get('traces', 0)} traces generated "
            f"(trace length: mean={lengths.get('mean', 0):.0f}, var(x)={lengths.get('var', 0):.0f}, "
            f"sd={lengths.get('sd', 0):.0f}, max={lengths.get('max', 0)})")

