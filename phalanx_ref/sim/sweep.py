"""``phalanx-sim sweep``: one scenario parameter over a list of values, everything else fixed.

A ``monte_carlo.*`` or ``renewal.*`` parameter reruns Table 3's Monte Carlo at each value (the
mean ETTR of every configuration, with its CI, and eq. 3); a ``testbed.*`` parameter refills the
testbed and reruns Table 5 on it (HDF-B, blind and the fair navigator: median and p95 inflation,
level preserved). Each value goes through the scenario loader, so it is checked like a value in
the file (a bad one is reported with the parameter's path).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from phalanx_ref.sim.renewal import ettr_eq3, mtbf_min
from phalanx_ref.sim.report import plot_sweep, write_table
from phalanx_ref.sim.scenario import ScenarioError, config_from, with_value
from phalanx_ref.sim.tables import Sweep, Table, k_label, simulate_config

OnStep = Callable[[str], None]
QUALITY = (("hdfb", "HDF-B"), ("blind", "blind"), ("navigator_fair", "fair navigator"))


def parse_value(text: str) -> Any:
    """A value as TOML reads it (``2.5``, ``[4, 16]``, ``"leaf"``); a bare word is a string."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def _renewal_point(cfg: Any, runs: int) -> list[tuple[str, float, float, float]]:
    mc, rp = replace(cfg.mc, runs=runs), cfg.renewal
    out = []
    for i, (n, d) in enumerate(rp.table3):
        r = simulate_config(rp, n, d, mc, 3, i)
        eq3 = ettr_eq3(mtbf_min(n, rp.m_gpu_hours), d.tau_min, d.c, d.r_mean_s / 60.0)
        out.append((f"{k_label(n)} {d.name}", r.mean, r.ci95, eq3))
    return out


def _testbed_point(cfg: Any, events: int) -> list[tuple[str, float, float, float]]:
    from phalanx_ref.sim.scale import run_quality

    f = run_quality(cfg.tb, cfg.seed, events).figures
    return [(f"{label} {q}", float(f[f"{key}_{fig}"]), float("nan"), float("nan"))
            for key, label in QUALITY
            for q, fig in (("median inflation", "inflation_median"), ("p95 inflation", "inflation_p95"),
                           ("level preserved %", "level_preserved_pct"))]


def run_sweep(raw: dict[str, Any], source: str, param: str, values: list[Any], runs: int | None = None,
              events: int | None = None, on_step: OnStep = lambda _: None) -> tuple[Table, list[Sweep]]:
    """The sweep's table (one row per value and figure) and one curve per figure."""
    if not values:
        raise ScenarioError(f"{param}: no values to sweep")
    section = param.split(".")[0]
    table = Table("sweep", f"Sweep of {param} over {', '.join(map(repr, values))} ({source})",
                  ["value", "figure", "measured", "95% CI +/-", "eq. 3 (computed)"])
    curves: dict[str, Sweep] = {}
    for i, v in enumerate(values):
        cfg = config_from(with_value(raw, param, v), f"{source} with {param} = {v!r}")
        if section == "testbed":
            points = _testbed_point(cfg, events or cfg.quality_events)
        else:
            points = _renewal_point(cfg, runs or cfg.sweep_runs)
        x = float(v) if isinstance(v, int | float) and not isinstance(v, bool) else float(i)
        for label, mean, ci, eq3 in points:
            sw = curves.setdefault(label, Sweep(label, [], [], [], []))
            sw.x.append(x)
            sw.mean.append(mean)
            if ci == ci:
                sw.ci95.append(ci)
                sw.eq3.append(eq3)
            table.rows.append([v if isinstance(v, int | float) else str(v), label, mean,
                               ci if ci == ci else None, eq3 if eq3 == eq3 else None])
        on_step(f"{param} = {v!r}")
    if section == "testbed":
        table.notes.append("Table 5 on the filled state of each value's testbed (same seed); seed 003's navigator "
                           "is left out (see bench_planner.compare_recovery).")
    else:
        table.notes.append("Table 3's configurations, Monte Carlo mean with the 95% CI of the mean, and eq. 3.")
    return table, list(curves.values())


def write_sweep(outdir: Path, param: str, values: list[Any], table: Table, curves: list[Sweep]) -> list[Path]:
    """The table (md, csv, json) and its plots: ETTR per configuration, or Table 5's inflation and
    level preserved per method."""
    outdir.mkdir(parents=True, exist_ok=True)
    written = write_table(table, outdir)
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    xlabel = param if numeric else f"{param} (value index: {', '.join(map(str, values))})"
    if param.startswith("testbed."):
        groups = {"sweep_inflation.png": [c for c in curves if "inflation" in c.label],
                  "sweep_level_preserved.png": [c for c in curves if "level" in c.label]}
        ylabels = {"sweep_inflation.png": "step-communication inflation", "sweep_level_preserved.png": "%"}
    else:
        groups, ylabels = {"sweep.png": curves}, {"sweep.png": "ETTR"}
    for name, group in groups.items():
        written.append(plot_sweep(group, xlabel, ylabels[name], f"Sweep of {param}", outdir / name,
                                  log_x=numeric and min(values) > 0))
    return written
