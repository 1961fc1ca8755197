"""Breadth-first state-space search with TLC's counting.

"States generated" counts every successor the next-state relation yields, one per binding of
its existential variables, plus every initial state generated; "distinct" counts states that
pass the CONSTRAINTs; depth counts BFS levels with the initial level being 1. Invariants are
checked on each new distinct state, action properties on each step, deadlock on each explored
state with no successor. BFS order makes every safety counterexample a shortest one.

For liveness the search also keeps the state graph, compactly: states are explored in id
order, so the edges of state i are the slice edge_start[i]:edge_start[i+1] of flat arrays
(target, label slot, fairness step bits), and each explored state has its fairness enabled
bits. Between BFS levels a callback may check liveness on the explored part (as TLC does
periodically), so a violation can stop the search early.
"""

from __future__ import annotations

import gc
import itertools
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..tla import runtime as rt
from ..tla.errors import (
    EXIT_DEADLOCK,
    EXIT_EVAL,
    EXIT_OK,
    EXIT_SAFETY_EVAL,
    EXIT_TLC_ERROR,
    EvalError,
    IncompleteSuccessor,
    InitialUnsortableSet,
    LivenessEvalError,
    SemanticError,
    TLAError,
    UnsortableSet,
)
from ..tla.order import forget_sort_keys
from ..tla.sameness import BOOL_FREE, bool_free, remember_bool_free, same, unambiguous
from ..tla.values import STORABLE, check_storable
from .constraints import successor_constraints
from .errorexit import Where, error_exit
from .fairness import FairnessTracker
from .invariants import StateChecks
from .model import NO_NEXT_ACTIONS, Model
from .replay import replay_exit
from .report import Report, Trace, TraceStep, Verdict, state_records

ProgressFn = Callable[[dict[str, Any]], None]


# Every 4096 states stored, the objects alive are moved out of the cyclic collector's sight
# (gc.freeze): the states are immutable values that cannot form a cycle, and with millions of
# them each full collection walked them all (LamportMutex: the collector took 17% of the time
# at 70K states, 2.7 of 16 CPU s, 0.4 s now; more as the table grew). Reference counting still
# frees what dies.
FREEZE_MASK = (1 << 12) - 1


def tree_path(parent: Sequence[int], sid: int) -> list[int]:
    """The state ids from an initial state (parent -1) down to ``sid`` along the BFS tree."""
    out = []
    while sid >= 0:
        out.append(sid)
        sid = parent[sid]
    return out[::-1]


@dataclass
class StateSpace:
    """The explored states (id -> state), the BFS tree, and (for liveness) the graph."""

    states: list[tuple] = field(default_factory=list)
    index: dict[tuple, int] = field(default_factory=dict)
    parent: array = field(default_factory=lambda: array("i"))
    via: array = field(default_factory=lambda: array("i"))        # label slot of the edge into each state
    slots: list[tuple[int, tuple]] = field(default_factory=list)  # slot -> (label index, label args)
    slot_index: dict[tuple[int, tuple], int] = field(default_factory=dict)
    initial: list[int] = field(default_factory=list)
    edge_start: array = field(default_factory=lambda: array("i"))  # per explored state (+1 sentinel)
    edge_dst: array = field(default_factory=lambda: array("i"))
    edge_slot: array = field(default_factory=lambda: array("i"))
    edge_fair: array = field(default_factory=lambda: array("Q"))
    enabled: array = field(default_factory=lambda: array("Q"))     # fairness enabled bits per explored state

    twins: dict[Any, list[int]] = field(default_factory=dict)
    keys: dict[int, Any] = field(default_factory=dict)  # a state's key where it is not the state

    def find(self, key: Any) -> int | None:
        """The id of the state found by ``key``, or None: the index's answer, confirmed by
        values.same (the hot loop in explore() does the same inline)."""
        tid = self.index.get(key)
        if tid is None or same(self.key_of(tid), key):
            return tid
        return self.find_twin(key)

    def find_twin(self, key: Any) -> int | None:
        """The stored state Python's 1 == TRUE made the index answer wrongly for: among the
        twins of ``key``, the one that is the same TLA+ value, or None (a new state)."""
        return next((tid for tid in self.twins.get(key, ()) if same(self.key_of(tid), key)), None)

    def key_of(self, tid: int) -> Any:
        return self.keys.get(tid, self.states[tid]) if self.keys else self.states[tid]

    def slot(self, key: tuple[int, tuple]) -> int:
        s = self.slot_index.get(key)
        if s is None:
            s = self.slot_index[key] = len(self.slots)
            self.slots.append(key)
        return s

    def add(self, t: tuple, parent: int, slot: int, key: Any = None, absent: bool = False) -> int:
        """Store state t; ``key`` is what it is found by when it differs from t (its VIEW).
        A key that Python finds equal to a stored one but that is another TLA+ value (1 where
        the other has TRUE, see values.same) goes to ``twins``, beside the first. ``absent``:
        the caller's look-up found no key equal to it, so it is not looked up again (hashing a
        state of nested tuples walks all of it)."""
        tid = len(self.states)
        k = t if key is None else key
        if not absent and k in self.index:
            self.twins.setdefault(k, []).append(tid)
        else:
            self.index[k] = tid
        if key is not None:
            self.keys[tid] = key
        self.states.append(t)
        self.parent.append(parent)
        self.via.append(slot)
        return tid

    @property
    def explored(self) -> int:
        """Number of states whose successors are all recorded (ids 0 .. explored-1)."""
        return max(len(self.edge_start) - 1, 0)

    def edges(self, sid: int) -> range:
        return range(self.edge_start[sid], self.edge_start[sid + 1])

    def path_to(self, sid: int) -> list[int]:
        return tree_path(self.parent, sid)

    @property
    def size(self) -> int:
        """Number of states found (explored or not)."""
        return len(self.states)

    def values(self, obligation: Any, which: str, negate: bool = False) -> bytearray:
        """The liveness obligation's predicate ``which`` (p or q) on every state (1/0), extended
        as the state table grows: the periodic checks between BFS levels evaluate each state
        once, not once per check (and the search fills it as TLC evaluates it, liveatoms.py)."""
        values = obligation.values.setdefault(which + ("~" if negate else ""), bytearray())
        pred = getattr(obligation, which)
        if len(values) < len(self.states):
            values.extend((not pred(s)) if negate else bool(pred(s)) for s in self.states[len(values):])
        return values

    def steps(self, model: Model, ids: list[int]) -> list[TraceStep]:
        """The path ``ids`` (each a successor of the one before) as trace steps; each step's
        action is that of the first edge between the two states."""
        return [TraceStep(self.states[sid], None if k == 0 else self.edge_label(model, ids[k - 1], sid))
                for k, sid in enumerate(ids)]

    def edge_label(self, model: Model, src: int, dst: int) -> str:
        for e in self.edges(src):
            if self.edge_dst[e] == dst:
                return label_text(model, self.slots[self.edge_slot[e]])
        return label_text(model, self.slots[self.via[dst]])


