"""The RRP Reformation Engine (paper §4.3, §6.1) over a linearizable store.

A level-triggered controller: :meth:`Engine.reconcile` reads the store, decides the next step of
one job from its epoch record, and performs it as one guarded transaction. Every spec step is
exactly one store revision, and each writes ``step/{job}`` naming the action and its witnesses
(see rrp_records.py).

Two ways to read, one decision procedure (the step methods only see a :class:`View`):

- no cache (the reference): every call reads a :class:`Snapshot` of the whole root and rebuilds an
  HDF-B planner from the records, so nothing is kept between calls and a controller that lost a
  reply (etcd restarted under it) simply reads again. O(cluster) per step: fine at 32 leaves.
- ``cache`` (engine_cache.PlannerCache, an informer): the engine reads a planner mirror kept in
  sync with the store by its watch events (listed once), and looks up only the job's records and
  the keys of the leaves involved, so a step is O(gang). The cache may be behind the store; the
  guards below compare on values and revisions, so a decision taken on a stale cache makes its
  transaction fail (nothing written) and the next reconcile, after the cache caught up, re-decides.

Steps of job j at epoch e (the guard is the txn's compare list; a failed guard writes nothing
and the next reconcile re-decides):

- Detect   (e, Run)     -> (e, Plan)      guard: an assigned leaf's worker lease is gone
- Plan     (e, Plan)    -> (e, Commit)    HDF-B Replan (template fallback); guard: every
                                          planned leaf live and free-or-mine
- Commit   (e, Commit)  -> (e+1, Restore) guard: every planned leaf free-or-mine; frees the
                                          job's leaves outside the plan, claims the planned
                                          leaves it does not hold yet (a held leaf keeps its
                                          record, so a repair writes O(repair), not O(gang))
- Abort    (e, Commit)  -> (e, Plan)      when a planned leaf went to another job
- Restore  (e, Restore) -> (e, Run)       from the newest sealed manifest with epoch < e,
                                          recorded in resume/{job} (spec/RRPResume's resumed)
- Seal     writer with token t: create seal/{j}/{t} once, guarded by epoch/{j} == (t, Run),
           so a stale (zombie) or not-yet-restored writer is fenced off.

Each step is a method a subclass may override; the deliberately broken engines the drift gate's
own tests need are such subclasses (engine_mutants.py), so this module carries no mutant.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import compress, filterfalse, repeat
from operator import is_, ne
from sys import intern
from typing import TYPE_CHECKING, Protocol, cast

from phalanx_ref.hdfb import Job, Placement, Planner
from phalanx_ref.rrp_records import Keys, encode, epoch_value, leaf_index, leaf_name, worker_of
from phalanx_ref.store.base import KV, Compare, Delete, Put, Store, absent, value_is
from phalanx_ref.topology import Topology

if TYPE_CHECKING:
    from phalanx_ref.engine_cache import PlannerCache

_is_none = partial(is_, None)


class View(Protocol):
    """What a step reads: the records at one revision, and the per-job lookups it needs. A
    :class:`Snapshot` answers them by scanning; the PlannerCache from its indexes."""

    revision: int

    def get(self, key: str) -> KV | None: ...

    def owner(self, leaf: str) -> str | None:
        """The job alloc/{leaf} names, None when free."""
        ...

    def live(self, leaf: str) -> bool: ...

    def leaves_of(self, job: str) -> list[str]:
        """The leaves allocated to ``job``, in leaf order."""
        ...

    def dead(self, job: str | None) -> list[str]:
        """The dead leaves allocated to ``job`` (of the whole cluster when None), in leaf order."""
        ...

    def seals_of(self, job: str) -> list[int]:
        """The epochs e with seal/{job}/{e}."""
        ...

    def free_or_mine(self, leaf: str) -> Compare:
        """The guard "alloc/{leaf} is free, or as I read it" as one etcd compare."""
        ...

    def alive(self, leaf: str) -> Compare | None:
        """The guard "the worker I saw on ``leaf`` is still the one there" (its lease key's create
        revision), or None when the leaf is dead."""
        ...


@dataclass
class Snapshot:
    """Everything under the root at one revision, by key; ``leaves`` are the cluster's leaves."""

    kv: dict[str, KV]
    revision: int
    keys: Keys
    leaves: Sequence[str] = field(repr=False)

    def get(self, key: str) -> KV | None:
        return self.kv.get(key)

    def owner(self, leaf: str) -> str | None:
        kv = self.kv.get(self.keys.alloc(leaf))
        return None if kv is None else json.loads(kv.value)["job"]

    def live(self, leaf: str) -> bool:
        return self.keys.lease(worker_of(leaf)) in self.kv

    def leaves_of(self, job: str) -> list[str]:
        return [x for x in self.leaves if self.owner(x) == job]

    def dead(self, job: str | None) -> list[str]:
        pool = self.leaves if job is None else self.leaves_of(job)
        return [x for x in pool if not self.live(x)]

    def seals_of(self, job: str) -> list[int]:
        prefix = self.keys.seals(job)
        return [int(key[len(prefix):]) for key in self.kv if key.startswith(prefix)]

    def free_or_mine(self, leaf: str) -> Compare:
        key = self.keys.alloc(leaf)
        kv = self.kv.get(key)
        return absent(key) if kv is None else value_is(key, kv.value)

    def alive(self, leaf: str) -> Compare | None:
        lease = self.kv.get(self.keys.lease(worker_of(leaf)))
        return None if lease is None else Compare(lease.key, "create", "==", lease.create_revision)


