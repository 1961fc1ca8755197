"""The state graph of the liveness checks when the parallel search (check/parallel.py) explores:
its workers compute what check/liveness.py needs and the coordinator assembles it.

A worker expanding a state records, as bfs.explore does, the fingerprints of its successors
inside the model (one edge each, duplicates too, in generation order), each edge's fairness step
bits and the state's fairness enabled bits (FairnessTracker.state, on every successor); a worker
checking a new state's invariants also evaluates the obligations' state predicates on it, as bits
(``LiveInputs``). The coordinator turns fingerprints into ids and appends to arrays laid out as
bfs.StateSpace's (``LiveGraph``). Ids are the sequential search's and edges are in its order,
so the liveness searches, run on this graph between levels and at the end, find the lassos of a
1-worker run. The states stay in the workers: a lasso's states are re-generated from Init along
their BFS-tree paths by fingerprint, as a safety counterexample is (parallel.regenerate_trace).

An error evaluating a predicate stops the search (``AtomFailed``) for the sequential search to
run the model again: TLC evaluates the atoms at sites of its own, on the states it explores
and their successors (check/liveatoms.py), which the sequential search follows, and those
decide where the error stops TLC, and whether it does.

Left to the sequential search: general temporal formulas (the tableau search evaluates its atoms
on states and steps as it goes) and more than 64 fairness conditions or predicates (the bits are
64-bit words here).
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..tla.errors import TLAError
from .bfs import label_text, tree_path
from .fairness import FairnessTracker
from .lazynumpy import np
from .model import Liveness, Model
from .report import TraceStep

# The state predicates each fixed form reads, in the order check_liveness asks for them.
PREDICATES = {"leadsto": ("q", "p"), "eventually": ("p",), "infinitely_often": ("p",),
              "eventually_always": ("p",), "wf": (), "sf": ()}
WORD = 64  # bits of the enabled, step and predicate words

Fingerprint = Callable[[tuple], int]


class AtomFailed(Exception):
    """A property's predicate could not be evaluated on a state the parallel search found."""


PredicateErrors = dict[int, tuple[int, TLAError]]  # predicate bit -> (first state id, its error)


@dataclass
class LiveInputs:
    """What the workers compute for the liveness checks: the fairness bits of ``tracker`` and,
    bit i of a state's predicate word, predicate ``which`` of obligation ``preds[i]``."""

    tracker: FairnessTracker
    obligations: list[Liveness]
    preds: list[tuple[Liveness, str]] = field(default_factory=list)

    @classmethod
    def of(cls, tracker: FairnessTracker, obligations: Iterable[Liveness]) -> LiveInputs:
        obs = list(obligations)
        return cls(tracker, obs, [(ob, which) for ob in obs for which in PREDICATES.get(ob.kind, ())])

    def why_sequential(self) -> str | None:
        """Why the obligations need the sequential search's graph, or None."""
        if any(ob.kind == "general" for ob in self.obligations):
            return "a temporal formula checked on its tableau needs the states"
        if len(self.tracker.fairs) > WORD or len(self.preds) > WORD:
            return f"more than {WORD} fairness conditions or liveness predicates"
        return None

    def bit(self, obligation: Liveness, which: str) -> int:
        return next(i for i, (ob, w) in enumerate(self.preds) if ob is obligation and w == which)

    def predicate_bits(self, states: Iterable[tuple], ids: Iterable[int], errors: PredicateErrors) -> array:
        """The predicate word of each state; the first error of each predicate goes to ``errors``
        (states come in id order)."""
        out = array("Q")
        preds = [getattr(ob, which) for ob, which in self.preds]
        for s, sid in zip(states, ids, strict=True):
            word = 0
            for i, pred in enumerate(preds):
                try:
                    if pred(s):
                        word |= 1 << i
                except TLAError as err:
                    errors.setdefault(i, (sid, err))
            out.append(word)
        return out


