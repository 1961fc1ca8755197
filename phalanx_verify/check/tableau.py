"""The tableau of a temporal formula without actions (Manna and Pnueli's construction, which
TLC's TBGraph implements): its nodes are particles, sets of sub-formulas closed under

    p /\\ q  ->  p and q          []p  ->  p and "next []p"
    p \\/ q  ->  p, or q           <>p  ->  p, or "next <>p"

with no atom next to its own negation. A node holds at a state when every atom in it does;
its successors are the particles of its "next" obligations; the initial nodes are the
particles of the formula. A run of the product with the state graph satisfies the formula iff
it ends in a cycle that fulfils every promise <>p (some node of the cycle either lacks <>p or
contains p). There is no "next" operator in TLA, so a node's "next" obligations are the only
link between consecutive states, and stuttering steps are steps like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .temporal import Always, Atom, Bool, Conj, Disj, Even, Node, state_fn


@dataclass(frozen=True)
class Next:
    """The obligation that ``body`` holds from the next state on."""

    body: Node


Particle = frozenset


def particles(todo: list[Node]) -> list[Particle]:
    """Every particle containing the formulas of ``todo``, without duplicates."""
    out: dict[Particle, None] = {}
    for p in _expand(frozenset(), list(todo)):
        out.setdefault(p, None)
    return list(out)


def _expand(done: frozenset, todo: list) -> Iterator[Particle]:
    while todo:
        f = todo.pop()
        if f in done:
            continue
        if isinstance(f, Bool):
            if not f.value:
                return
            continue
        if isinstance(f, Atom) and Atom(f.pred, not f.positive) in done:
            return
        done = done | {f}
        if isinstance(f, Conj):
            todo.extend(f.items)
        elif isinstance(f, Always):
            todo.extend((f.body, Next(f)))
        elif isinstance(f, Disj):
            for x in f.items:
                yield from _expand(done, todo + [x])
            return
        elif isinstance(f, Even):
            yield from _expand(done, todo + [f.body])
            yield from _expand(done, todo + [Next(f)])
            return
    yield done


@dataclass
class Tableau:
    """Nodes (particles), their successors, which are initial, and for each node the bit set of
    promises it fulfils; ``holds(k)`` is node k's atoms as one function of a state."""

    nodes: list[Particle]
    succ: list[list[int]]
    initial: list[int]
    promises: list[Even]
    fulfils: list[int]
    holds: list[Callable[[tuple], bool]] = field(default_factory=list)
    free: list[bool] = field(default_factory=list)  # node without atoms: holds everywhere


def build(tf: Node) -> Tableau:
    index: dict[Particle, int] = {}
    nodes: list[Particle] = []

    def node_of(p: Particle) -> int:
        k = index.get(p)
        if k is None:
            k = index[p] = len(nodes)
            nodes.append(p)
        return k

    initial = [node_of(p) for p in particles([tf])]
    succ: list[list[int]] = []
    k = 0
    while k < len(nodes):
        obligations = [f.body for f in nodes[k] if isinstance(f, Next)]
        succ.append([node_of(p) for p in particles(obligations)])
        k += 1
    promises = list(dict.fromkeys(f for p in nodes for f in p if isinstance(f, Even)))
    fulfils = [sum(1 << i for i, pr in enumerate(promises) if pr not in p or pr.body in p) for p in nodes]
    holds, free = [], []
    for p in nodes:
        atoms = [f for f in p if isinstance(f, Atom)]
        holds.append(state_fn(Conj(tuple(atoms))))
        free.append(not atoms)
    return Tableau(nodes, succ, initial, promises, fulfils, holds, free)


def trivial() -> Tableau:
    """The tableau of TRUE: one node, its own successor, no promise."""
    return Tableau([frozenset()], [[0]], [0], [], [0], [lambda s: True], [True])
