"""a..b stays an interval where TLC's IntervalValue does: the value of ``a..b`` and the DOMAIN
of a sequence print as ``a..b`` (in sets, in states, in ToString), while what set operators make
of one is a plain set. An interval equals the set of its integers: a state holding 1..3 and one
holding {1, 2, 3} are one state, under either fingerprint path. (A counterexample shows such a
value in the form first stored, where TLC shows the form its replay of the path made: both
are the same value.) Expected outputs recorded from real TLC runs (TLC2 2026.12.01, -workers 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main
from phalanx_verify.tla.values import Interval, format_value

from .specs import check_model

SPEC = """---- MODULE I ----
EXTENDS Naturals, Sequences, TLC
VARIABLE x, n
Init == x = 1..3 /\\ n = 0
Next == /\\ n < 2
        /\\ n' = n + 1
        /\\ x' = IF n = 0 THEN {1, 2} ELSE x \\cup {4}
ASSUME PrintT(<<2..5, {1..2}, DOMAIN <<"a", "b">>, ToString(0..1), 3..1, 1..3 \\cup {}, {1..2, {1, 2}}>>)
Inv == n < 2
====
"""


def test_intervals_print_as_tlc_prints_them(tmp_path: Path) -> None:
    code, report, out = check_model(tmp_path, "I", "INIT Init\nNEXT Next\nINVARIANT Inv\n", SPEC)
    lines = out.splitlines()
    assert '<<2..5, {1..2}, 1..2, "0..1", {}, {1, 2, 3}, {1..2}>>' in lines
    assert " /\\ x = 1..3" in lines          # TLC: x = 1..3 in the initial state
    assert "*/\\ x = {1, 2}" in lines
    assert code == 12
    assert (report["generated"], report["distinct"], report["depth"]) == (3, 3, 3)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_an_interval_and_the_equal_set_are_one_state(tmp_path: Path, workers: str) -> None:
    """x = 1..3, then {1, 2, 3}: the same state (TLC: 2 generated, 1 distinct), with the
    sequential seen set and with the fingerprints of the parallel search."""
    (tmp_path / "J.tla").write_text("---- MODULE J ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 1..3\n"
                                    "Next == x' = {1, 2, 3}\n====\n")
    (tmp_path / "J.cfg").write_text("INIT Init\nNEXT Next\n")
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "J.tla"), "-c", str(tmp_path / "J.cfg"), "-q",
                                  "--json", str(out), "--workers", workers])
    assert r.exit_code == 0, r.output
    got = json.loads(out.read_text())
    assert (got["generated"], got["distinct"]) == (2, 1)


def test_an_interval_is_a_set_of_integers() -> None:
    iv = Interval(range(2, 5))
    assert iv == frozenset({2, 3, 4}) and hash(iv) == hash(frozenset({2, 3, 4}))
    assert format_value(iv) == "2..4" and format_value(Interval(range(3, 1))) == "{}"
    assert format_value(iv | frozenset()) == "{2, 3, 4}"  # what set operators make is a set


SPANS = """---- MODULE S ----
EXTENDS Naturals, Sequences, TLC
VARIABLE x
q == <<3, 1, 2>>
ASSUME PrintT(<<\\A i \\in 1..Len(q) : q[i] > 0, \\E i \\in 2..1 : TRUE, {q[i] : i \\in 1..Len(q)},
               {i \\in 0..Len(q) : i # 1}, [i \\in 1..Len(q) |-> q[i] * 2], [i \\in 0..2 |-> i],
               CHOOSE i \\in 1..Len(q) : q[i] = 1, {<<i, j>> : i \\in 1..2, j \\in 2..3}>>)
Init == x = 0
Next == \\E i \\in x..(x + 2) : i < 5 /\\ x' = i
Bad == \\A i \\in 1..(x = 0) : TRUE
====
"""


def test_a_bound_written_a_to_b_ranges_as_the_interval(tmp_path: Path) -> None:
    """A bound a..b is ranged over without building the interval (compare.span): the values,
    the successors in order and the error of a non-integer end are those of the set. TLC:
    the line below, 13 generated, 5 distinct, depth 3; Bad fails evaluating 1..TRUE (exit 75)."""
    code, report, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\n", SPANS)
    assert ('<<TRUE, FALSE, {1, 2, 3}, {0, 2, 3}, <<6, 2, 4>>, (0 :> 0 @@ 1 :> 1 @@ 2 :> 2), 2, '
            '{<<1, 2>>, <<1, 3>>, <<2, 2>>, <<2, 3>>}>>') in out.splitlines()
    assert code == 0
    assert (report["generated"], report["distinct"], report["depth"]) == (13, 5, 3)
    code, _, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\nINVARIANT Bad\n", SPANS)
    assert code == 75
    assert "Integers.DotDot(tlc2.value.impl.IntValue,tlc2.value.impl.IntValue), but it produced the following " \
        "error: Cannot cast tlc2.value.impl.BoolValue to tlc2.value.impl.IntValue" in out
