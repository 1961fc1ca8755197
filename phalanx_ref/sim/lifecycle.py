"""The lifecycle's evaluation (issue 16, paper section 7): drain on precursor signals,
defragmentation, checkpoint-before-preempt. Each experiment gives a table and a plot.

- Drain (renewal Monte Carlo, as section 8.1): a share ``p`` of failures is preceded by a usable
  precursor signal (ECC accumulation, thermal, XID patterns). Such a failure is drained: the job
  seals a checkpoint at the drain and reforms before the hardware dies, so it loses no progress,
  and its reformation skips failure detection (the lease TTL). The others are recovered
  reactively, as today (the progress since the last checkpoint is lost). p = 0 is reactive-only.
- Defragmentation (HDF-B event simulation): gangs arrive and leave; large gangs wait in a FIFO
  queue; with defragmentation, a blocked head gang makes the planner move the cheapest job whose
  reformation frees a block of its order (lifecycle_plan.choose_defrag), one move per minute.
  Measured: the largest free aligned block over time, and the wait of large gangs.
- Preemption (the same event simulation with high-priority arrivals): a high-priority gang that
  does not fit reclaims the lowest-priority job whose leaves make room
  (lifecycle_plan.choose_preemption). As in the spec's Preempt, the victim checkpoints, then
  either commits its next smaller template that still fits beside the gang (elastic gangs: it
  keeps running on fewer GPUs) or is suspended to zero leaves and requeued. Killed, the victim
  loses the progress since its last periodic checkpoint; with checkpoint-before-preempt it loses
  only the seal's stall. A gang's work is counted in minutes on its first (largest) template and
  progresses at the share of those GPUs it holds (a template with half the data-parallel replicas
  takes twice as long: linear scaling, as a fixed global batch gives when compute-bound).

Times are minutes; lost work is in GPU-minutes (gang size times minutes of progress lost).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from phalanx_ref.hdfb import Job, Planner
from phalanx_ref.lifecycle_plan import Preemption, choose_defrag, choose_preemption, largest_free_order
from phalanx_ref.prepared import PreparedPlanner
from phalanx_ref.sim.montecarlo import Z95, config_rng, truncated_normal
from phalanx_ref.sim.params import N_16K, N_131K, PHALANX, Design
from phalanx_ref.sim.renewal import mtbf_min
from phalanx_ref.sim.tables import Table
from phalanx_ref.topology import Topology, hgx_a100

if TYPE_CHECKING:
    from matplotlib.figure import Figure

DETECT_S = 5.0
"""Failure detection in the paper's 75 s budget (the lease TTL): what a drain does not wait for."""

PRECURSOR_SHARES = (0.0, 0.2, 0.4, 0.6, 0.8)


# ---- drain ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DrainResult:
    n_gpus: int
    share: float
    ettr: np.ndarray
    lost_min: float
    """Mean progress lost per failure (minutes), over all failures of all runs."""
    failures: float
    """Mean failures per run."""

    @property
    def ci95(self) -> float:
        return Z95 * float(self.ettr.std(ddof=1)) / math.sqrt(len(self.ettr))


def simulate_drain(n_gpus: int, share: float, runs: int, horizon_days: float, rng: np.random.Generator,
                   design: Design = PHALANX) -> DrainResult:
    """Runs of ``horizon_days`` at ``n_gpus`` where each failure is drained with probability
    ``share``: up-times U ~ Exp(M(N)); a drained cycle keeps all of U and recovers in R - DETECT_S,
    a reactive one keeps the whole checkpoint intervals of U (checkpoints every tau from the resume)
    and recovers in R. Checkpoint overhead c taxes kept time; failures during a recovery are
    absorbed by it."""
    m, horizon, tau = mtbf_min(n_gpus), horizon_days * 1440.0, design.tau_min
    r, r_drain, sd = design.r_mean_s / 60.0, (design.r_mean_s - DETECT_S) / 60.0, design.r_sd_s / 60.0
    kept, nfail, lost = np.zeros(runs), np.zeros(runs), 0.0
    start = np.zeros(runs)
    active = np.arange(runs)
    while active.size:
        expect = float((horizon - start[active]).max()) / (m + r)
        shape = (active.size, int(expect + 6.0 * math.sqrt(expect) + 8))
        u = rng.exponential(m, shape)
        warned = rng.random(shape) < share
        d = np.where(warned, truncated_normal(rng, r_drain, sd, shape), truncated_normal(rng, r, sd, shape))
        ends = start[active, None] + np.cumsum(u + d, axis=1)
        s = np.concatenate([start[active, None], ends[:, :-1]], axis=1)
        failed = s + u < horizon
        keep = np.where(warned, u, np.floor(u / tau) * tau)
        kept[active] += np.where(failed, keep, np.clip(horizon - s, 0.0, None)).sum(axis=1)
        nfail[active] += failed.sum(axis=1)
        lost += float(np.where(failed, u - keep, 0.0).sum())
        start[active] = ends[:, -1]
        active = active[ends[:, -1] < horizon]
    return DrainResult(n_gpus, share, kept * (1.0 - design.c) / horizon, lost / max(1.0, nfail.sum()),
                       float(nfail.mean()))