class Interner:
    """Shares equal sub-values between states: most variables take few distinct values, so
    storing one copy of each keeps the state table small (and lets the identity-keyed memos of
    the evaluator and the invariant checks hit). ``intern(t, parent)`` keeps the components the
    step left unchanged (the parent's, already shared) and looks up the others; it is generated
    unrolled for the model's number of variables, as a loop over components cost a third of it."""

    def __init__(self, nvars: int, exact: frozenset[int] = frozenset(), viewed: bool = False) -> None:
        # One table per variable, and a shared value only when it is confirmed the same TLA+
        # value: Python's 1 == True (and so [n |-> 1] == [n |-> TRUE]) must not make one value
        # stand for another. Both Boolean-free (values.BOOL_FREE) confirms it without a walk,
        # and so does a variable in ``exact``, proven never to hold a Boolean (tla.boolfree):
        # for it Python's == is TLA+'s =.
        self.tables: list[dict[Any, Any]] = [{} for _ in range(nvars)]
        BOOL_FREE.clear()  # a new search: the last one's states are not kept alive by the table
        STORABLE.clear()
        kn, free = BOOL_FREE, bool_free

        def remember(t: Any) -> None:
            """A component value met for the first time: it is registered Boolean-free if it
            is, and TLC's fingerprint of it must be possible (values.check_storable; under a
            VIEW, TLC fingerprints the view alone: state_key). A Boolean-free value holds no
            lazy set (bool_free is False on one), so only the others are walked again."""
            if not remember_bool_free(t) and not viewed:
                check_storable(t)

        def look(u: Any, t: Any) -> Any:
            """u, the table's value equal to t (or None), where it is the same TLA+ value, else t."""
            return u if u is not None and (u is t or (id(u) in kn and free(t)) or same(u, t)) else t

        def pick(u: Any, t: Any) -> Any:
            """The component to store for t, u being the table's value equal to it."""
            if u is t:
                remember(t)
                return t
            return look(u, t)

        def keep(u: Any, t: Any) -> Any:
            """pick for a variable in ``exact``: u is t as a TLA+ value."""
            if u is t:
                remember(t)
            return u
        self._pick = pick
        ns: dict[str, Any] = {f"sd{i}": table.setdefault for i, table in enumerate(self.tables)}
        ns.update(pick=pick, look=look, keep=keep)
        ts = "".join(f"t{i}, " for i in range(nvars))
        ps = "".join(f"p{i}, " for i in range(nvars))
        picks = "".join(f"t{i} if t{i} is p{i} else "
                        + ("keep(sd{i}(t{i}, t{i}), t{i})" if i in exact else "pick(sd{i}(t{i}, t{i}), t{i})").format(i=i)
                        + ", " for i in range(nvars))
        exec(f"def with_parent(t, p):\n    {ts or '_'} = t\n    {ps or '_'} = p\n    return ({picks})\n", ns)
        self._with_parent = ns["with_parent"]
        # confirm(stored, t): a stored state the index found for t is t as a TLA+ value; a stored
        # component known unambiguous (by id: stored components live as long as the search) is
        # not walked, nor one Boolean-free when t's is too, nor one of a variable in ``exact``.
        # None when every variable is: the index's equality is then the state's.
        known: dict[int, bool] = {}

        def ok(u: Any, v: Any) -> bool:
            p = known.get(id(u))
            if p is None:
                p = known[id(u)] = unambiguous(u)
            return p or same(u, v)
        us = "".join(f"u{i}, " for i in range(nvars))
        checks = " and ".join(f"(u{i} is t{i} or (id(u{i}) in kn and free(t{i})) or ok(u{i}, t{i}))"
                              for i in range(nvars) if i not in exact) or "True"
        ns.update(ok=ok, kn=kn, free=free)
        exec(f"def confirm(u, t):\n    {us or '_'} = u\n    {ts or '_'} = t\n    return {checks}\n", ns)
        self.confirm: Callable[[tuple, tuple], bool] | None = \
            None if exact.issuperset(range(nvars)) else ns["confirm"]
        # same_key(stored, key): the same for the orbit representatives of SYMMETRY, which are
        # not stored states (no component of theirs is known): a walk of the others
        walks = " and ".join(f"(u{i} is t{i} or same(u{i}, t{i}))" for i in range(nvars) if i not in exact)
        ns.update(same=same)
        exec(f"def same_key(u, t):\n    {us or '_'} = u\n    {ts or '_'} = t\n    return {walks or 'True'}\n", ns)
        self.same_key: Callable[[tuple, tuple], bool] | None = None if not walks else ns["same_key"]

    def __call__(self, t: tuple, parent: tuple | None = None) -> tuple:
        if parent is None:
            pick = self._pick
            return tuple([pick(table.setdefault(x, x), x) for table, x in zip(self.tables, t, strict=True)])
        return self._with_parent(t, parent)


