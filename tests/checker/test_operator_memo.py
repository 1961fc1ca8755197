"""Results of operators of constant level, RECURSIVE or ranging over a set, are remembered
(tla/memo.py): the remembered value answers only arguments that are the same TLA+ values
(Python's 1 == TRUE: F(<<TRUE>>) is not F(<<1>>)), a model that prints evaluates every call, as
TLC does, a table that seldom answers is switched off, and the counts are TLC's."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

SPEC = """---- MODULE M ----
EXTENDS Naturals, Sequences, TLC
RECURSIVE F(_)
F(s) == IF s = <<>> THEN "" ELSE ToString(Head(s)) \\o F(Tail(s))
VARIABLE x
Init == x = 0
Next == x < 2 /\\ x' = x + 1
Inv == F(IF x = 0 THEN <<1, 1>> ELSE <<TRUE, TRUE>>) = IF x = 0 THEN "11" ELSE "TRUETRUE"
====
"""

PRINTING = """---- MODULE P ----
EXTENDS Naturals, TLC
RECURSIVE G(_)
G(n) == IF n = 0 THEN Print("g", 0) ELSE G(n - 1)
VARIABLE x
Init == x = 0
Next == x < 2 /\\ x' = x + 1
Inv == G(x) = 0
====
"""


def _check(tmp_path: Path, name: str, spec: str) -> tuple[int, str]:
    (tmp_path / f"{name}.tla").write_text(spec)
    (tmp_path / f"{name}.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{name}.tla"), "-q", "--no-deadlock", "--workers", "1"])
    return r.exit_code, r.output


def test_a_remembered_result_answers_only_the_same_arguments(tmp_path: Path) -> None:
    code, out = _check(tmp_path, "M", SPEC)
    assert code == 0, out


LAZY = """---- MODULE L ----
EXTENDS Naturals
RECURSIVE H(_, _)
H(S, n) == IF n = 0 THEN 0 ELSE H(S, n - 1)
VARIABLE x
Init == x = 0
Next == x < 2 /\\ x' = x + 1
Inv == H([1..20 -> 1..20], x) = 0
====
"""


def test_a_lazy_argument_is_not_enumerated_to_be_kept(tmp_path: Path) -> None:
    code, out = _check(tmp_path, "L", LAZY)  # [1..20 -> 1..20] has 20^20 members
    assert code == 0, out


RANGING = """---- MODULE R ----
EXTENDS Naturals, TLC
Elems(s) == UNION {x \\in SUBSET {s[i] : i \\in DOMAIN s} : TRUE}
VARIABLE x
Init == x = 0
Next == x < 2 /\\ x' = x + 1
Inv == Elems(IF x = 0 THEN <<1, 1>> ELSE <<TRUE, TRUE>>) = IF x = 0 THEN {1} ELSE {TRUE}
====
"""

RANGING_PRINTS = """---- MODULE Q ----
EXTENDS Naturals, TLC
G(n) == {Print("g", i) : i \\in SUBSET {n}}
VARIABLE x
Init == x = 0
Next == x < 2 /\\ x' = 1
Inv == G(x - x) = {{}, {0}}
====
"""


def test_a_ranging_operator_answers_only_the_same_arguments(tmp_path: Path) -> None:
    code, out = _check(tmp_path, "R", RANGING)
    assert code == 0, out


# G(0) from each of the three states; G(0) on each of the two states, a print per subset (TLC: 4)
@pytest.mark.parametrize("name,spec,prints", [("P", PRINTING, 3), ("Q", RANGING_PRINTS, 4)])
def test_a_printing_model_evaluates_every_call(tmp_path: Path, name: str, spec: str, prints: int) -> None:
    code, out = _check(tmp_path, name, spec)
    assert code == 0, out
    assert out.count('"g"') == prints, out


# MacroQuicksort's PermsOf (TLC's test-model/pcal), called in the next-state relation on the state's
# array: 4,120 generated, 256 distinct, depth 1 from TLC (tlaplus/tlaplus rev cc6b616).
PERMS = """---- MODULE PM ----
EXTENDS Naturals, Sequences
CONSTANT N
PermsOf(Arr) == LET Automorphism(S) == {f \\in [S -> S] : \\A y \\in S : \\E x \\in S : f[x] = y}
                    f ** g == [x \\in DOMAIN g |-> f[g[x]]]
                IN {Arr ** f : f \\in Automorphism(DOMAIN Arr)}
VARIABLE A
Init == A \\in [1..N -> 1..N]
Next == \\E i \\in 1..N-1 : \\E Ap \\in {AA \\in PermsOf(A) : AA[i] < AA[i+1] \\/ AA = A} : A' = Ap
Inv == A \\in PermsOf(A)
====
"""


def test_perms_of_the_state_s_array_gives_tlc_s_counts(tmp_path: Path) -> None:
    (tmp_path / "PM.tla").write_text(PERMS)
    (tmp_path / "PM.cfg").write_text("CONSTANT N = 4\nINIT Init\nNEXT Next\nINVARIANT Inv\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "PM.tla"), "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "4120 states generated, 256 distinct states found, 0 states left on queue." in r.output, r.output
    assert "The depth of the complete state graph search is 1." in r.output, r.output


def test_a_table_that_seldom_answers_is_switched_off() -> None:
    from phalanx_verify.tla import memo
    table = memo.Table()
    for n in range(memo.TRIAL):
        key = memo.key_for((n,))
        assert key is not None and memo.remembered(table, key) is memo.MISSING
        memo.remember(table, key, n)
    assert not table.on and not table
    memo.remember(table, (0,), 0)
    assert not table  # nothing is kept any more


def test_a_table_answering_one_call_in_six_is_switched_off() -> None:
    """Below one hit in memo.HIT_RATIO (GameOfLife's Sum answers 11%): the keys cost more."""
    from phalanx_verify.tla import memo
    table = memo.Table()
    for n in range(memo.TRIAL):
        key = memo.key_for((n - 1 if n % 6 == 5 else n,))  # every sixth call asks the one before
        assert key is not None
        if memo.remembered(table, key) is memo.MISSING:
            memo.remember(table, key, n)
    assert table.found * 6 >= memo.TRIAL - 6
    assert not table.on and not table


def test_a_table_that_answers_stays_on() -> None:
    from phalanx_verify.tla import memo
    table = memo.Table()
    for n in range(2 * memo.TRIAL):
        key = memo.key_for((n % 8,))
        assert key is not None
        if memo.remembered(table, key) is memo.MISSING:
            memo.remember(table, key, n % 8)
    assert table.on and table.found == 2 * memo.TRIAL - 8


STORED = """---- MODULE K ----
EXTENDS Naturals, Sequences, TLC
RECURSIVE F(_)
F(s) == IF s = <<>> THEN "" ELSE ToString(Head(s)) \\o F(Tail(s))
VARIABLES x, y
Init == x = 0 /\\ y = <<1, 1>>
Next == x < 2 /\\ x' = x + 1 /\\ y' = IF x = 0 THEN <<TRUE, TRUE>> ELSE <<1, 1>>
Inv == F(y) = IF x = 1 THEN "TRUETRUE" ELSE "11"
====
"""


def test_a_stored_argument_known_boolean_free_answers_only_its_equal(tmp_path: Path) -> None:
    """F(y) on a stored y, registered Boolean-free (sameness.known_bool_free), is not the
    answer for the next state's <<TRUE, TRUE>>, which Python finds equal. TLC: no error, 3
    generated, 3 distinct."""
    code, out = _check(tmp_path, "K", STORED)
    assert code == 0, out
    assert "3 states generated, 3 distinct states found" in out
