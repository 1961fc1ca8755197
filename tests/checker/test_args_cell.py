"""A state-level operator with value parameters that ranges over a set and reads one variable
of several keeps its value per (object of that variable, arguments) (Expressions._args_cell):
states share the objects of equal values, so the actions of many states find it. The counts are
real TLC's on the same module (30 generated, 12 distinct, depth 7, no violation)."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.tla import expressions
from phalanx_verify.tla.expressions import Expressions

from .specs import check_model

SPEC = """---- MODULE ArgsCell ----
EXTENDS Naturals, FiniteSets
VARIABLES x, y
Below(j) == {v \\in 0..3 : v <= x /\\ v # j}
Init == x = 0 /\\ y = 0
Next == \\/ x < 3 /\\ x' = x + 1 /\\ UNCHANGED y
        \\/ \\E j \\in 0..2 : y < 4 /\\ Cardinality(Below(j)) > y /\\ y' = y + 1 /\\ UNCHANGED x
Inv == \\A j \\in 0..2 : Cardinality(Below(j)) = IF j <= x THEN x ELSE x + 1
====
"""
CFG = "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n"


def test_values_kept_per_read_object_and_arguments_give_tlcs_counts(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[list[int]] = []
    real = Expressions._args_cell

    def seen(self: Expressions, info):  # type: ignore[no-untyped-def]
        got = real(self, info)
        if got is not None:
            made.append(got[1])
        return got
    monkeypatch.setattr(Expressions, "_args_cell", seen)
    code, rep, out = check_model(tmp_path, "ArgsCell", CFG, SPEC)
    assert (code, rep["generated"], rep["distinct"], rep["depth"]) == (0, 30, 12, 7), out
    assert made == [[0]]  # Below, kept by x


def test_a_table_keyed_by_the_wrong_variable_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept per y (as if the reads analysis had named the wrong variable), Below answers with
    stale values: the counts then differ from TLC's or the invariant fails, so the test above
    can fail."""
    real = Expressions._args_cell

    def by_y(self: Expressions, info):  # type: ignore[no-untyped-def]
        got = real(self, info)
        return None if got is None else (got[0], [1])
    monkeypatch.setattr(Expressions, "_args_cell", by_y)
    code, rep, out = check_model(tmp_path, "ArgsCell", CFG, SPEC)
    assert (code, rep["generated"], rep["distinct"]) != (0, 30, 12), out


BOOL_SPEC = """---- MODULE ArgsBool ----
EXTENDS Naturals, TLC
VARIABLES x, y
G(a) == IF a = a THEN {<<v, a>> : v \\in {x}} ELSE {}
Init == x = 0 /\\ y = 0
Next == y < 2 /\\ y' = y + 1 /\\ UNCHANGED x
Inv == ToString(G(1)) = "{<<0, 1>>}" /\\ ToString(G(IF y >= 0 THEN TRUE ELSE 1)) = "{<<0, TRUE>>}"
====
"""


def test_a_boolean_argument_is_no_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """G(1) is kept; G(TRUE) is not looked up, since Python finds (x, True) equal to (x, 1).
    Real TLC: 3 generated, 3 distinct, depth 3, no violation. With Booleans made keys, G(TRUE)
    answers G(1)'s set and the invariant fails, so the test can fail."""
    cfg = "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n"
    code, rep, out = check_model(tmp_path, "ArgsBool", cfg, BOOL_SPEC)
    assert (code, rep["generated"], rep["distinct"], rep["depth"]) == (0, 3, 3, 3), out
    monkeypatch.setattr(expressions, "_MEMO_KEYS", expressions._MEMO_KEYS | {bool})
    (tmp_path / "keyed").mkdir()
    code, rep, out = check_model(tmp_path / "keyed", "ArgsBool", cfg, BOOL_SPEC)
    assert code != 0 and "Inv" in out, out
