"""Topology-blind replacement (paper §8.4): each migrated rank goes to a uniformly random free
leaf, the behaviour of a generic scheduler receiving a recovery pod like any other pod."""

from __future__ import annotations

import random
from collections.abc import Sequence

from phalanx_ref.hdfb import Planner


def blind_replace(planner: Planner, rank_leaf: Sequence[int], ranks: Sequence[int],
                  rng: random.Random) -> tuple[int, ...] | None:
    """New rank map with ``ranks`` moved to distinct random free leaves (rejection sampling over
    the leaf ids; None if too few free leaves)."""
    alloc, n = planner.alloc, planner.topo.n_leaves
    if sum(1 << o for o in alloc.free.values()) < len(ranks):
        return None
    chosen: set[int] = set()
    while len(chosen) < len(ranks):
        x = rng.randrange(n)
        if x not in chosen and alloc.find_record(x) is None:
            chosen.add(x)
    out = list(rank_leaf)
    for r, x in zip(ranks, sorted(chosen), strict=True):
        out[r] = x
    return tuple(out)
