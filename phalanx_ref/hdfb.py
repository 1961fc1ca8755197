"""HDF-B: hierarchical deepest-fit gang placement with buddy alignment (paper §5, Algorithm 1).

Public API (what the RRP engine and the simulator call)::

    planner = Planner(topology, TopologyPolicy(spare_level=4, spare_count=1, spare_order=3))
    p = planner.place(Job("llm", templates=[(8, 4, 64), (8, 4, 32)]))   # Placement | None (queue)
    planner.commit(p)                                                   # the only mutation
    q = planner.replan("llm", failed_leaves)                            # Placement | None
    planner.commit(q); planner.release("llm"); planner.heal(leaves); planner.mark_suspect(leaves)

``place`` and ``replan`` are pure: they read the allocator and return a decision (the job's whole
new footprint plus the exact change set), and :meth:`Planner.commit` applies it atomically: it
checks that the job has not changed since the decision (``base_version``), applies every change or,
on any conflict, none. The planner imports neither the engine nor the store and writes nothing
outside its own in-memory allocator.

Placement is gang-queued, never partial: ``place`` returns a placement for the first template (in
the job's preference order) that fits entirely, or None.

Replan here is always Algorithm 1's search. Its fast path, prepared repairs looked up in O(1),
is :class:`phalanx_ref.prepared.PreparedPlanner`, a subclass that observes this planner's
mutations through the no-op hooks at the end of this class (``_committed``, ``_released``,
``_settled``, ``_restored``) and the search's two reads (``_spare_in``, ``_pick``); the allocator
and the spare registry (``spares_changed``) report which nodes changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from itertools import chain
from typing import NamedTuple

from phalanx_ref.buddy import BuddyAllocator, BuddyError
from phalanx_ref.topology import Topology

QUARANTINE = ("quarantine",)
"""Owner of failed and suspect leaves: never placed on until :meth:`Planner.heal`."""

HELD = ("held",)
"""Owner of blocks taken out of play inside a :meth:`Planner.scratch` (never committed)."""

Template = tuple[int, int, int]
Block = tuple[int, int]


class PlannerError(ValueError):
    """A request the planner cannot interpret (unknown job, bad template, foreign leaf)."""


class StaleDecision(PlannerError):
    """Commit of a decision computed against a state that has since changed; nothing applied."""


def spare_owner(domain: int) -> tuple[str, int]:
    """Owner key of the reserved spare blocks of tree node ``domain``."""
    return ("spare", domain)


@dataclass(frozen=True)
class Job:
    """A gang: its name and parallelism templates (TP, PP, DP) in preference order."""

    name: str
    templates: tuple[Template, ...]

    def __init__(self, name: str, templates: Iterable[Sequence[int]]) -> None:
        tpls = tuple(tuple(int(x) for x in t) for t in templates)
        if not name or not tpls or any(len(t) != 3 or min(t) < 1 for t in tpls):
            raise PlannerError(f"job {name!r}: templates must be non-empty (TP, PP, DP) triples of "
                               f"positive integers, got {tpls}")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "templates", tpls)


@dataclass(frozen=True)
class TopologyPolicy:
    """Spare reservation (paper §4.6): ``spare_count`` aligned blocks of ``spare_order`` in every
    domain at ``spare_level``; used only by Replan. ``repair_order`` is the granularity of a failed
    block (default: the spare order, e.g. a node); a repair never moves a TP group apart because the
    failed block is at least as large as one TP group."""

    spare_level: int | None = None
    spare_count: int = 0
    spare_order: int = 0
    repair_order: int | None = None

    @property
    def block_order(self) -> int:
        return self.spare_order if self.repair_order is None else self.repair_order


class Changes(NamedTuple):
    """What :meth:`Planner.commit` applies: job-held blocks to free, failed leaves to quarantine,
    blocks to take (``source`` None = free list, else the owner key of a reserved spare)."""

    release: tuple[Block, ...] = ()
    quarantine: tuple[int, ...] = ()
    acquire: tuple[tuple[int, int, Hashable | None], ...] = ()


_new_changes = tuple.__new__
"""``_new_changes(Changes, (release, quarantine, acquire))`` builds a Changes without the named
tuple's Python-level ``__new__`` (half the cost; Place and Replan build one per decision)."""


