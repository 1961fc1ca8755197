"""Fast-path equivalence: the fixed forms (P ~> Q, <>P, []<>P, <>[]P, WF, SF as properties) keep
their dedicated searches; sent through the general tableau search instead, every model gives
the same verdict, on the same property, with a counterexample that is a fair behaviour
violating it."""

from pathlib import Path

import pytest

import phalanx_verify.check.run as run
from phalanx_verify.check.model import Liveness, load_model
from phalanx_verify.check.run import check_model
from phalanx_verify.check.temporal import general_obligation
from tests.checker.liveness_lasso import is_fair_counterexample
from tests.checker.test_tlc_liveness_formulas import MTX, PROC

SPEC = Path(__file__).resolve().parents[2] / "spec"

# Real TLC (2026.12.01, -workers 1): 14 generated, 9 distinct, depth 5 for each; exit 0 for the
# *Ok properties, 13 (violated) for the others.
FIXED = r"""
FLeads == (x = 1) ~> (y = 2)
FLeadsOk == (x = 1) ~> (x = 2)
FEven == <>(y = 2)
FEvenOk == <>(x = 2)
FInf == []<>(x = 0)
FInfOk == []<>(x = 2 \/ y < 2)
FEA == <>[](x = 2)
FEA2 == <>[](x > 0 \/ y < 2)
FEAOk == <>[](x = 2 => y <= 2)
FWF == WF_vars(B)
FWFOk == WF_vars(A)
FSF == SF_vars(B)
FSFOk == SF_vars(R)
"""
FIXED_NAMES = [line.split(" == ")[0] for line in FIXED.strip().splitlines()]


def as_general(model):
    """The same model with every liveness obligation sent through the tableau search."""
    for prop in model.properties:
        prop.liveness = [Liveness("general", ob.name, general=general_obligation(model, ob.part), part=ob.part)
                         for ob in prop.liveness]
    return model


def both_paths(spec: Path, cfg: Path | None = None):
    fast_model = load_model(spec, cfg)
    kinds = {ob.kind for p in fast_model.properties for ob in p.liveness}
    general_model = as_general(load_model(spec, cfg))
    return kinds, (fast_model, check_model(fast_model)), (general_model, check_model(general_model))


def assert_same(fast, general):
    (fm, fr), (gm, gr) = fast, general
    assert (fr.verdict, fr.violated, fr.generated, fr.distinct, fr.depth) == \
        (gr.verdict, gr.violated, gr.generated, gr.distinct, gr.depth)
    if fr.verdict == "temporal_property":
        assert is_fair_counterexample(fm, fr.violated, fr.trace)
        assert is_fair_counterexample(gm, gr.violated, gr.trace)


@pytest.mark.parametrize("prop", FIXED_NAMES)
def test_fixed_forms_equal_general_search(tmp_path, prop):
    spec = tmp_path / "Proc.tla"
    spec.write_text(PROC.replace("====\n", FIXED + "====\n"))
    (tmp_path / "Proc.cfg").write_text(f"SPECIFICATION Spec\nPROPERTY {prop}\n")
    kinds, fast, general = both_paths(spec)
    assert "general" not in kinds  # the fast path is what the checker uses for this form
    assert_same(fast, general)
    assert fast[1].exit_code == (0 if prop.endswith("Ok") else 13)  # as real TLC: 14/9/5 each


@pytest.mark.parametrize("spec_name", ["SpecWF", "SpecSF"])
def test_quantified_leadsto_equals_general_search(tmp_path, spec_name):
    spec = tmp_path / "Mtx.tla"
    spec.write_text(MTX)
    (tmp_path / "Mtx.cfg").write_text(f"SPECIFICATION {spec_name}\nCONSTANT N = 2\nPROPERTY Starve\n")
    kinds, fast, general = both_paths(spec)
    assert kinds == {"leadsto"}
    assert_same(fast, general)


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["RRP.tla", "mutants/FeasibleNoExcl.tla"])
def test_rrp_liveness_equals_general_search(spec, monkeypatch):
    # RRP at 6 leaves: 120,000 generated, 43,070 distinct, depth 13, ok (= TLC); the mutant
    # violates ReformLive. The general search takes about 6 times as long as the fast path.
    # The checks between levels made due at each level (as TLC's timer is on a long run): both
    # searches stop at the same level, early (the whole graph's general search took 400 s).
    monkeypatch.setattr(run, "PERIODIC_FIRST_SECONDS", 0.0)
    monkeypatch.setattr(run, "PERIODIC_SECONDS", 0.0)
    kinds, fast, general = both_paths(SPEC / spec, SPEC / "RRP_L6.cfg")
    assert kinds == {"leadsto"}
    assert_same(fast, general)
