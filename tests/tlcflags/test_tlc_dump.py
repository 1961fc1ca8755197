"""TLC's -dump FILE (every state, in the order found) and -dump dot (the state graph as Graphviz
dot). data/M_tlc_states.dump was written by real TLC (tlc2.TLC -workers 1 -dump states). data/M_tlc_actionlabels.dot was written by
real TLC (tlc2.TLC -workers 1 -dump dot,actionlabels on data/M.tla); node ids differ (TLC's are
its fingerprints, ours the search's state ids), so the graphs are compared through the node
labels, which are the states as TLC prints them."""

from __future__ import annotations

import re
from pathlib import Path

from tests.tlcflags.tlcflags_helpers import DATA, check

NODE = re.compile(r'^(-?\d+) \[label="([^"]*)"')
EDGE = re.compile(r'^(-?\d+) -> (-?\d+) \[label="([^"]*)",color="([^"]*)"')
RANK = re.compile(r"^\{rank = same; (.*)\}$")


def graph(text: str) -> tuple[set[str], set[str], set[tuple[str, str, str]], list[frozenset[str]]]:
    """(initial node labels, node labels, labelled edges, ranks as sets of node labels)."""
    labels: dict[str, str] = {}
    initial: set[str] = set()
    edges: list[tuple[str, str, str]] = []
    ranks: list[list[str]] = []
    for line in text.splitlines():
        if m := EDGE.match(line):
            edges.append((m[1], m[2], m[3]))
        elif m := NODE.match(line):
            labels[m[1]] = m[2]
            if "style = filled" in line:
                initial.add(m[2])
        elif m := RANK.match(line):
            ranks.append([x for x in m[1].split(";") if x])
    return (initial, set(labels.values()), {(labels[a], labels[b], lab) for a, b, lab in edges},
            sorted((frozenset(labels[x] for x in r) for r in ranks), key=lambda r: sorted(r)))


def test_state_graph_equals_tlcs(tmp_path: Path) -> None:
    r = check("-dump", "dot,actionlabels", str(tmp_path / "g"), "-config", str(DATA / "M.cfg"), "-q",
              str(DATA / "M.tla"))
    assert r.exit_code == 0, r.output
    ours = (tmp_path / "g.dot").read_text()  # TLC adds .dot to a name without it
    tlc = (DATA / "M_tlc_actionlabels.dot").read_text()
    assert ours.startswith("strict digraph DiskGraph {\nnode [shape=box,style=rounded]\n")
    got, want = graph(ours), graph(tlc)
    assert len(want[1]) == 12 and len(want[2]) == 18  # the model's 12 states and 18 steps
    assert got == want


def test_without_actionlabels_edges_are_unlabelled_and_colorize_adds_a_legend(tmp_path: Path) -> None:
    check("--dump-dot", str(tmp_path / "plain.dot"), "-c", str(DATA / "M.cfg"), "-q", str(DATA / "M.tla"))
    plain = graph((tmp_path / "plain.dot").read_text())
    assert {lab for _, _, lab in plain[2]} == {""}
    check("-dump", "dot,colorize,actionlabels", str(tmp_path / "c.dot"), "-c", str(DATA / "M.cfg"), "-q",
          str(DATA / "M.tla"))
    text = (tmp_path / "c.dot").read_text()
    assert 'edge [colorscheme="paired12"]' in text and "subgraph cluster_legend" in text
    assert {c for _, _, _, c in (EDGE.match(x).groups() for x in text.splitlines() if EDGE.match(x))} \
        == {"2", "3", "4"}  # IncX, IncY, Reset: one colour each


def test_a_violation_still_writes_the_graph_so_far(tmp_path: Path) -> None:
    r = check("--dump-dot", str(tmp_path / "v.dot"), "-c", str(DATA / "C.cfg"), "-q", str(DATA / "C.tla"))
    assert r.exit_code == 12
    nodes = graph((tmp_path / "v.dot").read_text())[1]
    assert "/\\\\ x = 3\\n/\\\\ y = 0" in nodes  # the violating state is drawn


def test_state_dump_equals_tlcs(tmp_path: Path) -> None:
    r = check("-dump", str(tmp_path / "states"), "-config", str(DATA / "M.cfg"), "-q", str(DATA / "M.tla"))
    assert r.exit_code == 0, r.output
    assert f"States written to {tmp_path / 'states.dump'}." in r.stdout
    assert (tmp_path / "states.dump").read_text() == (DATA / "M_tlc_states.dump").read_text()
