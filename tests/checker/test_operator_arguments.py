"""Operator symbols passed as operator arguments (``F(Op(_, _)) == Op(1, 2)`` used as ``F(+)``,
``K(~)``, ``H(SUBSET)``, a user's infix ``F(++)``, postfix ``P(^+)``), and those SANY refuses.

Every expected outcome was recorded from TLC (tla2tools.jar, 2026.12.05) on the same module: the
exit code, and for an assumption that fails TLC's first line. ``F(-)`` is no argument for SANY
(a parse error) and prefix ``-.`` cannot be named (exit 150 both)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

HEAD = r"""EXTENDS Naturals, Sequences
F(Op(_,_)) == Op(1, 2)
G(Op(_)) == Op(3)
H(Op(_)) == Op({1})
K(Op(_)) == Op(TRUE)
D(Op(_)) == Op(<<5>>)
P(Op(_)) == Op(5)
a ++ b == a * 10 + b
x ## y == <<x, y>>
a ^+ == a + 1"""

CASES = [
    ("F( + ) = 3", 0, None),
    ("F(++) = 12", 0, None),
    ("F(##) = <<1, 2>>", 0, None),
    ("F(=) = FALSE", 0, None),
    ("F(#) = TRUE", 0, None),
    ("F(<) = TRUE", 0, None),
    ("F(..) = 1..2", 0, None),
    ("F(\\div) = 0", 0, None),
    ("F(%) = 1", 0, None),
    ("H(SUBSET) = {{}, {1}}", 0, None),
    ("D(DOMAIN) = {1}", 0, None),
    ("P(^+) = 6", 0, None),
    ("K(~) = FALSE", 0, None),
    ("K(\\lnot) = FALSE", 0, None),
    ("K(\\neg) = TRUE", 10, "Assumption line 12, col 8 to line 12, col 21 of module OpArg is false."),
    ("G(~) = FALSE", 10, "Evaluating assumption line 12, col 8 to line 12, col 19 of module OpArg failed."),
    ("G(-.) = -3", 150, "Could not find declaration or definition of symbol '-.'."),
    ("F(-) = 0", 150, None),
]


@pytest.mark.parametrize(("assumption", "code", "phrase"), CASES)
def test_operator_symbol_argument_as_in_tlc(tmp_path, assumption, code, phrase):
    (tmp_path / "OpArg.tla").write_text(f"---- MODULE OpArg ----\n{HEAD}\nASSUME {assumption}\n====\n")
    (tmp_path / "OpArg.cfg").write_text("\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "OpArg.tla"), "--workers", "1"])
    assert r.exit_code == code, r.output
    if phrase is not None:
        assert phrase in r.output, r.output
    if code == 0:
        assert "0 states generated, 0 distinct states found" in r.output, r.output
