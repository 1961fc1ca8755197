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