def label_text(model: Model, key: tuple[int, tuple]) -> str:
    idx, args = key
    if idx < 0:
        return "Next"
    label = model.labels[idx]
    if label.leaf is not None:  # TLC's action: the range of the expression it did not open
        return f"{label.render(args)} {label.leaf.location()}"
    return f"{label.render(args)} {label.pos.start(label.module)}"


def path_records(model: Model, space: StateSpace, sid: int, t: tuple) -> Callable[[], tuple]:
    """TLCExt!Trace for the checks of ``t``, found from state ``sid`` (-1: an initial state): the
    states from an initial one to ``sid``, then ``t``, as records of the variables, made only
    where an expression asks for them (runtime.trace)."""
    def records() -> tuple:
        states = [space.states[i] for i in (space.path_to(sid) if sid >= 0 else ())]
        return state_records(model.variables, [*states, t])
    return records


def make_trace(model: Model, space: StateSpace, ids: list[int],
               extra: Sequence[tuple[tuple, str | None]] = ()) -> Trace:
    """The path to a state as the states themselves. Under SYMMETRY too: the space keeps each
    state as first found (its orbit's representative is only its key), so the path is the one
    TLC rebuilds from fingerprints: the first initial state and, at each step, the first
    successor in the orbit."""
    steps = []
    for k, sid in enumerate(ids):
        action = None if k == 0 else label_text(model, space.slots[space.via[sid]])
        steps.append(TraceStep(space.states[sid], action))
    for state, action in extra:
        steps.append(TraceStep(state, action))
    return Trace(model.variables, steps)


LevelHook = Callable[[StateSpace], bool]
ExpandedHook = Callable[[StateSpace, int], bool]
"""Called once a state's successors are all in the graph (kept for liveness), with its id;
returns False to stop the search there (it found a temporal property's bad prefix)."""
FailedExpansionHook = Callable[[tuple, list[tuple]], bool]
"""Called where the successors of a state fail to be computed, with the state and those found
before the error inside the model; returns True where TLC's liveness part fails on them too
(liveatoms.liveness_fails)."""
ViolationHook = Callable[[Verdict, str | None, Trace], None]
"""TLC's -continue: called with (verdict, name, counterexample) for each invariant or action
property violation, and the search goes on instead of stopping."""


class SearchObserver(Protocol):
    """Watches the search without changing it (coverage, -dump dot): ``initial`` once the
    initial states are stored, ``successor`` for every step generated from an explored state,
    with the target's id (None when a CONSTRAINT or ACTION_CONSTRAINT puts it outside the model)
    and whether it was new."""

    def initial(self, space: StateSpace, generated: int) -> None: ...

    def successor(self, src: int, label: int, args: tuple, dst: int | None, new: bool) -> None: ...


