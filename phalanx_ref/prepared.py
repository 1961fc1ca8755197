"""Prepared repairs: Replan's fast path, kept beside the planner rather than inside it.

The repair of a single failed job block depends only on the job's placement and on the spare
registries and free views of the domains its search visits. :class:`PreparedPlanner` observes
every mutation of :class:`~phalanx_ref.hdfb.Planner` (commit, release, heal, mark_suspect: the
planner's ``_committed``/``_released``/``_settled`` hooks) and ends each by recomputing, with the
planner's own search (``_repair_target``), the repairs whose inputs changed: the allocator and the
spare registry report which nodes changed, and each prepared repair records which it read (the
search's ``_spare_in`` and ``_pick``, observed while preparing). ``replan(job, leaves of one
block)`` then returns the prepared Placement in O(1); anything else (several blocks, a partial
block, no local repair) takes the search. The cost moves to the mutations, which the planner
benchmark times and reports (sim/prepclock.py). tests/ref/test_hdfb_prepared.py holds the fast
path equal to the search (fast-path equivalence), also under every planner mutant.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from phalanx_ref.hdfb import Placement, Planner, TopologyPolicy
from phalanx_ref.topology import Topology


class PreparedPlanner(Planner):
    """HDF-B whose Replan of one whole failed block is a prepared answer (module docstring)."""

    def __init__(self, topo: Topology, policy: TopologyPolicy | None = None) -> None:
        # ``_prepared[s]`` is (job name, block size, the Placement Replan returns when the whole
        # block starting at leaf s fails), or None. A record always repairs its job's current
        # placement (its answer's ``prev``): a commit re-prepares or drops the records of the job's
        # previous placement, a release drops them. A list indexed by leaf and the two fields the
        # check needs next to the answer: the lookup reads few objects, which is what a Replan
        # after unrelated work costs (cache misses, not instructions).
        # ``_view_deps`` / ``_spare_deps`` map a node to the prepared blocks that read its free
        # view / spare registry; ``_stale`` maps blocks to prepare at the end of the current
        # mutation to their dropped repair, if any. ``_reads`` is set only while preparing: the
        # (views, spare registries) the search reads.
        self._prepared: list[tuple[str, int, Placement] | None] = [None] * topo.n_leaves
        self._view_deps: dict[int, set[int]] = {}
        self._spare_deps: dict[int, set[int]] = {}
        self._stale: dict[int, Placement | None] = {}
        self._reads: tuple[list[int], list[int]] | None = None
        super().__init__(topo, policy)
        self._views_changed = self.alloc.changed  # the same set, one attribute load nearer (Replan)

    # ---- the search's reads, recorded while preparing -----------------------------------------
    def _spare_in(self, v: int, k: int, dclass: int) -> tuple[int, Hashable] | None:
        if self._reads is not None:
            self._reads[1].append(v)
        return super()._spare_in(v, k, dclass)

    def _pick(self, v: int, k: int, dclass: int) -> int | None:
        if self._reads is not None:
            self._reads[0].append(v)
        return super()._pick(v, k, dclass)

    # ---- Replan --------------------------------------------------------------------------------
    def replan(self, job: str, failed: Iterable[int]) -> Placement | None:
        """:meth:`Planner.replan`, with a fast path: when ``failed`` is exactly the leaves of one
        prepared block of the job's current placement, in order, the prepared repair is returned
        (the search would build an equal one). The check reads a ``range`` (a failed node is one:
        its leaves are contiguous) from its start, stop and step alone; other iterables go through
        :meth:`_replan_leaves`. The range path exists for speed after unrelated work, where a
        Replan's cost is its cache misses: comparing leaf by leaf allocates an int per leaf, each a
        miss (about 1 us per Replan on the §8.3 benchmark), and the range path is kept apart so
        that it runs through as little code as possible. Changes made behind the planner's back
        (directly on the allocator) are noticed here and drop the prepared repairs they affect;
        the spare registry changes only inside planner methods, each of which ends by
        invalidating."""
        if self._views_changed:
            self._invalidate()
        if type(failed) is not range:
            return self._replan_leaves(job, tuple(failed))
        s = failed.start  # the stored int: failed[0] would build a new one
        if s >= 0 and failed.step == 1:  # a negative leaf would index the list from its end
            try:
                rec = self._prepared[s]
            except IndexError:  # beyond the last leaf: the search reports it
                rec = None
            if rec is not None and rec[0] == job and failed.stop - s == rec[1]:
                return rec[2]
        return self._replan(job, tuple(failed))

    def _replan_leaves(self, job: str, failed: tuple[int, ...]) -> Placement | None:
        """Replan of leaves listed one by one: as their range when they are consecutive (so a
        prepared repair is found as for a range), else by search."""
        if failed and failed[0] >= 0:
            run = range(failed[0], failed[0] + len(failed))
            if failed == tuple(run):
                return self.replan(job, run)
        return self._replan(job, failed)

    # ---- the planner's mutations, observed -----------------------------------------------------
    def _committed(self, p: Placement) -> None:
        self._invalidate()
        self._rebase(p)
        if p.prev is not None:
            self._forget(p.prev)

    def _released(self, p: Placement) -> None:
        self._forget(p)

    def _settled(self) -> None:
        self._refresh()

    def _restored(self) -> None:
        self._invalidate()

    # ---- prepared repairs --------------------------------------------------------------------
    def _block_starts(self, p: Placement) -> Iterable[int]:
        """Starts of the failed blocks Replan would cut from ``p``'s footprint (one per repair)."""
        base = max(self.policy.block_order, p.group_order)
        for s, o in p.blocks:
            yield from range(s, s + (1 << o), 1 << min(o, base))

    def _prepare(self, s: int, old: Placement | None) -> None:
        """Prepare the repair for the failure of the whole job block starting at leaf ``s`` (if one
        starts there), exactly as :meth:`_replan` would compute it, and record what it read.
        ``old`` is the block's dropped repair: if its job has not changed since, the block's order
        is still the one it cut, which saves the record lookup."""
        cur: Placement | None
        if old is not None and old.prev is not None and old.prev is self.placements.get(old.job):
            cur, k = old.prev, old.changes.release[0][1]
        else:
            rec = self.alloc.find_record(s)
            owner = None if rec is None else rec[2]
            cur = self.placements.get(owner) if isinstance(owner, str) else None  # jobs are named by str
            if cur is None or rec is None:
                return
            k = min(rec[1], max(self.policy.block_order, cur.group_order))
            if self.topo.align(s, k) != s:
                return
        views: list[int] = []
        spares: list[int] = []
        self._reads = (views, spares)
        try:
            found = self._repair_target(s, k)
        finally:
            self._reads = None
        for deps, read in ((self._view_deps, views), (self._spare_deps, spares)):
            for v in read:
                dep = deps.get(v)
                if dep is None:
                    deps[v] = {s}
                else:
                    dep.add(s)
        if found is not None:  # no local repair: Replan falls back to a fresh placement (not prepared)
            h, dst, src = found
            self._prepared[s] = (cur.job, 1 << k, self._repair(cur, ((s, k),), tuple(range(s, s + (1 << k))),
                                                           ((s, dst, k),), ((dst, k, src),), h))

    def _invalidate(self) -> None:
        """Drop the prepared repairs that read a free view or spare registry changed since their
        preparation; their blocks become stale, to be prepared again by :meth:`_refresh`."""
        prepared = self._prepared
        for changed, deps in ((self._views_changed, self._view_deps), (self.spares_changed, self._spare_deps)):
            for v in changed:
                for s in deps.pop(v, ()):
                    rec = prepared[s]
                    if rec is not None:
                        prepared[s] = None
                        self._stale[s] = rec[2]
                    elif s not in self._stale:
                        self._stale[s] = None
            changed.clear()

    def _rebase(self, p: Placement) -> None:
        """``p`` was just committed: its blocks' repairs must start from it. After a repair, a block
        whose prepared repair survived the invalidation keeps its order and its target (the search
        read nothing that changed), so only the Placement is rebuilt; other blocks are prepared."""
        old, prepared = p.prev, self._prepared
        keep = old is not None and p.kind == "repair"
        for s in self._block_starts(p):
            rec = prepared[s]
            if keep and rec is not None and rec[2].prev is old:
                q = rec[2]
                ch = q.changes
                prepared[s] = (rec[0], rec[1], self._repair(p, ch.release, ch.quarantine, q.new_moves, ch.acquire,
                                                       q.repair_level))
            elif s not in self._stale:
                self._stale[s] = None

    def _forget(self, p: Placement) -> None:
        """Drop the prepared repairs of ``p``, which is no longer the job's placement."""
        prepared = self._prepared
        for s in self._block_starts(p):
            rec = prepared[s]
            if rec is not None and rec[2].prev is p:
                prepared[s] = None

    def _refresh(self) -> None:
        """End of a mutation: prepare every block whose repair may have changed."""
        self._invalidate()
        stale, self._stale = self._stale, {}
        for s, old in stale.items():
            self._prepare(s, old)
