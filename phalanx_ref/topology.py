"""Leveled topology tree of paper §3.1, compiled into flat arrays for the planner's hot paths.

Levels: 0 GPU (leaf), 1 NVLink/NVSwitch domain, 2 server node, 3 rail group, 4 spine pod, 5 cluster.
On HGX the server node *is* the NVLink domain and on GB200 NVL72 the node collapses into the 72-GPU
rack domain, so level 2 has no nodes of its own in either case: a level-1 domain's parent sits at
level 3 and ``d(u, v)`` for two GPUs of one HGX node is 1.

Leaves are numbered 0..N-1 in depth-first order, so every subtree is a contiguous leaf range
``[lo, hi)``; internal nodes are numbered in depth-first pre-order, so a subtree's internal nodes
are the id range ``[v, node_end[v])``. The algorithms only use these arrays (capacity, level,
bandwidth class, rail label); nothing assumes a fanout. networkx is used only by
:meth:`Topology.to_networkx` for validation and drawing.

Buddy roots: the buddy allocator needs power-of-two aligned blocks that never straddle a tree
boundary. A node whose children are single roots of one order is itself a root when it has a
power-of-two number of children; with another count (72 GPUs of an NVL72 rack) the children are
grouped by the binary decomposition of the count, largest first (72 = 64 + 8), and each group is
a root. Any other node is the concatenation of its children's roots. Hence every block lies in one
root, every tree node inside a root is an aligned block, and a block spanning several level-1
domains is a union of whole, equal-sized domains.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

LEVEL_NAMES: tuple[str, ...] = ("gpu", "nvlink_domain", "node", "rail_group", "spine_pod", "cluster")


class TopologyError(ValueError):
    """A topology description that cannot be compiled; the message names the offending object."""


@dataclass(frozen=True)
class Gpu:
    """A leaf: one accelerator, with its rail label (NIC index wired to leaf switch ``rail``)."""

    name: str
    rail: int = 0


@dataclass
class Domain:
    """An internal node of the description tree; ``level`` is its paper level (1..D)."""

    level: int
    name: str
    children: list[Domain | Gpu] = field(default_factory=list)


def ceil_log2(n: int) -> int:
    """Smallest k with 2**k >= n (n >= 1): the buddy order of a request for n leaves."""
    return (n - 1).bit_length()


class Topology:
    """Compiled tree ``(T, cap, free, beta, rail)``; immutable once built.

    ``bandwidth[h]`` is the per-GPU bandwidth class (GB/s) of a collective whose lowest common
    ancestor is at level ``h``; it must be strictly decreasing in ``h`` over the levels present.
    """

    def __init__(self, root: Domain, bandwidth: Mapping[int, float], *,
                 level_names: Sequence[str] = LEVEL_NAMES, generation: str = "") -> None:
        self.level_names = tuple(level_names)
        self.generation = generation
        self.leaf_names: list[str] = []
        self.rail: list[int] = []
        self.leaf_domain: list[int] = []  # level-1 node id of each leaf
        self.level: list[int] = []
        self.lo: list[int] = []
        self.hi: list[int] = []
        self.parent: list[int] = []
        self.node_name: list[str] = []
        self.node_end: list[int] = []
        self._compile(root)
        self.depth = self.level[0]
        self.n_leaves = len(self.leaf_names)
        present = sorted(set(self.level))
        self.levels: tuple[int, ...] = tuple(present)
        missing = [h for h in present if h not in bandwidth]
        if missing:
            raise TopologyError(f"topology {root.name!r}: no bandwidth class for level(s) {missing}")
        self.bandwidth = {h: float(bandwidth[h]) for h in bandwidth}
        for a, b in zip(present, present[1:], strict=False):
            if not self.bandwidth[a] > self.bandwidth[b]:
                raise TopologyError(f"topology {root.name!r}: bandwidth class must strictly decrease "
                                    f"with level, got beta({a})={self.bandwidth[a]} <= beta({b})")
        self.ancestors: list[tuple[int, ...]] = []
        for v in range(len(self.level)):
            p = self.parent[v]
            self.ancestors.append((v,) if p < 0 else (v, *self.ancestors[p]))
        self.nodes_at_level: dict[int, list[int]] = {h: [] for h in present}
        for v, h in enumerate(self.level):
            self.nodes_at_level[h].append(v)
        self.cap = [hi - lo for lo, hi in zip(self.lo, self.hi, strict=True)]
        self.roots: list[tuple[int, int]] = self._buddy_roots()
        self.root_start: list[int] = [0] * self.n_leaves
        self.root_order: list[int] = [0] * self.n_leaves
        for s, o in self.roots:
            for x in range(s, s + (1 << o)):
                self.root_start[x] = s
                self.root_order[x] = o
        self.max_order = max(o for _, o in self.roots)
        self.node_order: list[int | None] = [self._aligned_order(v) for v in range(len(self.level))]
        self.domain_caps: frozenset[int] = frozenset(self.cap[v] for v in self.nodes_at_level[1])
        self.classes: list[frozenset[int]] = self._classes_under()
        self._name_index: dict[str, int] | None = None
        self._chains: dict[tuple[int, int], tuple[int, ...]] = {}

    # ---- compilation -------------------------------------------------------------------------
    def _compile(self, root: Domain) -> None:
        if not isinstance(root, Domain):
            raise TopologyError("topology root must be a Domain")
        seen: set[str] = set()
        self._visit(root, -1, seen)

    def _visit(self, dom: Domain, par: int, seen: set[str]) -> None:
        """Pre-order walk (recursion depth = number of levels) assigning ids and leaf ranges."""
        if dom.name in seen:
            raise TopologyError(f"duplicate name {dom.name!r}")
        seen.add(dom.name)
        if not dom.children:
            raise TopologyError(f"domain {dom.name!r} (level {dom.level}) has no children")
        if par >= 0 and dom.level >= self.level[par]:
            raise TopologyError(f"domain {dom.name!r}: level {dom.level} is not below its parent "
                                f"{self.node_name[par]!r} (level {self.level[par]})")
        if dom.level < 1:
            raise TopologyError(f"domain {dom.name!r}: level must be >= 1, got {dom.level}")
        v = len(self.level)
        self.level.append(dom.level)
        self.parent.append(par)
        self.node_name.append(dom.name)
        self.lo.append(len(self.leaf_names))
        self.hi.append(-1)
        self.node_end.append(-1)
        is_gpu = [isinstance(c, Gpu) for c in dom.children]
        if (dom.level == 1) != all(is_gpu) or (any(is_gpu) and not all(is_gpu)):
            raise TopologyError(f"domain {dom.name!r}: GPUs must hang directly and only under "
                                f"level-1 domains (this one is level {dom.level})")
        for c in dom.children:
            if isinstance(c, Gpu):
                if c.name in seen:
                    raise TopologyError(f"duplicate name {c.name!r}")
                seen.add(c.name)
                self.leaf_names.append(c.name)
                self.rail.append(c.rail)
                self.leaf_domain.append(v)
            else:
                self._visit(c, v, seen)
        self.hi[v] = len(self.leaf_names)
        self.node_end[v] = len(self.level)

    def children(self, v: int) -> list[int]:
        """Internal children of node v (empty for level-1 domains, whose children are leaves)."""
        out, c = [], v + 1
        while c < self.node_end[v]:
            out.append(c)
            c = self.node_end[c]
        return out

    def _buddy_roots(self) -> list[tuple[int, int]]:
        """Buddy roots, bottom-up: siblings' roots merge when each child is one root of the same
        order over level-1 domains of one size. The size matters: a root over domains of 4, 2
        and 2 leaves would hold an aligned 4-block straddling two domains, and the carving of
        TP groups (whole level-1 sub-blocks) assumes every domain under a root is alike."""
        roots_of: dict[int, list[tuple[int, int]]] = {}
        dsize: dict[int, int | None] = {}  # the level-1 domain size under v, None if mixed
        for v in reversed(range(len(self.level))):
            if self.level[v] == 1:
                roots_of[v] = self._group_equal([(x, 0) for x in range(self.lo[v], self.hi[v])])
                dsize[v] = self.hi[v] - self.lo[v]
                continue
            kids = [roots_of.pop(c) for c in self.children(v)]
            sizes = {dsize.pop(c) for c in self.children(v)}
            dsize[v] = sizes.pop() if len(sizes) == 1 else None
            parts = [r for rs in kids for r in rs]
            mergeable = all(len(rs) == 1 for rs in kids) and len({o for _, o in parts}) == 1 \
                and dsize[v] is not None
            roots_of[v] = self._group_equal(parts) if mergeable else parts
        return roots_of[0]

    @staticmethod
    def _group_equal(parts: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Group equal-order consecutive roots by the binary decomposition of their count (72 = 64+8)."""
        order = parts[0][1]
        out: list[tuple[int, int]] = []
        i, m = 0, len(parts)
        while i < m:
            p = (m - i).bit_length() - 1
            out.append((parts[i][0], order + p))
            i += 1 << p
        return out

    def _aligned_order(self, v: int) -> int | None:
        size = self.cap[v]
        if size & (size - 1):
            return None
        lo = self.lo[v]
        rs, ro = self.root_start[lo], self.root_order[lo]
        if (1 << ro) < size or (lo - rs) % size:
            return None
        return size.bit_length() - 1

    def _classes_under(self) -> list[frozenset[int]]:
        out: list[set[int]] = [set() for _ in self.level]
        for d in self.nodes_at_level[1]:
            for a in self.ancestors[d]:
                out[a].add(self.cap[d])
        return [frozenset(s) for s in out]

    # ---- queries -----------------------------------------------------------------------------
    def align(self, leaf: int, order: int) -> int:
        """Start of the aligned block of ``order`` containing ``leaf`` (order <= its root order)."""
        rs = self.root_start[leaf]
        return rs + ((leaf - rs) >> order << order)

    def dclass(self, start: int) -> int:
        """Capacity of the level-1 domain holding ``start``: a block's TP-fit class."""
        return self.cap[self.leaf_domain[start]]

    def block_chain(self, start: int, order: int) -> tuple[int, ...]:
        """Tree nodes strictly containing block (start, order), lowest first (its domains).
        Memoized: Replan asks for the same failed-block chains again and again."""
        key = (start, order)
        chain = self._chains.get(key)
        if chain is None:
            end = start + (1 << order)
            chain = self._chains[key] = tuple(v for v in self.ancestors[self.leaf_domain[start]]
                                              if self.hi[v] >= end and self.cap[v] > (1 << order))
        return chain

    def lca_level(self, first: int, last: int) -> int:
        """Level of the lowest common ancestor of leaves ``first <= last`` (0 if equal)."""
        if first == last:
            return 0
        for v in self.ancestors[self.leaf_domain[first]]:
            if self.hi[v] > last:
                return self.level[v]
        raise AssertionError("leaves outside the tree")

    def distance(self, u: int, v: int) -> int:
        """Paper's d(u, v) = level(lca(u, v))."""
        return self.lca_level(min(u, v), max(u, v))

    def leaf_id(self, name: str) -> int:
        """Leaf id of a stable leaf name such as ``pod3/rg1/node17/gpu3``."""
        if self._name_index is None:
            self._name_index = {n: i for i, n in enumerate(self.leaf_names)}
        try:
            return self._name_index[name]
        except KeyError:
            raise TopologyError(f"unknown leaf {name!r}") from None

    def domain_of(self, leaf: int, level: int) -> int:
        """The ancestor node of ``leaf`` at ``level`` (the nearest one at or above it)."""
        for v in self.ancestors[self.leaf_domain[leaf]]:
            if self.level[v] >= level:
                return v
        raise TopologyError(f"no level-{level} domain above leaf {leaf}")

    def to_networkx(self):  # noqa: ANN201 - networkx is an optional, off-hot-path dependency
        """The tree as a networkx DiGraph (parent -> child), for validation and drawing."""
        import networkx as nx

        g = nx.DiGraph()
        for v, name in enumerate(self.node_name):
            g.add_node(name, level=self.level[v], cap=self.cap[v])
            if self.parent[v] >= 0:
                g.add_edge(self.node_name[self.parent[v]], name)
        for x, name in enumerate(self.leaf_names):
            g.add_node(name, level=0, cap=1, rail=self.rail[x])
            g.add_edge(self.node_name[self.leaf_domain[x]], name)
        return g

    def __repr__(self) -> str:
        return (f"Topology({self.generation or 'custom'}, leaves={self.n_leaves}, depth={self.depth}, "
                f"levels={self.levels}, roots={len(self.roots)})")


