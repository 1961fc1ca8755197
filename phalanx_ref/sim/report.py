"""``phalanx-sim report OUTDIR``: every §8 table as Markdown, CSV and JSON, the plots as PNG, the
raw per-event samples as CSV, ``report.html`` (one page with everything) and ``report.json`` /
``report.md`` recording the git commit, the scenario, the seeds, every parameter and what ran.

Tables keep the paper's figures in columns headed ``paper`` and the differences in ``diff``
columns; measured values are only ever what this run produced.
"""

from __future__ import annotations

import csv
import html
import importlib
import json
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import matplotlib

matplotlib.use("Agg")  # no display on these machines; must precede pyplot
import matplotlib.pyplot as plt  # noqa: E402
import matplotlib.ticker  # noqa: E402
import numpy as np  # noqa: E402

from phalanx_ref.sim import tables  # noqa: E402
from phalanx_ref.sim.params import (  # noqa: E402
    GANG_WEIGHTS_FIRST,
    MonteCarloParams,
    RenewalParams,
    TestbedParams,
)
from phalanx_ref.sim.tables import Crossover, Sweep, Table  # noqa: E402

if TYPE_CHECKING:
    from phalanx_ref.sim.bench_planner import BenchResult
    from phalanx_ref.sim.sections import Section

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
def _log_ticks(ax: plt.Axes, axis: str = "x") -> None:
    """Plain-number tick labels on a log axis instead of 10^k: 1, 2, 5, 10, ... over up to three
    decades, decades only beyond (call after plotting: it reads the axis range)."""
    fmt_ = matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}")
    lo, hi = ax.get_xlim() if axis == "x" else ax.get_ylim()
    loc = matplotlib.ticker.LogLocator(subs=(1.0, 2.0, 5.0) if hi / max(lo, 1e-300) < 1e3 else (1.0,))
    target = ax.xaxis if axis == "x" else ax.yaxis
    target.set_major_locator(loc)
    target.set_major_formatter(fmt_)
    target.set_minor_formatter(matplotlib.ticker.NullFormatter())


def _curves(ax: plt.Axes, sweeps: list[Sweep], paper_label: str) -> None:
    for sw, color in zip(sweeps, ("tab:blue", "tab:red"), strict=False):
        mean, ci = np.asarray(sw.mean), np.asarray(sw.ci95)
        ax.plot(sw.x, mean, "o-", color=color, label=f"{sw.label}: Monte Carlo (measured)")
        ax.fill_between(sw.x, mean - ci, mean + ci, color=color, alpha=0.25, lw=0,
                        label=f"{sw.label}: 95% CI of the mean (at most ±{ci.max():.4f})")
        ax.plot(sw.x, sw.eq3, "--", color=color, alpha=0.6, label=f"{sw.label}: eq. 3 (computed)")
        if sw.paper:
            px = sorted(sw.paper)
            ax.plot(px, [sw.paper[x] for x in px], "s", mfc="none", ms=9, color=color,
                    label=f"{sw.label}: {paper_label}")


def _finish_ettr(ax: plt.Axes, xlabel: str, title: str) -> None:
    ax.set_xscale("log")
    _log_ticks(ax)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("ETTR")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="lower left")


def plot_ettr_vs_r(sweeps: list[Sweep], x: Crossover, path: Path, paper: bool = True) -> Path:
    fig, ax = plt.subplots(figsize=(8.5, 5.5))
    _curves(ax, sweeps, "paper (Table 4)")
    ax.axhline(x.baseline, color="gray", lw=1, ls=":",
               label=f"restart baseline, measured {x.baseline:.3f}")
    ax.axvline(x.r_s, color="black", lw=1.2, label=f"crossover, measured {x.r_s:.0f} s")
    if paper:
        ax.axvline(tables.PAPER_CROSSOVER_S, color="black", lw=1.2, ls="--",
                   label=f"crossover, paper {tables.PAPER_CROSSOVER_S:.0f} s")
    _finish_ettr(ax, "recovery time R (s, log scale)",
                 "ETTR vs recovery time R at 16K and 131K GPUs (tau = 2.5 min)")
    return _save(fig, path)


