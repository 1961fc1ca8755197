"""Append-only typed columns that move to a file once they grow, so that the frontier of a
search (a level's states and the successors generated from it) can be bigger than memory.

A column holds rows of one dtype and width. Appends go to a buffer in memory; when the buffer
passes ``SPILL_BYTES`` it is written to the column's file and emptied. ``freeze`` ends the
appends and gives the whole column as one array: the buffer itself when nothing was spilled
(small levels never touch the disk), else a read-only memory map of the file, whose pages the
kernel reads in and drops as memory requires.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from .lazynumpy import np

SPILL_BYTES = 1 << 18  # buffered bytes per column before they go to its file (a worker has 32 columns)


class Column:
    """Rows of ``dtype`` (``width`` values each, or scalars with width 0) appended in order."""

    def __init__(self, path: Path, dtype: type | np.dtype, width: int = 0) -> None:
        self.path, self.dtype, self.width = path, np.dtype(dtype), width
        self.parts: list[np.ndarray] = []
        self.buffered = 0
        self.spilled = 0  # rows in the file
        self.file: BinaryIO | None = None

    def __len__(self) -> int:
        return self.spilled + sum(len(p) for p in self.parts)

    def append(self, rows: np.ndarray) -> None:
        if not len(rows):
            return
        part = np.ascontiguousarray(rows, dtype=self.dtype)
        self.parts.append(part)
        self.buffered += part.nbytes
        if self.buffered >= SPILL_BYTES:
            self._spill()

    def _spill(self) -> None:
        if self.file is None:
            self.file = open(self.path, "wb")  # noqa: SIM115 - open until freeze
        for p in self.parts:
            self.file.write(p.tobytes())
            self.spilled += len(p)
        self.parts, self.buffered = [], 0

    def freeze(self) -> np.ndarray:
        """The column's rows; no appends after this."""
        shape = (len(self), self.width) if self.width else (len(self),)
        if self.file is None:
            if not self.parts:
                return np.zeros(shape, dtype=self.dtype)
            return np.concatenate(self.parts) if len(self.parts) > 1 else self.parts[0]
        self._spill()
        self.file.close()
        self.file = None
        if not self.spilled:
            return np.zeros(shape, dtype=self.dtype)
        return np.memmap(self.path, dtype=self.dtype, mode="r", shape=shape)

    def discard(self) -> None:
        """Drop the rows and the file."""
        if self.file is not None:
            self.file.close()
            self.file = None
        self.parts, self.buffered, self.spilled = [], 0, 0
        self.path.unlink(missing_ok=True)


def empty(path: Path, shape: tuple[int, ...], dtype: type | np.dtype) -> np.ndarray:
    """An array to fill: in memory when small, else a memory-mapped file at ``path``."""
    dt = np.dtype(dtype)
    if int(np.prod(shape)) * dt.itemsize < SPILL_BYTES:
        return np.empty(shape, dtype=dt)
    return np.lib.format.open_memmap(path, mode="w+", dtype=dt, shape=shape)


def store(path: Path, rows: np.ndarray) -> np.ndarray:
    """``rows`` kept as they are when small or already a read-only map of a file, else written
    to ``path`` and memory-mapped."""
    if rows.nbytes < SPILL_BYTES or (isinstance(rows, np.memmap) and rows.filename and rows.mode == "r"):
        return rows
    col = Column(path, rows.dtype, rows.shape[1] if rows.ndim == 2 else 0)
    col.append(rows)
    return col.freeze()


def read(a: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """Rows ``lo:hi`` of ``a``, in memory. A memory map's rows are read from its file: the pages
    then stay in the kernel's page cache and out of this process's resident memory, where a
    map's pages stay once touched (a level is read whole, so all of them would)."""
    if not (isinstance(a, np.memmap) and a.filename):
        return np.asarray(a[lo:hi])
    hi = min(hi, len(a))
    lo = min(lo, hi)
    width = int(np.prod(a.shape[1:]))
    with open(a.filename, "rb") as f:
        f.seek(a.offset + lo * width * a.itemsize)
        rows = np.fromfile(f, dtype=a.dtype, count=(hi - lo) * width)
    return rows.reshape((hi - lo, *a.shape[1:]))


def settle(a: np.ndarray) -> np.ndarray:
    """``a`` once filled: a writable memory map is flushed and mapped anew read-only, so the
    pages written leave this process's resident memory (the file and the page cache keep
    them); other arrays as they are."""
    if not (isinstance(a, np.memmap) and a.filename) or a.mode == "r":
        return a
    a.flush()
    return np.memmap(a.filename, dtype=a.dtype, mode="r", offset=a.offset, shape=a.shape)
