"""`phalanx-verify trace replay` and `drift`: exit codes, one-line positioned errors on
corrupted traces, divergence reports, and the gate failing when it should."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_gate.drift_cli import drift
from phalanx_verify.trace.cli import trace
from phalanx_verify.trace.replay import Replayer
from tests.engine.trace_helpers import RESUME_SPEC, SPEC, memory_trace

GOLDEN = SPEC.parents[1] / "traces"


def run_replay(*args: str):
    return CliRunner().invoke(trace, ["replay", "--spec", str(SPEC), *args])


@pytest.fixture
def good(tmp_path) -> Path:
    return memory_trace(tmp_path, 3)[0]


def test_replay_ok_prints_summary(good):
    r = run_replay(str(good))
    assert r.exit_code == 0, r.output
    assert "0 divergence(s)" in r.output and "transitions/s" in r.output and "Commit" in r.output


def test_replay_json(good, tmp_path):
    out = tmp_path / "r.json"
    assert run_replay(str(good), "--json", str(out)).exit_code == 0
    report = json.loads(out.read_text())
    assert report["interrupted"] is False and report["selected"] == 1
    (res,) = report["traces"]
    assert res["steps"] > 0 and res["divergences"] == [] and res["actions"]["Plan"] >= 1


def _corrupt(good: Path, tmp_path: Path, edit) -> Path:
    lines = good.read_text().splitlines(keepends=True)
    bad = tmp_path / "bad.ndjson"
    bad.write_text("".join(edit(lines)))
    return bad


def _replace_in(lines, index, old, new):
    lines[index] = lines[index].replace(old, new, 1)
    return lines


CORRUPTIONS = {
    "malformed JSON": (lambda ls: _replace_in(ls, 4, "{", "{{"), 5, "malformed JSON"),
    "unknown action": (lambda ls: _replace_in(ls, 4, '"action": "', '"action": "Teleport'), 5, "unknown action"),
    "unknown leaf": (lambda ls: _replace_in(ls, 2, '"l": "', '"l": "x'), 3, "unknown value"),
    "truncated line": (lambda ls: ls[:6] + [ls[6][: len(ls[6]) // 2]], 7, "malformed JSON"),
    "truncated file": (lambda ls: ls[:6], 7, "truncated trace"),
    "no initial state": (lambda ls: ls[:1], 2, "no initial state"),
    "steps out of order": (lambda ls: ls[:3] + ls[4:], 4, "out of sequence"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corrupted_trace_one_positioned_line(good, tmp_path, name):
    edit, line, words = CORRUPTIONS[name]
    bad = _corrupt(good, tmp_path, edit)
    r = run_replay(str(bad))
    assert r.exit_code == 150, r.output
    out = r.output.strip()
    assert len(out.splitlines()) == 1 and out.startswith(f"{bad}:{line}:"), out
    assert words in out and "Traceback" not in out


def test_divergence_reports_step_action_and_diff(good, tmp_path):
    # a Commit that forgets to bump the epoch: only the step check can see it
    def edit(ls):
        for i, x in enumerate(ls):
            if '"action": "Commit"' in x:
                rec = json.loads(x)
                rec["state"]["epoch"] = json.loads(ls[i - 1])["state"]["epoch"]
                ls[i] = json.dumps(rec) + "\n"
                return ls
        raise AssertionError("no Commit step")

    bad = _corrupt(good, tmp_path, edit)
    r = run_replay(str(bad))
    assert r.exit_code == 13
    first = r.output.splitlines()[0]
    assert first.startswith(f"{bad}:") and "divergence at step" in first and "Commit(" in first
    assert "phase:" in r.output and "alloc:" in r.output


def test_replay_all_keeps_going(tmp_path):
    path, _ = memory_trace(tmp_path, 3, "detect_no_dead")
    one = run_replay(str(path))
    every = run_replay("--all", str(path))
    assert one.exit_code == every.exit_code == 13
    assert one.output.count("divergence at step") == 1 < every.output.count("divergence at step")


def test_drift_passes_on_golden_and_fresh_traces():
    r = CliRunner().invoke(drift, ["--suite", "rrp", "--traces", str(GOLDEN), "--spec", str(SPEC), "--spec", str(RESUME_SPEC),
                                   "--seeds", "3", "--etcd", "off"])
    assert r.exit_code == 0, r.output
    assert "drift: OK" in r.output and "golden vs RRPResume.tla" in r.output and "memory vs RRP.tla" in r.output


def test_drift_fails_on_a_divergent_golden_trace(tmp_path):
    shutil.copy(memory_trace(tmp_path, 3, "epoch_no_increment")[0], tmp_path / "golden")
    golden = tmp_path / "g"
    golden.mkdir()
    shutil.move(tmp_path / "golden", golden / "bad.ndjson")
    r = CliRunner().invoke(drift, ["--suite", "rrp", "--traces", str(golden), "--spec", str(SPEC), "--seeds", "1", "--etcd", "off"])
    assert r.exit_code == 13 and "drift: FAILED" in r.output and "divergence at step" in r.output


def test_drift_fails_when_an_action_is_never_seen(tmp_path):
    # a single short golden trace and no fresh runs cannot show every action of Next
    golden = tmp_path / "g"
    golden.mkdir()
    shutil.copy(memory_trace(tmp_path, 7)[0], golden / "short.ndjson")
    r = CliRunner().invoke(drift, ["--suite", "rrp", "--traces", str(golden), "--spec", str(SPEC), "--seeds", "0", "--etcd", "off"])
    assert r.exit_code == 1 and "never seen: Abort" in r.output


def _counter_trace(tmp_path: Path, steps: list[tuple[str, int, int]], cfg: str) -> Path:
    """A spec with x only (no action leaves it unchanged) and a trace of x and a hidden h."""
    (tmp_path / "Counter.tla").write_text("---- MODULE Counter ----\nEXTENDS Naturals\nVARIABLE x\n"
                                          "Init == x = 0\nNext == x < 3 /\\ x' = x + 1\n"
                                          "Spec == Init /\\ [][Next]_x\n====\n")
    (tmp_path / "Counter.cfg").write_text(cfg)
    rows = [{"kind": "header", "spec": "Counter.tla", "constants": {}, "model_values": [],
             "variables": ["x", "h"]}, {"kind": "init", "state": {"x": 0, "h": 0}}]
    rows += [{"kind": "step", "n": n, "action": a, "params": {}, "state": {"x": x, "h": h}}
             for n, (a, x, h) in enumerate(steps, 1)]
    rows.append({"kind": "end", "steps": len(steps)})
    path = tmp_path / "counter.ndjson"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.mark.parametrize("cfg", ["INIT Init\nNEXT Next\n", "SPECIFICATION Spec\n"])
def test_a_step_changing_only_hidden_variables_is_stuttering(tmp_path, cfg):
    """[Next]_x: a step that changes only the hidden h leaves x unchanged and is a stuttering
    step, accepted and counted; a step that changes x without being a Next step diverges."""
    ok = Replayer().replay(_counter_trace(tmp_path, [("Next", 1, 0), ("Next", 1, 1), ("Next", 2, 1)], cfg))
    assert (ok.divergences, ok.stutters, ok.steps) == ([], 1, 3)
    assert any("step 2 (logged as Next) is a stuttering step of Counter.tla" in w for w in ok.warnings)
    bad = Replayer().replay(_counter_trace(tmp_path, [("Next", 1, 0), ("Next", 3, 0)], cfg))
    assert bad.stutters == 0 and [(d.step, d.kind) for d in bad.divergences] == [(2, "step")]


def test_a_step_from_1_to_true_is_no_stutter(tmp_path):
    """x logged as 1 then as true: the reader reused the decoded 1 (JSON's true == 1 in Python)
    and the step passed as a stutter of [Next]_x. TLA+ keeps TRUE apart from 1: x changed, and
    Next compares x' = TRUE with x + 1, TLC's evaluation error."""
    from phalanx_verify.tla import EvalError

    path = _counter_trace(tmp_path, [("Next", 1, 0), ("Next", 1, 0)], "INIT Init\nNEXT Next\n")
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    rows[3]["state"]["x"] = True
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(EvalError, match="boolean TRUE with non-boolean: 2"):
        Replayer().replay(path)
