"""Two sets Python finds unequal: TLC compares them member by member in its order, and fails
where two members cannot be compared. Sets of one scalar kind (and untyped model values)
skip that walk (compare._scalars_alike); mixed kinds still get TLC's error. Each value and
message below is real TLC's (``ASSUME PrintT(...)``, exit 0 or 75)."""

from __future__ import annotations

import pytest

from phalanx_verify.tla import compare
from phalanx_verify.tla.errors import EvalError
from phalanx_verify.tla.values import Fcn, ModelValue


def test_sets_of_one_kind_are_unequal_without_error() -> None:
    r1 = ModelValue("r1")
    assert compare.eq(frozenset({1, 2}), frozenset({1, 3})) is False
    assert compare.eq(frozenset({r1, 2}), frozenset({1, 3})) is False
    assert compare.eq(frozenset({"a", "b"}), frozenset({"a", "c"})) is False


@pytest.mark.parametrize(("a", "b", "message"), [
    (frozenset({1, 2}), frozenset({"a", "b"}), 'Attempted to check equality of integer 1 with non-integer: "a"'),
    (frozenset({1, 2}), frozenset({True, False}), "Attempted to check equality of integer 1 with non-integer: FALSE"),
])
def test_sets_of_other_kinds_fail_as_in_tlc(a: frozenset, b: frozenset, message: str) -> None:
    with pytest.raises(EvalError) as err:
        compare.eq(a, b)
    assert message in str(err.value)


def test_a_pair_found_in_a_set_is_confirmed_only_where_it_holds_0_or_1() -> None:
    """A tuple without 0, 1 or a Boolean found in a set is a member (TRUE); one holding 1
    found where the set holds TRUE is TLC's error (``<<1, 3>> \\in {<<TRUE, 3>>}``)."""
    assert compare.member((2, 3), frozenset({(2, 3), (3, 4)})) is True
    for x, s in (((1,), frozenset({(True,)})), ((1, 3), frozenset({(True, 3)}))):
        with pytest.raises(EvalError) as err:
            compare.member(x, s)
        assert "Attempted to compare equality of boolean TRUE with non-boolean:" in str(err.value)


def test_unequal_functions_of_names_compare_as_in_tlc() -> None:
    """Functions of strings or model values with values of one kind each: FALSE without a
    sort (compare._values_alike); a value pair of two kinds, even inside a set, is still
    TLC's error: ``[a |-> {1}, b |-> 2] = [a |-> {"x"}, b |-> 3]``."""
    r1, r2 = ModelValue("r1"), ModelValue("r2")
    assert compare.eq(Fcn({"a": frozenset({r1}), "b": frozenset()}),
                      Fcn({"a": frozenset({r1}), "b": frozenset({r1})})) is False
    assert compare.eq(Fcn({r1: 1, r2: 2}), Fcn({r1: 1, r2: 3})) is False
    for a, b in ((Fcn({"a": 1, "b": 2}), Fcn({"a": "x", "b": 2})),
                 (Fcn({"a": frozenset({1}), "b": 2}), Fcn({"a": frozenset({"x"}), "b": 3}))):
        with pytest.raises(EvalError) as err:
            compare.eq(a, b)
        assert 'Attempted to check equality of integer 1 with non-integer: "x"' in str(err.value)
