"""Spare exhaustion and template shrink: what Replan does as failed nodes stay out of service.

In §8.3 every failed node is healed at once and becomes its pod's spare again, so every outcome is
a repair. Here nodes fail one at a time and none comes back (a repair turnaround longer than the
run): each pod's spare goes first, then free capacity in the rail group, the pod, other pods;
when no block is left the job is placed afresh, with its template or the smaller fallback (half
the data-parallel ranks: template shrink), and when nothing fits it waits (released; with no heal
it never returns). Measured on the filled testbed at ``exhaustion_pods`` pods (the dynamics are a
pod's: spares are per pod), for 0, the scenario's and twice the scenario's spare nodes per pod,
and a cluster filled completely with no spare (the paper's §10: "a cluster at full allocation with
zero spares gets template shrink or queueing"), same seed otherwise; the planner prepares nothing
(``searchonly``: same decisions).
Table ``spare_exhaustion`` (by failures outstanding), ``spare_exhaustion_summary`` (when each
fallback first happens), plot ``spare_exhaustion.png``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from phalanx_ref.hdfb import Planner
from phalanx_ref.sim.bench_planner import BenchResult, _planner, fill
from phalanx_ref.sim.outcomes import OUTCOMES, outcome, shares
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.scale import build_testbed
from phalanx_ref.sim.sections import Section
from phalanx_ref.sim.tables import Table

if TYPE_CHECKING:
    from phalanx_ref.sim.report import ReportConfig

BINS = 8
"""The failure sequence is reported in this many equal bins."""


@dataclass
class ExhaustionRun:
    """One spare setting's failure sequence: per failure, its outcome and the state after it."""

    spares_per_pod: int
    fill_target: float
    gpus: int
    gpus_per_node: int
    outcomes: list[str] = field(default_factory=list)
    preserved: list[bool] = field(default_factory=list)
    spares_left: list[int] = field(default_factory=list)
    free_gpus: list[int] = field(default_factory=list)
    ranks_running: list[int] = field(default_factory=list)
    ranks_admitted: int = 0
    jobs_admitted: int = 0

    def first(self, *kinds: str) -> int | None:
        """1-based index of the first failure with one of these outcomes."""
        return next((i + 1 for i, o in enumerate(self.outcomes) if o in kinds), None)


def _state(planner: Planner, gpus_per_node: int) -> tuple[int, int, int]:
    """Spare nodes held, free GPUs and ranks running (an O(cluster) count, once per failure)."""
    spares = free = 0
    owner = planner.alloc.owner
    for x in range(planner.topo.n_leaves):
        who = owner(x)
        if who is None:
            free += 1
        elif isinstance(who, tuple) and who[0] == "spare":
            spares += 1
    return spares // gpus_per_node, free, sum(p.gang_size for p in planner.placements.values())


def exhaust(tb: TestbedParams, seed: int, failures: int) -> ExhaustionRun:
    """Fill, then fail ``failures`` random held nodes with no heal (see the module docstring)."""
    topo = build_testbed(tb)
    planner = _planner(topo, tb, prepared=False)
    res = BenchResult()
    fill(planner, random.Random(seed), tb.fill_target, tb.max_gangs, res, tb)
    run = ExhaustionRun(tb.spare_nodes_per_pod, tb.fill_target, topo.n_leaves, tb.gpus_per_node)
    run.jobs_admitted = int(res.figures["gangs"])
    run.ranks_admitted = sum(p.gang_size for p in planner.placements.values())
    rng = random.Random(f"{seed}/exhaustion")
    gpn = tb.gpus_per_node
    for _ in range(failures * 200):
        if len(run.outcomes) >= failures or not planner.placements:
            break
        leaf = rng.randrange(topo.n_leaves)
        job = planner.alloc.owner(leaf)
        if not isinstance(job, str):
            continue
        node = range(leaf - leaf % gpn, leaf - leaf % gpn + gpn)
        cur = planner.placements[job]
        planner.mark_suspect(node)  # the node stays out: never healed
        q = planner.replan(job, [x for x in node if planner.alloc.owner(x) == job])
        run.outcomes.append(outcome(q, cur))
        run.preserved.append(q is not None and q.level == cur.level)
        if q is None:
            planner.release(job)
        else:
            planner.commit(q)
        spares, free, ranks = _state(planner, gpn)
        run.spares_left.append(spares)
        run.free_gpus.append(free)
        run.ranks_running.append(ranks)
    return run


def settings(tb: TestbedParams) -> list[tuple[int, float]]:
    """(spare nodes per pod, fill target): 0, the scenario's and twice the scenario's spares (2 when
    it has none) at its fill, then no spare at full allocation."""
    spares = sorted({0, tb.spare_nodes_per_pod, 2 * tb.spare_nodes_per_pod or 2})
    return [(s, tb.fill_target) for s in spares] + [(0, 1.0)]


def run_exhaustion(cfg: ReportConfig) -> list[ExhaustionRun]:
    """Every setting on ``exhaustion_pods`` pods, failing ``exhaustion_share`` of the nodes."""
    tb = replace(cfg.tb, pods=min(cfg.exhaustion_pods, cfg.tb.pods))
    failures = int(cfg.exhaustion_share * tb.leaves / tb.gpus_per_node)
    return [exhaust(replace(tb, spare_nodes_per_pod=s, fill_target=f, max_gangs=10**6 if f >= 1 else tb.max_gangs),
                    cfg.seed, failures) for s, f in settings(cfg.tb)]


