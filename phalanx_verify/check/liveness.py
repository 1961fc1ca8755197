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
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .bfs import StateSpace, label_text
from .model import Fairness, Liveness, Model
from .report import Trace, TraceStep


@dataclass
class FairInfo:
    """Per-state enabledness and per-edge step bits of one fairness condition."""

    kind: str
    enabled: bytearray
    steps: list[set[int]]  # per state: targets t such that s -> t is an <<A>>_v step


def fairness_info(model: Model, space: StateSpace, fair: Fairness) -> FairInfo:
    sub = model.compiler.state_function(fair.sub.expr, fair.sub.scope, fair.sub.env)
    gen = fair.generator
    assert gen is not None
    n = len(space.states)
    enabled = bytearray(n)
    steps: list[set[int]] = [set() for _ in range(n)]
    index = space.index
    for sid, s in enumerate(space.states):
        vs = sub(s)
        for _lab, _args, t in gen(s):
            if sub(t) != vs:
                enabled[sid] = 1
                tid = index.get(t)
                if tid is not None:
                    steps[sid].add(tid)
    return FairInfo(fair.kind, enabled, steps)


def _sccs(nodes: list[int], allowed: bytearray, succ: Callable[[int], list[int]]) -> list[list[int]]:
    """Tarjan's algorithm, iterative, on the sub-graph induced by ``allowed``."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(succ(root)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if not allowed[w]:
                    continue
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(succ(w))))
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
    def __init__(self, model: Model, space: StateSpace, fairs: list[FairInfo]) -> None:
        self.model, self.space, self.fairs = model, space, fairs
        self.n = len(space.states)
        assert space.succ is not None
        self.targets = [[t for t, _ in edges] for edges in space.succ]

    def find(self, allowed: bytearray, edge_ok: Callable[[int, int], bool], accept: bytearray | None,
             starts: list[int]) -> tuple[list[int], list[int]] | None:
        """A fair cycle (start state, component) reachable from ``starts`` inside ``allowed``."""
        self.edge_ok = edge_ok
        reach = bytearray(self.n)
        parent: dict[int, int] = {}
        order: dict[int, int] = {}
        queue = deque()
        for s in starts:
            if allowed[s] and not reach[s]:
                reach[s] = 1
                parent[s] = -1
                queue.append(s)
        while queue:
            v = queue.popleft()
            order[v] = len(order)
            for w in self.targets[v]:
                if allowed[w] and not reach[w] and edge_ok(v, w):
                    reach[w] = 1
                    parent[w] = v
                    queue.append(w)
        nodes = [v for v in range(self.n) if reach[v]]

        def succ(v: int) -> list[int]:
            return [w for w in self.targets[v] if edge_ok(v, w)]

        comp = self._fair_component(nodes, reach, succ, accept)
        if comp is None:
            return None
        # Enter the component at its state closest to a start state: the shortest prefix.
        entry = min(comp, key=order.__getitem__)
        return self._path(parent, entry), comp

    def _fair_component(self, nodes: list[int], allowed: bytearray, succ: Callable[[int], list[int]],
                        accept: bytearray | None) -> list[int] | None:
        for comp in _sccs(nodes, allowed, succ):
            members = set(comp)
            if accept is not None and not any(accept[v] for v in comp):
                continue
            ok = True
            prune: list[int] = []
            for f in self.fairs:
                if any(w in members and self.edge_ok(v, w) for v in comp for w in f.steps[v]):
                    continue
                if f.kind == "WF":
                    if all(f.enabled[v] for v in comp):
                        ok = False
                        break
                else:
                    bad = [v for v in comp if f.enabled[v]]
                    if bad:
                        prune.extend(bad)
            if not ok:
                continue
            if prune:
                sub_allowed = bytearray(len(allowed))
                drop = set(prune)
                rest = [v for v in comp if v not in drop]
                for v in rest:
                    sub_allowed[v] = 1
                found = self._fair_component(rest, sub_allowed, succ, accept)
                if found is not None:
                    return found
                continue
            return comp
        return None

    @staticmethod
    def _path(parent: dict[int, int], v: int) -> list[int]:
        out = []
        while v != -1:
            out.append(v)
            v = parent[v]
        return out[::-1]

    def cycle(self, comp: list[int], entry: int, succ: Callable[[int], list[int]],
              accept: bytearray | None) -> tuple[list[int], bool]:
        """A closed walk from ``entry`` inside the component that visits, for each fairness
        condition, a state where it is disabled or a step that takes it (and an accepting
        state). Returns the walk (entry first, entry not repeated) and whether it is pure
        stuttering."""
        members = set(comp)
        goals: list[Callable[[int, int | None], bool]] = []
        for f in self.fairs:
            goals.append(lambda v, prev, f=f: (not f.enabled[v]) or (prev is not None and v in f.steps[prev]))
        if accept is not None:
            goals.append(lambda v, prev: bool(accept[v]))
        walk = [entry]
        for goal in goals:
            if goal(walk[-1], walk[-2] if len(walk) > 1 else None):
                continue
            walk.extend(self._bfs_until(walk[-1], members, succ, goal)[1:])
        if len(walk) == 1:
            # Every condition already holds at the entry: stuttering there forever is fair.
            return walk, True
        back = self._bfs_until(walk[-1], members, succ, lambda v, prev: v == entry, must_move=True)
        walk.extend(back[1:-1])
        return walk, False

    def _bfs_until(self, start: int, members: set[int], succ: Callable[[int], list[int]],
                   goal: Callable[[int, int | None], bool], must_move: bool = True) -> list[int]:
        parent = {start: -1}
        queue = deque([start])
        while queue:
            v = queue.popleft()
            for w in succ(v):
                if w not in members:
                    continue
                if goal(w, v):
                    path = [w, v]
                    while parent[path[-1]] != -1:
                        path.append(parent[path[-1]])
                    return path[::-1]
                if w not in parent:
                    parent[w] = v
                    queue.append(w)
        return [start]


def check_liveness(model: Model, space: StateSpace, spec_fairs: list[FairInfo],
                   obligation: Liveness) -> Trace | None:
    """None when the obligation holds; otherwise a lasso counterexample."""
    search = _Search(model, space, spec_fairs)
    n = len(space.states)
    states = space.states
    everything = bytearray(b"\x01" * n)

    def any_edge(v: int, w: int) -> bool:
        return True

    accept = None
    edge_ok = any_edge
    kind = obligation.kind
    if kind == "leadsto":
        allowed = bytearray(0 if obligation.q(s) else 1 for s in states)  # type: ignore[misc]
        starts = [i for i, s in enumerate(states) if allowed[i] and obligation.p(s)]  # type: ignore[misc]
    elif kind == "eventually":
        allowed = bytearray(0 if obligation.p(s) else 1 for s in states)  # type: ignore[misc]
        starts = list(space.initial)
    elif kind == "infinitely_often":
        allowed = bytearray(0 if obligation.p(s) else 1 for s in states)  # type: ignore[misc]
        starts = [i for i in range(n) if allowed[i]]
    elif kind == "eventually_always":
        allowed = everything
        accept = bytearray(0 if obligation.p(s) else 1 for s in states)  # type: ignore[misc]
        starts = list(range(n))
    else:  # a WF/SF conjunct of a property (e.g. a refinement's fairness)
        info = fairness_info(model, space, obligation.fairness)  # type: ignore[arg-type]

        def edge_ok(v: int, w: int, info: FairInfo = info) -> bool:
            return w not in info.steps[v]

        starts = list(range(n))
        if kind == "wf":
            allowed = bytearray(info.enabled)
        else:
            allowed = everything
            accept = bytearray(info.enabled)
    found = search.find(allowed, edge_ok, accept, starts)
    if found is None:
        return None
    prefix_in_sub, comp = found
    entry = prefix_in_sub[-1]

    def succ(v: int) -> list[int]:
        return [w for w in search.targets[v] if allowed[w] and edge_ok(v, w)]

    walk, stutter = search.cycle(comp, entry, succ, accept)
    # Prefix: BFS-tree path to the first state of the sub-graph path, then the sub-graph path.
    ids = space.path_to(prefix_in_sub[0])[:-1] + prefix_in_sub + walk[1:]
    steps = []
    prev = None
    for k, sid in enumerate(ids):
        if k == 0:
            action = None
        elif prev is not None and space.parent[sid] == prev:
            action = label_text(model, space.via[sid])
        else:
            action = _edge_label(model, space, prev, sid)
        steps.append(TraceStep(states[sid], action))
        prev = sid
    trace = Trace(model.variables, steps)
    if stutter:
        trace.loop = "stuttering"
    else:
        trace.loop = "back_to"
        trace.back_to = len(ids) - len(walk) + 1
    return trace


def _edge_label(model: Model, space: StateSpace, src: int | None, dst: int) -> str | None:
    if src is None or space.succ is None:
        return None
    for t, slot in space.succ[src]:
        if t == dst:
            return label_text(model, space.edge_labels[slot])
    return None
