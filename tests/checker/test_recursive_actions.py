"""A RECURSIVE operator that determines variables, in the initial predicate or an action: TLC
evaluates it at run time, and so does the generator it is compiled to (actions._gen_recursion).
The outcomes are TLC's (2026.12.01, rev cc6b616): exit code, states generated, distinct, depth."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model

FLIP = """RECURSIVE Check(_,_)
Check(c,n) == IF n = 0 THEN c \\in BOOLEAN ELSE Check(c, n - 1)
TypeOK == Check(x,1)
RECURSIVE Flip(_,_,_)
Flip(v, b, n) == IF n = 0 THEN v = ~b ELSE Flip(v, b, n - 1)
Init == Flip(x, FALSE, 1) /\\ y = 0
Next == x' = ~x /\\ UNCHANGED y
Constraint == Flip(x, ~x, 2)"""

CASES = {
    # TLC's test-model/coverage/Github649, a variable passed by name through the recursion
    "flip": (FLIP, "INIT Init\nNEXT Next\nINVARIANT TypeOK\nCONSTRAINT Constraint\n", 0, 3, 2, 2),
    # each level of the recursion one more way to assign x'
    "pick": ("RECURSIVE Pick(_)\nPick(n) == IF n = 0 THEN x' = 0 ELSE \\/ x' = n \\/ Pick(n - 1)\n"
             "Init == x = 0 /\\ y = 0\nNext == Pick(3) /\\ UNCHANGED y", "INIT Init\nNEXT Next\n", 0, 17, 4, 2),
    # y determined before the recursive call: inside it, y = n is a test
    "after": ("RECURSIVE Both(_)\nBoth(n) == IF n = 0 THEN x = 1 ELSE (y = n /\\ Both(n - 1))\nInit == Both(2)\n"
              "Next == UNCHANGED <<x, y>>", "INIT Init\nNEXT Next\n", 0, 0, 0, 0),
    # ways that determine different variables
    "ways": ("RECURSIVE Both(_)\n"
             "Both(n) == IF n = 0 THEN x \\in 1..2 ELSE \\/ (y = n /\\ Both(n - 1)) \\/ (x = n /\\ y \\in {7, 8})\n"
             "Init == Both(3) /\\ (y = 0 \\/ y = 1 \\/ y = 7)\nNext == UNCHANGED <<x, y>>",
             "INIT Init\nNEXT Next\n", 0, 2, 1, 1),
    "init": ("RECURSIVE Init2(_, _)\nInit2(v, n) == IF n = 0 THEN v \\in 1..3 ELSE Init2(v, n - 1)\n"
             "Init == Init2(x, 2) /\\ y = x\nNext == x < 3 /\\ x' = x + 1 /\\ UNCHANGED y",
             "INIT Init\nNEXT Next\n", 11, 5, 5, 2),
    "guarded": ("RECURSIVE Walk(_)\nWalk(n) == n > 0 /\\ (x' = n \\/ Walk(n - 1))\nInit == x = 0 /\\ y = 0\n"
                "Next == Walk(x + 1) /\\ x' < 4 /\\ UNCHANGED y", "INIT Init\nNEXT Next\n", 0, 10, 4, 4),
    "exists": ("RECURSIVE Sum(_, _)\nSum(s, n) == IF n = 0 THEN x' = s ELSE \\E d \\in 0..1 : Sum(s + d, n - 1)\n"
               "Init == x = 0 /\\ y = 0\nNext == Sum(0, 3) /\\ y' = (y + 1) % 3", "INIT Init\nNEXT Next\n",
               0, 97, 12, 4),
    "unchanged": ("RECURSIVE Go(_)\nGo(n) == IF n = 0 THEN UNCHANGED x ELSE x' = n \\/ Go(n - 1)\n"
                  "Init == x = 0 /\\ y = 0\nNext == Go(x + 1) /\\ x < 5 /\\ y' = y\nSpec == Init /\\ [][Next]_<<x, y>>",
                  "SPECIFICATION Spec\n", 11, 21, 6, 6),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_recursive_operator_determining_variables_counts_as_tlc(tmp_path: Path, name: str) -> None:
    body, cfg, code, generated, distinct, depth = CASES[name]
    spec = f"---- MODULE M ----\nEXTENDS Naturals\nVARIABLES x, y\n{body}\n====\n"
    got, report, output = check_model(tmp_path, "M", cfg, spec)
    assert got == code, output
    assert (report["generated"], report["distinct"], report["depth"]) == (generated, distinct, depth), output


def test_a_primed_argument_of_a_recursive_operator_is_refused(tmp_path: Path) -> None:
    """SANY: "Argument 1 of recursive operator Set is primed" (TLC exits 150)."""
    spec = ("---- MODULE M ----\nEXTENDS Naturals\nVARIABLES x, y\nRECURSIVE Set(_, _)\n"
            "Set(v, n) == IF n = 0 THEN v' = (v + 1) % 4 ELSE Set(v, n - 1)\n"
            "Init == x = 0 /\\ y = 0\nNext == Set(x, 2) /\\ y' = x'\n====\n")
    code, _, output = check_model(tmp_path, "M", "INIT Init\nNEXT Next\n", spec)
    assert code == 150
    assert "Argument 1 of recursive operator Set is primed" in output


# Variables passed by name under other names inside the recursion (issue 13): each arrangement
# of the variables is a generator of its own (actions._by_name_targets); the calls were refused
# (exit 150), and a parameter passed on by name to another operator was not seen to stand for
# x' (exit 75, "x is not determined"). Figures from real TLC runs (2026.12.05, -workers 1):
# exit code, generated, distinct, depth.
SWAPS = {
    "swap_init": ("VARIABLES x, y\nRECURSIVE Set(_, _, _)\n"
                  "Set(v, w, n) == IF n = 0 THEN v \\in {1, 2} /\\ w = 0 ELSE Set(w, v, n - 1)\n"
                  "Init == Set(x, y, 3)\nNext == UNCHANGED <<x, y>>", 0, 4, 2, 1),
    "swap_next": ("VARIABLES x, y\nRECURSIVE Set(_, _, _)\n"
                  "Set(v, w, n) == IF n = 0 THEN v = 1 /\\ w \\in {2, 3} ELSE Set(w, v, n - 1)\n"
                  "Init == x = 0 /\\ y = 0\nNext == x < 6 /\\ Set(x', y', x + y)", 0, 11, 5, 3),
    "swap_ways": ("VARIABLES x, y\nRECURSIVE Set(_, _, _)\n"
                  "Set(v, w, n) == IF n = 0 THEN v = 1 /\\ w \\in {2, 3}\n"
                  "                ELSE \\/ Set(w, v, n - 1)\n"
                  "                     \\/ (n = 1 /\\ v = 4 /\\ w = 5)\n"
                  "Init == Set(x, y, 3)\n"
                  "Next == \\/ x < 3 /\\ Set(y', x', x + 1)\n        \\/ x >= 3 /\\ UNCHANGED <<x, y>>", 0, 15, 6, 2),
    "rotate": ("VARIABLES x, y, z\nRECURSIVE Rot(_, _, _, _)\n"
               "Rot(a, b, c, n) == IF n = 0 THEN a \\in {1, 2} /\\ b = a + 1 /\\ c = 7 ELSE Rot(b, c, a, n - 1)\n"
               "Init == Rot(x, y, z, 3)\nNext == UNCHANGED <<x, y, z>>", 0, 4, 2, 1),
    "other_variable": ("VARIABLES x, y\nRECURSIVE Set(_, _)\n"
                       "Set(v, n) == IF n = 0 THEN v \\in {1, 2} ELSE Set(y, n - 1)\n"
                       "Init == x = 7 /\\ Set(x, 2)\nNext == UNCHANGED <<x, y>>", 0, 4, 2, 1),
    "passed_on": ("VARIABLES x, y\nOp2(v) == v \\in {2, 3}\nOp1(w) == Op2(w)\nInit == x = 0 /\\ y = 0\n"
                  "Next == x = 0 /\\ Op1(x') /\\ y' = y", 11, 3, 3, 2),
}


@pytest.mark.parametrize("name", sorted(SWAPS))
def test_variables_passed_by_name_under_other_names_as_tlc(tmp_path: Path, name: str) -> None:
    body, code, generated, distinct, depth = SWAPS[name]
    spec = f"---- MODULE M ----\nEXTENDS Naturals\n{body}\n====\n"
    got, report, output = check_model(tmp_path, "M", "INIT Init\nNEXT Next\n", spec)
    assert got == code, output
    assert (report["generated"], report["distinct"], report["depth"]) == (generated, distinct, depth), output


def test_many_arrangements_of_the_variables_passed_by_name_are_refused(tmp_path: Path) -> None:
    """Six arrangements of three variables (TLC: exit 0, 4 generated, 2 distinct): each would be
    a generator compiled inside the others; refused with exit 150 and one line."""
    spec = ("---- MODULE M ----\nEXTENDS Naturals\nVARIABLES x, y, z\nRECURSIVE Rot(_, _, _, _)\n"
            "Rot(a, b, c, n) == IF n = 0 THEN a \\in {1, 2} /\\ b = a + 1 /\\ c = 7\n"
            "                   ELSE \\/ Rot(b, c, a, n - 1)\n"
            "                        \\/ (n = 2 /\\ a = 9 /\\ Rot(c, b, a, n - 1))\n"
            "Init == Rot(x, y, z, 3)\nNext == UNCHANGED <<x, y, z>>\n====\n")
    code, _, output = check_model(tmp_path, "M", "INIT Init\nNEXT Next\n", spec)
    assert code == 150, output
    assert "unsupported construct: the RECURSIVE operator Rot assigning variables" in output, output
