"""Random trees, random Place/Release/fail sequences, and brute-force oracles for HDF-B.

The oracles never read the allocator's indexes: they recompute from the set of leaves held by
no record and from the planner's spare registry.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from phalanx_ref.audit import audit_allocator, audit_placements
from phalanx_ref.hdfb import QUARANTINE, Job, Placement, Planner, TopologyPolicy, groups_per_block
from phalanx_ref.prepared import PreparedPlanner
from phalanx_ref.topology import Domain, Gpu, Topology, ceil_log2

BANDWIDTH = {1: 900.0, 2: 600.0, 3: 50.0, 4: 25.0, 5: 6.25}


def random_topology(rng: random.Random) -> Topology:
    """A random leveled tree: random levels above 1, fanouts 1-3, level-1 sizes 1..8 (mixed)."""
    above = sorted(rng.sample([2, 3, 4, 5], rng.randint(1, 3)))
    counter = iter(range(10_000))
    sizes = rng.choice([[8], [4], [8, 4], [1, 2, 3, 4, 6, 8], [2, 4, 8]])

    def build(levels: list[int]) -> Domain:
        n = next(counter)
        if not levels:
            return Domain(1, f"d{n}", [Gpu(f"d{n}/g{i}", rail=i) for i in range(rng.choice(sizes))])
        return Domain(levels[-1], f"n{n}", [build(levels[:-1]) for _ in range(rng.randint(1, 3))])

    return Topology(build(above), BANDWIDTH)


def random_policy(rng: random.Random, topo: Topology) -> TopologyPolicy:
    if rng.random() < 0.3:
        return TopologyPolicy()
    level = rng.choice(topo.levels)
    order = rng.randint(0, min(3, min(o for _, o in topo.roots)))
    return TopologyPolicy(spare_level=level, spare_count=1, spare_order=order)


def random_job(rng: random.Random, name: str) -> Job:
    tpls = [(rng.choice([1, 2, 4, 8, 3]), rng.randint(1, 2), rng.randint(1, 4)) for _ in range(rng.randint(1, 2))]
    return Job(name, tpls)


def reserved_leaves(planner: Planner) -> set[int]:
    return {x for s, (o, _) in planner.spares_under[0].items() for x in range(s, s + (1 << o))}


def available_leaves(planner: Planner) -> set[int]:
    """Leaves held by no record and not registered as reserved spares or suspect."""
    held = {x for s, (o, _) in planner.alloc.records.items() for x in range(s, s + (1 << o))}
    return set(range(planner.topo.n_leaves)) - held - reserved_leaves(planner) - planner.suspect


def brute_force_levels(planner: Planner, tpl: tuple[int, int, int]) -> list[int]:
    """LCA levels of every buddy-feasible placement of the template: an aligned order-k block of
    available leaves whose level-1 domains hold all TP groups."""
    t = planner.topo
    tp, pp, dp = tpl
    k = ceil_log2(tp * pp * dp)
    avail = available_leaves(planner)
    out = []
    for rs, ro in t.roots:
        if ro < k:
            continue
        for s in range(rs, rs + (1 << ro), 1 << k):
            d = t.dclass(s)
            if tp <= d and groups_per_block(k, d, tp) >= pp * dp and all(
                    x in avail for x in range(s, s + (1 << k))):
                out.append(t.lca_level(s, s + (1 << k) - 1))
    return out


def reference_union(planner: Planner, tpl: tuple[int, int, int]) -> tuple[tuple[tuple[int, int], ...], int] | None:
    """The union path as first written: for each chunk size from the largest down, list every free
    block's chunks by pod, take pods with the most chunks first (ties to the lowest id), the lowest
    chunks of each first."""
    tp, pp, dp = tpl
    t = planner.topo
    top_level = max(h for h in t.levels if h < t.depth) if len(t.levels) > 1 else t.depth
    for c in range(planner.union_order, -1, -1):
        for d in sorted(t.domain_caps):
            per = groups_per_block(c, d, tp) if tp <= d else 0
            if per == 0:
                continue
            need = -(-(pp * dp) // per)
            by_pod: dict[int, list[int]] = {}
            for s, o in planner.alloc.free.items():
                if o >= c and t.dclass(s) == d:
                    by_pod.setdefault(t.domain_of(s, top_level), []).extend(range(s, s + (1 << o), 1 << c))
            if sum(len(x) for x in by_pod.values()) < need:
                continue
            chunks: list[int] = []
            for pod in sorted(by_pod, key=lambda p: (-len(by_pod[p]), p)):
                chunks.extend(sorted(by_pod[pod])[:need - len(chunks)])
                if len(chunks) == need:
                    return tuple((s, c) for s in chunks), d
    return None


def reference_place(planner: Planner, job: Job) -> tuple[int, tuple[tuple[int, int], ...], int] | None:
    """Place without the allocator's index: scan the levels (``_levels``) over every node, best fit
    by (free leaves, node id, class order), the node's smallest fitting free block; then the union
    path. Returns (template index, blocks, dclass), or None."""
    t, a = planner.topo, planner.alloc
    for i, tpl in enumerate(job.templates):
        k = ceil_log2(tpl[0] * tpl[1] * tpl[2])
        if k <= t.max_order:
            fits = [d for d in sorted(t.domain_caps) if planner._groups_fit(tpl, k, d)]
            for h in planner._levels():
                cands = [(a.nfree[v], v, j) for v in t.nodes_at_level[h] for j, d in enumerate(fits)
                         if d in t.classes[v] and a.pick(v, k, d) is not None]
                if cands:
                    _, v, j = min(cands)
                    return i, ((a.pick(v, k, fits[j]), k),), fits[j]
        if k > planner.union_order:
            got = reference_union(planner, tpl)
            if got is not None:
                return i, got[0], got[1]
    return None


def check_place(planner: Planner, job: Job):
    """Prop. 1 (ii) and Theorem 2 against the brute force, for a job with a single-block template;
    and the placement equals the index-free reference's."""
    tpl = job.templates[0]
    k = ceil_log2(tpl[0] * tpl[1] * tpl[2])
    levels = brute_force_levels(planner, tpl)
    p = planner.place(job)
    ref = reference_place(planner, job)
    assert (None if p is None else (p.template_index, p.base, p.dclass)) == ref, f"place {p} != reference {ref}"
    if k <= planner.union_order and len(job.templates) == 1:
        assert (p is not None) == bool(levels), f"admission {p is not None} but feasible blocks {levels}"
    if p is not None and p.template_index == 0 and len(p.base) == 1:
        assert levels, "placed although no buddy-feasible block exists"
        assert p.level == min(levels), f"placed at level {p.level}, optimum {min(levels)}"
        assert not p.leaves & reserved_leaves(planner), "placement uses a reserved spare"
        assert not p.leaves & planner.suspect, "placement uses a suspect leaf"
    return p


