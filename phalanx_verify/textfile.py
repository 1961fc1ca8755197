"""Reading user files as text: a missing file or a byte that is not UTF-8 becomes the caller's
error class with the file, line and column, never a UnicodeDecodeError traceback.

Every input kind (campaign TOML, NDJSON trace, .tla, .cfg) is UTF-8; the position of the first
bad byte is what a user needs to fix a file saved in another encoding.
"""

from __future__ import annotations

import re
from pathlib import Path

from .tla.errors import TLAError
from .tla.syntax import Pos


def decode_utf8(data: bytes, path: str, error: type[TLAError], first_line: int = 1) -> str:
    """``data`` as text; a non-UTF-8 byte raises ``error`` at its line and column (columns count
    characters, as editors do)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = first_line + before.count(b"\n")
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        raise error(f"byte 0x{data[exc.start]:02x} is not UTF-8 (the file must be UTF-8 text)",
                    Pos(path, line, col)) from None


def read_utf8(path: str | Path, what: str, error: type[TLAError]) -> str:
    """The file's text; an unreadable file or a non-UTF-8 byte raises ``error`` naming ``what``."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise error(f"cannot read {what}: {exc.strerror}", Pos(str(path), 1, 1)) from None
    return decode_utf8(data, str(path), error)


MAX_DIGITS = 4000
"""The longest integer literal read: Python refuses to convert more than 4,300 digits (a
ValueError naming sys.set_int_max_str_digits), and no spec, model or trace needs a tenth of it."""
_LONG_INTEGER = re.compile(r"\d{" + str(MAX_DIGITS + 1) + ",}")


def long_integer(text: str) -> re.Match[str] | None:
    """The first run of more than MAX_DIGITS digits in ``text`` (where to report it), or None."""
    return _LONG_INTEGER.search(text)
