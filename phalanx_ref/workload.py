"""A seeded RRP workload: a cluster, jobs, a failure injector and checkpoint writers, driven
step by step on a store so that several jobs reform at once and race for freed capacity.

Set-up (the spec's Init): 4 jobs of 8 leaves fill a 32-leaf HGX cluster (4 nodes of 8 GPUs),
so every job holds MaxFail + 1 = 7 or more leaves and nothing is free. Each job's templates
shrink (8, then 4, 2, 1 data-parallel ranks), so a job that loses a leaf and finds no free leaf
falls back to a smaller template inside its node and frees capacity; other jobs' repairs then
race for those leaves, and the loser's Commit guard fails (Abort, then Plan again).

The schedule is a seeded random interleaving of actors, each doing one store operation at a
time: the failure injector (kills a worker: its lease expires on the in-memory store's logical
clock, or is revoked on etcd, where expiry takes wall-clock seconds), one controller per job
(:meth:`Engine.reconcile`), and checkpoint writers (the current writer of each job, plus the
zombie writers of earlier epochs, whose seals the fence must reject). Failures come in bursts,
so jobs reform concurrently. A run stops after MaxFail failures once every job is back in Run,
or after ``max_ops`` operations.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from phalanx_ref.engine import Engine
from phalanx_ref.engine_cache import PlannerCache
from phalanx_ref.hdfb import Job, Placement, Planner
from phalanx_ref.rrp_records import Keys, encode, epoch_value, leaf_name, worker_of
from phalanx_ref.store.base import Put, Store, StoreUnavailable
from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.topology import Topology, hgx_a100

T = TypeVar("T")
RETRIES = 50
RETRY_WAIT = 0.2
"""A read (or idempotent write) that finds the store unreachable is tried again up to RETRIES
times, RETRY_WAIT seconds apart on a real store (an etcd restart takes a few seconds)."""

LEASE_TTL = 600
"""Worker lease TTL in seconds: long, so on etcd only the injector's revokes end leases."""

SHRINK_TEMPLATES = ((1, 1, 8), (1, 1, 4), (1, 1, 2), (1, 1, 1))


@dataclass
class WorkloadConfig:
    jobs: int = 4
    nodes_per_rail_group: int = 2
    rail_groups: int = 2
    max_fail: int = 6
    max_ops: int = 4000
    burst: float = 0.5
    """Probability that the injector strikes again right after a failure (concurrent reforms)."""
    fail_rate: float = 0.04
    seal_rate: float = 0.25
    zombie_rate: float = 0.05

    def topology(self) -> Topology:
        return hgx_a100(self.nodes_per_rail_group, self.rail_groups, 1)


@dataclass
class RunResult:
    """What the trace emitter needs: the initial records, the revision they were read at, the
    last revision, and the leaves whose workers the injector killed (its failure counter)."""

    keys: Keys
    jobs: list[str]
    leaves: list[str]
    max_fail: int
    initial: dict[str, str]
    start_revision: int
    end_revision: int
    failures: list[str] = field(default_factory=list)
    actions: Counter[str] = field(default_factory=Counter)
    rejected_seals: int = 0
    unavailable: int = 0
    """Operations that found the store unreachable (and were retried later)."""


def until_available(store: Store, fn: Callable[[], T]) -> T:
    """``fn()``, tried again while the store is unreachable; StoreUnavailable after RETRIES tries.
    Only for reads and idempotent writes: a write whose reply was lost is simply done again."""
    for attempt in range(RETRIES):
        try:
            return fn()
        except StoreUnavailable:
            if attempt == RETRIES - 1:
                raise
            if not isinstance(store, MemoryStore):
                time.sleep(RETRY_WAIT)
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises


def job_names(n: int) -> list[str]:
    return [f"j{i}" for i in range(1, n + 1)]


