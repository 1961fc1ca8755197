"""Bounded topology trees for the HDF-B lemmas, and the buddy allocator's free list over them in z3.

A tree is given by its fanouts from the bottom: ``(8, 4, 2)`` is 8 leaves per level-1 domain
(a node), 4 nodes per level-2 domain, 2 of those under the root (level 3). Domains are contiguous
leaf ranges. Buddy blocks live inside *roots*: the whole tree when every level-1 domain is a power
of two, otherwise each level-1 domain split into power-of-two roots (an NVL72 rack of 72 leaves
is a 64-block and an 8-block), as phalanx_ref.topology does.

The allocator's state is symbolic: ``listed[(s, o)]`` says block (s, o) is on the free list. The
buddy invariant (Proposition 1 (i)) is: listed blocks are disjoint, and no two buddies are both
listed (eager coalescing keeps the list maximal).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property

import z3

Block = tuple[int, int]  # (start, order)


@dataclass(frozen=True)
class Tree:
    name: str
    fanouts: tuple[int, ...]

    @property
    def depth(self) -> int:
        return len(self.fanouts)

    @cached_property
    def n(self) -> int:
        out = 1
        for f in self.fanouts:
            out *= f
        return out

    def size(self, h: int) -> int:
        """Leaves under one level-h domain (level 0 is a single leaf)."""
        out = 1
        for f in self.fanouts[:h]:
            out *= f
        return out

    def domain(self, h: int, leaf: int) -> int:
        return leaf // self.size(h)

    @cached_property
    def roots(self) -> tuple[Block, ...]:
        if self.n & (self.n - 1) == 0:
            return ((0, self.n.bit_length() - 1),)
        d = self.fanouts[0]
        out = []
        for base in range(0, self.n, d):
            s, rest = base, d
            for o in range(d.bit_length() - 1, -1, -1):
                if rest >= 1 << o:
                    out.append((s, o))
                    s, rest = s + (1 << o), rest - (1 << o)
        return tuple(out)

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
        out = []
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
        return next(r for r in self.roots if r[0] <= leaf < r[0] + (1 << r[1]))

    def align(self, leaf: int, order: int) -> int:
        """Start of the order-``order`` block holding ``leaf`` (aligned inside its root)."""
        rs = self.root_of(leaf)[0]
        return rs + ((leaf - rs) >> order << order)

    def buddy(self, b: Block) -> Block | None:
        s, o = b
        root = self.root_of(s)
        if o >= root[1]:
            return None
        return root[0] + ((s - root[0]) ^ (1 << o)), o


def bounded_trees(max_leaves: int) -> list[Tree]:
    """Every level shape up to 4 levels with fanouts in {2, 4, 8} and at most max_leaves leaves,
    plus an HGX-like cluster (8 GPUs per node, 4 nodes per leaf switch, 2 switches) and an
    NVL72-like one (two 72-GPU racks)."""
    out = []
    for depth in range(1, 5):
        for fan in itertools.product((2, 4, 8), repeat=depth):
            t = Tree("x".join(map(str, fan)), fan)
            if t.n <= max_leaves:
                out.append(t)
    out.append(Tree("HGX-like 8x4x2", (8, 4, 2)))
    out.append(Tree("NVL72-like 72x2", (72, 2)))
    return out


class FreeList:
    """A symbolic free list on a tree, and the formulas about it."""

    def __init__(self, tree: Tree, tag: str) -> None:
        self.tree = tree
        self.listed = {b: z3.Bool(f"{tag}_listed_{b[0]}_{b[1]}") for b in tree.blocks}

    def covers(self, leaf: int) -> z3.BoolRef:
        return z3.Or([self.listed[b] for b in self.tree.containing[leaf]])

    def fully_free(self, b: Block) -> z3.BoolRef:
        s, o = b
        return z3.And([self.covers(x) for x in range(s, s + (1 << o))])

    def invariant(self) -> z3.BoolRef:
        """Prop. 1 (i) as the allocator keeps it: disjoint listed blocks, no two free buddies."""
        return z3.And([z3.Not(z3.And(self.listed[a], self.listed[b])) for a, b in self.tree.exclusive_pairs])

    def has_listed(self, k: int, within: tuple[int, int] | None = None) -> z3.BoolRef:
        """A listed block of order >= k (inside the level-h domain d when ``within`` = (h, d))."""
        t = self.tree
        return z3.Or([v for (s, o), v in self.listed.items() if o >= k
                      and (within is None or t.domain(within[0], s) == within[1])] or [z3.BoolVal(False)])