def state_key(model: Model, t: tuple) -> Any:
    """What a state is found by in the seen set when that is not the state itself: its VIEW,
    and under SYMMETRY its orbit's representative. As in TLC, the state kept and explored is
    the one first found, not the representative, so the order in which successors are found
    (and so the counts where a violation stops the search) is TLC's."""
    if model.view is None:
        return None if model.canonical is None else model.canonical(t)
    # TLC evaluates the view on the least member of the state's orbit in its order of values
    # (TLCStateMut.fingerPrint), and fingerprints the view alone (so Interner checks nothing)
    view = model.view(model.least(t))
    check_storable(view)
    return view


InitialHook = Callable[[StateSpace, int], None]
"""Called with each stored initial state's id before its invariants are checked (the liveness
graph's atoms, check/liveatoms.py); raises an EvalError for one it cannot evaluate."""


def add_initial_states(model: Model, space: StateSpace, intern: Interner, checks: StateChecks,
                       report: Report, on_violation: ViolationHook | None = None,
                       tainted: set[int] | None = None, on_initial: InitialHook | None = None) -> tuple[int, bool]:
    """Generate the initial states into ``space``; (states generated, False if a violation
    was recorded in ``report``). As TLC's DoInitFunctor: a state that fails a CONSTRAINT is
    neither stored nor counted as distinct, but the invariants and the initial predicates of
    the properties are still checked on it. With ``on_violation`` (-continue) a violation is
    handed to it and the stored state's id added to ``tainted``.

    An error of ``on_initial`` has TLC's handling of an exception in Init (ModelChecker.modelCheck):
    it prints the error and the state, then generates the initial states again to find where
    the error comes from, checking every state's invariants this time but adding to the
    liveness graph only the states not yet stored, and exits with what that second pass met: a
    liveness error on a later initial state, 75 (TLC_NESTED_EXPRESSION); an invariant violated
    (the failing state's own, first checked then), or nothing at all, 0 (the run's result is
    still TLC's NO_ERROR), the violation printed after the error."""
    init_preds = [pred for p in model.properties for pred in p.init_preds]
    constraints = model.constraints
    root_slot = space.slot((-1, ()))
    generated = 0
    track = model.reads_level()
    tracing = model.reads_trace()
    failed: EvalError | None = None  # the liveness error of an initial state: TLC's second pass
    if track:  # what TLCGet reads while Init is evaluated: nothing generated yet (TLC's level 1)
        rt.no_states_yet()
    for s in model.init():
        if track:
            rt.LEVEL[0] = 1  # the checks see the state's level; Init itself is evaluated at 0
        if tracing:
            rt.TRACE[0] = path_records(model, space, -1, s)
        generated += 1
        report.generated = generated  # where an error in the checks stops the search
        ids: list[int] = []
        extra: list[tuple[tuple, str | None]] = []
        if track:
            rt.TLC_STATS.update(generated=generated, distinct=len(space.states), queue=len(space.states),
                                diameter=1, initial=generated)
        # TLC's isInModel first: a state outside the model is not looked up (nor fingerprinted),
        # and its invariants are checked even where the model holds a state of the same VIEW
        try:
            in_model = all(c(s) for c in constraints)
        except TLAError:  # TLC: "While working on the initial state:" and the state
            report.trace = make_trace(model, space, [], [(s, None)])
            report.extra["initial_state_error"] = True
            raise
        if in_model:
            try:
                key = state_key(model, s)
                known = space.find(s if key is None else key) is not None
            except UnsortableSet as err:  # TLC: an unexpected exception fingerprinting it (exit 255)
                # and its report of the failed state prints the state, which fails on the same
                # set: its main reports that exception alone, with no counts (test-model Github696b)
                report.extra["no_counts"] = True
                raise InitialUnsortableSet(f"TLC threw an unexpected exception. {err.message}") from None
            if known:
                continue
            s = intern(s)
            sid = space.add(s, -1, root_slot, key)
            space.initial.append(sid)
            ids.append(sid)
            if track:  # TLC's DoInitFunctor stores the state before it checks the invariants
                rt.TLC_STATS.update(distinct=len(space.states), queue=len(space.states))
            if on_initial is not None:  # TLC adds it to the liveness graph before the checks
                try:
                    on_initial(space, sid)
                except EvalError as err:
                    if failed is not None:
                        failed.exit_code = EXIT_EVAL
                        raise failed from err
                    failed = err
                    report.trace = make_trace(model, space, ids)
                    report.extra["initial_state_error"] = True
        else:
            extra.append((s, None))
        try:
            if on_violation is None:
                bad = checks(s)
            else:  # -continue: each invariant the state violates is reported (TLC's DoInitFunctor)
                bad = None
                for verdict, name in checks.failures(s):
                    on_violation(verdict, name, make_trace(model, space, ids, extra))
                    if tainted is not None:
                        tainted.update(ids)
            # a property's initial predicate stops the search even under -continue
            bad = bad or next(((Verdict.TEMPORAL_PROPERTY, pname) for pname, f in init_preds if not f(s)), None)
        except TLAError as err:  # TLC: "While working on the initial state:" and the state
            if failed is not None:  # TLC's second pass fails too: its nested-expression error, 75
                failed.exit_code = EXIT_EVAL
                raise failed from err
            report.trace = make_trace(model, space, ids, extra)
            report.extra["initial_state_error"] = True
            raise
        if bad is not None and failed is not None:
            name = bad[1]
            report.extra["after_error"] = [
                f"Invariant {name} is violated by the initial state:" if bad[0] is Verdict.INVARIANT
                else f"Property {name} is violated by the initial state:",
                _rendered(model, make_trace(model, space, ids, extra), bare=True)]
            failed.exit_code = EXIT_OK
            raise failed
        if bad is not None:
            report.verdict, report.violated = bad
            if bad[0] is Verdict.TEMPORAL_PROPERTY:  # a property's state predicate (model.init_preds)
                report.extra["initial_predicate"] = True
            report.trace = make_trace(model, space, ids, extra)
            report.complete = False
            return generated, False
        if track:
            rt.LEVEL[0] = 0
    if failed is not None:
        failed.exit_code = EXIT_OK
        raise failed
    # What Init's enumeration leaves: the sort keys of a constant set's elements (the initial
    # states hold those elements), and the finished enumeration's frames, a cycle to collect.
    forget_sort_keys(itertools.chain.from_iterable(space.states))
    gc.collect()
    if model.no_next and space.states:  # TLC's ModelChecker stops here: an error, no trace, no counts
        report.verdict, report.error_exit, report.complete = Verdict.ERROR, EXIT_EVAL, False
        report.message = EvalError(NO_NEXT_ACTIONS).line()
        report.extra["no_counts"] = True
        return generated, False
    return generated, True


