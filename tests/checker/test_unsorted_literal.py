"""A set literal whose items TLC cannot sort ({1, "a"}): TLC keeps a literal as written
(SetEnumValue, not normalized) until something needs it sorted, so membership in it holds or
fails by each item's equals in the literal's order (values.UnsortedSet), while enumerating,
comparing, counting or storing it fails as its sort does, and the sort's message names the
later item first (ValueVec.sort's binary insertion: compare.homogeneous). Every exit code and
message below is real TLC's (TLC2 2026.12.01) on the same module."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model

ASSUMES = {
    "member_found_first": ('ASSUME 1 \\in {1, "a"}', 0, None),
    "member_through_let": ('ASSUME LET S == {1, "a"} IN 1 \\in S', 0, None),
    "member_under_exists": ('ASSUME \\E x \\in {1, 2} : x \\in {1, "a"}', 0, None),
    "member_meets_other_kind": ('ASSUME "b" \\in {1, "a"}', 10,
                                'Attempted to check equality of integer 1 with non-integer: "b"'),
    "compared": ('ASSUME {1, "a"} # {}', 10, 'Attempted to compare string "a" with non-string: 1'),
    "compared_other_order": ('ASSUME {"a", 1} = {2}', 10, 'Attempted to compare integer 1 with non-integer: "a"'),
    "counted": ('ASSUME Cardinality({1, "a"}) = 2', 10, None),
    # UNION of enumerated sets adds each member by equals against those before it (UnionValue.union)
    # (TLC names string "u" and 1; which pair is named here follows Python's order of the outer set)
    "union_of_two_kinds": ('ASSUME UNION {{"u", "v"}, {1}} = {}', 10, "Attempted to check equality of"),
    "union_counted": ('ASSUME Cardinality(UNION {{"u", "v"}, {1}}) = 3', 10, "Attempted to check equality"),
    "union_of_booleans_and_integers": ('ASSUME Cardinality(UNION {{1}, {TRUE}}) = 2', 10, None),
    "union_of_one_kind": ('ASSUME UNION {{1, 2}, {2, 3}} = 1..3', 0, None),
    "counted_one_item": ('ASSUME Cardinality({{1, "a"}}) = 1', 0, None),  # one item: sorted without a comparison
    "walked_one_item": ('ASSUME \\A y \\in {{1, "a"}} : 1 \\in y', 0, None),
}


@pytest.mark.parametrize("name", sorted(ASSUMES))
def test_unsorted_literal_as_tlc(tmp_path: Path, name: str) -> None:
    body, tlc_exit, message = ASSUMES[name]
    spec = f"---- MODULE U ----\nEXTENDS Integers, TLC, FiniteSets\n{body}\n====\n"
    code, _, out = check_model(tmp_path, "U", "\n", spec)
    assert code == tlc_exit, out
    if message:
        assert message in " ".join(out.split()), out


@pytest.mark.parametrize(("guard", "tlc_exit", "message"), [
    ('x \\in {1, "a"}', 0, None),
    ('x \\in {"a", 1}', 75, 'Attempted to check equality of string "a" with non-string: 1'),
])
def test_unsorted_literal_in_an_action(tmp_path: Path, guard: str, tlc_exit: int, message: str | None) -> None:
    spec = f"---- MODULE A ----\nEXTENDS Integers\nVARIABLE x\nInit == x = 1\nNext == x' = 1 /\\ {guard}\n====\n"
    code, report, out = check_model(tmp_path, "A", "INIT Init\nNEXT Next\n", spec)
    assert code == tlc_exit, out
    if message:
        assert message in " ".join(out.split()), out
    else:
        assert (report["generated"], report["distinct"]) == (2, 1)  # TLC: 2 generated, 1 distinct


def test_enumerating_it_fails(tmp_path: Path) -> None:
    spec = "---- MODULE I ----\nEXTENDS Integers\nVARIABLE x\nInit == x \\in {1, \"a\"}\nNext == UNCHANGED x\n====\n"
    code, _, out = check_model(tmp_path, "I", "INIT Init\nNEXT Next\n", spec)
    assert code == 75, out
    assert 'Attempted to compare string "a" with non-string: 1' in " ".join(out.split())


@pytest.mark.parametrize(("init", "nxt", "tlc_exit"), [
    ('x = {1, "a"}', "UNCHANGED x", 255),  # fingerprinting an initial state: TLC's unexpected exception
    ("x = 1", 'x\' = {1, "a"}', 75),  # the same set in a successor
    ('x = {TLCModelValue("A_a"), TLCModelValue("B_a")}', "UNCHANGED x", 255),  # TLC's test-model Github696b
    # a literal of one item sorts without comparing: walked, its item stored, then fingerprinted
    ('x \\in {{1, "a"}}', "UNCHANGED x", 255),
    ('x \\in {<<{1, "a"}>>}', "UNCHANGED x", 255),
    ('x = {{1, "a"}}', "UNCHANGED x", 255),
    ('x \\in {{1, "a"}, {2}}', "UNCHANGED x", 75),  # two items: the sort compares them
    ('x = 0 /\\ {1, "a"} \\in {{1, "a"}}', "UNCHANGED x", 75),  # membership: the item's equals sorts it
])
def test_stored_in_a_state(tmp_path: Path, init: str, nxt: str, tlc_exit: int) -> None:
    spec = f"---- MODULE F ----\nEXTENDS Integers, TLCExt\nVARIABLE x\nInit == {init}\nNext == {nxt}\n====\n"
    code, _, out = check_model(tmp_path, "F", "INIT Init\nNEXT Next\n", spec)
    assert code == tlc_exit, out
    assert "Attempted to compare" in out
    if tlc_exit == 255:  # TLC's report of the initial state fails on the set too: no counts (real TLC)
        assert "states generated" not in out, out
