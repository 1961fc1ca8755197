"""The real planner's decisions held to the z3 model of the HDF-B lemmas, state by state.

For a concrete allocator state (the planner's own free list) the model's formulas are closed:
``place_level`` simplifies to the level Theorem 2 calls optimal, and the buddy invariant
(Prop. 1 (i)) to TRUE or FALSE. A run drives a ``phalanx_ref.hdfb.Planner`` (or a mutant)
through random admissions and releases and, at every state reached, compares:

- Place: for every order k and TP size, the planner's block sits at the model's level (the
  bottleneck level of Theorem 2), and it queues (None) exactly when the model finds no level;
  gangs beyond the largest aligned block take the planner's union path, which the model does not
  cover (the planner's deliberate departure), and are not compared;
- Carve and Release: the free list after each commit and release satisfies the buddy invariant.

Spares are not reserved here (no policy), so the spare mutants need the Replan comparison,
which this module does not make yet.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import z3

from phalanx_ref.hdfb import Job, Planner

from .hdfb_proofs import place_level
from .trees import FreeList, Tree


@dataclass
class Differential:
    states: int = 0
    decisions: int = 0
    disagreements: list[str] = field(default_factory=list)


def pinned_free_list(tree: Tree, planner: Planner) -> FreeList:
    """The model's free list with every entry the planner's (a closed formula per block)."""
    free = planner.alloc.free_by_order()
    fl = FreeList(tree, "pinned")
    fl.listed = {(s, o): z3.BoolVal(s in free.get(o, ())) for s, o in tree.blocks}
    return fl


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


def run(tree: Tree, planner_cls: type[Planner] = Planner, steps: int = 30, seed: int = 0) -> Differential:
    """Random admissions (random order and TP) and releases from the empty cluster; every state
    compared (see the module docstring)."""
    rng = random.Random(seed)
    planner = planner_cls(tree.topo)
    out = Differential()
    held: list[str] = []
    compare_state(tree, planner, out, f"{tree.name} empty")
    for i in range(steps):
        if held and (rng.random() < 0.4 or len(held) > 6):
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
        compare_state(tree, planner, out, f"{tree.name} seed {seed} after step {i} {what}")
    return out