def check_replan(planner: Planner, job: str, leaf: int):
    """Prop. 2: if a spare or free block of the failed block's order lies in an enclosing domain
    at or below the job's bottleneck level, the repair migrates at most 2^k ranks (exactly those
    on the failed block), keeps B, and touches no other rank."""
    cur = planner.placements[job]
    t = planner.topo
    rec = planner.alloc.find_record(leaf)
    k = min(rec[1], max(planner.policy.block_order, cur.group_order))
    s = t.align(leaf, k)
    premise = any(
        any(o >= k and t.dclass(x) == t.dclass(s) for x, (o, _) in planner.spares_under[v].items())
        for v in t.block_chain(s, k) if t.level[v] <= cur.level)
    q = planner.replan(job, [leaf])
    if premise:
        assert q is not None and q.kind == "repair", "no local repair although a spare is in the domain"
        assert q.level <= cur.level, f"repair raised B from {cur.level} to {q.level}"
        moved = set(q.migrated)
        assert len(moved) <= 1 << k, f"{len(moved)} ranks migrated for an order-{k} block"
        on_block = {r for r, x in enumerate(cur.rank_leaf) if s <= x < s + (1 << k)}
        assert moved <= on_block, "a rank outside the failed block was moved"
    return q


def same_decision(a: Placement | None, b: Placement | None) -> bool:
    """Two decisions are the same if every field commit and the callers read is equal."""
    if a is None or b is None:
        return a is b
    fields = ("job", "templates", "template_index", "base", "dclass", "moves", "changes", "base_version",
              "kind", "repair_level")
    return all(getattr(a, f) == getattr(b, f) for f in fields) and a.prev is b.prev


