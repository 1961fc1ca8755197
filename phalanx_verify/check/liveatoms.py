"""The atoms of the temporal properties, evaluated where TLC evaluates them: as its liveness
graph grows with the search (tlc2.tool.liveness.LiveCheck), not where a check needs them.

The checks of check/liveness.py read an atom only where a verdict depends on it, after the
search or between its levels. TLC evaluates more, and earlier, so an atom that cannot be
evaluated on some state (``ENABLED (x' # x)``, which determines no x', or a function applied
outside its domain) stops TLC where the checks here would never have looked, or would have
looked only after the search had found a safety violation. To give TLC's outcome the atoms are
evaluated at TLC's sites, their values kept for the checks:

- an initial state, as it is stored (before its invariants are checked): the state predicates
  of the initial tableau nodes (``addInitState``, each node's in its order up to the first
  false one);
- a state, once its successors are generated (after the deadlock check): the conditions of
  every <>[] and []<> form on each step from it, its stuttering step too (``checkAction``), and
  on the state (``checkState``); then every tableau node on every one of those successors
  (``addNextState``), whichever nodes the state itself has in the product.

The fixed forms are TLC's formulas too: P ~> Q is the tableau of <>(P /\\ []~Q), whose nodes
[P, ~Q] and [~Q] evaluate P and Q on every successor; <>P the tableau of []~P; []<>P and <>[]P
are conditions of the state. An error at a state being explored is TLC's liveness error (exit
255); one at an initial state has TLC's handling of errors in Init (bfs.add_initial_states).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..tla import JavaException
from ..tla.errors import EvalError, LivenessEvalError
from .bfs import StateSpace
from .fairness import FairnessTracker
from .liveness import disjunct_tableau, node_holds, node_truth
from .model import Fairness, Liveness, Model
from .tableau import Tableau
from .temporal import state_fn, step_fn

FIXED_ON_STATE = ("infinitely_often", "eventually_always")  # TLC: a condition of each explored state
# (the others, eventually and leadsto, are tableaux whose nodes TLC decides on every successor)
# the fixed forms' predicates as check_liveness reads them (which, negated): the values kept
# here are the ones it reads
FIXED_READS = {"infinitely_often": (("p", True),), "eventually_always": (("p", True),),
               "eventually": (("p", True),), "leadsto": (("p", False), ("q", True))}


class AtomSites:
    """Evaluates the obligations' atoms at TLC's sites (see the module's docstring)."""

    def __init__(self, obligations: Sequence[Liveness]) -> None:
        self.fixed = [ob for ob in obligations if ob.kind in FIXED_READS]
        # (values kept, the predicate, negated) per fixed predicate, by where TLC evaluates it
        reads = [(ob.kind in FIXED_ON_STATE, (ob.values.setdefault(which + ("~" if negate else ""), bytearray()),
                                              getattr(ob, which), negate))
                 for ob in self.fixed for which, negate in FIXED_READS[ob.kind]]
        self.on_state = [r for on_state, r in reads if on_state]
        self.on_successors = [r for on_state, r in reads if not on_state]
        self.found = 0  # the states found so far, on which the on_successors predicates were evaluated
        # per tableau: it, its node_truth table, and which states every node was decided on
        self.tableaux: list[tuple[Tableau, list[bytearray], bytearray]] = []
        # per disjunct with <>[] or []<> conditions: (its cache, EA step functions, AE step
        # functions, AE state functions)
        self.pems: list[tuple[dict[Any, Any], list[Callable[[tuple, tuple], bool]],
                              list[Callable[[tuple, tuple], bool]], list[Callable[[tuple], bool]]]] = []
        for ob in obligations:
            if ob.general is None:
                continue
            for i, d in enumerate(ob.general.disjuncts):
                cache = ob.values.setdefault(i, {})
                if d.ea or d.ae_step or d.ae_state:
                    self.pems.append((cache, [step_fn(x) for x in d.ea], [step_fn(x) for x in d.ae_step],
                                      [state_fn(x) for x in d.ae_state]))
                if d.tf is not None:
                    tab = disjunct_tableau(ob.general, i)
                    self.tableaux.append((tab, node_truth(tab, cache), bytearray()))

    def __bool__(self) -> bool:
        return bool(self.fixed or self.tableaux or self.pems)

    def initial(self, space: StateSpace, sid: int) -> None:
        """TLC's addInitState for the stored initial state ``sid``; raises the EvalError of an
        atom that cannot be evaluated there."""
        s = space.states[sid]
        for ob in self.fixed:
            if ob.kind == "eventually":  # the node [~P]
                ob.p(s)  # type: ignore[misc]  # a fixed form has its predicates
            elif ob.kind == "leadsto" and ob.p(s):  # type: ignore[misc]  # the nodes [P, ~Q] and []
                ob.q(s)  # type: ignore[misc]
        for tab, truth, _ in self.tableaux:
            for k in tab.initial:
                node_holds(tab, truth, space, k, sid)

    def expanded(self, space: StateSpace, sid: int) -> None:
        """TLC's addNextState for ``sid``, whose edges are the last of ``space``; an atom that
        cannot be evaluated is TLC's liveness error."""
        try:
            self._expanded(space, sid)
        except EvalError as err:
            if isinstance(err, LivenessEvalError):
                raise
            raise LivenessEvalError(err.message, err.pos) from err

    def _expanded(self, space: StateSpace, sid: int) -> None:
        states = space.states
        s = states[sid]
        first = space.edge_start[sid]
        edges = range(first, len(space.edge_dst))
        targets = [sid, *(space.edge_dst[e] for e in edges)]  # the stuttering step too
        for cache, ea, ae_step, ae_state in self.pems:
            for e, t in zip((-1 - sid, *edges), targets, strict=True):
                u = states[t]
                held = [f(s, u) for f in ea]  # each condition, as TLC's checkAction: no short cut
                for f in ae_step:
                    f(s, u)
                if ea:  # what _GeneralSearch.ea_ok asks for this step
                    cache[("ea", e)] = all(held)
            for g in ae_state:
                g(s)
        # as StateSpace.values, one state at a time: the explored state, and every state found
        # so far (each a successor of an explored one, or initial); the checks between levels
        # may have been there first
        for values, pred, negate in self.on_state:
            if len(values) == sid:
                values.append((not pred(s)) if negate else bool(pred(s)))
        if self.on_successors:
            for i in range(self.found, len(states)):
                t = states[i]
                for values, pred, negate in self.on_successors:
                    if len(values) == i:
                        values.append((not pred(t)) if negate else bool(pred(t)))
            self.found = len(states)
        n = len(states)
        for tab, truth, decided in self.tableaux:
            if len(decided) < n:  # (grown by half again, not by the few states each expansion adds)
                more = max(n - len(decided), len(decided) // 2)
                decided.extend(bytes(more))
                for row in truth:
                    row.extend(bytes(max(len(decided) - len(row), 0)))
            for t in targets:
                if not decided[t]:  # (else every node was decided on it, a target before)
                    decided[t] = 1
                    decide(tab, truth, states[t], t)

    def probe(self, s: tuple, successors: Sequence[tuple]) -> None:
        """What TLC's addNextState evaluates for ``s`` with these successors, nothing kept:
        raises the EvalError of an atom that cannot be evaluated (see liveness_fails)."""
        for _, ea, ae_step, ae_state in self.pems:
            for u in (s, *successors):
                for f in (*ea, *ae_step):
                    f(s, u)
            for g in ae_state:
                g(s)
        for _, pred, _ in self.on_state:
            pred(s)
        for t in successors:
            for _, pred, _ in self.on_successors:
                pred(t)
        for tab, _, _ in self.tableaux:
            for t in (s, *successors):
                decide(tab, [bytearray(1) for _ in tab.atoms], t, 0)


def liveness_fails(model: Model, fairs: Sequence[Fairness], obligations: Sequence[Liveness], s: tuple,
                   inside: Sequence[tuple]) -> bool:
    """Where the successors of ``s`` failed to be computed (``inside``: those found before the
    error, inside the model), TLC's worker still adds ``s`` to its liveness graph with them
    (Worker.doNextCheckLiveness): each fairness condition's ENABLED and steps, the properties'
    atoms on ``s``, its steps and its successors. Does that fail too? TLC then keeps the first
    error's code (GENERAL: exit 255) instead of the 75 it gets by replaying the error with its
    call stack (ModelChecker.modelCheck)."""
    try:
        FairnessTracker(model, list(fairs), use_labels=False).probe(s, list(inside))
        AtomSites(obligations).probe(s, inside)
    except JavaException:  # (TLC's worker catches only its own exceptions there)
        return False
    except EvalError:
        return True
    return False


def decide(tab: Tableau, truth: list[bytearray], state: tuple, sid: int) -> None:
    """Every node of ``tab`` on ``state`` (its rows in ``truth`` long enough), each node's atoms
    in its order up to the first false one, as TLC's isConsistent: the same atoms are evaluated,
    each once (nodes share them)."""
    fns = tab.atom_fns
    known: dict[int, bool] = {}
    for k, needs in enumerate(tab.atoms):
        row = truth[k]
        if not needs or row[sid]:
            continue
        ok = True
        for a, want in needs:
            v = known.get(a)
            if v is None:
                v = known[a] = bool(fns[a](state))
            if v is not want:
                ok = False
                break
        row[sid] = 2 if ok else 1
