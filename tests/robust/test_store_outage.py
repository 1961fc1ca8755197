"""A store outage at any operation never crashes the workload run or the drift gate: the run
retries and goes on, its trace is still a behaviour of the spec, and a store that stays down
fails the gate with one problem line (exit 1), not a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

import phalanx_gate.drift as drift_module
from phalanx_gate.drift import SUITES, run_drift, with_specs
from phalanx_ref.store.base import StoreUnavailable
from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.trace_emit import record
from phalanx_ref.workload import RETRIES
from phalanx_verify.trace.replay import ModelCache, Replayer

ROOT = Path(__file__).resolve().parents[2]
FAULTED = ("get", "range", "txn", "lease_grant", "lease_keepalive", "lease_revoke")


class FlakyStore(MemoryStore):
    """The in-memory store, unreachable on chosen calls (counted over every faulted method):
    the request fails before it is applied, as when etcd is down."""

    def __init__(self, seed: int, down: set[int] | None = None, down_from: int | None = None) -> None:
        super().__init__(seed)
        self.calls, self.down, self.down_from, self.failed = 0, down or set(), down_from, 0

    def _maybe_down(self) -> None:
        self.calls += 1
        if self.calls in self.down or (self.down_from is not None and self.calls >= self.down_from):
            self.failed += 1
            raise StoreUnavailable("injected outage")


for _name in FAULTED:
    def _faulty(self, *a, _name=_name, **k):
        self._maybe_down()
        return getattr(MemoryStore, _name)(self, *a, **k)
    setattr(FlakyStore, _name, _faulty)


@pytest.mark.parametrize("down", [
    set(range(1, 4000, 7)),                       # every 7th operation, set-up included
    set(range(1, 4000, 3)),                       # every 3rd
    set(range(300, 300 + RETRIES - 1)),           # one long outage in the middle of the run
])
def test_the_run_survives_outages_and_its_trace_replays(tmp_path, down):
    store = FlakyStore(2, down)
    path = tmp_path / "t.ndjson"
    record(store, path, 2)
    assert store.failed > 0
    res = Replayer(ModelCache(ROOT / "spec" / "RRP.tla")).replay(path)
    assert res.divergences == [] and res.steps > 0


def test_the_outage_at_the_quiescence_check_is_survived(tmp_path):
    """The issue's case: quiescent() read the store outside the run's outage handling."""
    calls = FlakyStore(5)
    record(calls, tmp_path / "probe.ndjson", 5)
    # fail a window of calls around the end of the run, where the quiescence checks happen
    store = FlakyStore(5, set(range(calls.calls - 40, calls.calls + 40)))
    run = record(store, tmp_path / "t.ndjson", 5)
    assert store.failed > 0 and run.unavailable > 0


def test_a_store_that_stays_down_fails_the_gate_with_a_line(tmp_path, monkeypatch):
    monkeypatch.setattr(drift_module, "MemoryStore", lambda seed: FlakyStore(seed, down_from=500))
    lines: list[str] = []
    suite = with_specs(SUITES["rrp"], [ROOT / "spec" / "RRP.tla"])
    report = run_drift(ROOT / "traces", 1, 0, "off", [suite], None, echo=lines.append)
    assert report.exit_code == 1
    assert any("the store stayed unreachable" in p for p in report.problems), report.problems
    assert "drift: FAILED" in lines
