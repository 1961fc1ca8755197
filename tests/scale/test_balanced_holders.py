"""Which worker holds each new state of a level (parallel._Search.balanced_holders): always one
that generated it, and the workers' shares even out where states several workers generated
leave a choice (before, the worker holding more states kept holding more at every level)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from phalanx_verify.check.parallel import _Search


def holders(groups: list[list[int]], n: int, held: list[int]) -> tuple[np.ndarray, np.ndarray, SimpleNamespace]:
    """The picks for ``groups`` (each the workers that generated one state, the home worker or
    the smallest key first), and the owners' column they index."""
    owners = np.array([w for g in groups for w in g], dtype=np.int8)
    starts = np.cumsum([0] + [len(g) for g in groups[:-1]]).astype(np.int64) if groups else np.zeros(0, np.int64)
    search = SimpleNamespace(held=np.array(held, dtype=np.int64))
    pick = _Search.balanced_holders(search, owners, starts, len(owners))  # type: ignore[arg-type]
    return pick, owners, search


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.sets(st.integers(0, n - 1), min_size=1).map(sorted), max_size=60),
    st.lists(st.integers(0, 30), min_size=n, max_size=n))))
def test_a_generator_holds_each_state_and_shares_even_out(case: tuple) -> None:
    n, groups, before = case
    pick, owners, search = holders(groups, n, before)
    starts = np.cumsum([0] + [len(g) for g in groups]).tolist()
    for k, g in enumerate(groups):
        assert starts[k] <= pick[k] < starts[k + 1], "the pick is one of the state's own candidates"
        if len(g) == 1:
            assert pick[k] == starts[k], "a state one worker generated stays there"
    counts = np.bincount(owners[pick], minlength=n) if len(groups) else np.zeros(n, dtype=np.int64)
    assert (search.held == np.array(before) + counts).all(), "the shares count every state once"


def test_two_workers_even_out_an_imbalance() -> None:
    """Worker 0 generated 10 states alone, worker 1 none; of 10 both generated (home: worker 0
    for each) worker 1 takes enough to even the level: 10 and 10."""
    groups = [[0]] * 10 + [[0, 1]] * 10
    pick, owners, search = holders(groups, 2, [0, 0])
    assert search.held.tolist() == [10, 10]
    assert np.bincount(owners[pick]).tolist() == [10, 10]
    # without the imbalance, the first candidate (home) keeps each state
    pick, owners, search = holders([[0, 1], [1, 0]], 2, [0, 0])
    assert pick.tolist() == [0, 2] and search.held.tolist() == [1, 1]
