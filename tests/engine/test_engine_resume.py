"""Issue 4, item 4: traces carry the manifest each Restore loaded (spec/RRPResume.tla's
``resumed``), and replay against the refinement rejects an engine that restores from an unsealed,
a too-new or a not-newest manifest at that Restore step. RRP itself sees the first two only
through Restore's logged witness, and cannot see the third at all: that is what the refinement
adds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_gate.drift_cli import drift
from phalanx_ref.rrp_records import Keys, encode, epoch_value, spec_state
from phalanx_verify.trace.cli import trace
from tests.engine.trace_helpers import (
    MUTANT_STEP,
    RESUME_SPEC,
    SEEDS,
    SPEC,
    assert_first_difference,
    first_divergent_run,
    memory_trace,
    replay,
)

ROOT = SPEC.parents[1]


def _steps(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if '"kind": "step"' in x]


def test_resume_record_maps_to_resumed():
    k = Keys("r/")
    records = {k.epoch("j1"): epoch_value(2, "Run"), k.epoch("j2"): epoch_value(0, "Run"),
               k.resume("j1"): encode({"e": 1})}
    st = spec_state(records, k, ["j1", "j2"], ["l0"], 0)
    assert st.resumed == {"j1": 1, "j2": 0}, "absent resume/{j} is the job's start, epoch 0"


def test_fresh_runs_replay_against_both_specs(tmp_path):
    newer = 0
    for seed in range(6):
        path, _ = memory_trace(tmp_path, seed)
        rrp, resume = replay(path), replay(path, spec=RESUME_SPEC)
        assert not rrp.divergences and not resume.divergences
        assert rrp.hidden == ["resumed"] and resume.hidden == []
        assert rrp.warnings == resume.warnings == [], "the header records both specs' sha256"
        assert resume.actions["Restore"] > 0
        newer += sum(s["action"] == "Restore" and s["params"]["e"] > 0 for s in _steps(path))
    assert newer > 0, "some Restore had a choice of manifests (else the refinement checks nothing)"


@pytest.mark.parametrize("mutant", sorted(MUTANT_STEP))
def test_refinement_rejects_each_mutant_at_its_step(tmp_path, mutant):
    """Against RRPResume every mutant diverges at the step where it first acts differently; RRP,
    on the same trace, diverges at the same line, or (restore_oldest) accepts the whole trace."""
    rrp_action, resume_action = MUTANT_STEP[mutant]
    seed, path, res = first_divergent_run(tmp_path, mutant, RESUME_SPEC)
    d = res.divergences[0]
    assert d.kind == "step" and d.action.startswith(resume_action + "("), d.line_text()
    assert res.exit_code == 13
    assert_first_difference(tmp_path, seed, path, d, RESUME_SPEC)
    if resume_action == "Restore":  # the trace carries the manifest loaded, Restore's witness e
        (step,) = [x for x in _steps(path) if x["n"] == d.step]
        assert _of_job(step, "resumed") == step["params"]["e"]
    rrp = replay(path)
    if rrp_action is None:
        assert not rrp.divergences and rrp.steps == len(_steps(path)), "RRP cannot see which seal was loaded"
    else:
        assert [(x.line, x.kind) for x in rrp.divergences] == [(d.line, "step")]


def test_restore_oldest_is_rejected_exactly_when_it_loads_an_older_seal(tmp_path):
    """The refinement's verdict on the not-newest mutant is exact: it rejects a run at its first
    Restore that loaded a seal older than the newest one below the epoch, and passes the others."""
    for seed in SEEDS:
        path, _ = memory_trace(tmp_path, seed, "restore_oldest")
        older = [s for s in _steps(path) if s["action"] == "Restore" and s["params"]["e"] < max(
            e for e in _of_job(s, "sealed")["#set"] if e < _of_job(s, "epoch"))]
        res = replay(path, spec=RESUME_SPEC)
        assert [d.step for d in res.divergences] == [s["n"] for s in older[:1]]


def _of_job(step: dict, var: str) -> object:
    """The value of the function ``var`` at the step's job, in the state after the step."""
    return dict(step["state"][var]["#map"])[step["params"]["j"]]


def test_cli_replay_against_the_refinement(tmp_path):
    _, path, _ = first_divergent_run(tmp_path, "restore_oldest", RESUME_SPEC)
    runner = CliRunner()
    ok = runner.invoke(trace, ["replay", "--spec", str(SPEC), str(path)])
    bad = runner.invoke(trace, ["replay", "--spec", str(RESUME_SPEC), str(path)])
    assert ok.exit_code == 0 and "0 divergence(s)" in ok.output, ok.output
    assert bad.exit_code == 13, bad.output
    first = bad.output.splitlines()[0]
    assert first.startswith(f"{path}:") and "divergence at step" in first and "(Restore(" in first
    assert '    phase: j' in bad.output and '"Restore" -> "Run"' in bad.output


def _without_resumed(path: Path, out: Path) -> Path:
    """``path`` as written before traces carried ``resumed``: seven variables, no ``specs``."""
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    for rec in lines:
        if rec["kind"] == "header":
            rec["variables"].remove("resumed")
            del rec["specs"]
        rec.get("state", {}).pop("resumed", None)
    out.write_text("".join(json.dumps(rec) + "\n" for rec in lines))
    return out


def test_traces_without_resumed_still_replay_against_rrp(tmp_path):
    old = _without_resumed(memory_trace(tmp_path, 3)[0], tmp_path / "old.ndjson")
    res = replay(old)
    assert not res.divergences and res.hidden == [] and res.warnings == []
    r = CliRunner().invoke(trace, ["replay", "--spec", str(RESUME_SPEC), str(old)])
    out = r.output.strip()
    assert r.exit_code == 150 and len(out.splitlines()) == 1, r.output
    assert out.startswith(f"{old}:1:") and "lacks variable(s) resumed of RRPResume.tla" in out


def test_drift_replays_every_trace_against_both_specs(tmp_path, monkeypatch):
    """By default the gate replays against RRP and RRPResume; a golden trace only the
    refinement rejects fails it."""
    golden = tmp_path / "g"
    golden.mkdir()
    _, path, _ = first_divergent_run(tmp_path, "restore_oldest", RESUME_SPEC)
    path.rename(golden / "oldest.ndjson")
    monkeypatch.chdir(ROOT / "spec")  # the default specs, spec/RRP.tla and spec/RRPResume.tla, are the project's
    r = CliRunner().invoke(drift, ["--suite", "rrp", "--traces", str(golden), "--seeds", "0", "--etcd", "off"])
    assert r.exit_code == 13 and "drift: FAILED" in r.output, r.output
    assert "golden vs RRP.tla (1 traces):" in r.output and "golden vs RRPResume.tla (1 traces):" in r.output
    rrp_line, resume_line = (x for x in r.output.splitlines() if x.startswith("golden vs "))
    assert " 0 divergence(s)" in rrp_line and " 1 divergence(s)" in resume_line
