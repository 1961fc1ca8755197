"""Loading untrusted TLA+ input (.tla and .cfg) for the commands: every failure one positioned
line with TLC's exit code, never a traceback.

The parser and the compiler recurse over the syntax tree, Python refuses to convert integer
literals over 4,300 digits, and the files are UTF-8. So before loading, the spec and its model
are read as bytes (a non-UTF-8 byte or an over-long integer literal is reported at its line and
column), and the load runs in a worker thread with a large stack and a raised recursion limit,
so that deeply nested but legal expressions parse; what is still too deep is one line at the
point where the nesting peaks. Model checking itself stays on the main thread, where Ctrl-C
arrives.
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .textfile import decode_utf8
from .tla.errors import ConfigError, ParseError, TLAError
from .tla.parse import deepest_point
from .tla.syntax import Pos

T = TypeVar("T")
EXIT_SYSTEM = 255
"""TLC's code for a system-level failure, such as running out of memory."""


class OutOfMemory(TLAError):
    """The search or the load ran out of memory (a state space, or a set the spec enumerates,
    too large for this machine): one line and TLC's 255 instead of a MemoryError traceback."""

    exit_code = EXIT_SYSTEM
    kind = "out of memory"

STACK_BYTES = 512 * 2**20
RECURSION_LIMIT = 60_000
MAX_DIGITS = 4000
_LONG_NUMBER = re.compile(r"\d{" + str(MAX_DIGITS + 1) + ",}")


def _at(text: str, index: int, path: Path) -> Pos:
    before = text[:index]
    return Pos(str(path), before.count("\n") + 1, index - before.rfind("\n"))


MAX_BRACKETS = {ParseError: 200, ConfigError: 32}
"""Deepest nesting of set, function and tuple brackets ({, [, <<) accepted in a spec and in a
model file; parentheses are not counted (5,000 levels load). No real spec comes near these, and
deeper literals make the compiler's analysis quadratic: refused with a line rather than a hang."""
_SET_BRACKETS = re.compile(r"<<|>>|[\[{\]}]")


def precheck(path: Path, error: type[TLAError]) -> str | None:
    """The file's text, or ``error`` at the first non-UTF-8 byte, over-long integer literal or
    bracket nested too deeply; None when the file cannot be read (the loader reports that)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    text = decode_utf8(data, str(path), error)
    m = _LONG_NUMBER.search(text)
    if m is not None:
        raise error(f"integer literal of {len(m[0]):,} digits (at most {MAX_DIGITS:,})", _at(text, m.start(), path))
    depth, at = deepest(text)
    if depth > MAX_BRACKETS[error]:
        raise error(f"brackets nested {depth:,} levels deep (at most {MAX_BRACKETS[error]})", _at(text, at, path))
    return text


def deepest(text: str) -> tuple[int, int]:
    """The deepest nesting of set, function and tuple brackets and the index where it is reached."""
    depth = best = best_at = 0
    for m in _SET_BRACKETS.finditer(text):
        depth += 1 if m[0] in ("(", "[", "{", "<<") else -1
        if depth > best:
            best, best_at = depth, m.start()
    return best, best_at


def load_guarded(load: Callable[[], T], spec: Path, config: Path | None) -> T:
    """``load()`` (parse, compile) on a big stack; see the module docstring."""
    spec_text = precheck(spec, ParseError)
    precheck(config or spec.with_suffix(".cfg"), ConfigError)
    outcome: dict[str, object] = {}

    def target() -> None:
        try:
            outcome["value"] = load()
        except BaseException as exc:  # noqa: BLE001 - handed to the calling thread
            outcome["error"] = exc

    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size(STACK_BYTES)
    try:
        worker = threading.Thread(target=target, name="phalanx-load", daemon=True)
        sys.setrecursionlimit(max(old_limit, RECURSION_LIMIT))
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old_stack)
        sys.setrecursionlimit(old_limit)
    err = outcome.get("error")
    if not isinstance(err, BaseException):  # None: the load returned
        return outcome["value"]  # type: ignore[return-value]

    def where() -> Pos:  # where the spec's syntax tree is deepest: a failure without a position of its own
        return deepest_point(spec_text.encode(), str(spec)) if spec_text is not None else Pos(str(spec), 1, 1)

    if isinstance(err, MemoryError):
        raise OutOfMemory("loading the spec and model used all the memory", where()) from None
    if isinstance(err, RecursionError):
        raise ParseError("expression nested too deeply to load", where()) from None
    if isinstance(err, SyntaxError):  # the compiled Python exceeds the interpreter's nesting limits
        raise ParseError(f"expression nested too deeply to compile ({err.msg})", where()) from None
    if isinstance(err, TLAError) and err.pos is None:  # e.g. the compiler's "too many nested parentheses"
        err.pos = where()
    if isinstance(err, UnicodeDecodeError):  # a module reached through EXTENDS or INSTANCE
        raise ParseError(f"a module it uses is not UTF-8 text ({err.reason})", Pos(str(spec), 1, 1)) from None
    raise err
