"""Temporal properties outside the fixed forms, each checked against real TLC's outcome.

Every expected figure below was recorded from real TLC (TLC2 2026.12.01, rev cc6b616,
``-workers 1``) on exactly these modules and models: exit code, states generated, distinct
states, depth (the counts are those of the complete graph here, so they are compared on
violations too). Each construct has a property that holds and one that is violated; each
counterexample is judged independently (tests/checker/liveness_lasso.py): a behaviour of Next,
fair under the spec's WF/SF, on which the property is false.
"""

from pathlib import Path

import pytest

from phalanx_verify.check.model import load_model
from phalanx_verify.check.run import check_model
from phalanx_verify.tla.errors import TLAError
from tests.checker.liveness_lasso import is_fair_counterexample

PROC = r"""---- MODULE Proc ----
EXTENDS Naturals
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\ y = 0
A == x < 2 /\ x' = x + 1 /\ UNCHANGED y
B == y < 2 /\ y' = y + 1 /\ UNCHANGED x
R == x = 2 /\ y = 2 /\ x' = 0 /\ y' = 0
Next == A \/ B \/ R
Spec == Init /\ [][Next]_vars /\ WF_vars(A) /\ WF_vars(R)
ImpliesEA == <>[](x = 2) => <>(y = 2)
ImpliesAE == []<>(x = 0) => []<>(y = 0)
ForallEA == (\A v \in 0..2 : <>[](y = v)) => <>[](x = 2)
ForallImpl == \A v \in 0..1 : (<>[](y = v) => <>[](x = 2))
ExistsOr == (\E v \in 0..1 : <>[](y = v)) \/ []<>(y = 2)
ExistsOrBad == (\E v \in 0..1 : <>[](y = v)) \/ []<>(x = 1)
EnabledAE == []<>(ENABLED B)
EnabledEA == <>[](~ENABLED R)
EnabledLeads == (ENABLED R) ~> (x = 0)
AngleR == []<><<R>>_vars
AngleA == []<><<A>>_vars
WFImplies == WF_vars(B) => []<><<R>>_vars
SFImplies == SF_vars(B) => <>(y = 2)
WFImpliesBad == WF_vars(B) => <>[](x = 2)
WFProp == WF_vars(B)
WFPropOk == WF_vars(A)
SFPropBad == SF_vars(B)
EABox == <>[][A]_vars
EABoxOk == <>[][A \/ B \/ R]_vars
StaysTwo == [](x = 2 => <>[](x = 2))
StaysTwoOk == [](x = 2 => <>(x # 2 \/ y < 2))
Nested == []<>[](x = 2)
NestedOk == []<>[](x = 2) \/ []<>(x = 0)
LeadsBox == (x = 0) ~> [](x = 2)
LeadsBoxOk == (x = 2) ~> <>(x = 2)
SeqP == <>(x = 2 /\ <>(y = 2))
SeqOk == <>(x = 2 /\ <>(x = 2 /\ y <= 2))
LetP == LET Two == x = 2 IN <>[]Two => <>(y = 1)
LetOk == LET Two == x = 2 IN <>Two
LetTemporal == LET F == <>(x = 2)
                   G == y = 2
               IN F /\ <>G
LetTemporalOk == LET F(v) == <>(x = v) IN F(1) /\ F(2)
LetFair == LET Fair == WF_vars(B) IN Fair => <>(y = 2)
IfT == IF y = 0 THEN <>(x = 2) ELSE []<>(y = 0)
IfBad == IF y = 0 THEN <>(y = 2) ELSE <>(x = 2)
Ev(v) == <>(x = v)
Param == \A v \in 0..2 : Ev(v)
ParamBad == \A v \in 0..2 : Ev(v) /\ <>(y = v)
NotEv == ~<>[](x = 2)
NotEvOk == ~[](x = 0)
InitImp == (y = 0) => <>(x = 2)
InitImpBad == (x = 0) => []<>(y = 1)
Equiv == <>(x = 2) <=> <>(y = 2)
Diamond == <><<A>>_vars
====
"""

# (property, TLC's exit code); TLC: 14 generated, 9 distinct, depth 5 for each.
PROC_TLC = [
    ("ImpliesEA", 13), ("ImpliesAE", 0), ("ForallEA", 0), ("ForallImpl", 0), ("ExistsOr", 0),
    ("ExistsOrBad", 0), ("EnabledAE", 0), ("EnabledEA", 13), ("EnabledLeads", 0), ("AngleR", 13),
    ("AngleA", 13), ("WFImplies", 0), ("SFImplies", 0), ("WFImpliesBad", 13), ("WFProp", 13),
    ("WFPropOk", 0), ("SFPropBad", 13), ("EABox", 13), ("EABoxOk", 0), ("StaysTwo", 13),
    ("StaysTwoOk", 0), ("Nested", 13), ("NestedOk", 0), ("LeadsBox", 13), ("LeadsBoxOk", 0),
    ("SeqP", 13), ("SeqOk", 0), ("LetP", 13), ("LetOk", 0),
    ("LetTemporal", 13), ("LetTemporalOk", 0), ("LetFair", 0), ("IfT", 0), ("IfBad", 13),
    ("Param", 0), ("ParamBad", 13), ("NotEv", 13), ("NotEvOk", 0), ("InitImp", 0), ("InitImpBad", 13),
]

