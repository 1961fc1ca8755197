"""TLC evaluates a constant-level INVARIANT once, before the search (a FALSE one is "The
invariant of Inv is equal to FALSE", exit 151), and decides what is constant by its own bound
of levels (getLevelBound), which asks each applied name whether a VARIABLE of the spec is
spelled alike (UniqueString.getVarLoc). So a definition from another module that binds or
defines such a name (Bags' SubBag binds x, f, i, ...; a user module's ``CHOOSE x \\in S``)
makes the invariant a state predicate, violated in the initial state (exit 12). The built-in
gave 151 for all of them. Outcomes recorded from real TLC runs (TLC2 2026.12.06)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model

CFG = "INIT Init\nNEXT Next\nINVARIANT Inv\n"


def _spec(var: str, inv: str, extends: str = "Naturals, Bags") -> str:
    return (f"---- MODULE M ----\nEXTENDS {extends}\nVARIABLE {var}\nInit == {var} = 0\n"
            f"Next == {var}' = 1 - {var}\nInv == {inv}\n====\n")


@pytest.mark.parametrize(("var", "tlc_exit"), [
    ("x", 12), ("f", 12), ("RSB", 12), ("Biggest", 12),  # names SubBag's definition applies
    ("v", 151), ("zz", 151),
])
def test_subbag_reads_as_the_variable_it_is_spelled_as(tmp_path: Path, var: str, tlc_exit: int) -> None:
    code, report, out = check_model(tmp_path, "M", CFG, _spec(var, "SubBag(SetToBag({1, 2})) = {}"))
    assert code == tlc_exit, out
    if code == 12:
        assert (report["generated"], report["distinct"]) == (1, 1), out
    else:
        assert "The invariant of Inv is equal to FALSE" in out, out


@pytest.mark.parametrize(("var", "tlc_exit"), [("x", 12), ("y", 12), ("n", 12), ("w", 151)])
def test_a_user_module_binding_the_name(tmp_path: Path, var: str, tlc_exit: int) -> None:
    (tmp_path / "A.tla").write_text("---- MODULE A ----\nEXTENDS Naturals\n"
                                    "Max(S) == CHOOSE x \\in S : \\A y \\in S : x >= y\n"
                                    "Twice(n) == LET d == n + n IN d\n====\n")
    code, _, out = check_model(tmp_path, "M", CFG, _spec(var, "Max({1, 2}) + Twice(1) = 3", "Naturals, A"))
    assert code == tlc_exit, out