# ---- generators ------------------------------------------------------------------------------
# Per-GPU bandwidth class (GB/s) by level. Level 1 is the NVLink generation; level 3 one NDR (or HDR
# for A100) NIC inside a rail; level 4 the spine pod; level 5 the oversubscribed cluster core, the
# 6.25 GB/s tier of paper §8.4.
HGX_A100_BANDWIDTH = {1: 600.0, 3: 25.0, 4: 12.5, 5: 6.25}
HGX_H100_BANDWIDTH = {1: 900.0, 3: 50.0, 4: 25.0, 5: 6.25}
GB200_NVL72_BANDWIDTH = {1: 1800.0, 3: 50.0, 4: 25.0, 5: 6.25}


def _fabric(domains: list[Domain], per_rail_group: int, rail_groups_per_pod: int, pods: int) -> Domain:
    """Wrap level-1 domains (already in order) into rail groups, spine pods and the cluster."""
    need = per_rail_group * rail_groups_per_pod * pods
    if len(domains) != need or min(per_rail_group, rail_groups_per_pod, pods) < 1:
        raise TopologyError(f"fabric wants {need} level-1 domains, got {len(domains)}")
    it = iter(domains)
    return Domain(5, "cluster", [
        Domain(4, f"pod{p}", [
            Domain(3, f"pod{p}/rg{r}", [next(it) for _ in range(per_rail_group)])
            for r in range(rail_groups_per_pod)])
        for p in range(pods)])


