"""GangNavigator as a recovery baseline on equal terms with HDF-B (Table 5's fair row).

Seed 003's navigator (``baselines/navigator.py``) searches free, non-reserved capacity for the
failed members alone and scores a group by the members' own tier: it sees none of the spare nodes
HDF-B repairs onto, and it ignores where the rest of the gang runs. This variant keeps its search
and its scores but gives it what HDF-B gets:

- capacity: free leaves plus the leaves of reserved spare blocks in each level-1 domain;
- footprint: the groups searched are the failed node's enclosing domains, lowest first (a group
  outside the enclosing domain of a level scores no better than that domain), and a group's score
  is the tier of the whole repaired gang (its surviving ranks plus the new members), minus the
  straggler penalty ``(nodes - 1) * 10``.

Members are equal-sized (one TP group each), so the backtracking search's first feasible set is
the greedy one (taking a member never makes a later equal member infeasible elsewhere); the search
is written greedily.
"""

from __future__ import annotations

from collections.abc import Sequence

from phalanx_ref.baselines.navigator import TIER_SCORE
from phalanx_ref.hdfb import Planner


class FairNavigator:
    """The navigator's repair of a failed gang member set, with spares and the gang's footprint."""

    def __init__(self, planner: Planner) -> None:
        self.planner = planner
        self._domains: dict[int, list[int]] = {}

    def _level1_under(self, v: int) -> list[int]:
        doms = self._domains.get(v)
        if doms is None:
            t = self.planner.topo
            doms = self._domains[v] = [d for d in range(v, t.node_end[v]) if t.level[d] == 1]
        return doms

    def _usable(self, d: int) -> list[int]:
        """Free leaves and leaves of reserved spare blocks in level-1 domain ``d``, in order."""
        p = self.planner
        free = [x for o, ss in p.alloc.blocks[d].items() for s in ss for x in range(s, s + (1 << o))]
        spare = [x for s, (o, _owner) in p.spares_under[d].items() for x in range(s, s + (1 << o))]
        return sorted(free + spare)

    def repair(self, rank_leaf: Sequence[int], ranks: Sequence[int], per_member: int,
               failed_leaf: int) -> tuple[tuple[int, ...], float] | None:
        """The rank map with ``ranks`` (members of ``per_member`` consecutive ranks) moved, and its
        score; None when no enclosing domain has room."""
        t, alloc, spares = self.planner.topo, self.planner.alloc, self.planner.spares_under
        members = len(ranks) // per_member
        moved = set(ranks)
        rest = [x for r, x in enumerate(rank_leaf) if r not in moved]
        lo, hi = (min(rest), max(rest)) if rest else (None, None)
        for v in t.ancestors[t.leaf_domain[failed_leaf]]:
            chosen: list[int] = []
            for d in self._level1_under(v):
                room = alloc.nfree[d] + sum(1 << o for o, _ in spares[d].values())
                if room < per_member:
                    continue
                usable = self._usable(d)
                take = min(members - len(chosen) // per_member, len(usable) // per_member)
                chosen += usable[:take * per_member]
                if len(chosen) == members * per_member:
                    break
            if len(chosen) < members * per_member:
                continue
            first = min(chosen) if lo is None else min(lo, min(chosen))
            last = max(chosen) if hi is None else max(hi, max(chosen))
            nodes = len({t.leaf_domain[x] for x in chosen})
            score = TIER_SCORE.get(t.lca_level(first, last), TIER_SCORE[5]) - (nodes - 1) * 10.0
            new = list(rank_leaf)
            for r, x in zip(ranks, chosen, strict=True):
                new[r] = x
            # the gang's tier can only fall from here up, the penalty stays: the first group is the best
            return tuple(new), score
        return None
