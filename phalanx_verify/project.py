"""Command defaults from the project: ``[tool.phalanx-verify]`` in the nearest pyproject.toml.

A command run from any folder of a project (``tests/``, ``spec/mutants/``, a CI job's working
directory) must find the same campaign, traces and specs, so a default path is not read against
the current directory but against the project: the first pyproject.toml holding a
``[tool.phalanx-verify]`` table, found by walking up from the current directory (as ruff and
pytest find their settings), with paths written relative to that file. Without one, a default
is relative to the current directory. A value of the wrong type, or an unknown key, is one
ConfigError line with the file, line and key path (``tool.phalanx-verify.drift.specs[1]``).

The toolkit reads only its own key (``campaign``); a layer built on it (the Phalanx drift gate)
keeps its defaults in a sub-table and reads them through :meth:`Project.section`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .tomlfile import KeyPath, TomlFile

TABLE: KeyPath = ("tool", "phalanx-verify")


@dataclass(frozen=True)
class Project:
    """The project's root (the pyproject.toml's folder, or the current directory) and the
    settings of one table of ``[tool.phalanx-verify]`` (``section`` names a sub-table)."""

    root: Path
    file: TomlFile | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    where: KeyPath = TABLE

    def section(self, name: str, known: Sequence[str]) -> Project:
        """The sub-table ``[tool.phalanx-verify.NAME]`` (empty when absent); keys outside
        ``known`` are refused, so a typo does not fall back to a default silently."""
        if self.file is None:
            return Project(self.root, None, {}, (*self.where, name))
        table = self.file.get(self.settings, name, self.where, dict, {})
        self.file.only_keys(table, known, (*self.where, name))
        return Project(self.root, self.file, table, (*self.where, name))

    def path(self, key: str, default: str) -> Path:
        """The path set for ``key`` (else ``default``), resolved against the project's root."""
        return self.root / (self.file.get(self.settings, key, self.where, str, default) if self.file else default)

    def optional_path(self, key: str) -> Path | None:
        """The path set for ``key``, resolved against the project's root; None when unset."""
        value = self.file.get(self.settings, key, self.where, str, None) if self.file else None
        return None if value is None else self.root / value

    def paths(self, key: str, default: Sequence[str]) -> list[Path]:
        """An array of paths (else ``default``), each resolved against the project's root."""
        values = self.file.strings(self.settings, key, self.where) if self.file and key in self.settings \
            else list(default)
        return [self.root / v for v in values]


def find_project(start: Path | None = None) -> Project:
    """The project holding ``start`` (default: the current directory); see the module docstring."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        if not candidate.is_file():
            continue
        toml = TomlFile(candidate, "pyproject.toml")
        table: Any = toml.data
        for key in TABLE:
            table = table.get(key) if isinstance(table, dict) else None
        if table is None:
            continue
        if not isinstance(table, dict):
            raise toml.error(TABLE, "must be a table ([tool.phalanx-verify])")
        return Project(folder, toml, table)
    return Project(here)


__all__ = ["Project", "find_project"]
