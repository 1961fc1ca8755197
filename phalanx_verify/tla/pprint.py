"""TLC's pretty printer for values in error messages (tlc2.pprint: Values.ppr, PrettyPrint.mypp).

TLC builds some of its evaluation errors with ``Values.ppr(v.toString())``: the printed value,
broken over lines of at most 80 characters (``{ a,\\n  b }``, ``( 1 :> 2 @@\\n  3 :> 4 )``) when
it is longer. The printer parses the text back (Parse.java), and gives the text unchanged where
that parse fails: a model value ``A_1`` (``_`` is not a letter), an interval ``-1..2``, a string
holding a quote. This is a port working on the same text, so that it fails where TLC's does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WIDTH = 80  # tlc2.value.Values.WIDTH (property tlc2.value.Values.width, 80 unless set)

CONSTANT, SET, SEQUENCE, RECORD, FUNCTION, SUBSET, PAIR = range(7)


class _Fail(Exception):
    """Parse.ParseException or Format.FormatException: mypp gives the text unchanged."""


@dataclass
class _Node:
    text: str
    first: int
    last: int
    kind: int
    children: list[_Node] = field(default_factory=list)

    def value(self) -> str:
        return self.text[self.first:self.last + 1]

    def length(self) -> int:
        return self.last - self.first + 1


def _char(s: str, i: int) -> str:
    if i < 0 or i >= len(s):
        raise _Fail  # Java's StringIndexOutOfBoundsException, turned into a ParseException
    return s[i]


def _skip(s: str, i: int) -> int:
    while _char(s, i).isspace():
        i += 1
    return i


def _parse(s: str, i: int) -> _Node:
    if not s or i < 0 or i > len(s) - 1:
        raise _Fail
    i = _skip(s, i)
    c = s[i]
    if c == "{":
        return _list(s, i, SET, 1, "}", 0)
    if c == "<":
        return _list(s, i, SEQUENCE, 2, ">", 1)
    if c == "[":
        return _pairs(s, i, RECORD, "]", "|->", None)
    if c == "(":
        return _pairs(s, i, FUNCTION, ")", ":>", "@@")
    if s.startswith("SUBSET", i):
        elt = _parse(s, _skip(s, i + 6))
        return _Node(s, i, elt.last, SUBSET, [elt])
    return _constant(s, i)


def _list(s: str, i: int, kind: int, open_len: int, close: str, after: int) -> _Node:
    """A set ``{...}`` or sequence ``<<...>>`` (Parse.parseSet, parseSequence)."""
    children = []
    last = _skip(s, i + open_len)
    while _char(s, last) != close:
        elt = _parse(s, last)
        children.append(elt)
        last = _skip(s, elt.last + 1)
        if _char(s, last) == ",":
            last += 1
        last = _skip(s, last)
    return _Node(s, i, last + after, kind, children)


def _pairs(s: str, i: int, kind: int, close: str, div: str, sep: str | None) -> _Node:
    """A record ``[a |-> 1, ...]`` or function ``(1 :> 2 @@ ...)`` (Parse.parseRecord,
    parseFunction and their pairs)."""
    children = []
    last = _skip(s, i + 1)
    while _char(s, last) != close:
        arg = _parse(s, last)
        at = _skip(s, arg.last + 1)
        if not s.startswith(div, at):
            raise _Fail
        val = _parse(s, _skip(s, at + len(div)))
        children.append(_Node(s, last, val.last, PAIR, [arg, val]))
        last = _skip(s, val.last + 1)
        if sep is None:
            if _char(s, last) == ",":
                last += 1
        elif s.startswith(sep, last):
            last += len(sep)
        last = _skip(s, last)
    return _Node(s, i, last, kind, children)


def _constant(s: str, i: int) -> _Node:
    first = last = _skip(s, i)
    if s[first] == '"':
        last += 1
        while _char(s, last) != '"':
            last += 1
        return _Node(s, first, last, CONSTANT)
    if s[last].isdigit():
        node = _interval(s, i)
        if node is not None:
            return node
    if s[last] == "-":
        last += 1
        while _char(s, last).isdigit():
            last += 1
            if last == len(s):
                break
        return _Node(s, first, last - 1, CONSTANT)
    if s[last].isalnum():
        while _char(s, last).isalnum():
            last += 1
            if last == len(s):
                break
        return _Node(s, first, last - 1, CONSTANT)
    raise _Fail


def _interval(s: str, i: int) -> _Node | None:
    last = i
    while last < len(s) and s[last].isdigit():
        last += 1
    if not s.startswith("..", last):
        return None
    last += 2
    if last >= len(s) or not s[last].isdigit():
        return None
    while s[last].isdigit():
        last += 1
        if last == len(s):
            break
    return _Node(s, i, last - 1, CONSTANT)


# Format.java: (open, close, pad, sep) of a list, and (open, close, pad, sep, div, divpad) of pairs.
_LISTS = {SET: ("{ ", " }", "  ", ","), SEQUENCE: ("<< ", " >>", "   ", ","), SUBSET: ("SUBSET ", " ", " ", ",")}
_PAIRS = {FUNCTION: ("( ", " )", "  ", " @@", " :>", "    "), RECORD: ("[ ", " ]", "  ", ",", " |->", "    ")}


def _format(v: _Node, width: int, trailer: int, leftpad: str) -> str:
    if v.length() <= width - trailer or v.kind == CONSTANT:
        return v.value()
    if v.kind in _LISTS:
        op, cl, pad, sep = _LISTS[v.kind]
        width, trailer, leftpad = width - max(len(op), len(pad)), trailer + len(cl), leftpad + pad
        parts = []
        for k, x in enumerate(v.children):
            if k < len(v.children) - 1:
                parts.append(_format(x, width, len(sep), leftpad) + sep + "\n" + leftpad)
            else:
                parts.append(_format(x, width, trailer, leftpad))
        return op + "".join(parts) + cl
    if v.kind in _PAIRS:
        op, cl, pad, sep, div, divpad = _PAIRS[v.kind]
        width, trailer, leftpad = width - max(len(op), len(pad)), trailer + len(cl), leftpad + pad
        parts = []
        for k, pair in enumerate(v.children):
            arg, val = pair.children
            more = k < len(v.children) - 1
            tail = len(sep) if more else trailer
            end = sep + "\n" + leftpad if more else ""
            if arg.length() + len(div) + 1 + val.length() + (len(sep) if more else 0) <= \
                    (width if more else width - trailer):
                parts.append(arg.value() + div + " " + val.value() + end)
            elif arg.length() + len(div) <= width:
                parts.append(arg.value() + div + "\n" + leftpad + divpad
                             + _format(val, width - len(divpad), tail, leftpad + divpad) + end)
            else:
                parts.append(_format(arg, width, trailer + len(div), leftpad) + div + "\n" + leftpad + divpad
                             + _format(val, width - len(divpad), tail, leftpad + divpad) + end)
        return op + "".join(parts) + cl
    raise _Fail


def ppr(text: str, width: int = WIDTH) -> str:
    """PrettyPrint.mypp(text, width): ``text`` (a value as TLC prints it) broken over lines."""
    try:
        tree = _parse(text, 0)
        if tree.last < len(text) - 1:
            return text
        return _format(tree, width, 0, "")
    except (_Fail, RecursionError):
        return text