def drain_table(runs: int = 200, horizon_days: float = 54.0, seed: int = 0,
                shares: tuple[float, ...] = PRECURSOR_SHARES) -> tuple[Table, list[DrainResult]]:
    results = [simulate_drain(n, p, runs, horizon_days, config_rng(seed, 16, n, int(p * 100)))
               for n in (N_16K, N_131K) for p in shares]
    base = {r.n_gpus: r for r in results if r.share == 0.0}
    t = Table("lifecycle_drain", "Drain on precursor signals vs reactive-only recovery (Phalanx, tau 2.5 m, R 75 s)",
              ["N", "precursor share", "ETTR", "ETTR ci95", "ETTR gain", "lost min / failure", "failures / run"])
    for r in results:
        t.rows.append([r.n_gpus, r.share, float(r.ettr.mean()), r.ci95,
                       float(r.ettr.mean() - base[r.n_gpus].ettr.mean()), r.lost_min, r.failures])
    t.notes += [f"Measured: {runs} runs of {horizon_days:g} days per row. Share 0 is reactive-only recovery.",
                f"A drained failure loses no progress (the job seals at the drain) and recovers in R - {DETECT_S:g} s "
                "(no lease-TTL detection); a reactive one loses the progress since its last checkpoint.",
                "Model inputs, not measurements: the share of failures with a usable precursor, and that a drain "
                "completes before the hardware dies."]
    return t, results


# ---- defragmentation and preemption: an HDF-B cluster over time --------------------------------
@dataclass
class Gang:
    job: Job
    arrival: float
    duration: float
    """Minutes of work on the first (largest) template."""
    priority: int = 0
    start: float | None = None
    done: float = 0.0
    """Work done before the current placement, in minutes on the first template (a preempted
    gang resumes; a shrunk one goes on at its new rate)."""
    gpus: int = 0
    """GPUs of the current placement's template (0 while queued)."""

    def progress(self, now: float) -> float:
        """Work done by ``now``, in minutes on the first template: the current placement adds
        its wall minutes at the share of the first template's GPUs it holds."""
        if self.start is None:
            return self.done
        return self.done + (now - self.start) * self.gpus / _size(self)


@dataclass
class ClusterRun:
    """What one event simulation measured."""

    largest_free: list[int] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    moves: int = 0
    preemptions: list[Preemption] = field(default_factory=list)
    """The planner's decision of every preemption carried out, in order."""
    shrank: list[bool] = field(default_factory=list)
    """Per preemption, what the simulator did: the victim went on on a smaller template (True)
    or was suspended and requeued (False)."""
    lost_killed: list[float] = field(default_factory=list)
    lost_sealed: list[float] = field(default_factory=list)
    """GPU-minutes each preemption loses, killed vs sealed first (same order as ``preemptions``)."""


def _size(g: Gang) -> int:
    """GPUs the gang asks for: its first template's."""
    tp, pp, dp = g.job.templates[0]
    return tp * pp * dp


