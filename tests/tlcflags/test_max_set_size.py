"""TLC's -maxSetSize (phalanx_verify/tla/setbound.py): a set TLC builds element by element fails
past the bound with "Attempted to construct a set with too many elements (>N)." and exit 75; a set
it sizes up front or walks without building does not.

Every expected outcome below is from real TLC (tlc2.TLC -workers 1 -cleanup -maxSetSize 20, or 5
where said) on the module ``EXTENDS Naturals, FiniteSets  VARIABLE x`` followed by the two
definitions of the row: its exit code, and its generated and distinct counts where it printed
them. One difference is known and not reproduced: ``Init == x = [a: 1..5, b: 1..5]`` (a set of 25
records as a state's value) makes TLC fail with exit 255 while fingerprinting the state; the
built-in stores the set unbuilt and finds no error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.check.controls import CheckOptions, run_check
from phalanx_verify.check.model import load_model
from phalanx_verify.tla import setbound
from tests.tlcflags.tlcflags_helpers import check

TOO_MANY_20 = "Attempted to construct a set with too many elements (>20)."

# name: (Init, Next, TLC's exit code, TLC's generated and distinct, or None where not compared)
TLC_RUNS: dict[str, tuple[str, str, int, tuple[int, int] | None]] = {
    "map_21": ("x = Cardinality({y : y \\in 1..21})", "UNCHANGED x", 75, (0, 0)),
    "map_21_values_one_distinct": ("x = Cardinality({0 : y \\in 1..21})", "UNCHANGED x", 75, (0, 0)),
    "filter_keeps_21": ("x = Cardinality({y \\in 1..30 : y <= 21})", "UNCHANGED x", 75, (0, 0)),
    "filter_keeps_20": ("x = Cardinality({y \\in 1..30 : y <= 20})", "UNCHANGED x", 0, (2, 1)),
    "subset_32": ("x = Cardinality(SUBSET (1..5))", "UNCHANGED x", 0, (2, 1)),
    "cup_21": ("x = Cardinality((1..10) \\cup {y : y \\in 11..21})", "UNCHANGED x", 75, (0, 0)),
    "init_25_states": ("x \\in 1..25", "UNCHANGED x", 0, (50, 25)),
    "init_25_records": ("x \\in [a: 1..5, b: 1..5]", "UNCHANGED x", 0, (50, 25)),
    "next_25_successors": ("x = 0", "x = 0 /\\ x' \\in 1..25", 11, (26, 26)),
    "next_in_25_records": ("x = <<>>", "x' \\in [a: 1..5, b: 1..5]", 0, (651, 26)),
    "exists_25_records": ("x = 0", "x = 0 /\\ \\E r \\in [a: 1..5, b: 1..5] : x' = r.a + r.b", 75, None),
    "exists_20_records": ("x = 0", "x = 0 /\\ \\E r \\in [a: 1..5, b: 1..4] : x' = r.a + r.b", 11, (21, 9)),
    "exists_functions": ("x = 0", "x = 0 /\\ \\E f \\in [1..5 -> 1..5] : x' = f[1]", 75, None),
    "exists_tuples": ("x = 0", "x = 0 /\\ \\E t \\in (1..5) \\X (1..5) : x' = t[1]", 75, None),
    "exists_subsets": ("x = 0", "x = 0 /\\ \\E s \\in SUBSET (1..5) : x' = Cardinality(s)", 11, (33, 6)),
    "exists_cup": ("x = 0", "x = 0 /\\ \\E y \\in (1..10) \\cup (11..21) : x' = y", 75, None),
    "exists_union": ("x = 0", "x = 0 /\\ \\E y \\in UNION {1..10, 11..21} : x' = y", 75, None),
    "init_filter_of_records": ("x \\in {r \\in [a: 1..5, b: 1..5] : r.a > 0}", "UNCHANGED x", 0, (50, 25)),
    "next_filter_of_records": ("x = <<>>", "x' \\in {r \\in [a: 1..5, b: 1..5] : r.b > 0}", 0, (651, 26)),
    "exists_filter_of_records": ("x = 0", "x = 0 /\\ \\E r \\in {s \\in [a: 1..5, b: 1..5] : s.a > 0} : x' = r.a",
                                 75, (1, 1)),
    "next_in_filter": ("x = 0", "x = 0 /\\ x' \\in {y \\in 1..30 : y <= 21}", 75, None),
    "next_in_cup": ("x = 0", "x = 0 /\\ x' \\in (1..10) \\cup (11..21)", 75, (1, 1)),
    "cardinality_of_records": ("x = 0", "x = 0 /\\ x' = Cardinality([a: 1..5, b: 1..5])", 11, (2, 2)),
    "choose_records": ("x = 0", "x = 0 /\\ x' = CHOOSE r \\in [a: 1..5, b: 1..5] : r.a = 5", 75, (1, 1)),
    "state_holds_21": ("x = {y : y \\in 1..21}", "UNCHANGED x", 75, (0, 0)),
    "grows_past_20_in_state_2": ("x = 0", "x' = Cardinality({y : y \\in 1..x+19})", 75, (2, 2)),
}


def _module(tmp_path: Path, name: str, init: str, nxt: str) -> tuple[Path, Path]:
    tla, cfg = tmp_path / f"{name}.tla", tmp_path / f"{name}.cfg"
    tla.write_text(f"---- MODULE {name} ----\nEXTENDS Naturals, FiniteSets\nVARIABLE x\n"
                   f"Init == {init}\nNext == {nxt}\n====\n")
    cfg.write_text("INIT Init\nNEXT Next\n")
    return tla, cfg


@pytest.mark.parametrize("name", sorted(TLC_RUNS))
def test_outcome_equals_tlcs(tmp_path: Path, name: str) -> None:
    init, nxt, code, counts = TLC_RUNS[name]
    tla, cfg = _module(tmp_path, name, init, nxt)
    r = check("-maxSetSize", "20", "-workers", "1", "-config", str(cfg), str(tla))
    assert r.exit_code == code, r.output
    assert (TOO_MANY_20 in r.output) == (code == 75), r.output
    if counts is not None:
        assert f"{counts[0]} states generated, {counts[1]} distinct states found" in r.stdout, r.stdout


def test_the_error_names_the_expression(tmp_path: Path) -> None:
    tla, cfg = _module(tmp_path, "Pos", "x = Cardinality({y : y \\in 1..21})", "UNCHANGED x")
    r = check("--max-set-size", "20", "-c", str(cfg), str(tla))
    assert f"{tla}:4:25: evaluation error: {TOO_MANY_20}" in r.output


def test_the_default_bound_is_tlcs_million(tmp_path: Path) -> None:
    """Without the flag 21 elements are nothing; the bound is TLC's 1,000,000, which a set of
    1,000,001 computed values passes only by one (TLC's default vector fills exactly to it)."""
    tla, cfg = _module(tmp_path, "Dflt", "x = Cardinality({y : y \\in 1..21})", "UNCHANGED x")
    assert check("-c", str(cfg), str(tla)).exit_code == 0
    assert setbound.allowed == setbound.DEFAULT == 1_000_000
    with pytest.raises(Exception, match=r"too many elements \(>1000000\)"):
        setbound.built(list(range(1_000_001)))
    assert len(setbound.built(list(range(1_000_000)))) == 1_000_000


def test_below_ten_the_first_vector_still_holds_ten(tmp_path: Path) -> None:
    """TLC's vector starts with room for 10 values: under -maxSetSize 5, 10 values pass and the
    11th fails (real TLC: exit 0 for {y : y \\in 1..10}, exit 75 "(>5)" for 1..11)."""
    ten = _module(tmp_path, "Ten", "x = Cardinality({y : y \\in 1..10})", "UNCHANGED x")
    eleven = _module(tmp_path, "Eleven", "x = Cardinality({y : y \\in 1..11})", "UNCHANGED x")
    assert check("-maxSetSize", "5", "-config", str(ten[1]), str(ten[0])).exit_code == 0
    r = check("-maxSetSize", "5", "-config", str(eleven[1]), str(eleven[0]))
    assert r.exit_code == 75 and "too many elements (>5)." in r.output


def test_the_bound_ends_with_the_run(tmp_path: Path) -> None:
    """A campaign runs many models in one process: one run's -maxSetSize must not leak into the
    next."""
    tla, cfg = _module(tmp_path, "Leak", "x = Cardinality({y : y \\in 1..21})", "UNCHANGED x")
    report, _ = run_check(load_model(tla, cfg), CheckOptions(max_set_size=20))
    assert report.verdict == "error" and TOO_MANY_20 in report.message
    assert setbound.allowed == setbound.DEFAULT
    report, _ = run_check(load_model(tla, cfg), CheckOptions())
    assert report.verdict == "ok"


def test_the_parallel_search_honours_it(tmp_path: Path) -> None:
    tla, cfg = _module(tmp_path, "Par", "x = 0", "x' = Cardinality({y : y \\in 1..x+19})")
    r = check("-maxSetSize", "20", "-workers", "2", "-config", str(cfg), str(tla))
    assert r.exit_code == 75 and TOO_MANY_20 in r.output
    assert "2 states generated, 2 distinct states found" in r.stdout


def test_a_constant_invariant_is_bounded_too(tmp_path: Path) -> None:
    """A constant conjunct of an invariant is evaluated as the model loads: under the bound too
    (real TLC, -maxSetSize 10: exit 75 on the initial state, 1 generated, 1 distinct, 1 left on
    the queue; before, the built-in loaded the model under the default and found no error)."""
    tla, cfg = tmp_path / "K.tla", tmp_path / "K.cfg"
    tla.write_text("---- MODULE K ----\nEXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\n"
                   "Inv == \\A f \\in [1..2 -> 0..4] : TRUE\n====\n")
    cfg.write_text("INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n")
    r = check("-maxSetSize", "10", "-workers", "1", "-config", str(cfg), str(tla))
    assert r.exit_code == 75 and "too many elements (>10)." in r.output, r.output
    assert "1 states generated, 1 distinct states found, 1 states left on queue." in r.stdout
    assert setbound.allowed == setbound.DEFAULT


@pytest.mark.parametrize("workers", ["1", "2"])
def test_under_fairness_the_error_keeps_its_code(tmp_path: Path, workers: str) -> None:
    """The set fails in Next, and again where TLC adds the state to its liveness graph (ENABLED
    of the fairness condition). There TLC catches only its own exceptions, and the bound's is
    a Java one (ValueVec's WrongInvocationException): the search's 75 stands (real TLC,
    -maxSetSize 10: exit 75, 16 generated, 5 distinct, depth 5; here it was 255)."""
    tla, cfg = tmp_path / "F.tla", tmp_path / "F.cfg"
    tla.write_text("---- MODULE F ----\nEXTENDS Integers\nVARIABLE x\nInit == x = 0\n"
                   "Next == \\E y \\in [1..x -> {0, 1}] : x' = (x + 1) % 6\n"
                   "Spec == Init /\\ [][Next]_x /\\ WF_x(Next)\nP == <>(x = 3)\n====\n")
    cfg.write_text("SPECIFICATION Spec\nPROPERTY P\n")
    r = check("-maxSetSize", "10", "-workers", workers, "-config", str(cfg), str(tla))
    assert r.exit_code == 75 and "too many elements (>10)." in r.output, r.output
    assert "16 states generated, 5 distinct states found" in r.stdout