class LevelRecorder:
    """A worker's share of a level for the graph: per expanded state (in id order) its number of
    edges and its enabled bits, per edge the target's fingerprint and the step bits; per new
    state whose invariants it checked, its id and predicate word."""

    def __init__(self, inputs: LiveInputs) -> None:
        self.inputs = inputs
        self.clear()

    def clear(self) -> None:
        self.ids, self.counts, self.enabled = array("q"), array("q"), array("Q")
        self.dst, self.fair = array("q"), array("Q")
        self.new_ids, self.new_preds = array("q"), array("Q")
        self.errors: PredicateErrors = {}

    def state(self, sid: int, s: tuple, succs: list[tuple[tuple[int, tuple], tuple]], in_model: list[bool],
              fps: list[int]) -> None:
        """Record explored state ``sid``: ``succs`` all its successors, ``fps`` the fingerprints
        of those inside the model. Raises the tracker's evaluation errors."""
        it = iter(fps)
        enabled, masks = self.inputs.tracker.state(s, succs, [next(it) if f else None for f in in_model])
        self.ids.append(sid)
        self.counts.append(len(fps))
        self.enabled.append(enabled)
        self.dst.extend(fps)
        self.fair.extend([m for m, f in zip(masks, in_model, strict=True) if f])

    def new_states(self, states: Sequence[tuple], ids: Sequence[int]) -> None:
        self.new_ids.extend(ids)
        self.new_preds.extend(self.inputs.predicate_bits(states, ids, self.errors))

    def take(self) -> tuple:
        """The level's records (as numpy arrays), cleared for the next level."""
        out = (*(np.frombuffer(a, dtype=np.int64 if a.typecode == "q" else np.uint64).copy()
                 for a in (self.ids, self.counts, self.enabled, self.dst, self.fair, self.new_ids, self.new_preds)),
               self.errors)
        self.clear()
        return out


