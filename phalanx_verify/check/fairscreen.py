"""A vectorised screen for check/liveness.py: does the explored graph hold no candidate for a
fair cycle at all?

The liveness search walks the sub-graph of an obligation with Tarjan's algorithm in Python and
tests each strongly connected component for fairness; on a graph of a million states that walk
took about 3 s per obligation, at every check, and a property that holds (the common case)
pays it in full. Here the same sub-graph is built as a sparse matrix and its components come
from scipy's compiled algorithm; each component's fairness bits are reduced with numpy. When no
component passes the tests that the search's own ``fair_component`` applies first (an accepting
state inside, no WF condition enabled throughout and never taken), no fair cycle exists and the
search is skipped. Otherwise the search runs as before, so which lasso is reported (the
component Tarjan's order meets first, the Emerson-Lei pruning of SF conditions) does not change.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import breadth_first_order, connected_components


def no_fair_component(space: Any, allowed: bytearray, starts: list[int], edge_bit: int,
                      accept: bytearray | None, weak: int) -> bool:
    """True when no strongly connected component of the states reachable from ``starts``
    through ``allowed`` states (by edges not taking ``edge_bit``, if non-zero) has an
    ``accept`` state (when given) and leaves no ``weak`` condition enabled throughout and never
    taken inside it. False means "search": such a component may exist, or the graph's bits do
    not fit this screen (more than 64 conditions)."""
    n = space.explored
    if not isinstance(space.enabled, array) or not isinstance(space.edge_fair, array):
        return False  # more than 64 conditions: lists of integers (FairnessTracker.prepare)
    if len(space.edge_fair) != len(space.edge_dst) or len(space.enabled) < n:
        return False
    if not starts:
        return True
    counts = np.diff(np.frombuffer(space.edge_start, dtype=np.int32)[: n + 1]).astype(np.int64)
    src = np.repeat(np.arange(n, dtype=np.int64), counts)
    dst = np.frombuffer(space.edge_dst, dtype=np.int32)[: len(src)].astype(np.int64)
    fair = np.frombuffer(space.edge_fair, dtype=np.uint64)[: len(src)]
    ok = np.frombuffer(bytes(allowed[:n]), dtype=np.uint8).astype(bool)
    inside = np.zeros(len(dst), dtype=bool)
    low = dst < n
    inside[low] = ok[src[low]] & ok[dst[low]]
    if edge_bit:
        inside &= (fair & np.uint64(edge_bit)) == 0
    src, dst, fair = src[inside], dst[inside], fair[inside]
    # the states reachable from the allowed start states: a breadth-first order from one extra
    # node with an edge to each of them
    is_root = np.zeros(n, dtype=bool)
    given = np.asarray(starts, dtype=np.int64)
    is_root[given[given < n]] = True
    roots = np.flatnonzero(is_root & ok)
    if not len(roots):
        return True
    graph = csr_matrix((np.ones(len(src) + len(roots), dtype=bool),
                        (np.concatenate([src, np.full(len(roots), n)]), np.concatenate([dst, roots]))),
                       shape=(n + 1, n + 1))
    reached = np.zeros(n + 1, dtype=bool)
    reached[breadth_first_order(graph, n, directed=True, return_predecessors=False)] = True
    reached[n] = False
    keep = reached[src]  # (then dst is reached too)
    src, dst, fair = src[keep], dst[keep], fair[keep]
    _, label = connected_components(csr_matrix((np.ones(len(src), dtype=bool), (src, dst)), shape=(n, n)),
                                    directed=True, connection="strong")
    nodes = np.flatnonzero(reached[:n])
    comp = label[nodes]
    order = np.argsort(comp, kind="stable")
    nodes, comp = nodes[order], comp[order]
    first = np.flatnonzero(np.r_[True, comp[1:] != comp[:-1]])
    enabled = np.frombuffer(space.enabled, dtype=np.uint64)[nodes]
    enabled_all = np.bitwise_and.reduceat(enabled, first)
    taken = np.zeros(int(label.max()) + 1 if len(label) else 0, dtype=np.uint64)
    inner = label[src] == label[dst]
    np.bitwise_or.at(taken, label[src[inner]], fair[inner])
    candidate = (enabled_all & np.uint64(weak) & ~taken[comp[first]]) == 0
    if accept is not None and candidate.any():
        acc = np.frombuffer(bytes(accept[:n]), dtype=np.uint8)[nodes].astype(np.int64)
        candidate &= np.add.reduceat(acc, first) > 0
    return not bool(candidate.any())
