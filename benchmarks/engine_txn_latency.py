"""Guarded-transaction latency of the stores (the Commit shape: an epoch compare plus one
free-or-mine compare per planned leaf, then 8 puts): in-memory, and a local etcd through the
JSON gateway when the etcd binary is installed.

Usage: python benchmarks/engine_txn_latency.py [--n 2000]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from phalanx_ref.store import MemoryStore, Put, Store, absent, value_is
from phalanx_ref.store.etcd_server import EtcdServer, etcd_binary


def measure(store: Store, n: int) -> list[float]:
    store.put("bench/epoch", "0")
    out = []
    for i in range(n):
        guard = [value_is("bench/epoch", str(i))] + [absent(f"bench/free/{x}") for x in range(8)]
        ops = [Put("bench/epoch", str(i + 1))] + [Put(f"bench/alloc/{x}", str(i)) for x in range(8)]
        t0 = time.perf_counter()
        ok = store.txn(guard, ops).succeeded
        out.append(time.perf_counter() - t0)
        assert ok
    return out


def show(name: str, xs: list[float]) -> None:
    xs = sorted(xs)
    print(f"{name:8s} txn: median {statistics.median(xs) * 1e3:.3f} ms, p99 {xs[int(len(xs) * 0.99)] * 1e3:.3f} ms, "
          f"{len(xs) / sum(xs):,.0f} txn/s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    a = ap.parse_args()
    print(f"python {platform.python_version()}")
    show("memory", measure(MemoryStore(0), a.n))
    if etcd_binary() is None:
        print("etcd: binary not found (apt-get install etcd-server)")
        return
    from phalanx_ref.store.etcd import EtcdStore
    with EtcdServer() as srv:
        store = EtcdStore(srv.endpoint)
        show("etcd", measure(store, a.n))
        store.close()


if __name__ == "__main__":
    main()