def tables(runs: list[ExhaustionRun], tb: TestbedParams) -> list[Table]:
    by = Table("spare_exhaustion", f"Spare exhaustion: Replan's outcome as failed nodes stay out "
               f"({runs[0].gpus // runs[0].gpus_per_node:,} nodes, filled, no heal)",
               ["spare nodes per pod", "fill target", "failures outstanding", *[f"{o} %" for o in OUTCOMES],
                "level preserved %",
                "spare nodes left", "free GPUs", "ranks running % of admitted"])
    for r in runs:
        n = len(r.outcomes)
        edges = np.linspace(0, n, BINS + 1).astype(int)
        for lo, hi in zip(edges[:-1], edges[1:], strict=True):
            if hi <= lo:
                continue
            kept = r.preserved[lo:hi]
            by.rows.append([r.spares_per_pod, r.fill_target, f"{lo + 1}-{hi}", *shares(Counter(r.outcomes[lo:hi])),
                            100.0 * sum(kept) / len(kept), r.spares_left[hi - 1], r.free_gpus[hi - 1],
                            100.0 * r.ranks_running[hi - 1] / r.ranks_admitted])
    by.notes += ["Each row: the failures in that range of the sequence (one random held node each, never healed) "
                 "and the state after the last of them. 'waits': nothing fits, the job is released and stays out.",
                 f"The scenario's testbed has {tb.spare_nodes_per_pod} spare node(s) per pod; the other settings "
                 "are a what-if, same seed and fill."]
    first = Table("spare_exhaustion_summary", "Spare exhaustion: the failure at which each fallback first happens",
                  ["spare nodes per pod", "fill target", "failures run", "jobs admitted", "first repair from another pod",
                   "first fresh placement", "first template shrink", "first job waiting", "jobs waiting at the end",
                   "ranks running % at the end"])
    for r in runs:
        first.rows.append([r.spares_per_pod, r.fill_target, len(r.outcomes), r.jobs_admitted,
                           r.first("repair: another pod"),
                           r.first("fresh placement"), r.first("shrunk template"), r.first("waits"),
                           r.outcomes.count("waits"),
                           100.0 * r.ranks_running[-1] / r.ranks_admitted if r.ranks_running else None])
    first.notes.append("Blank: it did not happen within the failures run.")
    return [by, first]


def plot(runs: list[ExhaustionRun], spares: int, path: Path) -> Path:
    """Left: the cumulative outcomes under ``spares`` spare nodes per pod; right: ranks running and
    free GPUs under every setting."""
    from phalanx_ref.sim.report import _save, plt

    fig, axes = plt.subplots(1, 2, figsize=(13, 5.5))
    ax = axes[0]
    main = next((r for r in runs if r.spares_per_pod == spares), runs[0])  # the scenario's setting comes first
    x = np.arange(1, len(main.outcomes) + 1)
    colors = plt.get_cmap("viridis")(np.linspace(0, 1, len(OUTCOMES)))
    cum = np.array([[np.cumsum([o == k for o in main.outcomes])] for k in OUTCOMES])[:, 0, :]
    ax.stackplot(x, cum, colors=colors, labels=OUTCOMES)
    ax.set_xlabel("failed nodes outstanding")
    ax.set_ylabel("decisions (cumulative)")
    ax.set_title(f"Replan's outcomes, {main.spares_per_pod} spare node(s) per pod (measured)")
    ax.legend(fontsize=7, loc="upper left")
    ax.grid(True, alpha=0.3)
    ax = axes[1]
    for i, r in enumerate(runs):  # each drawn thinner than the last: curves that coincide stay visible
        xs = np.arange(1, len(r.ranks_running) + 1)
        lw = 1.2 + 1.5 * (len(runs) - 1 - i)
        ax.plot(xs, 100.0 * np.asarray(r.ranks_running) / r.ranks_admitted, lw=lw,
                label=f"{r.spares_per_pod} spare(s)/pod, fill {r.fill_target:g}: ranks running %")
        ax.plot(xs, 100.0 * np.asarray(r.free_gpus) / r.gpus, ls=":", lw=lw,
                label=f"{r.spares_per_pod} spare(s)/pod, fill {r.fill_target:g}: free GPUs %")
    ax.set_xlabel("failed nodes outstanding")
    ax.set_ylabel("% (of ranks admitted / of GPUs)")
    ax.set_title("Capacity as failures accumulate (measured)")
    ax.legend(fontsize=7)
    ax.grid(True, alpha=0.3)
    return _save(fig, path)


def build_section(cfg: ReportConfig, runs: list[ExhaustionRun], outdir: Path) -> tuple[list[Table], list[Path]]:
    return tables(runs, cfg.tb), [plot(runs, cfg.tb.spare_nodes_per_pod, outdir / "spare_exhaustion.png")]


SECTION = Section("spare_exhaustion", run_exhaustion, build_section,
                  enabled=lambda cfg: cfg.scale and cfg.exhaustion_share > 0)
