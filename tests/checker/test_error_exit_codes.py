"""TLC's exit code for an evaluation error depends on where it happens and on how TLC raises
it (tlc2.tool.ModelChecker.doNextFailed, tlc2.output.EC.ExitStatus): an error raised in the
Java code of a standard module's operator (division by zero, overflow, a comparison or a
membership in Nat/Int of a non-integer, Head of <<>>, Cardinality of a non-set, ...) while the
successors of a state are computed exits 255, other evaluation errors there 75; in Init or an
invariant every evaluation error exits 75; an error while TLC builds the liveness graph (a
fairness condition's ENABLED, a property's state predicate) exits 255. Every exit code and count
here was recorded from a real TLC run (TLC2 2026.12.01, -workers 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

from .specs import check_model


def _spec(init: str, nxt: str, extra: str = "") -> str:
    return ("---- MODULE G ----\nEXTENDS Integers, FiniteSets, Sequences\nVARIABLE x\n"
            f"Init == {init}\nNext == {nxt}\n{extra}====\n")


@pytest.mark.parametrize(("init", "nxt", "tlc_exit"), [
    ("x = 0", "x' = 10 \\div (2 - x)", 255),               # \div by 0 at the 7th state
    ("x = 0", "x' = 2^31", 255),                            # overflow
    ("x = 0", "x' = (x + 2147483647) * 2", 255),
    ("x = 0", "x' = IF 1 <= \"a\" THEN 1 ELSE 2", 255),     # comparison of a non-integer
    ("x = 0", "x' = IF \"a\" \\in Nat THEN 1 ELSE 2", 255),  # membership in Nat
    ("x = 0", "x' = Head(<<>>)", 255),
    ("x = 0", "x' = Len(3)", 255),
    ("x = 0", "x' = Cardinality(3)", 255),
    ("x = 0", "x' = <<1>> \\o 3", 255),
    ("x = 0", "x' = 1 + \"a\"", 75),                        # arithmetic on a non-integer
    ("x = 0", "x' = 2 * \"a\"", 75),
    ("x = 0", "x' = <<1, 2>>[x + 1]", 75),                  # outside a function's domain
    ("x = 0", "x' = CHOOSE y \\in {} : TRUE", 75),
    ("x = 0", "x' = 3 /\\ IsFiniteSet(3)", 75),
    ("x = 10 \\div 0", "x' = x", 75),                       # in Init
])
def test_an_evaluation_error_while_computing_successors_exits_as_tlc(
        tmp_path: Path, init: str, nxt: str, tlc_exit: int) -> None:
    code, _report, out = check_model(tmp_path, "G", "INIT Init\nNEXT Next\n", _spec(init, nxt))
    assert code == tlc_exit, out


def test_the_counts_at_a_division_by_zero_are_tlcs(tmp_path: Path) -> None:
    code, report, _out = check_model(tmp_path, "G", "INIT Init\nNEXT Next\n",
                                     _spec("x = 0", "x' = 10 \\div (2 - x)"))
    assert code == 255
    assert (report["generated"], report["distinct"]) == (7, 7)


@pytest.mark.parametrize(("extra", "cfg", "tlc_exit"), [
    # an invariant that fails to evaluate on a successor: 76 (TLC_INVARIANT_EVALUATION_FAILED),
    # a module error or not; on an initial state: 75
    ("Inv == 1 \\div (x - 2) # 5\n", "INVARIANT Inv\n", 76),
    ("Inv == <<1, 2>>[x + 1] # 5\n", "INVARIANT Inv\n", 76),
    ("Inv == 1 \\div x # 5\n", "INVARIANT Inv\n", 75),
    ("Inv == <<1>>[x] # 5\n", "INVARIANT Inv\n", 75),
    # a state or action constraint is evaluated with the successors: 255 for a module error
    ("C == 1 \\div (x - 2) # 5\n", "CONSTRAINT C\n", 255),
    ("C == <<1, 2>>[x + 1] # 5\n", "CONSTRAINT C\n", 75),
    ("AC == 1 \\div (x - 2) # 5\n", "ACTION_CONSTRAINT AC\n", 255),
    ("AC == <<1, 2>>[x + 1] # 5\n", "ACTION_CONSTRAINT AC\n", 75),
])
def test_an_error_in_an_invariant_or_a_constraint_exits_as_tlc(tmp_path: Path, extra: str, cfg: str,
                                                                tlc_exit: int) -> None:
    code, _report, out = check_model(tmp_path, "G", "INIT Init\nNEXT Next\n" + cfg,
                                     _spec("x = 0", "x' = (x + 1) % 3", extra))
    assert code == tlc_exit, out


# TLC re-runs the successors of the state whose new successor's invariant failed to evaluate
# (to print the stack, check/replay.py); what that re-run meets after the failing successor
# decides the exit code, and the new states it stores count as distinct (queued once checked).
# Init x = 0 has the successors 1, 2, 3 in this order; each row's figures are TLC's (TLC
# 2026.12.03, -workers 1): (exit, generated, distinct, left on queue).
_REPLAY = ("---- MODULE R ----\nEXTENDS Naturals, TLC\nVARIABLE x\nInit == x = 0\n"
           "Next == x' \\in {{1, 2, 3}}\nSpec == Init /\\ [][Next]_x\n{defs}\n====\n")


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(("defs", "cfg", "tlc"), [
    # x = 2 fails as x = 1 did: that error's own exit (75, 255 for \div, 14 for Assert)
    ('Inv == IF x = 0 THEN TRUE ELSE x = "a"', "", (75, 2, 3, 0)),
    ('Inv == IF x = 0 THEN TRUE ELSE IF x = 1 THEN x = "a" ELSE 1 \\div 0 = 1', "", (255, 2, 3, 0)),
    ('Inv == IF x = 0 THEN TRUE ELSE Assert(FALSE, "boom")', "", (14, 2, 3, 0)),
    # x = 2 violates instead: the re-run stops there, 76
    ('Inv == IF x = 0 THEN TRUE ELSE IF x = 1 THEN x = "a" ELSE FALSE', "", (76, 2, 3, 0)),
    # nothing after x = 1 fails: 76, with x = 2 and x = 3 stored and queued by the re-run
    ('Inv == IF x # 1 THEN TRUE ELSE x = "a"', "", (76, 2, 4, 2)),
    ('Inv == IF x # 3 THEN TRUE ELSE x = "a"', "", (76, 4, 4, 2)),
    # x = 2 is outside the CONSTRAINT (not stored) and x = 3 passes
    ('Inv == IF x # 1 THEN TRUE ELSE x = "a"\nC == x # 2', "CONSTRAINT C\n", (76, 2, 3, 1)),
    # outside the CONSTRAINT x = 2's invariant is evaluated all the same
    ('Inv == IF x = 0 THEN TRUE ELSE x = "a"\nC == x < 2', "CONSTRAINT C\n", (75, 2, 2, 0)),
    # the failing step's action property is evaluated in the re-run (its invariant is not)
    ("Inv == IF x # 1 THEN TRUE ELSE x = \"a\"\nProp == [][x = 0 => x' = \"a\"]_x", "PROPERTY Prop\n",
     (75, 2, 2, 0)),
    ('Inv == IF x = 0 THEN TRUE ELSE x = "a"\nProp == [][x # 0]_x', "PROPERTY Prop\n", (76, 2, 2, 0)),
])
def test_the_rerun_after_an_invariant_error_decides_the_exit_as_in_tlc(
        tmp_path: Path, workers: str, defs: str, cfg: str, tlc: tuple) -> None:
    (tmp_path / "R.tla").write_text(_REPLAY.format(defs=defs))
    (tmp_path / "R.cfg").write_text("SPECIFICATION Spec\nINVARIANT Inv\n" + cfg)
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "R.tla"), "--json", str(out), "--workers", workers])
    report = json.loads(out.read_text())
    assert (r.exit_code, report["generated"], report["distinct"], report["queue"]) == tlc, r.output
    assert "Evaluating invariant Inv failed." in report["message"]  # the first error is the one shown


LIVE = """---- MODULE L ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3
A == x' = x /\\ {guard} = 0
Spec == Init /\\ [][Next]_x {fair}
Prop == <>({prop})
====
"""


@pytest.mark.parametrize(("guard", "fair", "prop"), [
    ("1 \\div (x - 2)", "/\\ WF_x(A)", "x = 1"),          # ENABLED of a fairness condition
    ("<<1, 2>>[x + 1]", "/\\ WF_x(A)", "x = 1"),          # (not only module errors)
    ("0", "", "1 \\div (x - 2) = 0"),                     # a property's state predicate
    ("0", "", "<<1, 2>>[x + 1] = 0"),
])
def test_an_evaluation_error_in_liveness_checking_exits_255(tmp_path: Path, guard: str, fair: str,
                                                            prop: str) -> None:
    code, _report, out = check_model(tmp_path, "L", "SPECIFICATION Spec\nPROPERTY Prop\n",
                                     LIVE.format(guard=guard, fair=fair, prop=prop))
    assert code == 255, out


# an invariant failing to evaluate on a successor, inside and outside a CONSTRAINT, and on the
# initial state; TLC's exit code, counts and the states it prints (TLC 2026.12.01, -workers 1)
_INV = ("x = 0", "x < 3 /\\ x' = x + 1", "Inv == x < {ok} \\/ <<>>[x] = 1\nCons == x < 2\n")


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(("ok", "cfg", "tlc", "states", "header"), [
    (1, "", (76, 2, 2, 0, 2), [0, 1], "The behavior up to this point is:"),
    (2, "CONSTRAINT Cons\n", (75, 3, 2, 0, 2), [0, 1, 2], "The behavior up to this point is:"),  # never stored
    (0, "", (75, 1, 1, 1, 1), [0], "While working on the initial state:"),
])
def test_an_invariant_that_fails_to_evaluate_shows_the_behaviour_to_its_state(
        tmp_path: Path, workers: str, ok: int, cfg: str, tlc: tuple, states: list[int], header: str) -> None:
    init, nxt, extra = _INV
    (tmp_path / "G.tla").write_text(_spec(init, nxt, extra.format(ok=ok)))
    (tmp_path / "G.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n" + cfg)
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "G.tla"), "--json", str(out), "--workers", workers])
    report = json.loads(out.read_text())
    assert (r.exit_code, report["generated"], report["distinct"], report["queue"], report["depth"]) == tlc, r.output
    assert [state["x"] for state in report["trace"]["states"]] == states
    assert header in r.output and "evaluation error" in r.output
    assert ("Evaluating invariant Inv failed." in report["message"]) == (ok > 0)  # TLC's lead, on a successor


@pytest.mark.parametrize(("assumption", "line"), [
    ("1 = 2", "Assumption line 6, col 8 to line 6, col 12 of module G is false."),
    ('1 = "a"', "Evaluating assumption line 6, col 8 to line 6, col 14 of module G failed."),
])
def test_a_false_assumption_prints_no_counts(tmp_path: Path, assumption: str, line: str) -> None:
    """TLC stops on its assumptions before the search and prints neither counts nor depth
    (recorded, TLC 2026.12.06: exit 10 both)."""
    code, _report, out = check_model(tmp_path, "G", "INIT Init\nNEXT Next\n",
                                     _spec("x = 0", "x' = x", f"ASSUME {assumption}\n"))
    assert code == 10 and line in out, out
    assert "states generated" not in out and "depth of the complete" not in out


def test_an_initial_state_violating_an_invariant_is_named_in_tlcs_words(tmp_path: Path) -> None:
    """TLC: "Invariant Inv is violated by the initial state:" and the state (no "behavior up to
    this point"), and no counts: it stops in its Init phase, before the summary; exit 12
    (recorded, TLC 2026.12.01; the counts, TLC 2026.12.06). The JSON report keeps them."""
    code, report, out = check_model(tmp_path, "G", "INIT Init\nNEXT Next\nINVARIANT Inv\n",
                                    _spec("x = 0", "x' = x + 1", "Inv == x > 0\n"))
    assert code == 12 and report["violated"] == "Inv"
    assert "Invariant Inv is violated by the initial state:\n /\\ x = 0" in out  # TLC: the bare state
    assert "behavior up to this point" not in out
    assert "states generated" not in out and "depth of the complete" not in out
    assert (report["generated"], report["distinct"]) == (1, 1)


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(("init", "nxt", "tlc"), [
    ("x = 0", "x' = [i \\in Nat |-> i]", (75, 2, 1, 1)),
    ("x = [i \\in Nat |-> i]", "x' = x", (75, 1, 0, 1)),
])
def test_a_state_that_cannot_be_fingerprinted_is_counted_not_stored(tmp_path: Path, workers: str, init: str,
                                                                    nxt: str, tlc: tuple) -> None:
    """A function over Nat in a state: TLC cannot fingerprint it (exit 75; generated, distinct
    and depth recorded); both searches count it as generated, not stored."""
    (tmp_path / "G.tla").write_text(_spec(init, nxt))
    (tmp_path / "G.cfg").write_text("INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n")
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "G.tla"), "--json", str(out), "--workers", workers])
    report = json.loads(out.read_text())
    assert (r.exit_code, report["generated"], report["distinct"], report["depth"]) == tlc, r.output
    assert "overridden value Nat" in report["message"]


@pytest.mark.parametrize("literal", ["3000000000", "2147483648", "-2147483648"])
def test_a_literal_beyond_32_bits_is_tlc_s_own_error(tmp_path: Path, literal: str) -> None:
    """TLC refuses the literal while it processes the spec, used or not ("TLC can't handle a
    number this big.", exit 255; -2147483648 is the literal 2147483648 negated); the built-in
    gave its parse error's 150."""
    code, _, out = check_model(tmp_path, "G", "INIT Init\nNEXT Next\n",
                               _spec("x = 0", "x' = x", f"Unused == {literal}\n"))
    assert code == 255 and "TLC can't handle a number this big" in out, out
