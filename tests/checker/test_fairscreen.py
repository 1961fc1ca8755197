"""The vectorised screen (check/fairscreen.py) against the liveness search it lets skip: on
random graphs with random fairness bits, whenever the screen says "no fair component", the
search finds none; and without SF conditions (no pruning) the two answer alike both ways. A
screen that answered True too often would turn a violated property into "no error"."""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from phalanx_verify.check.fairscreen import no_fair_component
from phalanx_verify.check.liveness import _Search


@dataclass
class Graph:
    """What the screen and the search read of a bfs.StateSpace."""

    explored: int
    edge_start: array = field(default_factory=lambda: array("i", [0]))
    edge_dst: array = field(default_factory=lambda: array("i"))
    edge_fair: array = field(default_factory=lambda: array("Q"))
    enabled: array = field(default_factory=lambda: array("Q"))

    def edges(self, sid: int) -> range:
        return range(self.edge_start[sid], self.edge_start[sid + 1])


@st.composite
def cases(draw: st.DrawFn) -> tuple:
    n = draw(st.integers(1, 9))
    size = n + draw(st.integers(0, 2))  # states found but not explored
    nbits = draw(st.integers(0, 3))
    g = Graph(n)
    for _ in range(n):
        for _ in range(draw(st.integers(0, 3))):
            g.edge_dst.append(draw(st.integers(0, size - 1)))
            g.edge_fair.append(draw(st.integers(0, (1 << nbits) - 1)))
        g.edge_start.append(len(g.edge_dst))
        g.enabled.append(draw(st.integers(0, (1 << nbits) - 1)))
    kinds = [draw(st.sampled_from(["WF", "SF"])) for _ in range(nbits)]
    allowed = bytearray(draw(st.integers(0, 1)) if i < n else 0 for i in range(size))
    starts = draw(st.lists(st.integers(0, size - 1), max_size=4))
    accept = bytearray(draw(st.lists(st.integers(0, 1), min_size=size, max_size=size))) if draw(st.booleans()) else None
    edge_bit = 1 << draw(st.integers(0, nbits - 1)) if nbits and draw(st.booleans()) else 0
    return g, size, kinds, allowed, starts, accept, edge_bit


def search_finds(g: Graph, size: int, kinds: list[str], allowed: bytearray, starts: list[int],
                 accept: bytearray | None, edge_bit: int) -> bool:
    """check_liveness's steps: the states reachable from the starts, then fair_component."""
    def edge_ok(e: int) -> bool:
        return not g.edge_fair[e] & edge_bit

    reach = bytearray(size)
    queue = [s for s in dict.fromkeys(starts) if allowed[s]]
    for s in queue:
        reach[s] = 1
    for v in queue:
        for e in g.edges(v):
            w = g.edge_dst[e]
            if allowed[w] and not reach[w] and edge_ok(e):
                reach[w] = 1
                queue.append(w)
    search = _Search(g, kinds, allowed, edge_ok, accept)  # type: ignore[arg-type]
    return search.fair_component(queue, reach) is not None


@settings(max_examples=600, deadline=None)
@given(cases())
def test_screen_never_hides_a_fair_component(case: tuple) -> None:
    g, size, kinds, allowed, starts, accept, edge_bit = case
    weak = sum(1 << i for i, k in enumerate(kinds) if k == "WF")
    found = search_finds(g, size, kinds, allowed, starts, accept, edge_bit)
    screened = no_fair_component(g, allowed, starts, edge_bit, accept, weak)
    if screened:
        assert not found
    if "SF" not in kinds:
        assert screened == (not found)


def test_a_fair_cycle_is_not_screened_out() -> None:
    """0 -> 1 -> 0 with WF condition 0 enabled in both states and taken on 1 -> 0: fair. The
    same cycle where the condition is never taken is not (the screen then skips the search)."""
    g = Graph(2, array("i", [0, 1, 2]), array("i", [1, 0]), array("Q", [0, 1]), array("Q", [1, 1]))
    assert not no_fair_component(g, bytearray(b"\x01\x01"), [0], 0, None, weak=1)
    g.edge_fair = array("Q", [0, 0])
    assert no_fair_component(g, bytearray(b"\x01\x01"), [0], 0, None, weak=1)
    assert not search_finds(g, 2, ["WF"], bytearray(b"\x01\x01"), [0], None, 0)
