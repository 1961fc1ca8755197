"""64-bit state fingerprints and a compact set of them, for searches bigger than memory.

A fingerprint must be the same in every process of a run and in a later process resuming it
(``--recover``), so it cannot be Python's ``hash`` of a state: strings hash differently in each
interpreter and model values hash by identity. Each sub-value gets a stable fingerprint
(blake2b of strings and model-value names, then Python's deterministic hash of tuples of
integers for the structure: sets and functions order-independently); a state's fingerprint is
the tuple hash of its components' fingerprints. Components are interned per process in a
``ComponentTable`` (value -> small id, the id's fingerprint), so a state is stored as a row of
ids and a component's fingerprint is computed once, not once per state.

The seen set holds only fingerprints (8 bytes a state) as sorted runs merged like a
log-structured tree: a level's new fingerprints become a run, runs of similar size are merged,
membership is a vectorised binary search per run. As in TLC, two states with the same
fingerprint are taken to be one; the probability that this happened is reported the way TLC
reports it ("calculated (optimistic)" from the counts, and "based on the actual fingerprints"
from the smallest distance between two stored fingerprints).
"""

from __future__ import annotations

import functools
import hashlib
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..tla.sameness import same, unambiguous
from ..tla.values import Fcn, Interval, LazySet, ModelValue, check_storable, format_value
from .lazynumpy import np

_MASK61 = (1 << 61) - 1


@functools.lru_cache(maxsize=1 << 16)
def _digest(tag: int, text: str) -> int:
    """A stable 61-bit digest of a string; cached, since a model's strings and model-value names
    are few but occur in most component values (a third of the fingerprinting cost otherwise)."""
    d = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8, person=b"phalanx%d" % tag).digest()
    return int.from_bytes(d, "little") & _MASK61


def value_fingerprint(v: Any) -> int:
    """A fingerprint of a TLA+ value that every Python process computes alike (hash() of a
    tuple of ints does not depend on the interpreter's hash seed)."""
    t = type(v)
    if t is bool:
        return hash((1, int(v)))
    if t is int:
        # by sign and magnitude: CPython's hash(-1) is hash(-2), which made x = -1 and x = -2 one state
        return hash((2, v) if v >= 0 else (9, -v))
    if t is str:
        return hash((3, _digest(3, v)))
    if isinstance(v, ModelValue):
        return hash((4, _digest(4, v.name)))
    if t is frozenset or t is Interval:
        return hash((5, *sorted(value_fingerprint(x) for x in v)))
    if t is tuple:
        return hash((6, *(value_fingerprint(x) for x in v)))
    if t is Fcn:
        return hash((7, *sorted(hash((value_fingerprint(k), value_fingerprint(x))) for k, x in v.items())))
    if isinstance(v, LazySet):  # a finite lazy set (SUBSET S): as its members, as TLC normalises it
        return value_fingerprint(v.enumerate())
    return hash((8, _digest(8, format_value(v))))


