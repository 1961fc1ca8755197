"""SANY's rule on assumptions: an ASSUME must be constant-level ("Level error: assumptions must
be level 0 (Constant), but this one has level 1.", exit 150). The built-in evaluated it with
each variable as no value: `ASSUME x = 0` failed as a false assumption (10), and `ASSUME
PrintT(x)` printed "None" and passed (TLC fails it, 10; refused here, 150, never passed). The
TLC module's TLCGet stays constant-level for SANY. Exit codes recorded from real TLC runs
(TLC2 2026.12.05)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model


@pytest.mark.parametrize(("assume", "tlc_exit", "ours"), [
    ("x = 0", 150, 150),
    ("ENABLED (x' = 1)", 150, 150),
    ("PrintT(x)", 10, 150),  # SANY weighs PrintT's unused parameter out; TLC then fails to evaluate x
    ("Print(x, TRUE)", 10, 150),
    ('TLCGet("config").mode = "bfs"', 0, 0),
    ('TLCGet("level") = 0', 0, 0),
    ("\\A v \\in {1} : v = 1", 0, 0),
])
def test_an_assumption_must_be_constant(tmp_path: Path, assume: str, tlc_exit: int, ours: int) -> None:
    spec = (f"---- MODULE A ----\nEXTENDS TLC, Naturals\nVARIABLE x\nASSUME {assume}\n"
            "Init == x = 0\nNext == UNCHANGED x\n====\n")
    code, _report, out = check_model(tmp_path, "A", "INIT Init\nNEXT Next\n", spec)
    assert code == ours, out
    assert (code == 0) == (tlc_exit == 0)  # refused or failed where TLC fails, passed where it passes
    if code == 150:
        assert "A.tla:4:8" in out and "Level error: assumptions must be level 0 (Constant), but this one has level" in out
