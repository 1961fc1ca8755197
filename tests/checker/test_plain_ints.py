"""order.plain_ints: sets of integers, or of tuples of one length holding integers, where
Python's < is TLC's order and no member comparison of \\cup, \\cap or \\ can fail. It lets
min_tlc skip the sort keys and compare._compared skip TLC's member comparisons; where it
answers wrongly for a set holding a Boolean, 1 = TRUE would pass unseen. Checked against
tlc_key's order on generated sets, and on the errors TLC gives for sets it must not take."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from phalanx_verify.tla import compare
from phalanx_verify.tla.errors import EvalError
from phalanx_verify.tla.order import min_tlc, plain_ints, tlc_key

SCALARS = st.one_of(st.integers(-3, 3), st.booleans(), st.sampled_from(["a", "b"]))
MEMBERS = st.one_of(SCALARS, st.tuples(SCALARS, SCALARS), st.tuples(SCALARS), st.tuples(SCALARS, SCALARS, SCALARS))


def test_what_it_takes() -> None:
    assert plain_ints(frozenset({1, -2, 3}))
    assert plain_ints(frozenset({(1, 2), (0, 5)}))
    assert not plain_ints(frozenset({2, True}))
    assert not plain_ints(frozenset({(1, 2), (1,)}))  # two lengths: TLC orders by length first
    assert not plain_ints(frozenset({1, (1,)}))
    assert not plain_ints(frozenset({(1, (2,))}))
    assert not plain_ints(frozenset({(True, 2)}))
    assert not plain_ints(frozenset({()}))


@given(st.frozensets(MEMBERS, min_size=1, max_size=6))
def test_min_is_tlcs_first(s: frozenset) -> None:
    if len({tlc_key(x)[0] for x in s}) > 1:  # kinds TLC cannot sort together: not min_tlc's to say
        return
    assert min_tlc(s) == min(s, key=tlc_key)


def test_set_operations_still_compare_booleans() -> None:
    for op in (compare.setminus, compare.union2, compare.intersect):
        for a, b in (({(1, 2)}, {(True, 2)}), ({1, 2}, {True})):
            try:
                op(frozenset(a), frozenset(b))
            except EvalError:
                continue
            raise AssertionError(f"{op.__name__}({a}, {b}) compared 1 with TRUE without TLC's error")
    assert compare.setminus(frozenset({(1, 2), (2, 3)}), frozenset({(1, 2)})) == frozenset({(2, 3)})
