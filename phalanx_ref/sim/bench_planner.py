"""Paper §8.3/§8.4 planner benchmark: fill the 131,072-GPU testbed to ~90% with gangs of 32 to
8,192 ranks, inject node failures, and time Place and Replan; compare recovery quality with
topology-blind replacement and seed 003's GangNavigator.

What is timed (``time.perf_counter_ns`` immediately around one call; every figure includes the
timer's own overhead, ``timer_overhead_ns``, the median of two back-to-back perf_counter_ns calls):
- Place: ``planner.place(job)``: the level scan and best-fit choice over the allocator's index
  (whose entries carry the block to carve in each node, recomputed when the node changes), the
  union of chunks for gangs beyond the largest free block, and the Placement object (its rank
  map is lazy). Commit (allocator split, index updates including those blocks, and the
  preparation of the job's repairs) is timed separately (``commit_*``); ``place_carve_*`` is the
  call plus the commit without that preparation (Carve: the paper's Place writes the allocation).
- Replan: ``recovery.plan(job, failed_leaves)``: planning only, nothing is committed or written
  inside the timed region. With ``PlannerRecovery`` it is one call around ``planner.replan``;
  with ``EngineRecovery`` (``recovery="engine"``) it is the engine's Plan decision,
  ``PlannerCache.decide`` (two calls around the same ``planner.replan`` on the cache's planner,
  which is this benchmark's planner kept in step with the store). The failed node is passed as its
  leaf range when the job holds all of it (always, on this testbed), which Replan checks in O(1).
  For one failed node this is the lookup of the repair the planner prepared when the state last
  changed. On the same state, right after it, the search path (``Planner._replan``: Algorithm 1
  run at the failure, the paper's description) is timed too (``replan_search_*``), and a
  :class:`PreparationClock` adds up the preparation of repairs inside the apply and heal that
  follow (``prep_per_failure_*``). The work moved out of it is timed too: ``repair_commit_*`` is ``recovery.apply`` (planner: the commit of the repair, which
  re-prepares the repairs it affects; engine: the Fail lease revokes, the Detect, Plan, Commit and
  Restore transactions, the Seal, the cache following them, which includes that planner commit,
  and the check of the moved leaves' alloc records), and ``heal_*`` is ``recovery.heal`` (the node
  returns as its pod's spare; engine: new worker leases put and followed by the cache). The rank
  map and quality figures are computed afterwards.
Warm figures (``place_warm_median_us``, ``replan_warm_median_us``): the same call repeated at
once on the same state (both are pure), timed the same way. They are not the paper's figures and
are not reported as such: they show how much of a timed call is the planner's work and how much is
CPython reaching cold memory after the commit and heal in between (the cold call is the figure).
Floors (``replan_floor_*``, ``place_floor_*``): a further run of failures (``failures // 10``,
same loop), and at the end the same fill on a fresh planner, in which the timed region calls
:func:`empty_call` with the same arguments instead (the decision applied is computed after it,
untimed): the timer plus one Python call at that point of the loop, i.e. what a Replan or a Place
that did nothing would measure.
Garbage collector: on for every figure except ``replan_gc_off_*``. ``replan_samples_with_gc``
counts timed Replans during which a collection ran. The ``replan_gc_off_*`` figures come from a
further run of failures (``failures // 10``, same loop) with ``gc.disable()`` around that loop
only. The topology and the empty allocator are moved to the permanent generation with
``gc.freeze()`` before the fill.
"""

from __future__ import annotations

import gc
import os
import platform
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from phalanx_ref.baselines.blind import blind_replace
from phalanx_ref.baselines.navigator import GangNavigator
from phalanx_ref.cost import step_comm_time
from phalanx_ref.hdfb import Job, Placement, Planner, TopologyPolicy
from phalanx_ref.prepared import PreparedPlanner
from phalanx_ref.sim.failure_log import FailureLog, percentile
from phalanx_ref.sim.fair_navigator import FairNavigator
from phalanx_ref.sim.params import QUALITY_SAMPLINGS, TestbedParams
from phalanx_ref.sim.prepclock import PreparationClock
from phalanx_ref.sim.recovery import PlannerRecovery, Recovery, RecoverySummary
from phalanx_ref.sim.searchonly import ranks_migrated
from phalanx_ref.topology import Topology, testbed_131k

