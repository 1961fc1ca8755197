"""Errors met while TLC checks a successor it generated. An action property that fails to be evaluated on a step: TLC (ModelChecker.doNextEvalFailed)
prints "Evaluating action property P failed." and the behaviour up to the step's successor, the
state the property was evaluated on; a failed Assert exits 14, another error 75. Outcomes from
real TLC (tlc2.TLC -workers 1; fuzz10 actprop_assert_trace, actprop_evalerr_trace): 3
generated, 3 distinct, the trace x = 0, 1, 2. Here the trace stopped at x = 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

SPEC = ("---- MODULE Spec ----\nEXTENDS Naturals, TLC\nVARIABLE x\nInit == x = 0\nNext == x < 3 /\\ x' = x + 1\n"
        "Spec == Init /\\ [][Next]_x\nProp == [][x' = 2 => {}]_x\n====\n")


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(("failing", "code"), [('Assert(FALSE, "bad")', 14), ('(1 + "a" = 2)', 75)])
def test_the_trace_ends_with_the_step_evaluated(tmp_path: Path, workers: str, failing: str, code: int) -> None:
    (tmp_path / "Spec.tla").write_text(SPEC.format(failing))
    (tmp_path / "Spec.cfg").write_text("SPECIFICATION Spec\nPROPERTY Prop\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Spec.tla"), "-c", str(tmp_path / "Spec.cfg"),
                                  "--workers", workers])
    assert r.exit_code == code, r.output
    assert "Evaluating action property Prop failed." in r.output
    assert "State 3: <Next line 5, col 9 to line 5, col 27 of module Spec>" in r.output, r.output
    assert "3 states generated, 3 distinct states found" in r.output


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_constraint_failing_on_a_successor_shows_it(tmp_path: Path, workers: str) -> None:
    """The same for any error TLC meets while it adds a successor (Worker.addElement wraps it with
    the state): here a CONSTRAINT, x = "a" compared on x = 2 (real TLC: exit 75, 3 generated, 2
    distinct, depth 2, the trace x = 0, 1, 2; fuzz10 constraint_evalerr_trace)."""
    (tmp_path / "Spec.tla").write_text("---- MODULE Spec ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n"
                                       "Next == x < 3 /\\ x' = x + 1\nConstr == x # 2 \\/ x = \"a\"\n====\n")
    (tmp_path / "Spec.cfg").write_text("INIT Init\nNEXT Next\nCONSTRAINT Constr\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Spec.tla"), "-c", str(tmp_path / "Spec.cfg"),
                                  "--workers", workers])
    assert r.exit_code == 75, r.output
    assert "State 3: <Next line 5, col 9 to line 5, col 27 of module Spec>" in r.output, r.output
    assert "3 states generated, 2 distinct states found" in r.output
