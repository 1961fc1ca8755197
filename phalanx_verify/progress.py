"""Progress lines on stderr: a live line, rewritten in place and cut to the terminal's width,
when stderr is a terminal; otherwise (CI logs, pipes) one plain line every PLAIN_EVERY seconds,
never wrapped, so a log holds a few readable lines instead of a wall of wrapped ones."""

from __future__ import annotations

import shutil
import sys
import time
from typing import TextIO

PLAIN_EVERY = 10.0


class ProgressLine:
    def __init__(self, stream: TextIO | None = None, plain_every: float = PLAIN_EVERY) -> None:
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.plain_every = plain_every
        self._last = float("-inf")
        self._shown = False

    def show(self, text: str) -> None:
        if self.live:
            width = shutil.get_terminal_size().columns
            self.stream.write("\r" + text[:max(width - 1, 10)] + "\x1b[K")
            self._shown = True
        else:
            now = time.monotonic()
            if now - self._last < self.plain_every:
                return
            self._last = now
            self.stream.write(text + "\n")
        self.stream.flush()

    def end(self) -> None:
        """Clear the live line, so the next output starts on an empty line."""
        if self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._shown = False
