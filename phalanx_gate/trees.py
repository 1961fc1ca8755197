"""Bounded topology trees for the HDF-B lemmas, and the buddy allocator's free list over them in z3.

A tree *is* a ``phalanx_ref.topology.Topology``: the planner's own compiled tree, so the lemmas
speak of the roots, domains and blocks the planner uses (non-power-of-two fanouts such as
(8, 3), an NVL72 rack split into a 64-block and an 8-block, level-1 domains of mixed sizes).
Levels are counted as the prover needs them: 0 is a leaf, 1..depth are the topology's levels
present, lowest first (a paper level absent from the topology, such as the node level of HGX,
is skipped). Domains are contiguous leaf ranges.

The allocator's state is symbolic: ``listed[(s, o)]`` says block (s, o) is on the free list. The
buddy invariant (Proposition 1 (i)) is: listed blocks are disjoint, and no two buddies are both
listed (eager coalescing keeps the list maximal).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import cached_property

import z3

from phalanx_ref.topology import Domain, Gpu, Topology

Block = tuple[int, int]  # (start, order)


class Tree:
    """A named Topology with the level and block queries the lemmas need."""

    def __init__(self, name: str, topo: Topology, fanouts: tuple[int, ...] = ()) -> None:
        self.name = name
        self.topo = topo
        self.fanouts = fanouts
        self.n = topo.n_leaves
        self.depth = len(topo.levels)
        # dom[h][leaf]: the id of the level-h domain holding leaf (h = 0: the leaf itself).
        self.dom: tuple[tuple[int, ...], ...] = (tuple(range(self.n)),) + tuple(
            tuple(topo.domain_of(x, level) for x in range(self.n)) for level in topo.levels)
        self.roots: tuple[Block, ...] = tuple(topo.roots)

    @classmethod
    def from_fanouts(cls, name: str, fanouts: tuple[int, ...]) -> Tree:
        """``(8, 4, 2)``: 8 leaves per level-1 domain, 4 of those per level-2 domain, 2 under the root."""
        return cls(name, topology_of(fanouts), fanouts)

    def domain(self, h: int, leaf: int) -> int:
        return self.dom[h][leaf]

    def domain_ids(self, h: int) -> list[int]:
        return sorted(set(self.dom[h]))

    def domain_ranges(self, h: int) -> list[range]:
        """The leaf range of each level-h domain."""
        out: dict[int, list[int]] = {}
        for x, d in enumerate(self.dom[h]):
            out.setdefault(d, []).append(x)
        return [range(xs[0], xs[-1] + 1) for _, xs in sorted(out.items())]

    @cached_property
    def max_domain(self) -> int:
        """Leaves of the largest level-1 domain (the largest TP group that fits in one)."""
        return max(len(r) for r in self.domain_ranges(1))

    @cached_property
    def max_order(self) -> int:
        return max(o for _, o in self.roots)

    @cached_property
    def blocks(self) -> tuple[Block, ...]:
        """Every aligned block inside a root."""
        return tuple((rs + i * (1 << o), o) for rs, ro in self.roots for o in range(ro + 1)
                     for i in range(1 << (ro - o)))

    def blocks_of(self, order: int) -> list[Block]:
        return [b for b in self.blocks if b[1] == order]

    def lca_level(self, b: Block) -> int:
        """The level of the smallest domain holding block b: its bottleneck level B."""
        s, o = b
        return next(h for h in range(self.depth + 1) if self.domain(h, s) == self.domain(h, s + (1 << o) - 1))

    def groups_fit(self, b: Block, tp: int) -> bool:
        """Every TP group (consecutive tp leaves of b) lies inside one level-1 domain."""
        s, o = b
        return all(self.domain(1, g) == self.domain(1, g + tp - 1) for g in range(s, s + (1 << o), tp))

    @cached_property
    def exclusive_pairs(self) -> tuple[tuple[Block, Block], ...]:
        """Pairs of blocks never both on a canonical free list: nested blocks, and buddies."""
        out: list[tuple[Block, Block]] = []
        for s, o in self.blocks:
            out.extend(((s, o), (s2, o2)) for s2, o2 in self.blocks if o2 < o and s <= s2 < s + (1 << o))
            bud = self.buddy((s, o))
            if bud is not None and bud[0] > s:
                out.append(((s, o), bud))
        return tuple(out)

    @cached_property
    def containing(self) -> tuple[tuple[Block, ...], ...]:
        """Per leaf, the blocks holding it (one per order of its root)."""
        out: list[list[Block]] = [[] for _ in range(self.n)]
        for s, o in self.blocks:
            for x in range(s, s + (1 << o)):
                out[x].append((s, o))
        return tuple(tuple(x) for x in out)

    def root_of(self, leaf: int) -> Block:
        return self.topo.root_start[leaf], self.topo.root_order[leaf]

    def align(self, leaf: int, order: int) -> int:
        """Start of the order-``order`` block holding ``leaf`` (aligned inside its root)."""
        return self.topo.align(leaf, order)

    def buddy(self, b: Block) -> Block | None:
        s, o = b
        root = self.root_of(s)
        if o >= root[1]:
            return None
        return root[0] + ((s - root[0]) ^ (1 << o)), o


def topology_of(fanouts: tuple[int, ...], name: str = "t") -> Topology:
    """The Topology with these fanouts from the bottom, at levels 1..len(fanouts)."""
    leaves = iter(range(10**9))
    level_nodes: list[Domain | Gpu] = [Gpu(f"{name}/gpu{next(leaves)}") for _ in range(_product(fanouts))]
    for h, f in enumerate(fanouts, start=1):
        level_nodes = [Domain(h, f"{name}/l{h}d{i}", level_nodes[i * f:(i + 1) * f])
                       for i in range(len(level_nodes) // f)]
    (root,) = level_nodes
    assert isinstance(root, Domain)
    return Topology(root, _bandwidth(len(fanouts)))


def _bandwidth(depth: int) -> dict[int, float]:
    """A strictly decreasing bandwidth class per level (the lemmas never read its values)."""
    return {h: 2.0 ** (depth - h) for h in range(1, depth + 1)}


def _product(xs: tuple[int, ...]) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


def mixed_domains() -> Tree:
    """Level-1 domains of 4, 2 and 2 leaves under one level-2 domain, twice (the planner keeps
    each in its own buddy root: a 4-block over a 2+2 pair would straddle two domains)."""
    def l2(i: int) -> Domain:
        sizes = (4, 2, 2)
        base = i * 8
        offs = [0, 4, 6]
        return Domain(2, f"m{i}", [Domain(1, f"m{i}/d{j}", [Gpu(f"m{i}/gpu{base + offs[j] + g}") for g in range(n)])
                                   for j, n in enumerate(sizes)])
    return Tree("mixed 4+2+2 x2", Topology(Domain(3, "mixed", [l2(0), l2(1)]), _bandwidth(3)))


def bounded_trees(max_leaves: int) -> list[Tree]:
    """Every level shape up to 4 levels with fanouts in {2, 4, 8} and at most max_leaves leaves,
    shapes with fanouts that are not powers of two (3 and 6), level-1 domains of mixed sizes,
    and from 64 leaves on an HGX-like cluster (8 GPUs per node, 4 nodes per leaf switch, 2
    switches) and an NVL72-like one (two 72-GPU racks, 144 leaves)."""
    shapes: list[tuple[str, tuple[int, ...]]] = []
    for depth in range(1, 5):
        for fan in itertools.product((2, 4, 8), repeat=depth):
            if _product(fan) <= max_leaves:
                shapes.append(("x".join(map(str, fan)), fan))
    for fan in ((3,), (6,), (3, 2), (2, 3), (6, 2), (8, 3), (3, 2, 2), (4, 3, 2)):
        if _product(fan) <= max_leaves:
            shapes.append(("x".join(map(str, fan)), fan))
    out = [Tree.from_fanouts(name, fan) for name, fan in shapes]
    if max_leaves >= 16:
        out.append(mixed_domains())
    if max_leaves >= 64:  # the real-cluster shapes come with the default bound and above
        out.append(Tree.from_fanouts("HGX-like 8x4x2", (8, 4, 2)))
        out.append(Tree.from_fanouts("NVL72-like 72x2", (72, 2)))
    return out


def every(terms: Sequence[z3.BoolRef], ctx: z3.Context) -> z3.BoolRef:
    """``z3.And(terms)`` for Boolean terms of ``ctx``, without the Python API's coercion of each
    argument (a sort comparison and temporary objects per term: with Or, most of the CPU time of
    building a 64- or 144-leaf tree's queries). True when empty."""
    return _connective(z3.Z3_mk_and, terms, ctx)


def some(terms: Sequence[z3.BoolRef], ctx: z3.Context) -> z3.BoolRef:
    """``z3.Or(terms)`` likewise; False when empty."""
    return _connective(z3.Z3_mk_or, terms, ctx)


def substituted(term: z3.BoolRef, pairs: Sequence[tuple[z3.BoolRef, z3.BoolRef]], ctx: z3.Context) -> z3.BoolRef:
    """``z3.substitute(term, *pairs)`` for Boolean terms of ``ctx``, without the API's sort check
    per pair (half the CPU time of building Prop. 1's queries on 144 leaves)."""
    src = (z3.Ast * len(pairs))(*[a.as_ast() for a, _ in pairs])
    dst = (z3.Ast * len(pairs))(*[b.as_ast() for _, b in pairs])
    return z3.BoolRef(z3.Z3_substitute(ctx.ref(), term.as_ast(), len(pairs), src, dst), ctx)


def _connective(make: Callable[..., z3.Ast], terms: Sequence[z3.BoolRef], ctx: z3.Context) -> z3.BoolRef:
    args = (z3.Ast * len(terms))(*[t.as_ast() for t in terms])
    return z3.BoolRef(make(ctx.ref(), len(terms), args), ctx)


class FreeList:
    """A free list on a tree (``listed[(s, o)]``: block (s, o) is on it), and the formulas about it.
    A leaf's coverage and a block's "inside a listed block" are built once per list: the lemmas ask
    for them per block, order and TP size, and building z3 terms, not solving, was most of a large
    tree's time."""

    def __init__(self, tree: Tree, listed: dict[Block, z3.BoolRef]) -> None:
        self.tree = tree
        self.listed = listed
        self._covers: dict[int, z3.BoolRef] = {}
        self._inlisted: dict[Block, z3.BoolRef] = {}

    @classmethod
    def symbolic(cls, tree: Tree, tag: str, ctx: z3.Context | None = None) -> FreeList:
        """Every entry a fresh Boolean ``{tag}_listed_{start}_{order}`` of ``ctx`` (None: z3's main context)."""
        return cls(tree, {b: z3.Bool(f"{tag}_listed_{b[0]}_{b[1]}", ctx) for b in tree.blocks})

    @property
    def ctx(self) -> z3.Context:
        return next(iter(self.listed.values())).ctx

    def covers(self, leaf: int) -> z3.BoolRef:
        if leaf not in self._covers:
            self._covers[leaf] = some([self.listed[b] for b in self.tree.containing[leaf]], self.ctx)
        return self._covers[leaf]

    def inlisted(self, b: Block) -> z3.BoolRef:
        """Aligned block b lies inside one listed block (what a node's free-block view shows)."""
        if b not in self._inlisted:
            s, o = b
            self._inlisted[b] = some([v for (s2, o2), v in self.listed.items() if o2 >= o and s2 <= s < s2 + (1 << o2)],
                                     self.ctx)
        return self._inlisted[b]

    def fully_free(self, b: Block) -> z3.BoolRef:
        s, o = b
        return every([self.covers(x) for x in range(s, s + (1 << o))], self.ctx)

    def exclusions(self) -> list[z3.BoolRef]:
        """One clause per pair of :attr:`Tree.exclusive_pairs`: not both listed."""
        return [z3.Not(every([self.listed[a], self.listed[b]], self.ctx)) for a, b in self.tree.exclusive_pairs]

    def invariant(self) -> z3.BoolRef:
        """Prop. 1 (i) as the allocator keeps it: disjoint listed blocks, no two free buddies."""
        return every(self.exclusions(), self.ctx)

    def has_listed(self, k: int, within: tuple[int, int] | None = None) -> z3.BoolRef:
        """A listed block of order >= k (inside the level-h domain d when ``within`` = (h, d))."""
        t = self.tree
        return some([v for (s, o), v in self.listed.items() if o >= k
                     and (within is None or t.domain(within[0], s) == within[1])], self.ctx)
