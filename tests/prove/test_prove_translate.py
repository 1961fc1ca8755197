"""The translation: errors for constructs outside the fragment, and the CLI's exit codes."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.prove.cli import prove

SPEC = Path(__file__).resolve().parents[2] / "spec"

_SPEC = """---- MODULE Bad ----
EXTENDS Naturals, Sequences
VARIABLES q
TypeOK == q \\in Nat
Init == q = 0
Next == q' = Len(<<q>>)
IndInv == TypeOK
====
"""


def _write(tmp: Path, body: str) -> Path:
    (tmp / "Bad.tla").write_text(body)
    (tmp / "Bad.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT TypeOK\n")
    return tmp / "Bad.tla"


def test_unsupported_operator_is_one_line_with_position(tmp_path: Path) -> None:
    res = CliRunner().invoke(prove, ["inductive", str(_write(tmp_path, _SPEC))])
    assert res.exit_code == 150
    lines = res.output.strip().splitlines()
    assert len(lines) == 1
    assert "Bad.tla:6:" in lines[0] and "Len" in lines[0]


def test_variable_without_a_type_is_reported(tmp_path: Path) -> None:
    body = _SPEC.replace("TypeOK == q \\in Nat", "TypeOK == TRUE").replace("Len(<<q>>)", "q + 1")
    res = CliRunner().invoke(prove, ["inductive", str(_write(tmp_path, body))])
    assert res.exit_code == 150 and "shape of variable(s) q" in res.output


def test_cli_proves_and_reports_json() -> None:
    res = CliRunner().invoke(prove, ["inductive", str(SPEC / "RRPInd.tla"), "--json"])
    assert res.exit_code == 0, res.output
    assert '"ok": true' in res.output


def test_cli_exit_code_of_a_cti() -> None:
    res = CliRunner().invoke(prove, ["inductive", str(SPEC / "RRPInd.tla"), "--inv", "RestoreReadyAlone"])
    assert res.exit_code == 12
    assert "action: Commit(j1)" in res.output


def test_cli_exit_code_of_an_action_property_cti() -> None:
    res = CliRunner().invoke(prove, ["inductive", str(SPEC / "mutants" / "CommitNoGuard.tla"), "--config",
                                     str(SPEC / "RRPInd.cfg"), "--ind", str(SPEC / "RRPInd.tla")])
    assert res.exit_code == 13
