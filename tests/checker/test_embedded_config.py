"""A model kept in the .tla file itself (TLC's monolith specs, ``-config Spec.tla``): TLC reads
the lines between ``---- CONFIG Spec ----`` and the next ``====`` as the cfg
(util.MonolithSpecExtractor.config), and finds modules written after the root module's end in
the same file. Counts and exit codes are real TLC's (TLC2 2026.12.01; its test-model Github297
is the first case)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main
from phalanx_verify.tla.config import embedded_config

MONOLITH = """----- MODULE Mono -----
VARIABLE x
INSTANCE B WITH y <- x
Init == x = { }
Next == UNCHANGED vars
====

---- MODULE B ----
VARIABLE y
vars == y
====

---- CONFIG Other ----
INIT Init
NEXT Wrong
====

---- CONFIG Mono ----
INIT Init
NEXT Next
{extra}
=====
"""


def _check(tmp_path: Path, extra: str = "") -> tuple[int, dict, str]:
    (tmp_path / "Mono.tla").write_text(MONOLITH.replace("{extra}", extra))
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Mono.tla"), "-config", str(tmp_path / "Mono.tla"),
                                  "-q", "--json", str(out), "--workers", "1"])
    assert "Traceback" not in r.output
    return r.exit_code, (json.loads(out.read_text()) if out.exists() else {}), r.output


def test_model_in_the_spec_file(tmp_path: Path) -> None:
    code, report, out = _check(tmp_path)
    assert code == 0, out
    assert (report["generated"], report["distinct"]) == (2, 1)  # TLC: 2 generated, 1 distinct


def test_its_invariant_is_checked(tmp_path: Path) -> None:
    code, _, out = _check(tmp_path, "INVARIANT Bad\n")
    assert code == 151, out  # (no such definition: TLC's config error)
    assert "Mono.tla:21:" in out  # the position in the .tla file


@pytest.mark.parametrize(("text", "expected"), [
    ("---- CONFIG M ----\nINIT I\n====\nNEXT N\n", "\nINIT I\n\n\n"),  # lines kept in place
    ("----CONFIG  M-----\nINIT I\n", "\nINIT I\n"),  # no end: the rest of the file
    ("---- CONFIG MM ----\nINIT I\n====\n", ""),  # another model's section
    ("---- MODULE M ----\n====\n", ""),
])
def test_embedded_config_section(text: str, expected: str) -> None:
    assert embedded_config(text, "M") == expected


def test_config_named_without_its_extension(tmp_path: Path) -> None:
    """``-config NAME`` reads NAME.cfg, as TLC's -config (which strips and adds .cfg)."""
    (tmp_path / "Mono.tla").write_text(MONOLITH.replace("{extra}", ""))
    (tmp_path / "Other.cfg").write_text("INIT Init\nNEXT Next\n")
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Mono.tla"), "-config", str(tmp_path / "Other"),
                                  "-q", "--json", str(out), "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert json.loads(out.read_text())["distinct"] == 1


def test_substitution_in_an_embedded_config(tmp_path: Path) -> None:
    """``CONSTANT x0 <- AssertError`` written in the .tla's CONFIG section (TLC's test-model
    ConstantRank2AssertError as it is: exit 0, 3 generated, 2 distinct), as from a .cfg file."""
    (tmp_path / "CR.tla").write_text(
        "---- MODULE CR ----\nEXTENDS TLCExt\nCONSTANT x0(_, _)\nVARIABLE x\nInit == x = TRUE\n"
        "Next == x' = x0(\"no error\", TRUE)\n====\n---- CONFIG CR ----\nINIT Init\nNEXT Next\n"
        "CONSTANT x0 <- AssertError\n====\n")
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "CR.tla"), "-config", str(tmp_path / "CR.tla"),
                                  "-q", "--json", str(out), "--workers", "1"])
    assert r.exit_code == 0, r.output
    report = json.loads(out.read_text())
    assert (report["generated"], report["distinct"]) == (3, 2)