def explore(model: Model, report: Report, fairness: FairnessTracker | None = None,
            progress: ProgressFn | None = None, on_level: LevelHook | None = None,
            progress_every: float = 2.0, observer: SearchObserver | None = None,
            on_violation: ViolationHook | None = None, on_expanded: ExpandedHook | None = None,
            on_initial: InitialHook | None = None,
            on_failed_expansion: FailedExpansionHook | None = None) -> StateSpace | None:
    """Run the BFS. Fills ``report``; returns the state space when it completed (None when a
    violation or an error stopped the search). With ``fairness`` the graph is kept;
    ``on_level`` runs between levels and returns False to stop (it found a violation).
    With ``on_violation`` (TLC's -continue) invariant and action-property violations are
    handed to it and the search goes on; a violating state is still explored, as in TLC."""
    space = StateSpace()
    if fairness is not None:
        fairness.prepare(space)
    intern = Interner(len(model.variables), model.bool_free_variables(), viewed=model.view is not None)
    checks = StateChecks(model)
    constraints = model.constraints
    in_constraints = successor_constraints(model)
    action_constraints = model.action_constraints
    action_props = model.action_checks
    check_deadlock = model.cfg.check_deadlock
    start_time = time.monotonic()
    last = start_time

    # Under -continue, the states that violated an invariant: their successors are checked
    # without the parent shortcut of StateChecks, which assumes the parent passed every check.
    tainted: set[int] = set()

    def violation(verdict: Verdict, name: str | None, ids: list[int],
                  extra: Sequence[tuple[tuple, str | None]] = ()) -> bool:
        """Record a violation; True when the search must stop."""
        trace = make_trace(model, space, ids, extra)
        if on_violation is not None:
            on_violation(verdict, name, trace)
            return False
        report.verdict, report.violated = verdict, name
        report.trace = trace
        report.complete = False
        return True

    constrained = bool(constraints or action_constraints)
    # A state found in the seen set passed the state constraints when it was added, unless
    # the set holds representatives (VIEW, SYMMETRY) rather than the state itself.
    exact = model.canonical is None and model.view is None
    # ... and the constraints need not be evaluated again on it, unless _POSSIBLE counts there
    # or the model observes their evaluations (TLC's isInModel asks them on every successor)
    known_in_model = exact and not model.possible and not model.compiler.observed()
    generated = depth = pos = 0
    level: list[int] = []
    new_level: list[int] = []
    initialising = True
    where = Where.SUCCESSORS  # where an error stops the search decides TLC's exit code
    unqueued = 0  # 1 while a new state's invariants are checked: TLC enqueues it after them
    judging: str | None = None  # the action property being evaluated on a step
    constraining = False  # the constraints are being evaluated on a successor
    expanding = False  # inside a level's loop (an error there stops TLC at a state)
    sid = 0
    try:
        generated, ok = add_initial_states(model, space, intern, checks, report, on_violation, tainted, on_initial)
        initialising = False
        if not ok:
            _finish(report, space, generated, 1, start_time)
            return None
        if observer is not None:
            observer.initial(space, generated)
        depth = 1 if space.states else 0
        level = list(range(len(space.states)))
        nxt = model.next
        # confirm(stored, key): the state the index found by Python's == is key as a TLA+ value
        confirm: Callable[[Any, Any], bool] | None
        stored_key: Callable[[int], Any]
        if exact:
            confirm, stored_key = intern.confirm, space.states.__getitem__
        elif model.view is None:  # SYMMETRY: keys are states too, their components permuted
            confirm, stored_key = intern.same_key, space.key_of
        else:
            confirm, stored_key = same, space.key_of
        index = space.index
        states = space.states
        keep = fairness is not None
        merged_by_view = keep and model.view is not None
        edge_start, edge_dst, edge_slot = space.edge_start, space.edge_dst, space.edge_slot
        track = model.reads_level()  # TLCGet("level"): Next and action checks see s's, the rest t's
        level_cell, stats = rt.LEVEL, rt.TLC_STATS
        tracing = model.reads_trace()
        exits = model.may_exit()
        while level:
            new_level, pos = [], 0  # pos: where a Ctrl-C finds the search in the level
            expanding = True
            for pos, sid in enumerate(level):
                s = states[sid]
                if track:  # what TLCGet reads while Next is evaluated on s, taken off the queue
                    level_cell[0] = depth
                    stats.update(generated=generated, distinct=len(states), diameter=_reached(depth, new_level),
                                 queue=len(level) - pos - 1 + len(new_level))
                checked_parent = None if tainted and sid in tainted else s
                before = generated
                if keep:
                    edge_start.append(len(edge_dst))
                    succs: list[tuple[tuple[int, tuple], tuple]] = []
                    in_model_flags: list[bool] = []
                    targets: list[int | None] | None = [] if model.canonical is None else None
                # TLC's Worker.addElement: a successor outside the model (a CONSTRAINT or an
                # ACTION_CONSTRAINT fails) is not looked up, stored or explored, and is no edge
                # of the liveness graph, but invariants are checked on it as on a new state;
                # action properties are checked on every step, after the invariants.
                successors = nxt(s)  # held: an invariant's evaluation error replays the rest (replay.py)
                for lab, args, t in successors:
                    generated += 1
                    if track:  # what TLCGet reads where TLC's Worker.addElement checks t
                        level_cell[0] = depth + 1
                        stats.update(generated=generated, distinct=len(states), diameter=_reached(depth, new_level),
                                     queue=len(level) - pos - 1 + len(new_level))
                    if tracing:  # TLCExt!Trace in the checks of t: the path to s, then t
                        rt.TRACE[0] = path_records(model, space, sid, t)
                    key = t if exact else state_key(model, t)
                    tid = index.get(key)
                    absent = tid is None
                    if tid is not None and confirm is not None and not confirm(stored_key(tid), key):
                        tid = space.find_twin(key)
                    in_model = True
                    if constrained:
                        constraining = True  # an error here: TLC's trace ends with t (Worker.addElement)
                        in_model = (tid is not None and known_in_model) or in_constraints(t, s)
                        if in_model and action_constraints:
                            if track:
                                level_cell[0] = depth
                            in_model = all(c(s, t) for c in action_constraints)
                            if track:
                                level_cell[0] = depth + 1
                        constraining = False
                        if not in_model:
                            tid = None
                            where = Where.OUTSIDE
                            # interned, though not stored: the same values come outside the
                            # model again and again (LamportMutex: 232,728 such successors,
                            # 38,396 networks), and the checks' identity memos then know them
                            bad = checks(intern(t, s), checked_parent)
                            where = Where.SUCCESSORS
                            if bad is not None and violation(*bad, space.path_to(sid),
                                                             [(t, label_text(model, (lab, args)))]):
                                _finish(report, space, generated, _reached(depth, new_level), start_time,
                                        _left(level, pos, new_level, 0))
                                return None
                    fresh = tid is None and in_model
                    if fresh:
                        stored = intern(t, s)
                        tid = space.add(stored, sid, space.slot((lab, args)), None if exact else key, absent)
                        new_level.append(tid)
                        if not tid & FREEZE_MASK:
                            gc.freeze()
                        if track:  # TLC stores t in its seen set and trace before it checks the invariants
                            stats.update(distinct=len(states), diameter=depth + 1)
                        if observer is not None:  # before the checks: a violating state is shown too
                            observer.successor(sid, lab, args, tid, True)
                        where, unqueued = Where.INVARIANT, 1
                        bad = checks(stored, checked_parent)
                        where, unqueued = Where.SUCCESSORS, 0
                        if bad is not None:
                            if violation(*bad, space.path_to(tid)):
                                _finish(report, space, generated, depth + 1, start_time,
                                        _left(level, pos, new_level, 1))
                                return None
                            tainted.add(tid)
                    elif observer is not None:
                        observer.successor(sid, lab, args, tid, False)
                    if track:
                        level_cell[0] = depth
                    if action_props:
                        unqueued = int(fresh)  # an error here: t is stored, not enqueued (TLC)
                        for pname, f in action_props:
                            judging = pname  # an error here: TLC's trace ends with t
                            if not f(s, t):  # TLC reports the first one a step violates
                                if violation(Verdict.ACTION_PROPERTY, pname, space.path_to(sid),
                                             [(t, label_text(model, (lab, args)))]):
                                    _finish(report, space, generated, _reached(depth, new_level), start_time,
                                            _left(level, pos, new_level, int(fresh)))
                                    return None
                                break
                        unqueued, judging = 0, None
                    if keep:
                        if in_model:
                            if merged_by_view and not fresh and states[tid] != t:  # type: ignore[index]  # in the model: found
                                raise SemanticError(
                                    "unsupported construct: a temporal property under a VIEW that makes two different "
                                    "states one (TLC decides the property's atoms on the successor found, the graph "
                                    "here on the state kept)", model.cfg.pos_of(model.cfg.view or ""))
                            edge_dst.append(tid)
                            edge_slot.append(space.slot((lab, args)))
                        succs.append(((lab, args), t))
                        if targets is not None:  # (under SYMMETRY an id stands for an orbit: not a state)
                            targets.append(tid if in_model else None)
                        if constrained:
                            in_model_flags.append(in_model)
                if keep and not (generated == before and check_deadlock):  # (TLC: a deadlock comes first)
                    # Enabledness counts every step of the action, inside the model or not.
                    try:
                        enabled, masks = fairness.state(s, succs, targets)  # type: ignore[union-attr]
                    except EvalError as err:  # TLC: any error building the liveness graph is 255
                        raise LivenessEvalError(err.message, err.pos) from err
                    space.enabled.append(enabled)
                    space.edge_fair.extend(masks if not constrained else
                                           [m for m, f in zip(masks, in_model_flags, strict=True) if f])
                if exits and rt.TLC_REGISTERS.get("exit") is True:  # TLCSet("exit", TRUE): TLC stops here
                    _finish(report, space, generated, _reached(depth, new_level), start_time,
                            _left(level, pos, new_level, 0))
                    return space
                if generated == before and check_deadlock:
                    report.verdict = Verdict.DEADLOCK
                    report.trace = make_trace(model, space, space.path_to(sid))
                    report.complete = False
                    _finish(report, space, generated, _reached(depth, new_level), start_time,
                            _left(level, pos, new_level, 0))
                    return None
                if on_expanded is not None and keep and not on_expanded(space, sid):
                    report.complete = False
                    _finish(report, space, generated, _reached(depth, new_level), start_time,
                            _left(level, pos, new_level, 0))
                    return None
                if progress is not None:
                    now = time.monotonic()
                    if now - last >= progress_every:
                        last = now
                        progress({"generated": generated, "distinct": len(states),
                                  "queue": len(level) - pos + len(new_level), "depth": depth,
                                  "seconds": now - start_time})
            if keep:
                edge_start.append(len(edge_dst))
            expanding = False  # an error from here on (the checks between levels) is no state's
            if new_level:
                depth += 1
                if on_level is not None and not on_level(space):
                    report.complete = False
                    _finish(report, space, generated, depth, start_time, len(new_level))
                    return None
                if keep:
                    edge_start.pop()  # the sentinel is re-added after the next level
            level = new_level
        _finish(report, space, generated, depth, start_time)
        return space
    except TLAError as err:
        report.verdict = Verdict.ERROR
        report.message = err.line()
        # TLC's exit code depends on where the error stopped the search (errorexit.py); past the
        # initial states it prints the behaviour up to the state whose successors it computed,
        # or up to the state whose invariant failed (stored, or outside the model's constraints).
        report.error_exit = err.exit_code if initialising else error_exit(err, where)
        if (where is Where.SUCCESSORS and expanding and keep and report.error_exit == EXIT_EVAL
                and on_failed_expansion is not None and not isinstance(err, IncompleteSuccessor)
                and _raised_in(err, successors)
                and on_failed_expansion(s, [t for i, (_, t) in enumerate(succs)
                                            if not constrained or in_model_flags[i]])):
            report.error_exit = EXIT_TLC_ERROR
        if where is Where.INVARIANT:
            assert tid is not None  # the new state's id, stored before its invariants are checked
            report.trace = make_trace(model, space, space.path_to(tid))
            report.message = checks.error_line(err, space.states[tid])

            def replay_add(u: tuple, queued: bool) -> None:  # (never in a trace: its label slot is the root's)
                uid = space.add(intern(u, s), sid, 0, None if exact else state_key(model, u))
                if queued:
                    new_level.append(uid)

            if report.error_exit == EXIT_SAFETY_EVAL:  # (a stack overflow stops TLC at once)
                report.error_exit = replay_exit(
                    model, checks, s, space.states[tid], successors,
                    lambda u: space.find(u if exact else state_key(model, u)) is not None, replay_add)
        elif where is Where.OUTSIDE:
            report.trace = make_trace(model, space, space.path_to(sid), [(t, label_text(model, (lab, args)))])
            report.message = checks.error_line(err, t)
        elif isinstance(err, IncompleteSuccessor) and expanding:
            generated += 1  # TLC's worker counts the successor before it finds a variable free
            report.trace = make_trace(model, space, space.path_to(sid), [(err.partial, label_text(model, err.label))])
        elif constraining or judging is not None:  # TLC's doNextFailed, doNextEvalFailed: t ends the trace
            report.trace = make_trace(model, space, space.path_to(sid), [(t, label_text(model, (lab, args)))])
            if judging is not None:
                report.message = f"Evaluating action property {judging} failed. {report.message}"
        elif not initialising and sid < len(space.states):
            report.trace = make_trace(model, space, space.path_to(sid))
            if (on_violation is not None and expanding and where is Where.SUCCESSORS and generated == before
                    and model.cfg.check_deadlock and _raised_in(err, successors)):
                # TLC's -continue: its worker goes on after the failed expansion to the deadlock
                # test, which the state without successors fails, the last error TLC records
                # and so its exit code (Worker.run: doNextFailed, then doNextSetErr)
                report.extra["after_error"] = ["Error: Deadlock reached.", "Error: The behavior up to this point is:",
                                               _rendered(model, report.trace)]
                report.error_exit = EXIT_DEADLOCK
        report.complete = False
        if expanding:
            _finish(report, space, generated, _reached(depth, new_level), start_time,
                    _left(level, pos, new_level, unqueued))
        elif initialising:  # TLC enqueues an initial state before it checks it (DoInitFunctor)
            # TLC's depth is 1 once an initial state was generated, stored or not (one it could
            # not fingerprint: a function over Nat)
            _finish(report, space, report.generated, 1 if report.generated else 0, start_time, len(space.states))
        else:
            _finish(report, space, generated, depth, start_time)
        return None
    except KeyboardInterrupt:  # Ctrl-C: the figures so far, marked interrupted; the CLI exits 130
        report.complete = False
        report.extra["interrupted"] = True
        _finish(report, space, generated, depth, start_time, len(level) - pos + len(new_level))
        return None
    finally:
        gc.unfreeze()  # what stays alive is the collector's again


