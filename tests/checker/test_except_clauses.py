"""EXCEPT with several clauses (runtime.except_many copies each function on the paths once):
each clause sees the ones before it through @, keys outside the domain change nothing and leave
their value unevaluated, and the errors are TLC's. Every expected value or message was recorded
from real TLC (tlaplus/tlaplus rev cc6b616) on ASSUME PrintT(expression)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

F = "f == [a |-> [b |-> 1, c |-> <<1, 2>>], d |-> 3]"

# expression -> TLC's printed value, or None where the equality is the check (ASSUME e)
VALUES = [
    ("[f EXCEPT !.a.b = 5, !.a.c[2] = @ + 10, !.d = @ + f.d, !.a = [@ EXCEPT !.b = @ * 2]] = "
     "[a |-> [b |-> 10, c |-> <<1, 12>>], d |-> 6]", None),
    ("[<<1, 2, 3>> EXCEPT ![1] = 7, ![5] = 1 \\div 0, ![3] = @ + 1] = <<7, 2, 4>>", None),
    ("[[x \\in {1, 2} |-> <<x>>] EXCEPT ![1][1] = 9, ![2] = @ \\o <<5>>, ![1][1] = @ + 1] = "
     "(1 :> <<10>> @@ 2 :> <<2, 5>>)", None),
    ("{[f EXCEPT !.d = 3, !.a.b = 1]} = {f}", None),  # the result hashes as the equal value
    ("[<<1, 2>> EXCEPT ![5] = 2]", "<<1, 2>>"),
    # cells of a sequence of sequences (runtime._except_cells): rows copied once, clauses in order
    ("[<<<<1, 2>>, <<3>>>> EXCEPT ![1][2] = @ + 1, ![2][1] = @ * 2, ![1][2] = @ * 10]", "<<<<1, 30>>, <<6>>>>"),
    ("[<<<<1>>>> EXCEPT ![1][1] = 5, ![1][3] = 1 \\div 0]", "<<<<5>>>>"),
]

ERRORS = [
    ("[f EXCEPT !.a.b = 1, !.d.x = 2]", "Attempted to apply EXCEPT construct to the value 3."),
    ("[f EXCEPT !.a.b = 1 \\div 0, ![CHOOSE x \\in {} : TRUE] = 1]", "The second argument of \\div is 0"),
    ("[f EXCEPT ![CHOOSE x \\in {} : TRUE] = 1, !.a.b = 1 \\div 0]",
     "Attempted to compute the value of an expression of form CHOOSE x \\in S: P"),
    ("[f EXCEPT !.a = 1, !.a.b = 2]", "Attempted to apply EXCEPT construct to the value 1."),
    ("[<<1, 2>> EXCEPT ![1] = 1, ![TRUE] = 2]", "Attempted to access tuple at a non integral index: TRUE"),
    ("[<<1, 2>> EXCEPT ![TRUE] = 2]", "Attempted to access tuple at a non integral index: TRUE"),
    ("[3 EXCEPT ![5] = 2]", "Attempted to apply EXCEPT construct to the value 3."),
    ("[<<1>> EXCEPT ![1] = 2, ![1][2] = 3]", "Attempted to apply EXCEPT construct to the value 2."),
    ("[<<<<1>>, 2>> EXCEPT ![1][1] = 5, ![2][1] = 3]", "Attempted to apply EXCEPT construct to the value 2."),
    # a key of another kind than a function's integers that make no interval: TLC meets its
    # arguments one by one with equals (FcnRcdValue.takeExcept; fuzz11 ExceptIncomparableKey,
    # where the built-in left the function unchanged)
    ('[[k \\in {1, 3} |-> 0] EXCEPT !["a"] = 1]', 'Attempted to check equality of integer 1 with non-integer: "a"'),
    # and a function of strings made by a constructor (fuzz11 ExceptIncomparableKeyStr)
    ('[[k \\in {"x", "y"} |-> [a |-> 0]] EXCEPT ![1].a = 5]', 'Attempted to check equality of string "x" with non-string: 1'),
    ('[[k \\in {"x", "y"} |-> 0] EXCEPT ![1] = 5]', 'Attempted to check equality of string "x" with non-string: 1'),
]


def _assume(tmp_path: Path, expr: str) -> tuple[int, str]:
    (tmp_path / "E.tla").write_text(f"---- MODULE E ----\nEXTENDS Naturals, Sequences, TLC\n{F}\n"
                                    f"ASSUME PrintT({expr})\n====\n")
    (tmp_path / "E.cfg").write_text("")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "E.tla"), "-c", str(tmp_path / "E.cfg")])
    return r.exit_code, r.output


@pytest.mark.parametrize("expr,printed", VALUES)
def test_clauses_apply_in_order(tmp_path: Path, expr: str, printed: str | None) -> None:
    code, out = _assume(tmp_path, expr)
    assert code == 0, out
    assert (printed or "TRUE") in out.splitlines(), out


@pytest.mark.parametrize("expr,message", ERRORS)
def test_errors_are_tlc_s(tmp_path: Path, expr: str, message: str) -> None:
    code, out = _assume(tmp_path, expr)
    assert code == 10 and message in out, out
