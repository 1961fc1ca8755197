"""A RECURSIVE operator with an operator parameter, called with a LAMBDA, a definition or a LET
operator and arguments of state level (``Iter(F(_), n, a) == ... Iter(F, n - 1, F(a))`` called
as ``Iter(LAMBDA z : z + 1, 2, x)``). The compiler passes the state-level argument by value
only where the operator cannot read it by name (byname.py), and the operator parameter's
application ``F(a)`` reads what the LAMBDA or definition passed for F reads; the built-in took
every such application as unknown and stopped with 150 ("unsupported") on 118 of 250 random
recursion specs, where TLC answers. Outcomes recorded from TLC2 2026.12.05: exit code, states
generated, distinct, depth."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model

ITER = ("RECURSIVE Iter(_, _, _)\n"
        "Iter(F(_), n, a) == IF n = 0 THEN a ELSE Iter(F, n - 1, F(a))\n")

CASES = {
    # the minimised random spec
    "lambda_in_invariant": (ITER + "Init == x = 0\nNext == x' = 1 - x\nInv == Iter(LAMBDA z : z + 1, 2, x) < 5",
                            0, 3, 2, 2),
    # a LAMBDA, a definition, a LET operator reading a variable, a LAMBDA reading a bound name
    "next_state": (ITER + "Inc(z) == (z + 1) % 5\nInit == x = 0\n"
                   "Next == \\/ x' = Iter(LAMBDA z : (z + 2) % 7, 2, x)\n"
                   "        \\/ x' = Iter(Inc, 3, x)\n"
                   "        \\/ x' = LET G(z) == (z + x) % 6 IN Iter(G, 2, x)\n"
                   "        \\/ \\E k \\in 1..2 : x' = Iter(LAMBDA z : (z + k) % 9, k, x)\n"
                   "Inv == Iter(LAMBDA z : z + 1, 2, x) < 11", 0, 46, 9, 4),
    # two-argument operators over a sequence variable, the invariant violated
    "fold": ("RECURSIVE Fold(_, _, _)\n"
             "Fold(Op(_, _), acc, q) == IF q = <<>> THEN acc ELSE Fold(Op, Op(acc, Head(q)), Tail(q))\n"
             "Init == x = <<>>\nNext == Len(x) < 3 /\\ \\E v \\in 1..2 : x' = Append(x, v)\n"
             "Inv == LET Add(a, b) == a + b IN Fold(Add, 0, x) <= 6 /\\ Fold(LAMBDA a, b : a * b, 1, x) < 5",
             12, 15, 15, 4),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_recursive_operator_with_an_operator_argument(tmp_path: Path, case: str) -> None:
    body, code, generated, distinct, depth = CASES[case]
    spec = f"---- MODULE S ----\nEXTENDS Naturals, Sequences\nVARIABLE x\n{body}\n====\n"
    got, report, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\nINVARIANT Inv\n", spec)
    assert got == code, out
    assert (report["generated"], report["distinct"], report["depth"]) == (generated, distinct, depth), out


def test_an_operator_that_reads_its_argument_primed_is_still_refused(tmp_path: Path) -> None:
    """The LAMBDA reads the parameter primed: the argument would have to be passed by name
    through the recursion, which the compiler does not do; it refuses rather than answer
    (TLC: SANY's level error for this form, exit 150)."""
    spec = ("---- MODULE S ----\nEXTENDS Naturals\nVARIABLE x\n" + ITER
            + "Init == x = 0\nNext == x' = (x + 1) % 3\nAC == Iter(LAMBDA z : z' # z, 1, x)\n====\n")
    code, _report, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\nACTION_CONSTRAINT AC\n", spec)
    assert code == 150, out
