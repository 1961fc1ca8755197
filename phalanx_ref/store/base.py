"""The linearizable key-value store the RRP engine runs on: the part of etcd's v3 API it needs.

Semantics (both implementations, one shared test suite in tests/engine/test_store_contract.py):

- Every write (a put, a delete, a transaction whose branch writes, a lease expiry or revoke
  that deletes attached keys) creates exactly one new store *revision*; revisions are the
  linearization order of all writes. Reads return the revision they saw.
- ``txn(compares, success, failure)``: if every compare holds, the ``success`` ops run, else
  the ``failure`` ops, atomically, as one revision (none if the chosen branch only reads).
  A compare on a missing key sees version/create/mod revision 0 and no value.
- Leases: ``lease_grant(ttl)`` gives an id; keys put with that lease are deleted when it is
  revoked or expires (TTL without keep-alive); all keys of one lease go in one revision.
- ``watch(prefix, start_revision)`` streams every event on the prefix from that revision on,
  in revision order, including events that happened before the call (history).

Values are text (the engine writes canonical JSON), keys are text.
"""

from __future__ import annotations

import abc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass


class StoreError(RuntimeError):
    """The store rejected a request (bad argument, unknown lease)."""


class StoreUnavailable(StoreError):
    """The store could not be reached; a write may or may not have been applied."""


@dataclass(frozen=True)
class KV:
    key: str
    value: str
    create_revision: int
    mod_revision: int
    version: int
    lease: int = 0


@dataclass(frozen=True)
class Event:
    """A change at ``revision``: kind "put" (kv is the new record) or "delete" (kv.key only)."""

    kind: str
    kv: KV
    revision: int


@dataclass(frozen=True)
class Compare:
    """``target`` of ``key`` (``value``, ``version``, ``create``, ``mod``) ``op`` ``operand``.
    ``op`` is one of ``==``, ``!=``, ``<``, ``>`` (etcd's four)."""

    key: str
    target: str
    op: str
    operand: str | int


def value_is(key: str, value: str) -> Compare:
    return Compare(key, "value", "==", value)


def absent(key: str) -> Compare:
    """The key does not exist (etcd idiom: create revision 0)."""
    return Compare(key, "create", "==", 0)


@dataclass(frozen=True)
class Put:
    key: str
    value: str
    lease: int = 0


@dataclass(frozen=True)
class Delete:
    key: str


@dataclass(frozen=True)
class Get:
    """A read inside a transaction: the key, or every key under it when ``prefix``."""

    key: str
    prefix: bool = False


Op = Put | Delete | Get


@dataclass(frozen=True)
class TxnResult:
    succeeded: bool
    revision: int
    reads: tuple[tuple[KV, ...], ...] = ()


def prefix_end(prefix: str) -> str:
    """etcd's range end for a prefix scan: the prefix with its last character incremented."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


def check_compare(c: Compare, kv: KV | None) -> bool:
    """Evaluate a compare against the current record (shared by the in-memory store and tests)."""
    if c.target == "value":
        if kv is None:
            return False
        have: str | int = kv.value
    elif c.target == "version":
        have = kv.version if kv else 0
    elif c.target == "create":
        have = kv.create_revision if kv else 0
    elif c.target == "mod":
        have = kv.mod_revision if kv else 0
    else:
        raise StoreError(f"unknown compare target {c.target!r}")
    if type(have) is not type(c.operand):
        raise StoreError(f"compare {c.target} of {c.key!r} against {c.operand!r}: wrong operand type")
    if c.op == "==":
        return have == c.operand
    if c.op == "!=":
        return have != c.operand
    if c.op == "<":
        return have < c.operand  # type: ignore[operator]
    if c.op == ">":
        return have > c.operand  # type: ignore[operator]
    raise StoreError(f"unknown compare operator {c.op!r}")


class Watch(abc.ABC):
    """A stream of events in batches; a revision's events are never split across batches
    (etcd sends each revision's events in one response). Close when done."""

    @abc.abstractmethod
    def next_batch(self, timeout: float) -> list[Event] | None:
        """The next batch of events, or None when nothing arrived within ``timeout`` seconds."""

    @abc.abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> Watch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Store(abc.ABC):
    """A linearizable KV store with transactions, leases and watch (see the module docstring)."""

    @abc.abstractmethod
    def get(self, key: str) -> KV | None: ...

    @abc.abstractmethod
    def range(self, prefix: str) -> tuple[list[KV], int]:
        """Every key starting with ``prefix``, sorted by key, and the revision read at."""

    @abc.abstractmethod
    def txn(self, compares: Sequence[Compare], success: Sequence[Op],
            failure: Sequence[Op] = ()) -> TxnResult: ...

    @abc.abstractmethod
    def lease_grant(self, ttl: int) -> int: ...

    @abc.abstractmethod
    def lease_keepalive(self, lease: int) -> int:
        """Renew a lease; returns its TTL, or 0 when the lease no longer exists."""

    @abc.abstractmethod
    def lease_revoke(self, lease: int) -> int:
        """Revoke a lease (deleting its keys); returns the revision after the revoke."""

    @abc.abstractmethod
    def watch(self, prefix: str, start_revision: int) -> Watch: ...

    def close(self) -> None:  # noqa: B027 - optional hook, the in-memory store has nothing to release
        """Release connections."""

    def put(self, key: str, value: str, lease: int = 0) -> int:
        return self.txn((), (Put(key, value, lease),)).revision

    def delete(self, key: str) -> int:
        return self.txn((), (Delete(key),)).revision

    def revision(self) -> int:
        return self.range("\x00")[1]

    def history(self, prefix: str, start_revision: int, end_revision: int,
                timeout: float = 10.0) -> Iterator[Event]:
        """Events on ``prefix`` with start_revision <= revision <= end_revision, in order."""
        if end_revision < start_revision:
            return
        with self.watch(prefix, start_revision) as w:
            while True:
                batch = w.next_batch(timeout)
                if batch is None:
                    raise StoreUnavailable(f"watch on {prefix!r} stalled before revision {end_revision}")
                for ev in batch:
                    if ev.revision > end_revision:
                        return
                    yield ev
                if batch and batch[-1].revision >= end_revision:
                    return
