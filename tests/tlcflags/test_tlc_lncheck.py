"""TLC's ``-lncheck``: when temporal properties are checked. ``default`` checks them now and
then during the search and at its end, ``final`` and ``seqfinal`` only at the end, and ``off``
never searches for cycles: only the safety part of a property (a finite prefix that violates
it, [](P => []Q)) is reported (LiveCheck.finalCheck returns at once).

Outcomes recorded from TLC2 built from tlaplus/tlaplus at rev cc6b616 on this module (TLC's own
Github971 models), so the tests run without TLC."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

SPEC = """---- MODULE Lncheck ----
EXTENDS Integers
VARIABLE x
Init == x = 0
Next == x' \\in {0, 1}
AtMostOnce == []((x = 1) => []((x = 0) => [](x = 0)))
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
LeadsTo == x = 0 ~> [](x = 1 => [](x = 1))
====
"""
SAFETY = "INIT Init\nNEXT Next\nPROPERTY AtMostOnce"  # its violation is a finite prefix
LIVENESS = "SPECIFICATION Spec\nPROPERTY LeadsTo"      # its violation is a lasso


@pytest.mark.parametrize("cfg, lncheck, code, generated, distinct", [
    (SAFETY, "off", 12, 5, 2),
    (SAFETY, "final", 12, 5, 2),
    (LIVENESS, "off", 0, 5, 2),       # no cycle is looked for
    (LIVENESS, "final", 13, 5, 2),
    (LIVENESS, "seqfinal", 13, 5, 2),
    (LIVENESS, "default", 13, 5, 2),
])
def test_lncheck_as_tlc(tmp_path: Path, cfg: str, lncheck: str, code: int, generated: int, distinct: int) -> None:
    (tmp_path / "Lncheck.tla").write_text(SPEC)
    (tmp_path / "Lncheck.cfg").write_text(cfg + "\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Lncheck.tla"), "-lncheck", lncheck, "-workers", "1"])
    assert r.exit_code == code, r.output
    assert f"{generated} states generated, {distinct} distinct states found" in r.output, r.output


def test_unknown_lncheck_strategy_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "Lncheck.tla").write_text(SPEC)
    (tmp_path / "Lncheck.cfg").write_text(LIVENESS + "\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Lncheck.tla"), "-lncheck", "sometimes"])
    assert r.exit_code == 2 and "sometimes" in r.output