# The gang mix (sizes 32 .. 8192, weights, templates) is TestbedParams' documented choice.
DEFAULT_MIX = TestbedParams()
QUALITY_METHODS = ("hdfb", "blind", "navigator", "navigator_fair")
"""Table 5's recovery methods: HDF-B Replan, topology-blind, seed 003's navigator, the same
navigator with HDF-B's spares and the gang's footprint (``fair_navigator``)."""
StepCostFn = Callable[[tuple[int, int, int], Sequence[int]], float]
Progress = Callable[[], None]


def _noop() -> None:
    return None


def timer_overhead_ns(n: int = 20000) -> float:
    pc = time.perf_counter_ns
    samples = []
    for _ in range(n):
        t0 = pc()
        t1 = pc()
        samples.append(t1 - t0)
    return statistics.median(samples)


@dataclass
class BenchResult:
    """Summary figures, preservation by gang size, and the raw samples behind the figures
    (``place_ns``, ``replan_ns``, ``<method>_inflation``) for histograms and CDFs."""

    figures: dict[str, float | int | str] = field(default_factory=dict)
    by_size: dict[int, tuple[int, int]] = field(default_factory=dict)  # gang size -> (repairs, preserved)
    samples: dict[str, list[float]] = field(default_factory=dict)
    alternatives: dict[str, dict[str, float | int | str]] = field(default_factory=dict)
    """Table 5's figures under the settings not chosen (``"quality_sampling=leaf"``, ...)."""
    log: FailureLog | None = None
    """The §8.3 failures' samples and counts (:func:`inject_failures`)."""
    recovery: RecoverySummary | None = None
    """The recovery path's own counts (the engine's transactions, ...)."""

    def record(self, log: FailureLog) -> None:
        """Take ``log`` as this run's failures: its figures, samples and level preserved by gang size."""
        self.log = log
        self.figures.update(log.figures())
        self.samples.update(log.samples())
        self.by_size = dict(log.by_size)

    def record_recovery(self, summary: RecoverySummary) -> None:
        self.recovery = summary
        self.figures.update(summary.figures())


def fill(planner: Planner, rng: random.Random, target: float, max_gangs: int, res: BenchResult,
         mix: TestbedParams = DEFAULT_MIX, timed: Callable[[Job], Placement | None] | None = None,
         clock: PreparationClock | None = None) -> list[float]:
    """Admit gangs drawn from ``mix`` until ``target`` utilization or ``max_gangs``. ``timed``
    replaces ``planner.place`` in the timed region (the placement committed is then computed after
    it, untimed): the calibration fill times :func:`empty_call` there. With ``clock`` (on
    ``planner``), each commit's preparation of repairs is split off, and Place + Carve (the call
    and the commit without that preparation: the paper's Place writes the allocation) is reported."""
    n = planner.topo.n_leaves
    used, rejected, gangs = 0, 0, 0
    place_ns: list[float] = []
    warm_ns: list[float] = []
    commit_ns: list[float] = []
    prep_ns: list[float] = []
    carve_ns: list[float] = []
    pc = time.perf_counter_ns
    place = planner.place
    timed = timed or place
    t_fill = time.perf_counter()
    smallest = min(mix.gang_sizes)
    while gangs < max_gangs and used < target * n and used + smallest <= target * n * 1.01:
        g = rng.choices(mix.gang_sizes, mix.gang_weights)[0]
        if used + g > target * n * 1.01:  # redraw: a smaller gang still fits
            continue
        job = Job(f"g{gangs + rejected}", mix.templates_for(g))
        t0 = pc()
        p = timed(job)
        t1 = pc()
        timed(job)  # the same call again on the same state: pure, so caches are warm
        t2 = pc()
        place_ns.append(t1 - t0)
        warm_ns.append(t2 - t1)
        if timed is not place:
            p = place(job)
        if p is None:
            rejected += 1
            if rejected > 200:
                break
            continue
        prep0 = clock.ns if clock else 0
        t0 = pc()
        planner.commit(p)
        commit_ns.append(pc() - t0)
        prep_ns.append(clock.ns - prep0 if clock else 0)
        carve_ns.append(place_ns[-1] + commit_ns[-1] - prep_ns[-1])
        used += p.gang_size
        gangs += 1
    f = res.figures
    f["fill_s"] = time.perf_counter() - t_fill
    f["gangs"], f["rejected"], f["utilization"] = gangs, rejected, used / n
    f["largest_free_order"] = planner.alloc.largest_free_order()
    f["place_median_us"], f["place_p99_us"] = percentile(place_ns, 0.5) / 1e3, percentile(place_ns, 0.99) / 1e3
    f["place_warm_median_us"] = percentile(warm_ns, 0.5) / 1e3
    f["commit_median_us"] = percentile(commit_ns, 0.5) / 1e3
    if clock is not None:
        res.samples["place_carve_ns"] = carve_ns
        res.samples["place_committed_ns"] = [c - m + q for c, m, q in zip(carve_ns, commit_ns, prep_ns, strict=True)]
        f["place_carve_median_us"] = percentile(carve_ns, 0.5) / 1e3
        f["place_carve_p99_us"] = percentile(carve_ns, 0.99) / 1e3
        f["commit_prep_median_us"] = percentile(prep_ns, 0.5) / 1e3
    res.samples["place_ns"] = place_ns
    return place_ns


