"""TLC's -coverage: per action, distinct states found and states generated, as TLC prints them
(``<IncX line 5, col 1 to line 5, col 4 of module M>: 3:9``), plus in how many states each was
enabled; actions never enabled are flagged. The expected lines are from a real TLC run
(tlc2.TLC -workers 1 -coverage 1 on data/M.tla), whose action and variable lines were:

    <x line 3, col 11 to line 3, col 11 of module M>: 4
    <y line 3, col 14 to line 3, col 14 of module M>: 3
    <Init line 4, col 1 to line 4, col 4 of module M>: 1:1
    <IncX line 5, col 1 to line 5, col 4 of module M>: 3:9
    <IncY line 6, col 1 to line 6, col 4 of module M>: 8:8
    <Reset line 7, col 1 to line 7, col 5 of module M>: 0:1
    <Never line 8, col 1 to line 8, col 5 of module M>: 0:0
"""

from __future__ import annotations

import json
from pathlib import Path

from phalanx_verify.check.controls import CheckOptions, run_check
from phalanx_verify.check.coverage import Coverage, never_held
from phalanx_verify.check.model import load_model
from tests.tlcflags.tlcflags_helpers import DATA, check

TLC_ACTIONS = {  # name -> (position, distinct, generated), from the TLC run above
    "IncX": ("line 5, col 1 to line 5, col 4 of module M", 3, 9),
    "IncY": ("line 6, col 1 to line 6, col 4 of module M", 8, 8),
    "Reset": ("line 7, col 1 to line 7, col 5 of module M", 0, 1),
    "Never": ("line 8, col 1 to line 8, col 5 of module M", 0, 0),
}


