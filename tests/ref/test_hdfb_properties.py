"""Property tests on random trees and random Place/Release/fail sequences (Prop. 1, Thm 2, Prop. 2),
and the proof that they can fail: every planner mutant is caught."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phalanx_ref.hdfb import Planner
from phalanx_ref.mutants import MUTANTS
from tests.ref.hdfb_checks import run_scenario


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_sequences_keep_every_invariant(seed: int) -> None:
    run_scenario(Planner, seed)


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_each_mutant_is_caught(name: str) -> None:
    caught = []
    for seed in range(300):
        try:
            run_scenario(MUTANTS[name], seed)
        except AssertionError as e:
            caught.append((seed, str(e)))
            break
    assert caught, f"mutant {name} survived 300 random scenarios"
