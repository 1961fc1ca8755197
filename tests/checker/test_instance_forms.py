"""Instances with arguments (``I(v) == INSTANCE M WITH c <- v`` used as ``I(4)!Op``) and
instances written inside LET, against counts recorded from real TLC runs (TLC2 2026.12.01,
``-workers 1``), and the forms TLC refuses or that the checker cannot yet rewrite exactly
(exit 150 naming the construct, never a verdict)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model

INNER = """---- MODULE Inner ----
EXTENDS Naturals
CONSTANT c
VARIABLE y
Double == c * 2
Step(k) == y' = y + c * k
Small == y < 3 * c
AddC(n) == n + c
====
"""

# J(y): the instance's parameter stands for Inner's variable y by the implicit substitution.
P1 = """---- MODULE P1 ----
EXTENDS Naturals
VARIABLE x
I(v) == INSTANCE Inner WITH c <- v, y <- x
J(y) == INSTANCE Inner WITH c <- 2
Init == x = 0
Next == \\/ I(1)!Step(2) /\\ x < 6
        \\/ I(3)!Step(1) /\\ x < 10 /\\ x > 4
Inv == I(4)!Double = 8 /\\ I(1)!AddC(x) = x + 1 /\\ J(x)!Double = 4
Inv2 == I(2)!Small
====
"""

# LET K == INSTANCE Inner: K's c and y are the c and y visible at the LET.
P2 = """---- MODULE P2 ----
EXTENDS Naturals
CONSTANT c
VARIABLE y
Ok(n) == LET K == INSTANCE Inner IN K!AddC(n) = n + c
Init == y = 0
Next == y < 3 /\\ LET L == INSTANCE Inner WITH c <- 5 IN L!Step(1) \\/ (y = 2 /\\ y' = 7)
Inv == Ok(y) /\\ y # 7
====
"""


def run(tmp_path: Path, spec: str, cfg: str) -> tuple[int, dict, str]:
    (tmp_path / "Inner.tla").write_text(INNER)
    return check_model(tmp_path, spec.split("MODULE ", 1)[1].split()[0], cfg, spec)


@pytest.mark.parametrize(("spec", "cfg", "tlc"), [
    # (exit, verdict, violated, generated, distinct, depth, queue) as TLC reported them
    (P1, "INIT Init\nNEXT Next\nINVARIANT Inv\n", (11, "deadlock", None, 6, 6, 6, 0)),
    (P1, "INIT Init\nNEXT Next\nINVARIANT Inv Inv2\n", (12, "invariant", "Inv2", 4, 4, 4, 0)),
    (P2, "CONSTANT c = 3\nINIT Init\nNEXT Next\nINVARIANT Inv\n", (11, "deadlock", None, 2, 2, 2, 0)),
    # the argument a variable bound by \E: a parameter of the hoisted instance's operators
    (P1.replace("\\/ I(3)!Step(1)", "\\/ \\E k \\in 1..2 : I(k)!Step(1)"),
     "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n", (0, "ok", None, 12, 9, 7, 0)),
    # the argument an operator's parameter, of constant level as the instance requires: a value
    (P1.replace("\\/ I(3)!Step(1)", "\\/ S(3)").replace("Init ==", "S(k) == I(k)!Step(1)\nInit =="),
     "INIT Init\nNEXT Next\nINVARIANT Inv\n", (11, "deadlock", None, 6, 6, 6, 0)),
], ids=["instance-arguments", "instance-arguments-violation", "instance-in-let", "bound-argument", "parameter-argument"])
def test_instance_forms_agree_with_tlc(tmp_path: Path, spec: str, cfg: str, tlc: tuple) -> None:
    code, rep, out = run(tmp_path, spec, cfg)
    assert (code, rep["verdict"], rep.get("violated"), rep["generated"], rep["distinct"], rep["depth"],
            rep["queue"]) == tlc, out


def test_an_instance_argument_changes_the_answer(tmp_path: Path) -> None:
    """The arguments reach the instance: I(5)!Double = 8 is false where I(4)!Double = 8 held."""
    code, rep, out = run(tmp_path, P1.replace("I(4)!Double = 8", "I(5)!Double = 8"),
                         "INIT Init\nNEXT Next\nINVARIANT Inv\n")
    assert (code, rep["verdict"], rep["violated"], rep["distinct"]) == (12, "invariant", "Inv", 1), out


@pytest.mark.parametrize(("spec", "needle"), [
    # SANY: "Level error in applying operator I!Step: The level of argument 1 exceeds ..." (TLC run)
    (P1.replace("I(3)!Step(1)", "I(x + 1)!Step(1)"), "Level error in instantiating module 'Inner'"),
    # SANY: "Level error in instantiating module 'Inner': ... substituted for 'c' must be at most 0."
    (P1.replace("I(v) == INSTANCE Inner WITH c <- v, y <- x", "I(v) == INSTANCE Inner WITH c <- x, y <- x"),
     "substituted for 'c' must be at most 0"),
    # An argument naming an operator's parameter whose instance reads it primed: by name in TLC.
    (P1.replace("\\/ I(3)!Step(1)", "\\/ S(x)").replace("Init ==", "S(k) == I2(k)!Step(1)\nInit ==")
       .replace("Init ==", "I2(a) == INSTANCE Inner WITH c <- 1, y <- a\nInit =="),
     "unsupported construct: I2(...) with an argument that mentions the operator parameter k, whose Step reads it"),
    # A LET instance whose implicit substitution would mean an operator's parameter.
    (P2.replace("CONSTANT c\n", "").replace("Ok(n) == LET K", "Ok(c) == LET K")
       .replace("K!AddC(n) = n + c", "K!AddC(1) = 1 + c").replace("WITH c <- 5", "WITH c <- 5, y <- y")
       .replace("Ok(y)", "Ok(3)"), "implicit substitution c <- c means a bound name"),
    # A state-level LET definition as the argument: TLC reads it by name (z' is x'), not by value.
    (P1.replace("\\/ I(3)!Step(1)", "\\/ LET z == x IN I2(z)!Step(1)")
       .replace("Init ==", "I2(a) == INSTANCE Inner WITH c <- 1, y <- a\nInit =="),
     "unsupported construct: I2(...) with an argument that mentions the LET definition z, whose Step reads it primed"),
], ids=["state-level-argument", "state-level-with", "primed-parameter-argument", "let-implicit-bound",
        "state-level-let"])
def test_refused_forms_stop_with_150(tmp_path: Path, spec: str, needle: str) -> None:
    code, _rep, out = run(tmp_path, spec, "CONSTANT c = 3\nINIT Init\nNEXT Next\n" if "CONSTANT c" in spec
                          else "INIT Init\nNEXT Next\n")
    assert code == 150, out
    assert needle in out
    assert len(out.strip().splitlines()) == 1


# An operator constant of an instance substituted by a LAMBDA (TLC's test201): the LAMBDA is the
# operator, a parameterised instance's parameter reaching into it. Values and counts from real TLC.
LAMBDA_INNER = """---- MODULE Lam ----
CONSTANT A(_), b
VARIABLE v
def == A(b)
Step == v' = A(v)
====
"""
LAMBDA_OUTER = """---- MODULE LO ----
EXTENDS Naturals, TLC
VARIABLE x
P(z) == INSTANCE Lam WITH A <- LAMBDA y : y + z, b <- 4, v <- x
G == INSTANCE Lam WITH A <- LAMBDA y : (y * 3 + 1) % 7, b <- 5, v <- x
ASSUME P(3)!def = 7 /\\ G!def = 2 /\\ P(7)!def = 11
Init == x \\in {0, 1}
Next == G!Step
====
"""


def test_an_operator_constant_substituted_by_a_lambda(tmp_path: Path) -> None:
    (tmp_path / "Lam.tla").write_text(LAMBDA_INNER)
    code, rep, out = check_model(tmp_path, "LO", "INIT Init\nNEXT Next\n", LAMBDA_OUTER)
    # TLC: from 0 and 1 along y -> (3y + 1) % 7: 0 -> 1 -> 4 -> 6 -> 5 -> 2 -> 0 (3 never met)
    assert (code, rep["generated"], rep["distinct"], rep["depth"]) == (0, 8, 6, 5), out


def test_a_wrong_lambda_substitution_changes_the_answer(tmp_path: Path) -> None:
    (tmp_path / "Lam.tla").write_text(LAMBDA_INNER)
    code, _rep, out = check_model(tmp_path, "LO", "INIT Init\nNEXT Next\n",
                                  LAMBDA_OUTER.replace("P(3)!def = 7", "P(3)!def = 8"))
    assert code == 10, out  # the assumption is false


INNER_LOCAL = """---- MODULE InnerL ----
LOCAL Hidden == 1
Shown == Hidden
====
"""


@pytest.mark.parametrize(("use", "tlc_exit"), [("I!Hidden", 150), ("I!Shown", 0)])
def test_a_local_definition_is_not_seen_through_an_instance(tmp_path: Path, use: str, tlc_exit: int) -> None:
    """SANY: "Unknown operator: `Hidden'." at the name after "!" (TLC2 2026.12.05); the
    built-in let ``I!Hidden`` read the LOCAL definition (found by random specs run against TLC).
    The module's own definitions still use it."""
    (tmp_path / "InnerL.tla").write_text(INNER_LOCAL)
    spec = (f"---- MODULE UseL ----\nEXTENDS Naturals\nVARIABLE x\nI == INSTANCE InnerL\nInit == x = {use}\n"
            "Next == UNCHANGED x\n====\n")
    code, _report, out = check_model(tmp_path, "UseL", "INIT Init\nNEXT Next\n", spec)
    assert code == tlc_exit, out
    if tlc_exit == 150:
        assert "UseL.tla:5:15: semantic error: Unknown operator: `Hidden'." in out
