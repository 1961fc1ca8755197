"""Records in a set are compared as TLC's RecordValue.equals does: names first, then the values
place by place. Two records whose fields hold records of other fields compare without error
(NanoBlockchain's signed blocks: one record around blocks of different types), so no member of
a set needs a look; one whose fields hold records of the same fields with values of other kinds
is TLC's error. The outputs are real TLC's on the same module."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.cli import main

SPEC = """---- MODULE R ----
EXTENDS TLC
ASSUME PrintT({[a |-> [x |-> 1], b |-> 1]} \\cup {[a |-> [y |-> 2], b |-> 2]} = {})
ASSUME PrintT([a |-> [x |-> 1]] \\in {[a |-> [y |-> 2]], [a |-> [y |-> 3]]})
ASSUME PrintT({[a |-> [x |-> 1]]} \\cup {[a |-> [x |-> "s"]]} = {})
====
"""


def test_nested_records_of_other_fields_compare_and_of_other_kinds_fail(tmp_path: Path) -> None:
    (tmp_path / "R.tla").write_text(SPEC)
    (tmp_path / "R.cfg").write_text("")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "R.tla"), "--workers", "1"])
    assert r.exit_code == 10, r.output  # TLC: the third assumption's evaluation fails
    assert r.output.count("FALSE") == 2, r.output
    assert 'Attempted to check equality of integer 1 with non-integer: "s"' in r.output