def elastic_templates(size: int, elastic: bool) -> list[tuple[int, int, int]]:
    """A data-parallel gang of ``size`` GPUs; an elastic one also accepts half the replicas."""
    return [(1, 1, size), (1, 1, size // 2)] if elastic and size > 1 else [(1, 1, size)]


class Cluster:
    """Minute-stepped event simulation of gangs on an HDF-B planner (pure planner decisions: the
    engine's store transactions add nothing to these counts)."""

    def __init__(self, topo: Topology, seed: int, defrag: bool, large: int, tau_min: float, seal_min: float) -> None:
        self.planner = PreparedPlanner(topo)
        self.rng = random.Random(seed)
        self.defrag, self.large, self.tau, self.seal = defrag, large, tau_min, seal_min
        self.running: dict[str, Gang] = {}
        self.queue: list[Gang] = []
        self.out = ClusterRun()
        self.names = (f"g{i}" for i in range(10**9))

    def arrive(self, now: float, templates: Sequence[Sequence[int]], priority: int = 0,
               duration: float | None = None) -> Gang:
        """Queue a gang; its work is ``duration`` minutes on its first template (default: drawn
        from Exp(LIFETIME_MIN))."""
        work = self.rng.expovariate(1 / LIFETIME_MIN) if duration is None else duration
        g = Gang(Job(next(self.names), templates), now, work, priority)
        self.queue.append(g)
        return g

    def _start(self, g: Gang, now: float) -> bool:
        p = self.planner.place(g.job)
        if p is None:
            return False
        self.planner.commit(p)
        g.start, g.gpus = now, p.gang_size
        self.running[g.job.name] = g
        if _size(g) >= self.large:
            self.out.waits.append(now - g.arrival)
        return True

    def step(self, now: float) -> None:
        for name, g in list(self.running.items()):
            if g.progress(now) >= g.duration:
                self.planner.release(name)
                del self.running[name]
        self.queue.sort(key=lambda g: (-g.priority, g.arrival))
        for g in list(self.queue):
            if self._start(g, now):
                self.queue.remove(g)
            elif g.priority > 0:
                self._preempt_for(g, now)
            elif _size(g) >= self.large:
                if self.defrag:
                    self._defrag_for(g)
                break  # FIFO for large gangs: later ones wait behind the head
        self.out.largest_free.append(largest_free_order(self.planner))

    def _defrag_for(self, g: Gang) -> None:
        move = choose_defrag(self.planner, g.job)
        if move is not None:
            self.planner.commit(move.placement)
            self.out.moves += 1

    def _preempt_for(self, g: Gang, now: float) -> None:
        """Checkpoint-before-preempt for ``g``: the victim the planner chose checkpoints, then by
        its own Commit either goes on, from now, on the smaller template the planner kept for it
        beside ``g``, or gives all its leaves back and is requeued; then ``g`` is placed."""
        prio = {n: x.priority for n, x in self.running.items()}
        pre = choose_preemption(self.planner, g.job, prio, g.priority)
        if pre is None:
            return
        victim = self.running[pre.victim]
        assert victim.start is not None
        ran = now - victim.start
        self.out.preemptions.append(pre)
        self.out.lost_killed.append(victim.gpus * (ran % self.tau))
        self.out.lost_sealed.append(victim.gpus * min(self.seal, ran))
        victim.done = victim.progress(now - ran % self.tau)  # resumes from its last periodic checkpoint
        if pre.placement is None:
            del self.running[pre.victim]
            self.planner.release(pre.victim)
            victim.start, victim.gpus = None, 0
            self.queue.append(victim)
        else:
            self.planner.commit(pre.placement)
            victim.start, victim.gpus = now, pre.placement.gang_size
        self.out.shrank.append(victim.start is not None)
        if self._start(g, now):
            self.queue.remove(g)


LIFETIME_MIN = 120.0
LARGE = 256


def cluster_run(seed: int, defrag: bool, minutes: int = 2880, priority_rate: float = 0.0,
                topo: Topology | None = None, tau_min: float = 10.0, seal_min: float = 0.5,
                hourly: Callable[[Planner], None] | None = None, elastic: float = 0.0) -> ClusterRun:
    """Arrivals each minute: small and medium gangs (8..128 GPUs) at 0.08/min, large gangs (256)
    at 0.01/min, high-priority gangs (64) at ``priority_rate``; lifetimes Exp(2 h): about 70% of
    the 1,024 GPUs demanded on average. A share ``elastic`` of the low-priority gangs also accept
    half their GPUs (:func:`elastic_templates`), drawn from a stream of their own so that the
    arrivals are the same for every share. ``hourly`` is called with the planner every hour
    (tests audit it)."""
    topo = topo or hgx_a100(8, 4, 4)  # 1,024 GPUs
    c = Cluster(topo, seed, defrag, LARGE, tau_min, seal_min)
    rng, erng = random.Random(seed + 1), random.Random(seed + 2)
    for now in range(minutes):
        if rng.random() < 0.08:
            c.arrive(now, elastic_templates(rng.choice((8, 16, 32, 64, 128)), erng.random() < elastic))
        if rng.random() < 0.01:
            c.arrive(now, elastic_templates(LARGE, erng.random() < elastic))
        if rng.random() < priority_rate:
            c.arrive(now, elastic_templates(64, False), priority=1)
        c.step(float(now))
        if hourly is not None and now % 60 == 59:
            hourly(c.planner)
    return c.out


def defrag_table(seed: int = 0, minutes: int = 2880) -> tuple[Table, dict[str, ClusterRun]]:
    runs = {"without": cluster_run(seed, False, minutes), "with": cluster_run(seed, True, minutes)}
    t = Table("lifecycle_defrag", f"Defragmentation: largest free aligned block and large-gang wait (1,024 GPUs, "
                                  f"{minutes / 60:g} h)",
              ["defragmentation", "large gangs placed", "wait median min", "wait p95 min",
               "largest free order mean", "moves"])
    for name, r in runs.items():
        w = np.array(r.waits) if r.waits else np.array([np.nan])
        t.rows.append([name, len(r.waits), float(np.median(w)), float(np.percentile(w, 95)),
                       float(np.mean(r.largest_free)), r.moves])
    t.notes += ["Measured on the HDF-B planner, same seed and arrivals for both rows; a move is one job reformed "
                "by the fragmentation monitor (one per minute at most) while the head large gang is blocked.",
                f"Large gangs are {LARGE} GPUs; waits count only gangs placed within the horizon."]
    return t, runs


PREEMPT_POLICIES = ("kill (resume from last periodic checkpoint)", "checkpoint-before-preempt")
VICTIM_OUTCOMES = ("shrank", "suspended", "all")


def lost_by_outcome(r: ClusterRun) -> dict[tuple[str, str], list[float]]:
    """Lost GPU-minutes per preemption, keyed by (policy, victim outcome) in the order of
    PREEMPT_POLICIES and VICTIM_OUTCOMES."""
    out: dict[tuple[str, str], list[float]] = {}
    for policy, lost in zip(PREEMPT_POLICIES, (r.lost_killed, r.lost_sealed), strict=True):
        for outcome in VICTIM_OUTCOMES:
            out[policy, outcome] = [x for x, s in zip(lost, r.shrank, strict=True)
                                    if outcome == "all" or s == (outcome == "shrank")]
    return out


def preemption_table(seed: int = 0, minutes: int = 2880, tau_min: float = 10.0,
                     seal_min: float = 0.5, elastic: float = 0.5) -> tuple[Table, ClusterRun]:
    r = cluster_run(seed, False, minutes, priority_rate=0.02, tau_min=tau_min, seal_min=seal_min, elastic=elastic)
    t = Table("lifecycle_preemption", "Preemption: victims shrunk or suspended, and their lost work, killed vs "
                                      "checkpoint-before-preempt",
              ["policy", "victim", "preemptions", "lost GPU-min mean", "lost GPU-min total"])
    for (policy, outcome), lost in lost_by_outcome(r).items():
        t.rows.append([policy, outcome, len(lost), float(np.mean(lost)) if lost else None, float(np.sum(lost))])
    t.notes += [f"Periodic checkpoints every {tau_min:g} min from each (re)start; the seal before a preemption "
                f"stalls the victim {seal_min:g} min (a model input). Same preemptions for both policies "
                "(the victim is chosen by the planner: lowest priority whose leaves make room).",
                f"{elastic:.0%} of the low-priority gangs are elastic (they accept half their GPUs; admission "
                "takes the first template that fits). A victim with a smaller template that fits beside the "
                "preempting gang commits it and keeps running (shrank); otherwise it is suspended to zero "
                "leaves and requeued. Lost work is counted alike for both outcomes: the seal's stall, or the progress "
                "since the last periodic checkpoint; in the simulated timeline both resume from that checkpoint.",
                "Model: a gang progresses at the share of its first template's GPUs it holds (linear "
                "scaling), so a shrunk victim's remaining work takes twice as long; that delay is not counted "
                "as lost work. Shrunk jobs do not grow back when capacity frees (grow is not simulated)."]
    return t, r


# ---- the report's part ----------------------------------------------------------------------------
def _preemption_plot(r: ClusterRun, hours: int) -> Figure:
    """Mean lost GPU-minutes per preemption for each policy, beside one another for the victims
    that shrank, were suspended, and all of them (bar labels give the counts)."""
    import matplotlib.pyplot as plt

    lost = lost_by_outcome(r)
    fig, ax = plt.subplots(figsize=(9, 4))
    x = np.arange(len(VICTIM_OUTCOMES))
    for i, (policy, label, color) in enumerate(zip(PREEMPT_POLICIES, ("kill", "checkpoint-before-preempt"),
                                                   ("tab:red", "tab:green"), strict=True)):
        per = [lost[policy, o] for o in VICTIM_OUTCOMES]
        ax.bar(x + (i - 0.5) * 0.4, [float(np.mean(v)) if v else 0.0 for v in per], 0.4, color=color, label=label)
    ax.set_xticks(x, [f"{o} (n={len(lost[PREEMPT_POLICIES[0], o])})" for o in VICTIM_OUTCOMES])
    if not r.preemptions:  # an empty chart would read as "nothing lost"
        ax.text(0.5, 0.5, f"no preemption in this run's {hours} h", transform=ax.transAxes, ha="center")
    ax.set(xlabel="preempted victim", ylabel="GPU-minutes lost per preemption",
           title="lost work of preempted jobs (measured)", ylim=(0, None))  # no negative axis when all are 0
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))  # outside: inside it would hide a bar
    return fig


