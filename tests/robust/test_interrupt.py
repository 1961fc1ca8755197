"""Ctrl-C: `check` and `tlc campaign --jobs 2` stop, print what they have, write their JSON
marked interrupted, and exit 130; no process of the group outlives the command. Real
subprocesses and a real SIGINT to the process group, as a terminal sends it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# a counter with one state per BFS level: minutes of search, constant memory per level
SLOW = """---- MODULE {name} ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 100000000 /\\ x' = x + 1
====
"""
QUICK = SLOW.replace("100000000", "3")
HANG_BOUND = 30.0
"""Seconds after which a command that ignored Ctrl-C is declared hung (the slow runs take minutes)."""


def write_spec(folder: Path, name: str, text: str) -> None:
    (folder / f"{name}.tla").write_text(text.format(name=name))
    (folder / f"{name}.cfg").write_text("INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n")


def start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "phalanx_verify.cli", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def wait_for(proc: subprocess.Popen, needle: str) -> None:
    """Read stderr until a line contains ``needle`` (the command got that far)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if needle in line:
            return
        assert line or proc.poll() is None, f"ended before {needle!r}"
    raise AssertionError(f"never printed {needle!r}")


def interrupt(proc: subprocess.Popen) -> tuple[int, str, str]:
    """SIGINT to the whole group, as Ctrl-C does; then the exit code and the output."""
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=HANG_BOUND)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError("still running after Ctrl-C") from None
    return proc.returncode, out, err


def group_gone(pgid: int) -> bool:
    """No process of the group is left (workers included); zombies are reaped by init quickly."""
    for _ in range(50):
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def test_check_prints_the_states_so_far_and_exits_130(tmp_path):
    write_spec(tmp_path, "Slow", SLOW)
    out_json = tmp_path / "r.json"
    proc = start("check", str(tmp_path / "Slow.tla"), "--json", str(out_json))
    wait_for(proc, "distinct")  # a progress line: the search is under way
    code, out, err = interrupt(proc)
    assert code == 130, (code, out, err)
    assert "Interrupted (Ctrl-C)" in out and "distinct states found" in out and "Traceback" not in err
    report = json.loads(out_json.read_text())
    assert report["interrupted"] is True and report["distinct"] > 1 and report["complete"] is False
    assert group_gone(proc.pid)


def test_campaign_with_two_jobs_stops_and_reports_the_finished_runs(tmp_path):
    write_spec(tmp_path, "Quick", QUICK)
    write_spec(tmp_path, "SlowA", SLOW)
    write_spec(tmp_path, "SlowB", SLOW)
    models = [("quick", "Quick", 'verdict = "ok", distinct = 4'), ("slow a", "SlowA", 'verdict = "ok"'),
              ("slow b", "SlowB", 'verdict = "ok"'), ("slow c", "SlowA", 'verdict = "ok"')]
    (tmp_path / "c.toml").write_text("".join(
        f'[[model]]\nname = "{n}"\nspec = "{s}.tla"\nconfig = "{s}.cfg"\nexpect = {{ {e} }}\n' for n, s, e in models))
    out_json = tmp_path / "r.json"
    proc = start("tlc", "campaign", str(tmp_path / "c.toml"), "--jobs", "2", "--json", str(out_json))
    wait_for(proc, "quick: ok")  # the quick run finished; two slow ones are running, one is queued
    time.sleep(1.0)
    code, out, err = interrupt(proc)
    assert code == 130, (code, out, err)
    assert "INTERRUPTED (Ctrl-C)" in out and "1 passed, 0 failed, 3 not finished (interrupted)" in out, out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    result = json.loads(out_json.read_text())
    assert result["interrupted"] is True and [r["name"] for r in result["runs"]] == ["quick"]
    assert group_gone(proc.pid)
