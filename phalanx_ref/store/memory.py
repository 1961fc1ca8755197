"""In-memory store with etcd's transaction, lease and watch semantics (see base.py).

Deterministic: lease ids come from a seeded generator and lease expiry follows a logical clock
that only :meth:`MemoryStore.advance` moves, so a seeded simulation replays exactly. The whole
event history is kept, so a watch can start at any past revision (etcd without compaction).
Thread-safe: one lock around every operation, so it stays linearizable under concurrent callers.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence

from phalanx_ref.store.base import (
    KV,
    Compare,
    Delete,
    Event,
    Get,
    Op,
    Put,
    Store,
    StoreError,
    TxnResult,
    Watch,
    check_compare,
)


class MemoryStore(Store):
    def __init__(self, seed: int = 0) -> None:
        self._kv: dict[str, KV] = {}
        self._rev = 1  # etcd starts at revision 1 with an empty keyspace
        self._events: list[Event] = []
        self._leases: dict[int, tuple[int, float]] = {}   # id -> (ttl, deadline)
        self._lease_keys: dict[int, set[str]] = {}
        self._rng = random.Random(seed)
        self._cond = threading.Condition()
        self.now = 0.0

    # ---- reads -------------------------------------------------------------------------------
    def get(self, key: str) -> KV | None:
        with self._cond:
            return self._kv.get(key)

    def range(self, prefix: str) -> tuple[list[KV], int]:
        with self._cond:
            return self._scan(prefix), self._rev

    def _scan(self, prefix: str) -> list[KV]:
        return sorted((kv for k, kv in self._kv.items() if k.startswith(prefix)), key=lambda kv: kv.key)

    # ---- writes ------------------------------------------------------------------------------
    def txn(self, compares: Sequence[Compare], success: Sequence[Op], failure: Sequence[Op] = ()) -> TxnResult:
        with self._cond:
            ok = self._holds(compares)
            ops = success if ok else failure
            for op in ops:
                if isinstance(op, Put) and op.lease and op.lease not in self._leases:
                    raise StoreError(f"put {op.key!r}: lease {op.lease:x} not found")
            reads: list[tuple[KV, ...]] = []
            changes: list[Event] = []
            rev = self._rev + 1
            for op in ops:
                if isinstance(op, Get):
                    reads.append(tuple(self._scan(op.key)) if op.prefix else
                                 tuple(kv for kv in (self._kv.get(op.key),) if kv is not None))
                elif isinstance(op, Put):
                    changes.append(self._put(op, rev))
                elif isinstance(op, Delete) and op.key in self._kv:
                    changes.append(self._delete(op.key, rev))
            if changes:
                self._commit(changes)
            return TxnResult(ok, self._rev, tuple(reads))

    def _holds(self, compares: Sequence[Compare]) -> bool:
        """Every compare holds. The engine's guards are mostly value and create-revision
        equalities on thousands of keys (a gang's footprint), so those two are tested inline."""
        get = self._kv.get
        for c in compares:
            kv = get(c.key)
            operand = c.operand
            if c.op != "==":
                ok = check_compare(c, kv)
            elif operand.__class__ is str and c.target == "value":
                ok = kv is not None and kv.value == operand
            elif operand.__class__ is int and c.target == "create":
                ok = (kv.create_revision if kv is not None else 0) == operand
            else:
                ok = check_compare(c, kv)
            if not ok:
                return False
        return True

    def _put(self, op: Put, rev: int) -> Event:
        old = self._kv.get(op.key)
        if old is not None and old.lease:
            self._lease_keys.get(old.lease, set()).discard(op.key)
        kv = KV(op.key, op.value, old.create_revision if old else rev, rev, old.version + 1 if old else 1, op.lease)
        self._kv[op.key] = kv
        if op.lease:
            self._lease_keys[op.lease].add(op.key)
        return Event("put", kv, rev)

    def _delete(self, key: str, rev: int) -> Event:
        old = self._kv.pop(key)
        if old.lease:
            self._lease_keys.get(old.lease, set()).discard(key)
        return Event("delete", KV(key, "", 0, rev, 0), rev)

    def _commit(self, changes: list[Event]) -> None:
        self._rev += 1
        self._events.extend(changes)
        self._cond.notify_all()

    # ---- leases ------------------------------------------------------------------------------
    def lease_grant(self, ttl: int) -> int:
        with self._cond:
            lease = self._rng.getrandbits(62) | 1
            self._leases[lease] = (ttl, self.now + ttl)
            self._lease_keys[lease] = set()
            return lease

    def lease_keepalive(self, lease: int) -> int:
        with self._cond:
            if lease not in self._leases:
                return 0
            ttl = self._leases[lease][0]
            self._leases[lease] = (ttl, self.now + ttl)
            return ttl

    def lease_revoke(self, lease: int) -> int:
        with self._cond:
            if lease not in self._leases:
                raise StoreError(f"lease {lease:x} not found")
            self._drop_lease(lease)
            return self._rev

    def _drop_lease(self, lease: int) -> None:
        del self._leases[lease]
        keys = sorted(self._lease_keys.pop(lease))
        if keys:
            rev = self._rev + 1
            self._commit([self._delete(k, rev) for k in keys])

    def advance(self, seconds: float) -> list[int]:
        """Move the logical clock; leases past their deadline expire (earliest first, ties by
        id), each deleting its keys in one revision. Returns the expired lease ids."""
        with self._cond:
            self.now += seconds
            due = sorted((d, lease) for lease, (_, d) in self._leases.items() if d <= self.now)
            for _, lease in due:
                self._drop_lease(lease)
            return [lease for _, lease in due]

    # ---- watch -------------------------------------------------------------------------------
    def watch(self, prefix: str, start_revision: int) -> Watch:
        return _MemoryWatch(self, prefix, start_revision)


class _MemoryWatch(Watch):
    def __init__(self, store: MemoryStore, prefix: str, start_revision: int) -> None:
        self._store = store
        self._prefix = prefix
        self._start = start_revision
        self._pos = 0
        self._closed = False

    def next_batch(self, timeout: float) -> list[Event] | None:
        st = self._store
        with st._cond:
            while True:
                events = st._events
                while self._pos < len(events) and events[self._pos].revision < self._start:
                    self._pos += 1
                if self._pos < len(events):
                    rev = events[self._pos].revision
                    batch = []
                    while self._pos < len(events) and events[self._pos].revision == rev:
                        ev = events[self._pos]
                        self._pos += 1
                        if ev.kv.key.startswith(self._prefix):
                            batch.append(ev)
                    if batch:
                        return batch
                    continue
                if self._closed or not st._cond.wait(timeout):
                    return None

    def close(self) -> None:
        self._closed = True
