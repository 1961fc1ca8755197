"""SANY's precedence rule for a prefix operator followed by an infix one (tla2sany OperatorStack):
their ranges must not overlap. SUBSET, UNION and DOMAIN bind at 10-13 as \\X does (so
``DOMAIN g \\X {1}`` is a conflict), ENABLED, UNCHANGED, [] and <> at 4-15, ~ at 4, prefix - at 12.
Every expected outcome below is real TLC's (TLC2 2026.12.05) on the same definition: a parse error
(exit 150) where SANY reports the conflict, else the model checks (exit 0). Found by a random
differential run against TLC (``Inv == <<n, 1>> \\in DOMAIN g \\X {1}`` was accepted here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model

CONFLICTS = {
    "DOMAIN g \\X {1}": True, "SUBSET {1} \\X {2}": True, "UNION {{1}} \\X {2}": True,
    "ENABLED TRUE \\X {1}": True, "UNCHANGED g \\X {1}": True, "[](TRUE) \\X {1}": True,
    "-1 \\X {2}": True, "{2} \\X SUBSET {1} \\X {2}": True, "{1} \\cup SUBSET {2} \\X {3}": True,
    "a * - b + 2": True, "UNCHANGED a = b": True, "1..2 \\X 3..4": True, "a * b \\X {1}": True,
    "{1} \\X DOMAIN g": False, "{1} \\X SUBSET {2}": False, "DOMAIN g \\cup {1}": False,
    "SUBSET {1} \\cup {2}": False, "~ TRUE \\X {1}": False, "{1} \\X {2} \\X {3}": False, "~ a = b": False,
    "SUBSET {1} = {}": False, "- a + b": False, "a + - b * 2": False, "ENABLED a /\\ TRUE": False,
    "a = - b + 1": False, "DOMAIN g = {1}": False,
}


@pytest.mark.parametrize("expr", sorted(CONFLICTS))
def test_prefix_operator_precedence_as_sany(tmp_path: Path, expr: str) -> None:
    spec = f"---- MODULE P ----\nEXTENDS Integers\na == 1\nb == 2\ng == [k \\in {{1}} |-> 0]\nE == {expr}\n====\n"
    code, _, out = check_model(tmp_path, "P", "\n", spec)
    if CONFLICTS[expr]:
        assert code == 150 and "Precedence conflict" in out, out
    else:
        assert code == 0, out
