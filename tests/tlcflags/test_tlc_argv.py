"""TLC's single-dash spelling on ``phalanx-verify check`` (phalanx_verify/tlcargs.py): scripts
written for ``java tlc2.TLC`` run unchanged; TLC flags the built-in cannot honour are usage
errors (exit 2), never silently dropped."""

from __future__ import annotations

import shutil
from pathlib import Path

import click
import pytest

from phalanx_verify.tlcargs import translate
from tests.tlcflags.tlcflags_helpers import DATA, check

KNOWN = {"--config", "--no-deadlock", "--continue", "--depth", "--seed", "--max-set-size", "--fp",
         "--simulate", "--traces", "--coverage", "--dump-dot"}


def test_flags_map_to_long_options() -> None:
    out = translate(["-config", "M.cfg", "-deadlock", "-continue", "-depth", "7", "-seed", "-42",
                     "-maxSetSize", "100", "-fp", "3", "-cleanup", "-metadir", "/tmp/x", "M.tla"], KNOWN)
    assert out == ["--config", "M.cfg", "--no-deadlock", "--continue", "--depth", "7", "--seed", "-42",
                   "--max-set-size", "100", "--fp", "3", "M.tla"]


def test_simulate_coverage_and_dump_take_tlc_arguments() -> None:
    assert translate(["-simulate", "num=5", "-coverage", "1", "-dump", "dot,actionlabels,colorize", "g.dot"],
                     KNOWN) == ["--simulate", "--traces", "5", "--coverage", "--dump-dot", "g.dot",
                                    "--dot-actionlabels", "--dot-colorize"]
    assert translate(["-simulate", "M.tla"], KNOWN) == ["--simulate", "M.tla"]
    assert translate(["-help"], KNOWN) == ["--help"]
    assert translate(["-dump", "states", "M.tla"], KNOWN) == ["--dump", "states", "M.tla"]
    assert translate(["-dump", "dot"], KNOWN) == ["--dump", "dot"]  # TLC: a file named dot


def test_workers_is_passed_on() -> None:
    assert translate(["-workers", "2"], KNOWN | {"--workers"}) == ["--workers", "2"]


@pytest.mark.parametrize("args, message", [
    (["-tool", "M.tla"], "-tool is not supported"),
    (["-coverage", "x"], "-coverage needs an integer"),
    (["-dump", "dot,snapshot", "g.dot"], "'snapshot' is not supported"),
    (["-simulate", "file=t.txt,num=3"], "'file=t.txt' is not supported"),
    (["-config"], "-config needs a value"),
])
def test_unsupported_or_malformed_flags_are_usage_errors(args: list[str], message: str) -> None:
    with pytest.raises(click.UsageError, match=message):
        translate(args, KNOWN)


def test_a_tlc_command_line_runs_unchanged() -> None:
    """TLC runs (recorded): C.tla with D.cfg deadlocks at x = 3, y = 2 (exit 11); with -deadlock
    the search completes, 18 generated, 12 distinct, exit 0."""
    spec, cfg = str(DATA / "C"), str(DATA / "D.cfg")  # TLC accepts the module without .tla
    r = check("-config", cfg, "-workers", "2", spec)
    assert r.exit_code == 11 and "Deadlock reached." in r.stdout
    r = check("-workers", "2", "-config", cfg, "-deadlock", spec)
    assert r.exit_code == 0, r.output
    assert "18 states generated, 12 distinct states found" in r.stdout


@pytest.mark.parametrize("args", [["-fp", "131"], ["-maxSetSize", "-1"], ["-depth", "0"], ["-bogus"],
                                  ["-simulate", "-coverage", "1"], ["-simulate", "-continue"],
                                  ["-simulate", "-dump", "dot", "g.dot"]])
def test_bad_flag_values_exit_2(args: list[str]) -> None:
    r = check(*args, "-config", str(DATA / "D.cfg"), str(DATA / "C.tla"))
    assert r.exit_code == 2
    assert "Traceback" not in r.output


