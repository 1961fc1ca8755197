"""What a step leaves unchanged stays the same object: a \\cup b with b within a is a itself, and
[f EXCEPT ![k] = v] with v the object f[k] already is, f itself (RRP's Seal, sealed[j] \\cup
{epoch[j]} once the epoch is sealed). The interner then finds the parent's component by identity.
An interval stays out of it: TLC's cup makes a plain set of one, printed as a set."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from phalanx_verify.tla import compare, runtime, setbound
from phalanx_verify.tla.errors import TLAError
from phalanx_verify.tla.values import Fcn, Interval, ModelValue, format_value


def test_a_union_adding_nothing_is_its_left_set() -> None:
    a = frozenset({1, 2, 3})
    assert compare.union2(a, frozenset({2})) is a
    assert compare.union2(a, frozenset()) is a
    grown = compare.union2(a, frozenset({4}))
    assert grown is not a and grown == frozenset({1, 2, 3, 4})


def test_an_interval_is_not_handed_back() -> None:
    r = compare.union2(Interval(range(1, 4)), frozenset({2}))
    assert type(r) is frozenset and format_value(r) == "{1, 2, 3}"


def test_an_except_to_the_same_object_is_the_function() -> None:
    j1, j2 = ModelValue("j1"), ModelValue("j2")
    sealed = Fcn({j1: frozenset({0}), j2: frozenset({0, 1})})
    assert runtime.except1(sealed, j1, compare.union2(sealed[j1], frozenset({0}))) is sealed
    changed = runtime.except1(sealed, j1, compare.union2(sealed[j1], frozenset({1})))
    assert changed is not sealed and changed[j1] == frozenset({0, 1}) and changed[j2] is sealed[j2]


@pytest.mark.parametrize(("a", "x"), [
    (frozenset({0, 1}), 1), (frozenset({0, 1}), 2), (frozenset(), 0), (frozenset({True}), 1),
    (frozenset({(1, 2)}), 1), (frozenset({"a"}), 1), (Interval(range(1, 4)), 2), (frozenset({1}), True),
    (frozenset({ModelValue("m1")}), 1),
])
def test_adding_one_member_is_the_union_with_its_singleton(a: frozenset, x: object) -> None:
    """S \\cup {x} (compare.with_member) answers as union2(S, {x}), its value or its error;
    S itself where x is in it."""
    def outcome(f: Callable[[], object]) -> tuple[str, object]:
        try:
            r = f()
        except TLAError as err:
            return "error", err.message
        return format_value(r), type(r)
    assert outcome(lambda: compare.with_member(a, x)) == outcome(lambda: compare.union2(a, compare.singleton(x)))
    if type(a) is frozenset and type(x) is int and all(type(v) is int for v in a) and x in a:
        assert compare.with_member(a, x) is a


def test_adding_one_member_keeps_tlcs_set_size_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(setbound, "allowed", 2)
    with pytest.raises(TLAError):
        compare.with_member(frozenset({1, 2}), 3)
    assert compare.with_member(frozenset({1, 2}), 2) == frozenset({1, 2})
