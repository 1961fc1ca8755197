"""S \\cap T and S \\ T with one set given by a rule (Nat, SUBSET S): TLC's SetCapValue and
SetDiffValue go through the enumerated set and ask the other one's member, which fails on a
value of the wrong kind ("Attempted to check if the value: "a" is an element of Nat.",
SubsetValue's "non-enumerable value 0"); the built-in asked Python's ``in`` and answered FALSE
(found by random specs run against TLC; outcomes recorded from TLC2 2026.12.05: the value
printed, or the evaluation error)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model


@pytest.mark.parametrize(("expr", "tlc_value"), [
    ('{"a"} \\cap Nat', None),
    ('Nat \\cap {"a"}', None),
    ('{"a", 1} \\ Nat', None),
    ("(SUBSET Nat) \\cap {{1}, 0}", None),
    ("(SUBSET Nat) \\cap {x}", None),  # x = 0
    ("{3} \\ (SUBSET {1})", None),
    ("{1, 2} \\cap Nat", "{1, 2}"),
    ("{{3}} \\ (SUBSET {1})", "{{3}}"),
])
def test_a_member_of_the_wrong_kind_is_an_error(tmp_path: Path, expr: str, tlc_value: str | None) -> None:
    spec = (f"---- MODULE L ----\nEXTENDS Naturals, FiniteSets\nVARIABLE x\nInit == x = 0\nNext == UNCHANGED x\n"
            f"Inv == {f'Cardinality({expr}) >= 0' if tlc_value is None else f'({expr}) = {tlc_value}'}\n====\n")
    code, _report, out = check_model(tmp_path, "L", "INIT Init\nNEXT Next\nINVARIANT Inv\n", spec)
    assert code == (75 if tlc_value is None else 0), out
