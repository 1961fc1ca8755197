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

Any other temporal property (obligation kind "general", see check/temporal.py) is searched in
the product of the state graph with the tableau of its negation (check/tableau.py), as TLC's
LiveWorker does: a fair strongly connected component, reachable from an initial node, whose
steps all satisfy the EA conditions, which holds a state or step for each AE condition and a
node fulfilling each promise of the tableau. The fixed forms above are such properties too; a
test proves both searches give the same verdicts (tests/checker/test_tlc_liveness_fastpath.py).

Only explored states (all successors known) take part, so the check is sound on a partial
graph too; the BFS runs it between levels to stop early, as TLC does.

Under SYMMETRY every property takes the general search, on the graph TLC builds there
(check/orbitgraph.py): its atoms are decided on the successors as generated, not on the states
kept, and a lasso is printed as TLC rebuilds it, a behaviour of the spec.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .bfs import StateSpace
from .fairness import FairnessTracker
from .fairscreen import no_fair_component
from .livegraph import LiveGraph
from .model import Liveness, Model
from .orbitgraph import OrbitProduct, orbit_steps, product_path
from .report import Trace, TraceStep
from .tableau import Tableau, build, trivial
from .temporal import Disjunct, General, state_fn, step_fn

EdgeOk = Callable[[int], bool]  # edge index -> may the cycle use it


