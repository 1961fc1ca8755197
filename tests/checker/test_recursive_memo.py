"""Results of RECURSIVE operators of constant level are remembered (tla/memo.py): the
remembered value answers only arguments that are the same TLA+ values (Python's 1 == TRUE:
F(<<TRUE>>) is not F(<<1>>)), and a model that prints evaluates every call, as TLC does."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.cli import main

SPEC = """---- MODULE M ----
EXTENDS Naturals, Sequences, TLC
RECURSIVE F(_)
F(s) == IF s = <<>> THEN "" ELSE ToString(Head(s)) \\o F(Tail(s))
VARIABLE x
Init == x = 0
Next == x < 2 /\\ x' = x + 1
Inv == F(IF x = 0 THEN <<1, 1>> ELSE <<TRUE, TRUE>>) = IF x = 0 THEN "11" ELSE "TRUETRUE"
====
"""

PRINTING = """---- MODULE P ----
EXTENDS Naturals, TLC
RECURSIVE G(_)
G(n) == IF n = 0 THEN Print("g", 0) ELSE G(n - 1)
VARIABLE x
Init == x = 0
Next == x < 2 /\\ x' = x + 1
Inv == G(x) = 0
====
"""


def _check(tmp_path: Path, name: str, spec: str) -> tuple[int, str]:
    (tmp_path / f"{name}.tla").write_text(spec)
    (tmp_path / f"{name}.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{name}.tla"), "-q", "--no-deadlock", "--workers", "1"])
    return r.exit_code, r.output


def test_a_remembered_result_answers_only_the_same_arguments(tmp_path: Path) -> None:
    code, out = _check(tmp_path, "M", SPEC)
    assert code == 0, out


def test_a_printing_model_evaluates_every_call(tmp_path: Path) -> None:
    code, out = _check(tmp_path, "P", PRINTING)
    assert code == 0, out
    assert out.count('"g"') == 3, out  # G(0) from each of the three states


LAZY = """---- MODULE L ----
EXTENDS Naturals
RECURSIVE H(_, _)
H(S, n) == IF n = 0 THEN 0 ELSE H(S, n - 1)
VARIABLE x
Init == x = 0
Next == x < 2 /\\ x' = x + 1
Inv == H([1..20 -> 1..20], x) = 0
====
"""


def test_a_lazy_argument_is_not_enumerated_to_be_kept(tmp_path: Path) -> None:
    code, out = _check(tmp_path, "L", LAZY)  # [1..20 -> 1..20] has 20^20 members
    assert code == 0, out
