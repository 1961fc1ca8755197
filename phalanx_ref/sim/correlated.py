"""Correlated failures: several nodes lost together (a rack, the nodes behind one leaf switch), or
a burst of failures in quick succession. Both halves of the evaluation measure their effect:

- **ETTR and lost work** (table ``correlated_ettr``, ``correlated_ettr.png``): the Monte Carlo on
  absolute failure times (``montecarlo.simulate_bursts``) for the fast design and the crossover's
  restart baseline at the crossover's scale, under burst settings beside independent failures.
  The per-GPU failure rate is kept, so bursts at once mean fewer, larger interruptions; spread
  bursts interrupt again shortly after a resume. Bursts at once have an exact long-run limit (the
  renewal limit at M (1 + p (b - 1)) with the mean recovery), printed beside the Monte Carlo.
- **Replan** (table ``correlated_replan``, ``correlated_replan.png``): on the filled testbed, a
  whole domain fails at once (one node, a rack of 4 nodes, a rail group's nodes); its GPUs are
  marked suspect (free ones quarantined, so no repair lands there) and every job holding GPUs in
  it replans for all of them (the search: several blocks, no prepared repair), then commits. A
  pod holds one spare node, so a multi-node domain's repairs must leave the rail group or the pod,
  fall back to a fresh placement, shrink, or wait. The domain is then healed and the waiting jobs
  placed again if they fit. Domains holding a pod's spare are not drawn: the planner has no call
  that retires a spare block (a failed spare would stay a repair target), which the report notes.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from phalanx_ref.hdfb import Job
from phalanx_ref.sim.bench_planner import BenchResult, _planner, fill, percentile
from phalanx_ref.sim.commcost import StepCost
from phalanx_ref.sim.montecarlo import McResult, config_rng, simulate_bursts
from phalanx_ref.sim.outcomes import OUTCOMES, outcome, shares
from phalanx_ref.sim.params import MonteCarloParams, RenewalParams, TestbedParams
from phalanx_ref.sim.renewal import ettr_renewal_limit, mtbf_min
from phalanx_ref.sim.scale import build_testbed
from phalanx_ref.sim.searchonly import ranks_migrated
from phalanx_ref.sim.sections import Section
from phalanx_ref.sim.tables import Table, k_label

if TYPE_CHECKING:
    from phalanx_ref.sim.report import ReportConfig

INDEPENDENT: dict[str, Any] = {"burst_prob": 0.0, "burst_size": 1, "burst_gap_s": 0.0, "burst_r_factor": 1.0}
BURST_CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("independent failures (paper)", INDEPENDENT),
    ("10% of events: 8 failures at once", {"burst_prob": 0.1, "burst_size": 8}),
    ("10% of events: 8 at once, their recovery 3 R", {"burst_prob": 0.1, "burst_size": 8, "burst_r_factor": 3.0}),
    ("10% of events: 8 failures 60 s apart", {"burst_prob": 0.1, "burst_size": 8, "burst_gap_s": 60.0}),
    ("10% of events: 8 failures 600 s apart", {"burst_prob": 0.1, "burst_size": 8, "burst_gap_s": 600.0}),
)
"""The Monte Carlo's burst settings (choices: a what-if grid; the scenario's own is added when set)."""


def _limit(mc: MonteCarloParams, m: float, tau: float, c: float, r_s: float) -> float | None:
    """The exact long-run ETTR where one exists: bursts at once, absorbed, resume grid."""
    if mc.burst_gap_s > 0 or mc.recovery_failures != "absorb" or mc.checkpoint_grid != "resume":
        return None
    r_mean = r_s / 60.0 * (1.0 + mc.burst_prob * (mc.burst_r_factor - 1.0))
    return ettr_renewal_limit(m * mc.failures_per_event, tau, c, r_mean)


def burst_cases(mc: MonteCarloParams) -> list[tuple[str, MonteCarloParams]]:
    """The table's settings on ``mc`` (Poisson up-times: bursts are modelled on them)."""
    base = replace(mc, weibull_shape=1.0, **INDEPENDENT)
    cases = [(name, replace(base, **kw)) for name, kw in BURST_CASES]
    if mc.correlated:
        cases.append(("the scenario's bursts", replace(mc, weibull_shape=1.0)))
    return cases


