"""Tabs expanded to SANY's tab stops before tree-sitter reads a module.

Why: SANY's lexer (JavaCC's SimpleCharStream, tab size 8) puts the character after a tab at the
next column of the form 8k + 1, and it compares those columns to align ``/\\`` and ``\\/``
lists; tree-sitter-tlaplus counts a tab as one column. A list whose lines mix tabs and spaces
(`  <TAB>/\\ ...` over `<TAB><TAB><TAB>...`) thus parses in TLC and fails here. Expanded, the
text aligns as SANY sees it, and every column we report is SANY's. A tab inside a string
literal is part of the string's value and is kept.
"""

from __future__ import annotations

TAB_SIZE = 8


def expand_tabs(data: bytes) -> bytes:
    """``data`` with every tab outside string literals replaced by spaces up to the next tab
    stop (comments included: SANY counts their columns too)."""
    if b"\t" not in data:
        return data
    depth = 0  # nesting of (* *) comments, which span lines
    out: list[str] = []
    for line in data.decode("utf-8", "surrogateescape").split("\n"):
        depth = _expand_line(line, depth, out)
        out.append("\n")
    out.pop()
    return "".join(out).encode("utf-8", "surrogateescape")


def _expand_line(line: str, depth: int, out: list[str]) -> int:
    """Append ``line`` expanded to ``out``; return the comment depth at its end."""
    col = 0
    i = 0
    n = len(line)
    in_string = line_comment = False
    while i < n:
        c = line[i]
        if c == "\t" and not in_string:
            width = TAB_SIZE - col % TAB_SIZE
            out.append(" " * width)
            col += width
            i += 1
            continue
        two = line[i:i + 2]
        step = 1
        if in_string:
            if c == "\\":
                step = 2
            elif c == '"':
                in_string = False
        elif line_comment:
            pass
        elif depth:
            if two == "(*":
                depth, step = depth + 1, 2
            elif two == "*)":
                depth, step = depth - 1, 2
        elif two == "(*":
            depth, step = 1, 2
        elif two == "\\*":
            line_comment = True
        elif c == '"':
            in_string = True
        piece = line[i:i + step]
        out.append(piece)
        col += len(piece)
        i += step
    return depth
