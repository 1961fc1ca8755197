"""Values in a trace checked against the Informal Trace Format (ITF, Apalache ADR-015, also
Quint's) before they become TLA+ values, so that a malformed one is one error naming where it
is (``variable alloc.#map[0][1]: ...``) instead of a wrong value: ``{"#set": "abc"}`` would
otherwise be read as the set of the letters a, b and c.

ITF: a Boolean is ``true``/``false``, a string a string, an integer a JSON integer within
±(2^53 - 1) or ``{"#bigint": "-123"}``, a sequence a JSON array, ``{"#tup": [...]}`` a tuple,
``{"#set": [...]}`` a set, ``{"#map": [[key, value], ...]}`` a function, any other object a
record, and ``{"#unserializable": "..."}`` a value the writer could not serialise (which a
replay cannot use). ``null`` and fractions are not ITF. The walk is iterative: any depth.
"""

from __future__ import annotations

import re
from typing import Any

from ..textfile import MAX_DIGITS

MAX_SAFE_INTEGER = 2**53 - 1
"""ITF writes larger integers as ``{"#bigint": ...}``: JSON readers in other languages lose them."""
_DIGITS = re.compile(r"-?[0-9]+")
_TAGS = ("#set", "#tup", "#map", "#bigint", "#unserializable")


class ITFError(ValueError):
    """Where (a key path below the value checked, "" for the value itself) and what is wrong."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def check_itf(value: Any) -> None:
    """Raise ITFError at the first part of ``value`` (in document order) that is not ITF."""
    todo: list[tuple[Any, str]] = [(value, "")]
    while todo:
        j, path = todo.pop()
        children = _children(j, path)
        todo.extend(reversed(children))


def _children(j: Any, path: str) -> list[tuple[Any, str]]:
    """The parts of one ITF value to check next, or ITFError if the value itself is not ITF."""
    if isinstance(j, bool | str):
        return []
    if isinstance(j, int):
        if abs(j) > MAX_SAFE_INTEGER:
            raise ITFError(path, f"integer {_short(j)} is beyond ±(2^53 - 1): ITF writes it as "
                                 '{"#bigint": "..."}')
        return []
    if isinstance(j, list):
        return [(x, f"{path}[{i}]") for i, x in enumerate(j)]
    if not isinstance(j, dict):
        raise ITFError(path, f"{_kind(j)} is not an ITF value")
    tags = [k for k in j if k.startswith("#")]
    if not tags:
        return [(x, f"{path}.{k}") for k, x in j.items()]
    tag = tags[0]
    if tag not in _TAGS:
        raise ITFError(path, f"unknown ITF tag {tag!r} (one of {', '.join(_TAGS)})")
    if len(j) != 1:
        raise ITFError(path, f"an object with {tag!r} has no other key, this one has {len(j)} keys")
    inner, where = j[tag], f"{path}.{tag}"
    if tag == "#bigint":
        if not isinstance(inner, str) or not _DIGITS.fullmatch(inner):
            raise ITFError(where, f"must be a string of decimal digits (with an optional '-'), not {_kind(inner)}")
        if len(inner.lstrip("-")) > MAX_DIGITS:
            raise ITFError(where, f"{len(inner):,} digits, more than the {MAX_DIGITS:,} read")
        return []
    if tag == "#unserializable":
        raise ITFError(where, "a value the trace's writer could not serialise cannot be replayed")
    if not isinstance(inner, list):
        raise ITFError(where, f"must be a list, not {_kind(inner)}")
    if tag != "#map":
        return [(x, f"{where}[{i}]") for i, x in enumerate(inner)]
    pairs: list[tuple[Any, str]] = []
    for i, pair in enumerate(inner):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ITFError(f"{where}[{i}]", f"must be a [key, value] pair, not {_kind(pair)}")
        pairs += [(pair[0], f"{where}[{i}][0]"), (pair[1], f"{where}[{i}][1]")]
    return pairs


def _kind(j: Any) -> str:
    """A JSON value as the message names it."""
    if j is None:
        return "null"
    if isinstance(j, bool):
        return "a Boolean"
    if isinstance(j, str):
        return f"the string {_short(repr(j))}"
    if isinstance(j, int):
        return "an integer"
    if isinstance(j, float):
        return f"the number {_short(j)} (ITF has integers only)"
    if isinstance(j, list):
        return f"a list of {len(j)}"
    return "an object"


def _short(text: object) -> str:
    s = str(text)
    return s if len(s) <= 40 else s[:37] + "..."
