"""The recovery step of the §8.3/§8.4 experiments, pluggable.

A :class:`Recovery` decides a repair for a job whose leaves failed (``plan``, the timed part),
makes it take effect (``apply``) and takes the repaired node back (``heal``).

- :class:`PlannerRecovery`: HDF-B Replan, then a planner commit; heal = ``planner.heal``.
- :class:`EngineRecovery`: the RRP engine (``phalanx_ref/engine.py``) on the in-memory store,
  deciding on a :class:`~phalanx_ref.engine_cache.PlannerCache` whose planner is the experiment's
  own. ``plan`` is the engine's Plan decision; ``apply`` kills the failed node's workers (their
  leases revoked) and runs the engine's Detect, Plan, Commit and Restore transactions and the new
  workers' Seal, then checks that the store's alloc records of the job are the decided footprint;
  ``heal`` starts new workers on the node (their leases put), which the cache follows by healing
  the planner. A step the engine does not take as expected, or any disagreement between the store
  and the planner, raises :class:`RecoveryDiverged`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from phalanx_ref.engine_cache import CacheDiverged, PlannerCache
from phalanx_ref.engine_mutants import engine_class
from phalanx_ref.hdfb import Job, Placement, Planner
from phalanx_ref.rrp_records import Keys, encode, epoch_value, leaf_index, leaf_name, worker_of
from phalanx_ref.store.base import Get, Put
from phalanx_ref.store.memory import MemoryStore

LEASE_TTL = 600
"""Worker lease TTL (s); the simulation revokes leases, the logical clock never expires them."""


class Recovery(Protocol):
    """Decide and apply the repair of one job after ``failed`` leaves died, then heal them."""

    def plan(self, job: str, failed: Sequence[int]) -> Placement | None:
        """The repaired placement, or None when nothing fits (the job is queued). Pure."""
        ...

    def apply(self, job: str, failed: Sequence[int], decision: Placement | None) -> None:
        """Make the decision take effect (a None decision evicts the job)."""
        ...

    def heal(self, failed: Sequence[int]) -> None:
        """The failed leaves are repaired and return to the pool (as their pod's spare)."""
        ...

    def summary(self) -> RecoverySummary:
        """What the report says about the recovery path (its name, and its own counts)."""
        ...


@dataclass(frozen=True)
class PlannerSummary:
    """The planner's recovery counts nothing of its own."""

    def figures(self) -> dict[str, float | int | str]:
        return {"recovery": "planner"}

    def __add__(self, later: RecoverySummary) -> PlannerSummary:
        if not isinstance(later, PlannerSummary):
            raise TypeError("the planner's recovery joined to another path's")
        return self


@dataclass
class EngineCounts:
    """The RRP engine's work over a run of recoveries. The parts of one run, each on an engine of
    its own built where the previous part ended (the first seed's failures run in parts:
    ``seeds.py``), add up (``a + b``, ``b`` the later part) to the counts of the whole run."""

    recoveries: int = 0
    reconciles: int = 0
    steps: Counter[str] = field(default_factory=Counter)
    """Engine transactions that took effect, by action (a guard that failed returns None)."""
    revisions: Counter[int] = field(default_factory=Counter)
    """Store revisions written per recovery (the Fail revokes, the engine's steps, the Seal)."""
    cache_events: int = 0
    audited: int = 0
    """Alloc records the final audit compared with the planner (the last part's)."""

    def __add__(self, later: RecoverySummary) -> EngineCounts:
        if not isinstance(later, EngineCounts):
            raise TypeError("the engine's recovery joined to another path's")
        return EngineCounts(self.recoveries + later.recoveries, self.reconciles + later.reconciles,
                            self.steps + later.steps, self.revisions + later.revisions,
                            self.cache_events + later.cache_events, later.audited)

    def figures(self) -> dict[str, float | int | str]:
        """Per-recovery transaction counts for the report."""
        n = max(1, self.recoveries)
        return {
            "recovery": "engine",
            "engine_audited_alloc_records": self.audited,
            "engine_recoveries": self.recoveries,
            "engine_txns_per_recovery": round(sum(self.steps.values()) / n, 3),
            "engine_steps": ", ".join(f"{a} {self.steps[a]}" for a in (*STEPS, "Seal")),
            "engine_guard_failures": self.reconciles - sum(self.steps[a] for a in STEPS),
            "engine_revisions_per_recovery": ", ".join(f"{k}x{v}" for k, v in sorted(self.revisions.items())),
            "engine_cache_events": self.cache_events,
        }


RecoverySummary = PlannerSummary | EngineCounts
"""A recovery path's own figures, summable over the parts of a run."""


class PlannerRecovery:
    """Recovery through the planner alone: Replan, then commit (or release when it has no plan)."""

    def __init__(self, planner: Planner) -> None:
        self.planner = planner
        # The decision is Replan itself, bound here rather than wrapped in a method: a wrapper's
        # frame would be a second Python call inside the timed region (about 0.4 us after a commit).
        self.plan: Callable[[str, Sequence[int]], Placement | None] = planner.replan

    def apply(self, job: str, failed: Sequence[int], decision: Placement | None) -> None:
        if decision is None:
            self.planner.release(job)
        else:
            self.planner.commit(decision)

    def heal(self, failed: Sequence[int]) -> None:
        self.planner.heal(failed)

    def summary(self) -> PlannerSummary:
        return PlannerSummary()


class RecoveryDiverged(RuntimeError):
    """The engine's run of a recovery differs from the decision, or the store from the planner."""


STEPS = ("Detect", "Plan", "Commit", "Restore")
"""The engine's transactions of one recovery, in order; the new workers' Seal follows."""


class EngineRecovery:
    """Recovery through the RRP engine on a :class:`MemoryStore` (see the module docstring).

    Set-up (the simulator's admission, outside RRP): the records of every placed job are written
    from ``planner`` in one transaction (alloc of each held leaf, epoch (0, Run), an empty plan
    with the admitted template, the initial seal), with one worker lease per leaf; the cache lists
    them, checks them against ``planner``, and from then on keeps ``planner`` in step with the
    store. ``store`` and ``mutant`` (an engine_mutants.MUTANTS name) exist for the tests."""

    def __init__(self, planner: Planner, store: MemoryStore | None = None, mutant: str | None = None) -> None:
        self.planner, self.keys = planner, Keys()
        self.store = store if store is not None else MemoryStore(0)
        k, topo = self.keys, planner.topo
        jobs = {j: Job(j, p.templates) for j, p in planner.placements.items()}
        ops: list[Put] = []
        for j, p in planner.placements.items():
            claim = encode({"epoch": 0, "job": j})
            ops += [Put(k.alloc(leaf_name(x)), claim) for x in sorted(p.leaves)]
            ops += [Put(k.epoch(j), epoch_value(0, "Run")),
                    Put(k.plan(j), encode({"leaves": [], "tpl": p.template_index})),
                    Put(k.seal(j, 0), encode({"manifest": "initial", "step": 0, "token": 0}))]
        self.leases: dict[int, int] = {}
        ops += self._workers(range(topo.n_leaves))
        self.store.txn((), ops)
        self.cache = PlannerCache(self.store, k, topo, jobs, planner)
        self.engine = engine_class(mutant)(self.store, k, topo, jobs, self.cache)
        # plan: the engine's Plan decision on its cache, what the Plan step runs (bound, not wrapped:
        # see PlannerRecovery).
        self.plan: Callable[[str, Sequence[int]], Placement | None] = self.cache.decide
        self.epoch: dict[str, int] = dict.fromkeys(jobs, 0)
        self.counts = EngineCounts()
        self.seal_step = 0

    def _workers(self, leaves: Sequence[int]) -> list[Put]:
        """A new worker (lease and lease key) on each leaf."""
        k, ops = self.keys, []
        for x in leaves:
            name = leaf_name(x)
            self.leases[x] = self.store.lease_grant(LEASE_TTL)
            ops.append(Put(k.lease(worker_of(name)), encode({"leaf": name}), self.leases[x]))
        return ops


    def apply(self, job: str, failed: Sequence[int], decision: Placement | None) -> None:
        if decision is None:
            raise RecoveryDiverged(f"{job}: no placement; RRP would wait in Plan for capacity, which "
                                   "this simulation does not model")
        rev0 = self.cache.revision
        old = self.planner.placements[job].leaves
        for x in failed:  # Fail: the node's workers die (one revision each)
            self.store.lease_revoke(self.leases.pop(x))
        counts = self.counts
        try:
            for want in STEPS:
                counts.reconciles += 1
                got = self.engine.reconcile(job)
                if got != want:
                    raise RecoveryDiverged(f"{job}: expected the engine's {want}, it did {got}")
                counts.steps[got] += 1
                if got == "Plan":
                    self._check_plan(job, decision)
            self.epoch[job] += 1
            self.seal_step += 1
            if not self.engine.seal(job, self.epoch[job], self.seal_step):  # the new workers' first seal
                raise RecoveryDiverged(f"{job}: the seal of epoch {self.epoch[job]} was rejected")
            counts.steps["Seal"] += 1
            self.cache.sync()
        except CacheDiverged as e:
            raise RecoveryDiverged(f"{job}: {e}") from e
        self._check_store(job, old ^ decision.leaves, decision)
        counts.recoveries += 1
        counts.revisions[self.cache.revision - rev0] += 1

    def _check_plan(self, job: str, decision: Placement) -> None:
        """The engine's Plan step (its decision, which the cache expects its Commit to claim) is
        the decision ``plan`` returned: the same placement object on the prepared fast path."""
        got = self.cache.expected(job)
        if got is None or (got is not decision and (got.leaves, got.template_index) !=
                           (decision.leaves, decision.template_index)):
            raise RecoveryDiverged(f"{job}: the engine's Plan is not the decision")

    def _check_store(self, job: str, leaves: frozenset[int], decision: Placement) -> None:
        """The leaves the repair moved (held before xor after; one read at one revision) name the
        job exactly where the decision does, and the planner holds the decided footprint. The
        unchanged rest was checked when it was claimed, the cache checks the whole footprint
        against the planner on every Commit, and :meth:`audit` checks every record at the end."""
        names = sorted(leaves)
        reads = self.store.txn((), [Get(self.keys.alloc(leaf_name(x))) for x in names]).reads
        mine = encode({"job": job})[1:]  # canonical JSON: the value ends with the job field
        held = {x for x, r in zip(names, reads, strict=True) if r and r[0].value.endswith(mine)}
        p = self.planner.placements.get(job)
        if held != decision.leaves & leaves or p is None or p.leaves != decision.leaves:
            raise RecoveryDiverged(f"{job}: the store holds {len(held)} of the {len(names)} moved leaves, the "
                                   f"decision {len(decision.leaves & leaves)}; planner "
                                   f"{'agrees' if p is not None and p.leaves == decision.leaves else 'differs'}")

    def audit(self) -> int:
        """Every alloc record in the store against the planner's placements (one list, O(cluster));
        returns the number of records."""
        prefix = self.keys.alloc("")
        kvs, _ = self.store.range(prefix)
        store = {(leaf_index(kv.key[len(prefix):]), json.loads(kv.value)["job"]) for kv in kvs}
        planned = {(x, j) for j, p in self.planner.placements.items() for x in p.leaves}
        if store != planned:
            diff = sorted(store ^ planned)[:3]
            raise RecoveryDiverged(f"audit: store and planner differ on {len(store ^ planned)} leaves, e.g. {diff}")
        return len(kvs)

    def heal(self, failed: Sequence[int]) -> None:
        self.store.txn((), self._workers(failed))
        try:
            self.cache.sync()
        except CacheDiverged as e:
            raise RecoveryDiverged(str(e)) from e

    def summary(self) -> EngineCounts:
        """The counts so far, after a final :meth:`audit` (a difference raises)."""
        self.counts.audited = self.audit()
        self.counts.cache_events = self.cache.events
        return self.counts
