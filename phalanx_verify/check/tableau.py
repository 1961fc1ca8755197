"""The tableau of a temporal formula without actions, built as TLC builds it (tlc2.tool.liveness
TBPar.particleClosure and TBGraph, after Manna and Pnueli): the same nodes in the same order,
each particle an ordered list of sub-formulas closed under

    p /\\ q  ->  p and q          []p  ->  p and "next []p"
    p \\/ q  ->  p, or q           <>p  ->  p, or "next <>p"

with no atom next to its own negation. The order matters beyond the checks' verdicts: TLC
decides a node at a state by evaluating the node's state predicates in the particle's order,
stopping at the first false one (TBGraphNode.isConsistent), and it does so for every node on
every successor of every state it explores (LiveCheck.addNextState), so which atoms it ever
evaluates on a state, and so where an atom that cannot be evaluated stops the run, follows from
this order (check/liveatoms.py).

A node holds at a state when every atom in it does; its successors are the particles of its
"next" obligations; the initial nodes are the particles of the formula. A run of the product
with the state graph satisfies the formula iff it ends in a cycle that fulfils every promise
<>p (some node of the cycle either lacks <>p or contains p). There is no "next" operator in
TLA, so a node's "next" obligations are the only link between consecutive states, and
stuttering steps are steps like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..tla.compile import LEVEL_STATE
from .temporal import Always, Atom, Bool, Conj, Disj, Even, Node, level, state_fn


@dataclass(frozen=True)
class Next:
    """The obligation that ``body`` holds from the next state on."""

    body: Node


Particle = tuple  # of Node and Next, in TLC's order


def binary(n: Node) -> Node:
    """TLC's makeBinary on a flattened formula: a junction of more than two items becomes two
    junctions, of the first half and of the rest."""
    if isinstance(n, Conj | Disj):
        kind = type(n)
        items = _flat(n)
        if len(items) == 1:
            return binary(items[0])
        mid = len(items) // 2
        return kind((binary(kind(items[:mid])), binary(kind(items[mid:]))))
    if isinstance(n, Always):
        return Always(binary(n.body))
    if isinstance(n, Even):
        return Even(binary(n.body))
    return n


def _flat(n: Conj | Disj) -> tuple[Node, ...]:
    """The items of a junction, nested junctions of its kind opened (TLC's addConj, addDisj)."""
    out: list[Node] = []
    for x in n.items:
        out.extend(_flat(x) if type(x) is type(n) else (x,))
    return tuple(out)


def _split(f: Node | Next, beta: bool) -> tuple[Node | Next, Node | Next] | None:
    """The two parts f expands to: alpha ([]p, p /\\ q) or beta (<>p, p \\/ q)."""
    if isinstance(f, Conj if not beta else Disj):
        return f.items[0], f.items[1]
    if isinstance(f, Always if not beta else Even):
        return f.body, Next(f)
    return None


def _positive_closure(terms: list) -> list:
    """TBPar.positiveClosure: the terms and their sub-terms, with "next" of each [] and <>."""
    todo, out = list(terms), list[Node | Next]()
    while todo:
        f = todo.pop()
        if isinstance(f, Atom) and not f.positive:
            todo.append(Atom(f.pred))
        elif isinstance(f, Next):
            out.append(f)
            todo.append(f.body)
        elif isinstance(f, Always | Even):
            out.extend((f, Next(f)))
            todo.append(f.body)
        elif isinstance(f, Conj | Disj):
            todo.extend(f.items)
            out.append(f)
        else:
            out.append(f)
    return out


def _consistent(terms: list) -> bool:
    """No atom next to its own negation (TBPar.isLocallyConsistent)."""
    pos = [f for f in terms if isinstance(f, Bool) or isinstance(f, Atom) and f.positive]
    neg = [Atom(f.pred) for f in terms if isinstance(f, Atom) and not f.positive]
    return not any(f in neg for f in pos)


def closure(terms: list) -> list[Particle]:
    """TBPar.particleClosure: every particle containing ``terms``, in TLC's order."""
    pc = _positive_closure(terms)
    alphas = [(f, *parts) for f in pc if (parts := _split(f, False)) is not None]
    betas = [(f, *parts) for f in pc if (parts := _split(f, True)) is not None]
    return _closure(list(terms), alphas, betas)


def _closure(terms: list, alphas: list, betas: list) -> list[Particle]:
    if not _consistent(terms):
        return []
    out = list(terms)
    i = 0
    while i < len(out):  # alpha expansion, of what it appends too
        parts = _split(out[i], False)
        if parts is not None:
            k1, k2 = parts
            if k1 in out:
                if k2 not in out:
                    out.append(k2)
            elif k2 in out:
                out.append(k1)
            else:
                out.extend((k1, k2))
        i += 1
    grown = len(out) > len(terms)
    done = False
    while not done:  # inverse alpha expansion
        done = True
        for a, b, c in alphas:
            if b in out and c in out and a not in out:
                out.append(a)
                done = False
    if grown and not _consistent(out):
        return []
    for f in out:  # beta expansion of the first term that needs one
        parts = _split(f, True)
        if parts is not None and parts[0] not in out and parts[1] not in out:
            first = _closure(out + [parts[0]], alphas, betas)
            second = _closure(out + [parts[1]], alphas, betas)
            return [p for p in first if not any(_same(p, q) for q in second)] + second
    for a, b, c in betas:  # inverse beta expansion
        if (b in out or c in out) and a not in out:
            return _closure(out + [a], alphas, betas)
    return [tuple(out)]


def _same(p: Particle, q: Particle) -> bool:
    """Particles are equal as sets (TBPar.equals)."""
    return all(f in q for f in p) and all(f in p for f in q)


def state_preds(p: Particle) -> list[Node]:
    """The particle's formulas of state level at most, in its order (TBGraphNode.statePreds)."""
    return [f for f in p if not isinstance(f, Next) and level(f) <= LEVEL_STATE]


@dataclass
class Tableau:
    """Nodes (particles), their successors, which are initial, and for each node the bit set of
    promises it fulfils; ``holds(k)`` is node k's state predicates as one function of a state,
    evaluated in TLC's order and stopping at the first false one."""

    nodes: list[Particle]
    succ: list[list[int]]
    initial: list[int]
    promises: list[Even]
    fulfils: list[int]
    holds: list[Callable[[tuple], bool]] = field(default_factory=list)
    free: list[bool] = field(default_factory=list)  # node without atoms: holds everywhere
    # the state predicates again, for deciding every node on a state at once: each node's as
    # (index into ``atom_fns``, the value it needs), in order; an atom shared by nodes is one
    atoms: list[list[tuple[int, bool]]] = field(default_factory=list)
    atom_fns: list[Callable[[tuple], Any]] = field(default_factory=list)


def build(tf: Node) -> Tableau:
    """TBGraph(tf): the initial nodes are the particles of tf, then each node's successors are
    the particles of its "next" obligations, a particle equal (as a set) to a known node being
    that node."""
    nodes: list[Particle] = closure([binary(tf)])
    initial = list(range(len(nodes)))
    succ: list[list[int]] = []
    k = 0
    while k < len(nodes):
        out = []
        for p in closure([f.body for f in nodes[k] if isinstance(f, Next)]):
            j = next((j for j, q in enumerate(nodes) if _same(p, q)), None)
            if j is None:
                j = len(nodes)
                nodes.append(p)
            out.append(j)
        succ.append(out)
        k += 1
    promises = list(dict.fromkeys(f for p in nodes for f in p if isinstance(f, Even)))
    fulfils = [sum(1 << i for i, pr in enumerate(promises) if pr not in p or pr.body in p) for p in nodes]
    holds, free, atoms = [], [], []
    index: dict[Any, int] = {}
    fns: list[Callable[[tuple], Any]] = []
    for p in nodes:
        preds = state_preds(p)
        holds.append(state_fn(Conj(tuple(preds))))  # all() in order: TLC's isConsistent
        free.append(not preds)
        mine = []
        for f in preds:
            key = f.pred if isinstance(f, Atom) else f
            if key not in index:
                index[key] = len(fns)
                fns.append(f.pred.fn if isinstance(f, Atom) else state_fn(f))
            mine.append((index[key], f.positive if isinstance(f, Atom) else True))
        atoms.append(mine)
    return Tableau(nodes, succ, initial, promises, fulfils, holds, free, atoms, fns)


def trivial() -> Tableau:
    """The tableau of TRUE: one node, its own successor, no promise."""
    return Tableau([()], [[0]], [0], [], [0], [lambda s: True], [True], [[]], [])
