"""Breadth-first state-space search with TLC's counting.

"States generated" counts every successor the next-state relation yields, one per binding of
its existential variables, plus every initial state generated; "distinct" counts states that
pass the CONSTRAINTs; depth counts BFS levels with the initial level being 1. Invariants are
checked on each new distinct state, action properties on each step, deadlock on each explored
state with no successor. BFS order makes every safety counterexample a shortest one.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..tla.errors import TLAError
from .model import Model
from .report import Report, Trace, TraceStep

ProgressFn = Callable[[dict[str, Any]], None]


@dataclass
class StateSpace:
    """The explored states (id -> state), the BFS tree, and (for liveness) the graph."""

    states: list[tuple] = field(default_factory=list)
    index: dict[tuple, int] = field(default_factory=dict)
    parent: array = field(default_factory=lambda: array("l"))
    via: list[tuple[int, tuple]] = field(default_factory=list)   # (label index, args) into each state
    succ: list[list[tuple[int, int]]] | None = None               # (target id, label slot) per state
    edge_labels: list[tuple[int, tuple]] = field(default_factory=list)
    initial: list[int] = field(default_factory=list)

    def add(self, t: tuple, parent: int, lab: tuple[int, tuple]) -> int:
        tid = len(self.states)
        self.index[t] = tid
        self.states.append(t)
        self.parent.append(parent)
        self.via.append(lab)
        return tid

    def path_to(self, sid: int) -> list[int]:
        out = []
        while sid >= 0:
            out.append(sid)
            sid = self.parent[sid]
        return out[::-1]


class Interner:
    """Shares equal sub-values between states: most variables take few distinct values, so
    storing one copy of each keeps the state table small."""

    def __init__(self) -> None:
        self.table: dict[Any, Any] = {}

    def __call__(self, t: tuple) -> tuple:
        table = self.table
        return tuple([table.setdefault(x, x) for x in t])


def label_text(model: Model, lab: tuple[int, tuple]) -> str:
    idx, args = lab
    if idx < 0:
        return "Next"
    label = model.labels[idx]
    return f"{label.render(args)} line {label.pos.line}, col {label.pos.col} of module {label.module}"


def make_trace(model: Model, space: StateSpace, ids: list[int], extra: list[tuple[tuple, str]] = ()) -> Trace:
    steps = []
    for k, sid in enumerate(ids):
        steps.append(TraceStep(space.states[sid], None if k == 0 else label_text(model, space.via[sid])))
    for state, action in extra:
        steps.append(TraceStep(state, action))
    return Trace(model.variables, steps)


def explore(model: Model, report: Report, keep_graph: bool, progress: ProgressFn | None = None,
            progress_every: float = 2.0) -> StateSpace | None:
    """Run the BFS. Fills ``report``; returns the state space when it completed (None when a
    violation or an error stopped the search)."""
    space = StateSpace()
    if keep_graph:
        space.succ = []
    intern = Interner()
    invariants = model.invariants
    constraints = model.constraints
    action_constraints = model.action_constraints
    init_preds = [(p.name, n, f) for p in model.properties for n, f in p.init_preds]
    state_props = [(p.name, f) for p in model.properties for _, f in p.state_invariants]
    action_props = [(p.name, f) for p in model.properties for _, f in p.action_props]
    check_deadlock = model.cfg.check_deadlock
    start = time.monotonic()
    last = start
    generated = 0

    def violation(verdict: str, name: str | None, ids: list[int], extra: list = ()) -> None:
        report.verdict, report.violated = verdict, name
        report.trace = make_trace(model, space, ids, list(extra))
        report.complete = False

    def check_state(tid: int, t: tuple) -> bool:
        for name, inv in invariants:
            if not inv(t):
                violation("invariant", name, space.path_to(tid))
                return False
        for name, f in state_props:
            if not f(t):
                violation("temporal_property", name, space.path_to(tid))
                return False
        return True

    try:
        # Initial states.
        for s in model.init():
            generated += 1
            if s in space.index:
                continue
            if constraints and not all(c(s) for c in constraints):
                continue
            s = intern(s)
            sid = space.add(s, -1, (-1, ()))
            space.initial.append(sid)
            if keep_graph:
                space.succ.append([])  # type: ignore[union-attr]
            for pname, _, f in init_preds:
                if not f(s):
                    violation("temporal_property", pname, [sid])
                    return _finish(report, space, generated, 1, start)
            if not check_state(sid, s):
                return _finish(report, space, generated, 1, start)
        depth = 1 if space.states else 0
        level = list(range(len(space.states)))
        nxt = model.next
        index = space.index
        succ = space.succ
        slots: dict[tuple[int, tuple], int] = {}
        while level:
            new_level: list[int] = []
            for pos, sid in enumerate(level):
                s = space.states[sid]
                n_succ = 0
                edges = [] if keep_graph else None
                for lab, args, t in nxt(s):
                    generated += 1
                    n_succ += 1
                    for pname, f in action_props:
                        if not f(s, t):
                            violation("action_property", pname, space.path_to(sid),
                                      [(t, label_text(model, (lab, args)))])
                            return _finish(report, space, generated, depth + 1, start, len(level) - pos)
                    tid = index.get(t)
                    if tid is None:
                        if constraints and not all(c(t) for c in constraints):
                            continue
                        if action_constraints and not all(c(s, t) for c in action_constraints):
                            continue
                        t = intern(t)
                        tid = space.add(t, sid, (lab, args))
                        if keep_graph:
                            succ.append([])  # type: ignore[union-attr]
                        new_level.append(tid)
                        if not check_state(tid, t):
                            return _finish(report, space, generated, depth + 1, start, len(level) - pos)
                    if edges is not None:
                        key = (lab, args)
                        slot = slots.get(key)
                        if slot is None:
                            slot = slots[key] = len(space.edge_labels)
                            space.edge_labels.append(key)
                        edges.append((tid, slot))
                if edges is not None:
                    succ[sid] = edges  # type: ignore[index]
                if n_succ == 0 and check_deadlock:
                    report.verdict = "deadlock"
                    report.trace = make_trace(model, space, space.path_to(sid))
                    report.complete = False
                    return _finish(report, space, generated, depth, start, len(level) - pos)
                if progress is not None:
                    now = time.monotonic()
                    if now - last >= progress_every:
                        last = now
                        progress({"generated": generated, "distinct": len(space.states),
                                  "queue": len(level) - pos + len(new_level), "depth": depth,
                                  "seconds": now - start})
            if new_level:
                depth += 1
            level = new_level
        _finish(report, space, generated, depth, start)
        return space
    except TLAError as err:
        report.verdict = "error"
        report.message = err.line()
        report.complete = False
        _finish(report, space, generated, 0, start)
        return None


def _finish(report: Report, space: StateSpace, generated: int, depth: int, start: float,
            queue: int = 0) -> None:
    report.generated = generated
    report.distinct = len(space.states)
    report.depth = max(report.depth, depth)
    report.queue = queue
    report.seconds = time.monotonic() - start
    return None
