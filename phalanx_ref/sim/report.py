"""``phalanx-sim report OUTDIR``: every §8 table as Markdown, CSV and JSON, the plots as PNG, and
``report.json`` / ``report.md`` recording the seed, every parameter and what ran.

Tables keep the paper's figures in columns headed ``paper`` and the differences in ``diff``
columns; measured values are only ever what this run produced.
"""

from __future__ import annotations

import csv
import json
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TypeVar

import matplotlib

matplotlib.use("Agg")  # no display on these machines; must precede pyplot
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from phalanx_ref.sim import tables  # noqa: E402
from phalanx_ref.sim.params import (  # noqa: E402
    C_BASE,
    C_PER_CKPT_MIN,
    M_GPU_HOURS,
    TABLE3_CONFIGS,
    MonteCarloParams,
    TestbedParams,
)
from phalanx_ref.sim.tables import Crossover, Sweep, Table  # noqa: E402

Tick = Callable[[str], None]
T = TypeVar("T")


def _noop(_: str) -> None:
    return None


# ---- table writers ------------------------------------------------------------------------
def fmt(x: object, signed: bool = False) -> str:
    """A cell for Markdown: blank for None, 4 decimals below 100, 1 decimal above, two significant
    digits in scientific notation below 0.001 (CI half-widths)."""
    if x is None:
        return ""
    if isinstance(x, bool) or not isinstance(x, int | float):
        return str(x)
    if isinstance(x, int):
        return f"{x:+,d}" if signed else f"{x:,d}"
    spec = ".1f" if abs(x) >= 100 else ".1e" if 0 < abs(x) < 1e-3 else ".4f"
    return format(x, ("+" if signed else "") + spec)


def markdown(t: Table) -> str:
    signed = [c.startswith("diff") or c.endswith("diff") for c in t.columns]
    lines = [f"### {t.title}", "", "| " + " | ".join(t.columns) + " |",
             "|" + "|".join("---" for _ in t.columns) + "|"]
    for row in t.rows:
        lines.append("| " + " | ".join(fmt(x, s) for x, s in zip(row, signed, strict=True)) + " |")
    lines += [""] + [f"- {n}" for n in t.notes]
    return "\n".join(lines) + "\n"


def write_table(t: Table, outdir: Path) -> list[Path]:
    """``<name>.md``, ``<name>.csv`` (full precision, blank for missing) and ``<name>.json``."""
    md, cs, js = (outdir / f"{t.name}.{ext}" for ext in ("md", "csv", "json"))
    md.write_text(markdown(t))
    with cs.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(t.columns)
        w.writerows([["" if x is None else x for x in row] for row in t.rows])
    js.write_text(json.dumps(asdict(t), indent=2))
    return [md, cs, js]


# ---- plots --------------------------------------------------------------------------------
def _curves(ax: plt.Axes, sweeps: list[Sweep], paper_label: str) -> None:
    for sw, color in zip(sweeps, ("tab:blue", "tab:red"), strict=False):
        ax.errorbar(sw.x, sw.mean, yerr=sw.ci95, fmt="o-", color=color, capsize=3,
                    label=f"{sw.label}: Monte Carlo (measured, 95% CI)")
        ax.plot(sw.x, sw.eq3, "--", color=color, alpha=0.6, label=f"{sw.label}: eq. 3 (computed)")
        if sw.paper:
            px = sorted(sw.paper)
            ax.plot(px, [sw.paper[x] for x in px], "s", mfc="none", ms=9, color=color,
                    label=f"{sw.label}: {paper_label}")


def _finish_ettr(ax: plt.Axes, xlabel: str, title: str) -> None:
    ax.set_xscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("ETTR")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="lower left")


def plot_ettr_vs_r(sweeps: list[Sweep], x: Crossover, path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(8.5, 5.5))
    _curves(ax, sweeps, "paper (Table 4)")
    ax.axhline(x.baseline, color="gray", lw=1, ls=":",
               label=f"131K restart baseline, measured {x.baseline:.3f}")
    ax.axvline(x.r_s, color="black", lw=1.2)
    ax.annotate(f"crossover R = {x.r_s:.0f} s (measured)\npaper: {tables.PAPER_CROSSOVER_S:.0f} s",
                (x.r_s, x.baseline), xytext=(0.42, 0.25), textcoords="axes fraction",
                arrowprops={"arrowstyle": "->"})
    _finish_ettr(ax, "recovery time R (s, log scale)",
                 "ETTR vs recovery time R at 16K and 131K GPUs (tau = 2.5 min)")
    return _save(fig, path)


def plot_ettr_vs_tau(sweeps: list[Sweep], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(8.5, 5.5))
    _curves(ax, sweeps, "paper (§8.2, Table 3)")
    _finish_ettr(ax, "checkpoint interval tau (min, log scale)",
                 "ETTR vs checkpoint interval tau (R = 75 s, c = c(tau))")
    return _save(fig, path)