def _rendered(model: Model, trace: Trace, bare: bool = False) -> str:
    """A trace printed now, after the first error's (report.extra["after_error"]): its
    variables in the order of TLC's states, as run.shown_trace orders the first one's."""
    trace.order = model.print_order
    return trace.render(bare)


def _raised_in(err: BaseException, successors: Any) -> bool:
    """Was ``err`` raised while the generator ``successors`` computed a successor (not by a
    check of one)?"""
    code = getattr(successors, "gi_code", None)
    tb = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is code:
            return True
        tb = tb.tb_next
    return False


def _left(level: list[int], pos: int, new_level: list[int], fresh: int) -> int:
    """TLC's "states left on queue" where a search stops at the state ``level[pos]``: the rest
    of its level and the new states found so far, less the one being stored (``fresh``), which
    TLC checks before it enqueues it (Worker.addElement)."""
    return len(level) - pos - 1 + len(new_level) - fresh


def _reached(depth: int, new_level: list[int]) -> int:
    """TLC's depth where a search stops inside a level (a deadlock, an error, TLCSet("exit")): the
    level of the last state written to its trace file (TLCTrace.getLevelForReporting), the next
    level's as soon as one new state of it was found."""
    return depth + 1 if new_level else depth


def reported_depth(generated: int) -> int:
    """The least depth TLC reports: 1 once an initial state was generated, even where none was
    kept (each outside the CONSTRAINT: "1 states generated, 0 distinct", depth 1)."""
    return 1 if generated else 0


def _finish(report: Report, space: StateSpace, generated: int, depth: int, start: float,
            queue: int = 0) -> None:
    report.generated = generated
    report.distinct = len(space.states)
    report.depth = max(report.depth, depth, reported_depth(generated))
    report.queue = queue
    report.seconds = time.monotonic() - start
    return None
