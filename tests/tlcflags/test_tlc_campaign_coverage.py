"""Coverage in a campaign (``tlc campaign --coverage``): each built-in run counts what its actions
did, and a table flags the actions a run never enabled."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

from click.testing import CliRunner
from rich.console import Console

from phalanx_verify.check.coverage_table import coverage_table
from phalanx_verify.cli import main
from tests.tlcflags.tlcflags_helpers import DATA

CAMPAIGN = """
mutants = "manifest.toml"

[[properties]]
name = "paper"
must_kill = true

[[model]]
name = "M"
spec = "M.tla"
config = "M.cfg"
properties = "paper"
expect = { verdict = "ok", generated = 19, distinct = 12, depth = 6, source = "TLC" }

[[model]]
name = "C"
spec = "C.tla"
config = "D.cfg"
properties = "paper"
expect = { verdict = "deadlock", source = "TLC" }
"""


def test_campaign_coverage_table_and_json(tmp_path: Path) -> None:
    for name in ("M.tla", "M.cfg", "C.tla", "D.cfg"):
        shutil.copy(DATA / name, tmp_path / name)
    (tmp_path / "manifest.toml").write_text("")
    (tmp_path / "campaign.toml").write_text(CAMPAIGN)
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["tlc", "campaign", str(tmp_path / "campaign.toml"), "--coverage", "-q",
                                  "--json", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "Coverage per run" in r.stdout
    row = [line for line in r.stdout.split("Coverage per run")[1].splitlines() if line.startswith("│ M ")][0]
    assert "3 of 4" in row and "Never" in row and "Reset (1 steps)" in row
    runs = {run["name"]: run["report"]["extra"]["coverage"] for run in json.loads(out.read_text())["runs"]}
    assert {a["name"]: (a["distinct"], a["generated"]) for a in runs["M"]["actions"]} == \
        {"IncX": (3, 9), "IncY": (8, 8), "Reset": (0, 1), "Never": (0, 0)}  # TLC's, test_tlc_coverage.py
    assert [a["never_enabled"] for a in runs["C"]["actions"]] == [False, False]
    never = next(a for a in runs["M"]["actions"] if a["name"] == "Never")
    assert [(c["evaluated"], c["held"]) for c in never["conjuncts"]] == [(12, 0), (0, 0), (0, 0)]
    # The table, printed wide enough not to wrap: M's row names Never's guard, C's none.
    outcomes = [SimpleNamespace(run=SimpleNamespace(name=name), report=SimpleNamespace(extra={"coverage": cov}))
                for name, cov in runs.items()]
    console = Console(width=250, record=True)
    console.print(coverage_table(outcomes))
    text = console.export_text()
    rows = {line.split("│")[1].strip(): line for line in text.splitlines() if line.count("│") > 2}
    assert "conjuncts never true" in text
    assert "Never line 8, col 10 to line 8, col 15 of module M" in rows["M"] and "line" not in rows["C"].split("│")[4]


def test_without_the_flag_there_is_no_coverage(tmp_path: Path) -> None:
    for name in ("M.tla", "M.cfg", "C.tla", "D.cfg"):
        shutil.copy(DATA / name, tmp_path / name)
    (tmp_path / "manifest.toml").write_text("")
    (tmp_path / "campaign.toml").write_text(CAMPAIGN)
    r = CliRunner().invoke(main, ["tlc", "campaign", str(tmp_path / "campaign.toml"), "-q", "--only", "M"],
                           catch_exceptions=False)
    assert r.exit_code == 0 and "Coverage" not in r.stdout


def test_coverage_needs_the_builtin_engine(tmp_path: Path) -> None:
    (tmp_path / "manifest.toml").write_text("")
    (tmp_path / "campaign.toml").write_text(CAMPAIGN)
    r = CliRunner().invoke(main, ["tlc", "campaign", str(tmp_path / "campaign.toml"), "--coverage", "--engine", "tlc"],
                           catch_exceptions=False)
    assert r.exit_code == 2 and "--coverage counts the built-in engine's search" in r.stderr
