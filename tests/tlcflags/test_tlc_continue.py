"""TLC's -continue: every invariant (and action-property) violation is reported with its
behaviour and the search goes on; the violating states are still explored. Each fact below
comes from a real TLC run of the same spec (tlc2.TLC -workers 1 -continue [-deadlock]): four
reports (Inv2 at x = 3, y = 0, then Inv at (3, 1), (2, 2), (3, 2)), 18 generated, 12
distinct, depth 6, "Model checking completed. No error has been found.", exit 0 with -deadlock
and 11 without (the last state deadlocks)."""

from __future__ import annotations

import json
from pathlib import Path

from phalanx_verify.check.controls import CheckOptions, run_check
from phalanx_verify.check.model import Property, load_model
from tests.tlcflags.tlcflags_helpers import DATA, check


def test_every_violation_is_reported_and_the_search_completes(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    r = check("-continue", "-deadlock", "-config", str(DATA / "C.cfg"), "--json", str(out), "-q",
              str(DATA / "C.tla"))
    assert r.exit_code == 0, r.output
    heads = [line for line in r.stdout.splitlines() if line.startswith("Error: Invariant")]
    assert heads == ["Error: Invariant Inv2 is violated.", "Error: Invariant Inv is violated.",
                     "Error: Invariant Inv is violated.", "Error: Invariant Inv is violated."]
    assert "Model checking completed. No error has been found." in r.stdout
    assert "18 states generated, 12 distinct states found, 0 states left on queue." in r.stdout
    assert "The depth of the complete state graph search is 6." in r.stdout
    report = json.loads(out.read_text())
    ends = [(v["violated"], v["trace"]["states"][-1]["x"], v["trace"]["states"][-1]["y"])
            for v in report["extra"]["violations"]]
    assert ends == [("Inv2", 3, 0), ("Inv", 3, 1), ("Inv", 2, 2), ("Inv", 3, 2)]


def test_without_continue_the_first_violation_stops_the_search() -> None:
    r = check("-deadlock", "-config", str(DATA / "C.cfg"), "-q", str(DATA / "C.tla"))
    assert r.exit_code == 12
    assert r.stdout.count("is violated") == 1


def test_a_deadlock_still_stops_a_continue_run() -> None:
    r = check("-continue", "-config", str(DATA / "C.cfg"), "-q", str(DATA / "C.tla"))
    assert r.exit_code == 11
    assert r.stdout.count("Error: Invariant") == 4 and "Deadlock reached." in r.stdout


def test_successors_of_a_violating_state_are_checked_in_full() -> None:
    """The invariant checks skip conjuncts whose variables a step left unchanged, since the parent
    passed them; under -continue the parent may have failed, so its successors are checked in
    full: Inv2 (x < 3) fails at (3, 0) and again at (3, 1) and (3, 2), where Inv (checked first)
    fails. With only Inv2, all three x = 3 states are reported."""
    model = load_model(DATA / "C.tla", DATA / "C.cfg")
    model.cfg.check_deadlock = False
    model.state_checks = [c for c in model.state_checks if c[1] == "Inv2"]
    report, violations = run_check(model, CheckOptions(keep_going=True))
    assert report.verdict == "ok"
    assert sorted(t.steps[-1].state for _, _, t in violations) == [(3, 0), (3, 1), (3, 2)]


def test_action_property_violations_continue_too() -> None:
    """An always-false action property is reported on every step of C (17: 18 generated minus the
    initial state), the search still completing with its 12 distinct states."""
    model = load_model(DATA / "C.tla", DATA / "D.cfg")
    model.cfg.check_deadlock = False
    model.properties.append(Property("Never", action_props=[("Never", lambda s, t: False)]))
    report, violations = run_check(model, CheckOptions(keep_going=True))
    assert report.verdict == "ok" and report.distinct == 12
    assert len(violations) == 17 and {v[:2] for v in violations} == {("action_property", "Never")}


def _spec(tmp_path: Path, body: str, cfg: str) -> tuple[Path, Path]:
    tla, conf = tmp_path / "M.tla", tmp_path / "M.cfg"
    tla.write_text(f"---- MODULE M ----\nEXTENDS Integers\nVARIABLE x\n{body}\n====\n")
    conf.write_text(cfg)
    return tla, conf


def test_every_invariant_an_initial_state_violates_is_reported(tmp_path: Path) -> None:
    """TLC's DoInitFunctor under -continue reports each invariant the initial state violates,
    then goes on (real TLC: Inv1 and Inv2 "violated by the initial state", then Inv1 at x = 2,
    2 generated, 2 distinct, exit 0). Before, only the first was reported."""
    tla, conf = _spec(tmp_path, "Init == x = 1\nNext == x < 2 /\\ x' = x + 1\nInv1 == x < 1\nInv2 == x # 1",
                      "INIT Init\nNEXT Next\nINVARIANT Inv1\nINVARIANT Inv2\nCHECK_DEADLOCK FALSE\n")
    r = check("-continue", "-config", str(conf), "-q", str(tla))
    assert r.exit_code == 0, r.output
    heads = [line for line in r.stdout.splitlines() if line.startswith("Error: Invariant")]
    assert heads == ["Error: Invariant Inv1 is violated by the initial state:",
                     "Error: Invariant Inv2 is violated by the initial state:", "Error: Invariant Inv1 is violated."]
    assert "2 states generated, 2 distinct states found, 0 states left on queue." in r.stdout


def test_a_property_false_initially_stops_a_continue_run(tmp_path: Path) -> None:
    """A PROPERTY's state predicate false in the initial state stops TLC even under -continue
    (real TLC: "Property SP is violated by the initial state:", exit 13). Before, the run went
    on and exited 0."""
    tla, conf = _spec(tmp_path, "Init == x = 0\nNext == x < 2 /\\ x' = x + 1\nSpec == Init /\\ [][Next]_x\nSP == x > 0",
                      "SPECIFICATION Spec\nPROPERTY SP\nCHECK_DEADLOCK FALSE\n")
    r = check("-continue", "-config", str(conf), "-q", str(tla))
    assert r.exit_code == 13, r.output
    assert "Property SP is violated by the initial state:" in r.stdout


def test_an_error_in_next_then_the_deadlock_under_continue(tmp_path: Path) -> None:
    """Under -continue TLC's worker goes on after a failed expansion to its deadlock test: a
    state that generated nothing is reported deadlocked after the error, and that last error is
    the exit code (real TLC: "The second argument of \\div is 0.", then "Deadlock reached.",
    exit 11, 1 generated, 1 distinct). Without -continue, or with CHECK_DEADLOCK FALSE, the
    error's own exit code (255)."""
    body = "Init == x = 0\nNext == x' = 1 \\div (x - x)"
    tla, conf = _spec(tmp_path, body, "INIT Init\nNEXT Next\n")
    r = check("-continue", "-config", str(conf), "-q", str(tla))
    assert r.exit_code == 11, r.output
    assert "Deadlock reached." in r.stdout and "The second argument of \\div is 0." in r.output
    assert "1 states generated, 1 distinct states found, 0 states left on queue." in r.stdout
    assert check("-config", str(conf), "-q", str(tla)).exit_code == 255
    assert check("-continue", "-deadlock", "-config", str(conf), "-q", str(tla)).exit_code == 255


def test_the_deadlock_after_an_error_prints_tlcs_order_of_variables(tmp_path: Path) -> None:
    """The trace of that deadlock lists the variables as TLC's states do (f before x here, as
    the first trace), not in their declaration order (real TLC: both traces "/\\ f = 1", "/\\ x = 0")."""
    tla, conf = tmp_path / "CD.tla", tmp_path / "CD.cfg"
    tla.write_text("---- MODULE CD ----\nEXTENDS Integers, TLC\nVARIABLES x, f\nInit == x = 0 /\\ f \\in {0, 1}\n"
                   "Next == x = 0 /\\ Assert(f # 1, \"assert f\") /\\ x' = 0 /\\ UNCHANGED f\n====\n")
    conf.write_text("INIT Init\nNEXT Next\n")
    r = check("-continue", "-config", str(conf), "-q", str(tla))
    assert r.exit_code == 11, r.output
    shown = [line.strip() for line in r.stdout.splitlines() if "/\\ " in line]
    assert shown == ["/\\ f = 1", "/\\ x = 0", "/\\ f = 1", "/\\ x = 0"], r.stdout
    assert "3 states generated, 2 distinct states found, 0 states left on queue." in r.stdout
