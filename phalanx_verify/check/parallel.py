"""Breadth-first search on several processes, with the sequential search's counts, verdicts and
counterexamples.

The search is level-synchronous. Worker processes are forked after the model is compiled, so
each inherits it; every state of a level lives in one worker, as a row of component ids
(fingerprints.ComponentTable). A level runs in two rounds:

1. *expand*: each worker generates the successors of its states in the order of their global
   ids, checks action properties and the invariants of successors outside the CONSTRAINTs, drops
   successors whose fingerprint the seen set (sorted runs shared as files) already holds, and
   keeps the others with their *key*: (id of the parent, ordinal of the successor), in one of
   NBUCKETS buckets by fingerprint (columns that spill to files, spill.py). Keys order
   successors as the sequential search generates them.
2. *assign*: bucket by bucket, the coordinator collects the workers' candidates and keeps, per
   fingerprint, the smallest key (the successor the sequential search finds first); it then
   numbers the new states in key order (so ids are the sequential search's ids), and gives each
   new state to a worker that generated it (the one the fingerprint shards it to when it has
   it, which balances the work). Workers check the invariants on their new states, which become
   the next level (a memory-mapped file when large). Memory thus holds a few bytes per state of
   the level, the disk the rest.

Everything that stops the search (a violation, a deadlock, an evaluation error) is an event with
the key where the sequential search meets it; the smallest wins, and the counts at that key
(generated, distinct, queue) are computed from the per-state successor counts and the keys of
new states, so a violation is reported with the figures and the trace of a 1-worker run. The
coordinator keeps only a trace file of (fingerprint, parent id) per state and re-generates a
counterexample's states from Init by fingerprint, as TLC does.

With temporal properties the workers also compute the liveness graph's parts and the
coordinator assembles the graph (check/livegraph.py). Not on this path (run.py keeps them
sequential): temporal formulas checked on a tableau (see livegraph.py), VIEW (states are found
by their view, the trace by the state), and specs that write TLC registers (TLCSet: one
register file per process would change results).
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import multiprocessing.connection
import os
import resource
import shutil
import signal
import struct
import sys
import tempfile
import threading
import time
import traceback
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..tla import interning
from ..tla.errors import (
    EXIT_ASSERT,
    EXIT_EVAL,
    EXIT_SAFETY_EVAL,
    EXIT_TLC_ERROR,
    AssertionFailure,
    EvalError,
    IncompleteSuccessor,
    LivenessEvalError,
    TLAError,
)
from . import checkpoint, spill
from .bfs import Interner, ProgressFn, StateSpace, add_initial_states, label_text, reported_depth
from .constraints import successor_constraints
from .errorexit import Where, error_exit
from .fingerprints import (
    MERGE_SLICE,
    ComponentTable,
    FingerprintSet,
    collision_probability,
    kept_state_fingerprint,
    open_runs,
    runs_contain,
    state_fingerprint,
)
from .invariants import StateChecks
from .lazynumpy import np
from .liveatoms import liveness_fails
from .livegraph import AtomFailed, LevelRecorder, LiveGraph, LiveInputs
from .model import Model
from .replay import replay_exit
from .report import Report, Trace, TraceStep, Verdict

# Phases of one successor, in the order the sequential search meets them.
PH_GENERATE, PH_CONSTRAINT, PH_INVARIANT, PH_ACTION = 0, 1, 2, 3
BATCH = 1 << 16  # candidates filtered against the seen set (and their duplicates dropped) at once
BUCKET_BITS = 3  # a level's candidates are split by fingerprint into 2**BUCKET_BITS buckets, deduplicated
NBUCKETS = 1 << BUCKET_BITS  # and numbered one bucket at a time, so none of them is in memory whole
PARALLEL_MIN = 512  # states of a level worth expanding on the worker processes
CHUNK = 4096  # rows of a level read from its (memory-mapped) array at once


@dataclass
class Event:
    """What stops the search, at ``key`` = (parent id, successor ordinal, phase) in the order of
    the sequential search. ``new_id`` is set for an invariant violated by a new state."""

    key: tuple[int, int, int]
    verdict: Verdict
    name: str | None = None
    extra: list[tuple[tuple, str]] = field(default_factory=list)
    message: str | None = None
    error_exit: int | None = None
    new_id: int | None = None


def parallel_supported(model: Model, live: LiveInputs | None) -> str | None:
    """Why this model must run on the sequential search, or None when it can run here (with
    ``live``, the liveness graph too, check/livegraph.py)."""
    why = None if live is None else live.why_sequential()
    if why is not None:
        return why
    if model.view is not None:
        return "VIEW"
    if not fork_safe():
        return "a JVM runs in this process (the in-process TLC backend), and a fork beside it can hang"
    if model.possible:
        return "_POSSIBLE counts in one process"
    if _writes_registers(model):
        return "TLCSet registers are per process"
    if model.reads_trace():
        return "TLCExt!Trace reads the path to each state, which the sequential search keeps"
    if model.draws_at_random():
        return "random draws (RandomElement) differ where a trace is rebuilt from fingerprints"
    return None


def fork_safe() -> bool:
    """May this process fork workers? Not beside a started JVM (the in-process TLC backend): its
    native threads hold locks a forked child may need and never sees released, and the child
    hangs (this suite's forked liveness checks did). The searches then stay in one process."""
    jpype = sys.modules.get("jpype")
    return not (jpype is not None and jpype.isJVMStarted())


def _writes_registers(model: Model) -> bool:
    files = {scope.module.pos.file for scope in model.scope.reachable()}
    for f in files:
        try:
            text = Path(f).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if "TLCSet" in text or "TLCGetAndSet" in text:
            return True
    return False


# --------------------------------------------------------------------------------------------
# The worker side


class _Bucket:
    """The unseen candidates of one fingerprint bucket, in generation order: fingerprint,
    parent's position in the level, successor ordinal, row of component ids (spill.Column)."""

    def __init__(self, name: Path, nvars: int) -> None:
        self.fp = spill.Column(name.with_suffix(".fp"), np.int64)
        self.li = spill.Column(name.with_suffix(".li"), np.int32)
        self.k = spill.Column(name.with_suffix(".k"), np.int32)
        self.rows = spill.Column(name.with_suffix(".rows"), np.int32, nvars)
        self.kept: np.ndarray | None = None  # positions of the candidates sent to the coordinator
        self.frozen: tuple[np.ndarray, ...] = ()

    def append(self, fp: np.ndarray, li: np.ndarray, k: np.ndarray, rows: np.ndarray) -> None:
        self.fp.append(fp)
        self.li.append(li)
        self.k.append(k)
        self.rows.append(rows)

    def freeze(self) -> tuple[np.ndarray, ...]:
        if not self.frozen:
            self.frozen = (self.fp.freeze(), self.li.freeze(), self.k.freeze(), self.rows.freeze())
        return self.frozen

    def discard(self) -> None:
        self.frozen = ()
        for c in (self.fp, self.li, self.k, self.rows):
            c.discard()


class _Worker:
    """One process's share of the search: its states of the current level (spilled to a file
    when large) and the candidates it generated from them, by fingerprint bucket."""

    def __init__(self, model: Model, progress: Any, wid: int, directory: Path, seed: int | None,
                 live: LiveInputs | None) -> None:
        self.model = model
        self.recorder = None if live is None else LevelRecorder(live)
        self.table = ComponentTable(len(model.variables), seed, model.bool_free_variables())
        self.checks = StateChecks(model)
        self.in_constraints = successor_constraints(model)  # compiled once, used at every level
        self.progress, self.wid = progress, wid
        self.directory = directory / f"worker-{wid}"
        self.directory.mkdir(parents=True, exist_ok=True)
        self.serial = 0
        self.tick: Any = None  # in the coordinator's process: its progress report, called now and then
        self.level_rows = np.zeros((0, len(model.variables)), dtype=np.int32)
        self.level_ids = np.zeros(0, dtype=np.int64)
        # the expanded level's ids (its map, still readable once the next level replaces it) and
        # the successor counts of the states expanded, in that order
        self.nsucc: tuple[np.ndarray, np.ndarray] = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
        self.buckets: list[_Bucket] = []
        self.taken: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # new states given by take()

    def _path(self, stem: str) -> Path:
        self.serial += 1
        return self.directory / f"{stem}-{self.serial}.npy"

    def _set_level(self, rows: np.ndarray, ids: np.ndarray) -> None:
        """Make ``rows`` (with global ids ``ids``) the level, dropping the files of the last one."""
        for old in (self.level_rows, self.level_ids):
            if old is not rows:
                _unlink_map(old)
        self.level_rows = spill.settle(rows)
        self.level_ids = spill.store(self._path("ids"), ids)

    def load(self, states: list[tuple], ids: list[int]) -> None:
        """Take states (the initial level, or a checkpoint's) with their global ids."""
        rows = [self.table.encode_new(s)[1] for s in states]
        arr = np.array(rows, dtype=np.int32).reshape(len(rows), len(self.model.variables))
        self._set_level(spill.store(self._path("level"), arr), np.array(ids, dtype=np.int64))

    def level_states(self) -> tuple[list[tuple], list[int]]:
        return [self.table.decode(r) for r in self.level_rows.tolist()], self.level_ids.tolist()

    def expand(self, run_paths: list[str]) -> tuple[int, Event | None]:
        """Round 1: successors of the level, the unseen ones kept by fingerprint bucket (first
        occurrence of each fingerprint within a batch). Returns (successors generated, event)."""
        model, table, checks = self.model, self.table, self.checks
        runs = open_runs(run_paths)
        nxt, canon = model.next, model.canonical
        constraints, action_constraints = model.constraints, model.action_constraints
        in_constraints = self.in_constraints
        constrained = bool(constraints or action_constraints)
        action_props = model.action_checks
        check_deadlock = model.cfg.check_deadlock
        pack_fp = struct.Struct("<q").pack_into
        nvars = len(model.variables)
        for b in self.buckets:
            b.discard()
        self.buckets = [_Bucket(self._path(f"cand{i}").with_suffix(""), nvars) for i in range(NBUCKETS)]
        # The batch: one record per successor (fingerprint, key = parent's position in the level
        # << 32 | successor ordinal, row of component ids), packed by one call.
        batch = bytearray()
        append = table.appender(batch)
        record = table.record
        batch_bytes = BATCH * record.itemsize
        nsucc = array("q")
        event: Event | None = None
        judging = ""  # the action property being evaluated on a step (phase PH_ACTION)
        constraining = False  # the constraints are being evaluated on a successor

        def flush() -> None:
            if not batch:
                return
            recs = np.frombuffer(bytes(batch), dtype=record)  # a copy: the batch is cleared below
            del batch[:]
            fps = recs["fp"]
            _, first = np.unique(fps, return_index=True)
            first = first[~runs_contain(runs, fps[first])]
            first.sort()
            kept = recs[first]
            keys = kept["key"]
            ks, lis = (keys & 0xFFFFFFFF).astype(np.int32), (keys >> 32).astype(np.int32)
            bucket = bucket_of(kept["fp"])
            for i in np.unique(bucket).tolist():
                sel = np.flatnonzero(bucket == i)
                self.buckets[i].append(kept["fp"][sel], lis[sel], ks[sel], kept["row"][sel])

        generated = 0
        self.progress[self.wid] = 0
        recorder = self.recorder
        unpack_fp = struct.Struct("<q").unpack_from
        for li, g, prow, s in _level_rows(self.level_rows, self.level_ids, table.value_array()):
            key = li << 32
            k, phase = 0, PH_GENERATE
            if recorder is not None:  # the liveness graph: every successor, which are in the model, their fingerprints
                succs: list[tuple[tuple[int, tuple], tuple]] = []
                in_model_flags: list[bool] = []
                edge_fps: list[int] = []
            try:
                for lab, args, t in nxt(s):
                    in_model = True
                    if constrained:
                        phase, constraining = PH_CONSTRAINT, True
                        in_model = in_constraints(t, s) and all(c(s, t) for c in action_constraints)
                        constraining = False
                        if not in_model:
                            phase = PH_INVARIANT
                            bad = checks(t, s)
                            if bad is not None:
                                event = Event((g, k, phase), *bad, extra=[(t, label_text(model, (lab, args)))])
                                break
                    if in_model:
                        phase = PH_CONSTRAINT  # t is generated: an error fingerprinting it counts it
                        append(t, prow, s, key + k)
                        if canon is not None:  # found by its orbit, kept as found (bfs.state_key)
                            pack_fp(batch, len(batch) - record.itemsize, orbit_fingerprint(model, t, table.seed))
                        if recorder is not None:
                            edge_fps.append(unpack_fp(batch, len(batch) - record.itemsize)[0])
                    if recorder is not None:
                        succs.append(((lab, args), t))
                        in_model_flags.append(in_model)
                    if action_props:
                        phase = PH_ACTION
                        for pname, f in action_props:
                            judging = pname  # an error here: TLC's trace ends with t (bfs.explore)
                            if not f(s, t):
                                event = Event((g, k, phase), Verdict.ACTION_PROPERTY, pname,
                                              extra=[(t, label_text(model, (lab, args)))])
                                break
                        if event is not None:
                            break
                    k += 1
                    phase = PH_GENERATE
                if recorder is not None and event is None and not (k == 0 and check_deadlock):  # deadlock first
                    try:  # enabledness counts every step of the action, inside the model or not
                        recorder.state(g, s, succs, in_model_flags, edge_fps)
                    except EvalError as err:  # TLC: any error building the liveness graph is 255
                        raise LivenessEvalError(err.message, err.pos) from err
            except TLAError as err:  # TLC's exit code by where the error happened (errorexit.py)
                outside = phase == PH_INVARIANT  # an invariant of a successor outside the model: shown too
                # the successor ends the trace where a check of it failed (TLC's Worker.addElement)
                extra = [(t, label_text(model, (lab, args)))] if outside or constraining or phase == PH_ACTION else []
                if isinstance(err, IncompleteSuccessor) and phase == PH_GENERATE:
                    phase = PH_CONSTRAINT  # generated, as TLC counts it, and shown (bfs.explore)
                    extra = [(err.partial, label_text(model, err.label))]
                code = error_exit(err, Where.OUTSIDE if outside else Where.SUCCESSORS)
                if (recorder is not None and phase == PH_GENERATE and code == EXIT_EVAL
                        and liveness_fails(model, recorder.inputs.tracker.fairs, recorder.inputs.obligations, s,
                                           [u for (_, u), f in zip(succs, in_model_flags, strict=True) if f])):
                    code = EXIT_TLC_ERROR  # (bfs.explore's on_failed_expansion)
                message = checks.error_line(err, t) if outside else err.line()
                if phase == PH_ACTION:
                    message = f"Evaluating action property {judging} failed. {message}"
                event = Event((g, k, phase), Verdict.ERROR, message=message, error_exit=code, extra=extra)
            nsucc.append(k)
            generated += k
            if event is None and k == 0 and check_deadlock:
                event = Event((g, 0, PH_GENERATE), Verdict.DEADLOCK)
            if event is not None:
                break
            if len(batch) >= batch_bytes:
                flush()
            if li & 255 == 0:
                self.progress[self.wid] = generated
                if self.tick is not None:
                    self.tick()
        flush()
        self.progress[self.wid] = generated
        counts = np.frombuffer(nsucc, dtype=np.int64)
        _unlink_map(self.nsucc[1])
        # (not stacked with the ids: a copy of both, 16 bytes a state, made RRP 3 x 10's workers
        # 0.65 GB bigger for a moment at the end of its widest level)
        self.nsucc = (self.level_ids, spill.store(self._path("nsucc"), counts))
        return generated, event

    def live_level(self) -> tuple:
        """What this worker recorded of the level for the liveness graph (LevelRecorder.take)."""
        assert self.recorder is not None
        return self.recorder.take()

    def generated_before(self, gid: int) -> int:
        """Successors generated from this worker's states with a global id below ``gid``."""
        ids, counts = self.nsucc
        return int(counts[np.asarray(ids[:len(counts)]) < gid].sum())

    def candidates(self, b: int, start: int) -> tuple[np.ndarray, np.ndarray]:
        """Bucket ``b``'s candidates, the first occurrence of each fingerprint: fingerprints and
        keys (``level_key``, from the level's first id ``start``). Candidates are appended in
        key order (states expanded in id order, successors in order), so the first occurrence
        has the smallest key."""
        bucket = self.buckets[b]
        fps, lis, ks, _ = bucket.freeze()
        _, first = np.unique(fps, return_index=True)
        first = np.sort(first.astype(np.int32))
        bucket.kept = first
        positions = np.asarray(self.level_ids[np.asarray(lis[first])]) - start
        return np.asarray(fps[first]), level_key(positions, np.asarray(ks[first]).astype(np.int64))

    def take(self, b: int, hidx: np.ndarray, ids: np.ndarray) -> None:
        """Of bucket ``b``, the candidates at ``hidx`` (into what ``candidates`` sent) are new
        states of this worker, with global ids ``ids``."""
        self.taken.append((np.full(len(ids), b, dtype=np.int8), hidx, ids))

    def assign(self) -> Event | None:
        """Round 2: the new states given by ``take`` are checked (their invariants) in the order
        of their ids, and become the level."""
        bs, hidx, ids = (np.concatenate([t[i] for t in self.taken]) if self.taken else np.zeros(0, dtype=np.int64)
                         for i in range(3))
        self.taken = []
        order = np.argsort(ids)
        ids = ids[order]  # one column at a time: each old one goes before the next is copied
        bs = bs[order]
        hidx = hidx[order]
        del order
        # The ids go to their file now and are read back a chunk at a time (_new_states): a list
        # of them all held 40 bytes a state through the round (RRP 3 x 10: 0.9 GB in each worker).
        ids = spill.store(self._path("ids"), ids)
        checks = self.checks
        n = len(ids)
        rows = spill.empty(self._path("level"), (n, len(self.model.variables)), np.int32)
        parents = np.empty(n, dtype=np.int32)
        for b, bucket in enumerate(self.buckets):
            sel = np.flatnonzero(bs == b)
            if len(sel):
                _, lis, _, brows = bucket.freeze()
                assert bucket.kept is not None
                pos = bucket.kept[hidx[sel]]
                order = np.argsort(pos)  # read the bucket's files in order
                rows[sel[order]] = brows[pos[order]]
                parents[sel] = lis[pos]
                del lis, brows
            bucket.discard()  # its pages leave this process's memory now, not at the end of the level
        self.buckets = []
        del bs, hidx
        event = None
        checked_states: list[tuple] = []  # for the liveness predicates
        values = self.table.value_array()
        for gid, t, s in _new_states(rows, parents, ids, np.asarray(self.level_rows), values):
            try:
                bad = checks(t, s)
            except TLAError as err:
                event = Event((-1, -1, PH_INVARIANT), Verdict.ERROR, message=checks.error_line(err, t),
                              error_exit=error_exit(err, Where.INVARIANT), new_id=gid)
                break
            if bad is not None:
                event = Event((-1, -1, PH_INVARIANT), *bad, new_id=gid)
                break
            if self.recorder is not None:
                checked_states.append(t)
        if self.recorder is not None:
            self.recorder.new_states(checked_states, spill.read(ids, 0, len(checked_states)).tolist())
        self._set_level(rows, ids)
        return event


def _new_states(rows: np.ndarray, parents: np.ndarray, ids: np.ndarray, level_rows: np.ndarray,
                values: np.ndarray) -> Iterator[tuple[int, tuple, tuple]]:
    """(global id, state, parent state) of each new state, decoded a chunk at a time
    (ComponentTable.value_array; the rows as in _level_rows)."""
    for lo in range(0, len(ids), CHUNK):
        yield from zip(spill.read(ids, lo, lo + CHUNK).tolist(),
                       map(tuple, values[np.asarray(rows[lo:lo + CHUNK])].tolist()),
                       map(tuple, values[level_rows[parents[lo:lo + CHUNK]]].tolist()), strict=True)


def _level_rows(rows: np.ndarray, ids: np.ndarray, values: np.ndarray) -> Iterator[tuple[int, int, tuple, tuple]]:
    """(position, global id, row of component ids, state) of each state of a level, read a chunk
    at a time: indexing a memory-mapped array row by row costs a few microseconds a row (numpy
    builds a memmap view each time), as much as a tenth of expanding the state; and read from
    the level's files (spill.read), so the level does not become resident in the worker. The
    states are decoded a chunk at a time too (ComponentTable.value_array)."""
    li = 0
    for start in range(0, len(rows), CHUNK):
        block = spill.read(rows, start, start + CHUNK)
        for row, g, s in zip(block.tolist(), spill.read(ids, start, start + CHUNK).tolist(),
                             values[block].tolist(), strict=True):
            yield li, g, tuple(row), tuple(s)
            li += 1


def _unlink_map(a: np.ndarray) -> None:
    """Remove the file behind ``a`` when it is a memory map of one (the map stays readable)."""
    if isinstance(a, np.memmap) and a.filename:
        Path(a.filename).unlink(missing_ok=True)


def level_key(position: Any, ordinal: Any) -> Any:
    """A successor's key as one int64: its parent's position in the level (its id less the
    level's first id) and its ordinal among the parent's successors, which sort as the
    sequential search generates them (an ordinal is below 2**32, as in the records' keys)."""
    return (position << 32) | ordinal


def bucket_of(fps: np.ndarray) -> np.ndarray:
    """The bucket of each fingerprint: its top bits (the shard of a worker is its low bits)."""
    return (fps.view(np.uint64) >> np.uint64(64 - BUCKET_BITS)).astype(np.int64)


def _worker_main(conn: multiprocessing.connection.Connection, model: Model, progress: Any, wid: int,
                 directory: Path, seed: int | None, live: LiveInputs | None) -> None:
    """A worker's loop: answer the coordinator's requests until "stop". Ctrl-C is the
    coordinator's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    interning.freeze_made()  # the workers must sort names alike
    worker = _Worker(model, progress, wid, directory, seed, live)
    while True:
        op, *args = conn.recv()
        if op == "stop":
            conn.close()
            return
        try:
            result = getattr(worker, op)(*args)
        except (MemoryError, RecursionError) as err:
            conn.send(("crash", type(err).__name__, str(err)))
            continue
        except Exception:  # noqa: BLE001 - a bug: its traceback goes to the coordinator
            conn.send(("crash", "RuntimeError", traceback.format_exc()))
            continue
        conn.send(("ok", result))


# --------------------------------------------------------------------------------------------
# The coordinator side


class TraceFile:
    """Per state id: its fingerprint and its parent's id, appended level by level to two files
    (TLC's trace file), read back only to build a counterexample."""

    def __init__(self, fp_path: Path, parent_path: Path) -> None:
        self.fp_path, self.parent_path = fp_path, parent_path
        self._fp = open(self.fp_path, "ab")  # noqa: SIM115 - open for the whole search
        self._parent = open(self.parent_path, "ab")  # noqa: SIM115
        self.count = 0

    def append(self, fps: np.ndarray, parents: Callable[[int, int], np.ndarray]) -> None:
        """Append a level's states, a slice at a time: ``fps`` may be a memory map, and
        ``parents(lo, hi)`` gives the parent ids of the slice (made from the level's keys slice
        by slice, since an array of them all would be 8 bytes a state more in the coordinator)."""
        for lo in range(0, len(fps), MERGE_SLICE):
            hi = min(lo + MERGE_SLICE, len(fps))
            self._fp.write(np.ascontiguousarray(fps[lo:hi], dtype=np.int64).tobytes())
            self._parent.write(np.ascontiguousarray(parents(lo, hi), dtype=np.int64).tobytes())
        self.count += len(fps)

    def flush(self) -> None:
        self._fp.flush()
        self._parent.flush()

    def path_to(self, sid: int) -> tuple[list[int], list[int]]:
        """The ids from an initial state to ``sid``, and their fingerprints."""
        self.flush()
        fps = np.fromfile(self.fp_path, dtype=np.int64)
        parents = np.fromfile(self.parent_path, dtype=np.int64)
        ids = []
        while sid >= 0:
            ids.append(sid)
            sid = int(parents[sid])
        ids.reverse()
        return ids, [int(fps[i]) for i in ids]

    def close(self) -> None:
        self._fp.close()
        self._parent.close()


def orbit_fingerprint(model: Model, t: tuple, seed: int | None) -> int:
    """The fingerprint a state is found by: that of its orbit's representative under SYMMETRY
    (the state itself is kept as found, see bfs.state_key), else its own; state_fingerprint's
    value, with each component's fingerprint kept by identity (the representative's components
    are the state's own interned values or the canonicaliser's kept images: fingerprinting
    them afresh made the 2-worker search of Detlefs six times the CPU of the 1-worker one)."""
    if model.canonical is None:
        return state_fingerprint(t, seed)
    return kept_state_fingerprint(model.canonical(t), seed, model.component_fps)


def regenerate_trace(model: Model, fps: list[int], extra: list[tuple[tuple, str]], seed: int | None) -> Trace:
    """The states of a path given by fingerprints (of ``seed``), re-generated from Init: at each
    step the first successor with the next fingerprint (the path TLC rebuilds under
    symmetry)."""
    actual: tuple | None = None
    for s in model.init():
        if orbit_fingerprint(model, s, seed) == fps[0]:
            actual = s
            break
    if actual is None:  # pragma: no cover - the fingerprint came from these very states
        raise AssertionError("trace reconstruction: no initial state has the fingerprint")
    steps = [TraceStep(actual, None)]
    for want in fps[1:]:
        for lab, args, t in model.next(actual):
            if orbit_fingerprint(model, t, seed) == want:
                steps.append(TraceStep(t, label_text(model, (lab, args))))
                actual = t
                break
        else:  # pragma: no cover
            raise AssertionError("trace reconstruction: no successor has the fingerprint")
    steps.extend(TraceStep(state, action) for state, action in extra)
    return Trace(model.variables, steps)


class WorkerCrashed(RuntimeError):
    """A worker process died or failed outside the TLA+ semantics."""


class _Pool:
    """The worker processes and their pipes."""

    def __init__(self, model: Model, n: int, directory: Path, seed: int | None, live: LiveInputs | None) -> None:
        ctx = multiprocessing.get_context("fork")
        self.progress = ctx.RawArray("q", n)
        self.conns: list[multiprocessing.connection.Connection] = []
        self.procs = []
        # A worker shares this process's objects (the compiled model, the values Init left) until
        # it writes to them; its cyclic collector would write to each object it traverses and so
        # copy every page of them: they are kept out of its reach (gc.freeze, in the child only).
        gc.freeze()
        try:
            for wid in range(n):
                parent, child = ctx.Pipe()
                p = ctx.Process(target=_worker_main, args=(child, model, self.progress, wid, directory, seed, live),
                                daemon=True)
                p.start()
                child.close()
                self.conns.append(parent)
                self.procs.append(p)
        finally:
            gc.unfreeze()

    @property
    def n(self) -> int:
        return len(self.conns)

    def call(self, requests: list[tuple], on_wait: Any = None) -> list[Any]:
        """Send one request per worker and wait for every answer (calling ``on_wait`` now and
        then while waiting)."""
        for conn, req in zip(self.conns, requests, strict=True):
            conn.send(req)
        answers: dict[int, Any] = {}
        pending = dict(enumerate(self.conns))
        while pending:
            ready = multiprocessing.connection.wait(list(pending.values()), timeout=1.0)
            for ready_conn in ready:
                wid = next(w for w, c in pending.items() if c is ready_conn)
                try:
                    status, *payload = pending[wid].recv()
                except EOFError:
                    raise WorkerCrashed(f"worker {wid} died (out of memory?)") from None
                del pending[wid]
                if status == "crash":
                    kind, text = payload
                    if kind == "MemoryError":
                        raise MemoryError(text)
                    if kind == "RecursionError":
                        raise RecursionError(text)
                    raise WorkerCrashed(f"worker {wid} failed: {text}")
                answers[wid] = payload[0]
            if on_wait is not None:
                on_wait()
        return [answers[w] for w in range(len(self.conns))]

    def close(self) -> None:
        for conn in self.conns:
            try:
                conn.send(("stop",))
            except (BrokenPipeError, OSError):
                pass
        deadline = time.monotonic() + 1.0  # an idle worker stops at once; a busy one (Ctrl-C) is ended
        for p in self.procs:
            p.join(timeout=max(0.0, deadline - time.monotonic()))
            if p.is_alive():
                p.kill()
                p.join()


class _Local:
    """The pool's interface on one worker in this process: a level too small to be worth the
    round trips between processes is expanded here (a deep, narrow state graph has many)."""

    n = 1

    def __init__(self, model: Model, directory: Path, seed: int | None, live: LiveInputs | None) -> None:
        self.progress = [0]
        self.worker = _Worker(model, self.progress, 0, directory / "local", seed, live)

    def call(self, requests: list[tuple], on_wait: Any = None) -> list[Any]:
        self.worker.tick = on_wait
        try:
            return [getattr(self.worker, op)(*args) for op, *args in requests]
        finally:
            self.worker.tick = None

    def close(self) -> None:
        """Nothing runs elsewhere."""


@dataclass
class _Level:
    """The coordinator's view of the level being expanded."""

    start: int      # id of its first state
    size: int
    depth: int      # its BFS depth (1 for the initial states)


@dataclass
class SearchOptions:
    """How the search runs: ``workers`` processes; ``scratch``, where the seen set's runs and
    the trace file go (in a fresh sub-directory, removed at the end; default: the system's
    temporary directory); a checkpoint to ``checkpoint`` every ``checkpoint_minutes`` (at the
    end of the level during which the time came); ``recover``: go on from that checkpoint."""

    workers: int = 1
    scratch: Path | None = None
    checkpoint: Path | None = None
    checkpoint_minutes: float = 30.0
    recover: Path | None = None
    fp: int | None = None  # TLC's -fp: which fingerprint function (fingerprints.state_fingerprint)

    @property
    def fingerprint_search(self) -> bool:
        """Does this need the search of this module (else the sequential one is used)?"""
        return self.workers > 1 or self.checkpoint is not None or self.recover is not None


def explore_parallel(model: Model, report: Report, options: SearchOptions, progress: ProgressFn | None = None,
                     progress_every: float = 2.0, live: LiveInputs | None = None,
                     on_level: Callable[[LiveGraph], bool] | None = None) -> LiveGraph | None:
    """Run the fingerprint BFS on ``options.workers`` processes and fill ``report`` as explore()
    does. With ``live`` the workers also compute the liveness graph, which the coordinator
    assembles; ``on_level`` runs between levels on it, as in explore(), and returns False to
    stop. Returns the graph when the search completed (else None, and without ``live``)."""
    start_time = time.monotonic()
    if options.scratch is not None:
        options.scratch.mkdir(parents=True, exist_ok=True)
    directory = Path(tempfile.mkdtemp(prefix="phalanx-bfs-", dir=options.scratch))
    search: _Search | None = None
    with _exit_on_sigterm():
        try:  # (a checkpoint that cannot be read fails in _Search(): its directory goes too)
            search = _Search(model, report, options, directory, progress, progress_every, start_time, live, on_level)
            completed = search.run()
        finally:
            if search is not None:
                search.close()
            shutil.rmtree(directory, ignore_errors=True)
    # the largest worker process's peak (the report's peak_rss_mb is this process's)
    report.extra["worker_peak_rss_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    return search.graph if completed else None


@contextlib.contextmanager
def _exit_on_sigterm() -> Iterator[None]:
    """SIGTERM (``timeout``, a campaign's pool ending its workers) leaves through the ``finally``
    clauses, so the scratch directory (seen set, trace files: up to gigabytes) is removed and the
    workers are stopped; Python's default would end the process where it stands. Exit status
    143 (128 + SIGTERM) as the default's."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set from the main thread
        return

    def leave(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, leave)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class _Search:
    def __init__(self, model: Model, report: Report, options: SearchOptions, directory: Path,
                 progress: ProgressFn | None, progress_every: float, start_time: float,
                 live: LiveInputs | None = None, on_level: Callable[[LiveGraph], bool] | None = None) -> None:
        self.model, self.report, self.options, self.n = model, report, options, options.workers
        self.live, self.on_level = live, on_level
        self.graph = None if live is None else LiveGraph(model, live, lambda t: orbit_fingerprint(model, t, options.fp))
        self.seen = FingerprintSet(directory)
        self.trace_files = (directory / "trace-fp.bin", directory / "trace-parent.bin")
        self.snapshot = checkpoint.load(options.recover, model, self.trace_files, options.fp) if options.recover else None
        self.trace = TraceFile(*self.trace_files)
        self.last_checkpoint = start_time
        self.init_space = StateSpace()
        self.initialising = self.snapshot is None
        self.progress, self.progress_every = progress, progress_every
        self.start_time = self.last_progress = start_time
        self.generated = 0
        self.depth = 0
        self.held = np.zeros(1, dtype=np.int64)  # new states held per worker, this level (balanced_holders)
        self.directory = directory
        self.local = _Local(model, directory, options.fp, live)
        self.pool: _Pool | None = None  # forked at the first level of PARALLEL_MIN states
        self.active: _Local | _Pool = self.local

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
        self.trace.close()

    def finish(self, depth: int, queue: int = 0, distinct: int | None = None) -> None:
        r = self.report
        r.generated = self.generated
        r.distinct = self.seen.count if distinct is None else distinct
        r.depth = max(r.depth, depth, reported_depth(self.generated))
        r.queue = queue
        r.seconds = time.monotonic() - self.start_time
        r.extra["workers"] = self.n
        if self.options.fp is not None:
            r.extra["fp"] = self.options.fp
        r.extra["fingerprint_collision"] = {
            "calculated": collision_probability(r.distinct, r.generated),
            "actual": None if (d := self.seen.min_distance()) is None else 1.0 / d,
        }

    def run(self) -> bool:
        """Search; True when the search completed (no violation, error or interruption)."""
        report = self.report
        level: _Level | None = None
        try:
            level = self.start() if self.snapshot is None else self.resume(self.snapshot)
            while level is not None and level.size:
                level = self.expand_level(level)
                if level is not None and level.size:
                    if not self.between_levels(level):
                        return False
                    self.place(level)
                    if self.options.checkpoint is not None:
                        self.maybe_checkpoint(level)
            if level is not None:
                self.finish(self.depth)
                return True
        except TLAError as err:
            report.verdict, report.message = Verdict.ERROR, err.line()
            report.error_exit = err.exit_code if self.initialising or not isinstance(err, AssertionFailure) \
                else EXIT_ASSERT
            report.complete = False
            if self.initialising:  # as the sequential search: TLC enqueues an initial state before its checks
                stored = len(self.init_space.states)
                self.generated = report.generated
                self.finish(1 if report.generated else 0, queue=stored, distinct=stored)
            else:
                self.finish(0)
        except KeyboardInterrupt:
            report.complete = False
            report.extra["interrupted"] = True
            self.generated += sum(self.active.progress)
            # left on the queue: the level being expanded and what it has found so far
            self.finish(self.depth, queue=self.seen.count - level.start if level is not None else 0)
        return False

    def between_levels(self, level: _Level) -> bool:
        """Run ``on_level`` on the graph explored so far before ``level``, as explore() does;
        False when it stopped the search (the report says why)."""
        if self.on_level is None:
            return True
        assert self.graph is not None
        try:
            if self.on_level(self.graph):
                return True
        except TLAError as err:  # as explore(): the behaviour up to the last state expanded
            self.report.verdict, self.report.message = Verdict.ERROR, err.line()
            self.report.error_exit = error_exit(err, Where.SUCCESSORS)
            _, fps = self.trace.path_to(level.start - 1)
            self.report.trace = regenerate_trace(self.model, fps, [], self.options.fp)
            self.report.complete = False
            self.finish(self.depth)
            return False
        self.report.complete = False
        self.finish(self.depth, queue=level.size)
        return False

    def start(self) -> _Level | None:
        """The initial states (checked as the sequential search checks them) become the first
        level; None when one of them stopped the search."""
        model, space = self.model, self.init_space
        self.generated, ok = add_initial_states(model, space, Interner(len(model.variables)), StateChecks(model),
                                                self.report, on_initial=self.initial_atoms if self.graph else None)
        self.initialising = False
        if not ok:
            self.finish(1, distinct=len(space.states))
            return None
        fps = self.fingerprints(space.states)
        self.seen.add_new(fps)
        self.trace.append(fps, lambda lo, hi: np.full(hi - lo, -1, dtype=np.int64))
        if self.graph is not None:
            ids = list(range(len(space.states)))
            self.graph.add_states(fps, np.full(len(fps), -1, dtype=np.int64))
            self.graph.initial = ids
            errors: dict = {}
            words = self.graph.inputs.predicate_bits(space.states, ids, errors)
            self.graph.add_predicates(np.array(ids, dtype=np.int64), np.frombuffer(words, dtype=np.uint64), errors)
        self.load(space.states, list(range(len(space.states))), fps)
        self.init_space = StateSpace()  # the workers hold the initial states now
        return _Level(0, len(space.states), 1 if space.states else 0)

    def initial_atoms(self, space: StateSpace, sid: int) -> None:
        """The properties' predicates on a stored initial state, before its invariants, as TLC
        adds it to the liveness graph first: one that fails leaves the run to the sequential
        search (livegraph.AtomFailed)."""
        assert self.graph is not None
        errors: dict = {}
        self.graph.inputs.predicate_bits([space.states[sid]], [sid], errors)
        if errors:
            raise AtomFailed

    def resume(self, snap: checkpoint.Snapshot) -> _Level:
        self.seen.restore(snap.seen_runs)
        self.trace.count = self.seen.count
        self.generated = snap.generated
        self.depth = snap.depth
        self.load(snap.states, snap.ids, self.fingerprints(snap.states))
        self.snapshot = None
        return _Level(snap.level_start, snap.level_size, snap.depth)

    def load(self, states: list[tuple], ids: list[int], fps: np.ndarray) -> None:
        """Give the level's states to the worker processes (each the states its fingerprints shard
        to) when there are enough of them, else to the worker in this process."""
        if self.n > 1 and len(states) >= PARALLEL_MIN:
            if self.pool is None:
                self.pool = _Pool(self.model, self.n, self.directory, self.options.fp, self.live)
            self.active = self.pool
        else:
            self.active = self.local
        n = self.active.n
        home = (fps.view(np.uint64) % np.uint64(n)).tolist()
        self.active.call([("load", [s for s, h in zip(states, home, strict=True) if h == w],
                           [i for i, h in zip(ids, home, strict=True) if h == w]) for w in range(n)])

    def fingerprints(self, states: list[tuple]) -> np.ndarray:
        return np.array([orbit_fingerprint(self.model, s, self.options.fp) for s in states], dtype=np.int64)

    def level_states(self) -> tuple[list[tuple], list[int]]:
        states: list[tuple] = []
        ids: list[int] = []
        for part, part_ids in self.active.call([("level_states",)] * self.active.n):
            states.extend(part)
            ids.extend(part_ids)
        return states, ids

    def place(self, level: _Level) -> None:
        """Move the level between this process and the workers when its size calls for it (with
        a margin, so that a level size near the bound does not move states back and forth)."""
        to_pool = self.active is self.local and self.n > 1 and level.size >= PARALLEL_MIN
        to_local = self.active is self.pool and level.size < PARALLEL_MIN // 4
        if to_pool or to_local:
            states, ids = self.level_states()
            self.load(states, ids, self.fingerprints(states))

    def maybe_checkpoint(self, level: _Level) -> None:
        """Write a checkpoint before ``level`` when the interval has passed."""
        assert self.options.checkpoint is not None
        now = time.monotonic()
        if now - self.last_checkpoint < 60.0 * self.options.checkpoint_minutes:
            return
        states, ids = self.level_states()
        self.trace.flush()
        checkpoint.save(self.options.checkpoint, self.model,
                        checkpoint.Snapshot(self.generated, level.start, level.size, level.depth, self.seen.state(),
                                            states, ids), self.trace_files, self.options.fp)
        self.last_checkpoint = time.monotonic()

    def _on_wait(self, level: _Level) -> None:
        if self.progress is None:
            return
        now = time.monotonic()
        if now - self.last_progress >= self.progress_every:
            self.last_progress = now
            self.progress({"generated": self.generated + sum(self.active.progress), "distinct": self.seen.count,
                           "queue": level.size, "depth": level.depth, "seconds": now - self.start_time})

    def expand_level(self, level: _Level) -> _Level | None:
        """Expand one level; the next level, or None when the search stopped (report filled)."""
        pool, n = self.active, self.active.n
        self.depth = level.depth
        answers = pool.call([("expand", self.seen.paths)] * n, lambda: self._on_wait(level))
        self.held = np.zeros(n, dtype=np.int64)
        events = [e for _, e in answers if e is not None]
        first = min(events, key=lambda e: e.key) if events else None
        parts = [self.new_states(pool, b, level, first) for b in range(NBUCKETS)]
        # A new state's id is the rank of its key among the level's new keys (the sequential
        # search's order): the keys alone are held sorted, 8 bytes a state; the buckets' other
        # columns stay on disk when large and are read once more, one bucket at a time.
        keys = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
        keys.sort()
        base, size = self.seen.count, len(keys)
        fp_by_id = spill.empty(self.directory / "level-fps.npy", (size,), np.int64)
        for b, (fps, bkeys, holder, hidx) in enumerate(parts):
            rank = np.searchsorted(keys, bkeys)
            fp_by_id[rank] = fps
            pool.call([("take", b, hidx[mine], base + rank[mine])
                       for mine in (np.flatnonzero(np.asarray(holder) == w) for w in range(n))])
            del rank
        self.trace.append(fp_by_id, lambda lo, hi: level.start + (keys[lo:hi] >> 32))
        if self.graph is not None:
            self.graph.add_states(np.array(fp_by_id), level.start + (keys >> 32))
        # the keys wait in a file for the round of checks (RRP 3 x 10: 0.4 GB at its widest level)
        keys = spill.store(self.directory / "level-keys.npy", keys)
        # buckets hold disjoint ranges of fingerprints: in signed order their sorted parts are one run
        self.seen.add_sorted([parts[b][0] for b in sorted(range(NBUCKETS), key=lambda b: b ^ (NBUCKETS >> 1))])
        for part in parts:
            for column in part:
                _unlink_map(column)
        del parts
        checked = [e for e in pool.call([("assign",)] * n, lambda: self._on_wait(level)) if e is not None]
        if checked:
            bad = min(checked, key=lambda e: e.new_id)
            key = int(keys[bad.new_id - base])
            bad.key = (level.start + (key >> 32), key & 0xFFFFFFFF, PH_INVARIANT)
            if first is None or bad.key <= first.key:
                first = bad
        if first is None:
            _unlink_map(fp_by_id)
            _unlink_map(keys)
            if self.graph is not None:
                self.graph.add_level(pool.call([("live_level",)] * n))
            self.generated += sum(g for g, _ in answers)
            if size:
                self.depth = level.depth + 1
            return _Level(base, size, level.depth + 1)
        before = sum(pool.call([("generated_before", first.key[0])] * n))
        self.stop_at(first, level, before, keys, base, fp_by_id)
        _unlink_map(fp_by_id)
        _unlink_map(keys)
        return None

    def new_states(self, pool: _Local | _Pool, b: int, level: _Level, first: Event | None) -> tuple[np.ndarray, ...]:
        """The new states of fingerprint bucket ``b``: per fingerprint the candidate with the
        smallest key (before the event ``first``, if any: only what the sequential search met
        before it counts). Returns their fingerprints (sorted), keys (see ``level_key``), the
        worker holding each (the one the fingerprint shards to when it generated the state,
        which balances the work, else the one with the smallest key) and its index there; in
        files when large."""
        n = pool.n
        answers = pool.call([("candidates", b, level.start)] * n)
        fps = np.concatenate([a[0] for a in answers])
        keys = np.concatenate([a[1] for a in answers])
        owner = np.concatenate([np.full(len(a[0]), w, dtype=np.int8) for w, a in enumerate(answers)])
        local = np.concatenate([np.arange(len(a[0]), dtype=np.int32) for a in answers])
        del answers
        if first is not None:
            keep = keys <= level_key(first.key[0] - level.start, first.key[1])
            fps, keys, owner, local = fps[keep], keys[keep], owner[keep], local[keep]
        home = (fps.view(np.uint64) % np.uint64(n)).astype(np.int8) == owner
        order = np.lexsort((keys, ~home, fps))
        sfp = fps[order]
        starts = np.flatnonzero(np.r_[True, sfp[1:] != sfp[:-1]]) if len(sfp) else np.zeros(0, dtype=np.int64)
        pick = self.balanced_holders(owner[order], starts, len(sfp))
        holder, hidx = owner[order][pick], local[order][pick]
        del order, home
        by_key = np.lexsort((keys, fps))[starts]  # groups in the same order, smallest key first
        stem = self.directory / f"new-{b}"
        return (spill.store(stem.with_suffix(".fp.npy"), sfp[starts]), spill.store(stem.with_suffix(".key.npy"), keys[by_key]),
                spill.store(stem.with_suffix(".holder.npy"), holder), spill.store(stem.with_suffix(".hidx.npy"), hidx))

    def balanced_holders(self, owners: np.ndarray, starts: np.ndarray, size: int) -> np.ndarray:
        """Which candidate of each new state (the groups of ``owners``, the workers that
        generated it, beginning at ``starts``) holds it: the first (the fingerprint's home
        worker, else the one with the smallest key) unless loads differ. A state only one worker
        generated stays there, so a worker that holds more states generates more of those at
        the next level, and an imbalance grows level after level (RRP L7: one worker held 7%
        more states at every level, a second of waiting at the barriers). A state several
        workers generated goes to the lightest of them first, up to an even share of the level
        (``self.held``, counted over the level's buckets). Who holds a state does not change
        its id, key or any count: only which process expands it."""
        n = len(self.held)
        sizes = np.diff(np.r_[starts, size])
        pick = starts.copy()
        flexible = np.flatnonzero(sizes > 1)
        self.held += np.bincount(owners[starts[sizes == 1]], minlength=n)
        if len(flexible):
            group = np.repeat(np.arange(len(starts)), sizes)
            shared = sizes[group] > 1  # the candidates of states several workers generated
            free = np.ones(len(flexible), dtype=bool)
            target = (int(self.held.sum()) + len(flexible) + n - 1) // n
            for w in np.argsort(self.held, kind="stable"):
                want = target - int(self.held[w])
                rows = np.flatnonzero((owners == w) & shared)
                if want <= 0 or not len(rows):
                    continue
                at = np.searchsorted(flexible, group[rows])
                mine = np.flatnonzero(free[at])[:want]
                pick[flexible[at[mine]]] = rows[mine]
                free[at[mine]] = False
                self.held[w] += len(mine)
            self.held += np.bincount(owners[starts[flexible[free]]], minlength=n)
        return pick

    def stop_at(self, ev: Event, level: _Level, before: int, keys: np.ndarray, base: int,
                level_fps: np.ndarray) -> None:
        """Fill the report as the sequential search would at event ``ev``; ``before``: the
        successors generated from the states of the level expanded before the event's;
        ``keys``: the sorted keys of the level's new states (``level_key``); ``level_fps``:
        their fingerprints by id."""
        report = self.report
        g, k, phase = ev.key
        partial = 0 if ev.verdict is Verdict.DEADLOCK else (k if phase == PH_GENERATE else k + 1)
        self.generated += before + partial
        if ev.new_id is not None:
            distinct = ev.new_id + 1
        else:
            # the new states before the event's key; at an action property, its own successor too
            distinct = base + int(np.searchsorted(keys, level_key(g - level.start, k),
                                                  side="right" if phase == PH_ACTION else "left"))
        # TLC's queue at the stop: the rest of the level and the new states found so far, less
        # the one a violation was found on (TLC checks a new state before enqueueing it).
        at = level_key(g - level.start, k)
        pos = int(np.searchsorted(keys, at))
        fresh = ev.new_id is not None or (phase == PH_ACTION and pos < len(keys) and int(keys[pos]) == at)
        queue = level.size - (g - level.start) - 1 + (distinct - base) - int(fresh)
        report.complete = False
        if ev.verdict is Verdict.ERROR:
            report.verdict, report.message = Verdict.ERROR, ev.message
            report.error_exit = ev.error_exit
            # TLC prints the behaviour up to the state whose successors or invariant failed
            _, fps = self.trace.path_to(g if ev.new_id is None else ev.new_id)
            report.trace = regenerate_trace(self.model, fps, ev.extra, self.options.fp)
            if ev.new_id is not None and ev.error_exit == EXIT_SAFETY_EVAL:
                added = self._replay(report, report.trace.steps[-2].state, k, level_fps[ev.new_id - base + 1:])
                distinct += len(added)
                queue += sum(added.values())
            self.finish(level.depth + (distinct > base), queue, distinct)  # TLC: the last state in its trace
            return
        report.verdict, report.violated = ev.verdict, ev.name
        target = ev.new_id if ev.new_id is not None else g
        _, fps = self.trace.path_to(target)
        report.trace = regenerate_trace(self.model, fps, ev.extra, self.options.fp)
        # TLC's depth is the level of the last state written to its trace: the next level's once
        # one new state of it was found (a new state that violates an invariant is written
        # first), else this level's (a deadlock; a violation on a successor outside the model
        # or seen before: an action property, an invariant under CONSTRAINT)
        self.finish(level.depth + (distinct > base), queue, distinct)

    def _replay(self, report: Report, s: tuple, k: int, later: np.ndarray) -> dict[int, bool]:
        """TLC's exit code after an invariant of the ``k``-th successor of ``s`` failed to
        evaluate (replay.py), into ``report``; the fingerprints of the states the re-run adds,
        each with whether TLC queues it. ``later``: the fingerprints of the level's new states
        the sequential search had not met at the error (the seen set holds them already)."""
        model, seed = self.model, self.options.fp
        successors = model.next(s)
        failed = next(t for i, (_, _, t) in enumerate(successors) if i == k)
        added: dict[int, bool] = {}

        def seen(u: tuple) -> bool:
            fp = orbit_fingerprint(model, u, seed)
            return fp in added or (bool(self.seen.contains(np.array([fp], dtype=np.int64))[0])
                                   and not bool((later == fp).any()))

        def add(u: tuple, queued: bool) -> None:
            added[orbit_fingerprint(model, u, seed)] = queued

        report.error_exit = replay_exit(model, StateChecks(model), s, failed, successors, seen, add)
        return added


def available_cores(cgroup: Path = Path("/sys/fs/cgroup")) -> int:
    """The cores this process may use, as Java's availableProcessors() (TLC's ``-workers auto``)
    counts them in a container: the CPUs it is allowed to run on, capped by a cgroup CPU quota
    (v2 ``cpu.max``, v1 ``cpu.cfs_quota_us``). ``os.cpu_count()`` is the host's count: on a
    2-core container of a 64-core host, ``auto`` would start 64 workers."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    quota = _cgroup_quota(cgroup)
    return max(1, min(cores, quota) if quota is not None else cores)


def _cgroup_quota(root: Path) -> int | None:
    """The CPU quota in whole cores (rounded up), or None where there is none or none can be read."""
    try:
        if (root / "cpu.max").exists():
            limit, period = (root / "cpu.max").read_text().split()[:2]
            if limit == "max":
                return None
            return -(-int(limit) // int(period))
        v1 = root / "cpu"
        if (v1 / "cpu.cfs_quota_us").exists():
            limit_us = int((v1 / "cpu.cfs_quota_us").read_text())
            if limit_us <= 0:
                return None
            return -(-limit_us // int((v1 / "cpu.cfs_period_us").read_text()))
    except (OSError, ValueError):
        return None
    return None


def workers_option(text: str | int) -> int:
    """The value of ``--workers``: a positive number, or ``auto`` (TLC's spelling) for the
    machine's cores. A bad value is a usage error (exit 2, from click)."""
    import click

    if isinstance(text, int):
        return text
    if text == "auto":
        return available_cores()
    if not text.isdigit() or int(text) < 1:
        raise click.BadParameter(f"{text!r} is neither a positive number nor auto")
    return int(text)
