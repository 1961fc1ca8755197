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

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..tla.values import Fcn, ModelValue, format_value

_MASK61 = (1 << 61) - 1


def _digest(tag: int, text: str) -> int:
    d = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8, person=b"phalanx%d" % tag).digest()
    return int.from_bytes(d, "little") & _MASK61


def value_fingerprint(v: Any) -> int:
    """A fingerprint of a TLA+ value that every Python process computes alike (hash() of a
    tuple of ints does not depend on the interpreter's hash seed)."""
    t = type(v)
    if t is bool:
        return hash((1, int(v)))
    if t is int:
        return hash((2, v))
    if t is str:
        return hash((3, _digest(3, v)))
    if isinstance(v, ModelValue):
        return hash((4, _digest(4, v.name)))
    if t is frozenset:
        return hash((5, *sorted(value_fingerprint(x) for x in v)))
    if t is tuple:
        return hash((6, *(value_fingerprint(x) for x in v)))
    if t is Fcn:
        return hash((7, *sorted(hash((value_fingerprint(k), value_fingerprint(x))) for k, x in v.items())))
    return hash((8, _digest(8, format_value(v))))  # a lazy set kept in a state: by its printed form


class ComponentTable:
    """Interns the values of state components: ``ids`` maps a value to its id, ``values`` and
    ``fps`` give an id's value and fingerprint. ``encode(t, parent_row, parent)`` returns the
    state's fingerprint and row of ids, reusing the parent's ids for the components the step
    left unchanged (the same objects); it is generated unrolled for the number of variables,
    like bfs.Interner, since this runs once per generated state."""

    def __init__(self, nvars: int) -> None:
        self.nvars = nvars
        # Ids per variable: Python's 1 == True (so [n |-> 1] == [n |-> TRUE]) must not give one
        # variable's value the id of another's; equal values of different variables may get two.
        self.ids: list[dict[Any, int]] = [{} for _ in range(nvars)]
        self.values: list[Any] = []
        self.fps: list[int] = []
        self._cids = [self._cid_of(i) for i in range(nvars)]
        ns: dict[str, Any] = {"fps": self.fps} | {f"cid{i}": cid for i, cid in enumerate(self._cids)}
        ts = "".join(f"t{i}, " for i in range(nvars)) or "_"
        ps = "".join(f"p{i}, " for i in range(nvars)) or "_"
        rs = "".join(f"r{i}, " for i in range(nvars)) or "_"
        ids = "".join(f"    c{i} = r{i} if t{i} is p{i} else cid{i}(t{i})\n" for i in range(nvars))
        row = "".join(f"c{i}, " for i in range(nvars))
        fp = "".join(f"fps[c{i}], " for i in range(nvars))
        exec(f"def encode(t, r, p):\n    {ts} = t\n    {ps} = p\n    {rs} = r\n{ids}"
             f"    return hash(({fp})), ({row})\n", ns)
        self.encode: Callable[[tuple, tuple, tuple], tuple[int, tuple]] = ns["encode"]

    def _cid_of(self, var: int) -> Callable[[Any], int]:
        ids, values, fps = self.ids[var], self.values, self.fps

        def cid(v: Any) -> int:
            i = ids.get(v)
            if i is None:
                i = ids[v] = len(values)
                values.append(v)
                fps.append(value_fingerprint(v))
            return i
        return cid

    def encode_new(self, t: tuple) -> tuple[int, tuple]:
        """Fingerprint and row of a state with no parent (an initial state)."""
        row = tuple(cid(x) for cid, x in zip(self._cids, t, strict=True))
        return hash(tuple(self.fps[c] for c in row)), row

    def decode(self, row: Any) -> tuple:
        values = self.values
        return tuple([values[c] for c in row])


def state_fingerprint(t: tuple) -> int:
    """The fingerprint ComponentTable.encode gives ``t`` (without a table: for a few states)."""
    return hash(tuple(value_fingerprint(x) for x in t))


class FingerprintSet:
    """A set of int64 fingerprints as sorted runs (log-structured merging). ``add_new`` takes
    fingerprints known to be absent; ``contains`` answers for an array at once. With ``directory``
    each run is a .npy file that other processes open read-only (``paths``)."""

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
        if not len(fps):
            return
        run = np.sort(fps.astype(np.int64, copy=False))
        self.count += len(run)
        while self.runs and len(self.runs[-1]) <= 2 * len(run):
            run = np.sort(np.concatenate([self.runs.pop(), run]), kind="stable")
            self._drop_file(self.files.pop())
        self.runs.append(run)
        self.files.append(self._save(run))

    def _save(self, run: np.ndarray) -> Path | None:
        if self.directory is None:
            return None
        self._serial += 1
        path = self.directory / f"seen-{self._serial:06d}.npy"
        np.save(path, run)
        return path

    @staticmethod
    def _drop_file(path: Path | None) -> None:
        if path is not None:
            path.unlink(missing_ok=True)

    @property
    def paths(self) -> list[str]:
        return [str(p) for p in self.files if p is not None]

    def min_distance(self) -> int | None:
        """The smallest gap between two stored fingerprints (TLC's "actual" estimate), or None
        with fewer than two."""
        if self.count < 2:
            return None
        merged = np.sort(np.concatenate(self.runs)) if len(self.runs) > 1 else self.runs[0]
        # the difference of two sorted int64 values wraps, but read as unsigned it is exact
        return int(np.diff(merged).view(np.uint64).min())

    def state(self) -> list[np.ndarray]:
        return list(self.runs)

    def restore(self, runs: list[np.ndarray]) -> None:
        for run in runs:
            self.count += len(run)
            self.runs.append(run)
            self.files.append(self._save(run))


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