def plot_ettr_vs_tau(sweeps: list[Sweep], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(8.5, 5.5))
    _curves(ax, sweeps, "paper (§8.2, Table 3)")
    _finish_ettr(ax, "checkpoint interval tau (min, log scale)",
                 "ETTR vs checkpoint interval tau (R = 75 s, c = c(tau))")
    return _save(fig, path)


def plot_sweep(sweeps: list[Sweep], xlabel: str, ylabel: str, title: str, path: Path, log_x: bool = True) -> Path:
    """Measured curves (with their 95% CI bands, when known) over one swept parameter, the paper's
    figures (``Sweep.paper``) as hollow squares; the swept values are the x ticks."""
    fig, ax = plt.subplots(figsize=(8.5, 5.5))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    widest, any_paper = 0.0, False
    for sw, color in zip(sweeps, colors * (1 + len(sweeps) // len(colors)), strict=False):
        mean = np.asarray(sw.mean, dtype=float)
        ax.plot(sw.x, mean, "o-", color=color, label=f"{sw.label} (measured)")
        if sw.ci95:
            ci = np.asarray(sw.ci95, dtype=float)
            ax.fill_between(sw.x, mean - ci, mean + ci, color=color, alpha=0.25, lw=0)
            widest = max(widest, float(ci.max()))
        if sw.eq3:
            ax.plot(sw.x, sw.eq3, "--", color=color, alpha=0.6)
        if sw.paper:
            px = sorted(sw.paper)
            ax.plot(px, [sw.paper[x] for x in px], "s", mfc="none", ms=10, color=color,
                    label=None if any_paper else "paper (hollow squares, the curve's colour)")
            any_paper = True
    if log_x:
        ax.set_xscale("log")
        _log_ticks(ax)
    xs = sorted({x for sw in sweeps for x in sw.x})
    if 0 < len(xs) <= 12:  # few swept values: label each (a log locator may skip the ends)
        ax.set_xticks(xs, [f"{x:g}" for x in xs])
        ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    notes = (["dashed: eq. 3 (computed)"] if any(sw.eq3 for sw in sweeps) else []) + (
        [f"bands: 95% CI of the mean (at most ±{widest:.4f})"] if widest else [])
    ax.set_title(title + ("\n" + "; ".join(notes) if notes else ""), fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    return _save(fig, path)


INFLATION_LABELS = {"hdfb": "Phalanx Replan (HDF-B)", "blind": "topology-blind", "navigator": "GangNavigator",
                    "navigator_fair": "GangNavigator, fair"}


def plot_inflation_cdf(samples: dict[str, list[float]], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(8.5, 5.5))
    styles = (("tab:blue", "-", 3.0), ("tab:red", "-", 1.5), ("tab:green", "-", 1.5), ("tab:purple", "--", 1.5))
    for (key, label), (color, ls, lw) in zip(INFLATION_LABELS.items(), styles, strict=True):
        xs = np.sort(np.asarray(samples.get(f"{key}_inflation", [])))
        if not xs.size:
            continue
        ax.step(xs, np.arange(1, xs.size + 1) / xs.size, where="post", color=color, ls=ls, lw=lw,
                label=f"{label} (measured, n={xs.size:,})")
        if key in tables.PAPER_TABLE5:
            med, p95, _ = tables.PAPER_TABLE5[key]
            ax.plot([med, p95], [0.5, 0.95], "D", mfc="none", ms=9, color=color,
                    label=f"{label}: paper median {med:g}, p95 {p95:g}")
    ax.axhline(0.5, color="gray", lw=0.8, ls=":")
    ax.axhline(0.95, color="gray", lw=0.8, ls=":")
    ax.set_xscale("log")
    _log_ticks(ax)
    ax.set_xlabel("step-communication inflation (repaired / pre-failure, log scale)")
    ax.set_ylabel("fraction of recovery events")
    ax.set_title("Recovery quality: CDF of step-communication inflation")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    return _save(fig, path)


LATENCY_PANELS = (("place_ns", "Place (the call alone)", "place"),
                  ("place_carve_ns", "Place + Carve (the paper's Place)", "place"),
                  ("replan_ns", "Replan: prepared lookup", "replan"),
                  ("replan_search_ns", "Replan: search at the failure (the paper's)", "replan"))


def plot_latency_hist(samples: dict[str, list[float]], path: Path) -> Path:
    from phalanx_ref.sim.bench_planner import percentile

    fig, axes = plt.subplots(2, 2, figsize=(12, 8))
    for ax, (key, label, paper_key) in zip(axes.flat, LATENCY_PANELS, strict=True):
        us = np.asarray(samples.get(key, []), dtype=float) / 1e3
        if us.size:
            lo, hi = max(us.min(), 1e-2), max(us.max() * 1.01, tables.PAPER_SCALE[f"{paper_key}_p99_us"] * 1.1)
            ax.hist(us, bins=np.logspace(np.log10(min(lo, 0.1)), np.log10(hi), 60), color="tab:blue", alpha=0.7)
            med, p99 = percentile(list(us), 0.5), percentile(list(us), 0.99)  # the tables' rule
            ax.axvline(med, color="black", lw=1.2, label=f"median {_us(med)} (measured)")
            ax.axvline(p99, color="black", lw=1.2, ls=":", label=f"p99 {_us(p99)} (measured)")
        for q, ls in (("median", "--"), ("p99", "-.")):
            v = tables.PAPER_SCALE[f"{paper_key}_{q}_us"]
            ax.axvline(v, color="tab:red", lw=1.2, ls=ls, label=f"paper {q} {_us(v)}")
        ax.set_xscale("log")
        _log_ticks(ax)
        ax.yaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))  # counts
        ax.set_xlabel(f"{label} latency (µs, log scale)")
        ax.set_ylabel("calls")
        ax.set_title(f"{label} (n={us.size:,})")
        ax.legend(fontsize=7)
    fig.tight_layout()
    return _save(fig, path)


def _us(v: float) -> str:
    """A latency label: three significant digits below 1,000 µs, whole µs with separators above."""
    return f"{v:,.0f} µs" if v >= 1000 else f"{v:.3g} µs"


def _save(fig: plt.Figure, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110, bbox_inches="tight")  # legends placed outside the axes stay in the image
    plt.close(fig)
    return path


# ---- raw samples, HTML page -----------------------------------------------------------------
SAMPLE_FILES: dict[str, tuple[str, ...]] = {
    "samples_failures.csv": ("replan_ns", "replan_search_ns", "prep_ns", "apply_ns", "heal_ns"),
    "samples_events.csv": ("quality_gang_size", *[f"event_{m}_{q}" for m in INFLATION_LABELS
                                                 for q in ("inflation", "level_preserved")]),
    "samples_place.csv": ("place_committed_ns", "place_carve_ns"),
}
"""The per-event raw samples behind the figures, one row per §8.3 failure, Table 5 event or
admitted gang, with the seed in the first column. A column measured on the last failures only
fills the last rows, so each row stays one failure (the further seeds have no prepared lookup)."""


def write_samples(results: dict[int, BenchResult], outdir: Path) -> list[Path]:
    out = []
    for name, keys in SAMPLE_FILES.items():
        path = outdir / name
        with path.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["seed", *keys])
            for seed, res in results.items():
                cols = [res.samples.get(k, []) for k in keys]
                n = max((len(c) for c in cols), default=0)
                for i in range(n):  # shorter columns are the last events' (aligned at the end)
                    w.writerow([seed, *(c[i - n + len(c)] if i >= n - len(c) else "" for c in cols)])
        out.append(path)
    return out