def plot_inflation_cdf(samples: dict[str, list[float]], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(8, 5))
    labels = {"hdfb": "Phalanx Replan (HDF-B)", "blind": "topology-blind", "navigator": "GangNavigator"}
    for key, label in labels.items():
        xs = np.sort(np.asarray(samples.get(f"{key}_inflation", [])))
        if xs.size:
            ax.step(xs, np.arange(1, xs.size + 1) / xs.size, where="post", label=f"{label} (n={xs.size})")
    ax.set_xscale("log")
    ax.set_xlabel("step-communication inflation (repaired / pre-failure, log scale)")
    ax.set_ylabel("fraction of recovery events")
    ax.set_title("Recovery quality: CDF of step-communication inflation (measured)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    return _save(fig, path)


def plot_latency_hist(samples: dict[str, list[float]], path: Path) -> Path:
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    for ax, key, label in zip(axes, ("place_ns", "replan_ns"), ("Place", "Replan"), strict=True):
        us = np.asarray(samples.get(key, []), dtype=float) / 1e3
        if us.size:
            ax.hist(us, bins=np.logspace(np.log10(max(us.min(), 1e-2)), np.log10(us.max() * 1.01), 50))
            ax.axvline(np.median(us), color="black", lw=1, label=f"median {np.median(us):.1f} us")
            ax.legend()
        ax.set_xscale("log")
        ax.set_xlabel(f"{label} latency (us, log scale)")
        ax.set_ylabel("calls")
        ax.set_title(f"{label} latency histogram (measured, n={us.size:,})")
    fig.tight_layout()
    return _save(fig, path)


def _save(fig: plt.Figure, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


# ---- the whole report ---------------------------------------------------------------------
@dataclass
class ReportConfig:
    """What ``phalanx-sim report`` runs; recorded in report.json."""

    seed: int = 0
    mc: MonteCarloParams = field(default_factory=MonteCarloParams)
    sweep_runs: int = 500
    tb: TestbedParams = field(default_factory=TestbedParams)
    failures: int = 10_000
    quality_events: int = 2_000
    scale: bool = True
    recovery: str = "engine"
    """The §8.3 recovery step: "engine" (RRP engine on the in-memory store) or "planner"."""


def make_report(outdir: Path, cfg: ReportConfig, tick: Tick = _noop,
                on_failure: Callable[[], None] = lambda: None,
                on_quality: Callable[[], None] = lambda: None) -> list[Path]:
    """Run everything and write it under ``outdir``; returns the files written."""
    from phalanx_ref.sim.scale import RECOVERIES, run_scale, scale_table, table5

    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    timings: dict[str, float] = {}
    built: list[Table] = []

    def timed(name: str, fn: Callable[[], T]) -> T:
        t0 = time.perf_counter()
        out = fn()
        timings[name] = time.perf_counter() - t0
        return out

    sweep_mc = tables.sweep_params(cfg.mc, cfg.sweep_runs)
    t3, res3 = timed("table3_s", lambda: tables.table3(cfg.mc, tick))
    t4, r_sweeps = timed("table4_s", lambda: tables.table4(sweep_mc, tick))
    tt, tau_sweeps = timed("tau_sweep_s", lambda: tables.tau_sweep(sweep_mc, tick))
    baseline = res3[TABLE3_CONFIGS.index(tables.CROSSOVER_BASELINE)]
    tx, cross = timed("crossover_s", lambda: tables.crossover(sweep_mc, baseline, tick))
    built += [t3, t4, tt, tx]
    written.append(plot_ettr_vs_r(r_sweeps, cross, outdir / "ettr_vs_r.png"))
    written.append(plot_ettr_vs_tau(tau_sweeps, outdir / "ettr_vs_tau.png"))
    if cfg.scale:
        res = timed("scale_s", lambda: run_scale(cfg.tb, cfg.seed, cfg.failures, cfg.quality_events,
                                                 RECOVERIES[cfg.recovery], on_failure, on_quality))
        built += [scale_table(res), table5(res)]
        written.append(plot_inflation_cdf(res.samples, outdir / "inflation_cdf.png"))
        written.append(plot_latency_hist(res.samples, outdir / "latency_hist.png"))
    for t in built:
        written += write_table(t, outdir)
    meta = {
        "command": " ".join(sys.argv), "seed": cfg.seed, "monte_carlo": asdict(cfg.mc),
        "sweep_runs": cfg.sweep_runs, "m_gpu_hours": M_GPU_HOURS,
        "c_of_tau": f"{C_BASE} + {C_PER_CKPT_MIN}/tau_min",
        "designs": [{"n_gpus": n, **asdict(d)} for n, d in TABLE3_CONFIGS],
        "testbed": cfg.tb.as_dict() if cfg.scale else None, "failures": cfg.failures,
        "quality_events": cfg.quality_events, "recovery": cfg.recovery if cfg.scale else None,
        "timings_s": timings,
        "python": f"{platform.python_implementation()} {sys.version.split()[0]}", "numpy": np.__version__,
        "tables": [t.name for t in built], "plots": [p.name for p in written if p.suffix == ".png"],
    }
    (outdir / "report.json").write_text(json.dumps(meta, indent=2, default=str))
    head = ["# phalanx-sim report", "",
            f"Seed {cfg.seed}; Monte Carlo {cfg.mc.runs} runs (Table 3), {cfg.sweep_runs} runs (sweeps), "
            f"{cfg.mc.horizon_days:g} days, checkpoint grid `{cfg.mc.checkpoint_grid}`, failures during "
            f"recovery `{cfg.mc.recovery_failures}`. All parameters: report.json. Columns headed `paper` "
            "are the paper's figures; `measured` columns are this run's output; `diff` = measured - paper.", ""]
    body = [markdown(t) for t in built]
    plots = [f"![{p.stem}]({p.name})" for p in written if p.suffix == ".png"]
    (outdir / "report.md").write_text("\n".join(head + body + plots) + "\n")
    return written + [outdir / "report.json", outdir / "report.md"]
