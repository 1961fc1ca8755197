"""A seeded lifecycle workload: RRP's workload (failure injector, controllers, checkpoint writers)
plus a health agent, a scheduler with a fragmentation monitor, capacity changes, and a priority
queue of arriving gangs, all on the same store.

Set-up (spec/RRPLifecycle.tla's Init): low-priority jobs of ``size`` leaves fill the cluster and
the high-priority gangs wait in Plan with no leaf, so the first thing the queue can do for them is
a preemption. Each job's templates halve (8, 4, 2, 1 data-parallel ranks), so resizes and repair
fallbacks change sizes and leave scattered free leaves for the fragmentation monitor.

The scheduler's choices come from the planner's lifecycle decisions (lifecycle_plan.py):
preemption reclaims the lowest-priority job whose leaves make room, after that job's writer
sealed its current epoch (checkpoint-before-preempt): the job shrinks onto a smaller template
beside the gang when one fits (a gang smaller than the job, ``gang_size``), else it is
suspended; the fragmentation monitor moves the
cheapest job whose reformation frees a block of the order a waiting (or probing) gang needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from phalanx_ref.engine import Engine
from phalanx_ref.hdfb import Job, Planner
from phalanx_ref.lifecycle_engine import LifecycleEngine
from phalanx_ref.lifecycle_plan import (
    choose_defrag,
    choose_preemption,
    fragmentation,
    gang_order,
    largest_free_order,
)
from phalanx_ref.lifecycle_records import tpl_key, tpl_value
from phalanx_ref.rrp_records import Keys, leaf_name
from phalanx_ref.store.base import Put, Store
from phalanx_ref.workload import (
    SHRINK_TEMPLATES,
    Workload,
    WorkloadConfig,
    job_names,
    job_records,
    place_all,
    start_workers,
)

SIGNALS = ("xid", "ecc", "nic", "straggler")


@dataclass
class LifecycleConfig(WorkloadConfig):
    gangs: int = 1
    size: int = 8
    gang_size: int = 0
    """The gangs' largest template (leaves; 0: ``size``). A gang smaller than the job it preempts
    lets that job shrink onto a smaller template instead of being suspended. Their template cap
    in the spec (``target``) stays ``size``."""
    max_fail: int = 2
    max_events: int = 10
    """Bound on Suspect, Defrag and Resize steps (the spec's MaxEvents)."""
    max_suspect: int = 2
    """Suspect leaves at a time (the health agent waits for heals beyond that)."""
    max_ops: int = 3000
    health_rate: float = 0.06
    schedule_rate: float = 0.12
    finish_rate: float = 0.3
    """Of the scheduler's turns with a placed gang, the share that ends its work."""
    held_bias: float = 0.7
    """Share of health verdicts on leaves some job holds (the rest on any live leaf)."""
    schedule_mix: tuple[int, int, int] = (2, 1, 1)
    """Weights of the scheduler's turns: the priority queue, the fragmentation monitor, resizes."""

    def gang_names(self) -> list[str]:
        return [f"g{i}" for i in range(1, self.gangs + 1)]


class LifecycleWorkload(Workload):
    """One seeded lifecycle run (see the module docstring)."""

    cfg: LifecycleConfig
    engine: LifecycleEngine
    engine_cls: type[LifecycleEngine]

    def __init__(self, store: Store, cfg: LifecycleConfig, seed: int, keys: Keys | None = None,
                 engine_cls: type[LifecycleEngine] = LifecycleEngine) -> None:
        self.events = 0
        super().__init__(store, cfg, seed, keys, engine_cls)
        names = job_names(cfg.jobs)
        self.priority = {**{j: i for i, j in enumerate(names, 1)}, **dict.fromkeys(cfg.gang_names(), len(names) + 10)}

    def setup(self, store: Store, cached: bool) -> tuple[Engine, dict[str, int]]:
        cfg, keys = self.cfg, self.keys
        topo = cfg.topology()
        tpls = tuple(t for t in SHRINK_TEMPLATES if t[2] <= cfg.size)
        low = [Job(n, tpls) for n in job_names(cfg.jobs)]
        high = [Job(n, tuple(t for t in tpls if t[2] <= (cfg.gang_size or cfg.size))) for n in cfg.gang_names()]
        ops: list[Put] = []
        for p in place_all(Planner(topo), low):
            ops += job_records(keys, p.job, p) + [Put(tpl_key(keys, p.job), tpl_value("none", cfg.size))]
        for g in high:
            ops += job_records(keys, g.name, None, "Plan") + [Put(tpl_key(keys, g.name), tpl_value("arrive", cfg.size))]
        leases = start_workers(store, keys, topo, ops)
        jobs = {j.name: j for j in low + high}
        return self.engine_cls(store, keys, topo, jobs, frozenset(cfg.gang_names()), cfg.size), leases

    # ---- actors ------------------------------------------------------------------------------
    def tick(self, jobs: list[str]) -> None:
        r = self.rng.random()
        if r < self.cfg.health_rate:
            self.health()
        elif r < self.cfg.health_rate + self.cfg.schedule_rate:
            self.schedule()
        else:
            super().tick(jobs)

    def _counted(self, action: str | None) -> None:
        if action is not None:
            self.result.actions[action] += 1
            self.events += action in ("Suspect", "Defrag", "Resize")

    def health(self) -> None:
        """The health agent: a verdict on a live leaf (held ones preferred), or a heal."""
        view = self.engine.view()
        suspect = [x for x in self.engine.leaves if self.engine.is_suspect(view, x)]
        if suspect and (self.events >= self.cfg.max_events or self.rng.random() < 0.4):
            leaf = self.rng.choice(suspect)
            if self.engine.heal(leaf):
                self._counted("Heal")
            return
        if self.events >= self.cfg.max_events or len(suspect) >= self.cfg.max_suspect:
            return
        live = [x for x in self.engine.leaves if view.live(x) and x not in suspect]
        held = [x for x in live if view.owner(x) is not None]
        if live:
            leaf = self.rng.choice(held if held and self.rng.random() < self.cfg.held_bias else live)
            if self.engine.mark_suspect(leaf, self.rng.choice(SIGNALS)):
                self._counted("Suspect")

    def schedule(self) -> None:
        """The scheduler's turn: one of preemption (or the victim's seal first), resume, finish,
        the fragmentation monitor, or a capacity change (grow or shrink)."""
        choice = self.rng.choices(["queue", "defrag", "resize"], self.cfg.schedule_mix)[0]
        if choice == "queue":
            self.queue()
        elif self.events < self.cfg.max_events:
            self.defrag() if choice == "defrag" else self.resize()

    def queue(self) -> None:
        """The priority queue: place waiting gangs by preemption, end placed gangs' work, and
        bring preempted jobs back once no gang waits."""
        eng = self.engine
        view = eng.view()
        for h in sorted(eng.high):
            if eng.waiting(view, h):
                self.preempt_for(h)
                return
        placed = [h for h in sorted(eng.high) if view.leaves_of(h) and eng.tpl_of(view, h)[1] > 0
                  and eng.epoch_of(view, h)[1] == "Run"]
        if placed and self.rng.random() < self.cfg.finish_rate:
            self._counted(eng.finish(self.rng.choice(placed)))
            return
        for j in sorted(eng.jobs):
            cause, target, _ = eng.tpl_of(view, j)
            if j not in eng.high and cause == "preempt" and target < self.cfg.size:
                self._counted(eng.resume(j))
                return

    def preempt_for(self, gang: str) -> None:
        """Checkpoint-before-preempt: the victim's writer seals its current epoch first; then the
        victim reforms onto the smaller template the planner chose beside the gang's room, or
        is suspended when none fits."""
        eng = self.engine
        view = eng.view()
        if eng.spare(view):
            return
        planner = eng.planner(view)
        pre = choose_preemption(planner, eng.jobs[gang], self.priority, self.priority[gang])
        if pre is None:
            return
        n = 0 if pre.placement is None else pre.placement.gang_size  # shrink, or suspend
        if eng.epoch_of(view, pre.victim)[1] == "Run" and eng.needs_seal(view, pre.victim, n):
            self.seal(pre.victim)
            return
        self._counted(eng.preempt(pre.victim, gang, n, [leaf_name(x) for x in sorted(pre.room.leaves)]))

    def defrag(self) -> None:
        """The fragmentation monitor: when the free capacity is fragmented at the order a waiting
        gang (or a probe of the full size) needs, move the cheapest job that makes room."""
        eng = self.engine
        view = eng.view()
        planner = eng.planner(view)
        waiting = [h for h in sorted(eng.high) if eng.waiting(view, h) and h not in planner.placements]
        probe = min(self.cfg.size, 2 << max(largest_free_order(planner), 0))  # the next size up
        gang = eng.jobs[waiting[0]] if waiting else Job("probe", [(1, 1, probe)])
        if fragmentation(planner, gang_order(gang)) == 0.0:
            return
        move = choose_defrag(planner, gang)
        if move is not None:
            self._counted(eng.defrag(move.job, [leaf_name(x) for x in sorted(move.room.leaves)]))

    def resize(self) -> None:
        """Capacity changes: grow a job below full size while a healthy leaf is free, else shrink
        one under the pressure of a waiting gang."""
        eng = self.engine
        view = eng.view()
        low = [j for j in sorted(eng.jobs) if j not in eng.high and eng.epoch_of(view, j)[1] == "Run"]
        small = [j for j in low if 0 < eng.tpl_of(view, j)[1] < self.cfg.size]
        if small and eng.spare(view):
            j = self.rng.choice(small)
            self._counted(eng.resize(j, min(self.cfg.size, 2 * eng.tpl_of(view, j)[1])))
            return
        big = [j for j in low if eng.tpl_of(view, j)[1] > 1]
        if big and any(eng.waiting(view, h) for h in eng.high):
            j = self.rng.choice(big)
            self._counted(eng.resize(j, eng.tpl_of(view, j)[1] // 2))

    # ---- the schedule ------------------------------------------------------------------------
    def quiescent(self) -> bool:
        """RRP's quiescence, every lifecycle event spent, no suspect leaf left."""
        if self.events < self.cfg.max_events:
            return False
        view = self.engine.snapshot()
        if any(self.engine.is_suspect(view, x) for x in self.engine.leaves):
            return False
        return super().quiescent()