def html_page(title: str, intro: list[str], built: list[Table], plots: list[Path]) -> str:
    """One page with every table and plot, for a browser (no scripts, no external files)."""
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
             "<style>body{font-family:sans-serif;max-width:1300px;margin:auto}table{border-collapse:collapse;"
             "font-size:13px;margin-bottom:6px}td,th{border:1px solid #bbb;padding:2px 6px;text-align:right}"
             "td:first-child,th{text-align:left}img{max-width:100%}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>"] + [f"<p>{html.escape(p)}</p>" for p in intro]
    for t in built:
        signed = [c.startswith("diff") or c.endswith("diff") for c in t.columns]
        parts.append(f"<h2 id='{t.name}'>{html.escape(t.title)}</h2><table><tr>"
                     + "".join(f"<th>{html.escape(c)}</th>" for c in t.columns) + "</tr>")
        for row in t.rows:
            parts.append("<tr>" + "".join(f"<td>{html.escape(fmt(x, sg))}</td>"
                                          for x, sg in zip(row, signed, strict=True)) + "</tr>")
        parts.append("</table><ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in t.notes) + "</ul>")
    for p in plots:
        parts.append(f"<h2>{html.escape(p.stem)}</h2><img src='{html.escape(p.name)}' alt='{html.escape(p.stem)}'>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def git_commit() -> str | None:
    """The commit of the code that ran (``+dirty`` with uncommitted changes), or None outside git."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here,
                               capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")
# ---- the whole report ---------------------------------------------------------------------
@dataclass
class ReportConfig:
    """What ``phalanx-sim report`` runs; recorded in report.json."""

    seed: int = 0
    mc: MonteCarloParams = field(default_factory=MonteCarloParams)
    sweep_runs: int = 500
    tb: TestbedParams = field(default_factory=TestbedParams)
    failures: int = 10_000
    first_seed_parts: int = 2
    """The first seed's §8.3 failures (through ``recovery`` with prepared repairs, the RRP engine's
    being most of the report's work) run in this many worker jobs, joined in failure order
    (``seeds.py``): the figures are the whole run's whatever the number; more parts use more cores
    and cost more CPU in all (each part replays the failures before it)."""

    def __post_init__(self) -> None:
        if self.first_seed_parts < 1:
            raise ValueError(f"first_seed_parts must be at least 1, got {self.first_seed_parts}")
    quality_events: int = 2_000
    scale: bool = True
    recovery: str = "engine"
    """The §8.3 recovery step: "engine" (RRP engine on the in-memory store) or "planner"."""
    renewal: RenewalParams = field(default_factory=RenewalParams)
    seeds: int = 5
    """§8.3/Table 5 runs seeds ``seed .. seed + seeds - 1``, one process each (``workers`` at once)."""
    workers: int | None = None
    trend_pods: tuple[int, ...] = (4, 16)
    """Cluster sizes (pods) of Table 5's scale trend, beside the report's own (larger ones skipped)."""
    sensitivity: bool = True
    """Table 3 and Table 5 under the settings not chosen (sensitivity_* tables)."""
    correlated_events: int = 200
    """Domain failures per domain kind in ``correlated_replan`` (0: leave that table out)."""
    exhaustion_pods: int = 4
    """Pods of the spare-exhaustion runs (at most the testbed's; spares are per pod)."""
    exhaustion_share: float = 0.3
    """Share of the nodes failed, never healed, in each spare-exhaustion run (0: no such runs)."""
    scenario: dict[str, object] | None = None
    """The scenario file's contents when one was given (recorded in report.json)."""


SECTION_MODULES = ("phalanx_ref.sim.correlated", "phalanx_ref.sim.exhaustion")
"""Modules whose ``SECTION`` (a :class:`~phalanx_ref.sim.sections.Section`) the report runs after
the paper's tables, in this order; a new part of the report adds its module here."""


def sections(cfg: ReportConfig) -> list[Section]:
    """The sections of :data:`SECTION_MODULES` that ``cfg`` enables (imported when a report runs)."""
    found = [importlib.import_module(name).SECTION for name in SECTION_MODULES]
    return [sec for sec in found if sec.enabled(cfg)]


SeedProgress = Callable[[int, str, int], None]


def make_report(outdir: Path, cfg: ReportConfig, tick: Tick = _noop,
                on_seed: SeedProgress | None = None) -> list[Path]:
    """Run everything and write it under ``outdir``; returns the files written. §8.3/Table 5 (every
    seed, the sensitivity fills, the scale trend) run in worker processes while this one runs the
    Monte Carlo; ``tick`` reports the Monte Carlo's steps, ``on_seed(seed, what, done)`` the workers'."""
    from phalanx_ref.sim.goodput import goodput_table
    from phalanx_ref.sim.scale import (
        run_quality,
        scale_table,
        sensitivity_table,
        table5,
        trend_table,
    )
    from phalanx_ref.sim.seeds import Runs
    from phalanx_ref.sim.uncertainty import uncertainty_table

    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    timings: dict[str, float] = {}
    built: list[Table] = []
    t_start, cpu_start = time.perf_counter(), time.process_time()

    def timed(name: str, fn: Callable[[], T]) -> T:
        t0 = time.perf_counter()
        out = fn()
        timings[name] = time.perf_counter() - t0
        return out

    seeds = list(range(cfg.seed, cfg.seed + max(1, cfg.seeds)))
    trend = [p for p in cfg.trend_pods if p < cfg.tb.pods]
    extra = sections(cfg)
    runs = None
    if cfg.scale:  # submitted first: the workers run while this process runs the Monte Carlo
        runs = Runs(cfg.workers)
        runs.seeds(cfg.tb, seeds, cfg.failures, cfg.quality_events, cfg.recovery, cfg.first_seed_parts)
        for sec in extra:
            if sec.worker:
                runs.submit(("section", sec.name), sec.run, cfg)
        if cfg.sensitivity:
            runs.submit("gang_weights", run_quality, replace(cfg.tb, gang_weights=GANG_WEIGHTS_FIRST), cfg.seed,
                        cfg.quality_events)
        for pods in trend:
            runs.submit(("pods", pods), run_quality, replace(cfg.tb, pods=pods), cfg.seed, cfg.quality_events)
    sweep_mc = tables.sweep_params(cfg.mc, cfg.sweep_runs)
    rp = cfg.renewal
    t3, res3 = timed("table3_s", lambda: tables.table3(cfg.mc, tick, rp))
    t4, r_sweeps = timed("table4_s", lambda: tables.table4(sweep_mc, tick, rp))
    tt, tau_sweeps = timed("tau_sweep_s", lambda: tables.tau_sweep(sweep_mc, tick, rp))
    baseline = res3[rp.table3.index(rp.crossover_baseline)]
    tx, cross = timed("crossover_s", lambda: tables.crossover(sweep_mc, baseline, tick, rp=rp))
    tf, rate_sweeps = timed("failure_rate_s", lambda: tables.failure_rate_sweep(sweep_mc, tick, rp))
    built += [t3, t4, tt, tx, tf]
    if cfg.sensitivity:
        built.append(timed("sensitivity_mc_s", lambda: tables.mc_sensitivity(cfg.mc, res3, tick, rp)))
    written.append(plot_ettr_vs_r(r_sweeps, cross, outdir / "ettr_vs_r.png", rp.is_paper))
    written.append(plot_ettr_vs_tau(tau_sweeps, outdir / "ettr_vs_tau.png"))
    written.append(plot_sweep(rate_sweeps, "per-GPU failure rate (x the paper's 1/50,000 h, log scale)", "ETTR",
                              "ETTR of Table 3's configurations vs failure rate", outdir / "failure_rate_sweep.png"))
    timings["monte_carlo_s"] = time.perf_counter() - t_start
    done = {sec.name: timed(f"{sec.name}_s", partial(sec.run, cfg))
            for sec in extra if runs is None or not sec.worker}
    got = timed("scale_wait_s", lambda: runs.wait(on_seed)) if runs is not None else {}
    done |= {sec.name: got[("section", sec.name)] for sec in extra if ("section", sec.name) in got}
    if runs is not None:
        by_seed = {s: got[("seed", s)] for s in seeds}
        res = by_seed[cfg.seed]
        fast = tables.simulate_config(rp, rp.crossover_baseline[0], rp.fast, cfg.mc, 8)
        built += [scale_table(res), table5(res), uncertainty_table(by_seed),
                  goodput_table(res, fast, baseline, cfg.tb.step_comm_fraction)]
        if cfg.sensitivity:
            built.append(sensitivity_table(res, cfg.tb, {
                "gang_weights=" + ",".join(f"{w:g}" for w in GANG_WEIGHTS_FIRST): got["gang_weights"]}))
        built.append(trend_table({**{p: got[("pods", p)] for p in trend}, cfg.tb.pods: res}))
        written.append(plot_inflation_cdf(res.samples, outdir / "inflation_cdf.png"))
        written.append(plot_latency_hist(res.samples, outdir / "latency_hist.png"))
        written += write_samples(by_seed, outdir)
        timings.update({f"seed{s}_{k}": float(r.figures[k]) for s, r in by_seed.items()
                        for k in ("fill_s", "failures_s") if k in r.figures})
    for sec in extra:
        tabs, plots = sec.build(cfg, done[sec.name], outdir)
        built += tabs
        written += plots
    from phalanx_ref.sim.lifecycle import lifecycle_tables  # issue 16: drain, defragmentation, preemption

    hours = max(6, min(48, cfg.sweep_runs // 10))  # 48 h at the default sweep_runs; quick runs stay quick
    life, life_plots = timed("lifecycle_s", lambda: lifecycle_tables(outdir, cfg.seed, cfg.sweep_runs, hours))
    built += life
    written += life_plots
    for t in built:
        written += write_table(t, outdir)
    timings["total_s"] = time.perf_counter() - t_start
    timings["report_process_cpu_s"] = time.process_time() - cpu_start
    if runs is not None:
        timings |= {f"worker_cpu_s {'/'.join(map(str, k)) if isinstance(k, tuple) else k}": v
                    for k, v in runs.cpu_s.items()}
    meta = {
        "command": " ".join(sys.argv), "git_commit": git_commit(), "scenario": cfg.scenario,
        "seed": cfg.seed, "seeds": seeds if cfg.scale else None, "monte_carlo": asdict(cfg.mc),
        "sweep_runs": cfg.sweep_runs,
        "renewal": asdict(cfg.renewal),
        "testbed": cfg.tb.as_dict() if cfg.scale else None, "failures": cfg.failures,
        "first_seed_parts": cfg.first_seed_parts,
        "quality_events": cfg.quality_events, "recovery": cfg.recovery if cfg.scale else None,
        "trend_pods": trend if cfg.scale else None, "sections": [sec.name for sec in extra],
        "correlated_events": cfg.correlated_events, "exhaustion_pods": cfg.exhaustion_pods,
        "exhaustion_share": cfg.exhaustion_share, "timings_s": timings,
        "python": f"{platform.python_implementation()} {sys.version.split()[0]}", "numpy": np.__version__,
        "tables": [t.name for t in built], "plots": [p.name for p in written if p.suffix == ".png"],
        "samples": [p.name for p in written if p.name.startswith("samples_")],
    }
    (outdir / "report.json").write_text(json.dumps(meta, indent=2, default=str))
    intro = [f"Seed {cfg.seed}" + (f" (§8.3/Table 5 also seeds {', '.join(map(str, seeds[1:]))}: table 'uncertainty')"
                                   if cfg.scale and len(seeds) > 1 else "") +
             f"; Monte Carlo {cfg.mc.runs} runs (Table 3), {cfg.sweep_runs} runs (sweeps), "
             f"{cfg.mc.horizon_days:g} days, checkpoint grid `{cfg.mc.checkpoint_grid}`, failures during "
             f"recovery `{cfg.mc.recovery_failures}`. All parameters: report.json (commit {meta['git_commit']}). "
             "Columns headed `paper` are the paper's figures; `measured` columns are this run's output; "
             "`diff` = measured - paper; rows marked `target (input)` are the paper's values used as inputs."]
    plots = [p for p in written if p.suffix == ".png"]
    body = [markdown(t) for t in built]
    (outdir / "report.md").write_text("\n".join(["# phalanx-sim report", "", *intro, ""] + body
                                                + [f"![{p.stem}]({p.name})" for p in plots]) + "\n")
    (outdir / "report.html").write_text(html_page("phalanx-sim report", intro, built, plots))
    return written + [outdir / "report.json", outdir / "report.md", outdir / "report.html"]
