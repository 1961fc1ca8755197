"""TLC names some violated properties by a source range, or by a definition, instead of the
cfg's PROPERTY name.

A PROPERTY reached through INSTANCE (``RefinesRRP == R!Spec``) is split by TLC into the
conjuncts of the instantiated formula, and a violated one is reported as ``Action property
line 28, col 17 to line 28, col 29 of module RRP is violated.``: the ``[][Next]_vars`` of RRP's
Spec. A PROPERTY that is another module's definition (``NoSteal == R!NoSteal``) is reported by
the definition holding the formula: ``Action property R!NoSteal is violated.``. Both engines
report these names as TLC prints them (check/model.py names the conjuncts so); this module maps
either back to the PROPERTY of the model whose formula, with every definition it uses opened
up, contains that node or definition, for what asks which property failed (a campaign's kills).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..tla import syntax as ast
from ..tla.errors import TLAError
from ..tla.modules import Loader, Scope

# "line 28, col 17 to line 28, col 29 of module RRP"
RANGE = re.compile(r"line (\d+), col (\d+) to line \d+, col \d+ of module (\S+)")


def property_of(spec: Path, properties: Sequence[str], name: str, lib: Sequence[Path] = ()) -> str | None:
    """The first of ``properties`` (names defined in ``spec``) that TLC's ``name`` for a violated
    part of a property stands for: a source range inside it (``property_at``), or the property
    or a definition it reaches (``property_named``); None when none does or the spec cannot be
    read."""
    where = RANGE.fullmatch(name)
    if where is not None:
        return property_at(spec, properties, where.group(3), int(where.group(1)), int(where.group(2)), lib)
    return property_named(spec, properties, name, lib)


def property_at(spec: Path, properties: Sequence[str], module: str, line: int, col: int,
                lib: Sequence[Path] = ()) -> str | None:
    """The first of ``properties`` (names defined in ``spec``) whose formula contains a node of
    module ``module`` starting at line:col; None when none does or the spec cannot be read."""
    try:
        root = Loader([spec.parent, *lib]).load_root(spec)
    except TLAError:
        return None
    for name in properties:
        entry = root.defs.get(name)
        if entry is not None and any(_at(e, module, line, col) for e in _reachable(entry)):
            return name
    return None


def property_named(spec: Path, properties: Sequence[str], name: str, lib: Sequence[Path] = ()) -> str | None:
    """The first of ``properties`` that is, or reaches, the definition TLC calls ``name`` (such
    as ``R!NoSteal``, read in ``spec``'s scope); None when none does or the spec cannot be read."""
    if name in properties:
        return name
    try:
        root = Loader([spec.parent, *lib]).load_root(spec)
    except TLAError:
        return None
    target = _resolve(name, root)
    if target is None:
        return None
    for prop in properties:
        entry = root.defs.get(prop)
        if entry is not None and any(defn is target[0] for defn, _ in _definitions(entry)):
            return prop
    return None


def _at(e: ast.Expr, module: str, line: int, col: int) -> bool:
    pos = e.pos
    return pos.line == line and pos.col == col and Path(pos.file).stem == module


def _reachable(entry: tuple[ast.Definition, Scope]) -> Iterator[ast.Expr]:
    """Every expression node of the definition and of the definitions it names, transitively."""
    for defn, _ in _definitions(entry):
        if not isinstance(defn, ast.InstanceDef):
            yield from _nodes(defn.body)


def _definitions(entry: tuple[ast.Definition, Scope]) -> Iterator[tuple[ast.Definition, Scope]]:
    """The definition and every definition it names, transitively (each once, with its scope)."""
    seen: set[tuple[int, int]] = set()
    todo = [entry]
    while todo:
        defn, scope = todo.pop()
        if (id(defn), id(scope)) in seen or isinstance(defn, ast.InstanceDef):
            continue
        seen.add((id(defn), id(scope)))
        yield defn, scope
        for e in _nodes(defn.body):
            name = e.name if isinstance(e, ast.Name) else e.op if isinstance(e, ast.Apply) else None
            if name is not None:
                target = _resolve(name, scope)
                if target is not None:
                    todo.append(target)


def _resolve(name: str, scope: Scope) -> tuple[ast.Definition, Scope] | None:
    """A (possibly ``I!``-prefixed) name to its definition and the scope it is written in."""
    while "!" in name:
        inst, _, name = name.partition("!")
        if inst not in scope.instances:
            return None
        scope = scope.instances[inst][1]
    return scope.defs.get(name)


def _nodes(e: object) -> Iterator[ast.Expr]:
    """Every expression node under ``e`` (itself included), in no particular order."""
    todo = [e]
    while todo:
        x = todo.pop()
        if isinstance(x, tuple | list):
            todo.extend(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, ast.Pos):
            if isinstance(x, ast.Expr):
                yield x
            todo.extend(getattr(x, f.name) for f in dataclasses.fields(x))
