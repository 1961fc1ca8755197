"""Ctrl-C: `check`, `tlc campaign --jobs 2`, `trace replay`, `drift`, `prove` and `phalanx-sim
report` stop, print what they have, write their JSON marked interrupted, and exit 130; no process
of the group outlives the command. Real subprocesses and a real SIGINT to the process group, as a
terminal sends it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import z3

from phalanx_verify.prove.report import solve

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


def start(*args: str, module: str = "phalanx_verify.cli") -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", module, *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})  # lines as printed


def wait_for(proc: subprocess.Popen, needle: str, stream: str = "stderr") -> str:
    """Read ``stream`` until a line contains ``needle`` (the command got that far); the lines read."""
    deadline = time.monotonic() + 120
    lines = []
    while time.monotonic() < deadline:
        line = getattr(proc, stream).readline()
        lines.append(line)
        if needle in line:
            return "".join(lines)
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


@pytest.mark.parametrize("workers", ["1", "2"])
def test_check_prints_the_states_so_far_and_exits_130(tmp_path, workers):
    """Levels of 1,001 states: with two workers they are expanded on the worker processes."""
    write_spec(tmp_path, "Wide", SLOW.replace("x = 0", "x \\in 0..1000 /\\ y = 0").replace("VARIABLE x", "VARIABLE x, y")
               .replace("x < 100000000 /\\ x' = x + 1", "y < 100000000 /\\ y' = y + 1 /\\ x' = x"))
    out_json = tmp_path / "r.json"
    proc = start("check", str(tmp_path / "Wide.tla"), "--workers", workers, "--json", str(out_json))
    wait_for(proc, "distinct")  # a progress line: the search is under way
    code, out, err = interrupt(proc)
    assert code == 130, (code, out, err)
    assert "Interrupted (Ctrl-C)" in out and "distinct states found" in out and "Traceback" not in err
    report = json.loads(out_json.read_text())
    assert report["interrupted"] is True and report["distinct"] > 1001 and report["complete"] is False
    assert report["queue"] >= 1001 and f"{report['queue']} states left on queue" in out  # the level under way
    assert report["extra"].get("workers", 1) == int(workers)
    assert group_gone(proc.pid)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_removes_the_scratch_directory(tmp_path, workers):
    """``timeout`` or a campaign's pool ends a search with SIGTERM: the seen set and trace files
    in the scratch directory (gigabytes on a big model) are removed, the workers stopped."""
    write_spec(tmp_path, "Wide", SLOW.replace("x = 0", "x \\in 0..1000 /\\ y = 0").replace("VARIABLE x", "VARIABLE x, y")
               .replace("x < 100000000 /\\ x' = x + 1", "y < 100000000 /\\ y' = y + 1 /\\ x' = x"))
    scratch = tmp_path / "scratch"
    proc = start("check", str(tmp_path / "Wide.tla"), "--workers", workers, "--checkpoint", str(tmp_path / "ck"),
                 "--scratch", str(scratch))
    wait_for(proc, "distinct")
    assert len(list(scratch.iterdir())) == 1  # the search's directory
    proc.send_signal(signal.SIGTERM)
    try:
        proc.communicate(timeout=HANG_BOUND)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise AssertionError("still running after SIGTERM") from None
    assert proc.returncode == 128 + signal.SIGTERM
    assert list(scratch.iterdir()) == []
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


def test_trace_replay_reports_the_traces_replayed_so_far(tmp_path):
    traces = [str(ROOT / "traces" / name) for name in ("memory-seed1.ndjson", "lifecycle-seed1.ndjson")] * 300
    out_json = tmp_path / "r.json"
    proc = start("trace", "replay", *traces, "--json", str(out_json))
    seen = wait_for(proc, "divergence(s)", "stdout")  # the first trace is replayed
    code, out, err = interrupt(proc)
    assert code == 130 and "Traceback" not in err, (code, out, err)
    report = json.loads(out_json.read_text())
    assert report["interrupted"] is True and report["selected"] == 600
    done = (seen + out).count("divergence(s)")
    assert 1 <= len(report["traces"]) < 600 and f"INTERRUPTED (Ctrl-C): {len(report['traces'])} of 600" in out
    assert done == len(report["traces"]) + (len(report["traces"]) > 1)  # a line per trace, and the total
    assert group_gone(proc.pid)


def test_drift_writes_the_replays_done_so_far(tmp_path):
    out_json = tmp_path / "d.json"
    proc = start("drift", "--seeds", "200", "--etcd", "off", "--json", str(out_json))
    wait_for(proc, "golden vs", "stdout")  # the golden traces are replayed, the fresh runs begin
    code, out, err = interrupt(proc)
    assert code == 130 and "Traceback" not in err, (code, out, err)
    report = json.loads(out_json.read_text())
    assert report["interrupted"] is True and report["ok"] is False and report["traces"]
    assert f"drift: INTERRUPTED (Ctrl-C) after {len(report['traces'])} replays" in out
    assert group_gone(proc.pid)


def test_prove_prints_the_obligations_decided_so_far():
    """z3 takes SIGINT during a query (it answers unknown); the command must still stop."""
    proc = start("prove", "inductive", "spec/RRPLifecycleInd.tla", "--json")
    time.sleep(5.0)  # loading, then about a minute of queries
    code, out, err = interrupt(proc)
    assert code == 130 and "Traceback" not in err, (code, out, err)
    report = json.loads(out)
    assert report["interrupted"] is True and report["ok"] is False
    assert all(r["result"] in ("proved", "vacuous", "cti", "unknown", "skipped") for r in report["results"])
    assert group_gone(proc.pid)


def test_sim_report_ends_its_seed_workers(tmp_path):
    """The report's process pool: each worker would hand the interrupt back and start its next
    job, minutes long, and the parent would wait for them."""
    proc = start("report", str(tmp_path / "out"), "--runs", "2000", module="phalanx_ref.sim.cli")
    wait_for(proc, "Monte Carlo")  # a progress line: the seed workers are running
    code, out, err = interrupt(proc)
    assert code == 130 and "interrupted (Ctrl-C)" in err and "Traceback" not in err, (code, out, err)
    assert group_gone(proc.pid)


def test_a_z3_query_interrupted_raises_keyboard_interrupt():
    """z3 answers a query cut by SIGINT with unknown ("interrupted from keyboard") and swallows
    the signal; ``solve`` raises it again. The query (x³ + y³ = z³, unsatisfiable, beyond z3's
    nonlinear arithmetic) runs until its 60 s timeout unless interrupted."""
    x, y, z = z3.Ints("x y z")
    solver = z3.Solver()
    solver.set("timeout", 60_000)
    solver.add(x > 1, y > 1, z > 1, x * x * x + y * y * y == z * z * z)
    threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()
    with pytest.raises(KeyboardInterrupt) as caught:
        solve(solver)
    assert caught.traceback[-1].name == "solve"  # raised by solve, not by the signal between two lines


def test_a_ctrl_c_during_a_query_reaches_python_s_handler():
    """z3's own SIGINT handler, installed for the length of a check, cancels the query and keeps
    the signal from Python; when the query finishes anyway, the Ctrl-C was lost and the proof ran
    on (a prove run went on for a minute after it, exit 0). The check must leave SIGINT to
    Python's handler, which then sees every Ctrl-C."""
    seen: list[int] = []

    def handler(signum: int, frame: object) -> None:
        seen.append(signum)
        raise KeyboardInterrupt

    x, y, z = z3.Ints("x y z")
    solver = z3.Solver()
    solver.set("timeout", 60_000)
    solver.add(x > 1, y > 1, z > 1, x * x * x + y * y * y == z * z * z)
    previous = signal.signal(signal.SIGINT, handler)
    try:
        threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()
        with pytest.raises(KeyboardInterrupt):
            solve(solver)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert seen == [signal.SIGINT]


