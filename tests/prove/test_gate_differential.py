"""The real Planner's Place, Carve, Release and (with the model's spares reserved) Replan against
the z3 model's levels, invariant and repair rule on bounded trees (up to 16 leaves by default, up
to 64 in the slow run); the planner mutants that break them are caught. ``scan-top-down`` and
``tp-group-split`` are refuted by z3 (test_gate_hdfb.py) but not seen here: the planner carves
its block inside the node it scans, so a top-down scan still lands at the lowest level on these
trees, and a power-of-two TP group never straddles the aligned domains the random runs reach."""

from __future__ import annotations

import pytest

from phalanx_gate.differential import Differential, run
from phalanx_gate.trees import Tree, bounded_trees
from phalanx_ref.mutants import MUTANTS

SMALL = [t for t in bounded_trees(16) if t.n <= 16]
UP_TO_64 = [t for t in bounded_trees(64) if 16 < t.n <= 64]
# Replan is compared where the model's spares exist (a level-2 domain) and every level-1 domain
# has one size (the planner also matches a spare's domain class, which the model does not encode).
WITH_SPARES = [t for t in SMALL if t.depth >= 2 and len({len(r) for r in t.domain_ranges(1)}) == 1]


def _agrees(tree: Tree) -> None:
    for seed in range(2):
        d = run(tree, steps=12, seed=seed)
        assert d.disagreements == [], d.disagreements[:3]
        assert d.decisions > 0


@pytest.mark.parametrize("tree", SMALL, ids=lambda t: t.name)
def test_planner_decisions_are_the_models(tree: Tree) -> None:
    _agrees(tree)


@pytest.mark.slow
@pytest.mark.parametrize("tree", UP_TO_64, ids=lambda t: t.name)
def test_planner_decisions_are_the_models_up_to_64_leaves(tree: Tree) -> None:
    _agrees(tree)


def test_no_coalescing_mutant_is_caught() -> None:
    found = [x for tree in SMALL for x in run(tree, MUTANTS["no-coalescing"], steps=12, seed=0).disagreements]
    assert any("buddy invariant" in x for x in found)


def _spare_runs(planner: type | None = None) -> list[Differential]:
    kw = {} if planner is None else {"planner_cls": planner}
    return [run(t, steps=16, seed=seed, spares=True, **kw) for t in WITH_SPARES for seed in range(2)]


def test_replan_and_spares_are_the_models() -> None:
    runs = _spare_runs()
    assert [x for d in runs for x in d.disagreements] == []
    # Repairs are compared (not all skipped as outside the model's premise), and Place with them.
    assert sum(d.repairs for d in runs) >= 10 and sum(d.decisions for d in runs) > 0


@pytest.mark.parametrize(("mutant", "what"), [
    ("spare-outside-domain", "the model's rule (lowest usable domain, spares first) does not allow"),
    ("place-uses-spares", "takes a reserved spare"),
])
def test_spare_mutants_are_caught(mutant: str, what: str) -> None:
    found = [x for d in _spare_runs(MUTANTS[mutant]) for x in d.disagreements]
    assert any(what in x for x in found), found[:3]
