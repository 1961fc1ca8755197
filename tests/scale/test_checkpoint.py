"""Checkpoint and recovery (TLC's -checkpoint / -recover): a search stopped after level k and
recovered from its checkpoint ends with the counts, depth and verdict of an uninterrupted run,
also in a new process and with another number of workers; a checkpoint of another model, or a
damaged one, is refused with one line and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.check.model import load_model
from phalanx_verify.check.parallel import SearchOptions, explore_parallel
from phalanx_verify.check.report import Report
from phalanx_verify.check.run import check_model
from phalanx_verify.cli import main

ROOT = Path(__file__).parents[2]
SPEC = ROOT / "spec" / "RRP.tla"
CFG = ROOT / "spec" / "RRP_L6_safety.cfg"
ORDER = """---- MODULE Grid ----
EXTENDS Naturals
CONSTANTS N, Bad
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == \\/ x < N /\\ x' = x + 1 /\\ y' = y
        \\/ y < N /\\ y' = y + 1 /\\ x' = x
Inv == x + y # Bad
====
"""


class StopAt(Exception):
    pass


def interrupted_at(model_files: tuple[Path, Path], depth: int, directory: Path, workers: int) -> Report:
    """Run with a checkpoint after every level and Ctrl-C (as the user would) once ``depth`` is
    being expanded."""
    def progress(p: dict) -> None:
        if p["depth"] >= depth:
            raise KeyboardInterrupt
    report = Report("interrupted")
    explore_parallel(load_model(*model_files), report, SearchOptions(workers, checkpoint=directory,
                                                                     checkpoint_minutes=0),
                     progress=progress, progress_every=0.0)
    assert report.extra.get("interrupted")
    return report


def counts(r: Report) -> tuple:
    return r.verdict, r.violated, r.generated, r.distinct, r.depth, r.queue, \
        r.trace.to_json() if r.trace else None


@pytest.mark.parametrize("workers", [1, 2])
def test_resume_after_level_k_ends_as_an_uninterrupted_run(tmp_path: Path, workers: int) -> None:
    whole = check_model(load_model(SPEC, CFG), check_liveness_props=False, search=SearchOptions(workers))
    interrupted_at((SPEC, CFG), 7, tmp_path, workers)
    meta = json.loads((tmp_path / "checkpoint" / "meta.json").read_text())
    assert 1 < meta["depth"] <= 7 and meta["generated"] < whole.generated
    resumed = check_model(load_model(SPEC, CFG), check_liveness_props=False,
                          search=SearchOptions(3 - workers, recover=tmp_path))
    assert counts(resumed) == counts(whole) == ("ok", None, 120000, 43070, 13, 0, None)


def test_resume_finds_the_violation_with_its_trace(tmp_path: Path) -> None:
    (tmp_path / "Grid.tla").write_text(ORDER)
    cfg = tmp_path / "Grid.cfg"
    cfg.write_text("INIT Init\nNEXT Next\nINVARIANT Inv\nCONSTANTS N = 9\nBad = 12\n")
    files = (tmp_path / "Grid.tla", cfg)
    whole = check_model(load_model(*files), search=SearchOptions(2))
    assert whole.verdict == "invariant"
    interrupted_at(files, 6, tmp_path / "ck", 2)
    resumed = check_model(load_model(*files), search=SearchOptions(2, recover=tmp_path / "ck"))
    assert counts(resumed) == counts(whole)


def test_recover_from_the_command_line_in_a_new_process(tmp_path: Path) -> None:
    interrupted_at((SPEC, CFG), 5, tmp_path, 2)
    out = tmp_path / "r.json"
    done = subprocess.run([sys.executable, "-m", "phalanx_verify.cli", "check", str(SPEC), "-c", str(CFG), "-q",
                           "--workers", "2", "--recover", str(tmp_path), "--json", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    r = json.loads(out.read_text())
    assert (r["generated"], r["distinct"], r["depth"]) == (120000, 43070, 13)
    assert "calculated (optimistic):  val = " in done.stdout


def test_a_checkpoint_of_another_model_is_refused(tmp_path: Path) -> None:
    interrupted_at((SPEC, CFG), 3, tmp_path, 2)
    other = ROOT / "spec" / "RRP_L6.cfg"
    result = CliRunner().invoke(main, ["check", str(SPEC), "-c", str(other), "-q", "--no-liveness",
                                       "--recover", str(tmp_path)])
    assert result.exit_code == 2
    assert "checkpoint is of another model" in result.output and "Traceback" not in result.output


def test_a_damaged_checkpoint_is_refused(tmp_path: Path) -> None:
    interrupted_at((SPEC, CFG), 3, tmp_path, 2)
    (tmp_path / "checkpoint" / "level.pkl").write_bytes(b"not a pickle")
    result = CliRunner().invoke(main, ["check", str(SPEC), "-c", str(CFG), "-q", "--recover", str(tmp_path)])
    assert result.exit_code == 2
    assert "checkpoint is damaged" in result.output and "Traceback" not in result.output


def test_no_checkpoint_there(tmp_path: Path) -> None:
    """Refused, and the search's scratch directory made before the checkpoint was read is gone
    (it was left behind, empty, by every refused --recover)."""
    scratch = tmp_path / "scratch"
    result = CliRunner().invoke(main, ["check", str(SPEC), "-c", str(CFG), "-q", "--recover", str(tmp_path),
                                       "--scratch", str(scratch)])
    assert result.exit_code == 2 and "no checkpoint in" in result.output
    assert scratch.is_dir() and not any(scratch.iterdir())


def test_checkpoint_with_liveness_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(SPEC), "-c", str(ROOT / "spec" / "RRP_L6.cfg"), "-q",
                                       "--checkpoint", str(tmp_path)])
    assert result.exit_code == 2 and "liveness" in result.output
