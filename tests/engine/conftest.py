"""Stores for the engine tests: the in-memory store always, a real etcd (started here on
127.0.0.1 with a temporary data directory, stopped at the end) when the binary is installed."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from phalanx_ref.store.etcd_server import EtcdServer, etcd_binary
from phalanx_ref.store.memory import MemoryStore

NO_ETCD = "etcd binary not found: apt-get install etcd-server"
_roots = itertools.count()


@pytest.fixture(scope="session")
def etcd_server() -> Iterator[EtcdServer]:
    if etcd_binary() is None:
        pytest.skip(NO_ETCD)
    with EtcdServer() as srv:
        yield srv


@pytest.fixture
def etcd_store(etcd_server: EtcdServer) -> Iterator:
    from phalanx_ref.store.etcd import EtcdStore

    store = EtcdStore(etcd_server.endpoint)
    yield store
    store.close()


@pytest.fixture(params=["memory", pytest.param("etcd", marks=pytest.mark.etcd)])
def any_store(request: pytest.FixtureRequest) -> Iterator:
    """The same contract test on both stores; each test gets its own key prefix."""
    if request.param == "memory":
        yield MemoryStore(seed=7)
    else:
        yield request.getfixturevalue("etcd_store")


@pytest.fixture
def prefix() -> str:
    """A fresh key prefix, so tests sharing one etcd never see each other's keys."""
    return f"t{next(_roots)}/"
