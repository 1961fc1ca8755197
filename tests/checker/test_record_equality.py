"""``=`` between a tuple and a record asks the left side's equals (TLC): a record's fails on
any non-empty tuple (RecordValue.equals: "Attempted to check equality of record"), a tuple's
finds a record of another size unequal and fails comparing the arguments of one of its size
(1 with "c"). The built-in failed on ``<<1, 2>> = [c |-> 1]``, which TLC finds FALSE. Outcomes
recorded from TLC2 2026.12.05 (ASSUME PrintT(e): exit 0 and the value, or 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model


@pytest.mark.parametrize(("expr", "tlc"), [
    ("<<1, 2>> = [c |-> 1]", "FALSE"),
    ("[c |-> 1] = <<1, 2>>", 10),
    ("<<1>> = [c |-> 1]", 10),
    ("<<<<1>>>> = <<[c |-> 1]>>", 10),
    ("<<<<1, 2>>>> = <<[c |-> 1]>>", "FALSE"),
    ("[c |-> 1] = <<>>", "FALSE"),
])
def test_a_tuple_and_a_record_compare_by_the_left_sides_equals(tmp_path: Path, expr: str, tlc: str | int) -> None:
    code, _, out = check_model(tmp_path, "S", "", f"---- MODULE S ----\nEXTENDS TLC\nASSUME PrintT({expr})\n====\n")
    if tlc == 10:
        assert code == 10 and "evaluation error" in out, out
    else:
        assert code == 0 and tlc in out.split(), out
