"""The states found, as TLC's ``-dump FILE`` writes them (``State 1:`` then the state, in the
order they were found), and the state graph as Graphviz dot (TLC's
``-dump dot[,actionlabels][,colorize] FILE``), for small models: people who would rather look at
a state machine than read it.

The format is TLC's DotStateWriter's: a ``strict digraph DiskGraph`` with one boxed node per
distinct state (initial states filled), labelled with the state as TLC prints it
(``/\\ x = 0\\n/\\ y = 0``), one edge per pair of states joined by a step (TLC keeps the first
step between two states), labelled with the action when ``actionlabels`` is given, and one
``{rank = same; ...}`` line per BFS level. Node ids are the states' ids in the search (TLC uses
its fingerprints, which are its own); the graph is the same. Steps to states outside the model
(a CONSTRAINT fails) are not drawn, as in TLC without ``constrained``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..tla.values import format_value
from .bfs import StateSpace
from .model import Model

COLOR_SCHEME = "paired12"  # TLC's colour scheme for edges coloured by action


def _suffixed(path: str | Path, suffix: str) -> Path:
    """Like TLC, ``suffix`` is added to a name that does not end with it."""
    return Path(str(path) if str(path).endswith(suffix) else f"{path}{suffix}")


def _state_text(model: Model, state: tuple) -> str:
    return "\n".join(f"/\\ {name} = {format_value(v, normalized=True)}" for name, v in zip(model.variables, state, strict=True))


@dataclass
class StateDump:
    """Observer of the BFS (bfs.SearchObserver) that writes every state found (TLC's -dump)."""

    model: Model
    _space: StateSpace | None = None

    def initial(self, space: StateSpace, generated: int) -> None:
        self._space = space

    def successor(self, src: int, label: int, args: tuple, dst: int | None, new: bool) -> None:
        pass  # the states are read from the search's table at the end, in the order found

    def write(self, path: str | Path) -> Path:
        target = _suffixed(path, ".dump")
        states = self._space.states if self._space is not None else []
        target.write_text("".join(f"State {i}:\n{_state_text(self.model, s)}\n\n" for i, s in enumerate(states, 1)))
        return target


@dataclass
class DotDump:
    """Observer of the BFS (bfs.SearchObserver) that records the graph; ``write`` saves it."""

    model: Model
    action_labels: bool = False
    colorize: bool = False
    _space: StateSpace | None = None
    _edges: list[tuple[int, int, int, tuple]] = field(default_factory=list)
    _pairs: set[tuple[int, int]] = field(default_factory=set)
    _level: list[int] = field(default_factory=list)

    def initial(self, space: StateSpace, generated: int) -> None:
        self._space = space
        self._level = [0] * len(space.states)

    def successor(self, src: int, label: int, args: tuple, dst: int | None, new: bool) -> None:
        if dst is None:
            return
        if new:
            self._level.append(self._level[src] + 1)
        if (src, dst) not in self._pairs:
            self._pairs.add((src, dst))
            self._edges.append((src, dst, label, args))

    def render(self) -> str:
        space = self._space
        out = ["strict digraph DiskGraph {", "node [shape=box,style=rounded]"]
        if self.colorize:
            out.append(f'edge [colorscheme="{COLOR_SCHEME}"]')
        out += ["nodesep=0.35;", "subgraph cluster_graph {", 'color="white";']
        if space is None:  # the search stopped before any state was stored
            return "\n".join(out + ["}", "}"]) + "\n"
        colors: dict[str, int] = {}
        for sid in space.initial:
            out.append(f'{sid} [label="{self._state(sid)}",style = filled]')
        drawn = set(space.initial)
        for src, dst, label, args in self._edges:
            out.append(f"{src} -> {dst}{self._edge_attrs(label, args, colors)};")
            if dst not in drawn:
                drawn.add(dst)
                text = self._state(dst)
                out.append(f'{dst} [label="{text}",tooltip="{text}"];')
        ranks: dict[int, list[int]] = {}
        for sid in sorted(drawn):
            ranks.setdefault(self._level[sid], []).append(sid)
        for _, ids in sorted(ranks.items()):
            out.append("{rank = same; " + "".join(f"{i};" for i in ids) + "}")
        out.append("}")
        if self.colorize and len(colors) > 1:
            out.append(_legend(colors))
        out.append("}")
        return "\n".join(out) + "\n"

    def write(self, path: str | Path) -> Path:
        target = _suffixed(path, ".dot")
        target.write_text(self.render())
        return target

    def _state(self, sid: int) -> str:
        assert self._space is not None
        return _escape(_state_text(self.model, self._space.states[sid]))

    def _edge_attrs(self, label: int, args: tuple, colors: dict[str, int]) -> str:
        name = self.model.labels[label].render(args) if label >= 0 else self.model.next_part.name
        color = "black"
        if self.colorize:
            action = name.split("(", 1)[0]
            color = str(colors.setdefault(action, len(colors) + 2))  # TLC's first colour id is 2
        text = _escape(name) if self.action_labels else ""
        return f' [label="{text}",color="{color}",fontcolor="{color}"]'


def _escape(text: str) -> str:
    """TLC's states2dot: backslashes and quotes escaped, newlines as \\n."""
    return text.replace("\\", "\\\\").replace('"', '\\"').strip().replace("\n", "\\n")


def _legend(colors: dict[str, int]) -> str:
    """TLC's legend mapping each action to its edge colour."""
    rows = "".join(f'{a.replace("!", ":")} [label="{a}",fillcolor={c}]\n' for a, c in colors.items())
    return ('subgraph cluster_legend {graph[style=bold];label = "Next State Actions" style="solid"\n'
            f'node [ labeljust="l",colorscheme="{COLOR_SCHEME}",style=filled,shape=record ]\n{rows}}}')
