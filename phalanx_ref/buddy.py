"""Buddy allocator on the topology tree (paper §5.1, Proposition 1).

State:
- ``free``: the maximal free aligned blocks, ``start -> order``. Eager coalescing keeps them
  maximal, so the free set has one canonical decomposition (Prop. 1 i) and undoing an operation
  restores exactly the previous state.
- ``records``: allocated blocks, ``start -> (order, owner)``. Owners are job names or the
  planner's sentinels (reserved spares, quarantined leaves). Records never overlap, so no leaf is
  owned twice by construction; a record may be split into buddies to hand part of it elsewhere.
- per tree node ``v``: ``blocks[v]``, the free set *restricted to v's leaf range*, as
  ``order -> set of starts``. A node lying inside a larger free block sees itself as one block of
  its own order, so ``alignedFree(v, k) >= 1`` iff ``blocks[v]`` has an order >= k. A split or
  coalesce changes only the nodes containing the block (the O(D) chain) and the nodes inside it.
- an index for Place: per (level, TP-fit class, order k) a min-heap of ``(free(v), v, stamp,
  start)`` over nodes with a free block of order >= k, ``start`` being the block Place carves
  there (:meth:`BuddyAllocator.pick`). An entry is live iff its stamp is the node's current
  one. A node that changes gets a new stamp and fresh entries, and its old entries are popped from
  the tops of the heaps that held them right away, so every heap's top is live after every
  operation: the best-fit node of a (level, class, order) is its heap's top, read in O(1) (stale
  entries below the top are popped when they surface, or dropped by compaction). The heaps are
  stable list objects: the planner keeps references to the ones a template's scan reads.
- ``changed``: the nodes whose view changed since the client last cleared the set. The planner
  keeps decisions derived from node views (prepared repairs) and drops exactly those that read a
  changed view, whoever changed it.

Owners of a block are opaque; the allocator itself never decides who gets what.
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Iterator

from phalanx_ref.topology import Topology


class BuddyError(ValueError):
    """An allocator operation on a block that is not in the required state."""


class BuddyAllocator:
    """Free-block bookkeeping for one topology; see the module docstring for the invariants."""

    def __init__(self, topo: Topology) -> None:
        self.topo = topo
        self.free: dict[int, int] = dict(topo.roots)
        self.records: dict[int, tuple[int, Hashable]] = {}
        n_nodes = len(topo.level)
        self.blocks: list[dict[int, set[int]]] = [{} for _ in range(n_nodes)]
        self.nfree: list[int] = list(topo.cap)
        self.stamp: list[int] = [0] * n_nodes
        self.heaps: dict[tuple[int, int, int], list[tuple[int, int, int, int]]] = {
            (h, d, k): [] for h in topo.levels for d in topo.domain_caps for k in range(topo.max_order + 1)}
        # The same heaps by level, then class, then order (no tuple key to build on a node update),
        # and, per node, the (class, largest order) pairs it has entries for: the heaps its next
        # update must clean.
        self._heaps_by: dict[int, dict[int, list[list[tuple[int, int, int, int]]]]] = {
            h: {d: [self.heaps[(h, d, k)] for k in range(topo.max_order + 1)] for d in topo.domain_caps}
            for h in topo.levels}
        self._indexed: list[tuple[tuple[int, int], ...]] = [()] * n_nodes
        self._heap_limit = {h: 4 * len(vs) + 64 for h, vs in topo.nodes_at_level.items()}
        self.changed: set[int] = set()
        for v in range(n_nodes):
            self._fill_node(v)

    # ---- per-node restricted view ------------------------------------------------------------
    def _fill_node(self, v: int) -> None:
        """Reset node v to fully free (its own block, or the roots it is a union of)."""
        t = self.topo
        ov = t.node_order[v]
        if ov is not None:
            self.blocks[v] = {ov: {t.lo[v]}}
        else:
            view: dict[int, set[int]] = {}
            for s, o in t.roots:
                if t.lo[v] <= s < t.hi[v]:
                    view.setdefault(o, set()).add(s)
            self.blocks[v] = view
        self.nfree[v] = t.cap[v]
        self._touch(v)

    def _add(self, v: int, order: int, start: int) -> None:
        view = self.blocks[v]
        if order in view:
            view[order].add(start)
        else:
            view[order] = {start}

    def _remove(self, v: int, order: int, start: int) -> None:
        view = self.blocks[v]
        s = view[order]
        s.remove(start)
        if not s:
            del view[order]

    def _firsts(self, v: int) -> dict[int, dict[int, int]]:
        """Per TP-fit class (domain capacity) of v's view: order -> the first block start of that
        class and order in the view's iteration order, i.e. what :meth:`pick` returns there."""
        view = self.blocks[v]
        classes = self.topo.classes[v]
        if len(classes) == 1:
            return {next(iter(classes)): {o: next(iter(starts)) for o, starts in view.items()}} if view else {}
        dclass = self.topo.dclass
        out: dict[int, dict[int, int]] = {}
        for o, starts in view.items():
            for s in starts:
                out.setdefault(dclass(s), {}).setdefault(o, s)
        return out

    def _touch(self, v: int) -> None:
        """Node v changed: new stamp and fresh index entries; then pop its now stale entries off the
        tops of the heaps that held them, which keeps every heap's top live (module docstring).
        The entry of the order-k heap of class d carries ``pick(v, k, d)``, so Place reads the
        block to carve from the entry it chose."""
        stamp = self.stamp
        st = stamp[v] + 1
        stamp[v] = st
        self.changed.add(v)
        h = self.topo.level[v]
        by_class = self._heaps_by[h]
        limit = self._heap_limit[h]
        nf = self.nfree[v]
        indexed = []
        for d, firsts in self._firsts(v).items():
            m = max(firsts)
            indexed.append((d, m))
            heaps = by_class[d]
            entry = (nf, v, st, firsts[m])
            for k in range(m, -1, -1):
                if k in firsts:  # the smallest order >= k present has changed: pick(v, k, d)
                    entry = (nf, v, st, firsts[k])
                heap = heaps[k]
                heapq.heappush(heap, entry)
                if len(heap) > limit:
                    self._compact(heap)
        for d, m in self._indexed[v]:
            for heap in by_class[d][:m + 1]:
                while heap:
                    top = heap[0]
                    if stamp[top[1]] == top[2]:
                        break
                    heapq.heappop(heap)
        self._indexed[v] = tuple(indexed)

    def _compact(self, heap: list[tuple[int, int, int, int]]) -> None:
        stamp = self.stamp
        heap[:] = [e for e in heap if stamp[e[1]] == e[2]]
        heapq.heapify(heap)

    def free_by_order(self) -> dict[int, set[int]]:
        """The free set as order -> starts (read only): the tree root's view is the whole free set."""
        return self.blocks[0]

    def chunks(self, k: int) -> int:
        """How many aligned blocks of order k the free set holds (within its blocks of order >= k)."""
        return sum(len(starts) << (o - k) for o, starts in self.blocks[0].items() if o >= k)

    def pick(self, v: int, k: int, dclass: int) -> int | None:
        """Start of the smallest free block of order >= k and class ``dclass`` in v's view."""
        view = self.blocks[v]
        if not view:
            return None
        if len(self.topo.classes[v]) == 1:  # every block in the view has the class: first found
            for o in range(k, max(view) + 1):
                starts = view.get(o)
                if starts:
                    return next(iter(starts))
            return None
        dclass_of = self.topo.dclass
        for o in range(k, max(view) + 1):
            for s in view.get(o, ()):
                if dclass_of(s) == dclass:
                    return s
        return None

    # ---- block arithmetic --------------------------------------------------------------------
    def buddy(self, start: int, order: int) -> int:
        rs = self.topo.root_start[start]
        return rs + ((start - rs) ^ (1 << order))

    def free_container(self, start: int, order: int) -> tuple[int, int] | None:
        """The maximal free block containing block (start, order), if the block is entirely free."""
        t = self.topo
        for o in range(order, t.root_order[start] + 1):
            s = t.align(start, o)
            if self.free.get(s) == o:
                return s, o
            if s in self.records and self.records[s][0] >= o:
                return None
        return None

    def find_record(self, leaf: int) -> tuple[int, int, Hashable] | None:
        """The allocated record (start, order, owner) containing ``leaf``, if any."""
        t = self.topo
        rs = t.root_start[leaf]
        off = leaf - rs
        get = self.records.get
        for o in range(t.root_order[leaf] + 1):  # hot path of Replan: align() inlined
            s = rs + (off >> o << o)
            rec = get(s)
            if rec is not None and rec[0] >= o:
                return s, rec[0], rec[1]
        return None

    def owner(self, leaf: int) -> Hashable | None:
        rec = self.find_record(leaf)
        return None if rec is None else rec[2]

    def _inside(self, start: int, order: int) -> Iterator[int]:
        """Tree nodes whose whole leaf range lies inside block (start, order)."""
        t = self.topo
        end = start + (1 << order)
        cur = start
        while cur < end:
            u = t.leaf_domain[cur]
            if t.lo[u] < start or t.hi[u] > end:
                return
            p = t.parent[u]
            while p >= 0 and t.lo[p] >= start and t.hi[p] <= end:
                u, p = p, t.parent[p]
            yield from range(u, t.node_end[u])
            cur = t.hi[u]

    # ---- operations --------------------------------------------------------------------------
    def allocate(self, start: int, order: int, owner: Hashable) -> None:
        """Split free blocks until (start, order) is one, and record it for ``owner``."""
        found = self.free_container(start, order)
        if found is None:
            raise BuddyError(f"block ({start}, order {order}) is not free")
        fs, fo = found
        del self.free[fs]
        buddies = [self.buddy(self.topo.align(start, i), i) for i in range(order, fo)]
        for i, b in enumerate(buddies):
            self.free[b] = order + i
        self.records[start] = (order, owner)
        self._update(start, order, fo, buddies, allocating=True)

    def release(self, start: int, order: int) -> None:
        """Free the exact record (start, order), coalescing eagerly with free buddies."""
        rec = self.records.get(start)
        if rec is None or rec[0] != order:
            raise BuddyError(f"block ({start}, order {order}) is not an allocated record")
        del self.records[start]
        s, o, buddies = self._coalesce(start, order)
        self.free[s] = o
        self._update(start, order, o, buddies, allocating=False)

    def _coalesce(self, start: int, order: int) -> tuple[int, int, list[int]]:
        """Merge block (start, order) with its free buddies as far as possible (eager coalescing);
        returns the merged block and the buddies absorbed, lowest order first."""
        buddies = []
        s, o = start, order
        while o < self.topo.root_order[start]:
            b = self.buddy(s, o)
            if self.free.get(b) != o:
                break
            del self.free[b]
            buddies.append(b)
            s, o = min(s, b), o + 1
        return s, o, buddies

    def _update(self, start: int, order: int, top_order: int, buddies: list[int], *, allocating: bool) -> None:
        """Apply a split (allocating) or coalesce of block (start, order) within a block of
        ``top_order`` to every tree node whose view changes."""
        t = self.topo
        size = 1 << order
        for v in t.block_chain(start, order):
            ov = t.node_order[v]
            top = top_order if ov is None or ov > top_order else ov
            whole = t.align(start, top)
            if allocating:
                self._remove(v, top, whole)
                for i in range(order, top):
                    self._add(v, i, buddies[i - order])
                self.nfree[v] -= size
            else:
                for i in range(order, top):
                    self._remove(v, i, buddies[i - order])
                self._add(v, top, whole)
                self.nfree[v] += size
            self._touch(v)
        for u in self._inside(start, order):
            if allocating:
                self.blocks[u] = {}
                self.nfree[u] = 0
                self._touch(u)
            else:
                self._fill_node(u)

    def split_record(self, start: int, order: int) -> Hashable:
        """Make (start, order) an exact record by splitting the record containing it into buddies;
        returns its owner. Splitting never changes the free set."""
        rec = self.find_record(start)
        if rec is None or rec[1] < order or self.topo.align(start, order) != start:
            raise BuddyError(f"block ({start}, order {order}) is not inside an allocated record")
        rs, ro, owner = rec
        for i in range(order, ro):
            self.records[self.buddy(self.topo.align(start, i), i)] = (i, owner)
        self.records[start] = (order, owner)
        return owner

    def merge_record(self, start: int, order: int, owner: Hashable) -> None:
        """Undo of :meth:`split_record`: the records tiling block (start, order) become one record
        for ``owner``. A journal that splits a record must merge it back on undo, or a planned and
        undone change would leave finer records (and so smaller failed blocks) behind."""
        end, s, parts = start + (1 << order), start, []
        while s < end:
            rec = self.records.get(s)
            if rec is None or s + (1 << rec[0]) > end:
                raise BuddyError(f"block ({start}, order {order}) is not tiled by allocated records")
            parts.append(s)
            s += 1 << rec[0]
        for s in parts:
            del self.records[s]
        self.records[start] = (order, owner)

    def reassign(self, start: int, order: int, owner: Hashable) -> None:
        """Hand the allocated block (start, order) to ``owner`` (no change to the free set)."""
        self.split_record(start, order)
        self.records[start] = (order, owner)

    def records_in(self, start: int, order: int) -> Iterator[tuple[int, int, Hashable]]:
        """Allocated records covering block (start, order), splitting a larger enclosing record so
        that every record yielded lies inside the block."""
        rec = self.find_record(start)
        if rec is not None and rec[1] >= order:
            yield start, order, self.split_record(start, order)
            return
        if order == 0 or self.free_container(start, order) is not None:
            return
        half = 1 << (order - 1)
        yield from self.records_in(start, order - 1)
        yield from self.records_in(start + half, order - 1)

    # ---- inspection (tests, benchmarks) ------------------------------------------------------
    def free_leaves(self) -> set[int]:
        return {x for s, o in self.free.items() for x in range(s, s + (1 << o))}

    def largest_free_order(self) -> int:
        return max(self.free.values(), default=-1)