def test_a_ctrl_c_a_destructor_swallowed_stops_the_proof_at_the_next_query(capsys):
    """Python cannot raise an interrupt that lands in a destructor (z3's ``__del__``): it only
    reports it, as a traceback, and the proof went on to the end with exit 0 (or ran on for
    minutes). ``collect``'s handler notes the Ctrl-C and the next query raises it."""
    import z3

    from phalanx_verify.prove.cli import collect
    from phalanx_verify.prove.report import solve

    class Dying:
        def __del__(self) -> None:  # a Ctrl-C that lands here: Python can only report it
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.1)

    asked = []

    def work() -> None:
        Dying()
        asked.append("before")
        solve(z3.Solver())
        asked.append("after")

    assert collect(work) is True and asked == ["before"]
    assert "Traceback" not in capsys.readouterr().err


def test_quick_ctrl_cs_leave_no_check_running(monkeypatch):
    """A Ctrl-C can land anywhere in solve (in Thread.join, which on Python 3.11 then takes a
    running thread for stopped); a check left running raced with the next query on the context
    and crashed the process (a CI run died of a segmentation fault). When solve returns or
    raises, no check may still run."""
    running = [0]
    check = z3.Solver.check

    def counted(self: z3.Solver, *args: object) -> z3.CheckSatResult:
        running[0] += 1
        try:
            return check(self, *args)
        finally:
            running[0] -= 1

    def handler(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(z3.Solver, "check", counted)
    previous = signal.signal(signal.SIGINT, handler)
    try:
        for i in range(40):
            x, y, z = z3.Ints("x y z")
            solver = z3.Solver()
            solver.set("timeout", 60_000)
            solver.add(x > 1, y > 1, z > 1, x * x * x + y * y * y == z * z * z)
            threading.Timer(0.05 + 0.01 * (i % 7), os.kill, (os.getpid(), signal.SIGINT)).start()
            with pytest.raises(KeyboardInterrupt):
                solve(solver)
            assert running[0] == 0, f"a check still runs after query {i}"
    finally:
        signal.signal(signal.SIGINT, previous)
