"""Modules the package ships (phalanx_verify/tla/library): TLAPS, whose proof pragmas specs with
TLAPS proofs EXTEND, is found after the spec's own directory, where a user's TLAPS.tla wins.
The figures were recorded from real TLC (TLC2 2026.12.04, -workers 1) with the shipped TLAPS.tla,
then with the user's, next to the spec: SANY parses the shipped module and the proofs."""

from __future__ import annotations

from pathlib import Path

from .specs import check_model

SPEC = """---- MODULE Sq ----
EXTENDS Naturals, TLAPS
VARIABLE x
Init == x = 0
Next == x < 5 /\\ x' = x + 1
Spec == Init /\\ [][Next]_x
TypeOK == x \\in 0..5
THEOREM Typing == Spec => []TypeOK
<1>1. Init => TypeOK
  BY DEF Init, TypeOK
<1>2. TypeOK /\\ [Next]_x => TypeOK'
  BY SMT, Zenon, IsaT(30) DEF TypeOK, Next
<1>. QED  BY <1>1, <1>2, PTL DEF Spec
ASSUME SMT /\\ ZenonT(10) /\\ AllProvers
====
"""
CFG = "SPECIFICATION Spec\nINVARIANT TypeOK\n"


def test_a_spec_with_tlaps_proofs_checks_as_tlc_with_the_library(tmp_path: Path) -> None:
    code, report, out = check_model(tmp_path, "Sq", CFG, SPEC)
    assert code == 11, out  # TLC: deadlock after x = 5
    assert (report["generated"], report["distinct"], report["depth"]) == (6, 6, 6)


def test_the_users_own_tlaps_module_wins(tmp_path: Path) -> None:
    (tmp_path / "TLAPS.tla").write_text("---- MODULE TLAPS ----\nSMT == FALSE\nZenonT(X) == TRUE\n"
                                        "AllProvers == TRUE\nZenon == TRUE\nIsaT(X) == TRUE\nPTL == TRUE\n====\n")
    code, _report, out = check_model(tmp_path, "Sq", CFG, SPEC)
    assert code == 10, out
    assert "Assumption line 14, col 8 to line 14, col 38 of module Sq is false." in out, out  # TLC's words