def _hgx(nodes_per_rail_group: int, rail_groups_per_pod: int, pods: int, gpus: int) -> Domain:
    n = nodes_per_rail_group * rail_groups_per_pod * pods
    nodes = [Domain(1, f"node{i}", [Gpu(f"node{i}/gpu{g}", rail=g) for g in range(gpus)]) for i in range(n)]
    return _fabric(nodes, nodes_per_rail_group, rail_groups_per_pod, pods)


def hgx_a100(nodes_per_rail_group: int = 4, rail_groups_per_pod: int = 2, pods: int = 2) -> Topology:
    """HGX A100 cluster: 8-GPU nodes (NVLink 3, 600 GB/s), rail-optimized NICs, GPU g on rail g."""
    return Topology(_hgx(nodes_per_rail_group, rail_groups_per_pod, pods, 8), HGX_A100_BANDWIDTH,
                    generation="hgx-a100")


def hgx_h100(nodes_per_rail_group: int = 4, rail_groups_per_pod: int = 2, pods: int = 2) -> Topology:
    """HGX H100 cluster: 8-GPU nodes (NVLink 4, 900 GB/s), rail-optimized NICs, GPU g on rail g."""
    return Topology(_hgx(nodes_per_rail_group, rail_groups_per_pod, pods, 8), HGX_H100_BANDWIDTH,
                    generation="hgx-h100")


