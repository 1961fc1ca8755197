"""The z3 translation of Init and Next agrees with the checker on the checker's own states and
steps (and on generated non-steps); a mistranslated action is caught."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from phalanx_verify.check.bfs import explore
from phalanx_verify.check.model import Model, load_model
from phalanx_verify.check.report import Report
from phalanx_verify.prove.crosscheck import TranslationCheck, agreement

SPEC = Path(__file__).resolve().parents[2] / "spec"


@pytest.fixture(scope="module")
def l6() -> tuple[Model, list[tuple]]:
    model = load_model(SPEC / "RRP.tla", SPEC / "RRP_L6.cfg")
    space = explore(model, Report(model="RRP_L6"))
    assert space is not None and len(space.states) == 43070
    return model, space.states


def _spread(states: list[tuple], n: int) -> list[tuple]:
    """n states spread over the BFS order (so over every depth)."""
    return states[:: max(len(states) // n, 1)]


def test_init_and_sampled_edges_of_the_six_leaf_graph(l6: tuple[Model, list[tuple]]) -> None:
    model, states = l6
    a = agreement(model, _spread(states, 120))
    assert a.ok, (a.missed[:3], a.extra[:3], a.unknown[:3])
    assert a.init_states >= 20 and a.non_init >= 15
    assert a.edges >= 200 and a.non_edges >= 60


def test_mistranslated_commit_is_caught(l6: tuple[Model, list[tuple]]) -> None:
    """z3 reads CommitNoEpoch (Commit leaves the epoch alone), the checker RRP: every Commit
    step of RRP is missed by z3's Next, and the mutant's Commit steps are extra."""
    model, states = l6
    mutant = load_model(SPEC / "mutants" / "CommitNoEpoch.tla", SPEC / "RRP_L6.cfg")
    commits = [s for s in _spread(states, 400) if any(model.labels[lab].name == "Commit"
                                                      for lab, _, _ in model.next(s))][:10]
    a = agreement(model, commits, check=TranslationCheck(mutant, reference=model))
    assert a.missed and not a.unknown
    assert all("Next(" in m for m in a.missed)


@pytest.mark.hours
@pytest.mark.timeout(0)  # hours by design: no hang guard
def test_every_edge_of_the_six_leaf_graph(l6: tuple[Model, list[tuple]]) -> None:
    model, states = l6
    a = agreement(model, states)
    assert a.ok, (a.missed[:3], a.extra[:3], a.unknown[:3])
    assert a.edges >= 100_000


def _random_walks(model: Model, walks: int, length: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    initial = list(model.init())
    out = []
    for _ in range(walks):
        s = rng.choice(initial)
        for _ in range(length):
            out.append(s)
            succs = [t for _, _, t in model.next(s)]
            if not succs:
                break
            s = rng.choice(succs)
    return list(dict.fromkeys(out))


@pytest.mark.hours
@pytest.mark.timeout(0)  # hours by design: no hang guard
def test_sampled_edges_of_the_seven_leaf_graph() -> None:
    model = load_model(SPEC / "RRP.tla", SPEC / "RRP.cfg")
    a = agreement(model, _random_walks(model, walks=20, length=25, seed=7), seed=7)
    assert a.ok, (a.missed[:3], a.extra[:3], a.unknown[:3])
    assert a.edges >= 300 and a.init_states > 20
