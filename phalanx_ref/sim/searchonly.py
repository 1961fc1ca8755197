"""The further seeds' shortcuts, for a planner that keeps no prepared repairs.

The report's first seed runs a :class:`~phalanx_ref.prepared.PreparedPlanner`, which prepares the
repair of every block of every job whenever the state changes, so its Replan is a lookup; it
measures that path and the search on the same states (``bench_planner.inject_failures`` checks
that both give the same repair on every failure). The further seeds exist for the quality figures
and the search's latency, which do not need the prepared repairs: re-preparing ~200 repairs per
failure is most of a seed's time (``docs/simulator.md``, Speed). They run the plain
:class:`~phalanx_ref.hdfb.Planner`, whose every Replan is Algorithm 1's search, as the paper
describes it, and whose answer is what the preparation would have stored.
"""

from __future__ import annotations

from phalanx_ref.hdfb import Placement


def ranks_migrated(q: Placement) -> int:
    """``len(q.migrated)`` without building two rank maps of up to 8,192 ranks when the answer is
    known: a repair moves whole blocks, and when the previous footprint is exactly the gang (no
    buddy-rounding slack) every leaf of a moved block holds one rank. Otherwise the rank maps."""
    prev = q.prev
    if q.kind == "repair" and prev is not None and sum(1 << o for _, o in prev.blocks) == prev.gang_size:
        return sum(1 << k for _, _, k in q.new_moves)
    return len(q.migrated)
