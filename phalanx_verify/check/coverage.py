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
else).

Per conjunct (TLC's indented lines), for every conjunct of every action at any depth: how many
times it was evaluated and in how many ways it held (an ``x' \\in S`` holds once per element). The
search then runs a second compilation of Next whose conjuncts carry counters (compile.py,
``successor_generator(covered=True)``), so a run without coverage pays nothing for them. A
conjunct that never held is flagged with its position: it is the guard that keeps its action
from ever being enabled, or a later conjunct never reached. These are the built-in's figures:
TLC's own counts come from its evaluator's internals (it reports a conjunct evaluated 9 times
in 12 states) and are not reproduced.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Container
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..tla import syntax as ast
from .bfs import StateSpace
from .model import Model


@dataclass
class ConjunctCoverage:
    """One conjunct of an action: where it is, how often it was evaluated and held."""

    pos: ast.Pos
    evaluated: int
    held: int

    @property
    def position(self) -> str:
        return self.pos.location()  # TLC's range of the conjunct

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position, "evaluated": self.evaluated, "held": self.held,
                "never_held": self.held == 0}


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
    conjuncts: list[ConjunctCoverage] = field(default_factory=list)

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
                self.actions[idx] = ActionCoverage(label.name, label.pos, Path(label.pos.file).stem, label.params)  # the file's, as SANY
        # The search runs the Next whose conjuncts count (see the module's docstring).
        part = self.model.next_part
        self.model.next = compiler.successor_generator(part.expr, part.scope, part.env, covered=True)

    # -- bfs.SearchObserver ----------------------------------------------------------------
    def initial(self, space: StateSpace, generated: int) -> None:
        self._space = space
        self.init_generated = generated
        self.init_distinct = len(space.states)

    def successor(self, src: int, label: int, args: tuple, dst: int | None, new: bool) -> None:
        label = self.model.compiler.action_of(label)  # counted per definition
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
        """Gather the conjuncts' counters; count the distinct values of each variable over the
        states found."""
        compiler = self.model.compiler
        counts = compiler.conjunct_counts
        for slot, (label, pos) in enumerate(compiler.conjuncts):
            entry = self.actions.get(compiler.action_of(label))
            if entry is None:  # a conjunct of Next outside its named actions, or of an unnamed Next
                entry = self.actions[label] = ActionCoverage(self.model.next_part.name, None)
            entry.conjuncts.append(ConjunctCoverage(pos, counts[2 * slot], counts[2 * slot + 1]))
        for entry in self.actions.values():
            entry.conjuncts.sort(key=lambda c: (c.pos.file, c.pos.line, c.pos.col))
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
                         "never_enabled": a.never_enabled,
                         "conjuncts": [c.to_json() for c in a.conjuncts]} for a in self.rows()],
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
        lines += [f"  {c['position']}: evaluated {c['evaluated']}, held {c['held']}" for c in a.get("conjuncts", ())]
    never = [a["name"] for a in data["actions"] if a["never_enabled"]]
    if never:
        lines.append(f"Never enabled: {', '.join(never)}")
    false = never_held(data)
    if false:
        lines.append(f"Conjuncts never true: {'; '.join(false)}")
    lines.append("End of statistics.")
    return "\n".join(lines)


def never_held(data: dict[str, Any]) -> list[str]:
    """"Action at position" for each conjunct that was evaluated and never held, in the order
    printed: the guards that keep an action, or a branch of it, from ever being taken (the
    conjuncts after such a guard are never evaluated, and are not named again)."""
    return [f"{a['name']} {c['position']}" for a in data["actions"] for c in a.get("conjuncts", ())
            if c["never_held"] and c["evaluated"]]


def _definition_position(name: str, params: tuple[str, ...], pos: ast.Pos, module: str) -> str:
    """TLC's location of a definition: its head ``Name(p, q)``, first to last character (the
    head is assumed written as TLC users write it, without extra spaces)."""
    head = name.rsplit("!", 1)[-1] + (f"({', '.join(params)})" if params else "")
    return dataclasses.replace(pos, end_line=pos.line, end_col=pos.col + len(head) - 1).location(module)


def _init_name(model: Model) -> str:
    e = getattr(model, "init_expr", None)
    return e.name if isinstance(e, ast.Name) else "Init"


def _init_position(model: Model, name: str) -> str:
    entry = model.scope.defs.get(name)
    if entry is None or not isinstance(entry[0], ast.OpDef):
        return ""
    return _definition_position(name, (), entry[0].pos, model.module_name)

