"""Liveness checking on the explored state graph under WF/SF fairness, with TLC's stuttering
semantics: every state may stutter forever unless fairness forbids it.

Each obligation is negated into "a fair cycle exists in a sub-graph": P ~> Q fails iff from a
state with P /\\ ~Q a fair cycle is reachable through ~Q states only; <>P fails iff one is
reachable from an initial state through ~P states; []<>P iff a fair cycle lies in ~P; <>[]P iff
a fair cycle visits ~P; a property WF_v(A) iff a fair cycle where <<A>>_v is always enabled and
never taken; SF_v(A) iff one where it is enabled somewhere and never taken. A strongly connected
component is fair when, for every WF_v(A) of the spec, A is disabled somewhere in it or an
<<A>>_v step lies inside it; for SF, a step lies inside or A is enabled nowhere in it (otherwise
the states where A is enabled are removed and the rest searched again, as in Emerson-Lei).

Only explored states (all successors known) take part, so the check is sound on a partial
graph too; the BFS runs it between levels to stop early, as TLC does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from .bfs import StateSpace, label_text
from .model import Liveness, Model
from .report import Trace, TraceStep

EdgeOk = Callable[[int], bool]  # edge index -> may the cycle use it


def _sccs(nodes: list[int], allowed: bytearray, space: StateSpace, edge_ok: EdgeOk) -> list[list[int]]:
    """Tarjan's algorithm, iterative, on the sub-graph induced by ``allowed`` and ``edge_ok``."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    out: list[list[int]] = []
    dst = space.edge_dst
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(space.edges(root)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for e in it:
                w = dst[e]
                if not allowed[w] or not edge_ok(e):
                    continue
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(space.edges(w))))
                    advanced = True
                    break
                if w in on_stack and index[w] < low[v]:
                    low[v] = index[w]
            if advanced:
                continue
            work.pop()
            if work and low[v] < low[work[-1][0]]:
                low[work[-1][0]] = low[v]
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
    return out


class _Search:
    def __init__(self, space: StateSpace, fair_kinds: list[str], allowed: bytearray, edge_ok: EdgeOk,
                 accept: bytearray | None) -> None:
        self.space, self.kinds = space, fair_kinds
        self.allowed, self.edge_ok, self.accept = allowed, edge_ok, accept

    def inner_edges(self, v: int, members: set[int]) -> list[int]:
        dst = self.space.edge_dst
        return [e for e in self.space.edges(v) if dst[e] in members and self.edge_ok(e)]

    def fair_component(self, nodes: list[int], allowed: bytearray) -> list[int] | None:
        space = self.space
        for comp in _sccs(nodes, allowed, space, self.edge_ok):
            if self.accept is not None and not any(self.accept[v] for v in comp):
                continue
            members = set(comp)
            # One pass over the component: which conditions some inner edge takes, which are
            # enabled everywhere (bitwise AND) and which somewhere (bitwise OR).
            taken, enabled_all, enabled_any = 0, -1, 0
            enabled = space.enabled
            for v in comp:
                en = enabled[v]
                enabled_all &= en
                enabled_any |= en
                for e in self.inner_edges(v, members):
                    taken |= space.edge_fair[e]
            weak = sum(1 << i for i, kind in enumerate(self.kinds) if kind == "WF")
            if weak & enabled_all & ~taken:
                continue  # a WF action enabled throughout and never taken: not a fair cycle
            strong = sum(1 << i for i, kind in enumerate(self.kinds) if kind == "SF") & enabled_any & ~taken
            prune = {v for v in comp if enabled[v] & strong} if strong else set()
            if prune:
                rest = [v for v in comp if v not in prune]
                sub_allowed = bytearray(len(allowed))
                for v in rest:
                    sub_allowed[v] = 1
                found = self.fair_component(rest, sub_allowed)
                if found is not None:
                    return found
                continue
            return comp
        return None

    def cycle(self, comp: list[int], entry: int) -> tuple[list[int], bool]:
        """A closed walk from ``entry`` inside the component visiting, for each fairness
        condition, a state where it is disabled or a step that takes it (and an accepting
        state). Returns the walk (entry first, not repeated) and whether it is stuttering."""
        space = self.space
        members = set(comp)
        goals: list[Callable[[int, int | None], bool]] = []
        for i in range(len(self.kinds)):
            bit = 1 << i
            goals.append(lambda v, e, bit=bit: (not space.enabled[v] & bit)
                         or (e is not None and bool(space.edge_fair[e] & bit)))
        if self.accept is not None:
            accept = self.accept
            goals.append(lambda v, e: bool(accept[v]))
        walk = [entry]
        last_edge: int | None = None
        for goal in goals:
            if goal(walk[-1], last_edge):
                continue
            path, last_edge = self._bfs_until(walk[-1], members, goal)
            walk.extend(path[1:])
        if len(walk) == 1:
            # Every condition holds at the entry: stuttering there forever is fair.
            return walk, True
        back, _ = self._bfs_until(walk[-1], members, lambda v, e: v == entry)
        walk.extend(back[1:-1])
        return walk, False

    def _bfs_until(self, start: int, members: set[int],
                   goal: Callable[[int, int | None], bool]) -> tuple[list[int], int | None]:
        dst = self.space.edge_dst
        parent: dict[int, int] = {start: -1}
        queue = deque([start])
        while queue:
            v = queue.popleft()
            for e in self.inner_edges(v, members):
                w = dst[e]
                if goal(w, e):
                    path = [w, v]
                    while parent[path[-1]] != -1:
                        path.append(parent[path[-1]])
                    return path[::-1], e
                if w not in parent:
                    parent[w] = v
                    queue.append(w)
        raise AssertionError("component is not strongly connected")  # pragma: no cover