def ettr_table(mc: MonteCarloParams, rp: RenewalParams) -> tuple[Table, dict[str, list[McResult]]]:
    """ETTR, interruptions and lost work under each burst setting, fast design and baseline."""
    n, baseline = rp.crossover_baseline
    designs = [rp.fast, baseline]
    m = mtbf_min(n, rp.m_gpu_hours)
    t = Table("correlated_ettr", f"Correlated failures: ETTR and lost work at {k_label(n)} GPUs ({mc.runs} runs "
              f"of {mc.horizon_days:g} days each; per-GPU failure rate kept)",
              ["failures", "design", "ETTR (measured)", "ETTR 95% CI +/-", "long-run limit (computed)",
               "measured - limit", "ETTR vs independent", "interruptions per run", "failures per run",
               "lost work (h per run)"])
    out: dict[str, list[McResult]] = {}
    ref: dict[str, float] = {}
    for i, (name, case) in enumerate(burst_cases(mc)):
        out[name] = []
        for j, d in enumerate(designs):
            r = simulate_bursts(n, d, case, config_rng(mc.seed, 9, i, j), m_min=m)
            assert r.node_failures is not None and r.lost_min is not None  # simulate_bursts sets both
            out[name].append(r)
            ref.setdefault(d.name, r.mean)
            lim = _limit(case, m, d.tau_min, d.c, d.r_mean_s)
            t.rows.append([name, d.name, r.mean, r.ci95, lim, None if lim is None else r.mean - lim,
                           r.mean - ref[d.name], float(r.failures.mean()), float(r.node_failures.mean()),
                           float(r.lost_min.mean()) / 60.0])
    t.notes += ["A burst's failures are a domain lost at once (gap 0) or a cascade at exponential gaps; bursts "
                "arrive at 1 / (M (1 + p (b - 1))) so that the failures per GPU stay the paper's. Failures during a "
                f"recovery: {mc.recovery_failures}; checkpoint grid: {mc.checkpoint_grid}.",
                "Long-run limit: the exact renewal-reward value over an infinite horizon for bursts at once (absorbed, "
                "resume grid), blank where none; the 54-day mean differs from it by a horizon effect within ~5e-4.",
                "The settings are a what-if grid, not measurements of a fleet: the paper models independent failures."]
    return t, out


# ---- Replan under domain failures -------------------------------------------------------------
DOMAINS: tuple[tuple[str, int], ...] = (("node", 1), ("rack (4 nodes)", 4), ("rail group", 0))
"""Failed domains by node count (0: every node of a rail group, the nodes behind one leaf switch)."""


@dataclass
class DomainResult:
    """What the jobs hit by one kind of domain failure got (see the module docstring)."""

    nodes: int
    events: int = 0
    jobs_hit: list[int] = field(default_factory=list)
    blocks: list[int] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    preserved: int = 0
    repaired: int = 0
    inflation: list[float] = field(default_factory=list)
    migrated: list[int] = field(default_factory=list)
    search_ns: list[int] = field(default_factory=list)
    readmitted: int = 0
    still_waiting: int = 0
    skipped_spare: int = 0