def test_action_figures_equal_tlcs(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    r = check("-coverage", "1", "-config", str(DATA / "M.cfg"), "--json", str(out), "-q", str(DATA / "M.tla"))
    assert r.exit_code == 0, r.output
    cov = json.loads(out.read_text())["extra"]["coverage"]
    got = {a["name"]: (a["position"], a["distinct"], a["generated"]) for a in cov["actions"]}
    assert got == TLC_ACTIONS
    assert cov["init"] == {"name": "Init", "position": "line 4, col 1 to line 4, col 4 of module M",
                           "generated": 1, "distinct": 1}
    assert cov["variables"] == {"x": 4, "y": 3}
    assert "<IncX line 5, col 1 to line 5, col 4 of module M>: 3:9 (enabled in 9 states)" in r.stdout
    assert "<Init line 4, col 1 to line 4, col 4 of module M>: 1:1" in r.stdout


def test_an_action_never_enabled_is_flagged() -> None:
    """Never's guard (x > 10) never holds: it is named; every other action was enabled somewhere
    (Reset in exactly one state, x = 3 /\\ y = 2)."""
    r = check("--coverage", "-c", str(DATA / "M.cfg"), "-q", str(DATA / "M.tla"))
    assert "Never enabled: Never\n" in r.stdout
    report, _ = run_check(load_model(DATA / "M.tla", DATA / "M.cfg"), CheckOptions(coverage=True))
    enabled = {a["name"]: a["enabled"] for a in report.extra["coverage"]["actions"]}
    assert enabled == {"IncX": 9, "IncY": 8, "Reset": 1, "Never": 0}
    assert [a["name"] for a in report.extra["coverage"]["actions"] if a["never_enabled"]] == ["Never"]


def test_conjuncts_count_evaluations_and_ways_held() -> None:
    """Per conjunct, with its range (as TLC's coverage names it): how often it was evaluated and in how many ways it held.
    M has 12 states; IncX's guard x < 3 is evaluated in each and holds in the 9 with x < 3, and
    its two other conjuncts run exactly then. Never's guard x > 10 never holds: it is the one
    conjunct flagged (the two after it are never evaluated, and not flagged again). Counting does
    not change the search's counts."""
    report, _ = run_check(load_model(DATA / "M.tla", DATA / "M.cfg"), CheckOptions(coverage=True))
    assert (report.generated, report.distinct) == (19, 12)
    conj = {a["name"]: [(c["position"], c["evaluated"], c["held"]) for c in a["conjuncts"]]
            for a in report.extra["coverage"]["actions"]}
    assert conj["IncX"] == [("line 5, col 9 to line 5, col 13 of module M", 12, 9),
                            ("line 5, col 18 to line 5, col 27 of module M", 9, 9),
                            ("line 5, col 32 to line 5, col 42 of module M", 9, 9)]
    assert conj["Reset"] == [("line 7, col 10 to line 7, col 14 of module M", 12, 3),
                             ("line 7, col 19 to line 7, col 23 of module M", 3, 1),
                             ("line 7, col 28 to line 7, col 33 of module M", 1, 1),
                             ("line 7, col 38 to line 7, col 43 of module M", 1, 1)]
    assert conj["Never"] == [("line 8, col 10 to line 8, col 15 of module M", 12, 0),
                             ("line 8, col 20 to line 8, col 25 of module M", 0, 0),
                             ("line 8, col 30 to line 8, col 40 of module M", 0, 0)]
    r = check("--coverage", "-c", str(DATA / "M.cfg"), "-q", str(DATA / "M.tla"))
    assert "  line 5, col 9 to line 5, col 13 of module M: evaluated 12, held 9\n" in r.stdout
    assert "Conjuncts never true: Never line 8, col 10 to line 8, col 15 of module M\n" in r.stdout


def test_a_run_without_coverage_compiles_no_counters() -> None:
    model = load_model(DATA / "M.tla", DATA / "M.cfg")
    run_check(model, CheckOptions())
    assert model.compiler.conjuncts == [] and model.compiler.conjunct_counts == []


# Real TLC on spec/RRP.tla with spec/RRP_L6_safety.cfg (tlc2.TLC -workers 1 -coverage 10):
# name -> (position, distinct, generated); 120000 generated, 43070 distinct, Init 20:20.
TLC_RRP_L6 = {
    "Fail": ("line 16, col 1 to line 16, col 7 of module RRP", 900, 8520),
    "Detect": ("line 17, col 1 to line 17, col 9 of module RRP", 3900, 6240),
    "Plan": ("line 18, col 1 to line 18, col 7 of module RRP", 15300, 25200),
    "Commit": ("line 19, col 1 to line 19, col 9 of module RRP", 6240, 25680),
    "Abort": ("line 22, col 1 to line 22, col 8 of module RRP", 0, 0),
    "Seal": ("line 23, col 1 to line 23, col 7 of module RRP", 8355, 40240),
    "Restore": ("line 24, col 1 to line 24, col 10 of module RRP", 8355, 14100),
}


def test_parameterised_actions_against_tlc_on_rrp() -> None:
    """RRP at 6 leaves: one line per sub-action (all parameter values together) at TLC's
    position, with TLC's generated count. The distinct count of an action is the number of states
    it reached first, so it depends on the order of exploration within a BFS level (here the order
    in which SUBSET Leaf is enumerated differs from TLC's): Commit, Seal and Restore differ from
    TLC's by a few states, their sum does not, and every other action's figure is TLC's."""
    model = load_model(Path("spec/RRP.tla"), Path("spec/RRP_L6_safety.cfg"))
    report, _ = run_check(model, CheckOptions(coverage=True), liveness=False)
    cov = report.extra["coverage"]
    assert (report.verdict, report.generated, report.distinct) == ("ok", 120000, 43070)
    assert cov["init"]["distinct"] == cov["init"]["generated"] == 20
    got = {a["name"]: (a["position"], a["distinct"], a["generated"]) for a in cov["actions"]}
    assert got.keys() == TLC_RRP_L6.keys()
    for name, (pos, distinct, generated) in TLC_RRP_L6.items():
        assert got[name][0] == pos and got[name][2] == generated, name
        if name not in ("Commit", "Seal", "Restore"):
            assert got[name][1] == distinct, name
    assert sum(g[1] for g in got.values()) == sum(t[1] for t in TLC_RRP_L6.values()) == 43070 - 20
    assert [a["name"] for a in cov["actions"] if a["never_enabled"]] == ["Abort"]
    # Per conjunct: Abort's ~CommitGuard(j) is the guard that never holds (its first conjunct,
    # phase[j] = "Commit", holds 25,680 times, as often as Commit's guard); the last conjunct of
    # every action holds once per step it generated.
    assert never_held(cov) == ["Abort line 22, col 39 to line 22, col 53 of module RRP"]
    for a in cov["actions"]:
        assert a["conjuncts"][-1]["held"] == a["generated"], a["name"]
    assert [(c["evaluated"], c["held"]) for c in cov["actions"][4]["conjuncts"][:2]] == [(86140, 25680), (25680, 0)]


def test_only_next_sub_actions_are_listed() -> None:
    """Actions compiled beside the checked Next (RRPResume's RefinesRRP property reaches RRP's
    R!Detect, ... through its fairness; compiled here as a step check is) are not actions of
    the checked Next and must not be listed (or flagged never enabled)."""
    model = load_model(Path("spec/RRPResume.tla"), Path("spec/RRPResume_L6_added.cfg"))
    for prop in model.properties:
        for ob in prop.liveness:
            if ob.fairness is not None:
                a = ob.fairness.action
                model.compiler.successor_generator(a.expr, a.scope, a.env, check=True)
    assert any(label.name.startswith("R!") for label in model.compiler.labels)
    names = [a.name for a in Coverage(model).rows()]
    assert names == ["Fail", "Detect", "Plan", "Commit", "Abort", "Seal", "Restore"]