class ComponentTable:
    """Interns the values of state components: ``ids`` maps a value to its id, ``values`` and
    ``fps`` give an id's value and fingerprint. ``appender(buf)`` gives the function that
    encodes a successor ``t`` of ``parent`` (whose row is ``parent_row``), reusing the parent's
    ids for the components the step left unchanged (the same objects), and appends one record
    (``record``: its fingerprint, the caller's key, its row of ids) to ``buf``; it is generated
    unrolled for the number of variables, like bfs.Interner, since this runs once per generated
    state. One packed record costs half of what three array appends did (``array.extend`` of a
    tuple alone took a microsecond). ``seed`` is TLC's -fp: the index of another fingerprint
    function (see ``state_fingerprint``). ``exact``: the variables proven never to hold a
    Boolean (Model.bool_free_variables), for which Python's == is TLA+'s = and a find needs no
    confirming walk (a sixth of the appender's time on RRP went to those walks)."""

    def __init__(self, nvars: int, seed: int | None = None, exact: frozenset[int] = frozenset()) -> None:
        self.nvars, self.seed = nvars, seed
        # Ids per variable: Python's 1 == True (so [n |-> 1] == [n |-> TRUE]) must not give one
        # variable's value the id of another's; equal values of different variables may get two.
        self.ids: list[dict[Any, int]] = [{} for _ in range(nvars)]
        self.values: list[Any] = []
        self.fps: list[int] = []
        self.unambiguous: list[bool] = []  # per id: values.unambiguous, so a find needs no same() walk
        self._array, self._arrayed = np.empty(0, dtype=object), 0  # value_array's, and how much of it is set
        self._cids = [self._cid_of(i, i in exact) for i in range(nvars)]
        ts = "".join(f"t{i}, " for i in range(nvars)) or "_"
        ps = "".join(f"p{i}, " for i in range(nvars)) or "_"
        rs = "".join(f"r{i}, " for i in range(nvars)) or "_"
        # a component the step changed: its id if already interned (no call), else a new one
        # ... confirmed by values.same, as Python's 1 == True finds [n |-> 1] for [n |-> TRUE]
        ids = "".join(f"    if t{i} is p{i}: c{i} = r{i}\n    else:\n        c{i} = get{i}(t{i})\n"
                      f"        if c{i} is None: c{i} = cid{i}(t{i})\n"
                      + ("" if i in exact else
                         f"        elif not (clear[c{i}] or (u := values[c{i}]) is t{i} or same(u, t{i})): "
                         f"c{i} = cid{i}(t{i})\n")
                      for i in range(nvars))
        row = "".join(f"c{i}, " for i in range(nvars))
        fp = "".join(f"fps[c{i}], " for i in range(nvars)) + ("" if seed is None else f"{int(seed)}, ")
        # decode, unrolled too: it runs once per expanded state and twice per new state
        ns: dict[str, Any] = {"values": self.values}
        exec(f"def decode(r):\n    {rs} = r\n    return ({''.join(f'values[r{i}], ' for i in range(nvars))})\n", ns)
        self._decode: Callable[[Any], tuple] = ns["decode"]
        self._appender_source = (f"def append(t, r, p, key):\n    {ts} = t\n    {ps} = p\n    {rs} = r\n{ids}"
                                 f"    extend(pack(hash(({fp})), key, {row}))\n")
        self._record = struct.Struct(f"<qq{nvars}i")
        self.record = np.dtype([("fp", "<i8"), ("key", "<i8"), ("row", "<i4", (nvars,))])

    def appender(self, buf: bytearray) -> Callable[[tuple, Any, tuple, int], None]:
        """``append(t, parent_row, parent, key)``: encode ``t`` as a record onto ``buf`` (see the
        class); ``np.frombuffer(buf, table.record)`` reads the records back."""
        ns: dict[str, Any] = {"fps": self.fps, "extend": buf.extend, "pack": self._record.pack,
                              "values": self.values, "same": same, "clear": self.unambiguous}
        ns |= {f"cid{i}": cid for i, cid in enumerate(self._cids)}
        ns |= {f"get{i}": ids.get for i, ids in enumerate(self.ids)}
        exec(self._appender_source, ns)
        return ns["append"]

    def _cid_of(self, var: int, exact: bool) -> Callable[[Any], int]:
        ids, values, fps, clear = self.ids[var], self.values, self.fps, self.unambiguous
        twins: dict[Any, list[int]] = {}

        def cid(v: Any) -> int:
            i = ids.get(v)
            if i is None:
                i = ids[v] = len(values)
            elif exact or clear[i] or values[i] is v or same(values[i], v):
                return i
            else:  # Python's 1 == True: another value, kept beside the one the dict holds
                alike = twins.setdefault(v, [])
                found = next((j for j in alike if same(values[j], v)), None)
                if found is not None:
                    return found
                i = len(values)
                alike.append(i)
            check_storable(v)
            values.append(v)
            fps.append(value_fingerprint(v))
            clear.append(unambiguous(v))
            return i
        return cid

    def encode_new(self, t: tuple) -> tuple[int, tuple]:
        """Fingerprint and row of a state with no parent (an initial state)."""
        row = tuple(cid(x) for cid, x in zip(self._cids, t, strict=True))
        return hash(tuple(self.fps[c] for c in row) + _salt(self.seed)), row

    def decode(self, row: Any) -> tuple:
        """The state of a row of ids (a sequence of ints)."""
        return self._decode(row)

    def value_array(self) -> np.ndarray:
        """The values by id as an array of objects, up to date now (ids added later may be
        missing): ``value_array()[rows].tolist()`` decodes a block of rows at once, with no int
        made for an id, a third less time a state than decode over ``rows.tolist()``. Kept and
        extended by the values added since the last call, its room doubling, so that a search
        of many levels pays for each value once, not once a level."""
        n, done = len(self.values), self._arrayed
        if n > done:
            if n > len(self._array):
                room = np.empty(max(n, 2 * len(self._array)), dtype=object)
                room[:done] = self._array[:done]
                self._array = room
            # fromiter: np.array would make a matrix of tuples all of one length
            self._array[done:n] = np.fromiter(self.values[done:n], dtype=object, count=n - done)
            self._arrayed = n
        return self._array


