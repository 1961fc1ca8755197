"""Engine agreement: differences name both engines' figures; counts only for complete runs."""

from phalanx_verify.check.report import Report
from phalanx_verify.tlc.agree import engine_differences


def report(engine, **kw):
    base = {"verdict": "ok", "generated": 120000, "distinct": 43070, "depth": 13, "complete": True}
    return Report(model="m", engine=engine, **{**base, **kw})


def test_identical_reports_agree():
    assert engine_differences(report("builtin"), report("tlc")) == []


def test_every_count_difference_shows_both_figures():
    diffs = engine_differences(report("builtin", distinct=43071, generated=120001, depth=14), report("tlc"))
    assert diffs == ["distinct states: builtin 43,071, tlc 43,070",
                     "generated states: builtin 120,001, tlc 120,000",
                     "depth: builtin 14, tlc 13"]


def test_verdict_and_property_differences():
    a = report("builtin", verdict="invariant", violated="RestoreReady", complete=False)
    b = report("tlc", verdict="invariant", violated="TypeOK", complete=False)
    assert engine_differences(a, b) == ["verdict: builtin invariant (RestoreReady), tlc invariant (TypeOK)"]
    assert engine_differences(a, report("tlc")) == ["verdict: builtin invariant (RestoreReady), tlc ok"]


def test_counts_of_stopped_runs_are_not_compared():
    a = report("builtin", verdict="deadlock", generated=21092, distinct=11240, complete=False)
    b = report("tlc", verdict="deadlock", generated=20900, distinct=11120, complete=False)
    assert engine_differences(a, b) == []
