"""Models with temporal properties on the parallel search (check/livegraph.py): two and three
workers give the 1-worker report, verdict, counts, depth, queue and the counterexample lasso,
whether the violation is found by a check between levels (which stops the search early) or at
the end, for every fixed form of obligation, with CONSTRAINTs, with errors evaluating a
property's predicate (the parallel search then hands the model to the sequential one, which
evaluates the atoms where TLC does: check/liveatoms.py) or a fairness condition's ENABLED, and
on RRP mutants that liveness kills."""

from __future__ import annotations

from pathlib import Path

import pytest

import phalanx_verify.check.parallel as parallel
import phalanx_verify.check.run as run
from phalanx_verify.campaign import Run, load_campaign
from phalanx_verify.check.model import load_model
from phalanx_verify.check.parallel import SearchOptions
from phalanx_verify.check.report import Report
from phalanx_verify.check.run import check_files, check_model

ROOT = Path(__file__).parents[2]

SPEC = """---- MODULE Live ----
EXTENDS Naturals
CONSTANTS N, Bad
VARIABLES x, y
vars == <<x, y>>
Init == x \\in 0..2 /\\ y = 0
A == x # Bad /\\ x' = (x * 7 + 3) % N /\\ y' = (y + 1) % N
B == x' = (x + y) % N /\\ y' = (y * 3 + 1) % N
C == \\E d \\in 1..3 : x' = (x + d) % N /\\ y' = y
D == 1 \\div (y - 2) > 0 /\\ x' = 0 /\\ y' = y
Next == A \\/ B \\/ C
Spec == Init /\\ [][Next]_vars /\\ WF_vars(A)
FairSpec == Init /\\ [][Next]_vars /\\ WF_vars(A) /\\ SF_vars(C)
LeadsTo == (x = Bad) ~> (y = 0)
Eventually == <>(x = Bad)
InfinitelyOften == []<>(x = Bad)
EventuallyAlways == <>[](x # Bad)
WeakB == WF_vars(B)
StrongC == SF_vars(C)
DivByZero == (y = 1) ~> (1 \\div (x - Bad) >= 0)
EnabledFails == Init /\\ [][Next]_vars /\\ WF_vars(D)
Small == x < N - 2
====
"""

PROPERTIES = ["LeadsTo", "Eventually", "InfinitelyOften", "EventuallyAlways", "WeakB", "StrongC", "DivByZero"]


@pytest.fixture(autouse=True)
def every_level_on_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """These models are small: without this their levels would be expanded in the coordinator
    and their obligations checked one after the other in it."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN", 1)
    monkeypatch.setattr(run, "FORK_CHECKS_FROM", 1)


@pytest.fixture(params=["between levels", "at the end"])
def checked(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Liveness checked between levels from the first on, or (these models being small) only
    once the search has completed."""
    every_level(monkeypatch) if request.param == "between levels" else only_at_the_end(monkeypatch)
    return str(request.param)


def every_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """The timer of the checks between levels always due: a check wherever the graph has grown
    by a tenth, at the same levels on one worker and on several."""
    monkeypatch.setattr(run, "PERIODIC_FIRST_SECONDS", 0.0)
    monkeypatch.setattr(run, "PERIODIC_SECONDS", 0.0)


def only_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """The timer never due (however slow the machine): a check once the search has completed."""
    monkeypatch.setattr(run, "PERIODIC_FIRST_SECONDS", float("inf"))


def check(tmp_path: Path, cfg_text: str, workers: int) -> Report:
    (tmp_path / "Live.tla").write_text(SPEC)
    cfg = tmp_path / "Live.cfg"
    cfg.write_text(cfg_text)
    return check_model(load_model(tmp_path / "Live.tla", cfg), search=SearchOptions(workers))


def same(a: Report, b: Report) -> None:
    assert (a.verdict, a.violated, a.message, a.exit_code) == (b.verdict, b.violated, b.message, b.exit_code)
    assert (a.generated, a.distinct, a.depth, a.queue, a.complete) == (b.generated, b.distinct, b.depth, b.queue,
                                                                       b.complete)
    assert (a.trace.to_json() if a.trace else None) == (b.trace.to_json() if b.trace else None)


def equal_on_workers(tmp_path: Path, cfg_text: str, workers_counts: tuple[int, ...] = (2,),
                     handed_over: bool = False) -> Report:
    """The 1-worker report, from the parallel search, or (``handed_over``: a property's
    predicate fails on a state) from the sequential search it hands the model to."""
    one = check(tmp_path, cfg_text, 1)
    for workers in workers_counts:
        many = check(tmp_path, cfg_text, workers)
        if handed_over:
            assert "predicate fails on a state" in many.extra.get("sequential", "")
        else:
            assert many.extra.get("workers") == workers and "sequential" not in many.extra
        same(one, many)
    return one


@pytest.mark.parametrize("prop", PROPERTIES)
def test_each_form_of_obligation(tmp_path: Path, prop: str, checked: str) -> None:
    verdicts = set()
    for spec in ("Spec", "FairSpec"):
        for bad in (4, 19):
            for constraint in ("", "CONSTRAINT Small\n"):
                one = equal_on_workers(tmp_path, f"SPECIFICATION {spec}\nPROPERTY {prop}\n{constraint}"
                                                 f"CONSTANTS N = 23\nBad = {bad}\n", handed_over=prop == "DivByZero")
                verdicts.add(one.verdict)
    if prop == "DivByZero":
        assert verdicts == {"error"}
    else:
        assert "temporal_property" in verdicts


