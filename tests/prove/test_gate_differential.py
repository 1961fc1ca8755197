"""The real Planner's Place, Carve and Release against the z3 model's levels and invariant on
bounded trees (up to 16 leaves by default, up to 64 in the slow run); a planner mutant that
breaks them is caught."""

from __future__ import annotations

import pytest

from phalanx_gate.differential import run
from phalanx_gate.trees import Tree, bounded_trees
from phalanx_ref.mutants import MUTANTS

SMALL = [t for t in bounded_trees(16) if t.n <= 16]
UP_TO_64 = [t for t in bounded_trees(64) if 16 < t.n <= 64]


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
