"""``=`` between a tuple and a record asks the left side's equals (TLC): a record's fails on
any non-empty tuple (RecordValue.equals: "Attempted to check equality of record"), a tuple's
finds a record of another size unequal and fails comparing the arguments of one of its size
(1 with "c"). The built-in failed on ``<<1, 2>> = [c |-> 1]``, which TLC finds FALSE. Outcomes
recorded from TLC2 2026.12.05 (ASSUME PrintT(e): exit 0 and the value, or 10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main
from tests.checker.specs import check_model


@pytest.mark.parametrize(("expr", "tlc"), [
    ("<<1, 2>> = [c |-> 1]", "FALSE"),
    ("[c |-> 1] = <<1, 2>>", 10),
    ("<<1>> = [c |-> 1]", 10),
    ("<<<<1>>>> = <<[c |-> 1]>>", 10),
    ("<<<<1, 2>>>> = <<[c |-> 1]>>", "FALSE"),
    ("[c |-> 1] = <<>>", "FALSE"),
])
def test_a_tuple_and_a_record_compare_by_the_left_sides_equals(tmp_path: Path, expr: str, tlc: str | int) -> None:
    code, _, out = check_model(tmp_path, "S", "", f"---- MODULE S ----\nEXTENDS TLC\nASSUME PrintT({expr})\n====\n")
    if tlc == 10:
        assert code == 10 and "evaluation error" in out, out
    else:
        assert code == 0 and tlc in out.split(), out


@pytest.mark.parametrize(("expr", "tlc"), [
    ("[c |-> 1] = [i \\in {3, 4} |-> i]", 10),
    ("[[c |-> 1] EXCEPT !.c = 2] = [i \\in {3, 4} |-> i]", 10),
    ("(CHOOSE r \\in [c : {1}] : TRUE) = [i \\in {3, 4} |-> i]", 10),
    ("[x \\in {\"c\"} |-> 1] = [i \\in {3, 4} |-> i]", "FALSE"),
    ("[i \\in {3, 4} |-> i] = [c |-> 1]", "FALSE"),
    ("[i \\in {3, 4} |-> i] \\in {[c |-> 1]}", 10),
    ("[i \\in {3, 4, 5, 2147483646} |-> i] \\notin {[c |-> -3, d |-> FALSE], [c |-> 7, d |-> FALSE]}", 10),
    ("[c |-> 1] \\in {[i \\in {3, 4} |-> i], [d |-> 1]}", "FALSE"),
])
def test_a_record_fails_against_a_function_of_other_arguments_of_any_size(tmp_path: Path, expr: str,
                                                                           tlc: str | int) -> None:
    """A value made as a record ([a |-> e], a member of [a : S], an EXCEPT of one) is TLC's
    RecordValue, whose equals fails on a function with a non-string argument whatever its size;
    a function of strings made by [x \\in S |-> e] is a FcnRcdValue and finds such a function
    unequal. The built-in took every function of strings for the latter, so the first cases were
    FALSE (exprs item 551). Outcomes from TLC2 2026.12.01 (rev cc6b616)."""
    code, _, out = check_model(tmp_path, "S", "", f"---- MODULE S ----\nEXTENDS Integers, TLC\nASSUME PrintT({expr})\n====\n")
    if tlc == 10:
        assert code == 10 and "Attempted to check equality of record:" in out, out
    else:
        assert code == 0 and tlc in out.split(), out


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_record_in_a_state_keeps_its_kind(tmp_path: Path, workers: str) -> None:
    """The record a variable holds, changed by EXCEPT in Next and compared by an invariant with a
    function over integers: TLC's "Evaluating invariant Inv failed" on the third state (exit 76);
    the built-in reported a deadlock (exit 11), having found the two unequal."""
    (tmp_path / "R.tla").write_text(
        "---- MODULE R ----\nEXTENDS Naturals\nVARIABLE r, n\nInit == r = [c |-> 0] /\\ n = 0\n"
        "Next == n < 3 /\\ n' = n + 1 /\\ r' = [r EXCEPT !.c = n + 1]\n"
        "Inv == n < 2 \\/ r # [i \\in {5, 6} |-> i]\n====\n")
    (tmp_path / "R.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "R.tla"), "-c", str(tmp_path / "R.cfg"),
                                  "--workers", workers])
    assert r.exit_code == 76, r.output
    assert "Evaluating invariant Inv failed" in r.output and "[c |-> 2]" in r.output, r.output
    assert "3 states generated, 3 distinct states found" in r.output, r.output
