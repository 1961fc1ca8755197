"""How a counterexample names the action of each step: as TLC's Tool.getActions splits the
next-state relation. It opens disjunctions, LETs, \\E over constant sets and operators applied
to constant arguments; what it does not open is an action, named after the operator it was found
in, with that operator's parameters, and placed by the range of the expression itself (an IF, a
conjunction, an \\E over a state-dependent set, an operator applied to a state-level argument).

Every expected line was printed by TLC2 built from tlaplus/tlaplus at rev cc6b616 on the same
modules and model (was: the definition's first line and column, ``<Next line 7, col 1 of
module M>``, and the called operator's name inside an IF)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

BASE = ("---- MODULE Base ----\nEXTENDS Naturals\nVARIABLE x\nOp(a, b) == x' = b + a\n"
        "Step(i) ==\n  /\\ x < 5\n  /\\ x' = x + i\n====\n")

# name: ({module: text}, root, cfg, TLC's "State n: <...>" lines from state 2 on)
CASES: dict[str, tuple[dict[str, str], str, str, list[str]]] = {
    "QuantifierAndLetOpened": (
        {"L": "---- MODULE L ----\nEXTENDS Naturals\nVARIABLE x, y\nInit == x = 0 /\\ y = 0\nIncX(n) ==\n"
              "    \\E k \\in 1..n :\n        /\\ x' = x + k\n        /\\ y' = y\nBoth ==\n"
              "    \\/ /\\ x' = x + 1\n       /\\ y' = y + 1\n    \\/ LET d == 2 IN x' = x + d /\\ y' = y\n"
              "Next == IncX(1) \\/ Both \\/ \\E i \\in {1} : x' = x + i /\\ y' = y\nInv == x < 3\n====\n"},
        "L", "INIT Init\nNEXT Next\nINVARIANT Inv",
        ["<IncX(1) line 7, col 9 to line 8, col 17 of module L>",
         "<Both line 12, col 22 to line 12, col 41 of module L>"]),
    "IfIsOneAction": (
        {"M": "---- MODULE M ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nA == x' = x + 1\n"
              "B == x' = x + 2\nNext == IF x < 2 THEN A ELSE B\nInv == x < 3\n====\n"},
        "M", "INIT Init\nNEXT Next\nINVARIANT Inv",
        ["<Next line 7, col 9 to line 7, col 30 of module M>"] * 3),
    "RangeEndsAtTheLastToken": (
        {"C": "---- MODULE C ----\nEXTENDS Naturals\nVARIABLE x, y\nInit == x = 0 /\\ y = 0\n"
              "A == /\\ x' = x + 1 \\* bump\n     /\\ y' = y     (* keep *)\nB == x' = x + 2 /\\ y' = y \\* two\n"
              "Next == A \\/ B\nInv == x < 1\n====\n"},
        "C", "INIT Init\nNEXT Next\nINVARIANT Inv",
        ["<A line 5, col 6 to line 6, col 14 of module C>"]),
    "StateArgumentAndExtendedModule": (
        {"Base": BASE,
         "Top": "---- MODULE Top ----\nEXTENDS Base\nInit == x = 0\nNext == \\/ \\E i \\in {1} : Op(i, x)\n"
                "        \\/ \\E j \\in {x} : Step(j)\n        \\/ Step(2)\nInv == x < 3\n====\n"},
        "Top", "INIT Init\nNEXT Next\nINVARIANT Inv",
        ["<Op line 4, col 27 to line 4, col 34 of module Top>",
         "<Step(2) line 6, col 3 to line 7, col 15 of module Base>"]),
    "StateDependentQuantifier": (
        {"Base": BASE,
         "Top2": "---- MODULE Top2 ----\nEXTENDS Base\nInit == x = 1\nNext == \\/ \\E j \\in {x} : Step(j)\n"
                 "        \\/ x > 7 /\\ Op(1, 2)\nInv == x < 2\n====\n"},
        "Top2", "INIT Init\nNEXT Next\nINVARIANT Inv",
        ["<Next line 4, col 12 to line 4, col 33 of module Top2>"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("workers", ["1", "2"])
def test_step_labels_equal_tlc(tmp_path, name, workers):
    modules, root, cfg, labels = CASES[name]
    for mod, text in modules.items():
        (tmp_path / f"{mod}.tla").write_text(text)
    (tmp_path / f"{root}.cfg").write_text(cfg + "\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{root}.tla"), "--workers", workers])
    assert r.exit_code == 12, r.output
    shown = re.findall(r"^State (\d+): (<.*>)$", r.output, re.M)
    assert shown[0] == ("1", "<Initial predicate>"), r.output
    assert [label for _, label in shown[1:]] == labels, r.output


def test_coverage_names_the_module_an_action_is_written_in(tmp_path):
    """-coverage heads an action by its definition in the module of its file, with its parameters
    (TLC: "<Op line 4, col 1 to line 4, col 8 of module Base (4 27 4 34)>: 1:3"; was "of module
    Top", the root, and "col 2" for an action applied to a state-level argument)."""
    modules, root, _cfg, _labels = CASES["StateArgumentAndExtendedModule"]
    for mod, text in modules.items():
        (tmp_path / f"{mod}.tla").write_text(text)
    (tmp_path / f"{root}.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{root}.tla"), "--workers", "1", "-coverage", "1"])
    assert r.exit_code == 12, r.output
    assert "<Op line 4, col 1 to line 4, col 8 of module Base" in r.output, r.output
    assert "<Step line 5, col 1 to line 5, col 7 of module Base" in r.output, r.output