def prepared(cls: type[Planner]) -> type[PreparedPlanner]:
    """``cls`` (a planner mutant) with prepared repairs: the mutant's overrides come first in the
    method order, so a read it redirects (another domain's spares) is what the preparation records."""
    if cls is Planner:
        return PreparedPlanner
    return type(f"Prepared{cls.__name__}", (cls, PreparedPlanner), {})


def check_prepared(planner: PreparedPlanner) -> int:
    """Fast-path equivalence: for every failed block Replan could be asked about (each block of
    every placed job, all its leaves failing), when ``replan`` answers with a prepared repair it
    equals ``_replan`` (the search) on the same state. Returns how many answers were prepared.

    (Any other answer *is* the search. A search over several blocks hides and restores targets,
    which may reorder the spare registry and so change later answers; the planner drops the
    prepared repairs that read what it touched, and this check runs on the resulting state.)"""
    for s, rec in enumerate(planner._prepared):  # Replan's check trusts the job name: see Planner
        if rec is not None:
            assert rec[2].prev is planner.placements.get(rec[0]), f"record at {s} repairs an old placement of {rec[0]}"
    hits = 0
    for job, cur in sorted(planner.placements.items()):
        for s in planner._block_starts(cur):
            k = min(planner.alloc.find_record(s)[1], max(planner.policy.block_order, cur.group_order))
            if planner.topo.align(s, k) != s:
                continue
            leaves = list(range(s, s + (1 << k)))
            fast = planner.replan(job, leaves)
            rec = planner._prepared[s]
            if fast is None or rec is None or fast is not rec[2]:
                continue
            hits += 1
            slow = planner._replan(job, tuple(leaves))
            assert same_decision(fast, slow), f"prepared repair of ({s}, {k}) for {job} differs from the search"
    return hits


def run_scenario(planner_cls: type[Planner], seed: int, steps: int = 25,
                 extra: Callable[[Planner], object] | None = None) -> None:
    """Random Place/Release/fail/heal/suspect sequence with every check after every step
    (and ``extra``, if given)."""
    rng = random.Random(seed)
    topo = random_topology(rng)
    planner = planner_cls(topo, random_policy(rng, topo))
    names = iter(f"j{i}" for i in range(10_000))
    for _ in range(steps):
        op = rng.random()
        live = sorted(planner.placements)
        if op < 0.45 or not live:
            p = check_place(planner, random_job(rng, next(names)))
            if p is not None:
                planner.commit(p)
        elif op < 0.6:
            planner.release(rng.choice(live))
        elif op < 0.85:
            job = rng.choice(live)
            leaf = rng.choice(sorted(planner.placements[job].leaves))
            q = check_replan(planner, job, leaf)
            if q is None:
                planner.release(job)
                planner.heal([leaf]) if rng.random() < 0.5 else None
            else:
                planner.commit(q)
        elif op < 0.93:
            bad = [s for s, (_, w) in planner.alloc.records.items() if w == QUARANTINE]
            if bad:
                planner.heal([rng.choice(bad)])
        else:
            planner.mark_suspect([rng.randrange(topo.n_leaves)])
        problems = audit_allocator(planner) + audit_placements(planner)
        assert not problems, problems[:3]
        if extra is not None:
            extra(planner)
