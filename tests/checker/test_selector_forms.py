"""Subexpression selectors of TLC's suite/test206 and test219, each reduced to one assumption of
a small model: an operator named by its symbol (``COp!@!++``) passed as an operator argument or
substituted for a constant operator, ``!:`` before a LET's operator, labels given no arguments
where the selector is passed as an operator, a tuple of bound names, labels of another module's
operators (reached through an instance, or an unnamed INSTANCE), and instances with an operator
parameter (``Inst2(COp!@!++)!Foo``, also through a named instance, ``L!Inst2(...)!Foo``).

Every expected outcome was recorded from TLC (tla2tools.jar, 2026.12.05) on the same modules:
each assumption holds (exit 0, 0 states), and its negation fails (exit 10, "Assumption line 5,
col 8 to line 5, col N of module Root is false.", N the end of the written assumption)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

INNER = r"""CONSTANT A5(_, _, _, _, _)
Foo(a1, a2, a3, a4, a5) == A5(a1, a2, a3, a4, a5)
Bar4(a) == {x \in {1} : lab(x) :: <<x, a>>}
Bar5(a) == {x \in {1} : lab(x) :: LET b ++ c == <<a, b, c, x>> IN 42}"""

DEFS = r"""EXTENDS Naturals
CONSTANT C
COp(q, p) == CHOOSE x : lab(x) :: LET a ++ b == {a, b, q, p, x} IN <<q, 99 ++ p>>
COp2(q, p) == CHOOSE x : lab(x) :: LET a ++ b == {lab(y) :: y + a + b : y \in {1}} IN <<q, 99 ++ p>>
OOp2(A(_, _), a, b) == A(a, b)
OOp4(A(_, _, _, _), a, b, c, d) == A(a, b, c, d)
OOp5(A(_, _, _, _, _), a1, a2, a3, a4, a5) == A(a1, a2, a3, a4, a5)
OOp6(A(_, _, _, _, _, _), a1, a2, a3, a4, a5, a6) == A(a1, a2, a3, a4, a5, a6)
Def16 == \E x \in {1}, <<y, z>> \in {<<2, 3>>} : (x = 1) /\ (y = 2)
Inst == INSTANCE Inner WITH A5 <- COp!@!++
Inst2(A5(_, _, _, _, _)) == INSTANCE Inner
Op(Arg(_), p) == \A x \in {1} : lab(x) :: LET a ++ b == Arg(a) + b + x IN (Arg(p) + C + x) = 1 ++ (label2 :: p ++ C)
Foo(u) == 2 * u
THEOREM Thm2 == lab3 :: C > 0"""

ASSUMPTIONS = [
    "OOp5(COp!@!++, 1, 2, 3, 4, 5) = {1, 2, 3, 4, 5}",
    "Inst!Foo(1, 2, 3, 4, 5) = {1, 2, 3, 4, 5}",
    "COp(1, 2)!lab(3)!:!++(4, 5) = {1, 2, 3, 4, 5}",
    "COp2(1, 2)!lab(3)!:!++(9, 10)!lab(11) = 30",
    "OOp6(COp2!lab!:!++!lab, 1, 2, 3, 9, 10, 11) = 30",
    "Def16!(2, 3, 4)!1!1 = 2",
    "Inst!Bar4(1)!lab(2)!<< = 2",
    "OOp2(Inst!Bar4!lab!<<, 1, 2) = 2",
    "OOp4(Inst!Bar5!lab!:!++, 1, 2, 3, 4) = <<1, 3, 4, 2>>",
    "L!Thm2!lab3",
    "Thm2!lab3",
    "Inst2(COp!@!++)!Foo(1, 2, 3, 4, 5) = {1, 2, 3, 4, 5}",
    "L!Inst2(COp!@!++)!Foo(1, 2, 3, 4, 5) = {1, 2, 3, 4, 5}",
    "Op(Foo, 9)!lab(1)!label2 = 23",
    "Op(Foo, 9)!lab(1)!:!++(9, 4) = 23",
]


def check(tmp_path, assumption: str):
    root = f"EXTENDS Naturals\nINSTANCE Defs WITH C <- 4\nL == INSTANCE Defs WITH C <- 4\nASSUME {assumption}"
    for name, text in (("Inner", INNER), ("Defs", DEFS), ("Root", root)):
        (tmp_path / f"{name}.tla").write_text(f"---- MODULE {name} ----\n{text}\n====\n")
    (tmp_path / "Root.cfg").write_text("\n")
    return CliRunner().invoke(main, ["check", str(tmp_path / "Root.tla"), "--workers", "1"])


@pytest.mark.parametrize("assumption", ASSUMPTIONS)
def test_selector_holds_as_in_tlc(tmp_path, assumption):
    r = check(tmp_path, assumption)
    assert r.exit_code == 0, r.output
    assert "0 states generated, 0 distinct states found" in r.output, r.output


@pytest.mark.parametrize("assumption", ASSUMPTIONS)
def test_negated_selector_fails_as_in_tlc(tmp_path, assumption):
    """The selected value is computed, not merely accepted: its negation is false as in TLC."""
    negated = f"~({assumption})"
    r = check(tmp_path, negated)
    assert r.exit_code == 10, r.output
    assert f"Assumption line 5, col 8 to line 5, col {7 + len(negated)} of module Root is false." in r.output, r.output
