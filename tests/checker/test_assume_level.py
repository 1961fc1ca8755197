"""SANY's rule on assumptions: an ASSUME must be constant-level ("Level error: assumptions must
be level 0 (Constant), but this one has level 1.", exit 150). The built-in evaluated it with
each variable as no value: `ASSUME x = 0` failed as a false assumption (10), and `ASSUME
PrintT(x)` printed "None" and passed. SANY's level of a standard operator's call counts only
the arguments its definition in the standard module uses (``PrintT(out) == TRUE``, ``Print(out,
val) == val``, ``a*b == TRUE``): those assumptions pass SANY, and TLC fails to evaluate the
variable ("In evaluation, the identifier x is either undefined or not an operator.", exit 10),
unless it never gets there (``TRUE \\/ PrintT(x)``). The TLC module's TLCGet stays
constant-level for SANY. Exit codes and messages recorded from real TLC runs (TLC2 2026.12.05
and 2026.12.06)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model


@pytest.mark.parametrize(("assume", "tlc_exit", "column"), [
    ("x = 0", 150, 8),
    ("ENABLED (x' = 1)", 150, 8),
    ("x * 2 = 0", 10, 8),
    ("PrintT(x)", 10, 15),
    ("Print(x, TRUE)", 10, 14),
    ("TLCSet(1, x)", 10, 18),
    ("Assert(TRUE, x)", 10, 21),
    ("TRUE \\/ PrintT(x)", 0, 0),
    ("FALSE /\\ PrintT(x)", 10, 0),  # false, x never read
    ("Print(TRUE, x)", 150, 8),
    ('TLCGet("config").mode = "bfs"', 0, 0),
    ('TLCGet("level") = 0', 0, 0),
    ("\\A v \\in {1} : v = 1", 0, 0),
])
def test_an_assumption_must_be_constant(tmp_path: Path, assume: str, tlc_exit: int, column: int) -> None:
    spec = (f"---- MODULE A ----\nEXTENDS TLC, Naturals\nVARIABLE x\nASSUME {assume}\n"
            "Init == x = 0\nNext == UNCHANGED x\n====\n")
    code, _report, out = check_model(tmp_path, "A", "INIT Init\nNEXT Next\n", spec)
    assert code == tlc_exit, out
    if code == 150:
        assert "A.tla:4:8" in out and "Level error: assumptions must be level 0 (Constant), but this one has level" in out
    if column:  # where x is read, as TLC's stack names it
        assert f"A.tla:4:{column}" in out, out
        if code == 10:
            assert "In evaluation, the identifier x is either undefined or not an operator." in out, out
