"""Hierarchical alpha-beta cost of one training step's communication (paper §8, §8.4).

Each collective runs at the bandwidth class of its group's lowest common ancestor (a collective is
as slow as its slowest link), plus per-hop latency alpha of that level:
- TP all-reduce: ``tp_gb_per_step`` per GPU (ring factor included) / beta + 2(n-1) alpha per call;
- DP ring all-reduce of the bf16 gradient shard S = params * 2 B / (TP * PP):
  2(n-1)/n * S / beta + 2(n-1) alpha;
- PP point-to-point between adjacent stages: ``pp_gb_per_step`` / beta + messages * alpha.
Groups of one kind run concurrently and a synchronous step waits for the slowest, so the step's
communication time is the sum over the three kinds of the slowest group of that kind.

Rail rule: a DP group or pipeline pair inside one rail group (LCA level 3) whose GPUs are on
different rails cannot stay on one rail switch; it is costed at ``rail_mismatch_level``.

Vectorised with numpy: each leaf's ancestor id at every level is precomputed once per topology.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.topology import Topology


class StepCost:
    """Step communication time (seconds) of rank maps on one topology under ``tb``'s model."""

    def __init__(self, topo: Topology, tb: TestbedParams) -> None:
        if tb.algorithm != "ring":
            raise ValueError(f"collective algorithm {tb.algorithm!r}: only 'ring' is modelled")
        self.topo, self.tb = topo, tb
        self.levels = tuple(h for h in topo.levels if h > 0)
        dom_anc = {h: np.empty(len(topo.level), dtype=np.int64) for h in self.levels}
        for v in range(len(topo.level)):
            for h in self.levels:
                dom_anc[h][v] = next(a for a in topo.ancestors[v] if topo.level[a] >= h)
        leaf_dom = np.asarray(topo.leaf_domain, dtype=np.int64)
        self.anc = {h: dom_anc[h][leaf_dom] for h in self.levels}
        self.rail = np.asarray(topo.rail, dtype=np.int64)
        top = max(self.levels)
        self.beta = np.array([np.inf] + [_at(topo.bandwidth, h) for h in range(1, top + 1)])
        self.alpha = np.array([0.0] + [_at(tb.alpha_s, h) for h in range(1, top + 1)])

    def pair_level(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """LCA level of leaf pairs (0 where a == b)."""
        out = np.zeros(a.shape, dtype=np.int64)
        undecided = a != b
        for h in self.levels:
            hit = undecided & (self.anc[h][a] == self.anc[h][b])
            out[hit] = h
            undecided &= ~hit
        return out

    def _with_rails(self, level: np.ndarray, ra: np.ndarray, rb: np.ndarray) -> np.ndarray:
        bump = self.tb.rail_mismatch_level
        if not bump:
            return level
        return np.where((level == 3) & (ra != rb), np.maximum(level, bump), level)

    def step_time(self, tpl: tuple[int, int, int], rank_leaf: Sequence[int]) -> float:
        tb = self.tb
        tp, pp, dp = tpl
        x = np.asarray(rank_leaf, dtype=np.int64).reshape(pp, dp, tp)  # rank = t + TP*(d + DP*p)
        total = 0.0
        if tp > 1:
            lv = self.pair_level(x.min(axis=2), x.max(axis=2))
            t = tb.tp_gb_per_step / self.beta[lv] + tb.tp_collectives_per_step * 2 * (tp - 1) * self.alpha[lv]
            total += float(t.max())
        if dp > 1:
            r = self.rail[x]
            lv = self._with_rails(self.pair_level(x.min(axis=1), x.max(axis=1)), r.min(axis=1), r.max(axis=1))
            shard_gb = tb.model_params * tb.grad_bytes_per_param / (tp * pp) / 1e9
            t = 2 * (dp - 1) / dp * shard_gb / self.beta[lv] + 2 * (dp - 1) * self.alpha[lv]
            total += float(t.max())
        if pp > 1:
            a, b = x[:-1], x[1:]
            lv = self._with_rails(self.pair_level(np.minimum(a, b), np.maximum(a, b)), self.rail[a], self.rail[b])
            t = tb.pp_gb_per_step / self.beta[lv] + tb.pp_messages_per_step * self.alpha[lv]
            total += float(t.max())
        return total


def _at(by_level: dict[int, float], h: int) -> float:
    """Value of the nearest level at or below h (a collapsed level takes the class below it)."""
    while h not in by_level:
        h -= 1
    return float(by_level[h])