class Engine:
    """RRP for the jobs in ``jobs`` (name -> HDF-B job with its templates) on ``topo``; with
    ``cache``, decisions come from that planner mirror instead of a rebuild per step."""

    def __init__(self, store: Store, keys: Keys, topo: Topology, jobs: dict[str, Job],
                 cache: PlannerCache | None = None) -> None:
        self.store, self.keys, self.topo, self.jobs = store, keys, topo, jobs
        self.cache = cache
        self.leaves = [leaf_name(i) for i in range(topo.n_leaves)]

    # ---- reading -----------------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        kvs, rev = self.store.range(self.keys.root)
        return Snapshot({kv.key: kv for kv in kvs}, rev, self.keys, self.leaves)

    def view(self) -> View:
        """What the next step decides on: the cache, brought up to date with the store's events,
        or a fresh snapshot."""
        if self.cache is None:
            return self.snapshot()
        self.cache.sync()
        return self.cache

    def epoch_of(self, snap: View, job: str) -> tuple[int, str]:
        kv = snap.get(self.keys.epoch(job))
        assert kv is not None, f"job {job} has no epoch record"
        rec = json.loads(kv.value)
        return rec["e"], rec["phase"]

    def settled(self, snap: View, job: str) -> bool:
        """In Run at epoch e with e sealed and no dead leaf: no step of the job is enabled."""
        e, phase = self.epoch_of(snap, job)
        return phase == "Run" and snap.get(self.keys.seal(job, e)) is not None and not snap.dead(job)

    def _step(self, job: str, action: str, **params: object) -> Put:
        return Put(self.keys.step(job), encode({"action": action, "params": {"j": job, **params}}))

    # ---- the controller ----------------------------------------------------------------------
    def reconcile(self, job: str) -> str | None:
        """Perform the next step of ``job`` if one is enabled; returns its action name, or None
        (nothing to do, or a guard failed because the store moved under us)."""
        view = self.view()
        e, phase = self.epoch_of(view, job)
        if phase == "Run":
            return self._detect(view, job, e)
        if phase == "Plan":
            return self._plan(view, job, e)
        if phase == "Commit":
            return self._commit(view, job, e)
        return self._restore(view, job, e)

    def _detect(self, view: View, job: str, e: int) -> str | None:
        k = self.keys
        dead = self._dead(view, job)
        if not dead:
            return None
        guard = [value_is(k.epoch(job), epoch_value(e, "Run")), absent(k.lease(worker_of(dead[0]))),
                 view.free_or_mine(dead[0])]  # the leaf as read (free, if a subclass looks beyond the job)
        ok = self.store.txn(guard, [Put(k.epoch(job), epoch_value(e, "Plan")), self._step(job, "Detect")])
        return "Detect" if ok.succeeded else None

    def _plan(self, view: View, job: str, e: int) -> str | None:
        k = self.keys
        placement = self.replan(view, job)
        if placement is None:
            return None
        # O(gang) passes as C-level maps (a Python step per leaf is most of a large gang's Plan)
        plan = list(map(self.leaves.__getitem__, sorted(placement.leaves)))
        owner = view.owner
        alive = list(map(view.alive, plan))
        if any(map(_is_none, alive)) or not {None, job}.issuperset(map(owner, plan)):
            bad = next(x for x, a in zip(plan, alive, strict=True) if a is None or owner(x) not in (None, job))
            raise AssertionError(f"planner chose {bad} for {job}, which is dead or taken")
        guard = [value_is(k.epoch(job), epoch_value(e, "Plan"))]
        guard += map(view.free_or_mine, plan)        # every planned leaf free or as read, and
        guard += cast(list[Compare], alive)          # its worker still the one read (none is None)
        guard += self._plan_guard(view, job, plan)
        ops = [Put(k.epoch(job), epoch_value(e, "Commit")),
               Put(k.plan(job), encode({"leaves": plan, "tpl": placement.template_index})),
               self._step(job, "Plan", P=plan)]
        if self.cache is not None:
            self.cache.expect(job, placement)  # what its Commit will claim, if this plan wins
        return "Plan" if self.store.txn(guard, ops).succeeded else None

    def replan(self, view: View, job: str) -> Placement | None:
        """HDF-B Replan of ``job`` on ``view``'s allocation, its dead leaves failed: by the cache's
        planner, or by a planner rebuilt from the records (:func:`rebuild_planner`)."""
        failed = [leaf_index(x) for x in view.dead(job)]
        if self.cache is not None:
            return self.cache.decide(job, failed)
        planner = rebuild_planner(view, self.keys, self.topo, self.jobs, self.leaves)
        if job not in planner.placements:
            return planner.place(self.jobs[job])
        return planner.replan(job, failed)

    def _commit(self, view: View, job: str, e: int) -> str | None:
        k = self.keys
        rec = view.get(k.plan(job))
        assert rec is not None, f"job {job} in Commit without a plan record"
        plan = list(map(intern, json.loads(rec.value)["leaves"]))  # the leaf names' own objects: faster lookups
        head = value_is(k.epoch(job), epoch_value(e, "Commit"))
        owner = view.owner
        witness = self._abort_witness(view, job, plan)
        if witness is not None:
            abort = [Put(k.epoch(job), epoch_value(e, "Plan")), self._step(job, "Abort")]
            return "Abort" if self.store.txn([head, witness], abort).succeeded else None
        guard = [head] + self._commit_guard(view, job, plan)
        new_e = self._next_epoch(view, job, e)
        mine = encode({"epoch": new_e, "job": job})
        planned = set(plan)
        claimed = compress(plan, map(ne, map(owner, plan), repeat(job)))  # the planned leaves not mine yet
        ops: list[Put | Delete] = [Put(k.alloc(x), mine) for x in claimed]
        ops += [Delete(k.alloc(x)) for x in filterfalse(planned.__contains__, view.leaves_of(job))]
        ops += [Put(k.epoch(job), epoch_value(new_e, "Restore")), self._step(job, "Commit")]
        return "Commit" if self.store.txn(guard, ops).succeeded else None

    # ---- the decisions and guards a subclass (the lifecycle engine, a mutant) overrides ---------
    def _dead(self, view: View, job: str) -> list[str]:
        """The dead leaves whose first one Detect reports: the job's own."""
        return view.dead(job)

    def _next_epoch(self, view: View, job: str, e: int) -> int:
        """The epoch a Commit at epoch ``e`` moves the job to."""
        return e + 1

    def _plan_guard(self, view: View, job: str, plan: list[str]) -> list[Compare]:
        """Compares Plan adds beyond "every planned leaf live and free-or-mine": none in RRP."""
        return []

    def _commit_guard(self, view: View, job: str, plan: list[str]) -> list[Compare]:
        """RRP's CommitGuard: every planned leaf free, or as read (mine)."""
        return list(map(view.free_or_mine, plan))

    def _abort_witness(self, view: View, job: str, plan: list[str]) -> Compare | None:
        """Why the CommitGuard fails, as a compare that holds while it does (a planned leaf held
        by another job, as read), or None when the guard holds on ``view``."""
        owner = view.owner
        if {None, job}.issuperset(map(owner, plan)):
            return None
        return view.free_or_mine(next(x for x in plan if owner(x) not in (None, job)))

    def _restore(self, view: View, job: str, e: int) -> str | None:
        """Load the newest manifest sealed below e and resume from it. The manifest's epoch goes
        both into step/{job} (RRP's witness e: some seal below e exists) and into resume/{job}
        (RRPResume's resumed: it is the newest one), so replay against either spec sees it."""
        k = self.keys
        source = self._restore_source(view, job, e)
        if source is None:
            return None
        src, sealed = source
        guard = [value_is(k.epoch(job), epoch_value(e, "Restore")), *sealed]
        ops = [Put(k.epoch(job), epoch_value(e, "Run")), Put(k.resume(job), encode({"e": src})),
               self._step(job, "Restore", e=src)]
        return "Restore" if self.store.txn(guard, ops).succeeded else None

    def _restore_source(self, view: View, job: str, e: int) -> tuple[int, list[Compare]] | None:
        """The epoch whose manifest Restore at epoch ``e`` loads, with the compares that hold
        while it is sealed; None while no manifest below ``e`` is sealed."""
        older = [x for x in view.seals_of(job) if x < e]
        if not older:
            return None
        src = self._newest(older)
        return src, [Compare(self.keys.seal(job, src), "create", ">", 0)]

    def _newest(self, sealed: list[int]) -> int:
        """Which of the sealed epochs below the current one Restore loads: the newest."""
        return max(sealed)

    # ---- the checkpoint plane's seal ---------------------------------------------------------
    def seal(self, job: str, token: int, step: int) -> bool:
        """A writer whose workers started at epoch ``token`` seals its checkpoint manifest:
        create-once, accepted only while epoch/{job} == (token, Run)."""
        k = self.keys
        manifest = hashlib.sha256(f"{job}/{token}/{step}".encode()).hexdigest()
        guard = [absent(k.seal(job, token)), *self._seal_fence(job, token)]
        ops = [Put(k.seal(job, token), encode({"manifest": manifest, "step": step, "token": token})),
               self._step(job, "Seal")]
        return self.store.txn(guard, ops).succeeded

    def _seal_fence(self, job: str, token: int) -> list[Compare]:
        """What fences a stale (zombie) or not-yet-restored writer off: epoch/{job} == (token, Run)."""
        return [value_is(self.keys.epoch(job), epoch_value(token, "Run"))]


def rebuild_planner(view: View, keys: Keys, topo: Topology, jobs: dict[str, Job],
                    leaves: Sequence[str]) -> Planner:
    """A planner holding the allocation in ``view``: each job's leaves as order-0 blocks of its
    recorded template, dead leaves suspect. No spare policy: the store does not record where a
    long-lived planner's spares are, so a rebuilt planner cannot put them back (the cache keeps
    them). This is what the engine without a cache decides on, and how a cache is listed."""
    planner = Planner(topo)
    for j in jobs:
        ids = [leaf_index(x) for x in view.leaves_of(j)]
        if ids:
            plan = view.get(keys.plan(j))
            assert plan is not None, f"job {j} holds leaves but has no plan record"
            blocks = tuple((x, 0) for x in ids)
            planner.commit(Placement(j, jobs[j].templates, json.loads(plan.value)["tpl"], blocks,
                                     _dclass(topo), topo))
    planner.mark_suspect(leaf_index(x) for x in view.dead(None))
    return planner


def _dclass(topo: Topology) -> int:
    """Leaves of the level-1 domains (the TP-fit class of the rebuilt footprints)."""
    return min(topo.domain_caps)