def gb200_nvl72(racks_per_rail_group: int = 2, rail_groups_per_pod: int = 2, pods: int = 1) -> Topology:
    """GB200 NVL72 cluster: 72-GPU NVLink racks (1.8 TB/s); node level collapses into the rack.

    Each 4-GPU compute tray has one NIC per GPU, so GPU g of a rack is on rail g mod 4. Each rack is
    split into buddy roots of 64 + 8 GPUs (see the module docstring).
    """
    n = racks_per_rail_group * rail_groups_per_pod * pods
    racks = [Domain(1, f"rack{i}", [Gpu(f"rack{i}/gpu{g}", rail=g % 4) for g in range(72)]) for i in range(n)]
    return Topology(_fabric(racks, racks_per_rail_group, rail_groups_per_pod, pods), GB200_NVL72_BANDWIDTH,
                    generation="gb200-nvl72")


# Paper §8 instantiation: per-GPU bandwidth tiers of 900 / 50 / 12.5 / 6.25 GB/s.
TESTBED_BANDWIDTH = {1: 900.0, 3: 50.0, 4: 12.5, 5: 6.25}


def testbed_131k() -> Topology:
    """Paper §8.3 testbed: 131,072 H100 GPUs, 8/node, 32 nodes/rail group, 8 rail groups/pod, 64 pods,
    with the §8 bandwidth tiers (the pod tier is 12.5 GB/s there, not the generic H100 25 GB/s)."""
    return Topology(_hgx(32, 8, 64, 8), TESTBED_BANDWIDTH, generation="hgx-h100")
