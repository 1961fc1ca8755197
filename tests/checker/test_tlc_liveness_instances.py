"""More than 64 fairness conditions (TLC has no limit), and refinement through INSTANCE of a
separate module. Expected figures are real TLC's (2026.12.01, -workers 1) on these modules;
the fairness_70 probes are those of the conformance corpus."""

from pathlib import Path

import pytest

from phalanx_verify.check.model import load_model
from phalanx_verify.check.run import check_model
from tests.checker.liveness_lasso import is_fair_counterexample

WIDE = r"""---- MODULE Wide ----
EXTENDS Naturals
VARIABLE x
A(i) == x = i - 1 /\ x' = i
Next == \E i \in 1..70 : A(i)
Spec == x = 0 /\ [][Next]_x /\ \A i \in 1..70 : WF_x(A(i))
SpecMissing == x = 0 /\ [][Next]_x /\ \A i \in 1..70 \ {35} : WF_x(A(i))
SpecNone == x = 0 /\ [][Next]_x
Reach == <>(x = 70)
FairReach == (\A i \in 1..70 : WF_x(A(i))) => <>(x = 70)
FairReachBad == (\A i \in 1..70 \ {35} : WF_x(A(i))) => <>(x = 70)
AllWF == \A i \in 1..70 : WF_x(A(i))
SomeSteps == (\A i \in 1..69 : WF_x(A(i))) => []<>(x = 70 \/ x = 34)
====
"""

# (spec, property, TLC's exit code); TLC: 71 generated, 71 distinct, depth 71 each.
WIDE_TLC = [
    ("Spec", "Reach", 0), ("SpecMissing", "Reach", 13),  # the corpus's fairness_70 probes
    ("Spec", "FairReach", 0), ("Spec", "AllWF", 0),
    ("SpecNone", "FairReach", 0), ("SpecNone", "FairReachBad", 13), ("SpecNone", "AllWF", 13),
    ("SpecNone", "SomeSteps", 13),
]


def run(tmp: Path, files: dict[str, str], root: str, cfg: str):
    for name, text in files.items():
        (tmp / f"{name}.tla").write_text(text)
    (tmp / f"{root}.cfg").write_text(cfg)
    model = load_model(tmp / f"{root}.tla")
    return model, check_model(model)


@pytest.mark.parametrize("spec,prop,exit_code", WIDE_TLC)
def test_more_than_64_fairness_conditions(tmp_path, spec, prop, exit_code):
    model, report = run(tmp_path, {"Wide": WIDE}, "Wide",
                        f"SPECIFICATION {spec}\nPROPERTY {prop}\nCHECK_DEADLOCK FALSE\n")
    assert report.exit_code == exit_code, report.message
    assert (report.generated, report.distinct, report.depth) == (71, 71, 71)
    if exit_code:
        assert report.violated == prop and is_fair_counterexample(model, prop, report.trace)
        if spec == "SpecMissing":  # stuck before the one unfair action, stuttering at x = 34
            assert report.trace.loop == "stuttering" and report.trace.steps[-1].state == (34,)


ABS = r"""---- MODULE Abs ----
EXTENDS Naturals
VARIABLE b
AInit == b = 0
ANext == b' = 1 - b
ASpec == AInit /\ [][ANext]_b
AInf == []<>(b = 1)
AInfImp == <>(b = 1) => []<>(b = 0)
====
"""

REF = r"""---- MODULE Ref ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 4
Spec == Init /\ [][Next]_x /\ WF_x(Next)
SpecNoFair == Init /\ [][Next]_x
Ab == INSTANCE Abs WITH b <- x % 2
AbBad == INSTANCE Abs WITH b <- IF x = 2 THEN 5 ELSE x % 2
AbInit == INSTANCE Abs WITH b <- (x + 1) % 2
Refines == Ab!ASpec
RefinesBad == AbBad!ASpec
RefinesInit == AbInit!ASpec
RefInf == Ab!AInf
RefInfImp == Ab!AInfImp
RefGeneral == Ab!AInfImp /\ (Ab!AInf => <>(x = 3))
====
"""

# (spec, property, TLC's exit code, TLC's counts or None where TLC stopped before counting)
REF_TLC = [
    ("Spec", "Refines", 0, (5, 4, 4)),
    ("Spec", "RefinesBad", 13, None),   # TLC: "Action property line 6, col 19 to ... of module Abs"
    ("Spec", "RefinesInit", 13, None),  # TLC: "Property AInit is violated by the initial state"
    ("Spec", "RefInf", 0, (5, 4, 4)), ("Spec", "RefInfImp", 0, (5, 4, 4)), ("Spec", "RefGeneral", 0, (5, 4, 4)),
    ("SpecNoFair", "RefInf", 13, (5, 4, 4)), ("SpecNoFair", "RefInfImp", 13, (5, 4, 4)),
    ("SpecNoFair", "RefGeneral", 13, (5, 4, 4)),
]


@pytest.mark.parametrize("spec,prop,exit_code,counts", REF_TLC)
def test_refinement_through_instance(tmp_path, spec, prop, exit_code, counts):
    model, report = run(tmp_path, {"Abs": ABS, "Ref": REF}, "Ref", f"SPECIFICATION {spec}\nPROPERTY {prop}\n")
    assert report.exit_code == exit_code, report.message
    if counts is not None:
        assert (report.generated, report.distinct, report.depth) == counts
    if report.verdict == "temporal_property" and report.trace.loop is not None:
        assert is_fair_counterexample(model, prop, report.trace)