def check_liveness(model: Model, space: StateSpace, obligation: Liveness,
                   tracker_kinds: list[str], extra: dict | None = None) -> Trace | None:
    """None when the obligation holds on the explored graph; otherwise a lasso."""
    n = space.explored
    states = space.states
    explored = bytearray(b"\x01" * n) + bytearray(len(states) - n)
    accept = None
    kind = obligation.kind

    def edge_ok(e: int) -> bool:
        return True

    if kind == "leadsto":
        not_q = _values(obligation, "q", states, negate=True)
        allowed = bytearray(a & b for a, b in zip(explored, not_q, strict=False))
        p = _values(obligation, "p", states)
        starts = [i for i in range(n) if allowed[i] and p[i]]
    elif kind in ("eventually", "infinitely_often"):
        allowed = bytearray(a & b for a, b in zip(explored, _values(obligation, "p", states, negate=True),
                                                  strict=False))
        starts = list(space.initial) if kind == "eventually" else [i for i in range(n) if allowed[i]]
    elif kind == "eventually_always":
        allowed = explored
        accept = _values(obligation, "p", states, negate=True)
        starts = list(range(n))
    else:  # WF/SF conjunct of a property: its bit sits after the spec's fairness bits
        bit = 1 << (extra or {})["bit"]

        def edge_ok(e: int) -> bool:
            return not space.edge_fair[e] & bit

        starts = list(range(n))
        if kind == "wf":
            allowed = bytearray(explored[i] and bool(space.enabled[i] & bit) if i < n else 0
                                for i in range(len(states)))
        else:
            allowed = explored
            accept = bytearray((space.enabled[i] & bit) != 0 if i < n else 0 for i in range(len(states)))
    search = _Search(space, tracker_kinds, allowed, edge_ok, accept)
    # States reachable from the start states inside the sub-graph, in BFS order.
    reach = bytearray(len(states))
    parent: dict[int, int] = {}
    order: dict[int, int] = {}
    queue = deque()
    for s in starts:
        if allowed[s] and not reach[s]:
            reach[s] = 1
            parent[s] = -1
            queue.append(s)
    dst = space.edge_dst
    while queue:
        v = queue.popleft()
        order[v] = len(order)
        for e in space.edges(v):
            w = dst[e]
            if allowed[w] and not reach[w] and edge_ok(e):
                reach[w] = 1
                parent[w] = v
                queue.append(w)
    comp = search.fair_component(list(order), reach)
    if comp is None:
        return None
    # Enter the component at its state closest to a start state: the shortest prefix.
    entry = min(comp, key=order.__getitem__)
    sub_path = [entry]
    while parent[sub_path[-1]] != -1:
        sub_path.append(parent[sub_path[-1]])
    sub_path.reverse()
    walk, stutter = search.cycle(comp, entry)
    ids = space.path_to(sub_path[0])[:-1] + sub_path + walk[1:]
    steps = []
    for k, sid in enumerate(ids):
        steps.append(TraceStep(states[sid], None if k == 0 else _edge_label(model, space, ids[k - 1], sid)))
    trace = Trace(model.variables, steps)
    if stutter:
        trace.loop = "stuttering"
    else:
        trace.loop = "back_to"
        trace.back_to = len(ids) - len(walk) + 1
    return trace


def _values(obligation: Liveness, which: str, states: list[tuple], negate: bool = False) -> bytearray:
    """The obligation's predicate on every state (1/0), extended as the state table grows:
    the periodic checks between BFS levels evaluate each state once, not once per check."""
    values = obligation.values.setdefault(which + ("~" if negate else ""), bytearray())
    pred = getattr(obligation, which)
    if len(values) < len(states):
        values.extend((not pred(s)) if negate else bool(pred(s)) for s in states[len(values):])
    return values


def _edge_label(model: Model, space: StateSpace, src: int, dst: int) -> str:
    for e in space.edges(src):
        if space.edge_dst[e] == dst:
            return label_text(model, space.slots[space.edge_slot[e]])
    return label_text(model, space.slots[space.via[dst]])
