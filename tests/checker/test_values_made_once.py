"""Values made once and handed back give the answers of values made afresh: a state function
read before and after a step (its cell keeps two states), an operator whose value is a set of
records (tla/memo.py: kept per argument values, so {1} and {TRUE} stay apart), the members of
a set of functions in TLC's order (kept on the set when there are few), and two unequal tuples
compared as TLC's TupleValue.equals does, element by element until the first difference.
The counts and messages are real TLC's on the same modules."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.cli import main
from phalanx_verify.tla.values import KEEP_ORDERED, FcnSet
from phalanx_verify.tla.valuetypes import Interval

SPEC = """---- MODULE S ----
EXTENDS Naturals
VARIABLE x
Dbl == 2 * x
Arr(S) == [a : S]
Init == x = 0
Next == x < 3 /\\ x' = x + 1 /\\ Dbl' = Dbl + 2
Grows == [][Dbl' = Dbl + 2 /\\ Dbl' > Dbl]_x
Kinds == \\A r \\in Arr(IF x % 2 = 0 THEN {1} ELSE {TRUE}) : r.a = IF x % 2 = 0 THEN 1 ELSE TRUE
====
"""

TUPLES = """---- MODULE T ----
EXTENDS TLC
ASSUME PrintT(<<1, "a">> = <<2, TRUE>>)
ASSUME PrintT(<<<<1>>, "a">> = <<<<1, 2>>, TRUE>>)
ASSUME PrintT(<<1, "a">> = <<1, TRUE>>)
====
"""


def _check(tmp_path: Path, name: str, spec: str, cfg: str) -> tuple[int, str]:
    (tmp_path / f"{name}.tla").write_text(spec)
    (tmp_path / f"{name}.cfg").write_text(cfg)
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{name}.tla"), "--workers", "1"])
    return r.exit_code, r.output


def test_state_functions_and_built_sets_keep_tlc_s_answers(tmp_path: Path) -> None:
    """TLC: no error, 4 generated, 4 distinct, depth 4. A cell that gave the value of the
    state before the step for the one after would make Dbl' = Dbl + 2 false (a deadlock-free
    model that stops at x = 0, or a violated Grows); a kept Arr({1}) answering Arr({TRUE})
    would compare 1 with TRUE, TLC's error."""
    code, out = _check(tmp_path, "S", SPEC,
                       "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\nPROPERTY Grows\nINVARIANT Kinds\n")
    assert code == 0, out
    assert "4 states generated, 4 distinct states found, 0 states left on queue." in out
    assert "The depth of the complete state graph search is 4." in out


def test_unequal_tuples_are_compared_up_to_the_first_difference(tmp_path: Path) -> None:
    """TLC prints FALSE twice (1 # 2 and <<1>> # <<1, 2>> come first), then fails on "a"
    against TRUE, the assumption's evaluation error (exit 10)."""
    code, out = _check(tmp_path, "T", TUPLES, "")
    assert code == 10, out
    assert out.count("FALSE") == 2, out
    assert 'Attempted to check equality of string "a" with non-string: TRUE' in out


def test_few_members_are_kept_in_order_and_many_are_made_each_time() -> None:
    few = FcnSet(Interval(range(1, 4)), frozenset({0, 1}))
    assert few.ordered() is few.ordered()
    assert list(few.ordered()) == list(few)
    bits = KEEP_ORDERED.bit_length()  # 2 ** bits > KEEP_ORDERED functions
    many = FcnSet(Interval(range(1, bits + 1)), frozenset({0, 1}))
    assert list(many.ordered()) == list(many)
    assert len(list(many.ordered())) == 2 ** bits
    assert many.ordered() is not many.ordered()
