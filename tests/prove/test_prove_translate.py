"""The translation: errors for constructs outside the fragment, and the CLI's exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
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


def test_the_default_spec_comes_from_the_project(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Without SPEC, ``spec`` of [tool.phalanx-verify.prove] relative to its pyproject.toml, from
    any folder below it; without a project, a usage error (exit 2), not a guess at the cwd."""
    (tmp_path / "pyproject.toml").write_text('[tool.phalanx-verify.prove]\nspec = "models/Bad.tla"\n')
    (tmp_path / "models").mkdir()
    _write(tmp_path / "models", _SPEC.replace("Len(<<q>>)", "q + 1"))
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    res = CliRunner().invoke(prove, ["inductive", "--json"])
    assert res.exit_code == 0 and '"ok": true' in res.output, res.output
    bare = tmp_path_factory.mktemp("bare")  # beside tmp_path: no pyproject.toml above it
    monkeypatch.chdir(bare)
    res = CliRunner().invoke(prove, ["inductive"])
    assert res.exit_code == 2 and "no SPEC given" in res.output, res.output


def test_a_query_out_of_z3_resources_is_unknown(tmp_path: Path) -> None:
    """The budget is z3's resource count, not the wall clock: with a tiny --rlimit the same
    obligation is unknown (exit 75) on every run, whatever the machine's load."""
    spec = _write(tmp_path, _SPEC.replace("Len(<<q>>)", "q + 1"))
    res = CliRunner().invoke(prove, ["inductive", str(spec), "--rlimit", "1", "--json"])
    assert res.exit_code == 75 and '"unknown"' in res.output, res.output
