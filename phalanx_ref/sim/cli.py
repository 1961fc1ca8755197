"""``phalanx-sim``: the evaluation command (paper §8).

- ``report OUTDIR``: every table (Markdown, CSV, JSON) and plot (PNG), with seed and parameters;
- ``ettr table3|table4|tau|crossover``: one renewal-model table printed;
- ``bench planner`` (§8.3/§8.4) and ``bench ettr`` (Monte Carlo timing): print figures, assert nothing.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import numpy as np
from click.core import ParameterSource
from rich.console import Console
from rich.table import Table

from phalanx_ref.sim.params import (
    CHECKPOINT_GRIDS,
    CROSSOVER_BASELINE,
    HORIZON_DAYS,
    RECOVERY_CV,
    RECOVERY_FAILURE_MODES,
    TABLE3_CONFIGS,
    MonteCarloParams,
    TestbedParams,
)
from phalanx_ref.sim.tables import FAILURE_RATE_FACTORS
from phalanx_ref.sim.tables import Table as SimTable
from phalanx_ref.sim.topology_cli import topology

if TYPE_CHECKING:
    from phalanx_ref.sim.report import ReportConfig

RECOVERY_CHOICES = ("engine", "planner")
"""``--recovery``: the names of scale.RECOVERIES (kept here so the CLI imports no planner code)."""


def _paper_figures() -> dict[str, str]:
    """The paper's §8.3/Table 5 figures under bench planner's keys (data lives in sim.tables)."""
    from phalanx_ref.sim.tables import PAPER_SCALE, PAPER_TABLE5

    out = {k: f"{v:g}" for k, v in PAPER_SCALE.items()}
    out["ranks_migrated"] = f"{PAPER_SCALE['ranks_migrated_per_repair']} (every repair)"
    for m, (med, p95, lvl) in PAPER_TABLE5.items():
        out |= {f"{m}_inflation_median": f"{med:g}", f"{m}_inflation_p95": f"{p95:g}",
                f"{m}_level_preserved_pct": f"{lvl:g}"}
    return out


EXIT_INTERRUPTED = 130
"""Ctrl-C: the shell's code for a command ended by SIGINT (128 + 2), as phalanx-verify's."""


class _Main(click.Group):
    """Ctrl-C in any command ends it at once with one line and 130, not click's "Aborted!" and 1.

    The seed workers of ``report`` (a process pool) get the Ctrl-C too, but a pool worker hands
    the interrupt back as its job's result and starts the next queued job, each minutes long, and
    the interpreter waits for the pool at exit: they are terminated here instead."""

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        """Without ``args`` the process is this command (the console script, ``python -m``; a
        test's CliRunner passes them): after a Ctrl-C it ends without the interpreter's teardown,
        which spends seconds freeing a simulated cluster's objects."""
        try:
            return super().main(args, *rest, **kwargs)
        except SystemExit as end:
            if args is None and end.code == EXIT_INTERRUPTED:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(EXIT_INTERRUPTED)
            raise

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            import multiprocessing

            for child in multiprocessing.active_children():
                child.terminate()
            click.echo("interrupted (Ctrl-C): stopped before the end, only what was printed or written "
                       "so far is there", err=True)
            sys.exit(EXIT_INTERRUPTED)


@click.group(cls=_Main)
def main() -> None:
    """Phalanx simulator and evaluation benchmarks."""


@main.group()
def bench() -> None:
    """Benchmarks: print figures and the environment; never pass/fail."""


@bench.command("planner")
@click.option("--failures", default=10_000, show_default=True, help="Injected node failures.")
@click.option("--seed", default=0, show_default=True)
@click.option("--quality-events", default=300, show_default=True,
              help="Recovery events compared against blind replacement and the navigator.")
@click.option("--probes", default=50, show_default=True, help="Admission probes for the navigator.")
@click.option("--small", is_flag=True, help="8,192-GPU tree instead of 131,072 (quick check).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the figures as JSON.")
@click.option("--recovery", type=click.Choice(RECOVERY_CHOICES), default="planner", show_default=True,
              help="Repair each failure with the planner alone, or through the RRP engine on the in-memory store.")
def bench_planner(failures: int, seed: int, quality_events: int, probes: int, small: bool,
                  json_path: Path | None, recovery: str) -> None:
    """HDF-B Place/Replan at 131,072 GPUs (paper §8.3-8.4)."""
    from phalanx_ref.sim.bench_planner import run
    from phalanx_ref.sim.scale import RECOVERIES
    from phalanx_ref.topology import hgx_h100

    if failures < 1:
        raise click.BadParameter("must be at least 1", param_hint="--failures")
    try:
        res = run(failures=failures, seed=seed, quality_events=quality_events, probes=probes,
                  topo=hgx_h100(32, 8, 4) if small else None, recovery=RECOVERIES[recovery])
    except ValueError as e:  # TopologyError, PlannerError: one line, no traceback
        raise click.ClickException(str(e)) from None
    paper = _paper_figures()
    table = Table(title="phalanx-sim bench planner (Replan timed as planning only, no commit)")
    table.add_column("figure")
    table.add_column("measured", justify="right")
    table.add_column("paper", justify="right")
    for k, v in res.figures.items():
        table.add_row(k, f"{v:.3f}" if isinstance(v, float) else str(v), paper.get(k, ""))
    console = Console()
    console.print(table)
    rows = Table(title="bottleneck level preserved by gang size")
    for c in ("ranks", "repairs", "preserved %"):
        rows.add_column(c, justify="right")
    for g, (n, ok) in sorted(res.by_size.items()):
        rows.add_row(str(g), str(n), f"{100.0 * ok / n:.1f}")
    console.print(rows)
    console.print("Timed regions: Place = planner.place(job) (scan and best fit over the allocator's index, whose "
                  "entries carry the block to carve; rank map lazy); "
                  "Replan = recovery.plan(job, failed node's leaf range), planning only: planner.replan, or with "
                  "--recovery engine the engine's Plan decision on its planner cache (the same planner.replan); apply "
                  "(repair_commit_*) and heal are timed separately (see bench_planner.py). timer_overhead_ns is inside "
                  "both; *_floor_* = an empty Python call timed in the call's place (timer + call after the same "
                  "work); *_warm_* = the same call repeated at once on the same state (not the paper's figure).")
    if json_path is not None:
        json_path.write_text(json.dumps({"figures": res.figures,
                                         "by_size": {str(k): v for k, v in res.by_size.items()}}, indent=2))


# ---- ETTR (renewal model and Monte Carlo) ----------------------------------------------------
def mc_options(f: Callable[..., None]) -> Callable[..., None]:
    """The Monte Carlo flags shared by ``ettr`` and ``report`` (defaults: params.py)."""
    opts = [
        click.option("--seed", default=0, show_default=True),
        click.option("--runs", default=1000, show_default=True, help="Runs per Table 3 configuration."),
        click.option("--sweep-runs", default=500, show_default=True,
                     help="Runs per cell of Table 4, the tau sweep and the crossover."),
        click.option("--horizon-days", default=HORIZON_DAYS, show_default=True),
        click.option("--checkpoint-grid", type=click.Choice(CHECKPOINT_GRIDS), default="resume",
                     show_default=True, help="resume: every tau of up-time from each resume; "
                     "wallclock: at fixed times k*tau."),
        click.option("--recovery-failures", type=click.Choice(RECOVERY_FAILURE_MODES), default="absorb",
                     show_default=True, help="A failure during recovery: absorbed by it, or restarts it."),
        click.option("--recovery-cv", default=RECOVERY_CV, show_default=True,
                     help="sigma/mean of the truncated-Gaussian recovery time."),
        click.option("--weibull-shape", default=1.0, show_default=True,
                     help="Failure model: 1 = Poisson; else Weibull up-times of this shape, same mean."),
    ]
    for o in reversed(opts):
        f = o(f)
    return f


def _mc(seed: int, runs: int, horizon_days: float, checkpoint_grid: str, recovery_failures: str,
        recovery_cv: float, weibull_shape: float) -> MonteCarloParams:
    try:
        return MonteCarloParams(horizon_days, runs, seed, checkpoint_grid, recovery_failures, recovery_cv,
                                weibull_shape)
    except ValueError as e:
        raise click.UsageError(str(e)) from None


def print_table(t: SimTable, console: Console | None = None) -> None:
    from phalanx_ref.sim.report import fmt

    table = Table(title=t.title)
    for c in t.columns:
        table.add_column(c, justify="right")
    for row in t.rows:
        table.add_row(*(fmt(x, c.endswith("diff")) for x, c in zip(row, t.columns, strict=True)))
    console = console or Console(width=max(Console().width, 180))  # wide tables: do not squeeze
    console.print(table)
    for n in t.notes:
        console.print(f"- {n}")


@main.command("ettr")
@click.argument("which", type=click.Choice(["table3", "table4", "tau", "crossover"]))
@mc_options
def ettr(which: str, seed: int, runs: int, sweep_runs: int, **mc_kw: Any) -> None:
    """One renewal-model table: Table 3, Table 4, the tau sweep, or the crossover R."""
    from phalanx_ref.sim import tables

    mc = _mc(seed, runs, **mc_kw)
    sweep = tables.sweep_params(mc, sweep_runs)
    if which == "table3":
        t, _ = tables.table3(mc)
    elif which == "table4":
        t, _ = tables.table4(sweep)
    elif which == "tau":
        t, _ = tables.tau_sweep(sweep)
    else:
        _, res = tables.table3(mc)
        base = res[TABLE3_CONFIGS.index(CROSSOVER_BASELINE)]
        t, _ = tables.crossover(sweep, base)
    print_table(t)


def _testbed(base: TestbedParams, config: Path | None, small: bool) -> TestbedParams:
    """``base`` with a JSON file's overrides (keys of TestbedParams), optionally 4 pods."""
    kw: dict[str, Any] = {}
    if config is not None:
        try:
            kw = json.loads(config.read_text())
        except (OSError, ValueError) as e:
            raise click.BadParameter(f"{config}: {e}", param_hint="--testbed-config") from None
        for key in ("bandwidth_gbs", "alpha_s"):
            if key in kw:
                kw[key] = {int(k): float(v) for k, v in kw[key].items()}
        for key in ("gang_sizes", "gang_weights"):
            if key in kw:
                kw[key] = tuple(kw[key])
    if small:
        kw["pods"] = 4
    try:
        return replace(base, **kw)
    except (TypeError, ValueError) as e:
        raise click.BadParameter(str(e), param_hint="--testbed-config") from None


def _scenario(path: Path | None) -> tuple[dict[str, Any], str]:
    """A scenario file's tables (default: the paper's §8) and its name, or a usage error."""
    from phalanx_ref.sim.scenario import DEFAULT_SCENARIO, ScenarioError, read

    source = path or DEFAULT_SCENARIO
    try:
        return read(source), str(source)
    except ScenarioError as e:
        raise click.BadParameter(str(e), param_hint="--scenario") from None


def _config(path: Path | None) -> ReportConfig:
    from phalanx_ref.sim.scenario import ScenarioError, config_from

    raw, source = _scenario(path)
    try:
        return config_from(raw, source)
    except ScenarioError as e:
        raise click.BadParameter(str(e), param_hint="--scenario") from None


SCENARIO_HELP = "TOML scenario with every parameter (default: the paper's §8, the package's scenarios/paper_s8.toml)."
MC_FLAGS = ("horizon_days", "runs", "checkpoint_grid", "recovery_failures", "recovery_cv", "weibull_shape")
REPORT_FLAGS = ("sweep_runs", "failures", "first_seed_parts", "quality_events", "recovery", "seeds", "correlated_events",
                "exhaustion_share")


@main.command("report")
@click.argument("outdir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--scenario", type=click.Path(dir_okay=False, path_type=Path), default=None, help=SCENARIO_HELP)
@mc_options
@click.option("--failures", default=10_000, show_default=True, help="§8.3 injected node failures.")
@click.option("--first-seed-parts", default=2, show_default=True, type=click.IntRange(1),
              help="Worker jobs the first seed's failures are split into (joined in failure order: the "
                   "figures do not depend on it; more parts use more cores and more CPU in all).")
@click.option("--quality-events", default=2_000, show_default=True, help="Table 5 recovery events.")
@click.option("--testbed-config", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="JSON overrides of the scenario's testbed parameters (see docs/simulator.md).")
@click.option("--small", is_flag=True, help="4 pods (8,192 GPUs) instead of 64 for §8.3/8.4 (quick check).")
@click.option("--no-scale", is_flag=True, help="Skip §8.3/Table 5 (renewal tables and plots only).")
@click.option("--recovery", type=click.Choice(RECOVERY_CHOICES), default="engine", show_default=True,
              help="§8.3 recovery step: the RRP engine's transactions on the in-memory store, or the planner alone.")
@click.option("--seeds", default=5, show_default=True, type=click.IntRange(1),
              help="§8.3/Table 5 seeds (SEED, SEED+1, ...), one process each; the tables are the first's.")
@click.option("--workers", default=None, type=click.IntRange(1), help="Processes at once (default: CPUs).")
@click.option("--no-sensitivity", is_flag=True, help="Skip the runs under the settings not chosen.")
@click.option("--correlated-events", default=200, show_default=True, type=click.IntRange(0),
              help="Domain failures per domain kind (node, rack, rail group) in correlated_replan; 0 skips it.")
@click.option("--exhaustion-share", default=0.3, show_default=True, type=click.FloatRange(0.0, 1.0),
              help="Share of the nodes failed and never healed in each spare-exhaustion run; 0 skips them.")
@click.pass_context
def report(ctx: click.Context, outdir: Path, scenario: Path | None, seed: int, testbed_config: Path | None,
           small: bool, no_scale: bool, workers: int | None, no_sensitivity: bool, **flags: Any) -> None:
    """Every §8 table (Markdown, CSV, JSON), plot (PNG), raw samples (CSV) and report.html under OUTDIR.
    The scenario gives every parameter; flags given on the command line override it."""
    from phalanx_ref.sim.progress import Reporter
    from phalanx_ref.sim.report import make_report

    def given(name: str) -> bool:
        return ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE

    cfg = _config(scenario)
    try:
        mc = replace(cfg.mc, **{k: flags[k] for k in MC_FLAGS if given(k)})
        if given("seed"):
            cfg, mc = replace(cfg, seed=seed), replace(mc, seed=seed)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    cfg = replace(cfg, mc=mc, tb=_testbed(cfg.tb, testbed_config, small), workers=workers,
                  scale=cfg.scale and not no_scale, sensitivity=cfg.sensitivity and not no_sensitivity,
                  **{k: flags[k] for k in REPORT_FLAGS if given(k)})
    n_configs, rp = len(cfg.renewal.table3), cfg.renewal
    mc_steps = (n_configs * (2 if cfg.sensitivity else 1) + 2 * len(rp.table4_r_s) + 2 * len(rp.tau_sweep_min)
                + 16 + len(FAILURE_RATE_FACTORS))
    tasks = {"Monte Carlo": mc_steps}
    if cfg.scale:
        seeds = range(cfg.seed, cfg.seed + cfg.seeds)
        tasks |= {f"seed {s} failures": cfg.failures for s in seeds}
        tasks |= {f"seed {s} events": cfg.quality_events for s in seeds}
    progress = Reporter(tasks)

    def tick(what: str) -> None:
        progress.advance("Monte Carlo", what)

    from phalanx_ref.sim.recovery import RecoveryDiverged

    try:
        files = make_report(outdir, cfg, tick, lambda s, what, done: progress.set(f"seed {s} {what}", done))
    except (ValueError, RecoveryDiverged) as e:  # TopologyError, PlannerError, bad parameters, a scenario
        raise click.ClickException(f"{type(e).__name__}: {e}") from None  # the engine cannot run: one line
    finally:
        progress.close()
    Console().print(f"wrote {len(files)} files to {outdir} (report.html and report.md are the index)")


@main.command("lifecycle")
@click.argument("outdir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--seed", default=0, show_default=True)
@click.option("--runs", default=200, show_default=True, type=click.IntRange(2),
              help="Monte Carlo runs per drain row (54 days each).")
@click.option("--hours", default=48, show_default=True, type=click.IntRange(1),
              help="Length of the defragmentation and preemption cluster simulations.")
def lifecycle(outdir: Path, seed: int, runs: int, hours: int) -> None:
    """Issue 16's tables (drain on precursor signals, defragmentation, checkpoint-before-preempt)
    as Markdown, CSV and JSON, and their plots as PNG, under OUTDIR (also part of `report`)."""
    from phalanx_ref.sim.lifecycle import lifecycle_tables
    from phalanx_ref.sim.report import write_table

    outdir.mkdir(parents=True, exist_ok=True)
    built, plots = lifecycle_tables(outdir, seed, runs, hours)
    for t in built:
        print_table(t)
        write_table(t, outdir)
    Console().print(f"wrote {len(built)} tables and {len(plots)} plots to {outdir}")


@main.command("sweep")
@click.argument("outdir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("param")
@click.argument("values", nargs=-1, required=True)
@click.option("--scenario", type=click.Path(dir_okay=False, path_type=Path), default=None, help=SCENARIO_HELP)
@click.option("--runs", default=None, type=click.IntRange(2), help="Monte Carlo runs per value (default: sweep_runs).")
@click.option("--events", default=None, type=click.IntRange(1),
              help="Table 5 events per value of a testbed parameter (default: quality_events).")
def sweep(outdir: Path, param: str, values: tuple[str, ...], scenario: Path | None, runs: int | None,
          events: int | None) -> None:
    """One scenario parameter (SECTION.KEY, e.g. renewal.m_gpu_hours, monte_carlo.recovery_cv,
    testbed.spare_nodes_per_pod) over VALUES (TOML literals); table and plot under OUTDIR."""
    from phalanx_ref.sim.scenario import ScenarioError
    from phalanx_ref.sim.sweep import parse_value, run_sweep, write_sweep

    raw, source = _scenario(scenario)
    parsed = [parse_value(v) for v in values]
    try:
        table, curves = run_sweep(raw, source, param, parsed, runs, events,
                                  lambda what: Console(stderr=True).print(f"done: {what}"))
    except ScenarioError as e:
        raise click.BadParameter(str(e), param_hint="PARAM/VALUES") from None
    except ValueError as e:  # TopologyError, PlannerError: one line
        raise click.ClickException(str(e)) from None
    files = write_sweep(outdir, param, parsed, table, curves)
    print_table(table)
    Console().print(f"wrote {len(files)} files to {outdir}")


@bench.command("ettr")
@click.option("--seed", default=0, show_default=True)
def bench_ettr(seed: int) -> None:
    """Time Table 3 in full (6 x 1,000 x 54 days) and Table 4 (2 x 7 x 500 x 54 days)."""
    from phalanx_ref.sim import tables

    mc = MonteCarloParams(seed=seed)
    t0 = time.perf_counter()
    tables.table3(mc)
    t3 = time.perf_counter() - t0
    t0 = time.perf_counter()
    tables.table4(tables.sweep_params(mc, 500))
    t4 = time.perf_counter() - t0
    table = Table(title="phalanx-sim bench ettr (Monte Carlo wall time)")
    for c in ("workload", "seconds", "issue target (s)"):
        table.add_column(c, justify="right")
    table.add_row("Table 3: 6 configs x 1,000 runs x 54 days", f"{t3:.2f}", "60")
    table.add_row("Table 4: 2 scales x 7 R x 500 runs x 54 days", f"{t4:.2f}", "120")
    console = Console()
    console.print(table)
    console.print(f"{platform.python_implementation()} {sys.version.split()[0]}, numpy {np.__version__}, "
                  f"{os.cpu_count()} CPUs, {platform.machine()}")


main.add_command(topology)

if __name__ == "__main__":
    main()
