"""Progress lines: live and cut to the width on a terminal, sparse plain lines elsewhere."""

from __future__ import annotations

import io
import os

from phalanx_verify.progress import ProgressLine


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_log_gets_one_plain_line_every_few_seconds():
    out = io.StringIO()
    line = ProgressLine(out, plain_every=3600)
    for i in range(5):
        line.show(f"M: {i:,} generated, " + "x" * 200)
    line.end()
    text = out.getvalue()
    assert text.count("\n") == 1 and text.startswith("M: 0 generated") and "\r" not in text and "\x1b" not in text
    assert len(text.splitlines()[0]) > 200  # not wrapped at 80 columns


def test_a_terminal_gets_one_live_line_cut_to_its_width(monkeypatch):
    monkeypatch.setattr("shutil.get_terminal_size", lambda: os.terminal_size((40, 24)))
    out = Terminal()
    line = ProgressLine(out)
    line.show("a" * 100)
    line.show("b" * 100)
    line.end()
    text = out.getvalue()
    assert "\n" not in text
    assert text == "\r" + "a" * 39 + "\x1b[K" + "\r" + "b" * 39 + "\x1b[K" + "\r\x1b[K"
