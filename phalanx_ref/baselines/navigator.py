"""Seed 003's GangNavigator: backtracking search for a feasible member set inside each topology
group, tiered bandwidth scores, the ``selected + remaining < needed`` prune, and the straggler
penalty ``(nodes - 1) * 10``; the best-scoring feasible group wins.

A member needs ``per_member`` GPUs on one level-1 domain (one TP group). Tiers map onto tree
levels: SameNvlinkDomain = level 1, SameHost = level 2, SameRail = level 3, SameZone = level 4,
Any = the cluster. The search sees free, non-reserved capacity only (like HDF-B's Place).
"""

from __future__ import annotations

from dataclasses import dataclass

from phalanx_ref.hdfb import Planner

TIER_SCORE = {1: 1000.0, 2: 900.0, 3: 500.0, 4: 200.0, 5: 100.0}


@dataclass(frozen=True)
class NavigatorResult:
    leaves: tuple[int, ...]  # per member, ``per_member`` consecutive entries
    score: float
    level: int


class GangNavigator:
    """Backtracking gang search over a planner's free state (reads only)."""

    def __init__(self, planner: Planner) -> None:
        self.planner = planner
        t = planner.topo
        self._domains = {v: [d for d in range(v, t.node_end[v]) if t.level[d] == 1] for v in range(len(t.level))}

    def _score(self, level: int) -> float:
        return TIER_SCORE.get(level, TIER_SCORE[5])

    def place(self, members: int, per_member: int) -> NavigatorResult | None:
        t, nfree = self.planner.topo, self.planner.alloc.nfree
        best: tuple[float, int, list[int]] | None = None
        for level in t.levels:
            for group in t.nodes_at_level[level]:
                doms = self._domains[group]
                if nfree[group] < members * per_member:
                    continue
                cands = [d for d in doms for _ in range(nfree[d] // per_member)]
                sel = self._search(cands, members, per_member)
                if sel is None:
                    continue
                score = self._score(level) - (len(set(sel)) - 1) * 10.0
                if best is None or score > best[0]:
                    best = (score, level, sel)
        if best is None:
            return None
        return NavigatorResult(self._leaves(best[2], per_member), best[0], best[1])

    def _search(self, cands: list[int], need: int, per: int) -> list[int] | None:
        """Iterative form of seed 003's recursive search (gangs of 1,024 members would overflow
        Python's recursion limit): reserve as it descends, give back when a branch dead-ends."""
        nfree = self.planner.alloc.nfree
        reserved: dict[int, int] = {}
        selected: list[int] = []
        stack = [0]
        while stack:
            if len(selected) == need:
                return [cands[i] for i in selected]
            i = stack[-1]
            while i < len(cands) and len(selected) + (len(cands) - i) >= need:
                d = cands[i]
                if nfree[d] - reserved.get(d, 0) >= per:
                    break
                i += 1
            else:
                stack.pop()  # dead end (or pruned): unwind one member
                if selected:
                    d = cands[selected.pop()]
                    reserved[d] -= per
                continue
            stack[-1] = i + 1
            selected.append(i)
            reserved[cands[i]] = reserved.get(cands[i], 0) + per
            stack.append(i + 1)
        return None

    def _leaves(self, doms: list[int], per: int) -> tuple[int, ...]:
        alloc = self.planner.alloc
        out: list[int] = []
        used: dict[int, int] = {}
        for d in doms:
            free = sorted(x for o, ss in alloc.blocks[d].items() for s in ss for x in range(s, s + (1 << o)))
            k = used.get(d, 0)
            out.extend(free[k:k + per])
            used[d] = k + per
        return tuple(out)
