"""Two operators of TLC's Java modules: Tail of a string is the string less its first character
(Sequences.Tail, "bc" for "abc"; of "" TLC's empty-sequence error), where the built-in refused
a string; and Assert fails on any first argument but TRUE (Assert(1, "m"): "The first argument
of Assert evaluated to FALSE", exit 14 in Next), where the built-in gave a type error (75).
Found by random specs run against TLC; outcomes recorded from real TLC runs (TLC2 2026.12.06)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import assume_outcome, check_model


@pytest.mark.parametrize(("expr", "tlc"), [
    ('Tail("abc")', '"bc"'),
    ('Tail("a") = ""', "TRUE"),
    ('Tail("")', "Attempted to apply Tail to the empty sequence."),
    ('Assert(1, "m")', 'The first argument of Assert evaluated to FALSE; the second argument was: "m"'),
])
def test_in_an_assumption(tmp_path: Path, expr: str, tlc: str) -> None:
    assume_outcome(tmp_path, expr, "Sequences, TLC", tlc)


def test_assert_with_a_non_boolean_in_next_is_an_assertion_failure(tmp_path: Path) -> None:
    spec = ('---- MODULE A ----\nEXTENDS Integers, TLC\nVARIABLE x\nInit == x = 0\n'
            'Next == x < 2 /\\ x\' = x + 1 /\\ Assert(IF x = 1 THEN 1 ELSE TRUE, "m")\n====\n')
    code, rep, out = check_model(tmp_path, "A", "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n", spec)
    assert code == 14, out
    assert (rep["generated"], rep["distinct"], rep["depth"]) == (2, 2, 2), out
