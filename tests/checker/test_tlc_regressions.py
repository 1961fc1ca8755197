"""Divergences from TLC found by running both checkers on TLC's own regression models, each
reduced to a small module written here.

Every expected outcome (exit code; states generated, distinct and depth on exit 0; else a phrase
of TLC's message) was recorded from TLC2 built from tlaplus/tlaplus at rev cc6b616 on the same
module and model, so the tests run without TLC."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

# name: (module text after the header line, model, TLC exit, generated, distinct, depth,
#        a phrase of the error (exit != 0), what it shows)
CASES: dict[str, tuple[str, str, int, int | None, int | None, int | None, str | None, str]] = {
    "TabStops": ('EXTENDS Naturals, Sequences\nVARIABLE x\nInit == x = 0\nNext == x\' = 1 - x\n'
                 'Inv ==\n  \t/\\ IF x = 0 THEN TRUE ELSE x = \n\t\t\t1\n'
                 '  \t/\\ Len("a\tb") = 3 (* a\tcomment *)',
                 "INIT Init\nNEXT Next\nINVARIANT Inv",
                 0, 3, 2, 2, None,
                 "SANY puts a tab's next character at column 8k + 1: the line of three tabs is right "
                 "of the bullet written as two blanks and a tab; a tab inside a string is one character"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_outcome_equals_tlc(tmp_path, name):
    text, cfg, code, generated, distinct, depth, phrase, _why = CASES[name]
    (tmp_path / f"{name}.tla").write_text(f"---- MODULE {name} ----\n{text}\n====\n")
    (tmp_path / f"{name}.cfg").write_text(cfg + "\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{name}.tla"), "-c", str(tmp_path / f"{name}.cfg"),
                                  "--workers", "1"])
    assert "Traceback" not in r.output
    assert r.exit_code == code, r.output
    if code == 0:
        assert f"{generated} states generated, {distinct} distinct states found" in r.output, r.output
        assert f"The depth of the complete state graph search is {depth}." in r.output, r.output
    else:
        assert phrase is not None and phrase in r.output, r.output