MTX = r"""---- MODULE Mtx ----
EXTENDS Naturals
CONSTANT N
VARIABLES pc, lock
Procs == 1..N
vars == <<pc, lock>>
Init == pc = [p \in Procs |-> "idle"] /\ lock = 0
Try(p) == pc[p] = "idle" /\ pc' = [pc EXCEPT ![p] = "wait"] /\ UNCHANGED lock
Enter(p) == pc[p] = "wait" /\ lock = 0 /\ lock' = p /\ pc' = [pc EXCEPT ![p] = "cs"]
Exit(p) == pc[p] = "cs" /\ lock' = 0 /\ pc' = [pc EXCEPT ![p] = "idle"]
Next == \E p \in Procs : Try(p) \/ Enter(p) \/ Exit(p)
SpecWF == Init /\ [][Next]_vars /\ \A p \in Procs : WF_vars(Exit(p)) /\ WF_vars(Enter(p))
SpecSF == Init /\ [][Next]_vars /\ \A p \in Procs : WF_vars(Exit(p)) /\ SF_vars(Enter(p))
Starve == \A p \in Procs : pc[p] = "wait" ~> pc[p] = "cs"
WaitOrForever == \A p \in Procs : [](pc[p] = "wait" => <>(pc[p] = "cs" \/ [](pc[p] = "wait")))
ExistsForever == \E p \in Procs : <>[](pc[p] # "cs")
FairImplies == (\A p \in Procs : SF_vars(Enter(p))) => \A p \in Procs : [](pc[p] = "wait" => <>(pc[p] # "wait"))
CSInf == (\A p \in Procs : []<>(pc[p] = "wait")) => \A p \in Procs : []<>(pc[p] = "cs")
EnabledProp == \A p \in Procs : []<>(ENABLED Enter(p)) => []<>(pc[p] = "cs")
TakeTurns == []<><<\E p \in Procs : Enter(p)>>_vars \/ <>[](\A p \in Procs : pc[p] = "idle")
ExitTaken == \A p \in Procs : [](pc[p] = "cs" => <>(pc[p] = "idle"))
====
"""

# (spec, property, TLC's exit code); TLC: 15 generated, 8 distinct, depth 4 for each (N = 2).
MTX_TLC = [
    ("SpecWF", "Starve", 13), ("SpecWF", "WaitOrForever", 0), ("SpecWF", "ExistsForever", 13),
    ("SpecWF", "FairImplies", 0), ("SpecWF", "CSInf", 13), ("SpecWF", "EnabledProp", 13),
    ("SpecWF", "TakeTurns", 0), ("SpecWF", "ExitTaken", 0),
    ("SpecSF", "Starve", 0), ("SpecSF", "WaitOrForever", 0), ("SpecSF", "ExistsForever", 13),
    ("SpecSF", "FairImplies", 0), ("SpecSF", "CSInf", 0), ("SpecSF", "EnabledProp", 0),
    ("SpecSF", "TakeTurns", 0), ("SpecSF", "ExitTaken", 0),
]


def run(tmp: Path, module: str, name: str, cfg: str):
    spec = tmp / f"{name}.tla"
    spec.write_text(module)
    (tmp / f"{name}.cfg").write_text(cfg)
    model = load_model(spec)
    return model, check_model(model)


def assert_tlc(model, report, prop: str, exit_code: int, counts: tuple[int, int, int]) -> None:
    assert report.exit_code == exit_code, report.message
    assert (report.generated, report.distinct, report.depth) == counts
    if exit_code == 13:
        assert report.verdict == "temporal_property" and report.violated == prop
        assert is_fair_counterexample(model, prop, report.trace)


@pytest.mark.parametrize("prop,exit_code", PROC_TLC)
def test_proc_property_as_tlc(tmp_path, prop, exit_code):
    model, report = run(tmp_path, PROC, "Proc", f"SPECIFICATION Spec\nPROPERTY {prop}\n")
    assert_tlc(model, report, prop, exit_code, (14, 9, 5))


@pytest.mark.parametrize("spec,prop,exit_code", MTX_TLC)
def test_mutex_property_as_tlc(tmp_path, spec, prop, exit_code):
    model, report = run(tmp_path, MTX, "Mtx", f"SPECIFICATION {spec}\nCONSTANT N = 2\nPROPERTY {prop}\n")
    assert_tlc(model, report, prop, exit_code, (15, 8, 4))


@pytest.mark.parametrize("prop,message", [
    # TLC: "TLC cannot handle the temporal formula line 49, col 10 to line 49, col 32" (exit 255)
    ("Equiv", "TLC cannot handle this temporal formula"),
    # TLC: "Temporal formulas containing actions must be of forms <>[]A or []<>A." (exit 255)
    ("Diamond", "Temporal formulas containing actions must be of forms <>[]A or []<>A"),
])
def test_formulas_tlc_refuses(tmp_path, prop, message):
    spec = tmp_path / "Proc.tla"
    spec.write_text(PROC)
    (tmp_path / "Proc.cfg").write_text(f"SPECIFICATION Spec\nPROPERTY {prop}\n")
    with pytest.raises(TLAError) as err:
        load_model(spec)
    assert err.value.exit_code == 255 and message in err.value.line()
    assert "Proc.tla:" in err.value.line()


