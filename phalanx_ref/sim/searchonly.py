"""A planner that keeps no prepared repairs: Replan runs Algorithm 1's search at every failure, as
the paper describes it.

The planner prepares the repair of every block of every job whenever the state changes (``hdfb``
module docstring); its Replan is then a lookup. The report measures that path, and the search on
the same states, in its first seed (``bench_planner.inject_failures`` checks that both give the
same repair on every failure). The further seeds exist for the quality figures and the search's
latency, which do not need the prepared repairs: re-preparing ~200 repairs per failure is most of
a seed's time (``docs/simulator.md``, Speed). :class:`SearchOnlyPlanner` drops each mutation's
list of blocks to re-prepare instead of preparing them, so nothing is ever prepared and every
Replan takes the search (``Planner._replan``), whose answer is what the preparation would have
stored. Nothing else of the planner changes: placements, commits and the search are ``hdfb``'s.
"""

from __future__ import annotations

from phalanx_ref.hdfb import Placement, Planner


class SearchOnlyPlanner(Planner):
    """HDF-B without prepared repairs (see the module docstring)."""

    def _refresh(self) -> None:
        """End of a mutation: forget what the prepared planner would re-prepare."""
        self._invalidate()
        self._stale = {}


def ranks_migrated(q: Placement) -> int:
    """``len(q.migrated)`` without building two rank maps of up to 8,192 ranks when the answer is
    known: a repair moves whole blocks, and when the previous footprint is exactly the gang (no
    buddy-rounding slack) every leaf of a moved block holds one rank. Otherwise the rank maps."""
    prev = q.prev
    if q.kind == "repair" and prev is not None and sum(1 << o for _, o in prev.blocks) == prev.gang_size:
        return sum(1 << k for _, _, k in q.new_moves)
    return len(q.migrated)
