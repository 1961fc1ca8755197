"""Independent audit of a planner's state, recomputed from leaves rather than from the indexes.

Used by the property tests and available to the engine/simulator as a debugging aid. Each check
returns human-readable violations; an empty list means the state is consistent.
"""

from __future__ import annotations

from phalanx_ref.hdfb import QUARANTINE, Planner


def audit_allocator(planner: Planner) -> list[str]:
    """Prop. 1 (i) plus bookkeeping: the free set is a disjoint union of maximal aligned blocks,
    records are disjoint aligned blocks, together they cover every leaf exactly once, every
    node's restricted view and free count match a recomputation, and the top of each Place index
    heap is the level's best-fit node for its class and order, live, with the block Place would
    carve there."""
    t, a = planner.topo, planner.alloc
    out: list[str] = []
    cover = [0] * t.n_leaves
    for kind, items in (("free", [(s, o) for s, o in a.free.items()]),
                        ("record", [(s, r[0]) for s, r in a.records.items()])):
        for s, o in items:
            if o > t.root_order[s] or t.align(s, o) != s:
                out.append(f"{kind} block ({s}, {o}) is not aligned in its buddy root")
                continue
            for x in range(s, s + (1 << o)):
                cover[x] += 1
    out += [f"leaf {x} covered {c} times" for x, c in enumerate(cover) if c != 1][:5]
    for s, o in a.free.items():
        if o < t.root_order[s] and a.free.get(a.buddy(s, o)) == o:
            out.append(f"free buddies ({s}, {o}) and ({a.buddy(s, o)}, {o}) were not coalesced")
    free_leaves = a.free_leaves()
    for v in range(len(t.level)):
        nf = sum(1 for x in range(t.lo[v], t.hi[v]) if x in free_leaves)
        if a.nfree[v] != nf:
            out.append(f"node {t.node_name[v]}: free count {a.nfree[v]} != {nf}")
        want = _restricted_view(planner, v, free_leaves)
        got = {(s, o) for o, ss in a.blocks[v].items() for s in ss}
        if got != want:
            out.append(f"node {t.node_name[v]}: view {sorted(got)} != {sorted(want)}")
    for (h, d, k), heap in a.heaps.items():  # Place reads only the tops: the best fit, live, exact
        fits = [(a.nfree[v], v, a.pick(v, k, d)) for v in t.nodes_at_level[h] if d in t.classes[v]]
        best = min(((nf, v, s) for nf, v, s in fits if s is not None), default=None)
        top = None if not heap else (heap[0][0], heap[0][1], heap[0][3])
        if top != best or (heap and a.stamp[heap[0][1]] != heap[0][2]):
            out.append(f"index ({h}, {d}, {k}): top entry {heap[0] if heap else None}, best fit "
                       f"(free, node, pick) {best}")
    return out


def _restricted_view(planner: Planner, v: int, free_leaves: set[int]) -> set[tuple[int, int]]:
    """Maximal aligned fully-free blocks inside node v, found greedily from the buddy roots."""
    t = planner.topo
    out: set[tuple[int, int]] = set()

    def walk(s: int, o: int) -> None:
        if s + (1 << o) <= t.lo[v] or s >= t.hi[v]:
            return
        inside = t.lo[v] <= s and s + (1 << o) <= t.hi[v]
        if inside and all(x in free_leaves for x in range(s, s + (1 << o))):
            out.add((s, o))
        elif o > 0:
            walk(s, o - 1)
            walk(s + (1 << (o - 1)), o - 1)

    for s, o in t.roots:
        walk(s, o)
    return out


def audit_placements(planner: Planner) -> list[str]:
    """Every placed job owns exactly its footprint, ranks map injectively into it, every TP group
    lies inside one level-1 domain, and no job holds a reserved spare or a quarantined leaf."""
    t, a = planner.topo, planner.alloc
    out: list[str] = []
    owned: dict[object, set[int]] = {}
    for s, (o, who) in a.records.items():
        owned.setdefault(who, set()).update(range(s, s + (1 << o)))
    for name, p in planner.placements.items():
        if owned.get(name, set()) != set(p.leaves):
            out.append(f"job {name}: footprint differs from allocator records")
        ranks = p.rank_leaf
        if len(set(ranks)) != len(ranks) or not set(ranks) <= p.leaves:
            out.append(f"job {name}: rank map is not injective into its footprint")
        tp = p.template[0]
        for g in range(0, len(ranks), tp):
            if len({t.leaf_domain[x] for x in ranks[g:g + tp]}) != 1:
                out.append(f"job {name}: TP group {g // tp} spans several level-1 domains")
                break
    stray = set(owned) - set(planner.placements) - {QUARANTINE}
    stray = {w for w in stray if not (isinstance(w, tuple) and w[0] == "spare")}
    out += [f"owner {w!r} holds leaves but is not placed" for w in stray]
    return out
