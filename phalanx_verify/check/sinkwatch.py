"""The bad prefix of a temporal property, found while the sequential search explores, where
TLC finds it (LiveCheck.TableauLiveChecker).

TLC builds the product of the state graph and the tableau of a negated temporal property as its
workers expand states: expanding s0 (now "done"), it adds for each node (s0, t0) and each
successor s1 of s0 (its stuttering step too) the nodes (s1, t1), t1 a tableau successor of t0
that s1 satisfies. A new node of a done state is explored at once, depth first
(``addNextState(s, t)``: its stuttering step, then its successors); and there, where a tableau
successor of t is the node of no formula (TRUE, its own successor, ``isAccepting``), the run to
(s, t) violates the property whatever follows, provided the disjunct has no <>[] or []<>
condition and the spec no fairness (``hasEmptyPEM``). TLC then stops the search in the middle
of its level, and prints the shortest path to (s, t) in the product (TableauDiskGraph.getPath,
a breadth-first search along the edges in the order they were added).

A violation that this rule does not catch (the node of no formula reached only through states
not yet done) is found as before, by the checks on the explored graph (check/liveness.py), as
TLC finds it by its checks on the whole behaviour graph.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from .bfs import StateSpace
from .liveness import node_holds
from .tableau import Tableau


class SinkWatch:
    """TLC's product graph for one tableau, grown as the search expands states."""

    def __init__(self, tab: Tableau, truth: list[bytearray]) -> None:
        self.tab = tab
        self.truth = truth  # liveness.node_truth's table, shared with the checks on the graph
        self.sink = [not particle for particle in tab.nodes]  # tableau nodes of no formula
        self.index: dict[tuple[int, int], int] = {}  # (state id, tableau node) -> product node
        self.pairs: list[tuple[int, int]] = []
        self.adj: list[list[int]] = []  # each node's successors, in the order added
        self.edges: set[tuple[int, int]] = set()
        self.nodes_of: dict[int, list[int]] = {}  # state id -> its tableau nodes, as recorded
        self.initial: list[int] = []
        self.found: int | None = None  # the product node a violation ends at
        self.started = False

    def _holds(self, k: int, sid: int, space: StateSpace) -> bool:
        return node_holds(self.tab, self.truth, space, k, sid)

    def _node(self, sid: int, k: int) -> tuple[int, bool]:
        v = self.index.get((sid, k))
        if v is not None:
            return v, False
        v = self.index[sid, k] = len(self.pairs)
        self.pairs.append((sid, k))
        self.adj.append([])
        self.nodes_of.setdefault(sid, []).append(k)
        return v, True

    def _edge(self, v: int, w: int) -> None:
        if (v, w) not in self.edges:
            self.edges.add((v, w))
            self.adj[v].append(w)

    def add_initial(self, space: StateSpace, sid: int) -> None:
        """TLC's addInitState: (s, t) for each initial tableau node t that s satisfies."""
        for k in self.tab.initial:
            if self._holds(k, sid, space):
                v, new = self._node(sid, k)
                if new:
                    self.initial.append(v)

    def expanded(self, space: StateSpace, sid: int) -> bool:
        """``sid``'s successors inside the model are the last edges of ``space``: extend the
        product as TLC does once it has expanded a state (ids are expanded in order: the done
        states are those up to sid); False when that found the bad prefix (see ``path``)."""
        if not self.started:  # the initial states are all known before the first expansion
            self.started = True
            for s in space.initial:
                self.add_initial(space, s)
        targets = [sid, *space.edge_dst[space.edge_start[sid]:]]  # its stuttering step too
        succ = self.tab.succ
        for k0 in list(self.nodes_of.get(sid, ())):
            v0 = self.index[sid, k0]
            for s1 in targets:
                for k1 in succ[k0]:
                    if self._holds(k1, s1, space):
                        v1, new = self._node(s1, k1)
                        self._edge(v0, v1)
                        if new and s1 <= sid:  # s1 is done
                            self._explore(space, sid, s1, k1)
        return self.found is None

    def _explore(self, space: StateSpace, current: int, s: int, k: int) -> None:
        """TLC's addNextState(s, t) for a new node of a done state: depth first, in TLC's
        order, on a stack of its own (the chains of done states can be long)."""
        stack = [self._steps(space, current, s, k)]
        while stack and self.found is None:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
            else:
                stack.append(self._steps(space, current, *child))

    def _steps(self, space: StateSpace, current: int, s: int, k: int) -> Iterator[tuple[int, int]]:
        """The body of addNextState(s, t): it adds the edges of node (s, t) and yields each new
        node of a done state, which is explored before it goes on."""
        v = self.index[s, k]
        for k1 in self.tab.succ[k]:  # the stuttering step s -> s
            if self._holds(k1, s, space):
                if self.sink[k1]:
                    self.found = v
                    return
                v1, new = self._node(s, k1)
                self._edge(v, v1)
                if new:
                    yield s, k1
        dst = space.edge_dst
        end = len(dst) if s == current else space.edge_start[s + 1]
        for e in range(space.edge_start[s], end):
            s2 = dst[e]
            for k1 in self.tab.succ[k]:
                if self._holds(k1, s2, space):
                    v1, new = self._node(s2, k1)
                    self._edge(v, v1)
                    if new and s2 <= current:
                        yield s2, k1

    def path(self) -> list[int]:
        """The states of the shortest path from an initial node to the node found, repeated
        states (stuttering, tableau steps) shown once."""
        assert self.found is not None
        goal = self.found
        parent: dict[int, int] = {v: -1 for v in self.initial}
        queue = deque(self.initial)
        while queue and goal not in parent:
            v = queue.popleft()
            for w in self.adj[v]:
                if w not in parent:
                    parent[w] = v
                    queue.append(w)
        nodes = [goal]
        while parent[nodes[-1]] != -1:
            nodes.append(parent[nodes[-1]])
        ids = [self.pairs[v][0] for v in reversed(nodes)]
        return [s for i, s in enumerate(ids) if i == 0 or ids[i - 1] != s]
