"""SANY lets an expression of any level replace a CONSTANT of a constant module (one with no
VARIABLE and no definition above constant level: ModuleNode.isConstant); only a module that is
not constant needs constant-level substitutes. ``P == INSTANCE Pure WITH c <- y`` makes P!Id a
state function. The built-in refused every such substitution with SANY's level error (150).
Outcomes recorded from TLC2 2026.12.05 (exit code, states generated, distinct)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model


def spec(inner: str, nxt: str, inv: str) -> str:
    return ("---- MODULE L ----\nEXTENDS Naturals\nVARIABLE y\n---- MODULE Pure ----\nEXTENDS Naturals\n"
            f"CONSTANT c\n{inner}\n====\nP == INSTANCE Pure WITH c <- y\nInit == y = 0\nNext == {nxt}\n"
            f"Inv == {inv}\n====\n")


@pytest.mark.parametrize(("inner", "nxt", "inv", "tlc"), [
    ("Id == c", "y' = 1 - y", "P!Id \\in {0, 1}", (0, 3, 2)),
    ("Id == c\nTwo == <<c, c + 1>>", "y' = (P!Two[2]) % 3", "P!Id < 3 /\\ LET z == P!Two IN z[1] = y", (0, 4, 3)),
    ("Id == c + 1\nAdd(a) == a + c", "y' = (P!Id) % 3", "P!Add(1) < 4", (0, 4, 3)),
    ("F[n \\in 0..2] == IF n = 0 THEN c ELSE F[n-1] + 1", "y' = (P!F[2]) % 4", "P!F[1] \\in 1..4", (0, 3, 2)),
    # an ASSUME of an instantiated module puts no constraint on c, and TLC does not check it
    ("Id == c\nASSUME c = 7", "y' = 1 - y", "P!Id \\in {0, 1}", (0, 3, 2)),
    # the invariant reads the substitute: violated where y reaches 2
    ("Id == c", "y' = (y + 1) % 3", "P!Id \\in {0, 1}", (12, 3, 3)),
])
def test_a_constant_module_takes_a_state_level_substitute(tmp_path: Path, inner: str, nxt: str, inv: str,
                                                         tlc: tuple[int, int, int]) -> None:
    code, report, out = check_model(tmp_path, "L", "INIT Init\nNEXT Next\nINVARIANT Inv\n", spec(inner, nxt, inv))
    assert (code, report["generated"], report["distinct"]) == tlc, out


@pytest.mark.parametrize("inner", ["Id == c\nLive == <>(c = 1)", "Id == c\nAct == c' = c"])
def test_a_module_that_is_not_constant_needs_a_constant_substitute(tmp_path: Path, inner: str) -> None:
    """A temporal or primed definition makes the module non-constant: SANY's level error, 150."""
    code, _report, out = check_model(tmp_path, "L", "INIT Init\nNEXT Next\nINVARIANT Inv\n",
                                     spec(inner, "y' = 1 - y", "P!Id \\in {0, 1}"))
    assert code == 150 and "Level error in instantiating module 'Pure'" in out, out
