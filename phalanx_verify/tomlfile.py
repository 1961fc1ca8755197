"""TOML input files (campaigns, mutant manifests) read so that every failure is a ConfigError
(exit 151) with the file, line and column and the key path (``model[2].expect.verdict``).

tomllib gives positions only for syntax errors and none for values, and raises bare ValueError
(an integer over 4,300 digits) or RecursionError (arrays nested thousands deep); a wrong type
(``spec = 5``, ``tags = "ci"``, ``[model]`` for ``[[model]]``) would otherwise surface as a
TypeError far from the file. :class:`TomlFile` turns all of these into one positioned line:
values are fetched through typed accessors, and a value's line is found from its key path by
scanning the text for the table headers and the key (best effort; the key path is always in the
message, so a line that cannot be found still names the value exactly).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .textfile import read_utf8
from .tla.errors import ConfigError
from .tla.syntax import Pos

KeyPath = tuple[str | int, ...]
_TOML_POS = re.compile(r"\(at line (\d+), column (\d+)\)")
_MISSING = object()


def key_text(path: KeyPath) -> str:
    """``("model", 2, "expect")`` -> ``model[2].expect`` (indices from 0, as jq and yq count)."""
    out = ""
    for k in path:
        out += f"[{k}]" if isinstance(k, int) else (f".{k}" if out else str(k))
    return out or "<top level>"


def type_name(value: Any) -> str:
    """A TOML user's name for a Python value's type."""
    return {bool: "a boolean", int: "an integer", float: "a float", str: "a string", list: "an array",
            dict: "a table"}.get(type(value), type(value).__name__)


class TomlFile:
    """A parsed TOML file and typed access to its values; see the module docstring."""

    def __init__(self, path: str | Path, what: str) -> None:
        self.path, self.what = Path(path), what
        self.text = read_utf8(self.path, what, ConfigError)
        self.lines = self.text.splitlines()
        try:
            self.data = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as exc:
            m = _TOML_POS.search(str(exc))
            pos = Pos(str(self.path), int(m[1]), int(m[2])) if m else Pos(str(self.path), len(self.lines) or 1, 1)
            raise ConfigError(f"{what} is not valid TOML: {_TOML_POS.sub('', str(exc)).strip()}", pos) from None
        except ValueError as exc:  # an integer literal beyond Python's 4,300-digit conversion limit
            raise self._at_text(re.compile(r"[0-9_]{4000,}"), f"{what}: integer literal too long ({exc})") from None
        except RecursionError:
            raise self._at_text(re.compile(r"[\[{]\s*[\[{]\s*[\[{]"), f"{what}: arrays or inline tables "
                                "nested too deeply") from None

    def _at_text(self, pattern: re.Pattern[str], message: str) -> ConfigError:
        m = pattern.search(self.text)
        if m is None:
            return ConfigError(message, Pos(str(self.path), 1, 1))
        before = self.text[:m.start()]
        return ConfigError(message, Pos(str(self.path), before.count("\n") + 1, m.start() - before.rfind("\n")))

    # ---- errors ------------------------------------------------------------------------------
    def error(self, path: KeyPath, message: str) -> ConfigError:
        """``message`` about the value at ``path``, positioned at its line when it can be found."""
        line, col = self.locate(path)
        return ConfigError(f"{key_text(path)}: {message}", Pos(str(self.path), line, col))

    def locate(self, path: KeyPath) -> tuple[int, int]:
        """The line and column of the value at ``path`` (1, 1 when not found): array-of-table
        headers select an entry by index, then a ``key =`` line (or ``[table]`` header) inside it,
        or ``key =`` inside the inline table on the line found so far."""
        lo, hi, found = 0, len(self.lines), (1, 1)
        tables: list[str] = []
        start = self._dotted_header(path)
        if start:
            n, header_line = start
            lo, tables = header_line, [str(k) for k in path[:n]]
            hi = next((m for m in range(header_line + 1, len(self.lines))
                       if self.lines[m].lstrip().startswith("[")), len(self.lines))
            found = (header_line + 1, self.lines[header_line].index("[") + 1)
        for i, k in enumerate(path):
            if start and i < start[0]:
                continue
            if isinstance(k, int):
                header = re.compile(r"^\s*\[\[\s*" + r"\s*\.\s*".join(map(re.escape, tables)) + r"\s*\]\]")
                hits = [n for n in range(lo, hi) if header.match(self.lines[n])]
                if k >= len(hits):
                    return found
                lo, hi = hits[k], hits[k + 1] if k + 1 < len(hits) else hi
                found = (lo + 1, self.lines[lo].index("[") + 1)
                continue
            tables.append(k)
            if i + 1 < len(path) and isinstance(path[i + 1], int):
                continue  # an array of tables: the index selects its header
            key = re.compile(r"^\s*(?:" + re.escape(k) + r'|"' + re.escape(k) + r'")\s*[=.]')
            hit = next((n for n in range(lo + (i > 0), hi) if key.match(self.lines[n])), None)
            if hit is not None:
                lo = hit
                found = (hit + 1, len(self.lines[hit]) - len(self.lines[hit].lstrip()) + 1)
                continue
            inline = re.search(r"[{,]\s*(" + re.escape(k) + r")\s*=", self.lines[found[0] - 1]) if self.lines else None
            if inline is None:
                return found
            found = (found[0], inline.start(1) + 1)
        return found

    def _dotted_header(self, path: KeyPath) -> tuple[int, int] | None:
        """The longest prefix of ``path`` written as one ``[a.b.c]`` header (pyproject's
        ``[tool.phalanx-verify.drift]``): its length and the header's line index."""
        for n in range(len(path), 1, -1):
            prefix = path[:n]
            if not all(isinstance(k, str) for k in prefix):
                continue
            header = re.compile(r"^\s*\[\s*" + r"\s*\.\s*".join(
                rf'(?:{re.escape(str(k))}|"{re.escape(str(k))}")' for k in prefix) + r"\s*\]")
            hit = next((m for m, line in enumerate(self.lines) if header.match(line)), None)
            if hit is not None:
                return n, hit
        return None

    # ---- typed access ------------------------------------------------------------------------
    def get(self, table: dict[str, Any], key: str, path: KeyPath, kind: type | tuple[type, ...],
            default: Any = _MISSING) -> Any:
        """``table[key]`` checked to be of ``kind`` (bool is never an int here); missing: the
        default, or an error when there is none."""
        if key not in table:
            if default is _MISSING:
                raise self.error(path, f"missing key {key!r}")
            return default
        value = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            raise self.error((*path, key), f"must be {' or '.join(type_name(t()) for t in kinds)}, "
                                           f"got {type_name(value)} {_short(value)}")
        return value

    def tables(self, table: dict[str, Any], key: str, path: KeyPath) -> list[dict[str, Any]]:
        """An array of tables (``[[key]]``), possibly absent; a single ``[key]`` table is refused
        with the fix, as is an array holding anything but tables."""
        value = table.get(key, [])
        if isinstance(value, dict):
            raise self.error((*path, key), f"is a table; write [[{'.'.join(k for k in (*path, key) if isinstance(k, str))}]] "
                                            "for each entry")
        if not isinstance(value, list):
            raise self.error((*path, key), f"must be an array of tables ([[{key}]]), got {type_name(value)}")
        for i, x in enumerate(value):
            if not isinstance(x, dict):
                raise self.error((*path, key, i), f"must be a table, got {type_name(x)}")
        return value

    def strings(self, table: dict[str, Any], key: str, path: KeyPath) -> list[str]:
        """An array of strings, possibly absent (a lone string is refused, not split into letters)."""
        value = self.get(table, key, path, list, [])
        for i, x in enumerate(value):
            if not isinstance(x, str):
                raise self.error((*path, key, i), f"must be a string, got {type_name(x)}")
        return value

    def only_keys(self, table: dict[str, Any], known: Sequence[str], path: KeyPath) -> None:
        """Refuse an unknown key: a typo must not silently fall back to a default."""
        unknown = sorted(set(table) - set(known))
        if unknown:
            raise self.error((*path, unknown[0]), f"unknown key (known: {', '.join(known)})")

    def inside(self, relative: str, path: KeyPath, root: Path, suffix: str | None = None) -> Path:
        """A path written in this file (relative to its folder, or absolute), which must stay
        under ``root``, the campaign's folder: a campaign does not reach files (``../../etc``)
        outside the project it describes."""
        p = Path(relative)
        full = self.path.parent / p
        if not full.resolve().is_relative_to(root.resolve()):
            raise self.error(path, f"{relative!r} leaves the campaign's folder {root}")
        if suffix is not None and p.suffix != suffix:
            raise self.error(path, f"{relative!r} must name a {suffix} file")
        return full


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