def empty_call(_job: object, _failed: object = None) -> None:
    """The timed call of the ``*_floor_*`` runs: a Python call that does nothing (Place's one argument
    or Replan's two; fixed parameters, as *args would allocate a tuple inside the timed region)."""
    return None


def _draw_failure(planner: Planner, rng: random.Random) -> tuple[str, Sequence[int]]:
    """A random held node's failure: the job holding a uniformly drawn held leaf, and the job's
    leaves in that leaf's node (as the node's leaf range when the job holds all of it, which
    Replan checks in O(1)). Redraws until the leaf is held, so the draws depend on the state alone."""
    t = planner.topo
    while True:
        leaf = rng.randrange(t.n_leaves)
        rec = planner.alloc.find_record(leaf)
        if rec is None or not isinstance(rec[2], str):
            continue
        job = rec[2]
        dom = t.leaf_domain[leaf]
        lo, hi = t.lo[dom], t.hi[dom]
        failed: Sequence[int] = [x for x in range(lo, hi) if planner.alloc.owner(x) == job]
        return job, range(lo, hi) if len(failed) == hi - lo else failed


def replay_failures(planner: Planner, rng: random.Random, count: int) -> None:
    """``count`` failures as :func:`inject_failures` draws them, each decided by the planner's own
    Replan, committed (or the job released) and healed, nothing timed or recorded: how a part of the
    first seed's failures, run in a process of its own, reaches the state and the random stream at
    which it starts (``seeds.py``). The decisions are those of any recovery path (the prepared
    repair is the search's answer, the engine's Plan is the planner's Replan: both checked on every
    measured failure); pause a :class:`PreparedPlanner` first, and the search decides at the cost of
    the plain planner's Replan."""
    for _ in range(count):
        job, failed = _draw_failure(planner, rng)
        q = planner.replan(job, failed)
        if q is None:
            planner.release(job)
        else:
            planner.commit(q)
        planner.heal(failed)


