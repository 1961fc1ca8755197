"""Where a campaign's runs execute: this machine's processes, or an existing Dask cluster.

A campaign is many independent model-checking runs, which is what a task scheduler is for; we
use Dask's ``distributed`` rather than writing one. It is a light, pure-Python pip install, it
attaches to a running cluster by address (``dask scheduler`` on one machine, ``dask worker
ADDRESS`` on the others) and it starts a local multi-process cluster for tests. Ray would do the
same with a much heavier install (its own object store and control services) and no gain for
tasks this coarse. The workers must see the campaign's files at the same paths (a shared file
system or the same checkout), and have phalanx-verify installed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .tla.errors import UsageError
from .tla.syntax import Pos

EXECUTORS = ("local", "dask")


def dask_results(fn: Callable[[Any], Any], items: list[Any], address: str | None, workers: int) -> Iterator[Any]:
    """``fn(item)`` for every item on a Dask cluster, yielded as each finishes. ``address``: a
    running scheduler (tcp://host:8786); None starts a local cluster of ``workers`` processes,
    closed at the end. Leaving the generator early (Ctrl-C) cancels what has not run."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise UsageError("--executor dask needs Dask's distributed package (pip install distributed)",
                         Pos("--executor", 1, 1)) from None
    cluster = None
    if address is None:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout=10)
        except OSError as err:
            raise UsageError(f"cannot reach the Dask scheduler at {address}: {err}", Pos("--address", 1, 1)) from None
    futures = client.map(fn, items, pure=False)
    try:
        for _, result in as_completed(futures, with_results=True):
            yield result
    finally:
        client.cancel(futures)
        client.close()
        if cluster is not None:
            cluster.close()
