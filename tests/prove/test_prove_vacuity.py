"""No vacuous proof: an action whose translation is FALSE makes its obligations vacuous (exit 12)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.prove import inductive
from phalanx_verify.prove.actions import SubAction
from phalanx_verify.prove.cli import prove
from phalanx_verify.tla import syntax as ast

SPEC = Path(__file__).resolve().parents[2] / "spec"


def _seal_j1_false(monkeypatch: pytest.MonkeyPatch) -> None:
    """A translation bug: Seal(j1) becomes FALSE (every other action as translated)."""
    real = inductive.split_action

    def broken(*args: object, **kwargs: object) -> list[SubAction]:
        out = real(*args, **kwargs)  # type: ignore[arg-type]
        return [replace(a, expr=ast.Bool(a.expr.pos, False)) if a.label == "Seal(j1)" else a for a in out]

    monkeypatch.setattr(inductive, "split_action", broken)


def test_every_action_is_satisfiable_with_the_invariant() -> None:
    results = inductive.prove_inductive(SPEC / "RRPInd.tla")
    checks = [r for r in results if r.obligation.startswith("IndInv /\\ ")]
    assert len(checks) == 2 * 6 + 7 and all(r.result == "proved" for r in checks)


def test_action_forced_to_false_is_vacuous_not_proved(monkeypatch: pytest.MonkeyPatch) -> None:
    _seal_j1_false(monkeypatch)
    by_name = {r.obligation: r for r in inductive.prove_inductive(SPEC / "RRPInd.tla")}
    assert by_name["IndInv /\\ Seal(j1) satisfiable"].result == "vacuous"
    assert by_name["IndNext Seal(j1)"].result == "vacuous"
    assert by_name["Step Seal(j1) |= NoSteal"].result == "vacuous"
    assert by_name["IndNext Seal(j2)"].result == "proved"
    res = CliRunner().invoke(prove, ["inductive", str(SPEC / "RRPInd.tla")])
    assert res.exit_code == 12
    assert "Seal(j1) step" in res.output


def test_unsatisfiable_init_makes_indinit_vacuous(tmp_path: Path) -> None:
    (tmp_path / "Empty.tla").write_text(
        "---- MODULE Empty ----\nEXTENDS Naturals\nVARIABLES x\nTypeOK == x \\in Nat\n"
        "Init == x = 0 /\\ x = 1\nNext == x' = x + 1\nIndInv == TypeOK\n====\n")
    (tmp_path / "Empty.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT TypeOK\n")
    by_name = {r.obligation: r for r in inductive.prove_inductive(tmp_path / "Empty.tla")}
    assert by_name["Init satisfiable"].result == "vacuous"
    assert by_name["IndInit: Init => IndInv"].result == "vacuous"
    res = CliRunner().invoke(prove, ["inductive", str(tmp_path / "Empty.tla")])
    assert res.exit_code == 12
