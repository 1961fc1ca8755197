"""``x \\in BOOLEAN`` with x no Boolean: TLC's BOOLEAN is a normalized set, searched by halves,
so x is compared first with TRUE, by x's own compareTo, and the message is worded after x's
kind (compare._compared_with_true). Each message is real TLC's, from ``ASSUME PrintT(x \\in
BOOLEAN)`` (exit 10, the assumption's evaluation failed); a model value is simply no member."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model

CASES = {
    "(-2)": "Attempted to compare integer -2 with non-integer: TRUE",
    '"a"': 'Attempted to compare string "a" with non-string: TRUE',
    "{1}": "Attempted to compare the set {1} with the value: TRUE",
    "{}": "Attempted to compare the set {} with the value: TRUE",
    "<<1>>": "Attempted to compare the function <<1>> with the value: TRUE",
    "(1 :> 2)": "Attempted to compare the function <<2>> with the value: TRUE",
    "[a |-> 1]": "Attempted to compare record: [a |-> 1] with non-record TRUE",
}


def _assume(tmp_path: Path, x: str) -> tuple[int, str]:
    spec = f"---- MODULE S ----\nEXTENDS Integers, TLC\nCONSTANT r1\nASSUME PrintT({x} \\in BOOLEAN)\n====\n"
    code, _, out = check_model(tmp_path, "S", "CONSTANT r1 = r1\n", spec)
    return code, " ".join(out.split())


@pytest.mark.parametrize("x", sorted(CASES))
def test_a_non_boolean_against_boolean_fails_in_tlcs_words(tmp_path: Path, x: str) -> None:
    code, out = _assume(tmp_path, x)
    assert code == 10 and CASES[x] in out, out


def test_a_model_value_is_no_member_of_boolean(tmp_path: Path) -> None:
    code, out = _assume(tmp_path, "r1")
    assert code == 0 and "FALSE" in out, out