def state_fingerprint(t: tuple, seed: int | None = None) -> int:
    """The fingerprint ComponentTable.encode gives ``t`` (without a table: for a few states).
    With ``seed`` (TLC's -fp N, which picks one of 131 irreducible polynomials for its FP64) the
    seed is one more component of the hashed tuple: another function of the state, so states
    that collide under one seed almost surely do not under another."""
    return hash(tuple(value_fingerprint(x) for x in t) + _salt(seed))


def kept_state_fingerprint(t: tuple, seed: int | None, memo: dict[int, tuple[Any, int]]) -> int:
    """state_fingerprint(t, seed), with each component's fingerprint kept in ``memo`` by identity
    (holding the value, so that its id is not reused while there): for states whose components
    are mostly the same objects state after state, as orbit representatives are."""
    fps = []
    for x in t:
        got = memo.get(id(x))
        if got is None:
            got = (x, value_fingerprint(x))
            if len(memo) >= _KEPT_FINGERPRINTS:
                memo.clear()
            memo[id(x)] = got
        fps.append(got[1])
    return hash(tuple(fps) + _salt(seed))


_KEPT_FINGERPRINTS = 1 << 16  # component fingerprints a memo of kept_state_fingerprint holds


def _salt(seed: int | None) -> tuple[int, ...]:
    return () if seed is None else (seed,)


