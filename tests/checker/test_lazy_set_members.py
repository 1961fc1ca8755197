"""S \\cap T and S \\ T with one set given by a rule (Nat, SUBSET S): TLC's SetCapValue and
SetDiffValue go through the enumerated set and ask the other one's member, which fails on a
value of the wrong kind ("Attempted to check if the value: "a" is an element of Nat.",
SubsetValue's "non-enumerable value 0"); the built-in asked Python's ``in`` and answered FALSE
(found by random specs run against TLC; outcomes recorded from TLC2 2026.12.05: the value
printed, or the evaluation error)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import assume_outcome, check_model


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


@pytest.mark.parametrize(("expr", "tlc"), [
    ('0 \\in [{"a"} -> 0..2]', "Attempted to check if 0 which is not a TLC function value, is in the set of "
                               "functions: {[a |-> 0], [a |-> 1], [a |-> 2]}"),
    ("{} \\in [1..2 -> BOOLEAN]", "Attempted to check if {} which is not a TLC function value, is in the set of "
                                  "functions: {<<FALSE, FALSE>>, <<FALSE, TRUE>>, <<TRUE, FALSE>>, <<TRUE, TRUE>>}"),
    ("TRUE \\in [{1} -> {2}]", "Attempted to check if TRUE which is not a TLC function value, is in the set of "
                               "functions: {<<2>>}"),
    # 51 * 51 functions, over TLCGlobals.enumBound (2000): shown as written
    ("0 \\in [1..2 -> 0..50]", "Attempted to check if 0 which is not a TLC function value, is in the set of "
                               "functions: [1..2 -> 0..50]"),
    ("1 \\in [{1} -> Nat]", "Attempted to check if 1 which is not a TLC function value, is in the set of "
                            "functions: [{1} -> Nat]"),
])
def test_a_non_function_in_a_set_of_functions(tmp_path: Path, expr: str, tlc: str) -> None:
    """SetOfFcnsValue.member's words, the set printed as its toString prints it (TLC2 2026.12.07;
    was: the generic "Attempted to check if the value: 0 is an element of [...]")."""
    assume_outcome(tmp_path, expr, "Naturals, TLC", tlc)
