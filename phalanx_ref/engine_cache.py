"""An informer for the RRP engine: an HDF-B planner mirror kept in sync with the store.

The engine without a cache reads the whole root and rebuilds a planner on every step, which is
O(cluster) per step (131,072 leaves in the §8 testbed). :class:`PlannerCache` is what a
Kubernetes controller does instead: list once, then follow the watch.

- **List**: one range of the root gives the records and a revision; the planner is either the one
  whose decisions wrote those records (the simulator's set-up; it is checked against the listing)
  or rebuilt from them (:func:`engine.rebuild_planner`).
- **Watch**: :meth:`sync` applies the store's events in revision order to the record mirror, its
  indexes (owner of each leaf, leaves of each job, dead leaves, sealed epochs) and the planner:
  a lease deleted marks its leaf suspect, a lease put (a worker joined) heals it, and a Commit
  revision commits the placement the engine planned for that job (:meth:`expect`), after which
  the planner's footprint must equal the job's alloc records in the store. (When a planned leaf
  died between the Plan and the Commit the planner refuses that placement; a cache that was
  listed by rebuilding then rebuilds its planner from the mirror, see :meth:`_follow`.)
- **Reads** are lookups in the mirror at the revision the cache has reached (the engine's
  :class:`engine.View`); the guards built from them (memoized per record) compare on values and
  create revisions, so a decision taken on a cache that is behind fails its transaction.

Alloc records are written by Commit only (rrp_records.py), and a Commit can only be followed with
the placement it claims; an alloc change the cache did not plan, or a footprint that disagrees with
the store after a Commit, raises :class:`CacheDiverged` (the caller lists again or stops). The
cache reads the watch without waiting (``next_batch(0)``), which is complete on the in-memory
store, where every committed event is delivered at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from sys import intern

from phalanx_ref.engine import Snapshot, rebuild_planner
from phalanx_ref.hdfb import Job, Placement, Planner, StaleDecision
from phalanx_ref.rrp_records import Keys, encode, leaf_index, leaf_name, leaf_of_worker
from phalanx_ref.store.base import KV, Compare, Event, Store, absent, value_is
from phalanx_ref.topology import Topology

COMMIT_STEP = encode({"action": "Commit"})[:-1]
"""How a Commit's step/{job} record begins (canonical JSON sorts "action" first; a Plan's record
carries the whole plan, so it is not parsed just to read its action)."""


class CacheDiverged(RuntimeError):
    """The store holds a change the cache cannot follow, or disagrees with the planner."""


class PlannerCache:
    """The records under ``keys.root`` and an HDF-B planner over them, at :attr:`revision`.

    ``planner``: the planner whose decisions wrote the listed allocation (it must agree with the
    listing, job by job); None rebuilds one from the records (policy-free, like the engine's
    reference path)."""

    def __init__(self, store: Store, keys: Keys, topo: Topology, jobs: dict[str, Job],
                 planner: Planner | None = None) -> None:
        self.store, self.keys, self.topo, self.jobs = store, keys, topo, jobs
        self.names = [leaf_name(i) for i in range(topo.n_leaves)]
        kvs, self.revision = store.range(keys.root)
        self.kv: dict[str, KV] = {kv.key: kv for kv in kvs}
        self._owner: dict[str, str] = {}
        self._held: dict[str, set[int]] = {j: set() for j in jobs}   # leaf ids
        self._sealed: dict[str, set[int]] = {j: set() for j in jobs}
        self._dead = set(self.names)
        # The guards of every leaf, kept current with the records: "free or as read" (alloc) and
        # "the same worker" (lease create revision; absent when dead). A step builds its guard
        # list from O(gang) dict lookups, no Compare is built twice.
        self._fom: dict[str, Compare] = {x: absent(keys.alloc(x)) for x in self.names}
        self._alive: dict[str, Compare] = {}
        for kv in kvs:
            self._index(kv.key, kv)
        self._dead = set(self._dead)  # a copy is compact: iterating the emptied 131K-slot table is not
        # engine.View's per-leaf lookups, bound straight to the indexes (they run once per leaf of
        # a gang in every Plan and Commit)
        self.owner: Callable[[str], str | None] = self._owner.get
        self.free_or_mine: Callable[[str], Compare] = self._fom.__getitem__
        self.alive: Callable[[str], Compare | None] = self._alive.get
        self.rebuildable = planner is None
        if planner is None:
            planner = self._rebuild()
        else:
            for j in jobs:
                self._check(j, planner)
            planner.mark_suspect(leaf_index(x) for x in self._dead)
        self.planner = planner
        self._expected: dict[str, Placement] = {}
        self.events = 0
        """Watch events applied since the listing."""
        self.rebuilds = 0
        """Times the planner was rebuilt from the mirror because a Commit could not be followed."""
        self._watch = store.watch(keys.root, self.revision + 1)

    # ---- following the store -----------------------------------------------------------------
    def sync(self) -> None:
        """Apply every event the store has delivered since :attr:`revision`."""
        while (batch := self._watch.next_batch(0)) is not None:
            self._apply(batch)

    def expect(self, job: str, placement: Placement) -> None:
        """The engine planned ``placement`` for ``job``: the job's next Commit claims it."""
        self._expected[job] = placement

    def expected(self, job: str) -> Placement | None:
        """The placement the engine last planned for ``job``, until its Commit is followed."""
        return self._expected.get(job)

    def _apply(self, batch: list[Event]) -> None:
        """One revision's events (a watch batch never splits a revision)."""
        k = self.keys
        touched: set[str] = set()   # jobs whose alloc records changed
        committed: list[str] = []
        down: list[int] = []
        up: list[int] = []
        for ev in batch:
            key = ev.kv.key
            kind, *rest = k.split(key)
            old = self.kv.pop(key, None)
            if old is not None:
                self._unindex(key, old, touched)
            if ev.kind == "put":
                self.kv[key] = ev.kv
                self._index(key, ev.kv, touched)
            if kind == "lease":
                (up if ev.kind == "put" else down).append(leaf_index(leaf_of_worker(rest[0])))
            elif kind == "step" and ev.kind == "put" and ev.kv.value.startswith(COMMIT_STEP):
                committed.append(rest[0])
        self.revision = batch[0].revision
        self.events += len(batch)
        foreign = touched.difference(committed)
        if foreign:
            raise CacheDiverged(f"revision {self.revision}: alloc records of {sorted(foreign)} changed "
                                "outside a Commit")
        for j in committed:
            p = self._expected.pop(j, None)
            if p is None:
                raise CacheDiverged(f"revision {self.revision}: Commit of {j} that this cache did not plan")
            try:
                self.planner.commit(p)
            except StaleDecision as e:
                self._follow(j, e)
            else:
                self._check(j, self.planner)
        if down:
            self.planner.mark_suspect(down)
        if up:
            self.planner.heal(up)

    def _rebuild(self) -> Planner:
        return rebuild_planner(Snapshot(self.kv, self.revision, self.keys, self.names), self.keys, self.topo,
                               self.jobs, self.names)

    def _follow(self, job: str, err: StaleDecision) -> None:
        """The store committed ``job``'s plan but the planner cannot: one of its leaves died after
        the Plan (the planner quarantines a free dead leaf; the store's Commit does not look at
        leases, and the job's next Detect will). Rebuild the planner from the mirror, which is what
        the reference engine decides on, when the cache was listed that way; else give up."""
        if not self.rebuildable:
            raise CacheDiverged(f"revision {self.revision}: cannot follow the Commit of {job}: {err}")
        self.planner = self._rebuild()
        self.rebuilds += 1

    def _index(self, key: str, kv: KV, touched: set[str] | None = None) -> None:
        kind, *rest = self.keys.split(key)
        if kind == "alloc":
            job = json.loads(kv.value)["job"]
            self._owner[intern(rest[0])] = job  # the leaf names' own object (rrp_records.leaf_name)
            self._held.setdefault(job, set()).add(leaf_index(rest[0]))
            self._fom[rest[0]] = value_is(key, kv.value)
            if touched is not None:
                touched.add(job)
        elif kind == "lease":
            leaf = intern(leaf_of_worker(rest[0]))
            self._dead.discard(leaf)
            self._alive[leaf] = Compare(key, "create", "==", kv.create_revision)
        elif kind == "seal":
            self._sealed.setdefault(rest[0], set()).add(int(rest[1]))

    def _unindex(self, key: str, kv: KV, touched: set[str]) -> None:
        kind, *rest = self.keys.split(key)
        if kind == "alloc":
            job = self._owner.pop(rest[0])
            self._held[job].discard(leaf_index(rest[0]))
            self._fom[rest[0]] = absent(key)
            touched.add(job)
        elif kind == "lease":
            leaf = leaf_of_worker(rest[0])
            self._dead.add(leaf)
            self._alive.pop(leaf, None)
        elif kind == "seal":
            self._sealed[rest[0]].discard(int(rest[1]))

    def _check(self, job: str, planner: Planner) -> None:
        """The planner's footprint of ``job`` is exactly its alloc records."""
        p = planner.placements.get(job)
        mine = self._held.get(job, set())
        have = frozenset() if p is None else p.leaves
        if mine != have:
            raise CacheDiverged(f"revision {self.revision}: job {job} holds {len(mine)} leaves in the store "
                                f"but {len(have)} in the planner (first difference: "
                                f"{min(mine.symmetric_difference(have))})")

    # ---- the decision ------------------------------------------------------------------------
    def decide(self, job: str, failed: Iterable[int]) -> Placement | None:
        """The engine's Plan decision: Replan of ``job`` with ``failed`` leaves (leaf ids, in leaf
        order), or its admission when it holds nothing. Pure."""
        if job not in self.planner.placements:
            return self.planner.place(self.jobs[job])
        return self.planner.replan(job, failed)

    # ---- engine.View (owner, free_or_mine and alive are the bound lookups set in __init__) ----
    def get(self, key: str) -> KV | None:
        return self.kv.get(key)

    def live(self, leaf: str) -> bool:
        return leaf not in self._dead

    def leaves_of(self, job: str) -> list[str]:
        return list(map(self.names.__getitem__, sorted(self._held.get(job, ()))))

    def dead(self, job: str | None) -> list[str]:
        return sorted((x for x in self._dead if job is None or self._owner.get(x) == job), key=leaf_index)

    def seals_of(self, job: str) -> list[int]:
        return sorted(self._sealed.get(job, ()))
