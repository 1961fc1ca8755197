"""LET definitions computed where they are defined (strictness.evaluated_first).

TLC evaluates a LET definition lazily, when it is first read. The compiler computes one at once,
without a thunk, only where the LET's body reads it before anything else; these tests hold the
analysis to that (what counts as read first, what does not) and check, against outcomes recorded
from TLC2 (tlaplus/tlaplus rev cc6b616), that a definition read later stays lazy: its error does not
come first, and a guard before it still protects it."""

from __future__ import annotations

import pytest

from phalanx_verify.tla import syntax as ast
from phalanx_verify.tla.parse import parse_module_text
from phalanx_verify.tla.strictness import evaluated_first

from .test_tlc_regressions import assert_outcome_equals_tlc


def _body(expr: str) -> ast.Expr:
    """The body of ``Op == expr`` in a module that declares what the expressions below use."""
    mod = parse_module_text("---- MODULE T ----\nEXTENDS Naturals, Sequences\nVARIABLES q, x\n"
                            f"User(a) == a\nOp == {expr}\n====\n")
    return next(d for d in mod.defs if getattr(d, "name", None) == "Op").body  # type: ignore[union-attr]


def _builtin(op: str) -> bool:
    return op != "User"


@pytest.mark.parametrize("expr", [
    'm.type = "req" /\\ q\' = Tail(q)',        # a record before its field, = before /\
    "m[1] > 0",                                 # a function before its argument
    "IF m THEN 1 ELSE 2",                       # the condition first
    "\\E v \\in m : v > 0",                     # the bound set before the body
    "{v + 1 : v \\in m}",
    "<<m, 1 \\div 0>>",                         # the first component first
    "LET k == m + 1 IN k > 0",                  # through a LET inside, read first
    "LET a == m  b == {v : v \\in a} IN b = {}",  # through a chain of them
])
def test_a_name_read_before_anything_else_is_first(expr):
    assert evaluated_first(_body(expr), "m", _builtin)


@pytest.mark.parametrize("expr", [
    'q # <<>> /\\ m.type = "req"',              # a guard before it
    "x[3] + m",                                 # another operand first
    "User(m) > 0",                              # a definition: TLC evaluates its body first
    "m' = 1",                                   # read in the next state
    "IF x > 0 THEN m ELSE 0",                   # only on one branch
    "LET k == m + 1 IN x > 0 /\\ k > 0",        # the LET's definition read second
    "LET m == 1 IN m > 0",                      # another m
])
def test_a_name_read_later_or_elsewhere_is_not(expr):
    assert not evaluated_first(_body(expr), "m", _builtin)


# name -> (module text, cfg, TLC's exit code, generated, distinct, depth, phrase of TLC's message, why)
CASES: dict[str, tuple[str, str, int, int | None, int | None, int | None, str | None, str]] = {
    "GuardBeforeTheLetRead": (
        "EXTENDS Naturals, Sequences\nVARIABLE q\nInit == q = <<>>\n"
        "Next == \\/ q = <<>> /\\ q' = <<1, 2>>\n"
        "        \\/ LET m == Head(q)\n               rest == Tail(q)\n"
        "           IN /\\ q # <<>>\n              /\\ m \\in {1, 2}\n              /\\ q' = rest",
        "INIT Init\nNEXT Next", 0, 4, 3, 3, None,
        "Head(q) of the empty queue is read only after the guard q # <<>>: lazy, no error"),
    "LetReadFirstFails": (
        "EXTENDS Naturals, Sequences\nVARIABLE q\nInit == q = <<3>>\nNext == LET m == Head(q) IN m > 0 /\\ q' = Tail(q)",
        "INIT Init\nNEXT Next", 255, 2, 2, 2, "Attempted to apply Head to the empty sequence.",
        "m read first: computed at once, failing as TLC's LazyValue fails where it is read"),
    "SecondLetErrorDoesNotComeFirst": (
        "EXTENDS Naturals\nVARIABLE x\nInit == x = [i \\in 1..2 |-> 0]\nNext == x' = [x EXCEPT ![1] = (@ + 1) % 3]\n"
        "Inv == LET a == 10 \\div x[2]\n           b == x[3] + a\n       IN b > 0 \\/ x[1] = 0\n"
        "Inv2 == LET dirs == {x[1], x[2]}\n            moved == {d + 1 : d \\in dirs}\n"
        "            free == {m \\in moved : m > 0}\n        IN \\A f \\in free : f \\in 1..3",
        "INIT Init\nNEXT Next\nINVARIANT Inv2\nINVARIANT Inv", 75, 1, 1, None, "<<0, 0>>",
        "b is read first and fails on x[3] before a (a division by zero) is read: a stays lazy; "
        "Inv2's chain dirs, moved, free is computed at once and holds"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_outcome_equals_tlc(tmp_path, name):
    assert_outcome_equals_tlc(tmp_path, name, CASES[name])
