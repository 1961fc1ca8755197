"""A state that holds a set TLC cannot enumerate: TLC fingerprints every state it generates,
which normalises each set to its members, and fails there (exit 75); Nat, Int, STRING and
Seq(S), which TLC keeps as special values, fail by name ("TLC has found a state in which the
value of a variable contains Nat"). The built-in stored such a state and answered "ok". Under a
VIEW, TLC fingerprints the view alone, and a state may hold anything outside it. Outcomes
recorded from TLC2 2026.12.05 (exit code, the first line of the error, and the counts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model

HEAD = "---- MODULE S ----\nEXTENDS Naturals, Integers, Sequences\nVARIABLE s\n"


@pytest.mark.parametrize(("init", "error"), [
    ("Nat", "TLC has found a state in which the value of a variable contains Nat"),
    ("<<Nat>>", "TLC has found a state in which the value of a variable contains Nat"),
    ("[a |-> Int]", "TLC has found a state in which the value of a variable contains Int"),
    ("Seq({1})", "TLC has found a state in which the value of a variable contains Seq({1})"),
    ("{STRING}", "TLC has found a state in which the value of a variable contains STRING"),
    ("SUBSET Nat", "Attempted to compute the number of elements in the overridden value Nat."),
    ("Nat \\X {1}", "Attempted to enumerate a set of the form s1 \\X s2 ... \\X sn, but can't enumerate s0: Nat"),
    ("{1} \\cup Nat", "Attempted to enumerate S \\cup T when S: {1} and T: Nat are not both enumerable"),
    ("Nat \\ {1}", "Attempted to enumerate S \\ T when S: Nat is not enumerable."),
    ("Int \\cap Nat", "Attempted to enumerate S \\cap T when neither S: Int nor T: Nat is enumerable"),
    ("{n \\in Nat : n > 2}", "Attempted to enumerate { x \\in S : p(x) } when S: Nat is not enumerable"),
])
def test_an_initial_state_holding_an_infinite_set_is_an_error(tmp_path: Path, init: str, error: str) -> None:
    spec = HEAD + f"Init == s = {init}\nNext == UNCHANGED s\n====\n"
    code, _report, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\n", spec)
    assert code == 75, out
    assert error in out


@pytest.mark.parametrize("init", ["SUBSET {1, 2}", "Nat \\cap {1, 2}", "{1, 2} \\cap Nat"])
def test_a_finite_set_made_lazily_may_be_held(tmp_path: Path, init: str) -> None:
    spec = HEAD + f"Init == s = {init}\nNext == UNCHANGED s\n====\n"
    code, report, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\n", spec)
    assert (code, report["distinct"]) == (0, 1), out


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(("succ", "error"), [
    ("Nat", "contains Nat"),
    ("{Nat}", "contains Nat"),
    ("Nat \\ {s}", "Attempted to enumerate S \\ T when S: Nat is not enumerable."),
    ("[x \\in {1} |-> Int]", "contains Int"),
])
def test_a_successor_holding_an_infinite_set_is_an_error(tmp_path: Path, succ: str, error: str,
                                                        workers: int) -> None:
    """TLC: the failing state counted as generated, not as distinct (3 generated, 2 distinct,
    1 left on the queue, depth 2), with one worker or two."""
    spec = HEAD + f"Init == s = 0\nNext == s' = 1 \\/ s' = {succ}\n====\n"
    (tmp_path / "S.tla").write_text(spec)
    (tmp_path / "S.cfg").write_text("INIT Init\nNEXT Next\n")
    from click.testing import CliRunner

    from phalanx_verify.cli import main
    r = CliRunner().invoke(main, ["check", str(tmp_path / "S.tla"), "-c", str(tmp_path / "S.cfg"),
                                  "--workers", str(workers)])
    assert r.exit_code == 75, r.output
    assert error in r.output
    assert "3 states generated, 2 distinct states found, 1 states left on queue." in r.output


def test_under_a_view_only_the_view_is_fingerprinted(tmp_path: Path) -> None:
    spec = ("---- MODULE S ----\nEXTENDS Naturals\nVARIABLE s, t\nInit == s = 0 /\\ t = 0\n"
            "Next == t' = (t + 1) % 3 /\\ s' = Nat\nView == t\n====\n")
    code, report, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\nVIEW View\n", spec)
    assert (code, report["generated"], report["distinct"], report["depth"]) == (0, 4, 3, 3), out
    spec = spec.replace("View == t", "View == <<t, s>>")
    code, _report, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\nVIEW View\n", spec)
    assert code == 75 and "contains Nat" in out, out
