"""The RRP Reformation Engine (paper §4.3, §6.1) over a linearizable store.

A level-triggered controller: :meth:`Engine.reconcile` reads the store once, decides the next
step of one job from its epoch record, and performs it as one guarded transaction. Nothing is
kept between calls, so a controller that lost a reply (etcd restarted under it) simply reads
again and carries on. Every spec step is exactly one store revision, and each writes
``step/{job}`` naming the action and its witnesses (see rrp_records.py).

Steps of job j at epoch e (the guard is the txn's compare list; a failed guard writes nothing
and the next reconcile re-decides):

- Detect   (e, Run)     -> (e, Plan)      guard: an assigned leaf's worker lease is gone
- Plan     (e, Plan)    -> (e, Commit)    HDF-B Replan (template fallback); guard: every
                                          planned leaf live and free-or-mine
- Commit   (e, Commit)  -> (e+1, Restore) guard: every planned leaf free-or-mine; frees the
                                          job's leaves outside the plan, claims the plan
- Abort    (e, Commit)  -> (e, Plan)      when a planned leaf went to another job
- Restore  (e, Restore) -> (e, Run)       from the newest sealed manifest with epoch < e,
                                          recorded in resume/{job} (spec/RRPResume's resumed)
- Seal     writer with token t: create seal/{j}/{t} once, guarded by epoch/{j} == (t, Run),
           so a stale (zombie) or not-yet-restored writer is fenced off.

``mutant`` switches on one deliberate bug (for the drift gate's own tests); see MUTANTS.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from phalanx_ref.hdfb import Changes, Job, Placement, Planner
from phalanx_ref.rrp_records import Keys, encode, epoch_value, leaf_index, leaf_name, worker_of
from phalanx_ref.store.base import KV, Compare, Delete, Put, Store, absent, value_is
from phalanx_ref.topology import Topology

MUTANTS = {
    "commit_no_guard": "Commit without its free-or-mine guard (and without the Abort check)",
    "seal_stale": "Seal accepted without the epoch/phase fence (stale or not-yet-restored writers)",
    "restore_not_below": "Restore from the current epoch's checkpoint instead of a sealed older one",
    "restore_unsealed": "Restore from the previous epoch's checkpoint without checking that it was sealed",
    "restore_oldest": "Restore from the oldest sealed manifest below the epoch instead of the newest",
    "epoch_no_increment": "Commit leaves the epoch unchanged",
    "detect_no_dead": "Detect on any dead leaf of the cluster, not only the job's own",
}


@dataclass
class Snapshot:
    """Everything under the root at one revision, by key."""

    kv: dict[str, KV]
    revision: int


class Engine:
    """RRP for the jobs in ``jobs`` (name -> HDF-B job with its templates) on ``topo``."""

    def __init__(self, store: Store, keys: Keys, topo: Topology, jobs: dict[str, Job],
                 mutant: str | None = None) -> None:
        if mutant is not None and mutant not in MUTANTS:
            raise ValueError(f"unknown engine mutant {mutant!r} (known: {', '.join(MUTANTS)})")
        self.store, self.keys, self.topo, self.jobs, self.mutant = store, keys, topo, jobs, mutant
        self.leaves = [leaf_name(i) for i in range(topo.n_leaves)]

    # ---- reading -----------------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        kvs, rev = self.store.range(self.keys.root)
        return Snapshot({kv.key: kv for kv in kvs}, rev)

    def epoch_of(self, snap: Snapshot, job: str) -> tuple[int, str]:
        rec = json.loads(snap.kv[self.keys.epoch(job)].value)
        return rec["e"], rec["phase"]

    def settled(self, snap: Snapshot, job: str) -> bool:
        """In Run at epoch e with e sealed and no dead leaf: no step of the job is enabled."""
        e, phase = self.epoch_of(snap, job)
        return phase == "Run" and self.keys.seal(job, e) in snap.kv and all(
            self._live(snap, x) for x in self.leaves if self._owner(snap, x) == job)

    def _owner(self, snap: Snapshot, leaf: str) -> str | None:
        kv = snap.kv.get(self.keys.alloc(leaf))
        return None if kv is None else json.loads(kv.value)["job"]

    def _live(self, snap: Snapshot, leaf: str) -> bool:
        return self.keys.lease(worker_of(leaf)) in snap.kv

    def _free_or_mine(self, snap: Snapshot, leaf: str) -> Compare:
        """The guard "alloc/{leaf} is free, or mine as I read it" as one etcd compare."""
        key = self.keys.alloc(leaf)
        kv = snap.kv.get(key)
        return absent(key) if kv is None else value_is(key, kv.value)

    def _step(self, job: str, action: str, **params: object) -> Put:
        return Put(self.keys.step(job), encode({"action": action, "params": {"j": job, **params}}))

    # ---- the controller ----------------------------------------------------------------------
    def reconcile(self, job: str) -> str | None:
        """Perform the next step of ``job`` if one is enabled; returns its action name, or None
        (nothing to do, or a guard failed because the store moved under us)."""
        snap = self.snapshot()
        e, phase = self.epoch_of(snap, job)
        if phase == "Run":
            return self._detect(snap, job, e)
        if phase == "Plan":
            return self._plan(snap, job, e)
        if phase == "Commit":
            return self._commit(snap, job, e)
        return self._restore(snap, job, e)

    def _detect(self, snap: Snapshot, job: str, e: int) -> str | None:
        k = self.keys
        pool = self.leaves if self.mutant == "detect_no_dead" else \
            [x for x in self.leaves if self._owner(snap, x) == job]
        dead = [x for x in pool if not self._live(snap, x)]
        if not dead:
            return None
        guard = [value_is(k.epoch(job), epoch_value(e, "Run")), absent(k.lease(worker_of(dead[0]))),
                 self._free_or_mine(snap, dead[0]) if self.mutant == "detect_no_dead" else
                 value_is(k.alloc(dead[0]), snap.kv[k.alloc(dead[0])].value)]
        ok = self.store.txn(guard, [Put(k.epoch(job), epoch_value(e, "Plan")), self._step(job, "Detect")])
        return "Detect" if ok.succeeded else None

    def _plan(self, snap: Snapshot, job: str, e: int) -> str | None:
        k = self.keys
        placement = self.replan(snap, job)
        if placement is None:
            return None
        plan = sorted((leaf_name(x) for x in placement.leaves), key=leaf_index)
        guard = [value_is(k.epoch(job), epoch_value(e, "Plan"))]
        for leaf in plan:
            lease = snap.kv.get(k.lease(worker_of(leaf)))
            if lease is None or self._owner(snap, leaf) not in (None, job):
                raise AssertionError(f"planner chose {leaf} for {job}, which is dead or taken")
            guard += [self._free_or_mine(snap, leaf), Compare(lease.key, "create", "==", lease.create_revision)]
        ops = [Put(k.epoch(job), epoch_value(e, "Commit")),
               Put(k.plan(job), encode({"leaves": plan, "tpl": placement.template_index})),
               self._step(job, "Plan", P=plan)]
        return "Plan" if self.store.txn(guard, ops).succeeded else None

    def replan(self, snap: Snapshot, job: str) -> Placement | None:
        """HDF-B Replan of ``job`` on the allocation in ``snap``: the planner is rebuilt from the
        store's records (each job's leaves as order-0 blocks, dead leaves suspect), so the
        controller keeps no state of its own."""
        planner = Planner(self.topo)
        tpl_of = {j: json.loads(snap.kv[self.keys.plan(j)].value)["tpl"] for j in self.jobs}
        held: dict[str, list[int]] = {j: [] for j in self.jobs}
        for leaf in self.leaves:
            owner = self._owner(snap, leaf)
            if owner is not None:
                held[owner].append(leaf_index(leaf))
        for j, ids in held.items():
            if ids:
                blocks = tuple((x, 0) for x in ids)
                planner.commit(Placement(j, self.jobs[j].templates, tpl_of[j], blocks, _dclass(self.topo),
                                         self.topo, changes=Changes((), (), tuple((s, 0, None) for s, _ in blocks))))
        dead = [leaf_index(x) for x in self.leaves if not self._live(snap, x)]
        planner.mark_suspect(dead)
        dead_set = set(dead)
        if not held[job]:
            return planner.place(self.jobs[job])
        failed = [x for x in held[job] if x in dead_set]
        return planner.replan(job, failed)

    def _commit(self, snap: Snapshot, job: str, e: int) -> str | None:
        k = self.keys
        plan = json.loads(snap.kv[k.plan(job)].value)["leaves"]
        head = value_is(k.epoch(job), epoch_value(e, "Commit"))
        if self.mutant != "commit_no_guard":
            taken = [x for x in plan if self._owner(snap, x) not in (None, job)]
            if taken:
                guard = [head, value_is(k.alloc(taken[0]), snap.kv[k.alloc(taken[0])].value)]
                ops = [Put(k.epoch(job), epoch_value(e, "Plan")), self._step(job, "Abort")]
                return "Abort" if self.store.txn(guard, ops).succeeded else None
        guard = [head] if self.mutant == "commit_no_guard" else [head] + [self._free_or_mine(snap, x) for x in plan]
        new_e = e if self.mutant == "epoch_no_increment" else e + 1
        mine = encode({"epoch": new_e, "job": job})
        ops: list[Put | Delete] = [Put(k.alloc(x), mine) for x in plan]
        ops += [Delete(k.alloc(x)) for x in self.leaves if x not in plan and self._owner(snap, x) == job]
        ops += [Put(k.epoch(job), epoch_value(new_e, "Restore")), self._step(job, "Commit")]
        return "Commit" if self.store.txn(guard, ops).succeeded else None

    def _restore(self, snap: Snapshot, job: str, e: int) -> str | None:
        """Load the newest manifest sealed below e and resume from it. The manifest's epoch goes
        both into step/{job} (RRP's witness e: some seal below e exists) and into resume/{job}
        (RRPResume's resumed: it is the newest one), so replay against either spec sees it."""
        k = self.keys
        prefix = k.seals(job)
        sealed = [int(key[len(prefix):]) for key in snap.kv if key.startswith(prefix)]
        older = [x for x in sealed if x < e]
        head = value_is(k.epoch(job), epoch_value(e, "Restore"))
        if self.mutant == "restore_not_below":
            src, guard = e, [head]
        elif self.mutant == "restore_unsealed":
            src, guard = e - 1, [head]
        elif not older:
            return None
        else:
            src = min(older) if self.mutant == "restore_oldest" else max(older)
            guard = [head, Compare(k.seal(job, src), "create", ">", 0)]
        ops = [Put(k.epoch(job), epoch_value(e, "Run")), Put(k.resume(job), encode({"e": src})),
               self._step(job, "Restore", e=src)]
        return "Restore" if self.store.txn(guard, ops).succeeded else None

    # ---- the checkpoint plane's seal ---------------------------------------------------------
    def seal(self, job: str, token: int, step: int) -> bool:
        """A writer whose workers started at epoch ``token`` seals its checkpoint manifest:
        create-once, accepted only while epoch/{job} == (token, Run)."""
        k = self.keys
        manifest = hashlib.sha256(f"{job}/{token}/{step}".encode()).hexdigest()
        guard = [absent(k.seal(job, token))]
        if self.mutant != "seal_stale":
            guard.append(value_is(k.epoch(job), epoch_value(token, "Run")))
        ops = [Put(k.seal(job, token), encode({"manifest": manifest, "step": step, "token": token})),
               self._step(job, "Seal")]
        return self.store.txn(guard, ops).succeeded


def _dclass(topo: Topology) -> int:
    """Leaves of the level-1 domains (the TP-fit class of the rebuilt footprints)."""
    return min(topo.domain_caps)
