"""``tlc campaign --executor dask`` runs the campaign's runs on a Dask cluster: here a local
multi-process one (two worker processes), as a cluster reached by ``--address`` would. The
outcome (verdicts, counts, the table's verdict per run, the exit code) is the local executor's;
a run whose expectation is wrong still fails the campaign."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("distributed")

SPEC = """---- MODULE Count ----
EXTENDS Naturals
CONSTANTS N
VARIABLES x
Init == x = 0
Next == x < N /\\ x' = x + 1
Small == x < 4
====
"""


def campaign(tmp_path: Path, deadlock_verdict: str) -> Path:
    (tmp_path / "Count.tla").write_text(SPEC)
    (tmp_path / "ok.cfg").write_text("INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\nCONSTANTS N = 6\n")
    (tmp_path / "dead.cfg").write_text("INIT Init\nNEXT Next\nCONSTANTS N = 3\n")
    (tmp_path / "inv.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Small\nCHECK_DEADLOCK FALSE\n"
                                      "CONSTANTS N = 9\n")
    path = tmp_path / "c.toml"
    path.write_text(f"""
[[properties]]
name = "all"

[[model]]
name = "ok"
spec = "Count.tla"
config = "ok.cfg"
expect = {{ verdict = "ok", generated = 7, distinct = 7, depth = 7 }}

[[model]]
name = "deadlock"
spec = "Count.tla"
config = "dead.cfg"
expect = {{ verdict = "{deadlock_verdict}" }}

[[model]]
name = "invariant"
spec = "Count.tla"
config = "inv.cfg"
expect = {{ verdict = "invariant", violated = "Small" }}
""")
    return path


def run(path: Path, tmp_path: Path, *extra: str) -> tuple[int, list[dict]]:
    """The command in a process of its own: a Dask client leaves its event-loop thread running
    in the process that made it, and later tests fork (a fork beside a running thread can hang)."""
    out = tmp_path / f"r{len(extra)}.json"
    result = subprocess.run([sys.executable, "-m", "phalanx_verify.cli", "tlc", "campaign", str(path), "-q",
                             "--json", str(out), *extra], capture_output=True, text=True, timeout=600, check=False)
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    runs = json.loads(out.read_text())["runs"]
    return result.returncode, [{k: r["report"][k] for k in ("model", "verdict", "violated", "generated",
                                                             "distinct", "depth")} for r in runs]


def test_dask_cluster_gives_the_local_outcome(tmp_path: Path) -> None:
    path = campaign(tmp_path, "deadlock")
    code_local, local = run(path, tmp_path)
    code_dask, dask = run(path, tmp_path, "--executor", "dask", "--jobs", "2")
    assert code_local == code_dask == 0
    assert dask == local
    assert [r["verdict"] for r in dask] == ["ok", "deadlock", "invariant"]


def test_dask_cluster_reports_a_mismatch(tmp_path: Path) -> None:
    code, reports = run(campaign(tmp_path, "ok"), tmp_path, "--executor", "dask", "--jobs", "2")
    assert code == 1
    assert reports[1]["verdict"] == "deadlock"


def test_unreachable_scheduler_is_a_usage_error(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "phalanx_verify.cli", "tlc", "campaign",
                             str(campaign(tmp_path, "deadlock")), "-q", "--executor", "dask", "--address",
                             "tcp://127.0.0.1:9"], capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 2
    assert "cannot reach the Dask scheduler" in result.stdout + result.stderr
