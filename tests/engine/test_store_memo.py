"""The in-memory store's remembered compares (store/memory.py): a compare that held is skipped
until its key is written. The fast path must answer every transaction as the plain store
(``memo=False``) does, and forget a compare as soon as its key changes by any write."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from phalanx_ref.store.base import Compare, Delete, Put, StoreError, absent, value_is
from phalanx_ref.store.memory import MemoryStore

KEYS = ("a", "b", "c")


def test_a_remembered_compare_is_forgotten_when_its_key_is_written() -> None:
    s = MemoryStore(0)
    s.put("a", "1")
    c = value_is("a", "1")
    assert s.txn([c], []).succeeded
    assert s.txn([c], []).succeeded  # remembered
    s.put("a", "2")
    assert not s.txn([c], []).succeeded, "a compare remembered past a write of its key"
    s.put("a", "1")
    assert s.txn([c], []).succeeded


def test_a_lease_revoke_or_expiry_forgets_the_compares_on_its_keys() -> None:
    s = MemoryStore(0)
    for how in ("revoke", "expire"):
        lease = s.lease_grant(5)
        s.put("w", "x", lease)
        c = Compare("w", "create", ">", 0)
        assert s.txn([c], []).succeeded and s.txn([c], []).succeeded
        if how == "revoke":
            s.lease_revoke(lease)
        else:
            s.advance(10)
        assert not s.txn([c], []).succeeded, how


def test_a_bad_compare_after_a_false_one_still_raises_nothing_and_before_it_raises() -> None:
    for memo in (True, False):
        s = MemoryStore(0, memo=memo)
        s.put("a", "1")
        bad = Compare("a", "value", "==", 3)  # wrong operand type
        assert not s.txn([value_is("a", "0"), bad], []).succeeded
        try:
            s.txn([value_is("a", "1"), bad], [])
        except StoreError:
            pass
        else:
            raise AssertionError(f"memo={memo}: the invalid compare was not checked")


_compare = st.one_of(
    st.builds(value_is, st.sampled_from(KEYS), st.sampled_from(("1", "2"))),
    st.builds(absent, st.sampled_from(KEYS)),
    st.builds(Compare, st.sampled_from(KEYS), st.sampled_from(("version", "create", "mod")),
              st.sampled_from(("==", "!=", "<", ">")), st.integers(0, 6)),
)
_op = st.one_of(st.builds(Put, st.sampled_from(KEYS), st.sampled_from(("1", "2"))),
                st.builds(Delete, st.sampled_from(KEYS)))


@settings(max_examples=150, deadline=None)
@given(pool=st.lists(_compare, min_size=1, max_size=8),
       steps=st.lists(st.tuples(st.lists(st.integers(0, 7), max_size=5), st.lists(_op, max_size=3),
                                st.lists(_op, max_size=2), st.booleans()), max_size=25))
def test_remembered_compares_answer_as_the_plain_store(pool: list[Compare], steps: list) -> None:
    """Random transactions whose guards reuse the same compare objects (as the engine's cache
    does), some keys under a lease that is revoked: same outcomes, revisions and history."""
    stores = [MemoryStore(1), MemoryStore(1, memo=False)]
    leases = [s.lease_grant(100) for s in stores]
    for s, lease in zip(stores, leases, strict=True):
        s.put("c", "1", lease)
    for picks, success, failure, revoke in steps:
        guard = [pool[i % len(pool)] for i in picks]
        got = [s.txn(guard, success, failure) for s in stores]
        assert got[0] == got[1]
        if revoke and leases[0] is not None:
            assert [s.lease_revoke(x) for s, x in zip(stores, leases, strict=True)] == [stores[1].revision()] * 2
            leases = [None, None]
    assert stores[0]._events == stores[1]._events