def _sccs(nodes: Iterable[int], succ: Callable[[int], Iterable[int]]) -> list[list[int]]:
    """Tarjan's algorithm, iterative, on the graph given by ``succ`` (the successors of a node
    that belong to the sub-graph searched), from the roots ``nodes``."""
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
    def __init__(self, space: StateSpace | LiveGraph, fair_kinds: list[str], allowed: bytearray, edge_ok: EdgeOk,
                 accept: bytearray | None) -> None:
        self.space, self.kinds = space, fair_kinds
        self.allowed, self.edge_ok, self.accept = allowed, edge_ok, accept
        self.weak = _kind_bits(fair_kinds, "WF")
        self.strong = _kind_bits(fair_kinds, "SF")

    def inner_edges(self, v: int, members: set[int]) -> list[int]:
        dst = self.space.edge_dst
        return [e for e in self.space.edges(v) if dst[e] in members and self.edge_ok(e)]

    def fair_component(self, nodes: list[int], allowed: bytearray) -> list[int] | None:
        space = self.space
        dst, edge_ok = space.edge_dst, self.edge_ok

        def succ(v: int) -> list[int]:
            return [dst[e] for e in space.edges(v) if allowed[dst[e]] and edge_ok(e)]

        for comp in _sccs(nodes, succ):
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
            if self.weak & enabled_all & ~taken:
                continue  # a WF action enabled throughout and never taken: not a fair cycle
            strong = self.strong & enabled_any & ~taken
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
            goals.append(lambda v, e, bit=bit: (not space.enabled[v] & bit)  # type: ignore[misc]  # the default argument binds the loop variable
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
        if walk[-1] == entry:  # the last goal's path came back to the entry: the cycle is closed
            walk.pop()
            return walk, False
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


def _both(a: bytearray, b: bytearray) -> bytearray:
    """Item-wise AND of two 0/1 byte arrays, as long as the shorter."""
    m = min(len(a), len(b))
    return bytearray((np.frombuffer(a, dtype=np.uint8, count=m) & np.frombuffer(b, dtype=np.uint8, count=m)).tobytes())


def _where(flags: bytearray) -> list[int]:
    """The indices of the non-zero items."""
    return np.flatnonzero(np.frombuffer(flags, dtype=np.uint8)).tolist()


@dataclass
class _SubGraph:
    """Where an obligation's fair cycle is searched: the ``allowed`` states, reached from
    ``starts``, by edges that ``edge_ok`` admits (those not taking ``edge_bit``, when
    non-zero), meeting an ``accept`` state when given."""

    allowed: bytearray
    starts: list[int]
    edge_ok: EdgeOk
    edge_bit: int = 0
    accept: bytearray | None = None


def _sub_graph(space: StateSpace | LiveGraph, obligation: Liveness, extra: dict | None) -> _SubGraph:
    n, size = space.explored, space.size
    explored = bytearray(b"\x01" * n) + bytearray(size - n)
    kind = obligation.kind
    if kind == "leadsto":
        allowed = _both(explored, space.values(obligation, "q", negate=True))
        return _SubGraph(allowed, _where(_both(allowed[:n], space.values(obligation, "p"))), _any_edge)
    if kind in ("eventually", "infinitely_often"):
        allowed = _both(explored, space.values(obligation, "p", negate=True))
        return _SubGraph(allowed, list(space.initial) if kind == "eventually" else _where(allowed[:n]), _any_edge)
    if kind == "eventually_always":
        return _SubGraph(explored, list(range(n)), _any_edge, accept=space.values(obligation, "p", negate=True))
    # a WF/SF conjunct of a property: its bit sits after the spec's fairness bits
    bit = 1 << (extra or {})["bit"]

    def edge_ok(e: int) -> bool:
        return not space.edge_fair[e] & bit

    if kind == "wf":
        allowed = bytearray(explored[i] and bool(space.enabled[i] & bit) if i < n else 0 for i in range(size))
        return _SubGraph(allowed, list(range(n)), edge_ok, bit)
    accept = bytearray((space.enabled[i] & bit) != 0 if i < n else 0 for i in range(size))
    return _SubGraph(explored, list(range(n)), edge_ok, bit, accept)


def _any_edge(e: int) -> bool:
    return True


def holds_by_screen(space: StateSpace | LiveGraph, obligation: Liveness, tracker_kinds: list[str],
                    extra: dict | None = None, safety_only: bool = False) -> bool:
    """True when check_liveness would answer None without searching: the screen of
    check/fairscreen.py finds no candidate component (a property that holds, mostly). Cheap
    enough to run before deciding whether the searches are worth forking processes for."""
    if obligation.kind == "general":
        return False
    if safety_only:
        return True
    sub = _sub_graph(space, obligation, extra)
    return no_fair_component(space, sub.allowed, sub.starts, sub.edge_bit, sub.accept, _kind_bits(tracker_kinds, "WF"))


def _kind_bits(kinds: list[str], kind: str) -> int:
    """The bits of the fairness conditions of one kind (WF or SF)."""
    return sum(1 << i for i, k in enumerate(kinds) if k == kind)


def check_liveness(model: Model, space: StateSpace | LiveGraph, obligation: Liveness,
                   tracker_kinds: list[str], extra: dict | None = None, safety_only: bool = False,
                   screened: bool = False) -> Trace | None:
    """None when the obligation holds on the explored graph; otherwise a lasso. ``safety_only``
    (TLC's -lncheck off): only a finite prefix that violates the property counts, no cycle.
    ``screened``: holds_by_screen already found a candidate component (its screen is not run
    again)."""
    if obligation.kind == "general":
        assert isinstance(space, StateSpace), "the parallel search leaves these to the sequential one (livegraph.py)"
        return check_general(model, space, obligation, tracker_kinds, safety_only)
    if safety_only:
        return None
    size = space.size
    sub = _sub_graph(space, obligation, extra)
    allowed, starts, edge_ok = sub.allowed, sub.starts, sub.edge_ok
    search = _Search(space, tracker_kinds, allowed, edge_ok, sub.accept)
    if not screened and no_fair_component(space, allowed, starts, sub.edge_bit, sub.accept, search.weak):
        return None
    # States reachable from the start states inside the sub-graph, in BFS order.
    reach = bytearray(size)
    parent: dict[int, int] = {}
    order: dict[int, int] = {}
    queue: deque[int] = deque()
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
    if stutter:
        trace = Trace(model.variables, space.steps(model, ids))
        trace.loop = "stuttering"
        return trace
    return _closed(model, space.steps(model, ids + [entry]), len(ids) - len(walk) + 1)


# -- any temporal formula: the product of the state graph with a tableau ------------------

class _Product:
    """The product of the explored state graph, with a stuttering step at every state, and a
    tableau: node (s, k) when s satisfies the atoms of tableau node k; an edge per step s -> t
    (state edge index, -1 for stuttering) and successor k -> m that t satisfies. Built by BFS
    from the initial pairs, so ``parent`` gives shortest prefixes."""

    def __init__(self, space: StateSpace, tab: Tableau, holds: Callable[[int, int], bool]) -> None:
        n = space.explored
        self.space = space
        self.sid: list[int] = []
        self.tnode: list[int] = []
        self.parent: list[int] = []
        self.adj: list[list[tuple[int, int]]] = []
        width = len(tab.nodes)
        index: dict[int, int] = {}  # s * width + k -> product node
        sid, tnode, parent = self.sid, self.tnode, self.parent

        def node(s: int, k: int, via: int) -> int:
            v = index.get(s * width + k)
            if v is None:
                v = index[s * width + k] = len(sid)
                sid.append(s)
                tnode.append(k)
                parent.append(via)
            return v

        for s in space.initial:
            if s < n:
                for k in tab.initial:
                    if holds(k, s):
                        node(s, k, -1)
        dst, start = space.edge_dst, space.edge_start
        succ = tab.succ
        v = 0
        while v < len(sid):
            s, k = sid[v], tnode[v]
            out = []
            for e in range(start[s], start[s + 1]):
                t = dst[e]
                if t < n:
                    for m in succ[k]:
                        if holds(m, t):
                            out.append((node(t, m, v), e))
            for m in succ[k]:
                if holds(m, s):
                    out.append((node(s, m, v), -1))
            self.adj.append(out)
            v += 1

    def path_to(self, v: int) -> list[int]:
        """The state ids of the shortest path from an initial pair to product node v."""
        return product_path(self, v)

    # what the search reads of a node and a step: here the states kept and their graph's bits
    def state(self, v: int) -> tuple:
        return self.space.states[self.sid[v]]

    def step(self, v: int, e: int) -> tuple[tuple, tuple]:
        s = self.sid[v]
        states = self.space.states
        return states[s], states[s if e < 0 else self.space.edge_dst[e]]

    def enabled(self, v: int) -> int:
        return self.space.enabled[self.sid[v]]

    def fair(self, e: int) -> int:
        return self.space.edge_fair[e] if e >= 0 else 0

    def step_key(self, v: int, e: int) -> Any:
        """What a step's EA value is kept by across the checks (a stuttering step by its state)."""
        return e if e >= 0 else -1 - self.sid[v]


class _GeneralSearch:
    """A fair cycle of the product meeting one disjunct of the negated property: every step of
    it satisfies the EA conditions, and the cycle holds a state for each AE state condition, a
    step for each AE step condition, a node fulfilling each promise of the tableau, and meets
    the spec's WF/SF conditions (SF by Emerson-Lei pruning, as for the fixed forms)."""

    def __init__(self, space: StateSpace, kinds: list[str], d: Disjunct, tab: Tableau,
                 cache: dict[Any, Any], product: OrbitProduct | None = None) -> None:
        """``product``: the product graph searched (default: that of the states kept,
        ``_Product``; under SYMMETRY, TLC's graph of check/orbitgraph.py)."""
        self.space, self.tab, self.d = space, tab, d
        self.cache = cache
        self.weak = sum(1 << i for i, k in enumerate(kinds) if k == "WF")
        self.strong = sum(1 << i for i, k in enumerate(kinds) if k == "SF")
        self.nfair = len(kinds)
        self.ea = [step_fn(x) for x in d.ea]
        self.ae_state = [state_fn(x) for x in d.ae_state]
        self.ae_step = [step_fn(x) for x in d.ae_step]
        self.all_promises = (1 << len(tab.promises)) - 1
        self.truth = node_truth(tab, cache)
        self.prod: _Product | OrbitProduct = _Product(space, tab, self.holds) if product is None else product
        self.fadj = self.prod.adj if not self.ea else [
            [(w, e) for w, e in out if self.ea_ok(v, e)] for v, out in enumerate(self.prod.adj)]

    def holds(self, k: int, s: int) -> bool:
        return node_holds(self.tab, self.truth, self.space, k, s)

    def ea_ok(self, v: int, e: int) -> bool:
        """Does step e out of product node v satisfy every EA condition?"""
        if not self.ea:
            return True
        key = ("ea", self.prod.step_key(v, e))
        r = self.cache.get(key)
        if r is None:
            a, b = self.prod.step(v, e)
            r = self.cache[key] = all(f(a, b) for f in self.ea)
        return r

    def first_sink(self) -> list[int] | None:
        """The states of the first path (in BFS order) to the tableau node of no formula: an
        initial pair on it, else the first node with a step into it, its stuttering step
        first, as TLC checks the self-loop of a state before its successors."""
        empty = {k for k, particle in enumerate(self.tab.nodes) if not particle}
        prod = self.prod
        for v, k in enumerate(prod.tnode):
            if prod.parent[v] == -1 and k in empty:
                return prod.path_to(v)
        for v, out in enumerate(prod.adj):
            into = [(e, w) for w, e in out if prod.tnode[w] in empty]
            if into:
                _, w = min(into)  # e = -1, the stuttering step, first
                return prod.path_to(v) + [prod.sid[w]]
        return None

    def find(self) -> tuple[int, list[int]] | None:
        """(entry, cycle) of a violating lasso, or None."""
        comp = self.fair_component(range(len(self.prod.sid)), None)
        if comp is None:
            return None
        entry = min(comp)  # product ids are in BFS order: the shortest prefix
        return entry, self.cycle(set(comp), entry)

    def fair_component(self, nodes: Iterable[int], inside: set[int] | None) -> list[int] | None:
        """A fair component among ``nodes`` (all of them in ``inside``; None: the whole product)."""
        fadj, prod = self.fadj, self.prod
        if inside is None:
            succ: Callable[[int], Iterable[int]] = lambda v: [w for w, _ in fadj[v]]  # noqa: E731
        else:
            succ = lambda v: [w for w, _ in fadj[v] if w in inside]  # noqa: E731
        for comp in _sccs(nodes, succ):
            members = set(comp)
            inner = [(v, e) for v in comp for w, e in fadj[v] if w in members]
            if not inner:
                continue
            fulfilled = 0
            for v in comp:
                fulfilled |= self.tab.fulfils[self.prod.tnode[v]]
            if fulfilled != self.all_promises:
                continue
            if not all(any(f(prod.state(v)) for v in comp) for f in self.ae_state):
                continue
            if not all(any(f(*prod.step(v, e)) for v, e in inner) for f in self.ae_step):
                continue
            taken, enabled_all, enabled_any = 0, -1, 0
            for v in comp:
                en = prod.enabled(v)
                enabled_all &= en
                enabled_any |= en
            for _, e in inner:
                taken |= prod.fair(e)
            if self.weak & enabled_all & ~taken:
                continue
            strong = self.strong & enabled_any & ~taken
            if strong:
                rest = [v for v in comp if not prod.enabled(v) & strong]
                found = self.fair_component(rest, set(rest))
                if found is not None:
                    return found
                continue
            return comp
        return None

    def goals(self) -> list[Callable[[int, int, int], bool]]:
        """Conditions the cycle must meet, each on a node v entered from u by step e."""
        prod = self.prod
        out: list[Callable[[int, int, int], bool]] = []
        for i in range(self.nfair):
            bit = 1 << i
            out.append(lambda u, e, v, bit=bit: not prod.enabled(v) & bit  # type: ignore[misc]  # the default argument binds the loop variable
                       or (u >= 0 and bool(prod.fair(e) & bit)))
        for f in self.ae_state:
            out.append(lambda u, e, v, f=f: f(prod.state(v)))  # type: ignore[misc]  # the default argument binds the loop variable
        for g in self.ae_step:
            out.append(lambda u, e, v, g=g: u >= 0 and g(*prod.step(u, e)))  # type: ignore[misc]  # the default argument binds the loop variable
        tnode, fulfils = self.prod.tnode, self.tab.fulfils
        for i in range(len(self.tab.promises)):
            out.append(lambda u, e, v, bit=1 << i: bool(fulfils[tnode[v]] & bit))  # type: ignore[misc]  # the default argument binds the loop variable
        return out

    def cycle(self, members: set[int], entry: int) -> list[int]:
        """A closed walk from ``entry`` (first, not repeated) meeting every goal: a goal some
        step of the walk so far meets is not walked to again (the conditions are all "somewhere
        on the cycle")."""
        walk = [entry]
        steps: list[tuple[int, int, int]] = [(-1, -1, entry)]  # (from, edge, to) along the walk
        for goal in self.goals():
            if any(goal(u, e, v) for u, e, v in steps):
                continue
            path = self._bfs_until(walk[-1], members, goal)
            walk.extend(v for _, _, v in path)
            steps.extend(path)
        back = self._bfs_until(walk[-1], members, lambda u, e, v: v == entry)
        walk.extend(v for _, _, v in back[:-1])
        return walk

    def _bfs_until(self, start: int, members: set[int],
                   goal: Callable[[int, int, int], bool]) -> list[tuple[int, int, int]]:
        """The steps (from, edge, to) of a shortest path inside ``members`` from ``start`` whose
        last step meets ``goal``."""
        parent: dict[int, tuple[int, int]] = {start: (-1, -1)}
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for w, e in self.fadj[u]:
                if w not in members:
                    continue
                if goal(u, e, w):
                    path = [(u, e, w)]
                    while parent[path[-1][0]][0] != -1:
                        v = path[-1][0]
                        path.append((parent[v][0], parent[v][1], v))
                    return path[::-1]
                if w not in parent:
                    parent[w] = (u, e)
                    queue.append(w)
        raise AssertionError("component is not strongly connected")  # pragma: no cover


def check_general(model: Model, space: StateSpace, obligation: Liveness, kinds: list[str],
                  safety_only: bool = False) -> Trace | None:
    """None when no behaviour of the explored graph satisfies a disjunct of the negated
    property under the spec's fairness; otherwise a lasso (or, ``safety_only``, only a bad
    prefix: TLC's -lncheck off skips the search for cycles)."""
    general = obligation.general
    assert general is not None
    tracker = FairnessTracker(model, list(model.fairness)) if model.canonical is not None else None
    for i, d in enumerate(general.disjuncts):
        tab = disjunct_tableau(general, i)
        if tracker is None:
            search = _GeneralSearch(space, kinds, d, tab, obligation.values.setdefault(i, {}))
        else:  # under SYMMETRY, TLC's graph: atoms on the successors as generated (orbitgraph.py)
            search = _GeneralSearch(space, kinds, d, tab, {}, OrbitProduct(model, space, tab, tracker, d.tf is not None))
        if safety_like(d, kinds):
            # the prefix to the tableau node of no formula (TRUE, its own successor) is the
            # counterexample, reported as a safety violation (TLC: LiveCheck, isAccepting);
            # the search finds most such prefixes as it explores (check/sinkwatch.py)
            prefix = search.first_sink()
            if prefix is not None:
                return _prefix_trace(model, space, prefix)
        if safety_only:
            continue
        found = search.find()
        if found is not None:
            entry, walk = found
            prod = search.prod
            return _lasso(model, space, prod.path_to(entry), [prod.sid[v] for v in walk])
    return None


def node_truth(tab: Tableau, cache: dict[Any, Any]) -> list[bytearray]:
    """Per tableau node, whether each state satisfies its atoms (0 unknown, 1 no, 2 yes), kept
    in the obligation's cache for its disjunct: the search as it expands (check/sinkwatch.py)
    and the checks on the graph evaluate each atom on each state once."""
    truth: list[bytearray] = cache.setdefault("holds", [bytearray() for _ in tab.nodes])
    return truth


def node_holds(tab: Tableau, truth: list[bytearray], space: StateSpace, k: int, s: int) -> bool:
    """Does state s satisfy the atoms of tableau node k (``truth``: node_truth's table)?"""
    if tab.free[k]:
        return True
    row = truth[k]
    if s >= len(row):
        row.extend(bytes(len(space.states) - len(row)))
    r = row[s]
    if not r:
        r = row[s] = 2 if tab.holds[k](space.states[s]) else 1
    return r == 2


def disjunct_tableau(general: General, i: int) -> Tableau:
    """The tableau of disjunct i's temporal formula, built once."""
    if i not in general.tableaux:
        tf = general.disjuncts[i].tf
        general.tableaux[i] = build(tf) if tf is not None else trivial()
    return general.tableaux[i]


def safety_like(d: Disjunct, kinds: list[str]) -> bool:
    """No fairness and no <>[]/[]<> condition (TLC: an empty PEM): a run reaching the tableau
    node of no formula violates the property whatever follows."""
    return not kinds and not (d.ea or d.ae_state or d.ae_step)


def _prefix_trace(model: Model, space: StateSpace, prefix: list[int]) -> Trace:
    """The finite counterexample of a temporal property's safety part: the states of the
    prefix, repeated ones (stuttering, steps of the tableau only) shown once, no loop."""
    ids = [sid for k, sid in enumerate(prefix) if k == 0 or prefix[k - 1] != sid]
    return Trace(model.variables, _steps(model, space, ids), safety=True)  # Report.exit_code: TLC's 12


def _lasso(model: Model, space: StateSpace, prefix: list[int], cycle: list[int]) -> Trace:
    """A trace from state ids: ``prefix`` ends at the cycle's first state; repeated states
    (stuttering steps, or steps of the tableau only) are shown once."""
    entry = cycle[0]
    while len(cycle) > 1 and cycle[-1] == entry:
        cycle.pop()
    ids: list[int] = []
    for sid in prefix + cycle[1:]:
        if not ids or ids[-1] != sid:
            ids.append(sid)
    loop_at = len([x for k, x in enumerate(prefix) if k == 0 or prefix[k - 1] != x])
    if len(ids) == loop_at:
        trace = Trace(model.variables, _steps(model, space, ids))
        trace.loop = "stuttering"
        return trace
    return _closed(model, _steps(model, space, ids + [ids[loop_at - 1]]), loop_at)


def _closed(model: Model, steps: list[TraceStep], back_to: int) -> Trace:
    """A lasso from the steps of its path followed by the step back to state ``back_to``
    (1-based): that last step is not printed as a state, its action names the way back (TLC's
    "Back to state 2: <A ...>"). The path is evaluated once, the step back with it."""
    trace = Trace(model.variables, steps[:-1], "back_to", back_to)
    trace.back_action = steps[-1].action
    return trace


def _steps(model: Model, space: StateSpace, ids: list[int]) -> list[TraceStep]:
    """A path of the state graph as the states of a behaviour: the states kept, or under
    SYMMETRY the members of their orbits that TLC rebuilds (orbitgraph.orbit_steps)."""
    return space.steps(model, ids) if model.canonical is None else orbit_steps(model, space, ids)
