"""``phalanx-sim``: the evaluation command. ``phalanx-sim bench planner`` is the planner benchmark
(paper §8.3/§8.4); it prints figures, it asserts nothing."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

PAPER = {
    "place_median_us": "1.5", "place_p99_us": "65.9", "replan_median_us": "0.3", "replan_p99_us": "0.9",
    "replan_max_us": "39.0", "ranks_migrated": "8 (every repair)", "level_preserved_pct": "62.2",
    "utilization": "0.904", "gangs": "260", "largest_free_order": "9",
    "hdfb_inflation_median": "1.000", "hdfb_inflation_p95": "3.98", "hdfb_level_preserved_pct": "77.9",
    "blind_inflation_median": "8.89", "blind_inflation_p95": "8.98", "blind_level_preserved_pct": "5.8",
}


@click.group()
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
def bench_planner(failures: int, seed: int, quality_events: int, probes: int, small: bool,
                  json_path: Path | None) -> None:
    """HDF-B Place/Replan at 131,072 GPUs (paper §8.3-8.4)."""
    from phalanx_ref.sim.bench_planner import run
    from phalanx_ref.topology import hgx_h100

    if failures < 1:
        raise click.BadParameter("must be at least 1", param_hint="--failures")
    try:
        res = run(failures=failures, seed=seed, quality_events=quality_events, probes=probes,
                  topo=hgx_h100(32, 8, 4) if small else None)
    except ValueError as e:  # TopologyError, PlannerError: one line, no traceback
        raise click.ClickException(str(e)) from None
    table = Table(title="phalanx-sim bench planner (Replan timed as planning only, no commit)")
    table.add_column("figure")
    table.add_column("measured", justify="right")
    table.add_column("paper", justify="right")
    for k, v in res.figures.items():
        table.add_row(k, f"{v:.3f}" if isinstance(v, float) else str(v), PAPER.get(k, ""))
    console = Console()
    console.print(table)
    rows = Table(title="bottleneck level preserved by gang size")
    for c in ("ranks", "repairs", "preserved %"):
        rows.add_column(c, justify="right")
    for g, (n, ok) in sorted(res.by_size.items()):
        rows.add_row(str(g), str(n), f"{100.0 * ok / n:.1f}")
    console.print(rows)
    console.print("Timed regions: Place = planner.place(job) (scan, best fit, block pick; rank map lazy); "
                  "Replan = planner.replan(job, failed) (planning only). timer_overhead_ns is inside both.")
    if json_path is not None:
        json_path.write_text(json.dumps({"figures": res.figures,
                                         "by_size": {str(k): v for k, v in res.by_size.items()}}, indent=2))


if __name__ == "__main__":
    main()