def test_minus_deadlock_overrides_check_deadlock_true(tmp_path: Path) -> None:
    """TLC's usage text: "When -deadlock is specified, config entry is ignored"."""
    cfg = tmp_path / "D.cfg"
    cfg.write_text("INIT Init\nNEXT Next\nCHECK_DEADLOCK TRUE\n")
    shutil.copy(DATA / "C.tla", tmp_path / "C.tla")
    assert check("-config", str(cfg), "-q", str(tmp_path / "C.tla")).exit_code == 11
    assert check("-deadlock", "-config", str(cfg), "-q", str(tmp_path / "C.tla")).exit_code == 0


# TLC's test-model InvParameterizedTest (DieHard without EXTENDS TLC) with its InvParameterized{A,B,C}Test
# flags; TLC's outcomes: exit 12 with 26 generated, 7 distinct, 1 left, depth 4 (-invlevel 4); exit 12
# with 2, 2, 0, depth 2 (-inv); exit 150 (an expression that does not parse).
JUGS = """---- MODULE Jugs ----
EXTENDS Integers
VARIABLES small, big
Init == big = 0 /\\ small = 0
FillSmall == small' = 3 /\\ big' = big
FillBig == big' = 5 /\\ small' = small
EmptySmall == small' = 0 /\\ big' = big
EmptyBig == big' = 0 /\\ small' = small
SmallToBig == IF big + small =< 5 THEN big' = big + small /\\ small' = 0
              ELSE big' = 5 /\\ small' = small - (5 - big)
BigToSmall == IF big + small =< 3 THEN big' = 0 /\\ small' = big + small
              ELSE small' = 3 /\\ big' = small - (3 - big)
Next == FillSmall \\/ FillBig \\/ EmptySmall \\/ EmptyBig \\/ SmallToBig \\/ BigToSmall
====
"""


@pytest.mark.parametrize(("flags", "code", "counts"), [
    (["-invlevel", "4"], 12, "26 states generated, 7 distinct states found, 1 states left on queue."),
    (["-inv", "~(small = 3 /\\ big = 0)"], 12, "2 states generated, 2 distinct states found, 0 states left on queue."),
    (["-inv", "garbled input to cause parse error"], 150, None),
])
def test_invariants_given_on_the_command_line(tmp_path: Path, flags: list[str], code: int, counts: str | None) -> None:
    (tmp_path / "Jugs.tla").write_text(JUGS)
    (tmp_path / "Jugs.cfg").write_text("INIT Init\nNEXT Next\n")
    r = check(*flags, "-workers", "1", "-config", str(tmp_path / "Jugs.cfg"), str(tmp_path / "Jugs.tla"))
    assert r.exit_code == code, r.output
    if counts is not None:
        assert "Invariant __DebuggerExpr__1 is violated." in r.stdout
        assert counts in r.stdout


VIEWED = """---- MODULE V ----
EXTENDS Integers
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == x' = x + 1 /\\ y' = 2 * x
Inv == x < 3
Sum == x + y
Pair == <<y, x>>
====
"""


@pytest.mark.parametrize(("view", "states"), [
    ("Sum", ["0", "1", "4", "7"]),  # any other value: its text
    # a tuple of variables: the variables in declaration order, valued in the tuple's order (TLC's
    # OpApplNode.toString), so <<y, x>> prints y's values as x's
    ("Pair", ["/\\ x = 0/\\ y = 0", "/\\ x = 0/\\ y = 1", "/\\ x = 2/\\ y = 2", "/\\ x = 4/\\ y = 3"]),
])
def test_minus_view_prints_states_through_the_view(tmp_path: Path, view: str, states: list[str]) -> None:
    """TLC's -view (real TLC's lines for this module and cfg); without it the variables print."""
    (tmp_path / "V.tla").write_text(VIEWED)
    (tmp_path / "V.cfg").write_text(f"INIT Init\nNEXT Next\nINVARIANT Inv\nVIEW {view}\n")
    r = check("-view", "-workers", "1", "-config", str(tmp_path / "V.cfg"), str(tmp_path / "V.tla"))
    assert r.exit_code == 12, r.output
    shown = ["".join(line.lstrip(" *") for line in block.split("\n")[1:] if line.strip())
             for block in r.stdout.split("State ")[1:]]
    shown[-1] = shown[-1].split("4 states generated")[0]
    assert shown == states
    plain = check("-workers", "1", "-config", str(tmp_path / "V.cfg"), str(tmp_path / "V.tla"))
    assert "/\\ x = 3" in plain.stdout and "/\\ y = 4" in plain.stdout
