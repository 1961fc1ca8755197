"""Action coverage (TLC's ``-coverage``): for every sub-action of the next-state relation, in
how many explored states it was enabled, how many steps it generated and how many distinct new
states it found; and for every variable, how many distinct values it took.

TLC prints one line per action, ``<IncX line 5, col 1 to line 5, col 4 of module M>: 3:9``,
meaning 3 distinct states found and 9 generated; ``coverage_text`` prints the same lines. The generated
figures are TLC's; a distinct figure counts the states an action reached first, so it depends on
the order of exploration within a BFS level and is TLC's when that order is
(tests/tlcflags/test_tlc_coverage.py). An action that was never enabled is flagged: its guard
never held, which is a bug in the spec or a model too small to reach it. The per-variable figure
here is the number of distinct values in the states found (TLC's variable lines count something
else). Per-conjunct evaluation counts (TLC's indented lines) depend on TLC's evaluator and are not
reproduced.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from ..tla import syntax as ast
from .bfs import StateSpace
from .model import Model


@dataclass
class ActionCoverage:
    """The figures of one sub-action (one action definition, all its parameter values)."""

    name: str
    pos: ast.Pos | None    # of its definition (None for an unnamed Next)
    module: str = ""
    params: tuple[str, ...] = ()
    enabled: int = 0       # explored states with at least one step of this action
    generated: int = 0     # steps generated (TLC's second number)
    distinct: int = 0      # new states found by its steps (TLC's first number)

    @property
    def never_enabled(self) -> bool:
        return self.enabled == 0

    @property
    def position(self) -> str:
        """As TLC names a definition: "line 5, col 1 to line 5, col 4 of module M"."""
        return "" if self.pos is None else _definition_position(self.name, self.params, self.pos, self.module)


@dataclass
class Coverage:
    """Observer of the BFS (bfs.SearchObserver) that counts what each action did."""

    model: Model
    init_generated: int = 0
    init_distinct: int = 0
    actions: dict[int, ActionCoverage] = field(default_factory=dict)
    values: list[int] = field(default_factory=list)  # distinct values per variable
    _space: StateSpace | None = None
    _src: int = -1
    _seen: set[int] = field(default_factory=set)  # labels already enabled in state _src

    def __post_init__(self) -> None:
        compiler = self.model.compiler
        next_labels: Container[int] = getattr(self.model.next, "labels", frozenset())  # the sub-actions Next yields
        for idx, label in enumerate(compiler.labels):
            # (a label whose steps carry inner labels is no action; R!Next of a refinement
            # property is not one of Next's)
            if idx in next_labels and idx not in compiler.label_split:
                self.actions[idx] = ActionCoverage(label.name, label.pos, label.module, label.params)

    # -- bfs.SearchObserver ----------------------------------------------------------------
    def initial(self, space: StateSpace, generated: int) -> None:
        self._space = space
        self.init_generated = generated
        self.init_distinct = len(space.states)

    def successor(self, src: int, label: int, args: tuple, dst: int | None, new: bool) -> None:
        if src != self._src:
            self._src = src
            self._seen.clear()
        entry = self.actions.get(label)
        if entry is None:  # Next itself, when it has no named sub-action
            entry = self.actions[label] = ActionCoverage(self.model.next_part.name, None)
        entry.generated += 1
        if new:
            entry.distinct += 1
        if label not in self._seen:
            self._seen.add(label)
            entry.enabled += 1

    # -- results ---------------------------------------------------------------------------
    def finish(self) -> Coverage:
        """Count the distinct values of each variable over the states found."""
        if self._space is not None:
            nvars = len(self.model.variables)
            seen: list[set[Any]] = [set() for _ in range(nvars)]
            for state in self._space.states:
                for i in range(nvars):
                    seen[i].add(state[i])
            self.values = [len(s) for s in seen]
        return self

    def rows(self) -> list[ActionCoverage]:
        """Actions in the order they are defined in the spec (the order TLC prints them)."""
        return sorted(self.actions.values(), key=lambda a: (a.module, a.pos.line, a.pos.col) if a.pos else ("", 0, 0))

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON (what the report carries, and what ``coverage_text`` prints)."""
        name = _init_name(self.model)
        return {
            "init": {"name": name, "position": _init_position(self.model, name),
                     "generated": self.init_generated, "distinct": self.init_distinct},
            "actions": [{"name": a.name, "position": a.position, "enabled": a.enabled,
                         "generated": a.generated, "distinct": a.distinct,
                         "never_enabled": a.never_enabled} for a in self.rows()],
            "variables": dict(zip(self.model.variables, self.values, strict=False)),
        }


def coverage_text(data: dict[str, Any]) -> str:
    """TLC's coverage lines (``<A pos>: distinct:generated``, plus in how many states each action
    was enabled), the distinct values per variable, and a line naming the actions never enabled."""
    lines = ["The coverage statistics:"]
    lines += [f"{name}: {count} distinct values" for name, count in data["variables"].items()]
    init = data["init"]
    where = f" {init['position']}" if init["position"] else ""
    lines.append(f"<{init['name']}{where}>: {init['distinct']}:{init['generated']}")
    for a in data["actions"]:
        where = f" {a['position']}" if a["position"] else ""
        lines.append(f"<{a['name']}{where}>: {a['distinct']}:{a['generated']} (enabled in {a['enabled']} states)")
    never = [a["name"] for a in data["actions"] if a["never_enabled"]]
    if never:
        lines.append(f"Never enabled: {', '.join(never)}")
    lines.append("End of statistics.")
    return "\n".join(lines)


def _definition_position(name: str, params: tuple[str, ...], pos: ast.Pos, module: str) -> str:
    """TLC's location of a definition: its head ``Name(p, q)``, first to last character (the
    head is assumed written as TLC users write it, without extra spaces)."""
    head = name.rsplit("!", 1)[-1] + (f"({', '.join(params)})" if params else "")
    return f"line {pos.line}, col {pos.col} to line {pos.line}, col {pos.col + len(head) - 1} of module {module}"


def _init_name(model: Model) -> str:
    e = getattr(model, "init_expr", None)
    return e.name if isinstance(e, ast.Name) else "Init"


def _init_position(model: Model, name: str) -> str:
    entry = model.scope.defs.get(name)
    if entry is None or not isinstance(entry[0], ast.OpDef):
        return ""
    return _definition_position(name, (), entry[0].pos, model.module_name)

