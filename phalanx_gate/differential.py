"""The real planner's decisions held to the z3 model of the HDF-B lemmas, state by state.

For a concrete allocator state (the planner's own free list) the model's formulas are closed:
``place_level`` simplifies to the level Theorem 2 calls optimal, and the buddy invariant
(Prop. 1 (i)) to TRUE or FALSE. A run drives a ``phalanx_ref.hdfb.Planner`` (or a mutant)
through random admissions and releases and, at every state reached, compares:

- Place: for every order k and TP size, the planner's block sits at the model's level (the
  bottleneck level of Theorem 2), and it queues (None) exactly when the model finds no level;
  gangs beyond the largest aligned block take the planner's union path, which the model does not
  cover (the planner's deliberate departure), and are not compared;
- Place keeps every TP group inside one level-1 domain (the model's GroupsFit);
- Carve and Release: the free list after each commit and release satisfies the buddy invariant.

With ``spares=True`` the planner reserves the model's spares (one block of a level-1 domain's
size in every level-2 domain, ``spare_policy``), the run also fails a random leaf of a running
job and commits its repair, and two more comparisons are made:

- Place never takes a reserved spare (the model's spares are not on the free list), so a
  spare-blind Place (``place-uses-spares``) is caught;
- Replan: the model's rule (``replan_model``: the lowest domain of the failed block holding a
  usable block, a spare before a free block, Prop. 2's statements) with every Boolean pinned to
  the planner's state, its failed block and its target, must be satisfiable; a repair the rule
  forbids (``spare-outside-domain``), or a fallback where the rule repairs, is a disagreement.
  States where the model's premise fails (no spare left in the failed block's level-2 domain)
  are counted as not covered. Replan is compared on trees whose level-1 domains all have one
  size: the planner also matches a spare's domain class, which the model does not encode.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import z3

from phalanx_ref.hdfb import Job, Placement, Planner, StaleDecision, TopologyPolicy

from .hdfb_proofs import SPARE_LEVEL, place_level, replan_model
from .trees import Block, FreeList, Tree


@dataclass
class Differential:
    states: int = 0
    decisions: int = 0
    repairs: int = 0            # Replan decisions compared with the model
    uncovered: int = 0          # Replans where the model's premise (a spare in the domain) fails
    disagreements: list[str] = field(default_factory=list)


def pinned_free_list(tree: Tree, planner: Planner) -> FreeList:
    """The model's free list with every entry the planner's (a closed formula per block). A block
    holding a reserved spare is not free in the model, whatever the allocator says."""
    free = planner.alloc.free_by_order()
    spares = reserved_spares(planner)
    return FreeList(tree, {(s, o): z3.BoolVal(s in free.get(o, ()) and not any(_overlap((s, o), sp) for sp in spares))
                           for s, o in tree.blocks})


def reserved_spares(planner: Planner) -> set[Block]:
    """Every spare block the planner has registered for Replan."""
    return {(s, o) for reg in planner.spares_under for s, (o, _) in reg.items()}


def spare_policy(tree: Tree) -> TopologyPolicy | None:
    """The model's spares as a planner policy: one block of the largest order inside a level-1
    domain (``ka``) in every level-2 domain; failed blocks are cut at the TP group (repair order 0)."""
    if tree.depth < SPARE_LEVEL + 1:
        return None
    ka = max(o for s, o in tree.blocks if tree.lca_level((s, o)) <= SPARE_LEVEL)
    return TopologyPolicy(spare_level=tree.topo.levels[SPARE_LEVEL], spare_count=1, spare_order=ka, repair_order=0)


def _overlap(a: Block, b: Block) -> bool:
    return a[0] < b[0] + (1 << b[1]) and b[0] < a[0] + (1 << a[1])


def _value(e: z3.ExprRef) -> int | bool:
    v = z3.simplify(e)
    if z3.is_int_value(v):
        return v.as_long()
    if z3.is_true(v) or z3.is_false(v):
        return z3.is_true(v)
    raise AssertionError(f"not closed: {v}")


def requests(tree: Tree) -> Iterator[tuple[int, int]]:
    """(order k, TP size) of every request the lemmas speak of: TP a power of two dividing 2^k
    that fits a level-1 domain."""
    for k in range(tree.max_order + 1):
        for i in range(k + 1):
            if (1 << i) <= tree.max_domain:
                yield k, 1 << i


def compare_state(tree: Tree, planner: Planner, out: Differential, where: str) -> None:
    fl = pinned_free_list(tree, planner)
    out.states += 1
    if not _value(fl.invariant()):
        out.disagreements.append(f"{where}: the free list breaks the buddy invariant (Prop 1 (i))")
    for k, tp in requests(tree):
        p = planner.place(Job("probe", [(tp, 1, (1 << k) // tp)]))
        want = _value(place_level(fl, k, tp))
        got = tree.depth + 1 if p is None else tree.lca_level(p.blocks[0]) if len(p.blocks) == 1 else None
        out.decisions += 1
        if got is not None and got != want:
            out.disagreements.append(f"{where}: Place(k={k}, tp={tp}) at level {got}, the model's level {want}")
        if p is not None and not all(tree.groups_fit(b, tp) for b in p.blocks):
            out.disagreements.append(f"{where}: Place(k={k}, tp={tp}) splits a TP group across level-1 domains")
        if p is not None and any(_overlap(b, sp) for b in p.blocks for sp in reserved_spares(planner)):
            out.disagreements.append(f"{where}: Place(k={k}, tp={tp}) takes a reserved spare")


def compare_replan(tree: Tree, planner: Planner, job: str, leaf: int, out: Differential,
                   where: str) -> Placement | None:
    """Replan of ``job`` after ``leaf`` fails, held to ``replan_model`` pinned to the planner's
    state (module docstring); returns the planner's decision."""
    cur = planner.placements[job]
    r = planner.replan(job, [leaf])
    k = min(o for s, o in cur.blocks if s <= leaf < s + (1 << o))
    k = min(k, max(planner.policy.block_order, cur.group_order))
    failed = (tree.align(leaf, k), k)
    model = replan_model(tree, k)
    if model is None:
        return r
    facts, _ = model
    spares, held = reserved_spares(planner), cur.leaves
    pins = [z3.Bool(f"held_{s}_{k}") == all(x in held for x in range(s, s + (1 << k))) for s, _ in tree.blocks_of(k)]
    pins += [z3.Bool(f"fail_{s}_{k}") == ((s, k) == failed) for s, _ in tree.blocks_of(k)]
    pins += [z3.Bool(f"free_{x}_{k}") == (planner.alloc.owner(x) is None and not any(_overlap((x, 0), sp) for sp in spares))
             for x in range(tree.n)]
    ka = max(o for s, o in tree.blocks if tree.lca_level((s, o)) <= SPARE_LEVEL)
    pins += [z3.Bool(f"spare_{s}_{k}") == ((s, ka) in spares) for s, o in tree.blocks_of(ka)
             if tree.lca_level((s, o)) <= SPARE_LEVEL]
    if not _sat(facts + pins):
        out.uncovered += 1
        return r
    out.repairs += 1
    if r is None or r.kind != "repair":
        out.disagreements.append(f"{where}: Replan of {failed} {'queues' if r is None else 'falls back'}, "
                                 "the model repairs")
        return r
    dst = r.changes.acquire[0][0]
    target = [z3.Bool(f"target_{s}_{k}") == (s == dst) for s, _ in tree.blocks_of(k)]
    if not _sat(facts + pins + target):
        out.disagreements.append(f"{where}: Replan of {failed} takes ({dst}, {k}), which the model's rule "
                                 "(lowest usable domain, spares first) does not allow")
    return r