def test_the_family_has_lassos_of_both_shapes(tmp_path: Path, checked: str) -> None:
    """Not vacuous: the lassos loop back or stutter; the search is stopped early or completes."""
    reports = [check(tmp_path, f"SPECIFICATION {spec}\nPROPERTY {prop}\nCONSTANTS N = 23\nBad = {bad}\n", 2)
               for spec in ("Spec", "FairSpec") for prop in PROPERTIES[:-1] for bad in (4, 19)]
    lassos = [r for r in reports if r.verdict == "temporal_property"]
    assert {r.complete for r in lassos} == {checked == "at the end"}
    assert {r.trace.loop for r in lassos if r.trace} == {"stuttering", "back_to"}


def test_several_properties_checked_at_once(tmp_path: Path, checked: str) -> None:
    """Obligations checked on forked processes at once: the outcome is the first in the
    model's order, a lasso or an evaluation error, as when they are checked one by one."""
    verdicts = set()
    for props in ("EventuallyAlways LeadsTo DivByZero", "DivByZero LeadsTo", "WeakB StrongC Eventually"):
        for bad in (4, 19):
            one = equal_on_workers(tmp_path, f"SPECIFICATION FairSpec\nPROPERTIES {props}\n"
                                             f"CONSTANTS N = 23\nBad = {bad}\n", (2, 3), "DivByZero" in props)
            verdicts.add(one.verdict)
    assert verdicts == {"temporal_property", "error"}


def test_a_failing_fairness_condition(tmp_path: Path, checked: str) -> None:
    """An error evaluating the ENABLED of a fairness condition stops the search where the
    1-worker search stops, with exit 255."""
    one = equal_on_workers(tmp_path, "SPECIFICATION EnabledFails\nPROPERTY LeadsTo\nCONSTANTS N = 23\nBad = 5\n", (2, 3))
    assert one.verdict == "error" and one.exit_code == 255


def test_tableau_formulas_stay_sequential(tmp_path: Path) -> None:
    (tmp_path / "Live.tla").write_text(SPEC.replace("Small ==", "Either == <>(x = Bad) \\/ []<>(y = 0)\nSmall =="))
    cfg = tmp_path / "Live.cfg"
    cfg.write_text("SPECIFICATION Spec\nPROPERTY Either\nCONSTANTS N = 23\nBad = 4\n")
    two = check_model(load_model(tmp_path / "Live.tla", cfg), search=SearchOptions(2))
    assert two.extra["sequential"] == "a temporal formula checked on its tableau needs the states"


LIVENESS_KILLS = [r for r in load_campaign(ROOT / "spec" / "campaign.toml").runs
                  if r.mutant and r.expect.verdict == "temporal_property" and r.config.name != "RRP.cfg"]


@pytest.mark.parametrize("run", LIVENESS_KILLS, ids=[r.name for r in LIVENESS_KILLS])
def test_rrp_mutants_killed_by_liveness(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    """The campaign's mutants that violate a temporal property (spec/mutants/manifest.toml),
    but for 7 leaves (the slow parallel campaign test has them). The checks between levels
    follow a timer, as TLC's: here they are made due at every level, so that both searches
    check at the same points."""
    every_level(monkeypatch)
    def report(workers: int) -> Report:
        return check_model(load_model(run.spec, run.config, run.lib), search=SearchOptions(workers))
    one, two = report(1), report(2)
    assert one.verdict == "temporal_property" and two.extra["workers"] == 2
    same(one, two)


def test_the_campaign_has_liveness_kills() -> None:
    assert len(LIVENESS_KILLS) >= 4


def test_no_fork_beside_a_started_jvm(monkeypatch, tmp_path):
    """The in-process TLC backend's JVM runs native threads: a fork beside them hung this
    suite's forked liveness checks (their children waited on a lock forever). A started JVM
    makes the searches stay in this process, and says so."""
    from types import SimpleNamespace

    from phalanx_verify.check.parallel import fork_safe

    monkeypatch.setitem(__import__("sys").modules, "jpype", SimpleNamespace(isJVMStarted=lambda: True))
    assert not fork_safe()
    spec = tmp_path / "Two.tla"
    spec.write_text("---- MODULE Two ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n"
                    "Next == x' = (x + 1) % 5\nSpec == Init /\\ [][Next]_x /\\ WF_x(Next)\nLive == []<>(x = 4)\n====\n")
    (tmp_path / "Two.cfg").write_text("SPECIFICATION Spec\nPROPERTY Live\n")
    report = check_files(spec, tmp_path / "Two.cfg", search=SearchOptions(workers=2))
    assert report.verdict.value == "ok" and report.distinct == 5
    assert "JVM" in report.extra.get("sequential", "")
    monkeypatch.setitem(__import__("sys").modules, "jpype", SimpleNamespace(isJVMStarted=lambda: False))
    assert fork_safe()
