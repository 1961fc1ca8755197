"""Placement costs of paper §3.2 (eq. 1-2) and the hierarchical bandwidth model of §8.4.

A communication matrix W is given sparsely as ``{(r, r'): weight}`` over ranks. The default W of a
(TP, PP, DP) template links TP peers, DP peers (same TP and PP index) and adjacent pipeline stages,
the three collectives of a Megatron-style step. ``gamma`` of a level is inverse bandwidth.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from phalanx_ref.topology import Topology

Traffic = Mapping[tuple[int, int], float]

# Relative per-step volumes of the three collectives (TP all-reduce dominates, then DP gradient
# all-reduce, then PP point-to-point activations); only ratios matter for inflation figures.
TP_VOLUME, DP_VOLUME, PP_VOLUME = 8.0, 2.0, 1.0


def rank_groups(tp: int, pp: int, dp: int) -> list[tuple[str, tuple[int, ...]]]:
    """The communicating groups of a template, with ranks r = t + TP*(d + DP*p)."""
    def rank(t: int, d: int, p: int) -> int:
        return t + tp * (d + dp * p)

    groups: list[tuple[str, tuple[int, ...]]] = []
    groups += [("tp", tuple(rank(t, d, p) for t in range(tp))) for p in range(pp) for d in range(dp)]
    if dp > 1:
        groups += [("dp", tuple(rank(t, d, p) for d in range(dp))) for p in range(pp) for t in range(tp)]
    if pp > 1:
        groups += [("pp", tuple(rank(t, d, p) for p in range(pp))) for d in range(dp) for t in range(tp)]
    return groups


def template_traffic(tp: int, pp: int, dp: int) -> dict[tuple[int, int], float]:
    """W for a template: all pairs inside a TP or DP group, adjacent pairs along a pipeline."""
    vol = {"tp": TP_VOLUME, "dp": DP_VOLUME, "pp": PP_VOLUME}
    w: dict[tuple[int, int], float] = {}
    for kind, g in rank_groups(tp, pp, dp):
        pairs = zip(g, g[1:], strict=False) if kind == "pp" else (
            (a, b) for i, a in enumerate(g) for b in g[i + 1:])
        for a, b in pairs:
            w[(a, b)] = w.get((a, b), 0.0) + vol[kind]
    return w


def bottleneck(topo: Topology, rank_leaf: Sequence[int], w: Traffic) -> int:
    """B(pi) (eq. 1): the highest LCA level over communicating rank pairs."""
    return max((topo.distance(rank_leaf[a], rank_leaf[b]) for (a, b), x in w.items() if x > 0), default=0)


def gamma(topo: Topology, level: int) -> float:
    """Per-level cost: inverse bandwidth (s per GB); level 0 (same GPU) is free."""
    return 0.0 if level == 0 else 1.0 / topo.bandwidth[_class_level(topo, level)]


def _class_level(topo: Topology, level: int) -> int:
    """A collapsed level (2 on HGX/NVL72) takes the class of the nearest level below it."""
    while level not in topo.bandwidth:
        level -= 1
    return level


def volume_cost(topo: Topology, rank_leaf: Sequence[int], w: Traffic) -> float:
    """C(pi) (eq. 2): sum of W(r, r') * gamma(d(pi(r), pi(r')))."""
    return sum(x * gamma(topo, topo.distance(rank_leaf[a], rank_leaf[b])) for (a, b), x in w.items())


def footprint_level(topo: Topology, leaves: Iterable[int]) -> int:
    """B under all-to-all W: the level of the footprint's minimal enclosing subtree."""
    ls = list(leaves)
    return topo.lca_level(min(ls), max(ls))


def step_comm_time(topo: Topology, tpl: tuple[int, int, int], rank_leaf: Sequence[int]) -> float:
    """Hierarchical bandwidth model: each collective runs at the bandwidth class of its group's
    LCA level (a collective is as slow as its slowest link); the step time sums their volumes
    over those bandwidths."""
    vol = {"tp": TP_VOLUME, "dp": DP_VOLUME, "pp": PP_VOLUME}
    total = 0.0
    for kind, g in rank_groups(*tpl):
        leaves = [rank_leaf[r] for r in g]
        total += vol[kind] * gamma(topo, topo.lca_level(min(leaves), max(leaves)))
    return total
