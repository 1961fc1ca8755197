"""Very long lines of a spec broken into indented continuation lines before tree-sitter reads them.

Why: tree-sitter-tlaplus's external scanner asks for the column of almost every token (to align
``/\\`` and ``\\/`` lists), and tree-sitter computes a column by walking back to the start of the
line, so a line of n tokens costs n²: 8,000 conjuncts or 3,000 nested IFs on one line take
tree-sitter seconds to minutes. Spread over lines of bounded length the same text is linear.

Why the meaning is unchanged: a line break is whitespace in TLA+, except that a ``\\*`` comment
ends there and a string cannot cross it (we break only at blanks, or between two parentheses,
outside comments and strings), and that the scanner compares token columns with the column of
each open junction list: a token at or left of it ends the list or is its next bullet. A list is
opened only by a junction that starts an expression, so a junction right after an identifier, a
number, a string, a closing bracket or a prime never opens one; every other junction "may open"
a list, and its column bounds the open lists'. A line is broken only after the last junction on
it that may open a list, and only before tokens right of every such column seen so far in the
file; continuation lines are indented right of those columns too. So every token the scanner sees keeps its order
with every open list's column, and no list's own column moves. Files with proofs or PlusCal
(which the scanner tracks with further columns and contexts) are left as they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LONG_LINE = 1000
"""Lines up to this many bytes are left alone (their quadratic cost is small)."""
SEGMENT = 128
"""Least length of a continuation line's text, and never less than its indentation: breaking adds
at most as many bytes as the line has."""

_TOKEN = re.compile(rb"""
    (?P<blank>[ \t\r\f\v]+)
  | (?P<block>\(\*)
  | (?P<comment>\\\*)
  | (?P<string>"(?:[^"\\]|\\.)*"?)
  | (?P<junction>/\\|\\/|\\land(?![A-Za-z0-9_])|\\lor(?![A-Za-z0-9_])|\xe2\x88[\xa7\xa8])
  | (?P<op>\\[A-Za-z]+)
  | (?P<word>[A-Za-z0-9_]+)
  | (?P<closing>[)\]}']|>>)
  | (?P<other>.)
""", re.X)
_COMMENT_EDGE = re.compile(rb"\(\*|\*\)")
_RESERVED = frozenset(b"""
    ASSUME ASSUMPTION AXIOM CASE CHOOSE CONSTANT CONSTANTS DOMAIN ELSE ENABLED EXCEPT EXTENDS IF IN
    INSTANCE LET LOCAL MODULE OTHER SUBSET THEN THEOREM LEMMA PROPOSITION COROLLARY UNCHANGED UNION
    VARIABLE VARIABLES WITH LAMBDA RECURSIVE SF_ WF_ BY DEF DEFS HAVE TAKE WITNESS PICK SUFFICES NEW
    STATE ACTION TEMPORAL USE HIDE DEFINE ONLY OBVIOUS OMITTED PROOF QED
""".split())
_HEADER = re.compile(rb"-{4,}\s*MODULE\b")
_LEFT_ALONE = re.compile(rb"--algorithm|--fair|<\d+>|<[*+]>|\b(?:PROOF|BY|OBVIOUS|OMITTED|QED)\b")


@dataclass(frozen=True)
class Broken:
    """The text tree-sitter reads, and for each of its lines the original line and how far
    right of the new column the original column is (both 0-based)."""

    text: bytes
    origin: list[tuple[int, int]] | None  # None: the text is the original

    def position(self, row: int, col: int) -> tuple[int, int]:
        """The original (row, byte column) of a position in ``text``."""
        if self.origin is None:
            return row, col
        line, shift = self.origin[row]
        return line, col + shift


def break_long_lines(data: bytes) -> Broken:
    """``data`` with its long lines broken as the module docstring says."""
    lines = data.split(b"\n")
    if all(len(line) <= LONG_LINE for line in lines) or _LEFT_ALONE.search(data):
        return Broken(data, None)
    out: list[bytes] = []
    origin: list[tuple[int, int]] = []
    lexer = _Lexer()
    for row, line in enumerate(lines):
        starts = lexer.line(line)
        if starts is None:
            out.append(line)
            origin.append((row, 0))
            continue
        indent = lexer.floor
        out.append(line[:starts[0]])
        origin.append((row, 0))
        for start, end in zip(starts, [*starts[1:], len(line)], strict=True):
            out.append(b" " * indent + line[start:end])
            origin.append((row, start - indent))
    return Broken(b"\n".join(out), origin)


class _Lexer:
    """Reads the file line by line: comment and module state, and the columns of junctions that
    may open a list; plans where a long line is broken."""

    def __init__(self) -> None:
        self.in_module = False
        self.done = False  # past the first ==== : the rest is left alone
        self.comment_depth = 0
        self.ender = False  # the last token ends an expression
        self.floor = 0  # 1 + the rightmost column of a junction that may open a list

    def line(self, line: bytes) -> list[int] | None:
        """Lex one line; where its continuation lines start (each indented by ``floor``), or None."""
        if self.done:
            return None
        if not self.in_module:
            m = _HEADER.search(line)
            if m is None:
                return None
            self.in_module = True
            self._lex(line, m.end(), [])
            return None
        gaps: list[int] = []  # where the line may be broken: the starts of tokens
        last_opener = self._lex(line, 0, gaps)
        if len(line) <= LONG_LINE or not line.isascii() or self.done:
            return None
        starts: list[int] = []
        for token in gaps:
            if token > last_opener and token >= self.floor + SEGMENT and \
                    token - (starts[-1] if starts else 0) >= max(SEGMENT, self.floor):
                starts.append(token)
        return starts or None

    def _lex(self, line: bytes, i: int, gaps: list[int]) -> int:
        """Advance the state over ``line[i:]``; returns the column of the last junction that may
        open a list (-1 if none), and appends to ``gaps`` where the line may be broken: after a blank
        or between two parentheses, outside comments and strings."""
        last_opener = -1
        n = len(line)
        while i < n:
            if self.comment_depth:
                m = _COMMENT_EDGE.search(line, i)
                if m is None:
                    return last_opener
                self.comment_depth += 1 if m[0] == b"(*" else -1
                i = m.end()
                continue
            m = _TOKEN.match(line, i)
            assert m is not None  # (?P<other>.) matches any byte but a newline, and lines have none
            kind = m.lastgroup
            if (kind == "blank" or m[0] in (b"(", b")") and line.startswith(m[0], m.end())) and m.end() < n:
                gaps.append(m.end())  # no token holds a blank, "((" or "))"
            if kind == "block":
                self.comment_depth = 1
            elif kind == "comment":
                return last_opener
            elif kind == "junction":
                if not self.ender:
                    last_opener = i
                    self.floor = max(self.floor, i + 1)
                self.ender = False
            elif kind == "word":
                self.ender = m[0] not in _RESERVED
            elif kind in ("string", "closing"):
                self.ender = True
            elif kind != "blank":
                if line.startswith(b"====", i):
                    self.done = True
                    return last_opener
                self.ender = False
            i = m.end()
        return last_opener
