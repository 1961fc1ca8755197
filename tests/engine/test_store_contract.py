"""One contract, two stores: the in-memory store and a real etcd must agree on transactions,
revisions, leases and watch (the semantics the RRP engine relies on)."""

from __future__ import annotations

import threading
import time

import pytest

from phalanx_ref.store import Compare, Delete, Get, Put, StoreError, absent, value_is
from phalanx_ref.store.memory import MemoryStore


def test_put_get_range_revisions(any_store, prefix):
    s = any_store
    r1 = s.put(prefix + "a", "1")
    r2 = s.put(prefix + "b", "2")
    assert r2 == r1 + 1
    kv = s.get(prefix + "a")
    assert (kv.value, kv.version, kv.create_revision, kv.mod_revision) == ("1", 1, r1, r1)
    s.put(prefix + "a", "3")
    kv = s.get(prefix + "a")
    assert (kv.value, kv.version, kv.create_revision) == ("3", 2, r1)
    kvs, rev = s.range(prefix)
    assert [k.key for k in kvs] == [prefix + "a", prefix + "b"] and rev == r2 + 1
    assert s.get(prefix + "zz") is None


def test_txn_compares_choose_branch_atomically(any_store, prefix):
    s = any_store
    a, b = prefix + "a", prefix + "b"
    s.put(a, "x")
    r = s.txn([value_is(a, "x"), absent(b)], [Put(b, "new"), Get(a)], [Put(b, "wrong")])
    assert r.succeeded and r.reads[0][0].value == "x" and s.get(b).value == "new"
    before = s.revision()
    r = s.txn([value_is(a, "x"), absent(b)], [Put(b, "again")], [Get(b)])
    assert not r.succeeded and r.reads[0][0].value == "new"
    assert s.revision() == before, "a branch that only reads makes no revision"
    r = s.txn([Compare(a, "version", "==", 1), Compare(b, "mod", ">", 0)], [Delete(a), Put(b, "z")])
    assert r.succeeded and r.revision == before + 1, "one txn, one revision"
    assert s.get(a) is None and s.get(b).mod_revision == r.revision
    assert not s.txn([value_is(a, "x")], [Put(a, "y")]).succeeded, "a value compare on a missing key fails"


def test_lease_revoke_deletes_attached_keys_in_one_revision(any_store, prefix):
    s = any_store
    lease = s.lease_grant(60)
    s.txn([], [Put(prefix + "w1", "a", lease), Put(prefix + "w2", "b", lease), Put(prefix + "keep", "c")])
    assert s.lease_keepalive(lease) == 60
    before = s.revision()
    after = s.lease_revoke(lease)
    assert after == before + 1
    assert [k.key for k in s.range(prefix)[0]] == [prefix + "keep"]
    assert s.lease_keepalive(lease) == 0
    with pytest.raises(StoreError):
        s.put(prefix + "w3", "x", lease)


def test_watch_replays_history_in_revision_order(any_store, prefix):
    s = any_store
    start = s.put(prefix + "a", "1")
    s.txn([], [Put(prefix + "b", "2"), Put(prefix + "c", "3")])
    s.put("elsewhere/" + prefix, "x")
    end = s.delete(prefix + "a")
    events = list(s.history(prefix, start, end))
    assert [(e.kind, e.kv.key, e.revision) for e in events] == [
        ("put", prefix + "a", start), ("put", prefix + "b", start + 1), ("put", prefix + "c", start + 1),
        ("delete", prefix + "a", end)]


def test_watch_sees_later_writes(any_store, prefix):
    s = any_store
    rev = s.revision()
    with s.watch(prefix, rev + 1) as w:
        s.put(prefix + "k", "v")
        batch = w.next_batch(5.0)
    assert batch is not None and batch[0].kv.value == "v"


def test_closing_a_quiet_watch_stops_its_reader(any_store, prefix):
    """A watch with nothing to report is blocked in a read; close() must still end it. Leaked
    readers piled up over the test run, and a thread alive at a fork() (the parallel search's
    workers) can leave a lock held in the child."""
    before = set(threading.enumerate())
    w = any_store.watch(prefix, any_store.revision() + 1)
    assert w.next_batch(0.2) is None
    w.close()
    deadline = time.monotonic() + 5.0
    while set(threading.enumerate()) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert set(threading.enumerate()) - before == set()


def test_memory_lease_expiry_on_logical_clock():
    s = MemoryStore(seed=1)
    short, long_ = s.lease_grant(5), s.lease_grant(50)
    s.txn([], [Put("a", "1", short), Put("b", "2", long_)])
    assert s.advance(4) == [] and s.get("a") is not None
    s.lease_keepalive(short)
    assert s.advance(4.5) == [] and s.get("a") is not None, "keep-alive pushed the deadline"
    assert s.advance(1) == [short]
    assert s.get("a") is None and s.get("b") is not None


def test_memory_store_is_deterministic_per_seed():
    assert MemoryStore(3).lease_grant(1) == MemoryStore(3).lease_grant(1) != MemoryStore(4).lease_grant(1)


@pytest.mark.etcd
def test_etcd_lease_expires_by_ttl(etcd_store, prefix):
    lease = etcd_store.lease_grant(1)
    etcd_store.put(prefix + "ttl", "x", lease)
    deadline = time.monotonic() + 15
    while etcd_store.get(prefix + "ttl") is not None and time.monotonic() < deadline:
        time.sleep(0.2)
    assert etcd_store.get(prefix + "ttl") is None, "etcd expired the lease and deleted its key"