def inject_failures(planner: Planner, rng: random.Random, count: int, res: BenchResult,
                    recovery: Recovery | None = None, on_step: Progress = _noop,
                    timed: Callable[[str, Sequence[int]], Placement | None] | None = None,
                    clock: PreparationClock | None = None) -> FailureLog:
    """Fail ``count`` random held nodes one at a time (:func:`_draw_failure`); ``recovery``
    (default: planner Replan + commit) repairs each; its ``plan``, its ``apply`` and the heal that
    follows are timed apart. ``timed`` replaces ``recovery.plan`` in the timed region (the decision
    applied is then planned after it, untimed): the calibration run times :func:`empty_call` there.

    With a :class:`PreparedPlanner` that is not paused, the timed Replan is the lookup of a
    prepared repair, and on the same state, after the timed call, Replan's search path
    (``Planner._replan``: Algorithm 1 run at the failure, what the paper describes) is timed too
    (``replan_search_*``) and its answer compared with the decision (``replan_search_differs``
    counts disagreements). With ``clock`` (a :class:`PreparationClock` on ``planner``), the
    preparation of repairs inside apply and heal is added up per failure (``prep_per_failure_*``):
    the search's cost moved out of Replan. On a plain planner the timed Replan is the search.

    The samples and counts go into a :class:`FailureLog`, returned and recorded in ``res``
    (:meth:`BenchResult.record`: its figures and samples)."""
    recovery = recovery or PlannerRecovery(planner)
    plan = recovery.plan
    timed = timed or plan
    search = planner._replan
    log = FailureLog(isinstance(planner, PreparedPlanner) and not planner.paused)
    prepared = log.prepared
    pc = time.perf_counter_ns
    replan_ns, warm_ns, search_ns, apply_ns, heal_ns, prep_ns = (
        log.replan_ns, log.warm_ns, log.search_ns, log.apply_ns, log.heal_ns, log.prep_ns)
    prepared0 = clock.prepared if clock else 0
    in_timed, gc_hits = [False], [0]

    def on_gc(phase: str, _info: dict[str, int]) -> None:
        if phase == "start" and in_timed[0]:
            gc_hits[0] += 1

    gc.callbacks.append(on_gc)
    try:
        for _ in range(count):
            job, failed = _draw_failure(planner, rng)
            cur = planner.placements[job]
            in_timed[0] = True
            t0 = pc()
            q = timed(job, failed)
            t1 = pc()
            if prepared:
                timed(job, failed)  # again on the same state: pure, caches warm
            t2 = pc()
            in_timed[0] = False
            if timed is not plan:
                q = plan(job, failed)
            if prepared:
                as_tuple = tuple(failed)
                t3 = pc()
                by_search = search(job, as_tuple)
                t4 = pc()
                log.differs += _differ(q, by_search)
                replan_ns.append(t1 - t0)
                warm_ns.append(t2 - t1)
                search_ns.append(t4 - t3)
            else:  # the timed Replan is the search itself (nothing prepared)
                search_ns.append(t1 - t0)
            if q is None:
                log.kinds["queued"] += 1
            else:
                log.kinds[q.kind] += 1
                log.migrated[ranks_migrated(q)] += 1
                ok = q.level == cur.level
                log.preserved += ok
                reps, good = log.by_size.get(cur.gang_size, (0, 0))
                log.by_size[cur.gang_size] = (reps + 1, good + ok)
            prep0 = clock.ns if clock else 0
            t0 = pc()
            recovery.apply(job, failed, q)
            t1 = pc()
            recovery.heal(failed)  # the node is repaired and becomes its pod's spare again
            t2 = pc()
            apply_ns.append(t1 - t0)
            heal_ns.append(t2 - t1)
            if prepared and clock is not None:
                prep_ns.append(clock.ns - prep0)
            on_step()
    finally:
        gc.callbacks.remove(on_gc)
    log.gc_hits = gc_hits[0]
    if clock is not None:
        log.repairs_prepared = clock.prepared - prepared0
    res.record(log)
    return log


def _differ(a: Placement | None, b: Placement | None) -> bool:
    """Two Replan answers decide differently (another footprint or template, or one of them none)."""
    if a is None or b is None:
        return a is not b
    return (a.leaves, a.template_index) != (b.leaves, b.template_index)