def _sat(facts: list[z3.BoolRef]) -> bool:
    s = z3.Solver()
    s.add(*facts)
    return s.check() == z3.sat


def run(tree: Tree, planner_cls: type[Planner] = Planner, steps: int = 30, seed: int = 0,
        spares: bool = False) -> Differential:
    """Random admissions (random order and TP) and releases from the empty cluster, and with
    ``spares`` failures of a random held leaf repaired by Replan; every state compared (see the
    module docstring)."""
    rng = random.Random(seed)
    policy = spare_policy(tree) if spares else None
    planner = planner_cls(tree.topo, policy)
    out = Differential()
    held: list[str] = []
    compare_state(tree, planner, out, f"{tree.name} empty")
    for i in range(steps):
        where = f"{tree.name} seed {seed} step {i}"
        if held and policy is not None and rng.random() < 0.3:
            name = rng.choice(held)
            leaf = rng.choice(sorted(planner.placements[name].leaves))
            r = compare_replan(tree, planner, name, leaf, out, f"{where} fail leaf {leaf} of {name}")
            if r is None:
                continue
            try:
                planner.commit(r)
            except StaleDecision as err:  # the planner's own repair refused: a broken planner
                out.disagreements.append(f"{where}: the repair of {name} does not commit: {err}")
                continue
            what = f"repair {name}"
        elif held and (rng.random() < 0.4 or len(held) > 6):
            name = held.pop(rng.randrange(len(held)))
            planner.release(name)
            what = f"release {name}"
        else:
            k, tp = rng.choice(list(requests(tree)))
            name = f"g{i}"
            p = planner.place(Job(name, [(tp, 1, (1 << k) // tp)]))
            if p is None:
                continue
            planner.commit(p)
            held.append(name)
            what = f"place {name} (k={k}, tp={tp})"
        compare_state(tree, planner, out, f"{where} after {what}")
    return out
