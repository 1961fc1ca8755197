"""Progress of a long ``phalanx-sim`` command: rich's bars on a terminal; elsewhere (CI logs, a
redirected run) one plain line every few seconds, since bars redrawn with control characters
show nothing useful in a file."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from rich.progress import Progress, TaskID


class Reporter:
    """Named tasks with totals; ``set``/``advance`` update them, ``close`` prints the last state."""

    def __init__(self, tasks: dict[str, int], stream: TextIO | None = None, every_s: float = 5.0,
                 tty: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.totals = dict(tasks)
        self.done = dict.fromkeys(tasks, 0)
        self.notes = dict.fromkeys(tasks, "")
        self.every_s = every_s
        self.t0 = self.last = time.monotonic()
        self.bar: Progress | None = None
        self.ids: dict[str, TaskID] = {}
        if self.stream.isatty() if tty is None else tty:
            self.bar = Progress(console=None)
            self.bar.start()
            self.ids = {name: self.bar.add_task(name, total=total) for name, total in tasks.items()}

    def set(self, name: str, done: int, note: str = "") -> None:
        self.done[name] = done
        self.notes[name] = note
        if self.bar is not None:
            self.bar.update(self.ids[name], completed=done, description=f"{name} {note}".strip())
        elif time.monotonic() - self.last >= self.every_s:
            self.line()

    def advance(self, name: str, note: str = "") -> None:
        self.set(name, self.done[name] + 1, note)

    def line(self, final: bool = False) -> None:
        """One line with the time since the start and the state of every task still running (every
        task in the ``final`` line): a report has a dozen tasks, most of them finished long before
        the last, and a line listing them all hides the ones still moving."""
        self.last = time.monotonic()
        shown = [n for n in self.totals if self.totals[n] and (final or self.done[n] < self.totals[n])]
        parts = [f"{n} {self.done[n]:,}/{self.totals[n]:,}" + (f" ({self.notes[n]})" if self.notes[n] else "")
                 for n in shown]
        finished = sum(1 for n in self.totals if self.totals[n]) - len(shown)
        print(f"[{self.last - self.t0:6.0f} s] " + "; ".join(parts) + (f" ({finished} done)" if finished else ""),
              file=self.stream, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
        else:
            self.line(final=True)
