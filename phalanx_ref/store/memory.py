"""In-memory store with etcd's transaction, lease and watch semantics (see base.py).

Deterministic: lease ids come from a seeded generator and lease expiry follows a logical clock
that only :meth:`MemoryStore.advance` moves, so a seeded simulation replays exactly. The whole
event history is kept, so a watch can start at any past revision (etcd without compaction).
Thread-safe: one lock around every operation, so it stays linearizable under concurrent callers.

Guards are checked once per compare object: a compare that held stays true until its key is
written (a compare reads only its key's record), so the store remembers the compare objects that
held, by identity, and forgets those of a key when it writes that key. The RRP engine's guards
are a gang's footprint, thousands of compares per step, built from per-leaf compare objects its
cache keeps (engine_cache.py); a recovery changes a few of those leaves, so a guard is checked
mostly at C speed (a membership test per compare) instead of reading every record again. ``memo
=False`` checks every compare every time (the plain path the tests compare this one with).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from itertools import compress
from operator import not_

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

MEMO_LIMIT = 1 << 18
"""Remembered compares beyond this (and beyond twice the keys) are all forgotten: compares on keys
never written again (a seal's) would otherwise pile up in a long run."""


class MemoryStore(Store):
    def __init__(self, seed: int = 0, memo: bool = True) -> None:
        self._kv: dict[str, KV] = {}
        self._rev = 1  # etcd starts at revision 1 with an empty keyspace
        self._events: list[Event] = []
        self._leases: dict[int, tuple[int, float]] = {}   # id -> (ttl, deadline)
        self._lease_keys: dict[int, set[str]] = {}
        self._rng = random.Random(seed)
        self._cond = threading.Condition()
        self.now = 0.0
        self._memo = memo
        self._held: dict[int, Compare] = {}        # id -> a compare that holds (kept alive: ids stay unique)
        self._held_on: dict[str, list[int]] = {}   # key -> ids in _held of compares on that key

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
        """Every compare holds. Compares remembered as holding (see the module docstring) are
        skipped without a Python step each; the rest are checked in order, the first that fails
        ending the check as before (so an invalid compare after it raises nothing, as before)."""
        held = self._held
        if not isinstance(compares, list | tuple):
            compares = list(compares)  # read twice below
        todo = compress(compares, map(not_, map(held.__contains__, map(id, compares)))) if held else compares
        for c in todo:
            if not self._check(c):
                return False
            if self._memo:
                held[id(c)] = c
                on = self._held_on.get(c.key)
                if on is None:
                    self._held_on[c.key] = [id(c)]
                else:
                    on.append(id(c))
        if len(held) > MEMO_LIMIT and len(held) > 2 * len(self._kv):
            held.clear()
            self._held_on.clear()
        return True

    def _check(self, c: Compare) -> bool:
        """One compare against the current record; value and create-revision equalities (the
        engine's guards) inline, the rest by :func:`check_compare`."""
        kv = self._kv.get(c.key)
        operand = c.operand
        if c.op != "==":
            return check_compare(c, kv)
        if operand.__class__ is str and c.target == "value":
            return kv is not None and kv.value == operand
        if operand.__class__ is int and c.target == "create":
            return (kv.create_revision if kv is not None else 0) == operand
        return check_compare(c, kv)

    def _forget(self, key: str) -> None:
        """``key`` is being written: the compares remembered on it may no longer hold."""
        ids = self._held_on.pop(key, None)
        if ids is not None:
            held = self._held
            for i in ids:
                held.pop(i, None)

    def _put(self, op: Put, rev: int) -> Event:
        self._forget(op.key)
        old = self._kv.get(op.key)
        if old is not None and old.lease:
            self._lease_keys.get(old.lease, set()).discard(op.key)
        kv = KV(op.key, op.value, old.create_revision if old else rev, rev, old.version + 1 if old else 1, op.lease)
        self._kv[op.key] = kv
        if op.lease:
            self._lease_keys[op.lease].add(op.key)
        return Event("put", kv, rev)

    def _delete(self, key: str, rev: int) -> Event:
        self._forget(key)
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