class LiveGraph:
    """The explored graph as check/liveness.py reads a bfs.StateSpace (explored states are ids
    0 .. explored-1, the edges of state i the slice edge_start[i]:edge_start[i+1]), with the
    predicates as bits instead of the states."""

    def __init__(self, model: Model, inputs: LiveInputs, fingerprint: Fingerprint) -> None:
        self.model, self.inputs, self.fingerprint = model, inputs, fingerprint
        self.initial: list[int] = []
        self.parent = array("i")
        self.fps = np.zeros(0, dtype=np.int64)  # by id
        self.sorted_fps, self.sorted_ids = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        self.preds = np.zeros(0, dtype=np.uint64)  # by id
        self.edge_start = array("i", [0])  # per explored state, and a sentinel
        self.edge_dst, self.edge_fair, self.enabled = array("i"), array("Q"), array("Q")

    @property
    def size(self) -> int:
        return len(self.parent)

    @property
    def explored(self) -> int:
        return len(self.edge_start) - 1

    def edges(self, sid: int) -> range:
        return range(self.edge_start[sid], self.edge_start[sid + 1])

    def path_to(self, sid: int) -> list[int]:
        return tree_path(self.parent, sid)

    def add_states(self, fps: np.ndarray, parents: np.ndarray) -> None:
        """Number new states (fingerprints and parent ids, in id order); their predicate words
        come with ``add_level`` (or ``add_predicates`` for the initial states)."""
        fps = np.asarray(fps, dtype=np.int64)
        _append(self.parent, parents, np.int32)
        # the fingerprints also sorted, with their ids, for add_level's look-ups: merged per level
        # (sorting every fingerprint again at each level took a fifth of the search's serial time)
        order = np.argsort(fps)
        new_fps, new_ids = fps[order], (len(self.fps) + order).astype(np.int64)
        at = np.searchsorted(self.sorted_fps, new_fps)
        self.sorted_fps = np.insert(self.sorted_fps, at, new_fps)
        self.sorted_ids = np.insert(self.sorted_ids, at, new_ids)
        self.fps = np.concatenate([self.fps, fps])
        self.preds = np.concatenate([self.preds, np.zeros(len(fps), dtype=np.uint64)])

    def add_predicates(self, ids: np.ndarray, words: np.ndarray, errors: PredicateErrors) -> None:
        if errors:
            raise AtomFailed
        self.preds[ids] = words

    def add_level(self, parts: list[tuple]) -> None:
        """Append the edges of a level's states (the workers' ``LevelRecorder.take``), in id order."""
        ids, counts, enabled, dst, fair = (np.concatenate([p[i] for p in parts]) for i in range(5))
        for p in parts:
            self.add_predicates(p[5], p[6], p[7])
        order = np.argsort(ids, kind="stable")
        # each state's edges, in id order, keeping their order: a state's slice moves as a block
        in_order = counts[order]
        moved_from = (np.cumsum(counts) - counts)[order]
        moved_to = np.cumsum(in_order) - in_order
        edge_order = np.repeat(moved_from - moved_to, in_order) + np.arange(int(in_order.sum()), dtype=np.int64)
        wanted = dst[edge_order]
        pos = np.minimum(np.searchsorted(self.sorted_fps, wanted), max(len(self.sorted_fps) - 1, 0))
        assert len(wanted) == 0 or bool(np.all(self.sorted_fps[pos] == wanted)), "an edge to an unknown state"
        assert len(ids) == 0 or int(ids[order][0]) == self.explored, "levels come in id order"
        _append(self.edge_start, len(self.edge_dst) + np.cumsum(in_order), np.int32)
        _append(self.edge_dst, self.sorted_ids[pos], np.int32)
        _append(self.edge_fair, fair[edge_order], np.uint64)
        _append(self.enabled, enabled[order], np.uint64)

    def values(self, obligation: Liveness, which: str, negate: bool = False) -> bytearray:
        """As bfs.StateSpace.values, from the predicate words."""
        bit = self.inputs.bit(obligation, which)
        values = ((self.preds >> np.uint64(bit)) & np.uint64(1)).astype(np.uint8)
        return bytearray((values ^ 1 if negate else values).tobytes())

    def steps(self, model: Model, ids: list[int]) -> list[TraceStep]:
        """The path ``ids`` as trace steps, as bfs.StateSpace.steps gives it: each state as the
        search stored it, each action that of the first edge between the two states."""
        known: dict[int, tuple] = {}
        states = [self._state(sid, known) for sid in ids]
        return [TraceStep(t, None if k == 0 else self._label(states[k - 1], int(self.fps[ids[k]])))
                for k, t in enumerate(states)]

    def _state(self, sid: int, known: dict[int, tuple]) -> tuple:
        """State ``sid`` as first found: the first initial state, then along its BFS-tree path
        the first successor inside the model, with the next fingerprint."""
        path = self.path_to(sid)
        if path[0] not in known:
            known[path[0]] = next(s for s in self.model.init() if self.fingerprint(s) == self.fps[path[0]])
        for a, b in itertools.pairwise(path):
            if b not in known:
                known[b] = self._successor(known[a], int(self.fps[b]))[1]
        return known[sid]

    def _label(self, s: tuple, fp: int) -> str:
        return label_text(self.model, self._successor(s, fp)[0])

    def _successor(self, s: tuple, fp: int) -> tuple[tuple[int, tuple], tuple]:
        model = self.model
        for lab, args, t in model.next(s):
            if self.fingerprint(t) == fp and all(c(t) for c in model.constraints) \
                    and all(c(s, t) for c in model.action_constraints):
                return (lab, args), t
        raise AssertionError("lasso reconstruction: no successor has the fingerprint")  # pragma: no cover


def _append(column: array, values: np.ndarray, dtype: type) -> None:
    """Append a numpy column to an array.array of the same item type, as one copy of its bytes
    (the arrays stay array.array: the liveness search reads them an item at a time, which numpy
    makes slow)."""
    column.frombytes(np.ascontiguousarray(values, dtype=dtype).tobytes())
