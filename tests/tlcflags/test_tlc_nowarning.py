"""TLC's -nowarning changes its counts: Tool.getNextStates0 takes the shortcut for a successor
whose variables are all assigned (the rest of the action tested as a Boolean) only while
warnings are on; under -nowarning each further way the action holds is one more generated
state. The figures are real TLC's (2026.12, -workers 1), with and without the flag."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

NW = """---- MODULE NW ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == /\\ x' = (x + 1) % 3
        /\\ y' = 0
        /\\ \\/ x = 0
           \\/ x < 2
           \\/ \\E k \\in 1..2 : k > x
====
"""


@pytest.mark.parametrize("flags, generated", [
    ([], 3),                   # TLC: 3 generated, 3 distinct, depth 3
    (["-nowarning"], 7),       # TLC -nowarning: 7 generated (x = 0: 3 ways, x = 1: 2 ways), 3 distinct
    (["--nowarning"], 7),
])
def test_nowarning_counts_as_tlc(tmp_path: Path, flags: list[str], generated: int) -> None:
    (tmp_path / "NW.tla").write_text(NW)
    (tmp_path / "NW.cfg").write_text("INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "NW.tla"), "--workers", "1", *flags])
    assert r.exit_code == 0, r.output
    assert f"{generated} states generated, 3 distinct states found" in r.output, r.output
    assert "The depth of the complete state graph search is 3." in r.output, r.output