def job_records(keys: Keys, name: str, p: Placement | None, phase: str = "Run") -> list[Put]:
    """A job's initial records: its leaves (if placed), epoch 0 in ``phase``, its template, and
    the initial seal of epoch 0."""
    ops = [] if p is None else [Put(keys.alloc(leaf_name(x)), encode({"epoch": 0, "job": name}))
                                for x in sorted(p.leaves)]
    return ops + [Put(keys.epoch(name), epoch_value(0, phase)),
                  Put(keys.plan(name), encode({"leaves": [], "tpl": 0 if p is None else p.template_index})),
                  Put(keys.seal(name, 0), encode({"manifest": "initial", "step": 0, "token": 0}))]


def place_all(planner: Planner, jobs: list[Job]) -> list[Placement]:
    """Admit ``jobs`` in order (the set-up's fill)."""
    out = []
    for job in jobs:
        p = planner.place(job)
        if p is None:
            raise ValueError(f"the cluster has no room for job {job.name}")
        planner.commit(p)
        out.append(p)
    return out


def start_workers(store: Store, keys: Keys, topo: Topology, ops: list[Put]) -> dict[str, int]:
    """Grant each leaf's worker a lease and write ``ops`` with the workers' lease keys in one
    transaction. Returns the lease id of each worker."""
    leases: dict[str, int] = {}
    for i in range(topo.n_leaves):
        w = worker_of(leaf_name(i))
        leases[w] = until_available(store, lambda: store.lease_grant(LEASE_TTL))
        ops.append(Put(keys.lease(w), encode({"leaf": leaf_name(i)}), leases[w]))
    until_available(store, lambda: store.txn((), ops))  # puts only: doing it twice is doing it once
    return leases


def setup(store: Store, keys: Keys, cfg: WorkloadConfig, engine_cls: type[Engine] = Engine,
          cached: bool = False) -> tuple[Engine, dict[str, int]]:
    """Place the jobs with HDF-B, write the initial records and the workers' leases.
    Returns the engine (deciding on a PlannerCache listed after the set-up when ``cached``) and
    the lease id of each worker."""
    topo = cfg.topology()
    jobs = {name: Job(name, SHRINK_TEMPLATES) for name in job_names(cfg.jobs)}
    ops: list[Put] = []
    for p in place_all(Planner(topo), list(jobs.values())):
        ops += job_records(keys, p.job, p)
    leases = start_workers(store, keys, topo, ops)
    cache = PlannerCache(store, keys, topo, jobs) if cached else None
    return engine_cls(store, keys, topo, jobs, cache), leases


