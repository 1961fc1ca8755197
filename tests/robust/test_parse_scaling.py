"""The parser stays linear on very long lines and chains (issue 14), and means the same thing.

tree-sitter recomputes a token's column by walking back to the start of its line, so one line of
n tokens cost n² (CPU: 8,000 conjuncts on a line 12 s, 8,000 nested IFs 32 s, 10,000 parentheses
2 s; now each under a second): ``tla/longlines.py`` breaks such lines first. Here: the growth when
the input grows fourfold (CPU time, best of three, never wall clock), and, with the breaking forced
onto almost every line of every spec of the repository, the same syntax tree and the same errors
at the same positions.
"""

from __future__ import annotations

import gc
import re
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from phalanx_verify.tla import longlines, parse
from phalanx_verify.tla.errors import TLAError

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")


def on_big_stack(run: Callable[[], T]) -> T:
    """``run()`` in a thread with the loader's stack and recursion limit (deep trees recurse)."""
    box: dict[str, T] = {}
    old_limit, old_stack = sys.getrecursionlimit(), threading.stack_size(256 * 2**20)
    try:
        sys.setrecursionlimit(100_000)
        worker = threading.Thread(target=lambda: box.setdefault("value", run()))
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old_stack)
        sys.setrecursionlimit(old_limit)
    return box["value"]


def outcome(src: bytes) -> object:
    """The parsed module, or the error's class, message and position."""
    try:
        return parse.parse_module_text(src, "M.tla")
    except TLAError as err:
        return type(err).__name__, str(err)


def cpu_seconds(src: bytes) -> float:
    """Least CPU time of three parses of ``src``."""
    def best() -> float:
        times = []
        for _ in range(3):
            gc.collect()  # the previous parse's garbage is not this one's time
            start = time.process_time()
            parse.parse_module_text(src, "M.tla")
            times.append(time.process_time() - start)
        return min(times)
    return on_big_stack(best)


def one_line_conjunction(n: int) -> bytes:
    return ("---- MODULE M ----\nVARIABLE x\nOp == " + " /\\ ".join(f"x = {i}" for i in range(n))
            + "\n====\n").encode()


def one_line_ifs(n: int) -> bytes:
    return ("---- MODULE M ----\nOp == " + "IF TRUE THEN " * n + "0" + " ELSE 1" * n + "\n====\n").encode()


def one_line_parentheses(n: int) -> bytes:
    return ("---- MODULE M ----\nOp == " + "(" * n + "0" + ")" * n + "\n====\n").encode()


def many_line_disjunction(n: int) -> bytes:
    return ("---- MODULE M ----\nVARIABLE x\nOp == " + " \\/\n    ".join(f"x = {i}" for i in range(n))
            + "\n====\n").encode()


@pytest.mark.parametrize("make, n", [(one_line_conjunction, 2000), (one_line_ifs, 750),
                                     (one_line_parentheses, 2500), (many_line_disjunction, 4000)])
def test_four_times_the_input_less_than_eight_times_the_parse_time(make, n):
    small, large = cpu_seconds(make(n)), cpu_seconds(make(4 * n))
    assert large < 8 * small, (small, large)  # linear is 4x; it was 16x (one line: 0.8 s -> 13.3 s)


def test_a_long_conjunction_is_one_flat_and_in_order():
    src = one_line_conjunction(8000)
    body = on_big_stack(lambda: parse.parse_module_text(src, "M.tla")).defs[0].body
    assert type(body).__name__ == "And" and len(body.items) == 8000
    assert [item.args[1].value for item in body.items] == list(range(8000))
    assert (body.items[-1].pos.line, body.items[-1].pos.col) == (3, src.split(b"\n")[2].index(b"x = 7999") + 1)


def test_broken_lines_keep_their_positions():
    src = one_line_ifs(300).replace(b"0 ELSE", b"0 ELSE ?", 1)
    assert longlines.break_long_lines(src).origin is not None
    err = outcome(src)
    col = src.split(b"\n")[1].index(b"?") + 1
    assert err == ("ParseError", f"M.tla:2:{col}: parse error: syntax error near '?'"), err


TRICKY = [  # junction lists whose columns the breaking must not disturb
    b"---- MODULE M ----\nOp == /\\ f(a,\n  b) /\\ c /\\ d\n      /\\ e\n====\n",  # a bullet in mid-line
    b"---- MODULE M ----\nOp == x + (/\\ a /\\ b\n           /\\ c) /\\ d\n====\n",  # a list opened in mid-line
    b"---- MODULE M ----\nOp == \\/ /\\ a /\\ b \\/ c\n      \\/ d\n====\n",
    b'---- MODULE M ----\nOp == /\\ "a b  c \\" d" = "e  f" \\* a comment /\\ x\n      /\\ (* c\n  *) y\n====\n',
    b"---- MODULE M ----\r\nOp ==\t/\\ a\t/\\ b\r\n\t/\\ c\r\n====\r\n",
    "---- MODULE M ----\nOp == \u2227 a\n     \u2227 f(b,\n c) /\\ d /\\ e /\\ g\n====\n".encode(),  # Unicode bullets
    b"---- MODULE M ----\nOp == IF a THEN /\\ b /\\ c\n                ELSE \\/ d\n                     \\/ e\n====\n",
    b"---- MODULE M ----\nOp == LET A == /\\ a\n                /\\ b IN A /\\ c\n====\n",
    b"---- MODULE M ----\nOp == ((( a ))) + (((* c *)1)) /\\ ((x (+) y))\n====\n",  # breaks between ( and (
]


def forced(monkeypatch) -> None:
    """Break every line longer than 8 bytes into pieces of 2 bytes or more."""
    monkeypatch.setattr(longlines, "LONG_LINE", 8)
    monkeypatch.setattr(longlines, "SEGMENT", 2)


def left_alone(monkeypatch) -> None:
    monkeypatch.setattr(longlines, "LONG_LINE", 10**9)


def tree(src: bytes) -> str:
    """tree-sitter's tree without comments (where a comment hangs is not meaning)."""
    return re.sub(r" ?\((?:block_comment(?: \(block_comment_text\))?|comment)\)", "",
                  str(parse._PARSER.parse(src).root_node))


@pytest.mark.parametrize("src", TRICKY)
def test_tricky_alignment_means_the_same_broken(monkeypatch, src):
    left_alone(monkeypatch)
    before = outcome(src)
    forced(monkeypatch)
    broken = longlines.break_long_lines(src)
    assert broken.text.count(b"\n") > src.count(b"\n")  # it was broken
    assert tree(broken.text) == tree(src)
    assert outcome(src) == before


def test_every_spec_of_the_repository_means_the_same_broken(monkeypatch):
    """About a hundred specs (RRP, its mutants, the TLC probes), almost every line broken."""
    broken_files = 0
    for path in sorted(ROOT.glob("**/*.tla")):
        if ".git" in path.parts:
            continue
        src = path.read_bytes()
        left_alone(monkeypatch)
        before = on_big_stack(lambda src=src: outcome(src))
        forced(monkeypatch)
        broken = longlines.break_long_lines(src)
        if broken.origin is None:
            continue
        broken_files += 1
        assert tree(broken.text) == tree(src), path
        assert on_big_stack(lambda src=src: outcome(src)) == before, path
    assert broken_files >= 80