def lifecycle_tables(outdir: Path, seed: int = 0, runs: int = 200, hours: int = 48) -> tuple[list[Table], list[Path]]:
    """The three tables and their plots (PNG) under ``outdir``; the caller writes the tables.
    ``runs``: Monte Carlo runs per drain row; ``hours``: length of the cluster simulations."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from phalanx_ref.sim.report import _save

    drain, drained = drain_table(runs, seed=seed)
    defrag, cruns = defrag_table(seed, hours * 60)
    preempt, prun = preemption_table(seed, hours * 60)
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    for n, color in ((N_16K, "tab:blue"), (N_131K, "tab:red")):
        rs = [r for r in drained if r.n_gpus == n]
        a.errorbar([r.share for r in rs], [float(r.ettr.mean()) for r in rs], [r.ci95 for r in rs], color=color,
                   marker="o", label=f"{n:,} GPUs")
        b.plot([r.share for r in rs], [r.lost_min for r in rs], color=color, marker="o", label=f"{n:,} GPUs")
    a.set(xlabel="share of failures with a usable precursor", ylabel="ETTR", title="ETTR (share 0: reactive only)")
    b.set(xlabel="share of failures with a usable precursor", ylabel="minutes", title="progress lost per failure")
    a.legend(), b.legend()
    plots = [_save(fig, outdir / "lifecycle_drain.png")]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    for name, r in cruns.items():
        a.plot(np.arange(len(r.largest_free)) / 60.0, r.largest_free, label=f"{name} defragmentation", lw=0.8)
        b.hist(r.waits, bins=20, alpha=0.5, label=f"{name} defragmentation")
    a.set(xlabel="hours", ylabel="order (log2 GPUs)", title="largest free aligned block")
    b.set(xlabel=f"wait of {LARGE}-GPU gangs (minutes)", ylabel="gangs", title="large-gang wait")
    for ax in (a, b):  # orders and gang counts are whole numbers
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    a.legend(), b.legend()
    plots.append(_save(fig, outdir / "lifecycle_defrag.png"))
    plots.append(_save(_preemption_plot(prun, hours), outdir / "lifecycle_preemption.png"))
    return [drain, defrag, preempt], plots
