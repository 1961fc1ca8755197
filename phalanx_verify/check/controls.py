"""TLC's controls on one check run: which strategy runs (the breadth-first search or random
simulation), what watches it (coverage, the dot dump) and what is written afterwards (the
counterexample as HTML or SVG). The CLI's ``check`` options map onto ``CheckOptions`` one to one.

``-continue`` follows TLC (ModelChecker.doNextCheckInvariants): each invariant or action-property
violation is printed with its behaviour and the search goes on, the violating state still
explored; only the first invariant a state violates is reported. TLC then ends with exit 0 when
nothing else stopped it (a deadlock still stops it, exit 11), and so does this run; the number of
violations is in the JSON report.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..tla import setbound
from . import cexview
from .coverage import Coverage
from .model import Model
from .parallel import SearchOptions
from .report import Report, Trace, Verdict
from .run import check_model, shown_trace
from .simulation import DEFAULT_DEPTH, SimulationOptions, simulate_model
from .statedump import DotDump, StateDump

FP_POLYNOMIALS = 131  # TLC's -fp chooses one of FP64.Polys, indices 0..130

Echo = Callable[[str], None]


@dataclass
class CheckOptions:
    simulate: bool = False
    depth: int = DEFAULT_DEPTH
    traces: int | None = None
    seed: int | None = None
    coverage: bool = False
    dump: str | None = None
    dump_dot: str | None = None
    dot_actionlabels: bool = False
    dot_colorize: bool = False
    cex_html: str | None = None
    cex_svg: str | None = None
    keep_going: bool = False  # -continue
    no_deadlock: bool = False  # -deadlock
    max_set_size: int | None = None
    fp: int | None = None
    lncheck: str = "default"  # -lncheck: when temporal properties are checked (run.check_model)
    view: bool = False  # -view: counterexample states printed through the VIEW (run.shown_trace)


_HEADS = {
    Verdict.INVARIANT: "Invariant {} is violated.",
    Verdict.ACTION_PROPERTY: "Action property {} is violated.",
    Verdict.TEMPORAL_PROPERTY: "Temporal property {} was violated.",
}


Violation = tuple[Verdict, str | None, Trace]  # (verdict, name, behaviour) of one -continue report


def run_check(model: Model, opts: CheckOptions, liveness: bool = True,
              progress: Callable[[dict], None] | None = None,
              echo: Echo | None = None, search: SearchOptions | None = None) -> tuple[Report, list[Violation]]:
    """One run with TLC's controls; the report and, under -continue, every violation found
    (``echo`` prints each as it is found). ``search``: workers, checkpoints (check/parallel.py)."""
    if opts.no_deadlock:
        model.cfg.check_deadlock = False
    model.print_view = opts.view
    with bounded_sets(opts):
        return _run(model, opts, liveness, progress, echo, search)


@contextmanager
def bounded_sets(opts: CheckOptions) -> Iterator[None]:
    """TLC's -maxSetSize for what runs inside: loading the model too (the constant
    expressions and ASSUMEs TLC evaluates under the bound, once the model's constants are
    evaluated, as a constant invariant conjunct is here). The next run in this process (a
    campaign, a test) starts from TLC's default again."""
    setbound.set_bound(setbound.DEFAULT if opts.max_set_size is None else opts.max_set_size)
    try:
        yield
    finally:
        setbound.set_bound()


def _run(model: Model, opts: CheckOptions, liveness: bool, progress: Callable[[dict], None] | None,
         echo: Echo | None, search: SearchOptions | None) -> tuple[Report, list[Violation]]:
    if opts.simulate:
        return simulate_model(model, SimulationOptions(opts.depth, opts.traces, opts.seed), progress=progress,
                              check_liveness_props=liveness), []
    coverage = Coverage(model) if opts.coverage else None
    dot = DotDump(model, opts.dot_actionlabels, opts.dot_colorize) if opts.dump_dot else None
    dump = StateDump(model) if opts.dump else None
    observers = [o for o in (coverage, dot, dump) if o is not None]
    violations: list[Violation] = []

    def on_violation(verdict: Verdict, name: str | None, trace: Trace) -> None:
        violations.append((verdict, name, trace))
        shown_trace(model, trace, verdict)
        if echo is None:
            return
        if verdict is Verdict.INVARIANT and len(trace.steps) == 1:  # TLC's words for an initial state
            echo(f"Error: Invariant {name} is violated by the initial state:\n{trace.render(bare=True)}")
        else:
            echo(f"Error: {_HEADS[verdict].format(name)}\nError: The behavior up to this point is:\n{trace.render()}")

    report = check_model(model, progress=progress, check_liveness_props=liveness,
                         observer=_Observers(observers) if len(observers) > 1 else (observers[0] if observers else None),
                         on_violation=on_violation if opts.keep_going else None, search=search,
                         lncheck=opts.lncheck)
    if opts.keep_going:
        report.extra["violations"] = [{"verdict": v, "violated": n, "trace": t.to_json()} for v, n, t in violations]
    if coverage is not None:
        report.extra["coverage"] = coverage.finish().to_json()
    if dot is not None:
        report.extra["dump_dot"] = str(dot.write(opts.dump_dot))  # type: ignore[arg-type]
    if dump is not None:
        report.extra["dump"] = str(dump.write(opts.dump))  # type: ignore[arg-type]
    return report, violations


class _Observers:
    """Several observers of one search, called in turn."""

    def __init__(self, observers: list[Any]) -> None:
        self.observers = observers

    def initial(self, space: Any, generated: int) -> None:
        for o in self.observers:
            o.initial(space, generated)

    def successor(self, src: int, label: int, args: tuple, dst: int | None, new: bool) -> None:
        for o in self.observers:
            o.successor(src, label, args, dst, new)


def write_outputs(report: Report, violations: list[Violation], opts: CheckOptions) -> list[str]:
    """Write the counterexample pictures asked for (the run's counterexample, else the first
    -continue violation); the lines saying what was written."""
    lines = []
    if "dump_dot" in report.extra:
        lines.append(f"State graph written to {report.extra['dump_dot']}.")
    if "dump" in report.extra:
        lines.append(f"States written to {report.extra['dump']}.")
    if report.trace is not None:
        trace, title = report.trace, report.summary()
    elif violations:
        trace, title = violations[0][2], _HEADS[violations[0][0]].format(violations[0][1])
    else:
        trace, title = None, ""
    for path, kind in ((opts.cex_html, "html"), (opts.cex_svg, "svg")):
        if path is None:
            continue
        if trace is None:
            lines.append(f"No counterexample: {path} not written.")
            continue
        target = cexview.write(trace, Path(path), f"{report.model}: {title}", kind)
        lines.append(f"Counterexample written to {target}.")
    return lines
