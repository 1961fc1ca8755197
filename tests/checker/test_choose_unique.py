"""CHOOSE where nothing observes evaluation (runtime.choose_unique): the one member that
satisfies the predicate is TLC's choice whatever the order it is found in, so the set is not
sorted into TLC's order; two satisfying it, or an error, leave the choice to TLC's order. The
counts and the three ASSUMEs hold under real TLC (no error, 3 generated, 2 distinct, depth 2)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.cli import main
from phalanx_verify.tla import runtime as rt
from phalanx_verify.tla.order import sorted_tlc

SPEC = """---- MODULE Ch ----
EXTENDS Naturals, FiniteSets
VARIABLE b
Pieces == {{<<0, 0>>, <<0, 1>>}, {<<1, 0>>}, {<<2, 0>>, <<2, 1>>}, {<<3, 3>>}}
ChooseOne(S, P(_)) == CHOOSE x \\in S : P(x) /\\ \\A y \\in S : P(y) => y = x
ASSUME ChooseOne(Pieces, LAMBDA pc : <<2, 1>> \\in pc) = {<<2, 0>>, <<2, 1>>}
ASSUME (CHOOSE x \\in {{3}, {1, 2}, {2}} : Cardinality(x) = 1) = {2}
ASSUME (CHOOSE x \\in {1, 2, 3} : x = 1 \\/ 10 \\div (x - 3) > 0) = 1
Init == b = ChooseOne(Pieces, LAMBDA pc : <<1, 0>> \\in pc)
Next == b' = CHOOSE x \\in Pieces : Cardinality(x) = 2
====
"""


def test_choices_are_tlcs(tmp_path: Path) -> None:
    (tmp_path / "Ch.tla").write_text(SPEC)
    (tmp_path / "Ch.cfg").write_text("INIT Init\nNEXT Next\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Ch.tla"), "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "3 states generated, 2 distinct states found, 0 states left on queue." in r.output
    assert "The depth of the complete state graph search is 2." in r.output


def test_two_satisfying_members_leave_the_choice_to_tlcs_order() -> None:
    """A set whose first member in Python's order is not TLC's first: with every member
    satisfying the predicate, the choice is still TLC's first (a choice of the first one
    found would fail here), and a predicate only one member satisfies finds that one."""
    s = next(frozenset((i,) for i in range(k)) for k in range(2, 40)
             if next(iter(frozenset((i,) for i in range(k)))) != (0,))
    ordered = sorted_tlc(s)
    assert next(iter(s)) != ordered[0]
    assert rt.choose_unique(s, lambda x: True) == ordered[0]
    assert rt.choose_unique(s, lambda x: x == ordered[-1]) == ordered[-1]