class FingerprintSet:
    """A set of int64 fingerprints as sorted runs (log-structured merging). ``add_new`` takes
    fingerprints known to be absent; ``contains`` answers for an array at once.

    With ``directory`` each run is a .npy file, memory-mapped read-only here and in the other
    processes that open it (``paths``): the set then lives in the page cache, not in the
    process's own memory, so it may outgrow memory (the kernel pages runs in and out; a lookup
    is a binary search, which touches log2(n) pages). Runs are merged by a streaming merge of
    two sorted files into a third, in slices of ``MERGE_SLICE``, never by sorting in memory."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory
        self.runs: list[np.ndarray] = []
        self.files: list[Path | None] = []
        self.count = 0
        self._serial = 0

    def __len__(self) -> int:
        return self.count

    def contains(self, fps: np.ndarray) -> np.ndarray:
        return runs_contain(self.runs, fps)

    def add_new(self, fps: np.ndarray) -> None:
        self.add_sorted([np.sort(fps.astype(np.int64, copy=False))])

    def add_sorted(self, parts: list[np.ndarray]) -> None:
        """Add fingerprints known to be absent, given as sorted arrays (memory maps, say) each
        of whose values all come before the next's: they become one run, written one part
        after another, so the whole run is never in memory."""
        total = sum(len(p) for p in parts)
        if not total:
            return
        self.count += total
        self._keep(parts)
        while len(self.runs) > 1 and len(self.runs[-2]) <= 2 * len(self.runs[-1]):
            self._merge_last_two()

    def _keep(self, parts: list[np.ndarray]) -> None:
        """Append the run made of ``parts`` (see ``add_sorted``) to the runs, as a memory-mapped
        file with a directory."""
        path = self._next_path()
        if path is None:
            self.runs.append(np.concatenate(parts) if len(parts) > 1 else np.asarray(parts[0], dtype=np.int64))
        else:
            out = np.lib.format.open_memmap(path, mode="w+", dtype=np.int64, shape=(sum(len(p) for p in parts),))
            at = 0
            for p in parts:
                out[at:at + len(p)] = p
                at += len(p)
            out.flush()
            del out
            self.runs.append(np.load(path, mmap_mode="r"))
        self.files.append(path)

    def _next_path(self) -> Path | None:
        if self.directory is None:
            return None
        self._serial += 1
        return self.directory / f"seen-{self._serial:06d}.npy"

    def _merge_last_two(self) -> None:
        b, a = self.runs.pop(), self.runs.pop()
        fb, fa = self.files.pop(), self.files.pop()
        path = self._next_path()
        if path is None:
            out = np.empty(len(a) + len(b), dtype=np.int64)
            merge_sorted(a, b, out)
        else:
            mapped = np.lib.format.open_memmap(path, mode="w+", dtype=np.int64, shape=(len(a) + len(b),))
            merge_sorted(a, b, mapped)
            mapped.flush()
            del mapped
            out = np.load(path, mmap_mode="r")
        del a, b
        for f in (fa, fb):
            if f is not None:
                f.unlink(missing_ok=True)
        self.runs.append(out)
        self.files.append(path)

    @property
    def paths(self) -> list[str]:
        return [str(p) for p in self.files if p is not None]

    def min_distance(self) -> int | None:
        """The smallest gap between two stored fingerprints (TLC's "actual" estimate), or None
        with fewer than two. The runs are merged into one first (streaming, as ``add_new``)."""
        if self.count < 2:
            return None
        while len(self.runs) > 1:
            self._merge_last_two()
        run, best = self.runs[0], None
        for lo in range(0, len(run) - 1, MERGE_SLICE):
            part = np.asarray(run[lo:lo + MERGE_SLICE + 1])
            # the difference of two sorted int64 values wraps, but read as unsigned it is exact
            gap = int(np.diff(part).view(np.uint64).min())
            best = gap if best is None else min(best, gap)
        return best

    def state(self) -> list[np.ndarray]:
        return list(self.runs)

    def restore(self, runs: list[np.ndarray]) -> None:
        for run in runs:
            self.count += len(run)
            self._keep([np.asarray(run, dtype=np.int64)])


MERGE_SLICE = 1 << 20  # fingerprints of each input merged at a time


def merge_sorted(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
    """Write the sorted union of the sorted arrays ``a`` and ``b`` to ``out`` (of their summed
    length), holding at most about 2 * MERGE_SLICE fingerprints of them in memory at once."""
    ia = ib = io = 0
    na, nb = len(a), len(b)
    while ia < na and ib < nb:
        # Everything up to the pivot, from both inputs, comes next in the output; the pivot is
        # the MERGE_SLICE-th remaining value of one input, so neither part is larger than that.
        pivot = min(a[min(ia + MERGE_SLICE, na) - 1], b[min(ib + MERGE_SLICE, nb) - 1])
        ea = ia + int(np.searchsorted(a[ia:min(ia + MERGE_SLICE, na)], pivot, side="right"))
        eb = ib + int(np.searchsorted(b[ib:min(ib + MERGE_SLICE, nb)], pivot, side="right"))
        part = np.concatenate([a[ia:ea], b[ib:eb]])
        part.sort()
        out[io:io + len(part)] = part
        io += len(part)
        ia, ib = ea, eb
    for rest, i in ((a, ia), (b, ib)):
        for lo in range(i, len(rest), MERGE_SLICE):
            part = rest[lo:lo + MERGE_SLICE]
            out[io:io + len(part)] = part
            io += len(part)


def runs_contain(runs: list[np.ndarray], fps: np.ndarray) -> np.ndarray:
    """Membership of each of ``fps`` in any of the sorted ``runs``."""
    found = np.zeros(len(fps), dtype=bool)
    for run in runs:
        if not len(run):
            continue
        pos = np.searchsorted(run, fps)
        pos[pos == len(run)] = len(run) - 1
        found |= run[pos] == fps
    return found


def open_runs(paths: list[str]) -> list[np.ndarray]:
    """The runs another process saved (memory-mapped, read-only)."""
    return [np.load(p, mmap_mode="r") for p in paths]


def collision_probability(distinct: int, generated: int) -> float:
    """TLC's "calculated (optimistic)" estimate (AbstractChecker.calculateOptimisticProbability)."""
    return distinct * ((generated - distinct) / 2.0 ** 64)


def probability_text(p: float) -> str:
    """A probability with two significant digits, as TLC's ProbabilityToString prints it."""
    return "0.0" if p == 0 else f"{p:.1E}".replace("E-0", "E-").replace("E+00", "")


def collision_text(figures: dict[str, float | None]) -> str:
    """TLC's lines after "Model checking completed" (EC.TLC_SUCCESS)."""
    lines = ["  Estimates of the probability that TLC did not check all reachable states",
             "  because two distinct states had the same fingerprint:",
             f"  calculated (optimistic):  val = {probability_text(figures['calculated'] or 0.0)}"]
    if figures.get("actual") is not None:
        lines.append(f"  based on the actual fingerprints:  val = {probability_text(figures['actual'] or 0.0)}")
    return "\n".join(lines)