def compare_recovery(planner: Planner, rng: random.Random, events: int, res: BenchResult,
                     cost: StepCostFn | None = None, on_step: Progress = _noop, sampling: str = "gang",
                     seed003: bool = True) -> None:
    """§8.4 on a sample: for gangs of >= 64 ranks, the repaired placement's step-communication
    inflation (``cost``, default cost.step_comm_time) and level preservation under HDF-B Replan,
    blind replacement, and the navigator (the failed node's TP groups searched as a gang).
    Nothing is committed. ``sampling`` (TestbedParams.quality_sampling, where the choice is
    explained): "gang" draws an eligible gang uniformly, then one of its nodes; "leaf" draws a held
    GPU uniformly (gangs in proportion to their size). ``seed003=False`` leaves seed 003's
    navigator out (its search of every group costs ~60 ms per event at 131,072 GPUs; the extra
    seeds and the sensitivity runs do without it)."""
    t = planner.topo
    if cost is None:
        def cost(tpl: tuple[int, int, int], rank_leaf: Sequence[int]) -> float:
            return step_comm_time(t, tpl, rank_leaf)
    nav, fair = GangNavigator(planner) if seed003 else None, FairNavigator(planner)
    methods = tuple(m for m in QUALITY_METHODS if seed003 or m != "navigator")
    stats: dict[str, list[tuple[float, bool]]] = {name: [] for name in methods}
    decide_ns: dict[str, list[int]] = {name: [] for name in QUALITY_METHODS}
    pc = time.perf_counter_ns
    eligible = sorted(j for j, p in planner.placements.items() if p.gang_size >= 64)
    tries = 0
    while len(stats["hdfb"]) < events and tries < events * 50 and eligible:
        tries += 1
        if sampling == "gang":
            job = rng.choice(eligible)
            leaf = rng.choice(planner.placements[job].rank_leaf)
        else:
            leaf = rng.randrange(t.n_leaves)
            rec = planner.alloc.find_record(leaf)
            if rec is None or not isinstance(rec[2], str) or planner.placements[rec[2]].gang_size < 64:
                continue
            job = rec[2]
        cur = planner.placements[job]
        dom = t.leaf_domain[leaf]
        failed = [x for x in range(t.lo[dom], t.hi[dom]) if planner.alloc.owner(x) == job]
        t0 = pc()
        q = planner.replan(job, failed)
        t1 = pc()
        if q is None:
            continue
        before = cost(cur.template, cur.rank_leaf)
        ranks = q.migrated
        tp = cur.template[0]
        t2 = pc()
        outcomes = {"hdfb": q.rank_leaf, "blind": blind_replace(planner, cur.rank_leaf, ranks, rng)}
        t3 = pc()
        got = nav.place(len(ranks) // tp, tp) if nav is not None else None
        t4 = pc()
        by_fair = fair.repair(cur.rank_leaf, ranks, tp, leaf)
        t5 = pc()
        for name, ns in zip(QUALITY_METHODS, (t1 - t0, t3 - t2, t4 - t3, t5 - t4), strict=True):
            decide_ns[name].append(ns)
        if got is not None:
            new = list(cur.rank_leaf)
            for r, x in zip(ranks, got.leaves, strict=True):
                new[r] = x
            outcomes["navigator"] = tuple(new)
        if by_fair is not None:
            outcomes["navigator_fair"] = by_fair[0]
        for name in methods:
            rl = outcomes.get(name)
            infl, kept = float("nan"), float("nan")
            if rl is not None:
                infl, kept = cost(cur.template, rl) / before, t.lca_level(min(rl), max(rl)) == cur.level
                stats[name].append((infl, kept))
            res.samples.setdefault(f"event_{name}_inflation", []).append(infl)
            res.samples.setdefault(f"event_{name}_level_preserved", []).append(float(kept))
        res.samples.setdefault("quality_gang_size", []).append(cur.gang_size)
        on_step()
    f = res.figures
    f["quality_events"] = len(stats["hdfb"])
    f["quality_sampling"] = sampling
    for name, xs in stats.items():
        inflations = [x for x, _ in xs]
        res.samples[f"{name}_inflation"] = inflations
        f[f"{name}_inflation_median"] = percentile(inflations, 0.5)
        f[f"{name}_inflation_p95"] = percentile(inflations, 0.95)
        f[f"{name}_level_preserved_pct"] = 100.0 * sum(ok for _, ok in xs) / max(1, len(xs))
        f[f"{name}_decision_median_us"] = percentile(decide_ns[name], 0.5) / 1e3
        f[f"{name}_decision_p99_us"] = percentile(decide_ns[name], 0.99) / 1e3


def navigator_place_sample(planner: Planner, rng: random.Random, n: int, res: BenchResult,
                           mix: TestbedParams = DEFAULT_MIX) -> None:
    """Navigator admission latency and level vs HDF-B Place on the filled state (not committed)."""
    nav = GangNavigator(planner)
    pc = time.perf_counter_ns
    nav_ns, hd_ns, nav_lv, hd_lv = [], [], [], []
    for i in range(n):
        g = rng.choice(mix.gang_sizes[:4])
        job = Job(f"probe{i}", mix.templates_for(g)[:1])
        t0 = pc()
        p = planner.place(job)
        hd_ns.append(pc() - t0)
        t0 = pc()
        got = nav.place(g // 8, 8)
        nav_ns.append(pc() - t0)
        if p is not None and got is not None:
            hd_lv.append(p.level)
            nav_lv.append(got.level)
    f = res.figures
    f["navigator_place_median_ms"] = percentile(nav_ns, 0.5) / 1e6
    f["navigator_place_p99_ms"] = percentile(nav_ns, 0.99) / 1e6
    f["probe_hdfb_place_median_us"] = percentile(hd_ns, 0.5) / 1e3
    f["probe_mean_level_hdfb"] = statistics.fmean(hd_lv) if hd_lv else float("nan")
    f["probe_mean_level_navigator"] = statistics.fmean(nav_lv) if nav_lv else float("nan")


def run(failures: int = 10_000, seed: int = 0, quality_events: int = 300, probes: int = 50,
        topo: Topology | None = None, target: float = 0.904, max_gangs: int = 260,
        mix: TestbedParams = DEFAULT_MIX, cost_model: Callable[[Topology], StepCostFn] | None = None,
        recovery: Callable[[Planner], Recovery] = PlannerRecovery,
        on_failure: Progress = _noop, on_quality: Progress = _noop, alternatives: bool = False,
        seed003: bool = True, prepared: bool = True, companions: bool = True, table5: bool = True,
        part: tuple[int, int] | None = None) -> BenchResult:
    """Build the planner (one spare node per pod, per ``mix``), fill, compare recovery quality
    (on the filled state, or after the failures: ``mix.quality_state``), inject failures and
    probe the navigator. ``cost_model`` builds the step-cost function on the
    tree (default cost.step_comm_time); ``recovery`` builds the recovery step on the planner.
    ``alternatives``: Table 5 also under the sampling and the state not chosen (``res.alternatives``;
    their events draw from their own random stream, so the chosen figures do not change).
    ``seed003``: Table 5 includes seed 003's navigator (see :func:`compare_recovery`).
    ``prepared=False``: the plain :class:`Planner` (every Replan is the search; no lookup or
    preparation figures). ``companions=False``: without the GC-off, call-floor and Place-floor runs.
    ``table5=False``: no Table 5 on the filled state (nor its alternative sampling), for a run whose
    Table 5 runs apart (:func:`quality_only` on the same seed: the same fill, hence the same events).
    ``part=(start, stop)``: measure failures ``start`` to ``stop`` of the ``failures`` only, for a
    run split over processes (``seeds.py``, :func:`merge_parts`): the failures before ``start`` are
    replayed (:func:`replay_failures`, the planner paused), then the planner prepares every repair
    again (not counted in any failure's figures) and ``recovery`` is built on that state. A part
    that does not end the run does nothing else: no Table 5, no companions, no probes. Table 5 on
    the filled state draws from the failures' random stream, so a run in parts has it apart
    (``table5=False``; :func:`quality_only` on the same seed, :func:`merge_table5`)."""
    if part is not None and table5 and quality_events and mix.quality_state == "filled":
        raise ValueError("a run in parts needs table5=False: Table 5 on the filled state would shift the "
                         "failures' random draws in the part that runs it")
    start, stop = part or (0, failures)
    if stop < failures:
        table5, alternatives, companions, probes = False, False, False, 0
    res = BenchResult()
    rng = random.Random(seed)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    topo = topo or testbed_131k()
    planner = _planner(topo, mix, prepared)
    clock = PreparationClock(planner)
    f = res.figures
    f["build_s"] = time.perf_counter() - t0
    f["leaves"] = topo.n_leaves
    f["timer_overhead_ns"] = timer_overhead_ns()
    gc.collect()
    gc.freeze()  # the tree and allocator are long-lived: keep them out of the young-generation scans
    fill(planner, rng, target, max_gangs, res, mix, clock=clock)
    f["peak_rss_after_fill_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    f["rss_growth_mb"] = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0) / 1024
    step_cost = cost_model(topo) if cost_model is not None else None
    f["quality_state"] = mix.quality_state
    if quality_events and mix.quality_state == "filled" and table5:  # compare_recovery commits nothing
        compare_recovery(planner, rng, quality_events, res, step_cost, on_quality, mix.quality_sampling, seed003)
    alt_rng = random.Random(f"{seed}/alternatives")
    other_sampling = next(x for x in QUALITY_SAMPLINGS if x != mix.quality_sampling)

    def alternative(name: str, sampling: str, on: Planner) -> None:
        alt = BenchResult()
        compare_recovery(on, alt_rng, quality_events, alt, step_cost, sampling=sampling, seed003=False)
        res.alternatives[name] = alt.figures

    if alternatives and quality_events:
        if mix.quality_state == "filled":
            if table5:
                alternative(f"quality_sampling={other_sampling}", other_sampling, planner)
        else:
            alternative("quality_state=filled", mix.quality_sampling, planner)
    if start:
        t_rec = time.perf_counter()
        if isinstance(planner, PreparedPlanner):
            planner.pause()
        replay_failures(planner, rng, start)
        if isinstance(planner, PreparedPlanner):
            planner.resume()
        f["replay_s"] = time.perf_counter() - t_rec
    t_rec = time.perf_counter()
    rec = recovery(planner)
    f["recovery_setup_s"] = time.perf_counter() - t_rec
    gc.collect()
    gc.freeze()  # the engine's store and cache (if any) are long-lived too
    t_rec = time.perf_counter()
    inject_failures(planner, rng, stop - start, res, rec, on_failure, clock=clock if prepared else None)
    f["failures_s"] = time.perf_counter() - t_rec
    if failures >= 10 and companions:
        off = BenchResult()
        gc.disable()  # around this loop only: the GC-off companion of the Replan figures above
        try:
            inject_failures(planner, rng, failures // 10, off, rec)
        finally:
            gc.enable()
        f["gc_off_failures"] = off.figures["failures"]
        for q in ("median", "p99", "max"):
            f[f"replan_gc_off_{q}_us"] = off.figures[f"replan_{q}_us"]
        floor = BenchResult()
        inject_failures(planner, rng, failures // 10, floor, rec, timed=empty_call)
        f["replan_floor_median_us"] = floor.figures["replan_median_us"]
        f["replan_floor_warm_median_us"] = floor.figures["replan_warm_median_us"]
    res.record_recovery(rec.summary())
    if quality_events and mix.quality_state == "after_failures":
        compare_recovery(planner, rng, quality_events, res, step_cost, on_quality, mix.quality_sampling, seed003)
        if alternatives:
            alternative(f"quality_sampling={other_sampling}", other_sampling, planner)
    elif alternatives and quality_events:
        alternative("quality_state=after_failures", mix.quality_sampling, planner)
    if probes:
        navigator_place_sample(planner, rng, probes, res, mix)
    f["peak_rss_end_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    del planner, rec
    gc.collect()
    if companions:
        floor = BenchResult()  # the same fill on a fresh planner, an empty call timed in Place's place
        fill(_planner(topo, mix), random.Random(seed), target, max_gangs, floor, mix, timed=empty_call)
        f["place_floor_median_us"] = floor.figures["place_median_us"]
        f["place_floor_warm_median_us"] = floor.figures["place_warm_median_us"]
    f["python"] = f"{platform.python_implementation()} {sys.version.split()[0]}"
    f["cpus"] = os.cpu_count() or 0
    return res


def quality_only(topo: Topology, mix: TestbedParams, seed: int, events: int,
                 cost_model: Callable[[Topology], StepCostFn] | None = None, seed003: bool = False,
                 alternatives: bool = False, on_quality: Progress = _noop) -> BenchResult:
    """The fill and Table 5's comparison on the filled state alone (no failures): what the
    sensitivity rows and the scale trend need, and the report's own Table 5 (``seed003`` and the
    alternative sampling, as :func:`run` draws them), run beside its failures (:func:`merge_table5`)."""
    res = BenchResult()
    res.figures["leaves"] = topo.n_leaves
    rng = random.Random(seed)
    planner = _planner(topo, mix)
    fill(planner, rng, mix.fill_target, mix.max_gangs, res, mix)
    cost = cost_model(topo) if cost_model else None
    compare_recovery(planner, rng, events, res, cost, on_quality, mix.quality_sampling, seed003)
    if alternatives:
        other = next(x for x in QUALITY_SAMPLINGS if x != mix.quality_sampling)
        alt = BenchResult()
        compare_recovery(planner, random.Random(f"{seed}/alternatives"), events, alt, cost, sampling=other,
                         seed003=False)
        res.alternatives[f"quality_sampling={other}"] = alt.figures
    return res


def merge_table5(res: BenchResult, table5: BenchResult) -> None:
    """Add to ``res`` (a :func:`run` with ``table5=False``) the Table 5 that :func:`quality_only`
    measured on the same seed; ``res``'s own figures and samples win (its fill's timings). Both
    filled the same way or the merge is refused."""
    _same_fill(res, table5, "Table 5")
    res.figures = {**table5.figures, **res.figures}
    res.samples = {**table5.samples, **res.samples}
    res.alternatives = {**table5.alternatives, **res.alternatives}


def merge_parts(earlier: Sequence[BenchResult], last: BenchResult) -> None:
    """Join into ``last`` (a :func:`run` whose ``part`` ends the run) the parts before it, in
    failure order: the failure figures and samples become the whole run's (the parts'
    :class:`FailureLog` joined, the figures computed once from it), the recovery path's counts add
    up, and so do the parts' failure, replay and set-up times. The rest (the fill's figures,
    Table 5, the companion runs) is ``last``'s own; every part filled the same way or the merge is
    refused."""
    logs, summaries = [], []
    for p in (*earlier, last):
        _same_fill(last, p, "a part of the failures")
        if p.log is None or p.recovery is None:
            raise RuntimeError("a part of the failures without its failure log")
        logs.append(p.log)
        summaries.append(p.recovery)
    log, summary = logs[0], summaries[0]
    for x, y in zip(logs[1:], summaries[1:], strict=True):
        log, summary = log + x, summary + y
    last.record(log)
    last.record_recovery(summary)
    for key in ("failures_s", "replay_s", "recovery_setup_s"):
        last.figures[key] = sum(float(p.figures.get(key, 0.0)) for p in (*earlier, last))
    last.figures["failure_parts"] = len(earlier) + 1


def _same_fill(res: BenchResult, other: BenchResult, what: str) -> None:
    """``other`` filled the testbed as ``res`` did (same seed, same mix), or a RuntimeError."""
    for key in ("utilization", "gangs", "leaves"):
        if res.figures[key] != other.figures[key]:
            raise RuntimeError(f"{what} and the failures filled differently ({key}: {other.figures[key]} "
                               f"against {res.figures[key]})")


def _planner(topo: Topology, mix: TestbedParams, prepared: bool = True) -> Planner:
    """The testbed's planner: ``mix.spare_nodes_per_pod`` spare nodes reserved in every pod
    (``prepared=False``: the plain :class:`Planner`, whose every Replan is the search)."""
    node_order = mix.gpus_per_node.bit_length() - 1
    cls = PreparedPlanner if prepared else Planner
    return cls(topo, TopologyPolicy(spare_level=4, spare_count=mix.spare_nodes_per_pod, spare_order=node_order))