class Workload:
    """One seeded run. ``on_op`` (if given) is called after every operation (tests use it to
    restart etcd in the middle of a run). ``cached``: the engine decides on a PlannerCache (the
    run must then be the same as the reference engine's, which rebuilds its planner every step)."""

    def __init__(self, store: Store, cfg: WorkloadConfig, seed: int, keys: Keys | None = None,
                 engine_cls: type[Engine] = Engine, on_op: Callable[[int], None] | None = None,
                 cached: bool = False) -> None:
        self.store, self.cfg, self.rng = store, cfg, random.Random(seed)
        self.keys = keys or Keys()
        self.engine_cls = engine_cls
        self.engine, self.leases = self.setup(store, cached)
        self.on_op = on_op
        self.writer = dict.fromkeys(self.engine.jobs, 0)   # token of each job's current writer
        self.zombies: list[tuple[str, int]] = []
        self.seal_step = 0
        kvs, rev = until_available(store, lambda: store.range(self.keys.root))
        self.result = RunResult(self.keys, list(self.engine.jobs), list(self.engine.leaves), cfg.max_fail,
                                {kv.key: kv.value for kv in kvs}, rev, rev)

    def setup(self, store: Store, cached: bool) -> tuple[Engine, dict[str, int]]:
        """The initial records and the engine (a subclass's workload sets up its own)."""
        return setup(store, self.keys, self.cfg, self.engine_cls, cached)

    # ---- actors ------------------------------------------------------------------------------
    def fail(self) -> None:
        """Kill the worker of a random live leaf, assigned leaves preferred."""
        snap = self.engine.snapshot()
        live = [x for x in self.engine.leaves if self.keys.lease(worker_of(x)) in snap.kv]
        if not live:
            return
        assigned = [x for x in live if self.keys.alloc(x) in snap.kv]
        leaf = self.rng.choice(assigned if assigned and self.rng.random() < 0.9 else live)
        victim = self.leases.pop(worker_of(leaf))
        self.result.failures.append(leaf)  # counted before the revoke: its reply may be lost
        if isinstance(self.store, MemoryStore):
            # everyone heartbeats, half a TTL passes, everyone but the victim heartbeats again,
            # and the victim's lease runs out on the logical clock
            store = self.store
            until_available(store, lambda: store.lease_keepalive(victim))
            for lease in self.leases.values():
                until_available(store, partial(store.lease_keepalive, lease))
            store.advance(LEASE_TTL / 2)
            for lease in self.leases.values():
                until_available(store, partial(store.lease_keepalive, lease))
            expired = self.store.advance(LEASE_TTL / 2 + 1)
            assert expired == [victim], "only the victim's lease may expire"
        else:
            self.store.lease_revoke(victim)

    def control(self, job: str) -> None:
        action = self.engine.reconcile(job)
        if action is not None:
            self.result.actions[action] += 1

    def seal(self, job: str, token: int | None = None) -> None:
        """Seal with ``token`` (a zombie's), or as the job's current writer. Level-triggered:
        once the job's epoch has moved past the writer's token, the workers of the new epoch
        have started (at Commit, before Restore) and the old writer lives on as a zombie."""
        if token is None:
            e = self.engine.epoch_of(self.engine.snapshot(), job)[0]
            if e > self.writer[job]:
                self.zombies.append((job, self.writer[job]))
                self.writer[job] = e
            token = self.writer[job]
        self.seal_step += 1
        if self.engine.seal(job, token, self.seal_step):
            self.result.actions["Seal"] += 1
        else:
            self.result.rejected_seals += 1

    def tick(self, jobs: list[str]) -> None:
        """The operation when neither the injector nor a checkpoint writer acts: a controller."""
        self.control(self.rng.choice(jobs))

    # ---- the schedule ------------------------------------------------------------------------
    def quiescent(self) -> bool:
        """Every failure injected, every job back in Run on live leaves, every epoch sealed.
        False while the store is unreachable (the run goes on, and asks again later)."""
        if len(self.result.failures) < self.cfg.max_fail:
            return False
        try:
            snap = self.engine.snapshot()
        except StoreUnavailable:
            self.result.unavailable += 1
            return False
        return all(self.engine.settled(snap, j) for j in self.engine.jobs)

    def run(self) -> RunResult:
        cfg, rng = self.cfg, self.rng
        jobs = list(self.engine.jobs)
        striking = False
        for op in range(cfg.max_ops):
            can_fail = len(self.result.failures) < cfg.max_fail
            r = rng.random()
            try:
                if can_fail and (striking or r < cfg.fail_rate):
                    striking = rng.random() < cfg.burst
                    self.fail()
                elif r < cfg.fail_rate + cfg.seal_rate:
                    if self.zombies and rng.random() < cfg.zombie_rate / cfg.seal_rate:
                        self.seal(*rng.choice(self.zombies))
                    else:
                        self.seal(rng.choice(jobs))
                else:
                    self.tick(jobs)
            except StoreUnavailable:
                self.result.unavailable += 1  # level-triggered: the next operation re-reads
            if self.on_op is not None:
                self.on_op(op)
            if op % 16 == 0 and self.quiescent():
                break
        self.result.end_revision = until_available(self.store, self.store.revision)
        return self.result
