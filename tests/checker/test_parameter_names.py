"""SANY's "Multiply-defined symbol" for the parameters of a LAMBDA or a LET operator, as for
bound names: none may reuse a name defined, declared or bound where it is written. The built-in
checked bound names and top-level parameters but let these through and answered (found by
random specs run against TLC; exit codes recorded from TLC2 2026.12.05)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model


@pytest.mark.parametrize(("inv", "tlc_exit"), [
    ("\\E v \\in {1} : Apply(LAMBDA v : v, 1) = 1", 150),
    ("LET F(x) == x IN F(0) = 0", 150),  # x the variable
    ("Apply(LAMBDA x : x, 1) = 1", 150),
    ("\\E v \\in {1} : LET F(v) == v IN F(1) = 1", 150),
    ("LET G == 1 IN LET F(G) == G IN F(0) = 0", 150),
    ("Apply(LAMBDA Apply : 1, 1) = 1", 150),
    ("Apply(LAMBDA z : z, 1) = 1", 0),
    ("LET F(z) == z IN F(0) = 0", 0),
])
def test_a_parameter_may_not_reuse_a_name_in_scope(tmp_path: Path, inv: str, tlc_exit: int) -> None:
    spec = ("---- MODULE S ----\nVARIABLE x\nApply(F(_), a) == F(a)\nInit == x = 0\nNext == UNCHANGED x\n"
            f"Inv == {inv}\n====\n")
    code, _report, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\nINVARIANT Inv\n", spec)
    assert code == tlc_exit, out
    if tlc_exit == 150:
        assert "semantic error: Multiply-defined symbol" in out
