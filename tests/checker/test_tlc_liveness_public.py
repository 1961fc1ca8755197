"""Public specifications (tlaplus/Examples, see public_liveness/README.md) whose properties the
fixed liveness forms did not cover: Chang-Roberts' ``(\\E n : state[n] = "cand") => <>(...)``
and the hour clock's ``[]<><<HCnxt>>_hr``. Figures are real TLC's (2026.12.01, -workers 1); the
models without fairness are the mutants, violated as TLC says."""

from pathlib import Path

import pytest

from phalanx_verify.check.model import load_model
from phalanx_verify.check.run import check_model
from tests.checker.liveness_lasso import is_fair_counterexample

HERE = Path(__file__).resolve().parent / "public_liveness"


@pytest.mark.parametrize("spec,cfg,exit_code,counts,violated", [
    ("MCChangRoberts", "MCChangRoberts", 0, (227, 137, 10), None),
    ("MCChangRoberts", "MCCR_nofair", 13, (227, 137, 10), "Liveness"),
    ("LiveHourClock", "LiveHourClock", 0, (24, 12, 1), None),
    # TLC: "Temporal properties AlwaysTick and AllTimes were violated." (both false on its lasso)
    ("LiveHourClock", "LHC_nofair", 13, (24, 12, 1), "AlwaysTick, AllTimes"),
])
def test_public_spec_as_tlc(spec, cfg, exit_code, counts, violated):
    model = load_model(HERE / f"{spec}.tla", HERE / f"{cfg}.cfg")
    assert any(ob.kind == "general" for p in model.properties for ob in p.liveness)
    report = check_model(model)
    assert report.exit_code == exit_code, report.message
    assert (report.generated, report.distinct, report.depth) == counts
    assert report.violated == violated
    if violated:  # the lasso is a fair behaviour violating each property named (an independent evaluator)
        assert all(is_fair_counterexample(model, name, report.trace) for name in violated.split(", "))