def groups_per_block(order: int, dclass: int, tp: int) -> int:
    """TP groups that fit, each inside one level-1 domain, in an aligned block of ``order`` whose
    domains have ``dclass`` leaves (a block is inside one domain or a union of whole domains)."""
    size = 1 << order
    if size <= dclass:
        return size // tp
    return (size // dclass) * (dclass // tp)


@dataclass(eq=False)
class Placement:
    """A job's footprint as decided by the planner; treat as immutable (not frozen only because
    a frozen dataclass costs ~1 us more to build, which is a large part of a Replan).

    ``base`` are the blocks carved at admission (their level-1 segments fix the rank layout);
    ``moves`` are the (src, dst, order) block migrations of later repairs, applied in order: a
    repair stores only its own (``new_moves``) and reads the earlier ones from ``prev`` when first
    asked, because the planner prepares a repair for every block of a placement and copying the
    job's whole history into each would make a commit cost grow with the job's repair count.
    ``change_set`` is the exact change set of a repair or a fallback (None for an admission: see
    ``changes``). ``level`` is the bottleneck level B of the footprint (LCA level of its leaves);
    ``repair_level`` is the level of the domain a repair drew from (None for admissions).
    """

    job: str
    templates: tuple[Template, ...]
    template_index: int
    base: tuple[Block, ...]
    dclass: int
    topo: Topology = field(repr=False)
    new_moves: tuple[tuple[int, int, int], ...] = ()
    change_set: Changes | None = field(default=None, repr=False)
    base_version: int = 0
    kind: str = "place"
    repair_level: int | None = None
    prev: Placement | None = field(default=None, repr=False)

    @property
    def changes(self) -> Changes:
        """What commit applies: ``change_set``, or for an admission (which has none) its base blocks
        taken from free capacity, built here when asked rather than by Place."""
        ch = self.change_set
        if ch is None:
            return _new_changes(Changes, ((), (), tuple((s, o, None) for s, o in self.base)))
        return ch

    @property
    def template(self) -> Template:
        return self.templates[self.template_index]

    @property
    def gang_size(self) -> int:
        tp, pp, dp = self.template
        return tp * pp * dp

    @cached_property
    def moves(self) -> tuple[tuple[int, int, int], ...]:
        """Every migration since admission: the previous placement's, then this repair's."""
        if self.kind == "repair" and self.prev is not None:
            return self.prev.moves + self.new_moves
        return self.new_moves

    @cached_property
    def blocks(self) -> tuple[Block, ...]:
        """Current footprint as disjoint aligned blocks (base with moved sub-blocks swapped)."""
        prev = self.prev
        if self.kind == "repair" and prev is not None and "blocks" in prev.__dict__:
            blocks, todo = list(prev.blocks), self.new_moves  # incremental from the cached footprint
        else:
            blocks, todo = list(self.base), self.moves
        for src, dst, o in todo:
            for i, (s, bo) in enumerate(blocks):
                if s <= src < s + (1 << bo):
                    del blocks[i]
                    blocks.extend((_buddy(self.topo, src, j), j) for j in range(o, bo))
                    break
            else:
                raise AssertionError(f"move source {src} outside footprint of {self.job}")
            blocks.append((dst, o))
        return tuple(sorted(blocks))

    @cached_property
    def leaves(self) -> frozenset[int]:
        """Every leaf the job holds (including buddy-rounding slack); a Python step per block, not per leaf."""
        return frozenset(chain.from_iterable([range(s, s + (1 << o)) for s, o in self.blocks]))

    @cached_property
    def level(self) -> int:
        blocks = self.blocks
        return self.topo.lca_level(blocks[0][0], max(s + (1 << o) - 1 for s, o in blocks))

    @property
    def group_order(self) -> int:
        """Smallest aligned order whose blocks always hold whole TP groups of this layout: the TP
        size when it is a power of two (groups sit at multiples of TP), else one segment."""
        tp = self.template[0]
        if tp & (tp - 1) == 0:
            return tp.bit_length() - 1
        return (min(self.dclass, 1 << self.base[0][1])).bit_length() - 1

    @cached_property
    def segments(self) -> tuple[int, ...]:
        """Starts of the level-1 segments of the base blocks, in carve order."""
        out: list[int] = []
        for s, o in self.base:
            seg = min(self.dclass, 1 << o)
            out.extend(range(s, s + (1 << o), seg))
        return tuple(out)

    @cached_property
    def rank_leaf(self) -> tuple[int, ...]:
        """Leaf of each rank. Ranks are r = tp + TP*(dp + DP*pp); TP groups sit on whole level-1
        segments, and consecutive DP peers take the same slot of consecutive segments, so peers
        of equal rank land on equal rail labels (Algorithm 1 lines 13-14)."""
        tp = self.template[0]
        segs = self.segments
        m = len(segs)
        out = []
        for r in range(self.gang_size):
            s = r // tp
            out.append(segs[s % m] + (s // m) * tp + r % tp)
        if not self.moves:
            return tuple(out)
        where: dict[int, int] = {}  # current leaf -> original leaf, for leaves that have moved
        for src, dst, o in self.moves:
            moved = {dst + x - src: where.pop(x, x) for x in range(src, src + (1 << o))}
            where.update(moved)
        final = {orig: pos for pos, orig in where.items()}
        return tuple(final.get(x, x) for x in out)

    @cached_property
    def migrated(self) -> tuple[int, ...]:
        """Ranks whose leaf differs from the previous placement (all ranks for a fresh one)."""
        if self.prev is None:
            return tuple(range(self.gang_size))
        old = self.prev.rank_leaf
        new = self.rank_leaf
        if len(old) != len(new):
            return tuple(range(len(new)))
        return tuple(r for r, (a, b) in enumerate(zip(old, new, strict=True)) if a != b)


def _buddy(topo: Topology, start: int, order: int) -> int:
    """Buddy of the order-``order`` block containing ``start``."""
    a = topo.align(start, order)
    rs = topo.root_start[a]
    return rs + ((a - rs) ^ (1 << order))


class Planner:
    """HDF-B over one topology. See the module docstring for the commit discipline."""

    allocator_cls: type[BuddyAllocator] = BuddyAllocator

    def __init__(self, topo: Topology, policy: TopologyPolicy | None = None) -> None:
        self.topo = topo
        self.policy = policy or TopologyPolicy()
        self.alloc = self.allocator_cls(topo)
        self.placements: dict[str, Placement] = {}
        self.versions: dict[str, int] = {}
        self.suspect: set[int] = set()
        # Reserved spare blocks under each node: start -> (order, owner); registered at every
        # ancestor so a repair finds the spares of any enclosing domain in O(1).
        self.spares_under: list[dict[int, tuple[int, Hashable]]] = [{} for _ in topo.level]
        self._dclasses = tuple(sorted(topo.domain_caps))
        self._scans: dict[Template, tuple[int, tuple[tuple[int, int, list], ...]]] = {}
        self._widest = {h: max(topo.cap[v] for v in vs) for h, vs in topo.nodes_at_level.items()}
        # Union path: the top-level domain (pod) of each leaf, its level-1 domain's nearest ancestor
        # at or above the top level below the root. A table (one reference per leaf) rather than a
        # bisection over pod boundaries: the union reads it for every free block, twice.
        top = max(h for h in topo.levels if h < topo.depth) if len(topo.levels) > 1 else topo.depth
        self._pod_of: list[int] = [0] * topo.n_leaves
        for d in topo.nodes_at_level[1]:
            lo, hi = topo.lo[d], topo.hi[d]
            self._pod_of[lo:hi] = [topo.domain_of(lo, top)] * (hi - lo)
        # Nodes whose spare registry changed: the registry's counterpart of the allocator's
        # ``changed`` (free views), for whoever keeps decisions that read them (PreparedPlanner).
        self.spares_changed: set[int] = set()
        pol = self.policy
        if pol.spare_count:
            if pol.spare_level not in topo.nodes_at_level:
                raise PlannerError(f"policy: no domains at spare level {pol.spare_level} in {topo!r}")
            self._reserve_spares(topo.nodes_at_level[pol.spare_level])
        # Largest order a non-reserved block can have; bigger gangs use the union-of-blocks path.
        self.union_order = self.alloc.largest_free_order()
        self.alloc.changed.clear()
        self.spares_changed.clear()

    # ---- spares ------------------------------------------------------------------------------
    def _reserve_spares(self, domains: Iterable[int]) -> None:
        """Top up every domain to ``spare_count`` spare blocks, taken from its highest addresses."""
        pol, t = self.policy, self.topo
        size = 1 << pol.spare_order
        for v in domains:
            have = sum(1 for _, who in self.spares_under[v].values() if who == spare_owner(v))
            s = t.hi[v] - size
            while have < pol.spare_count and s >= t.lo[v]:
                if (t.root_order[s] >= pol.spare_order and t.align(s, pol.spare_order) == s
                        and self.alloc.free_container(s, pol.spare_order) is not None):
                    self._hold_spare(s, pol.spare_order, v)
                    have += 1
                s -= size

    def _hold_spare(self, start: int, order: int, domain: int) -> None:
        self.alloc.allocate(start, order, spare_owner(domain))
        self._register_spare(start, order, spare_owner(domain))

    def _register_spare(self, start: int, order: int, owner: Hashable) -> None:
        t = self.topo
        end = start + (1 << order)
        for v in t.ancestors[t.leaf_domain[start]]:
            if t.hi[v] >= end:
                self.spares_under[v][start] = (order, owner)
                self.spares_changed.add(v)

    def _unregister_spare(self, start: int) -> None:
        for v in self.topo.ancestors[self.topo.leaf_domain[start]]:
            if self.spares_under[v].pop(start, None) is not None:
                self.spares_changed.add(v)

    def _spare_in(self, v: int, k: int, dclass: int) -> tuple[int, Hashable] | None:
        """A reserved spare of order >= k and class ``dclass`` inside domain v: (start, owner)."""
        for s, (o, owner) in self.spares_under[v].items():
            if o >= k and self.topo.dclass(s) == dclass:
                return s, owner
        return None

    # ---- Place -------------------------------------------------------------------------------
    def _levels(self) -> tuple[int, ...]:
        """Scan order of Algorithm 1 line 3: upward from the lowest level."""
        return self.topo.levels

    def _groups_fit(self, tpl: Template, k: int, dclass: int) -> bool:
        """GroupsFit: every TP group fits inside one level-1 domain of an order-k block."""
        tp, pp, dp = tpl
        return tp <= dclass and groups_per_block(k, dclass, tp) >= pp * dp

    def _scan(self, tpl: Template) -> tuple[int, tuple[tuple[int, int, list], ...]]:
        """What Place reads for a template: its order k (ceil log2 of the gang size) and, for its
        levels in scan order, the allocator's order-k index heap of every TP-fit class the template
        can use there, as (level, class, heap). It depends only on the template, so it is memoized
        in ``_scans``; a level whose nodes are all smaller than 2^k can never hold the block and is
        left out (so is every level when k exceeds the largest order: the union path)."""
        tp, pp, dp = tpl
        k = (tp * pp * dp - 1).bit_length()
        if k > self.topo.max_order:
            return k, ()
        heaps, widest = self.alloc.heaps, self._widest
        fits = [d for d in self._dclasses if self._groups_fit(tpl, k, d)]
        return k, tuple((h, d, heaps[(h, d, k)]) for h in self._levels() if widest[h] >= 1 << k for d in fits)

    def place(self, job: Job, _first: int = 0, _prev: Placement | None = None,
              _release: tuple[Block, ...] = (), _quarantine: tuple[int, ...] = ()) -> Placement | None:
        """Admission: a placement for the first template that fits, else None (queue the gang).

        Algorithm 1 lines 3-7 for each template in turn: the first level with a feasible root and,
        among its roots, the best fit (the fewest free leaves, i.e. the smallest residual after
        carving; ties to the lowest node id, then to the class listed first), else the union of
        chunks for a gang beyond the largest aligned block. Every index heap's top is its best live
        entry (``buddy`` module docstring), so the search reads one entry per heap of the
        template's scan and stops at the first level that has one; the entry carries the start of
        the block to carve (the node's smallest free block of order >= k of that class).

        The underscored parameters are Replan's fallback (:meth:`_fallback`: from the job's current
        template on, replacing ``_prev``, on a state where its footprint is released and its failed
        leaves quarantined), not part of the API. One function serves both, with the search written
        out rather than called, because Place runs after the commit of another gang, when each
        further Python call starts on cold memory (about 0.6 us each, bench planner)."""
        name = job.name
        if _prev is None and name in self.placements:
            raise PlannerError(f"job {name!r} is already placed")
        templates, scans = job.templates, self._scans
        for i in range(_first, len(templates)):
            tpl = templates[i]
            scan = scans.get(tpl)
            if scan is None:
                scan = scans[tpl] = self._scan(tpl)
            k = scan[0]
            best, level, dclass = None, -1, 0
            for h, d, heap in scan[1]:
                if best is not None and h != level:
                    break
                if heap:
                    top = heap[0]
                    if best is None or top[0] < best[0] or (top[0] == best[0] and top[1] < best[1]):
                        best, level, dclass = top, h, d
            if best is not None:
                blocks: tuple[Block, ...] = ((best[3], k),)
            elif k > self.union_order and (got := self._union(tpl)) is not None:
                blocks, dclass = got
            else:
                continue
            # An admission has no change set (commit derives it from the blocks); a fallback's
            # also releases the old footprint and quarantines the failed leaves.
            change_set = None if _prev is None else _new_changes(
                Changes, (_release, _quarantine, tuple((s, o, None) for s, o in blocks)))
            return Placement(name, templates, i, blocks, dclass, self.topo, (), change_set, self.versions.get(name, 0),
                             "place" if _prev is None else "fallback", None, _prev)  # positional: faster
        return None

    def _union(self, tpl: Template) -> tuple[tuple[Block, ...], int] | None:
        """Gangs larger than the largest placeable aligned block: a union of equal aligned chunks,
        as large as possible, drawn from as few top-level domains (pods) as possible: pods with the
        most chunks first (ties to the lowest id; a free block counts for the pod of its start), the
        lowest chunks of a pod first. Chunks of at least one level-1 domain keep DP peers
        rail-aligned.

        Cost: with one TP-fit class (every real fabric) the chunks available at each size are
        counted from the free set's per-order sizes, so blocks are read only at the size chosen:
        once to count chunks per pod, once more to list the chosen pods' chunks. Few objects are
        allocated (the garbage collector runs after a fixed number of allocations, inside
        whichever call reaches it)."""
        tp, pp, dp = tpl
        alloc, classes = self.alloc, self._dclasses
        leaf_domain, cap = self.topo.leaf_domain, self.topo.cap
        pod_of = self._pod_of
        by_order = alloc.free_by_order()
        single = len(classes) == 1
        top = min(self.union_order, max(by_order, default=-1)) if single else self.union_order
        total = alloc.chunks(top + 1)  # single class: aligned order-c chunks in the free set
        for c in range(top, -1, -1):
            total = 2 * total + len(by_order.get(c, ()))
            for d in classes:
                per = groups_per_block(c, d, tp) if tp <= d else 0
                if per == 0:
                    continue
                need = -(-(pp * dp) // per)
                if single and total < need:
                    continue
                count: dict[int, int] = {}  # pod -> chunks
                for o, starts in by_order.items():
                    if o >= c:
                        n = 1 << (o - c)
                        for s in starts:
                            if single or cap[leaf_domain[s]] == d:
                                pod = pod_of[s]
                                count[pod] = count.get(pod, 0) + n
                if not single and sum(count.values()) < need:
                    continue
                chosen: dict[int, list[int]] = {}  # the pods taken, in order -> their chunks
                got = 0
                for pod in sorted(sorted(count), key=count.__getitem__, reverse=True):  # stable
                    chosen[pod] = []
                    got += count[pod]
                    if got >= need:
                        break
                for o, starts in by_order.items():
                    if o >= c:
                        for s in starts:
                            mine = chosen.get(pod_of[s])
                            if mine is not None and (single or cap[leaf_domain[s]] == d):
                                mine.extend(range(s, s + (1 << o), 1 << c))
                chunks: list[int] = []
                for mine in chosen.values():
                    mine.sort()
                    chunks.extend(mine[:need - len(chunks)])
                return tuple((s, c) for s in chunks), d
        return None

    # ---- Replan ------------------------------------------------------------------------------
    def _failed_blocks(self, job: str, group_order: int, failed: Iterable[int]) -> list[Block]:
        """Failed blocks: for each failed leaf, the aligned block of the repair order (and at least
        the job's ``group_order``, so no TP group is cut) inside the job's record holding it,
        smallest order first."""
        out: dict[int, int] = {}
        base = max(self.policy.block_order, group_order)
        lo = hi = -1
        for leaf in failed:
            if lo <= leaf < hi:  # same failed block as the previous leaf (a node's GPUs come together)
                continue
            rec = self.alloc.find_record(leaf)
            if rec is None or rec[2] != job:
                raise PlannerError(f"leaf {leaf} ({self._leaf_name(leaf)}) is not held by job {job!r}")
            kf = min(rec[1], base)
            lo = self.topo.align(leaf, kf)
            hi = lo + (1 << kf)
            out[lo] = kf
        return sorted(out.items(), key=lambda b: (b[1], b[0]))

    def _leaf_name(self, leaf: int) -> str:
        return self.topo.leaf_names[leaf] if 0 <= leaf < self.topo.n_leaves else "out of range"

    def _repair_target(self, start: int, k: int) -> tuple[int, int, Hashable | None] | None:
        """Cheapest repair of failed block (start, k): walk its enclosing domains upward (parent
        domain first, then escalate one level at a time); in each, a reserved spare first, then a
        free block of the same TP-fit class. Returns (level, target start, source owner)."""
        t = self.topo
        d = t.dclass(start)
        for v in t.block_chain(start, k):
            sp = self._spare_in(v, k, d)
            if sp is not None:
                return t.level[v], sp[0], sp[1]
            s = self._pick(v, k, d)
            if s is not None:
                return t.level[v], s, None
        return None

    def _pick(self, v: int, k: int, dclass: int) -> int | None:
        """A free order-k block of class ``dclass`` inside domain v (its start), the best fit."""
        return self.alloc.pick(v, k, dclass)

    def _repair(self, cur: Placement, fblocks: tuple[Block, ...], failed: tuple[int, ...],
                moves: tuple[tuple[int, int, int], ...], acquire: tuple[tuple[int, int, Hashable | None], ...],
                level: int | None) -> Placement:
        """Replan's repaired footprint of ``cur``; the search and the preparation both build it here."""
        return Placement(cur.job, cur.templates, cur.template_index, cur.base, cur.dclass, self.topo,
                         moves, _new_changes(Changes, (fblocks, failed, acquire)),
                         self.versions.get(cur.job, 0), "repair", level, cur)  # positional: faster

    def replan(self, job: str, failed: Iterable[int]) -> Placement | None:
        """Algorithm 1 Replan: repair each failed block from a spare or free block in its parent
        domain, escalating one level at a time; if some block has no repair, fall back to a fresh
        placement with the current and then the later templates. None if nothing fits. Pure."""
        return self._replan(job, tuple(failed))

    def _replan(self, job: str, failed: tuple[int, ...]) -> Placement | None:
        """Replan by search (see :meth:`replan`). The search hides targets and restores them, which
        may reorder views and spare registries: it ends by telling :meth:`_restored`."""
        try:
            return self._search_repairs(job, failed)
        finally:
            self._restored()

    def _search_repairs(self, job: str, failed: tuple[int, ...]) -> Placement | None:
        """The search itself: a repair per failed block, hiding each target from the next search,
        else the fallback."""
        cur = self.placements.get(job)
        if cur is None:
            raise PlannerError(f"job {job!r} is not placed")
        fblocks = self._failed_blocks(job, cur.group_order, failed)
        journal: list[Callable[[], None]] = []
        moves: list[tuple[int, int, int]] = []
        acquire: list[tuple[int, int, Hashable | None]] = []
        level = 0
        try:
            for i, (s, k) in enumerate(fblocks):
                found = self._repair_target(s, k)
                if found is None:
                    break
                h, dst, src = found
                level = max(level, h)
                moves.append((s, dst, k))
                acquire.append((dst, k, src))
                if i + 1 < len(fblocks):  # hide the target from the next searches
                    self._take(job, dst, k, src, journal)
            else:
                return self._repair(cur, tuple(fblocks), failed, tuple(moves), tuple(acquire), level)
        finally:
            self._undo(journal)
        return self._fallback(job, cur, failed)

    def _fallback(self, job: str, cur: Placement, failed: tuple[int, ...]) -> Placement | None:
        """Fresh placement of the job's current-or-later template, planned on the state in which
        its footprint is released and its failed leaves quarantined (then undone)."""
        journal: list[Callable[[], None]] = []
        try:
            self._apply(job, Changes(cur.blocks, failed, ()), journal)
            return self.place(Job(job, cur.templates), cur.template_index, cur, cur.blocks, failed)
        finally:
            self._undo(journal)

    # ---- applying decisions ------------------------------------------------------------------
    def _take(self, job: Hashable, start: int, order: int, source: Hashable | None,
              journal: list[Callable[[], None]]) -> None:
        alloc = self.alloc
        if source is None:
            alloc.allocate(start, order, job)
            journal.append(lambda: alloc.release(start, order))
            return
        rec = alloc.find_record(start)
        if rec is None or rec[2] != source:
            raise BuddyError(f"spare block ({start}, order {order}) is no longer held by {source}")
        spare_start, spare_order = rec[0], rec[1]
        alloc.reassign(start, order, job)
        self._respare(spare_start, spare_order, source)

        def undo() -> None:
            for s2, _o2, _who in list(alloc.records_in(spare_start, spare_order)):
                self._unregister_spare(s2)  # the pieces the take re-registered, before they merge
            alloc.merge_record(spare_start, spare_order, source)
            self._respare(spare_start, spare_order, source)

        journal.append(undo)

    def _respare(self, start: int, order: int, source: Hashable) -> None:
        """Re-register the parts of spare block (start, order) still held by ``source``."""
        for s2, _o2, _who in list(self.alloc.records_in(start, order)):
            self._unregister_spare(s2)
        for s2, o2, who in list(self.alloc.records_in(start, order)):
            if who == source:
                self._register_spare(s2, o2, source)

    def _give_back(self, start: int, order: int, journal: list[Callable[[], None]], owner: Hashable) -> None:
        """Free a job-held record, or quarantine it if one of its leaves is suspect."""
        alloc = self.alloc
        bad = [x for x in self.suspect if start <= x < start + (1 << order)] if self.suspect else []
        if bad:
            for x in bad:
                self._quarantine(x, journal)
            for s, o, who in list(alloc.records_in(start, order)):
                if who == owner:
                    self._give_back(s, o, journal, owner)
            return
        alloc.release(start, order)
        journal.append(lambda: alloc.allocate(start, order, owner))

    def _quarantine(self, leaf: int, journal: list[Callable[[], None]]) -> None:
        alloc = self.alloc
        old = alloc.owner(leaf)
        if old == QUARANTINE:
            return
        if old is None:
            alloc.allocate(leaf, 0, QUARANTINE)
            journal.append(lambda: alloc.release(leaf, 0))
        else:
            rec = alloc.find_record(leaf)
            assert rec is not None, f"leaf {leaf} has an owner, so a record"
            rs, ro, _ = rec
            alloc.reassign(leaf, 0, QUARANTINE)
            journal.append(lambda: alloc.merge_record(rs, ro, old))

    def _apply(self, job: str, ch: Changes, journal: list[Callable[[], None]]) -> None:
        for leaf in ch.quarantine:
            self._quarantine(leaf, journal)
        for s, o in ch.release:
            rec = self.alloc.find_record(s)
            if rec is not None and rec[1] > o:  # records_in splits the enclosing record: undo merges it
                journal.append(partial(self.alloc.merge_record, *rec))
            for rs, ro, owner in list(self.alloc.records_in(s, o)):
                if owner == job:
                    self._give_back(rs, ro, journal, job)
        for s, o, src in ch.acquire:
            self._take(job, s, o, src, journal)

    @staticmethod
    def _undo(journal: list[Callable[[], None]]) -> None:
        while journal:
            journal.pop()()

    def commit(self, p: Placement) -> None:
        """Apply a decision atomically: all of its changes or, on a stale base or conflict, none."""
        if self.versions.get(p.job, 0) != p.base_version or (p.prev is not None) != (p.job in self.placements):
            raise StaleDecision(f"job {p.job!r}: decision is based on version {p.base_version}, "
                                f"planner is at {self.versions.get(p.job, 0)}")
        journal: list[Callable[[], None]] = []
        try:
            self._apply(p.job, p.changes, journal)
        except BuddyError as e:
            self._undo(journal)
            self._settled()
            raise StaleDecision(f"job {p.job!r}: {e}; nothing applied") from None
        self.placements[p.job] = p
        self.versions[p.job] = p.base_version + 1
        self._committed(p)
        if p.prev is not None:
            p.__dict__["moves"] = p.moves  # pinned while prev still holds the earlier moves
            p.prev.prev = None  # keep one step of history, not the job's whole chain of placements
        self._settled()

    def release(self, job: str) -> None:
        """The job finished or was evicted: free its footprint (suspect leaves go to quarantine)."""
        cur = self.placements.pop(job, None)
        if cur is None:
            raise PlannerError(f"job {job!r} is not placed")
        self._apply(job, Changes(cur.blocks, (), ()), [])
        self.versions[job] = self.versions.get(job, 0) + 1
        self._released(cur)
        self._settled()

    def mark_suspect(self, leaves: Iterable[int]) -> None:
        """Health-aware placement: suspect leaves are never placed on; a free one is quarantined
        now, a held one when its job gives it back. A reserved spare holding a suspect leaf is
        given up (the leaf quarantined, the rest freed) and its domain topped up from elsewhere:
        otherwise Replan, which takes spares whole, would repair a job onto the suspect leaf."""
        respare: set[int] = set()
        for leaf in leaves:
            self.suspect.add(leaf)
            owner = self.alloc.owner(leaf)
            if isinstance(owner, tuple) and owner[0] == "spare":
                rec = self.alloc.find_record(leaf)
                assert rec is not None, f"leaf {leaf} has an owner, so a record"
                rs, ro, _ = rec
                self._unregister_spare(rs)
                self.alloc.release(rs, ro)
                respare.add(owner[1])
                owner = None
            if owner is None:
                self._quarantine(leaf, [])
        if respare:
            self._reserve_spares(sorted(respare))
        self._settled()

    def suspect_of(self, job: str) -> list[int]:
        """The suspect leaves in ``job``'s footprint, in leaf order: what a drain moves it off."""
        cur = self.placements.get(job)
        if cur is None or not self.suspect:
            return []
        return sorted(self.suspect & cur.leaves)

    @contextmanager
    def scratch(self) -> Iterator[list[Callable[[], None]]]:
        """A what-if on the allocator: changes made through the yielded journal (``hold``,
        ``vacate``) are undone on exit, and :meth:`_restored` is told, as after a search. Lifecycle
        decisions (defragmentation, preemption, resize) are planned on such hypothetical states."""
        journal: list[Callable[[], None]] = []
        try:
            yield journal
        finally:
            self._undo(journal)
            self._restored()

    def vacate(self, job: str, journal: list[Callable[[], None]]) -> Placement:
        """In a :meth:`scratch`: give back ``job``'s footprint (suspect leaves to quarantine).
        Returns the placement vacated."""
        cur = self.placements.get(job)
        if cur is None:
            raise PlannerError(f"job {job!r} is not placed")
        self._apply(job, Changes(cur.blocks, (), ()), journal)
        return cur

    def hold(self, blocks: Iterable[Block], journal: list[Callable[[], None]]) -> None:
        """In a :meth:`scratch`: take free blocks out of play (the footprint another decision
        promised to a gang that is not placed yet)."""
        for s, o in blocks:
            self._take(HELD, s, o, None, journal)

    def reshape(self, job: str, first: int, stop: int, hold: Iterable[Block] = ()) -> Placement | None:
        """A fresh placement of ``job`` with the first of its templates ``first .. stop-1`` that
        fits, planned on the state where its footprint is given back (suspect leaves quarantined)
        and the ``hold`` blocks are out of play; None if none fits. Committed, it replaces the
        current placement in one step (release, then acquire): a template switch (grow: earlier
        templates, shrink: later ones) or a move to another footprint (defragmentation). Pure."""
        cur = self.placements.get(job)
        if cur is None:
            raise PlannerError(f"job {job!r} is not placed")
        if not 0 <= first < stop <= len(cur.templates):
            raise PlannerError(f"job {job!r}: no templates {first}..{stop - 1}")
        with self.scratch() as journal:
            self.vacate(job, journal)
            self.hold(hold, journal)
            p = self.place(Job(job, cur.templates[:stop]), first, cur, cur.blocks, ())
        return None if p is None else replace(p, templates=cur.templates)

    def heal(self, leaves: Iterable[int]) -> None:
        """Repaired leaves leave quarantine; spare domains are topped up from free capacity."""
        touched = set()
        for leaf in leaves:
            self.suspect.discard(leaf)
            if self.alloc.owner(leaf) == QUARANTINE:
                self.alloc.split_record(leaf, 0)
                self.alloc.release(leaf, 0)
                touched.add(leaf)
        lvl = self.policy.spare_level
        if self.policy.spare_count and touched and lvl is not None:  # a level: checked by __init__
            self._reserve_spares({self.topo.domain_of(x, lvl) for x in touched})
        self._settled()

    # ---- what a subclass keeping derived decisions observes (PreparedPlanner): no-ops here -----
    def _committed(self, p: Placement) -> None:
        """``p`` became its job's placement; ``p.prev``'s history is still whole."""

    def _released(self, p: Placement) -> None:
        """``p`` is no longer its job's placement (the job left)."""

    def _settled(self) -> None:
        """A mutation (commit, release, mark_suspect, heal) ended."""

    def _restored(self) -> None:
        """A what-if (a search, a :meth:`scratch`) undid its changes; views may be reordered."""