def domain_failures(tb: TestbedParams, seed: int, nodes: int, events: int) -> DomainResult:
    """``events`` failures of aligned ``nodes``-node domains on the filled testbed (see the module
    docstring); the planner prepares nothing (``searchonly``): a multi-block Replan is a search."""
    topo = build_testbed(tb)
    planner = _planner(topo, tb, prepared=False)
    fill(planner, random.Random(seed), tb.fill_target, tb.max_gangs, BenchResult(), tb)
    cost = StepCost(topo, tb).step_time
    rng = random.Random(f"{seed}/domains/{nodes}")
    span = nodes * tb.gpus_per_node
    res = DomainResult(nodes)
    owner, pc = planner.alloc.owner, time.perf_counter_ns
    for _ in range(events * 50):
        if res.events >= events:
            break
        leaf = rng.randrange(topo.n_leaves)
        if not isinstance(owner(leaf), str):
            continue
        leaves = range(leaf - leaf % span, leaf - leaf % span + span)
        held = {owner(x) for x in leaves}
        if any(isinstance(o, tuple) and o[0] == "spare" for o in held):
            res.skipped_spare += 1
            continue
        res.events += 1
        jobs = sorted(o for o in held if isinstance(o, str))
        res.jobs_hit.append(len(jobs))
        planner.mark_suspect(leaves)
        waiting = []
        for job in jobs:
            cur = planner.placements[job]
            failed = [x for x in leaves if owner(x) == job]
            res.blocks.append(-(-len(failed) // tb.gpus_per_node))
            t0 = pc()
            q = planner.replan(job, failed)
            res.search_ns.append(pc() - t0)
            res.outcomes[outcome(q, cur)] += 1
            if q is None:
                planner.release(job)
                waiting.append(cur)
                continue
            res.repaired += 1
            res.preserved += q.level == cur.level
            res.migrated.append(ranks_migrated(q))
            if q.template_index == cur.template_index:
                res.inflation.append(cost(q.template, q.rank_leaf) / cost(cur.template, cur.rank_leaf))
            planner.commit(q)
        planner.heal(leaves)
        for cur in waiting:
            p = planner.place(Job(cur.job, cur.templates))
            if p is None:
                res.still_waiting += 1
            else:
                planner.commit(p)
                res.readmitted += 1
    return res


def run_domains(cfg: ReportConfig) -> dict[str, DomainResult]:
    """Every domain kind on the report's testbed and seed (a worker's job)."""
    tb = cfg.tb
    return {name: domain_failures(tb, cfg.seed, n or tb.nodes_per_rail_group, cfg.correlated_events)
            for name, n in DOMAINS if (n or tb.nodes_per_rail_group) <= tb.nodes_per_rail_group}


def replan_table(by_kind: dict[str, DomainResult], tb: TestbedParams) -> Table:
    t = Table("correlated_replan", f"Correlated failures: Replan when a whole domain fails at once "
              f"({tb.leaves:,} GPUs, {tb.spare_nodes_per_pod} spare node(s) per pod, filled state)",
              ["failed domain", "nodes", "events", "jobs hit per event", "failed nodes per job",
               *[f"{o} %" for o in OUTCOMES], "level preserved %", "inflation median", "inflation p95",
               "ranks migrated per job", "Replan median (us)", "Replan p99 (us)", "waiting jobs placed after heal",
               "still waiting after heal", "domains redrawn (held a spare)"])
    for name, r in by_kind.items():
        t.rows.append([name, r.nodes, r.events, statistics.fmean(r.jobs_hit) if r.jobs_hit else None,
                       statistics.fmean(r.blocks) if r.blocks else None, *shares(r.outcomes),
                       100.0 * r.preserved / r.repaired if r.repaired else None,
                       percentile(r.inflation, 0.5) if r.inflation else None,
                       percentile(r.inflation, 0.95) if r.inflation else None,
                       statistics.fmean(r.migrated) if r.migrated else None,
                       percentile(r.search_ns, 0.5) / 1e3 if r.search_ns else None,
                       percentile(r.search_ns, 0.99) / 1e3 if r.search_ns else None, r.readmitted,
                       r.still_waiting, r.skipped_spare])
    t.notes += ["Per job hit: its Replan for all its GPUs in the domain (the search, timed alone; a node is one "
                "block, so the node row is §8.3's case), committed before the next job's. Outcome shares are of "
                "the jobs hit; 'repair: X' names where the replacement blocks came from (the highest level of "
                "any of them); inflation = step-communication time after / before, for decisions keeping the "
                "template.",
                "Domains holding a pod's spare node are redrawn: the planner cannot retire a spare block."]
    return t


# ---- report section ----------------------------------------------------------------------------
def _plot(res: dict[str, list[McResult]], by_kind: dict[str, DomainResult] | None, path: Path,
          paper: bool) -> Path:
    """Left: ETTR per burst setting and design (the paper's Table 3 measured values marked on the
    independent row while the renewal parameters are the paper's); right: Replan's outcome shares
    per failed domain."""
    from phalanx_ref.sim.report import _save, plt
    from phalanx_ref.sim.tables import PAPER_TABLE3

    fig, axes = plt.subplots(1, 2 if by_kind else 1, figsize=(13 if by_kind else 7, 6.5), squeeze=False)
    ax = axes[0][0]
    names = list(res)
    y = np.arange(len(names))
    for j, color in enumerate(("tab:blue", "tab:red")):
        rs = [res[n][j] for n in names]
        ax.barh(y + 0.2 - 0.4 * j, [r.mean for r in rs], 0.4, xerr=[r.ci95 for r in rs], color=color,
                label=f"{rs[0].design.name} (measured, 95% CI)")
        mark = PAPER_TABLE3.get((rs[0].n_gpus, rs[0].design.name), (None, None))[1] if paper else None
        if mark is not None:
            ax.plot([mark], [0.2 - 0.4 * j], "D", mfc="none", ms=9, color="black",
                    label=f"{rs[0].design.name}: paper Table 3 {mark:g} (independent failures)")
    ax.set_yticks(y, names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("ETTR")
    ax.set_title("ETTR under correlated failures")
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=2)  # below: bars fill the axes
    ax.grid(True, axis="x", alpha=0.3)
    if by_kind:
        ax = axes[0][1]
        kinds = list(by_kind)
        left = np.zeros(len(kinds))
        colors = plt.get_cmap("viridis")(np.linspace(0, 1, len(OUTCOMES)))
        for i, o in enumerate(OUTCOMES):
            vals = np.array([shares(by_kind[k].outcomes)[i] or 0.0 for k in kinds])
            ax.barh(kinds, vals, left=left, color=colors[i], label=o)
            left += vals
        ax.invert_yaxis()
        ax.set_xlabel("share of the jobs hit (%)")
        ax.set_title("Replan's outcome when a domain fails at once\n(measured)")
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=3)
    return _save(fig, path)


def run_section(cfg: ReportConfig) -> tuple[Table, dict[str, list[McResult]], dict[str, DomainResult] | None]:
    """The Monte Carlo half (always) and the testbed half (with ``cfg.scale``)."""
    from phalanx_ref.sim.tables import sweep_params

    t, res = ettr_table(sweep_params(cfg.mc, cfg.sweep_runs), cfg.renewal)
    return t, res, run_domains(cfg) if cfg.scale and cfg.correlated_events else None


def build_section(cfg: ReportConfig, got: tuple[Table, dict[str, list[McResult]], dict[str, DomainResult] | None],
                  outdir: Path) -> tuple[list[Table], list[Path]]:
    t, res, by_kind = got
    tables = [t] + ([replan_table(by_kind, cfg.tb)] if by_kind else [])
    return tables, [_plot(res, by_kind, outdir / "correlated.png", cfg.renewal.is_paper)]


SECTION = Section("correlated", run_section, build_section, enabled=lambda cfg: True)
