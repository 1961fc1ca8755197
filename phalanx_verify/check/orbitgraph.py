"""The graph a temporal property is checked on under SYMMETRY, built as TLC's LiveCheck builds it.

Under SYMMETRY a state kept stands for its orbit, and the successors the search generates from
it are members of their orbits as generated, mostly not the states kept. TLC's behaviour graph
has a node per (orbit, tableau node) and decides:

- a node's tableau atoms on the successor as generated that leads to it (TBGraphNode.isConsistent
  on each successor), not on the state kept for its orbit;
- a node's state conditions (the ENABLED of the fairness, the state predicates of []<> and <>[])
  on the state it expands the node from, and a step's action conditions (a fairness's
  <<A>>_v, the actions of []<> and <>[]) on that state and the successor as generated;
- the state a node is expanded from: the state kept for its orbit when the node exists by the
  time the search expands the orbit (LiveCheck.addNextState); a node found later (a step into
  an orbit already expanded, with a tableau node not seen there yet) is expanded at once, depth
  first, from the successor as generated (TableauLiveChecker's private addNextState, which
  generates that member's own successors and its stuttering step).

A node gets one edge to each node (the first successor consistent with it, and so its action
conditions), except, without a tableau (LiveChecker), a node not yet expanded: then one per
distinct successor. The graph of the states kept gives other verdicts (fuzz12 SymLiveMiss: a
starving process TLC finds, hidden there because the state kept for the orbit is the mirror
image of the one the cycle passes through).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from ..tla.values import same
from .bfs import StateSpace, label_text, state_key
from .fairness import FairnessTracker
from .model import Model
from .report import TraceStep
from .tableau import Tableau

Successor = tuple[tuple, int, int]  # (the successor as generated, its orbit's id, its fairness step bits)


class OrbitProduct:
    """TLC's behaviour graph of a tableau ``tab`` over the explored graph of a search under
    SYMMETRY: the interface of liveness._Product (``sid``, ``tnode``, ``parent``, ``adj``, and
    what the search reads of nodes and steps), its nodes numbered in breadth-first order from
    the initial nodes so that ``parent`` gives shortest prefixes."""

    def __init__(self, model: Model, space: StateSpace, tab: Tableau, tracker: FairnessTracker,
                 one_edge_per_target: bool) -> None:
        self.model, self.space, self.tab, self.tracker = model, space, tab, tracker
        self.one_edge = one_edge_per_target  # TLC's tableau graph; without a tableau, once expanded
        self.sid: list[int] = []
        self.tnode: list[int] = []
        self.node_state: list[tuple | None] = []  # the state each node is expanded from
        self.node_enabled: list[int] = []
        self.adj: list[list[tuple[int, int]]] = []
        self.steps: list[tuple[tuple, tuple]] = []  # per edge: (the node's state, the successor)
        self.step_bits: list[int] = []
        self._index: dict[tuple[int, int], int] = {}
        self._targets: list[set[int]] = []
        self._written: list[bool] = []
        self._by_orbit: dict[int, list[int]] = {}
        self._initial: list[int] = []
        self._build()
        self._renumber()

    # -- the interface liveness._GeneralSearch reads -------------------------------------------
    def state(self, v: int) -> tuple:
        s = self.node_state[v]
        return self.space.states[self.sid[v]] if s is None else s

    def step(self, v: int, e: int) -> tuple[tuple, tuple]:
        return self.steps[e]

    def enabled(self, v: int) -> int:
        return self.node_enabled[v]

    def fair(self, e: int) -> int:
        return self.step_bits[e]

    def step_key(self, v: int, e: int) -> Any:
        return e  # (each step is an edge of its own here; the search's cache is this graph's alone)

    def path_to(self, v: int) -> list[int]:
        return product_path(self, v)

    # -- construction ------------------------------------------------------------------------
    def _consistent(self, k: int, s: tuple) -> bool:
        return self.tab.free[k] or self.tab.holds[k](s)

    def _node(self, orbit: int, k: int) -> tuple[int, bool]:
        """The node (orbit, k), and whether it is new."""
        v = self._index.get((orbit, k))
        if v is not None:
            return v, False
        v = self._index[(orbit, k)] = len(self.sid)
        self.sid.append(orbit)
        self.tnode.append(k)
        self.node_state.append(None)
        self.node_enabled.append(0)
        self.adj.append([])
        self._targets.append(set())
        self._written.append(False)
        self._by_orbit.setdefault(orbit, []).append(v)
        return v, True

    def _link(self, v: int, orbit: int, k: int, a: tuple, b: tuple, bits: int) -> tuple[int, bool]:
        """An edge from node v to (orbit, k) for the step a -> b, unless TLC leaves it out;
        returns the target node and whether it is new."""
        w, new = self._node(orbit, k)
        if w in self._targets[v] and (self.one_edge or self._written[w]):
            return w, False
        self._targets[v].add(w)
        self.adj[v].append((w, len(self.steps)))
        self.steps.append((a, b))
        self.step_bits.append(bits)
        return w, new

    def _successors(self, s: tuple) -> tuple[int, list[Successor]]:
        """The fairness's enabled bits of s, and its successors inside the model in generation
        order, each with its orbit and step bits."""
        model, space = self.model, self.space
        succs = [((lab, args), t) for lab, args, t in model.next(s)]
        enabled, masks = self.tracker.state(s, succs)
        out: list[Successor] = []
        for ((_, _), t), bits in zip(succs, masks, strict=True):
            if all(c(t) for c in model.constraints) and all(c(s, t) for c in model.action_constraints):
                orbit = space.find(state_key(model, t))
                if orbit is not None and orbit < space.explored:
                    out.append((t, orbit, bits))
        return enabled, out

    def _build(self) -> None:
        space, tab = self.space, self.tab
        n = space.explored
        for orbit in space.initial:
            if orbit < n:
                for k in tab.initial:
                    if self._consistent(k, space.states[orbit]):
                        v, new = self._node(orbit, k)
                        if new:
                            self._initial.append(v)
        for orbit in range(n):  # the search's order: ids are given breadth first
            s0 = space.states[orbit]
            enabled, succs = self._successors(s0)
            members: list[Successor] = []  # TLC's SetOfStates: equal successors once, then s0 itself
            for m in [*succs, (s0, orbit, 0)]:
                if not any(m[0] == x[0] and same(m[0], x[0]) for x in members):
                    members.append(m)
            for v in list(self._by_orbit.get(orbit, ())):
                self.node_state[v], self.node_enabled[v] = s0, enabled
                for t, target, bits in members:
                    for k1 in tab.succ[self.tnode[v]]:
                        if self._consistent(k1, t):
                            w, new = self._link(v, target, k1, s0, t, bits)
                            if new and target <= orbit:
                                self._expand_late(w, t, orbit)
                self._written[v] = True

    def _expand_late(self, w: int, s: tuple, done: int) -> None:
        """Expand node w, found after its orbit was, from ``s`` (the successor as generated),
        depth first as TLC's recursion does; orbits up to ``done`` are expanded."""
        stack: list[Iterator[tuple[int, tuple]]] = [self._late_edges(w, s, done)]
        while stack:
            found = next(stack[-1], None)
            if found is None:
                stack.pop()
            else:
                stack.append(self._late_edges(*found, done))

    def _late_edges(self, v: int, s: tuple, done: int) -> Iterator[tuple[int, tuple]]:
        """Add node v's edges, expanded from ``s``; yields each new node to expand first."""
        tab = self.tab
        orbit, k = self.sid[v], self.tnode[v]
        enabled, succs = self._successors(s)
        self.node_state[v], self.node_enabled[v] = s, enabled
        for k1 in tab.succ[k]:  # the stuttering step first
            if self._consistent(k1, s):
                w, new = self._link(v, orbit, k1, s, s, 0)
                if new:
                    yield w, s
        for t, target, bits in succs:
            for k1 in tab.succ[k]:
                if self._consistent(k1, t):
                    w, new = self._link(v, target, k1, s, t, bits)
                    if new and target <= done:
                        yield w, t
        self._written[v] = True

    def _renumber(self) -> None:
        """Number the nodes reachable from the initial ones breadth first (the others go)."""
        new: dict[int, int] = {}
        parent: list[int] = []
        queue: deque[int] = deque()
        for v in self._initial:
            new[v] = len(parent)
            parent.append(-1)
            queue.append(v)
        while queue:
            v = queue.popleft()
            for w, _ in self.adj[v]:
                if w not in new:
                    new[w] = len(parent)
                    parent.append(new[v])
                    queue.append(w)
        old = sorted(new, key=new.__getitem__)
        self.sid = [self.sid[v] for v in old]
        self.tnode = [self.tnode[v] for v in old]
        self.node_state = [self.node_state[v] for v in old]
        self.node_enabled = [self.node_enabled[v] for v in old]
        self.adj = [[(new[w], e) for w, e in self.adj[v]] for v in old]
        self.parent = parent


def product_path(prod: Any, v: int) -> list[int]:
    """The state ids along the parent links of a product graph (this one, or liveness._Product)
    from an initial node to node v."""
    out = []
    while v != -1:
        out.append(prod.sid[v])
        v = prod.parent[v]
    out.reverse()
    return out


def orbit_steps(model: Model, space: StateSpace, ids: list[int]) -> list[TraceStep]:
    """The path of orbits ``ids`` as the states of a behaviour, as TLC prints a lasso under
    SYMMETRY (tool.getState(fp, previous)): the first initial state, then at each step the first
    successor of the state before that lies in the next orbit."""
    model_next: Callable[[tuple], Any] = model.next
    state = space.states[ids[0]]
    out = [TraceStep(state, None)]
    for orbit in ids[1:]:
        for lab, args, t in model_next(state):
            if space.find(state_key(model, t)) == orbit:
                out.append(TraceStep(t, label_text(model, (lab, args))))
                state = t
                break
        else:  # pragma: no cover - a SYMMETRY that is no symmetry of the spec
            state = space.states[orbit]
            out.append(TraceStep(state, space.edge_label(model, ids[len(out) - 1], orbit)))
    return out
