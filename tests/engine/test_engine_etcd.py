"""The engine on a real etcd: its traces replay, and it rides out an etcd stop and restart in
the middle of a run without a leaf ever owned twice."""

from __future__ import annotations

import itertools

import pytest

from phalanx_ref.rrp_records import Keys
from phalanx_ref.trace_emit import record
from tests.engine.trace_helpers import replay

pytestmark = pytest.mark.etcd
_runs = itertools.count()


def test_etcd_runs_replay(etcd_store, tmp_path):
    for seed in range(3):
        path = tmp_path / f"etcd{seed}.ndjson"
        record(etcd_store, path, seed, keys=Keys(f"e{next(_runs)}/"))
        res = replay(path)
        assert res.steps > 0 and not res.divergences, res.divergences[0].line_text()


def test_etcd_restart_mid_run(etcd_server, etcd_store, tmp_path):
    """etcd is stopped after operation 40 and started again after operation 55: the operations in
    between find it unreachable, the level-triggered engine re-reads and carries on."""
    outage: list[int] = []

    def on_op(op: int) -> None:
        if op == 40:
            etcd_server.stop()
            outage.append(op)
        elif op == 55:
            etcd_server.start()
            outage.append(op)

    path = tmp_path / "restart.ndjson"
    run = record(etcd_store, path, 4, keys=Keys(f"e{next(_runs)}/"), on_op=on_op)
    assert outage == [40, 55] and run.unavailable > 0
    res = replay(path)
    assert not res.divergences, res.divergences[0].line_text()
    assert res.actions["Commit"] > 0
    # alloc/{leaf} is one key per leaf, so no leaf has two owners; and the spec's own
    # invariants (TypeOK: alloc is a function) held at every step of the replay above
    kvs, _ = etcd_store.range(run.keys.root + "alloc/")
    assert len({kv.key for kv in kvs}) == len(kvs)
