"""How TLC names the parts of a violated PROPERTY (SpecProcessor.processConfigProps): each
conjunct it splits off, and the body of each \\A it unrolls, by its source range ("line 8, col 19
to line 8, col 29 of module M", the end column inclusive, M the stem of the file the text is in);
an operator it opens by the operator's name. An action property [][A]_v and a state predicate
checked on the initial states take that name; the invariant of []P takes P's name where P is an
operator applied to no argument. A temporal property keeps the cfg's.

Every case was run on real TLC (tla2tools, -workers 1) and its violation line recorded here (the
checker prints it without TLC's "Error: " prefix), so the tests run without TLC."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

BASE = "EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 6 /\\ x' = x + 1\n"
CFG = "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\nPROPERTY Prop\n"
# Modules the cases instantiate.
M = ("EXTENDS Naturals\nVARIABLE y\nMInit == y = 0\nMNext == y' = y + 1 /\\ y < 2\nSpec == MInit /\\ [][MNext]_y\n"
     "Act == [][MNext]_y\nInv == y < 2\nBoxInv == []Inv\nBoxInv2 == [](y < 2)")
M2 = ("EXTENDS Naturals\nCONSTANT k\nVARIABLE y\nOk(a) == a + k < 3\nOk2(a) == a >= 0 /\\ a + k < 3\nInv == y + k < 8\n"
      "Act == [][y' < k]_y")

# name: ({module: text} it instantiates, the root module after BASE, TLC's exit code, TLC's violation line)
CASES: dict[str, tuple[dict[str, str], str, int, str]] = {
    # A conjunct is named by its source range: the [][A]_v of an action property, the []P of an
    # invariant whose P is no name, the state predicate of an initial one (processConfigProps).
    "ConjunctOfProperty": ({}, "P1 == x < 10\nA == x' = x + 1 /\\ x < 2\nProp == []P1 /\\ [][A]_x",
        13, "Action property line 8, col 17 to line 8, col 23 of module ConjunctOfProperty is violated."),
    "BoxOfExpression": ({}, "Prop == [][x' > x]_x /\\ [](x < 3)",
        12, "Invariant line 6, col 25 to line 6, col 33 of module BoxOfExpression is violated."),
    "BoxOfFalse": ({}, "Prop == [](FALSE) /\\ [][Next]_x",
        12, "Invariant FALSE is violated by the initial state:"),
    "ParenthesizedConjunct": ({}, "Prop == ([][x < 2]_x) /\\ [](x < 5)",
        13, "Action property line 6, col 10 to line 6, col 20 of module ParenthesizedConjunct is violated."),
    "BulletsOverLines": ({}, "Prop == /\\ [](x < 5)\n        /\\ [][x < 2\n              ]_x",
        13, "Action property line 7, col 12 to line 8, col 17 of module BulletsOverLines is violated."),
    "ColumnsInCharacters": ({}, "(* \u00e9\u00e9 *) Prop == [](x < 5) /\\ [][x < 2]_x",
        13, "Action property line 6, col 31 to line 6, col 41 of module ColumnsInCharacters is violated."),
    "BesideTemporalConjunct": ({}, "Prop == [](x < 5) /\\ [][x < 2]_x /\\ <>(x = 100)",
        13, "Action property line 6, col 22 to line 6, col 32 of module BesideTemporalConjunct is violated."),
    # A bulleted conjunction of one conjunct is one to SANY too: the conjunct is named by its range.
    "SoleConjunctBox": ({}, "Prop == /\\ [](x < 4)",
        12, "Invariant line 6, col 12 to line 6, col 20 of module SoleConjunctBox is violated."),
    "SoleConjunctAction": ({}, "Prop == /\\ [][x < 2]_x",
        13, "Action property line 6, col 12 to line 6, col 22 of module SoleConjunctAction is violated."),
    "SoleConjunctInDefinition": ({}, "Safe == /\\ [](x < 4)\nProp == Safe /\\ <>(x = 1)",
        12, "Invariant line 6, col 12 to line 6, col 20 of module SoleConjunctInDefinition is violated."),
    "SoleConjunctInLet": ({}, "Prop == LET a == 1 IN /\\ [](x < 4)",
        12, "Invariant line 6, col 26 to line 6, col 34 of module SoleConjunctInLet is violated."),
    "SoleConjunctOfInstance": ({"MS": "EXTENDS Naturals\nVARIABLE y\nInv == /\\ y = 1"},
        "R == INSTANCE MS WITH y <- x\nProp == R!Inv",
        13, "Property line 4, col 11 to line 4, col 15 of module MS is violated by the initial state:"),
    # A disjunction of one disjunct is not opened: classified by its level, the property's name.
    "SoleDisjunctBox": ({}, "Prop == \\/ [](x < 4)", 12, "Temporal property Prop was violated."),
    "SoleDisjunctConjunct": ({}, "Prop == /\\ <>(x = 1)\n        /\\ \\/ [](x < 4)",
        12, "Temporal property Prop was violated."),
    # \A x \in S : body, unrolled: every piece is named by the body's range.
    "ForallAction": ({}, "A(p) == x' = x + 1 /\\ x < p\nProp == \\A p \\in {2, 5} : [][A(p)]_x",
        13, "Action property line 7, col 27 to line 7, col 36 of module ForallAction is violated."),
    "ForallOperator": ({}, "A(p) == x' = x + 1 /\\ x < p\nP(p) == [][A(p)]_x\nProp == \\A p \\in {2, 5} : P(p)",
        13, "Action property P is violated."),
    "ForallInvariant": ({}, "Prop == \\A p \\in {1, 2} : [](x < 4 + p)",
        12, "Invariant line 6, col 27 to line 6, col 39 of module ForallInvariant is violated."),
    "ForallBoxOfApplication": ({}, "Inv(p) == x < 4 + p\nProp == \\A p \\in {1, 2} : [](Inv(p))",
        12, "Invariant line 7, col 27 to line 7, col 36 of module ForallBoxOfApplication is violated."),
    # A tuple pattern <<a, b>> \\in S is unrolled as any \\A, each piece named by the body's range.
    "TupleForallInvariant": ({}, "Prop == \\A <<a, b>> \\in {1, 2} \\X {3} : [](x < a + b)",
        12, "Invariant line 6, col 41 to line 6, col 53 of module TupleForallInvariant is violated."),
    "TupleForallAction": ({}, "Prop == \\A <<a, b>> \\in {1, 2} \\X {3} : [][x < a + b]_x",
        13, "Action property line 6, col 41 to line 6, col 55 of module TupleForallAction is violated."),
    "TupleForallInit": ({}, "Prop == \\A <<a, b>> \\in {1, 2} \\X {3} : x # a - 1",
        13, "Property line 6, col 41 to line 6, col 49 of module TupleForallInit is violated by the initial state:"),
    "TupleForallMixed": ({}, "Prop == \\A k \\in {0}, <<a, b>> \\in {<<1, 2>>} : [](x < a + b + k)",
        12, "Invariant line 6, col 49 to line 6, col 65 of module TupleForallMixed is violated."),
    # The state-level conjuncts, checked on the initial states: definitions and \A are opened too.
    "InitConjunct": ({}, "Prop == x = 1 /\\ [][Next]_x",
        13, "Property line 6, col 9 to line 6, col 13 of module InitConjunct is violated by the initial state:"),
    "InitConjunctOfDefinition": ({}, "I2 == x >= 0 /\\ x = 1\nProp == I2 /\\ [][Next]_x",
        13, "Property line 6, col 17 to line 6, col 21 of module InitConjunctOfDefinition is violated by the initial state:"),
    "InitOperatorApplied": ({}, "Bounded(a) == a >= 1\nProp == Bounded(x) /\\ [][Next]_x",
        13, "Property Bounded is violated by the initial state:"),
    "InitConjunctOfOperatorApplied": ({}, "Bounded(a) == a < 5 /\\ a >= 1\nProp == Bounded(x) /\\ [][Next]_x",
        13, "Property line 6, col 24 to line 6, col 29 of module InitConjunctOfOperatorApplied is violated by the initial state:"),
    "InitForall": ({}, "Prop == (\\A p \\in {1, 2} : x # p - 1) /\\ [][Next]_x",
        13, "Property line 6, col 28 to line 6, col 36 of module InitForall is violated by the initial state:"),
    "InitForallOperator": ({}, "Ok(a, p) == a # p\nProp == \\A p \\in {0} : Ok(x, p)",
        13, "Property Ok is violated by the initial state:"),
    "InitOnlyConjunctions": ({}, "Prop == x \\in 0..1 /\\ x > 0",
        13, "Property line 6, col 23 to line 6, col 27 of module InitOnlyConjunctions is violated by the initial state:"),
    "InitRecursiveOperator": ({}, "RECURSIVE Rec(_)\nRec(a) == a # 0 /\\ (a > 5 => Rec(a - 1))\n"
                                  "Prop == Rec(x) /\\ [][Next]_x",
        13, "Property line 8, col 9 to line 8, col 14 of module InitRecursiveOperator is violated by the initial "
            "state:"),
    # An operator opened is the name until a conjunction is split below it.
    "NestedDefinitions": ({}, "X == [][x < 2]_x\nY == [](x < 5)\nQ == X /\\ Y\nProp == Q",
        13, "Action property X is violated."),
    "NestedConjunction": ({}, "Q == [](x < 5) /\\ [][x < 2]_x\nProp == Q",
        13, "Action property line 6, col 19 to line 6, col 29 of module NestedConjunction is violated."),
    # A LET is peeled (LetInNode: its body), whatever the level, its definitions seen where used;
    # a LET-defined operator the body calls is opened and names what is under it.
    "LetStateConjuncts": ({}, "Prop == LET a == 1 IN x = 0 /\\ x = a",
        13, "Property line 6, col 32 to line 6, col 36 of module LetStateConjuncts is violated by the initial state:"),
    "LetActionBox": ({}, "Prop == LET A == x' = x + 1 /\\ x < 2 IN [](x < 5) /\\ [][A]_x",
        13, "Action property line 6, col 54 to line 6, col 60 of module LetActionBox is violated."),
    "LetForallInvariant": ({}, "Prop == LET S == {1, 2} IN \\A p \\in S : [](x < 4 + p)",
        12, "Invariant line 6, col 41 to line 6, col 53 of module LetForallInvariant is violated."),
    "LetOperatorCalled": ({}, "Prop == LET B == [][x < 2]_x IN B /\\ [](x < 5)",
        13, "Action property B is violated."),
    "LetNested": ({}, "Prop == LET a == 1 IN LET b == 3 IN [](x < b) /\\ <>(x = a)",
        12, "Invariant line 6, col 37 to line 6, col 45 of module LetNested is violated."),
    "LetUnused": ({}, "Safe == [](x < 4)\nProp == LET a == 1 IN Safe",
        12, "Invariant Safe is violated."),
    # A labelled conjunct is not opened (a LabelNode): classified by its level alone, a state
    # predicate named by its range, label included; a temporal one goes to the tableau whole.
    # A label inside a formula TLC does open changes nothing.
    "LabelledConjunctInit": ({}, "Prop == /\\ lbl :: x = 1\n        /\\ <>(x = 6)",
        13, "Property line 6, col 12 to line 6, col 23 of module LabelledConjunctInit is violated by the initial state:"),
    "LabelledConjunctBox": ({}, "Prop == /\\ lbl :: [](x < 4)\n        /\\ <>(x = 6)",
        12, "Temporal property Prop was violated."),
    "LabelledForallBody": ({}, "Prop == \\A p \\in {1} : lbl(p) :: [](x < 3 + p)",
        12, "Temporal property Prop was violated."),
    "LabelledInstanceInit": ({"ML": "EXTENDS Naturals\nVARIABLE y\nInv == /\\ lbl :: y = 1\n       /\\ y < 8"},
        "R == INSTANCE ML WITH y <- x\nProp == R!Inv",
        13, "Property line 4, col 11 to line 4, col 22 of module ML is violated by the initial state:"),
    "LabelInsideBox": ({}, "Prop == [](lbl :: x < 4) /\\ <>(x = 6)",
        12, "Invariant line 6, col 9 to line 6, col 24 of module LabelInsideBox is violated."),
    # A temporal property keeps the cfg's name (TLC's post-hoc attribution prints the PROPERTY).
    "TemporalConjunct": ({}, "Prop == <>(x = 100) /\\ [](x < 50)",
        13, "Temporal property Prop was violated."),
    "TemporalForall": ({}, "Prop == \\A p \\in {1, 2} : <>(x = 100 + p)",
        13, "Temporal property Prop was violated."),
    # Through INSTANCE: a range in the instantiated module's file, or the instance's definition
    # (R!Act); R(5)!Inv is an application to an argument, so []R(5)!Inv is the conjunct's.
    "InstanceSpec": ({"M": M}, "R == INSTANCE M WITH y <- x\nProp == R!Spec",
        13, "Action property line 6, col 18 to line 6, col 28 of module M is violated."),
    "InstanceAction": ({"M": M}, "R == INSTANCE M WITH y <- x\nProp == R!Act",
        13, "Action property R!Act is violated."),
    "InstanceBoxName": ({"M": M}, "R == INSTANCE M WITH y <- x\nProp == []R!Inv",
        12, "Invariant R!Inv is violated."),
    "InstanceBoxes": ({"M": M}, "R == INSTANCE M WITH y <- x\nProp == R!BoxInv /\\ R!BoxInv2",
        12, "Invariant Inv is violated."),
    "InstanceInitThenAction": ({"M": M}, "R == INSTANCE M WITH y <- x\nProp == R!MInit /\\ [][x < 2]_x",
        13, "Action property line 7, col 20 to line 7, col 30 of module InstanceInitThenAction is violated."),
    "InstanceUnnamed": ({"M": M}, "INSTANCE M WITH y <- x\nProp == Spec",
        13, "Action property line 6, col 18 to line 6, col 28 of module M is violated."),
    "InstanceWithArgumentSpec": ({"M": M}, "R(k) == INSTANCE M WITH y <- x + k\nProp == R(0)!Spec",
        13, "Action property line 6, col 18 to line 6, col 28 of module M is violated."),
    "InstanceWithArgumentForall": ({"M": M}, "R(k) == INSTANCE M WITH y <- x + k\nProp == \\A k \\in {0} : R(k)!Spec",
        13, "Action property line 6, col 18 to line 6, col 28 of module M is violated."),
    "InstanceWithArgumentAction": ({"M2": M2}, "R(k) == INSTANCE M2 WITH y <- x\nProp == R(3)!Act",
        13, "Action property R!Act is violated."),
    "InstanceWithArgumentBox": ({"M2": M2}, "R(k) == INSTANCE M2 WITH y <- x\nProp == [](R(5)!Inv)",
        12, "Invariant Prop is violated."),
    "InstanceWithArgumentInit": ({"M2": M2}, "R(k) == INSTANCE M2 WITH y <- x\nProp == R(5)!Ok(x) /\\ [][Next]_x",
        13, "Property R!Ok is violated by the initial state:"),
    "InstanceWithArgumentInitConjunct": ({"M2": M2}, "R(k) == INSTANCE M2 WITH y <- x\nProp == R(5)!Ok2(x) /\\ [][Next]_x",
        13, "Property line 6, col 21 to line 6, col 29 of module M2 is violated by the initial state:"),
    "InstanceInitConjunct": ({"M2": M2}, "R == INSTANCE M2 WITH y <- x, k <- 5\nProp == R!Ok2(x) /\\ [][Next]_x",
        13, "Property line 6, col 21 to line 6, col 29 of module M2 is violated by the initial state:"),
}

# The conformance corpus' liveness/refinement_fails, as it stands: the nested module's text is
# named after the file's module (was "Action property Refines is violated.").
REFINEMENT_FAILS = "---- MODULE refinement_fails ----\nEXTENDS Naturals\n---- MODULE Abs ----\nEXTENDS Naturals\nVARIABLE b\nAInit == b = 0\nANext == b' = 1 - b\nASpec == AInit /\\ [][ANext]_b\n====\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 4\nSpec == Init /\\ [][Next]_x /\\ WF_x(Next)\nAb == INSTANCE Abs WITH b <- IF x = 2 THEN 5 ELSE x % 2\nRefines == Ab!ASpec\n====\n"
REFINEMENT_FAILS_CFG = "SPECIFICATION Spec\nPROPERTY Refines\n"
REFINEMENT_FAILS_TLC = "Action property line 8, col 19 to line 8, col 29 of module refinement_fails is violated."


def check(folder: Path, modules: dict[str, str], root: str, cfg: str):
    """Write the modules and the root (each file whole) with its cfg, and check it on one worker,
    the report also written as JSON."""
    for name, text in modules.items():
        (folder / f"{name}.tla").write_text(text)
    (folder / f"{root}.cfg").write_text(cfg)
    return CliRunner().invoke(main, ["check", str(folder / f"{root}.tla"), "-c", str(folder / f"{root}.cfg"),
                                     "--workers", "1", "--json", str(folder / "report.json")])


@pytest.mark.parametrize("name", sorted(CASES))
def test_violated_part_named_as_tlc_names_it(tmp_path, name):
    others, body, code, tlc_says = CASES[name]
    modules = {m: f"---- MODULE {m} ----\n{text}\n====\n" for m, text in others.items()}
    modules[name] = f"---- MODULE {name} ----\n{BASE}{body}\n====\n"
    r = check(tmp_path, modules, name, CFG)
    assert r.exit_code == code, r.output
    assert tlc_says in r.output, r.output


def test_refinement_probe_named_by_the_range_of_its_action(tmp_path):
    """The JSON report's ``violated`` holds the name TLC prints, as the text does."""
    r = check(tmp_path, {"refinement_fails": REFINEMENT_FAILS}, "refinement_fails", REFINEMENT_FAILS_CFG)
    assert r.exit_code == 13, r.output
    assert REFINEMENT_FAILS_TLC in r.output, r.output
    report = json.loads((tmp_path / "report.json").read_text())
    assert (report["verdict"], report["violated"]) == \
        ("action_property", "line 8, col 19 to line 8, col 29 of module refinement_fails")
