"""The engine on the in-memory store: its traces are behaviours of spec/RRP.tla, the record
mapping gives the spec's variables, and the workload really makes jobs race."""

from __future__ import annotations

import json
from collections import Counter

from phalanx_ref.rrp_records import Keys, encode, epoch_value, spec_state
from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.workload import Workload, WorkloadConfig
from tests.engine.trace_helpers import SPEC, memory_trace, replay


def test_fresh_runs_replay_without_divergence(tmp_path):
    seen: Counter[str] = Counter()
    for seed in range(6):
        path, run = memory_trace(tmp_path, seed)
        res = replay(path)
        assert not res.divergences, res.divergences[0].line_text()
        assert res.steps == run.end_revision - run.start_revision, "one step per store revision"
        assert res.actions["Fail"] <= 6
        seen.update(res.actions)
    assert set(seen) == {"Fail", "Detect", "Plan", "Commit", "Abort", "Seal", "Restore"}


def test_trace_lines_follow_store_revisions(tmp_path):
    path, run = memory_trace(tmp_path, 3)
    revs = [json.loads(x)["revision"] for x in path.read_text().splitlines() if '"kind": "step"' in x]
    assert revs == list(range(run.start_revision + 1, run.end_revision + 1))


def test_initial_state_gives_every_job_maxfail_plus_one_leaves():
    store = MemoryStore(0)
    w = Workload(store, WorkloadConfig(), 0)
    st = spec_state(w.result.initial, w.keys, w.result.jobs, w.result.leaves, 0)
    held = Counter(v for v in st.alloc.values())
    assert len(st.alloc) == 32 and all(held[j] >= 7 for j in w.result.jobs)
    assert st.live == frozenset(st.alloc) and st.sealed == dict.fromkeys(w.result.jobs, frozenset({0}))


def test_record_mapping():
    k = Keys("r/")
    records = {k.alloc("l0"): encode({"epoch": 1, "job": "j1"}), k.epoch("j1"): epoch_value(1, "Restore"),
               k.plan("j1"): encode({"leaves": ["l0"], "tpl": 1}), k.seal("j1", 0): "{}",
               k.lease("w1"): "{}", k.step("j1"): encode({"action": "Commit", "params": {"j": "j1"}})}
    st = spec_state(records, k, ["j1"], ["l0", "l1"], 2)
    assert st.live == {"l1"} and st.alloc == {"l0": "j1", "l1": None}
    assert (st.epoch, st.phase, st.plan) == ({"j1": 1}, {"j1": "Restore"}, {"j1": frozenset({"l0"})})
    assert st.sealed == {"j1": frozenset({0})} and st.failCount == 2


def test_jobs_race_and_abort_across_seeds():
    aborts = commits = 0
    for seed in range(10):
        run = Workload(MemoryStore(seed), WorkloadConfig(), seed).run()
        aborts += run.actions["Abort"]
        commits += run.actions["Commit"]
        assert len(run.failures) <= 6 and run.rejected_seals > 0, "the fence rejected stale writers"
    assert aborts > 0 and commits >= 30


def test_golden_traces_are_the_engines_output(tmp_path):
    """traces/ holds what the engine emits for its seeds (regenerate with
    `phalanx-verify drift --regenerate-golden SEED`); the header's spec hash may move on."""
    from phalanx_gate.drift import SUITES, write_golden

    for suite in SUITES.values():
        prefix = suite.golden
        golden = sorted((SPEC.parents[1] / "traces").glob(f"{prefix}*.ndjson"))
        assert golden, suite.name
        for path in golden:
            seed = int(path.stem.removeprefix(prefix))
            (fresh,) = write_golden(tmp_path, [seed], [suite])
            assert fresh.read_text().splitlines()[1:] == path.read_text().splitlines()[1:]
