"""A parameterless state-level definition that ranges over a set and reads only some variables
keeps its value per combination of the objects it reads (Expressions._reads_cell): states share
the objects of equal values, so the successors of many states find it. The counts are real
TLC's on the same module (68 generated, 42 distinct, depth 16, no violation)."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.tla.expressions import Expressions

from .specs import check_model

SPEC = """---- MODULE ReadsCell ----
EXTENDS Naturals, FiniteSets
VARIABLES x, y, z
Big == {v \\in 0..x : v >= 0}
Pairs == {<<v, y>> : v \\in Big}
Init == x = 0 /\\ y = 0 /\\ z = 0
Next == \\/ x < 3 /\\ y = 2 /\\ x' = x + 1 /\\ y' = 0 /\\ UNCHANGED z
        \\/ y < 2 /\\ y' = y + 1 /\\ UNCHANGED <<x, z>>
        \\/ z < 4 /\\ Cardinality(Big) > z /\\ z' = z + 1 /\\ UNCHANGED <<x, y>>
Inv == Cardinality(Big) = x + 1 /\\ Cardinality(Pairs) = x + 1 /\\ \\A p \\in Pairs : p[2] = y
====
"""


def _check(tmp_path: Path) -> tuple[int, dict, str]:
    return check_model(tmp_path, "ReadsCell", "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n", SPEC)


def test_values_kept_per_read_objects_give_tlcs_counts(tmp_path: Path) -> None:
    code, rep, out = _check(tmp_path)
    assert (code, rep["generated"], rep["distinct"], rep["depth"]) == (0, 68, 42, 16), out


def test_a_table_keyed_by_too_few_variables_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept per z alone (as if the reads analysis had missed x and y), Big and Pairs answer
    with stale values: the counts then differ from TLC's, so the test above can fail."""
    real = Expressions._reads_cell

    def by_z(self: Expressions, info):  # type: ignore[no-untyped-def]
        got = real(self, info)
        return None if got is None else (got[0], [2])
    monkeypatch.setattr(Expressions, "_reads_cell", by_z)
    _, rep, out = _check(tmp_path)
    assert (rep["generated"], rep["distinct"]) != (68, 42), out