@pytest.mark.parametrize("bad", [
    "[]<>(\\E p \\in Procs : <<Enter(p)>>_vars)",
    "LET Step == <<Enter(1)>>_vars IN []<>Step",
])
def test_sany_action_form_under_eventually(tmp_path, bad):
    # SANY: "<> followed by action not of form <<A>>_v." (TLC exit 150)
    body = MTX.replace("====\n", f"Bad == {bad}\n====\n")
    spec = tmp_path / "Mtx.tla"
    spec.write_text(body)
    (tmp_path / "Mtx.cfg").write_text("SPECIFICATION SpecWF\nCONSTANT N = 2\nPROPERTY Bad\n")
    with pytest.raises(TLAError) as err:
        load_model(spec)
    assert err.value.exit_code == 150 and "<> followed by action not of form <<A>>_v" in err.value.line()


@pytest.mark.parametrize("labelled", ["lbl :: [][x' # x]_x", "/\\ lbl :: [][x' # x]_x\n     /\\ [](x < 3)",
                                      "\\/ [][x' # x]_x"])
def test_labelled_property_is_one_temporal_formula(tmp_path, labelled):
    """PROPERTY P with P == lbl :: [][x' # x]_x, or with that labelled formula a conjunct of P,
    or P == \\/ [][x' # x]_x: TLC's processConfigProps opens neither a labelled formula (a
    LabelNode) nor a disjunction (of one disjunct here), so it is a temporal formula whole, and
    its tableau refuses the action in it ("Temporal formulas containing actions must be of forms
    <>[]A or []<>A.", exit 255 all three); was checked as the action property and reported ok."""
    spec = tmp_path / "LP.tla"
    spec.write_text("---- MODULE LP ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\n"
                    f"P == {labelled}\nQ == [][x' # x]_x\n====\n")
    (tmp_path / "LP.cfg").write_text("INIT Init\nNEXT Next\nPROPERTY P\n")
    with pytest.raises(TLAError) as err:
        load_model(spec)
    assert err.value.exit_code == 255 and "Temporal formulas containing actions must be of forms" in err.value.line()
    (tmp_path / "LP.cfg").write_text("INIT Init\nNEXT Next\nPROPERTY Q\n")  # unlabelled: TLC's ok, 4/3/3
    report = check_model(load_model(spec))
    assert (report.exit_code, report.generated, report.distinct, report.depth) == (0, 4, 3, 3)


def test_let_definitions_reach_the_action_and_fairness_they_are_used_in(tmp_path):
    """processConfigProps peels a LET whose definitions an action property or a fairness
    condition uses: TLC's ok (4 generated, 3 distinct, depth 3) for both; LET A == ... IN
    [][A]_x /\\ <>Q was refused as an action inside a temporal formula (exit 150), and
    WF_x(A) with A of the LET failed to evaluate (exit 255)."""
    spec = tmp_path / "LA.tla"
    spec.write_text("---- MODULE LA ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\n"
                    "Spec == Init /\\ [][Next]_x /\\ WF_x(Next)\n"
                    "Box == LET A == x' # x IN [][A]_x /\\ <>(x = 2)\n"
                    "Fair == LET A == x' = x + 1 IN [](x < 3) /\\ WF_x(A)\n====\n")
    for prop in ("Box", "Fair"):
        (tmp_path / "LA.cfg").write_text(f"SPECIFICATION Spec\nPROPERTY {prop}\n")
        report = check_model(load_model(spec))
        assert (report.exit_code, report.generated, report.distinct, report.depth) == (0, 4, 3, 3), prop


def test_fairness_under_a_tuple_pattern(tmp_path):
    """WF_x(A(a, b)) under \\A <<a, b>> \\in {<<1, 0>>} in the spec and []<>(x = a + b) under
    one in the property: unrolled as TLC's processConfigSpec and processConfigProps do (TLC's
    ok, 9 generated, 4 distinct, depth 4); was refused (exit 150, 'unsupported quantifier')."""
    spec = tmp_path / "TP.tla"
    spec.write_text("---- MODULE TP ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n"
                    "A(a, b) == x' = (x + a + b) % 4\nNext == \\E a \\in {0, 1} : A(a, 0)\n"
                    "Spec == Init /\\ [][Next]_x /\\ \\A <<a, b>> \\in {<<1, 0>>} : WF_x(A(a, b))\n"
                    "Prop == \\A <<a, b>> \\in {<<0, 3>>} : []<>(x = a + b)\n====\n")
    (tmp_path / "TP.cfg").write_text("SPECIFICATION Spec\nPROPERTY Prop\n")
    report = check_model(load_model(spec))
    assert (report.exit_code, report.generated, report.distinct, report.depth) == (0, 9, 4, 4)
