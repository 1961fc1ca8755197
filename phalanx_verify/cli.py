"""The ``phalanx-verify`` command line.

Exit codes are TLC's (see tla/errors.py), so scripts written for TLC keep working. Every
user-facing failure is one line on stderr; no traceback reaches the user.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from .boundary import OutOfMemory, load_guarded
from .campaign import (
    CampaignInterrupted,
    Outcome,
    PropertySet,
    Run,
    SetVerdict,
    load_campaign,
    run_campaign,
    set_verdicts,
)
from .check.controls import FP_POLYNOMIALS, CheckOptions, bounded_sets, run_check, write_outputs
from .check.coverage import coverage_text
from .check.coverage_table import coverage_table
from .check.fingerprints import collision_text
from .check.model import load_model
from .check.parallel import SearchOptions, workers_option
from .check.report import Report, Verdict
from .check.run import peak_rss_mb
from .check.simulation import DEFAULT_DEPTH, simulation_summary
from .executor import EXECUTORS
from .mutant_proofs import mutants
from .plugins import PluginGroup
from .progress import ProgressLine
from .project import find_project
from .prove import prove
from .tla import native
from .tla.errors import EXIT_INTERRUPTED, EXIT_USAGE, StackOverflow, TLAError, UsageError
from .tla.syntax import Pos
from .tlc.locate import locate_jar
from .tlc.run import TLCOptions
from .tlcargs import TLCStyleCommand
from .trace.cli import trace

_err = Console(stderr=True, highlight=False)
_out = Console(highlight=False, width=None if sys.stdout.isatty() else 140)


def _fail(err: TLAError) -> None:
    click.echo(err.line(), err=True)
    sys.exit(err.exit_code)


def _progress_printer(line: ProgressLine, label: str, quiet: bool) -> Callable[[dict], None] | None:
    if quiet:
        return None

    def show(p: dict) -> None:
        if "traces" in p:  # a simulation
            line.show(f"{label}: {p['generated']:,} states checked, {p['traces']:,} behaviours, "
                      f"{peak_rss_mb():,.0f} MB")
            return
        rate = p["generated"] / p["seconds"] if p["seconds"] else 0.0
        line.show(f"{label}: {p['generated']:,} generated, {p['distinct']:,} distinct, "
                  f"queue {p['queue']:,}, depth {p['depth']}, {rate:,.0f} states/s, "
                  f"{peak_rss_mb():,.0f} MB")
    return show




COMMANDS_GROUP = "phalanx_verify.commands"
"""Entry-point group of the commands other packages add to ``phalanx-verify`` (the Phalanx
layer's ``drift``): this package imports none of them."""


class _Main(PluginGroup):
    """Ctrl-C in any command ends it with one line and 130, not click's "Aborted!" and 1
    (check and tlc campaign catch it earlier, to print and write what they have).

    Plugin commands (:data:`COMMANDS_GROUP`) are loaded only when a name is not one of the
    toolkit's own, or for the command list, so ``check`` never imports a plugin's package."""

    entry_group = COMMANDS_GROUP

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("interrupted (Ctrl-C)", err=True)
            sys.exit(EXIT_INTERRUPTED)


@click.group(cls=_Main)
@click.version_option(package_name="phalanx-verify")
def main() -> None:
    """Phalanx Verify: TLC-compatible model checking of the RRP spec and friends."""


@main.command(cls=TLCStyleCommand)
@click.argument("spec", type=click.Path(dir_okay=False))
@click.option("--config", "-c", "config", type=click.Path(dir_okay=False),
              help="TLC model file (default: SPEC with .cfg).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the report as JSON.")
@click.option("--no-liveness", is_flag=True, help="Skip temporal properties (TLC safety-only run).")
@click.option("--quiet", "-q", is_flag=True, help="No progress lines.")
@click.option("--lib", "lib", multiple=True, type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="Directory searched for EXTENDS/INSTANCE modules after SPEC's own (repeatable; TLC's "
                   "TLA-Library).")
@click.option("--simulate", is_flag=True, help="TLC's -simulate: random behaviours instead of the full search.")
@click.option("--depth", type=click.IntRange(min=1), default=DEFAULT_DEPTH, show_default=True,
              help="TLC's -depth: steps per random behaviour (with --simulate).")
@click.option("--traces", type=click.IntRange(min=1),
              help="TLC's -simulate num=N: behaviours to simulate (default: until a violation or Ctrl-C).")
@click.option("--seed", type=int, help="TLC's -seed: the simulation's random seed (default: a fresh one, printed).")
@click.option("--coverage", is_flag=True, help="TLC's -coverage: per action, states enabled, generated, distinct.")
@click.option("--dump", type=click.Path(dir_okay=False), help="TLC's -dump FILE: every state found, in order.")
@click.option("--dump-dot", type=click.Path(dir_okay=False), help="TLC's -dump dot FILE: the state graph as Graphviz dot.")
@click.option("--dot-actionlabels", is_flag=True, help="Label the --dump-dot edges with their actions.")
@click.option("--dot-colorize", is_flag=True, help="Colour the --dump-dot edges by action.")
@click.option("--cex-html", type=click.Path(dir_okay=False), help="Write the counterexample as an HTML table.")
@click.option("--cex-svg", type=click.Path(dir_okay=False), help="Write the counterexample as an SVG picture.")
@click.option("--continue", "keep_going", is_flag=True,
              help="TLC's -continue: report every invariant or action-property violation and keep going.")
@click.option("--no-deadlock", is_flag=True, help="TLC's -deadlock: do not check for deadlock.")
@click.option("--nowarning", is_flag=True,
              help="TLC's -nowarning, which also drops TLC's shortcut for a successor whose variables are all "
                   "assigned: each further way the action holds is one more generated state, as TLC counts it.")
@click.option("--view", is_flag=True, help="TLC's -view: print the counterexample's states through the cfg's VIEW.")
@click.option("--inv", "inv", multiple=True, metavar="EXPR",
              help="TLC's -inv: check this state predicate (TLA+ text, TLC and Naturals in scope) as one more "
                   "invariant.")
@click.option("--invlevel", type=click.IntRange(min=0), metavar="N",
              help="TLC's -invlevel: the invariant TLCGet(\"level\") < N, so the first behaviour of N states "
                   "is reported.")
@click.option("--lncheck", type=click.Choice(["default", "final", "seqfinal", "off"], case_sensitive=False),
              default="default", show_default=True, callback=lambda _c, _p, v: v.lower(),
              help="TLC's -lncheck: temporal properties checked now and then during the search (default), only "
                   "at its end (final, seqfinal), or only their safety part, as states are found (off).")
@click.option("--max-set-size", type=click.IntRange(min=0),
              help="TLC's -maxSetSize (accepted for TLC scripts; the built-in does not bound set enumeration).")
@click.option("--fp", type=click.IntRange(0, FP_POLYNOMIALS - 1),
              help="TLC's -fp: which fingerprint function the parallel search (--workers > 1) uses; never changes "
                   "counts (the sequential search stores states exactly).")
# -- scale (check/parallel.py): processes and the search's files ---------------------------
@click.option("--workers", "workers", callback=lambda _c, _p, v: workers_option(v), default="auto", show_default=True,
              help="Processes for the breadth-first search (a number, or auto: the machine's cores). "
                   "Liveness, VIEW and TLCSet models run on one.")
@click.option("--scratch", "scratch", type=click.Path(file_okay=False, path_type=Path),
              help="Directory for the seen fingerprints and the trace file (default: a temporary one).")
@click.option("--checkpoint", "checkpoint", type=click.Path(file_okay=False, path_type=Path),
              help="Save the search to this directory now and then (TLC's -checkpoint), for --recover.")
@click.option("--checkpoint-minutes", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="Minutes between checkpoints (taken at the end of a level).")
@click.option("--recover", "recover", type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="Go on from the checkpoint in this directory (TLC's -recover).")
# -- end scale --
def check(spec: str, config: str | None, json_path: str | None, no_liveness: bool, quiet: bool,
          lib: tuple[Path, ...], workers: int, scratch: Path | None, checkpoint: Path | None,
          checkpoint_minutes: float, recover: Path | None, inv: tuple[str, ...], invlevel: int | None,
          **tlc: Any) -> None:
    """Model-check SPEC with the built-in engine. TLC's single-dash flags are accepted too
    (-config, -deadlock, -simulate, -depth, -seed, -coverage, -dump dot, -continue, ...). Ctrl-C
    stops the search and prints the states found so far (exit 130, the JSON marked
    ``"interrupted": true``)."""
    warnings = not tlc.pop("nowarning")
    opts = CheckOptions(**tlc)
    if opts.simulate and (opts.coverage or opts.dump or opts.dump_dot or opts.keep_going):
        raise click.UsageError("--coverage, --dump, --dump-dot and --continue apply to the full search, not to "
                               "--simulate")
    if not Path(spec).exists() and Path(spec + ".tla").exists():
        spec += ".tla"  # TLC accepts the module name without .tla
    progress = ProgressLine()
    try:
        invariants = [*inv, *([f'TLCGet("level") < {invlevel}'] if invlevel is not None else [])]
        with bounded_sets(opts):
            model = load_guarded(lambda: load_model(spec, config, lib, invariants, warnings), Path(spec),
                                 Path(config) if config else None)
            report, violations = run_check(model, opts, not no_liveness,
                                           _progress_printer(progress, Path(spec).name, quiet), echo=click.echo,
                                           search=SearchOptions(workers, scratch, checkpoint, checkpoint_minutes,
                                                                recover, fp=opts.fp))
    except TLAError as err:
        _fail(err)
        return
    except RecursionError:
        _fail(StackOverflow(StackOverflow.MESSAGE, Pos(spec, 1, 1)))
        return
    except MemoryError:
        _fail(OutOfMemory("the search used all the memory (a state space or a set too large)", Pos(spec, 1, 1)))
        return
    progress.end()
    interrupted = bool(report.extra.get("interrupted"))
    _print_report(report)
    for line in write_outputs(report, violations, opts):
        click.echo(line)
    if json_path:
        Path(json_path).write_text(json.dumps({**report.to_json(), "interrupted": interrupted}, indent=2))
    sys.exit(EXIT_INTERRUPTED if interrupted else report.exit_code)


def _violated_initially(report: Report) -> bool:
    """An invariant, or a property's state predicate, violated by an initial state: TLC names
    the state in its violation line."""
    if report.verdict is Verdict.TEMPORAL_PROPERTY:
        return bool(report.extra.get("initial_predicate"))
    return report.verdict is Verdict.INVARIANT and report.trace is not None and len(report.trace.steps) == 1


def _print_report(report: Report) -> None:
    if report.extra.get("interrupted"):
        click.echo("Interrupted (Ctrl-C): the search stopped before it was complete. The figures so far:")
    elif report.verdict is Verdict.ERROR:
        click.echo(report.message, err=True)
    elif _violated_initially(report):
        click.echo(report.summary() if report.verdict is Verdict.TEMPORAL_PROPERTY  # TLC's words
                   else f"Invariant {report.violated} is violated by the initial state:")
    else:
        click.echo(report.summary())
        if report.verdict is Verdict.OK and "fingerprint_collision" in report.extra:
            click.echo(collision_text(report.extra["fingerprint_collision"]))
    if report.trace is not None:
        if report.extra.get("initial_state_error"):
            click.echo("While working on the initial state:")
        elif not _violated_initially(report):  # (else the violation line names the state)
            click.echo("The following behavior constitutes a counter-example:"
                       if report.verdict is Verdict.TEMPORAL_PROPERTY else "The behavior up to this point is:")
        click.echo(report.trace.render(bare=_violated_initially(report)))
    for line in report.extra.get("after_error", ()):  # what TLC's second pass of Init met (bfs.add_initial_states)
        click.echo(line)
    if report.extra.get("coverage"):
        click.echo(coverage_text(report.extra["coverage"]))
    if "simulation" in report.extra:
        click.echo(simulation_summary(report))
    elif not (_violated_initially(report) or report.verdict is Verdict.ASSUMPTION or report.extra.get("no_counts")):
        # TLC stops before its search there (in its Init phase, or on the assumptions): no counts
        click.echo(f"{report.generated} states generated, {report.distinct} distinct states found, "
                   f"{report.queue} states left on queue.")
        click.echo(f"The depth of the complete state graph search is {report.depth}.")
    click.echo(f"Finished in {report.seconds:.1f}s, peak memory {report.peak_rss_mb:,.0f} MB.")


@main.group()
def tlc() -> None:
    """TLC-compatible command family (campaigns)."""


@tlc.command()
@click.argument("campaign_file", required=False, type=click.Path(dir_okay=False))
@click.option("--engine", type=click.Choice(["builtin", "tlc", "both"]), default="builtin", show_default=True)
@click.option("--tag", "tags", multiple=True, help="Run only entries with this tag (repeatable).")
@click.option("--only", "only", multiple=True, help="Run only entries whose name contains this text.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write all reports as JSON.")
@click.option("--quiet", "-q", is_flag=True, help="No progress lines (for CI).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Check this many runs side by side (one process each).")
@click.option("--tla2tools", type=click.Path(dir_okay=False),
              help="tla2tools.jar for --engine tlc/both (else $PHALANX_TLA2TOOLS or the user cache).")
@click.option("--jvm", "jvm_mode", type=click.Choice(["subprocess", "inprocess"]),
              help="Run TLC as a subprocess (default) or inside this process through JPype.")
@click.option("--workers", help="TLC's -workers (a number or auto).")
@click.option("--tlc-timeout", type=float, help="Seconds before a TLC run is stopped.")
@click.option("--jvm-opt", "jvm_opts", multiple=True, help="A JVM flag for TLC, e.g. -Xmx12g (repeatable).")
@click.option("--tlc-arg", "tlc_args", multiple=True, help="A further TLC option, passed as given (repeatable).")
@click.option("--coverage", is_flag=True,
              help="TLC's -coverage on every built-in run: a table of what each action did, never-enabled ones flagged.")
@click.option("--executor", type=click.Choice(EXECUTORS), default="local", show_default=True,
              help="Where runs execute: local processes (--jobs), or a Dask cluster (--address, else a "
                   "local one of --jobs processes).")
@click.option("--address", help="The Dask scheduler, e.g. tcp://host:8786 (with --executor dask).")
def campaign(campaign_file: str | None, engine: str, tags: tuple[str, ...], only: tuple[str, ...],
             json_path: str | None, quiet: bool, jobs: int, tla2tools: str | None, jvm_mode: str | None,
             workers: str | None, tlc_timeout: float | None, jvm_opts: tuple[str, ...],
             tlc_args: tuple[str, ...], coverage: bool, executor: str, address: str | None) -> None:
    """Run every model and mutant of a campaign file and compare with the expected verdicts.

    --engine builtin (default) uses the built-in checker, tlc real TLC, both runs both and
    reports any difference in counts or verdicts as an error (engine agreement). Without
    CAMPAIGN_FILE: ``campaign`` of [tool.phalanx-verify] in the project's pyproject.toml."""
    if coverage and engine == "tlc":
        click.echo("usage error: --coverage counts the built-in engine's search (use --engine builtin or both)",
                   err=True)
        sys.exit(EXIT_USAGE)
    try:
        path = Path(campaign_file) if campaign_file else find_project().optional_path("campaign")
        if path is None:
            raise UsageError("no CAMPAIGN_FILE given, and no campaign = \"...\" in [tool.phalanx-verify] "
                             "of a pyproject.toml above the current directory")
        loaded = load_campaign(path)
        cli_tlc = {"jar": tla2tools, "jvm_mode": jvm_mode, "workers": workers, "timeout": tlc_timeout,
                   "args": list(tlc_args) or None}
        tlc_options = TLCOptions.from_mapping({k: v for k, v in cli_tlc.items() if v is not None},
                                              "command line", base=loaded.tlc)
        if jvm_opts:
            tlc_options.jvm = [*tlc_options.jvm, *jvm_opts]
        if engine != "builtin":
            locate_jar(tlc_options.jar)  # a missing jar is a usage error before any run starts
    except TLAError as err:
        _fail(err)
        return
    runs = loaded.runs
    if tags:
        runs = [r for r in runs if set(tags) & set(r.tags)]
    if only:
        runs = [r for r in runs if any(o in r.name for o in only)]
    if not runs:
        click.echo("usage error: no campaign entry matches the selection", err=True)
        sys.exit(EXIT_USAGE)
    if coverage:
        runs = [replace(r, coverage=True) for r in runs]
    start = time.monotonic()

    line = ProgressLine()

    def progress(run: Run) -> Callable[[dict], None] | None:
        return _progress_printer(line, run.name, quiet)

    def done(o: Outcome) -> None:
        line.end()
        if not quiet:
            mark = "[green]as expected[/green]" if o.passed else f"[red]{'; '.join(o.problems)}[/red]"
            _err.print(f"{o.run.name}: {o.report.verdict} in {o.report.seconds:.1f}s - {mark}")

    interrupted = False
    try:
        outcomes = run_campaign(runs, progress, done, engine=engine, tlc=tlc_options, jobs=jobs,
                                executor=executor, address=address)
    except TLAError as err:
        _fail(err)
        return
    except CampaignInterrupted as stop:
        outcomes, interrupted = stop.outcomes, True
    line.end()
    _out.print(_table(outcomes, engine, "INTERRUPTED (Ctrl-C)" if interrupted else ""))
    if any(o.run.mutant for o in outcomes):
        _out.print(_mutant_table(outcomes, loaded.property_sets))
    if coverage:
        _out.print(coverage_table(outcomes))
    failed = [o for o in outcomes if not o.passed]
    for o in failed:
        _out.print(f"[red]MISMATCH[/red] {o.run.name}: {'; '.join(o.problems)}", soft_wrap=True)  # one line each
    _out.print(f"{len(outcomes) - len(failed)} passed, {len(failed)} failed"
               f"{f', {len(runs) - len(outcomes)} not finished (interrupted)' if interrupted else ''} "
               f"({time.monotonic() - start:.1f}s, peak memory {peak_rss_mb():,.0f} MB)")
    if json_path:
        Path(json_path).write_text(json.dumps({"interrupted": interrupted, "selected": len(runs), "runs": [
            {"name": o.run.name, "mutant": o.run.mutant, "model": o.run.model, "properties": o.run.properties,
             "expected": o.run.expect.__dict__, "problems": o.problems, "report": o.report.to_json()}
            for o in outcomes]}, indent=2))
    sys.exit(EXIT_INTERRUPTED if interrupted else 1 if failed else 0)


def _table(outcomes: list[Outcome], engine: str, note: str = "") -> Table:
    what = "built-in engine and real TLC" if engine == "both" else f"{engine} engine"
    table = Table(title=f"Campaign ({what}; expected = real TLC where measured)" + (f" - {note}" if note else ""))
    for col, just in (("model", "left"), ("properties", "left"), ("generated", "right"), ("distinct", "right"), ("depth", "right"),
                      ("verdict", "left"), ("expected", "left"), ("trace", "right"), ("seconds", "right"),
                      ("", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for o in outcomes:
        r, e = o.report, o.run.expect
        verdict = r.verdict + (f" ({r.violated})" if r.violated else "")
        expected = e.verdict + (f" ({e.violated})" if e.violated else "")
        counts_note = "" if r.complete else "*"
        table.add_row(o.run.name, o.run.properties, f"{r.generated:,}{counts_note}", f"{r.distinct:,}{counts_note}", str(r.depth),
                      verdict, expected, str(len(r.trace.steps)) if r.trace else "",
                      f"{r.seconds:.1f}", "[green]ok[/green]" if o.passed else "[red]MISMATCH[/red]")
    table.caption = "* search stopped at a violation: counts depend on exploration order"
    return table


def _mutant_table(outcomes: list[Outcome], sets: list[PropertySet]) -> Table:
    """One row per mutant and model: killed (by which property, with the counterexample's length in
    states) or survived, under each property set."""
    table = Table(title="Mutants: killed or survived under each property set")
    table.add_column("mutant")
    table.add_column("model")
    for s in sets:
        table.add_column(s.name + (" = " + s.extends + " + added" if s.extends else ""))
    table.add_column("")
    verdicts = set_verdicts(outcomes, sets)
    for (mutant, model), row in verdicts.items():
        ok = all(o.passed for o in outcomes if (o.run.mutant, o.run.model) == (mutant, model))
        table.add_row(mutant, model, *(_verdict_cell(row.get(s.name)) for s in sets),
                      "[green]as expected[/green]" if ok else "[red]MISMATCH[/red]")
    table.caption = ("killed: property (states in the counterexample); 'via X': found by the run of the "
                     "set X it extends; blank: not told by the runs selected")
    return table


def _verdict_cell(v: SetVerdict | None) -> str:
    if v is None:
        return ""
    if not v.killed:
        return "survived"
    length = f" ({v.trace_length})" if v.trace_length else ""
    via = f", via {v.via}" if v.via else ""
    return f"killed: {v.violated}{length}{via}"


@main.command("build-native")
@click.option("--status", is_flag=True, help="Only say whether a build for these sources is there and loaded.")
@click.option("--verbose", "-v", is_flag=True, help="Show mypyc's and the C compiler's commands.")
def build_native(status: bool, verbose: bool) -> None:
    """Compile the evaluator's hot modules (tla/compare.py, tla/runtime.py) to C with mypyc.

    Checks of the specs users bring then take 5 to 20% less time; without a build they run as
    plain Python. A build serves only the sources it was made from (an edit makes the package
    fall back to plain Python until rebuilt); PHALANX_VERIFY_PURE=1 turns it off."""
    if not status:
        start = time.monotonic()
        try:
            folder = native.build(verbose=verbose)
        except RuntimeError as e:
            raise click.ClickException(str(e)) from None
        click.echo(f"built {', '.join(native.MODULES)} in {time.monotonic() - start:.0f}s: {folder}")
        return
    if native.active():
        click.echo(f"native build loaded: {native.build_dir()}")
    elif (native.build_dir() / native.STAMP).is_file():
        click.echo(f"native build {native.build_dir()}: not loaded ({native.PURE_ENV} is set)")
    else:
        click.echo(f"no native build for these sources (expected in {native.build_dir()})")
        sys.exit(1)


main.add_command(trace)
main.add_command(prove)
prove.add_command(mutants)  # campaign-level: the campaign's mutants held to the spec's proofs

if __name__ == "__main__":  # pragma: no cover
    main()
