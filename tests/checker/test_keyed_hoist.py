"""A set built from constants and bound values is kept per value of those names
(Expressions._keyed_hoist): ``Proc \\ {p}`` under ``\\E p \\in Proc`` is made once per p. Kept
values must not answer for values Python finds equal but TLA+ does not (1 and TRUE), and sets
made of several bound names keep them apart. The counts are real TLC's on the same module."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.cli import main

SPEC = """---- MODULE K ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 1 /\\ y = {}
Next == \\E p \\in {x} : /\\ y' = {<<p, z>> : z \\in {2}}
                       /\\ x' = TRUE
Pairs == \\A p \\in {1, 2} : \\A q \\in {p + 1} \\ {p} : \\E e \\in (1..q) \\ {p} : e # p
====
"""


def test_a_kept_set_answers_only_for_its_own_values(tmp_path: Path) -> None:
    """TLC: no error, 4 generated, 3 distinct, depth 3. The set made for p = 1, handed back for
    p = TRUE, would make the third state the second again (2 distinct, depth 2)."""
    (tmp_path / "K.tla").write_text(SPEC)
    (tmp_path / "K.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Pairs\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "K.tla"), "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "4 states generated, 3 distinct states found, 0 states left on queue." in r.output
    assert "The depth of the complete state graph search is 3." in r.output
