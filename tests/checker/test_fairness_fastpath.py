"""Fast-path equivalence: fairness bits read off Next's labelled edges equal the bits computed
by running each fairness action's own successor generator (the general path)."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.check.bfs import explore
from phalanx_verify.check.fairness import FairnessTracker
from phalanx_verify.check.model import load_model
from phalanx_verify.check.report import Report
from phalanx_verify.cli import main

SPEC = Path(__file__).resolve().parents[2] / "spec"


def graph_bits(model, use_labels: bool):
    tracker = FairnessTracker(model, list(model.fairness), use_labels=use_labels)
    space = explore(model, Report("x"), fairness=tracker)
    return tracker, list(space.enabled), list(space.edge_fair)


@pytest.mark.parametrize("spec", ["RRP.tla", "mutants/NoAbort.tla"])
def test_label_fast_path_equals_general_path(spec):
    model = load_model(SPEC / spec, SPEC / "RRP_L6.cfg")
    fast, fast_enabled, fast_edges = graph_bits(model, use_labels=True)
    slow, slow_enabled, slow_edges = graph_bits(model, use_labels=False)
    assert len(fast.by_label) == len(model.fairness) and not fast.slow  # RRP takes the fast path
    assert not slow.by_label
    assert fast_enabled == slow_enabled
    assert fast_edges == slow_edges
    assert any(fast_enabled) and any(fast_edges)


def test_guarded_label_is_not_used(tmp_path):
    # A is reached in Next only under a condition, so its label does not list all A-steps:
    # the tracker must fall back to A's own generator.
    (tmp_path / "G.tla").write_text("""---- MODULE G ----
EXTENDS Naturals
VARIABLE x
A == x' = (x + 1) % 3
Next == IF x = 0 THEN A ELSE x' = 0
Spec == x = 0 /\\ [][Next]_x /\\ WF_x(A)
====
""")
    (tmp_path / "G.cfg").write_text("SPECIFICATION Spec\n")
    model = load_model(tmp_path / "G.tla")
    tracker = FairnessTracker(model, list(model.fairness))
    assert tracker.slow == [0] and not tracker.by_label


NEXT_FAIR = """---- MODULE W ----
EXTENDS Naturals
CONSTANT N
VARIABLE c
Init == c \\in [0..N-1 -> 0..N-1]
Create == c[0] = c[N-1] /\\ c' = [c EXCEPT ![0] = (c[N-1] + 1) % N]
Pass(i) == c[i] # c[i-1] /\\ c' = [c EXCEPT ![i] = c[i-1]]
Next == Create \\/ \\E i \\in 1..N-1 : Pass(i)
Spec == Init /\\ [][Next]_c /\\ WF_c(Next) /\\ SF_<<c>>(Next) /\\ WF_c(Create)
Unique == \\E i \\in 0..N : (\\A j \\in 0..i-1 : c[j] = c[0]) /\\ (\\A k \\in i..N-1 : c[k] = (c[0] - 1) % N)
Stab == <>[]Unique
====
"""


def test_fairness_of_next_itself_reads_every_edge(tmp_path: Path) -> None:
    """WF and SF of the model's own Next (Dijkstra's token ring, as TokenRing) take every edge
    as a step, with the bits of the general path, which enumerates Next again per state; the
    property holds, as real TLC finds (72 generated, 27 distinct, depth 1)."""
    (tmp_path / "W.tla").write_text(NEXT_FAIR)
    (tmp_path / "W.cfg").write_text("SPECIFICATION Spec\nCONSTANT N = 3\nPROPERTY Stab\n")
    model = load_model(tmp_path / "W.tla", tmp_path / "W.cfg")
    fast, fast_enabled, fast_edges = graph_bits(model, use_labels=True)
    slow, slow_enabled, slow_edges = graph_bits(model, use_labels=False)
    assert fast.slow == [] and slow.slow == [0, 1, 2]
    assert fast_enabled == slow_enabled
    assert fast_edges == slow_edges
    assert all(e & 0b11 == 0b11 for e in fast_enabled)  # Next is always enabled here
    r = CliRunner().invoke(main, ["check", str(tmp_path / "W.tla"), "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "72 states generated, 27 distinct states found, 0 states left on queue." in r.output


OVERLAP = """---- MODULE OV ----
EXTENDS Naturals
VARIABLE x
A == x' = (x + 1) % 3
B == x < 2 /\\ x' = x + 1
C == x = 2 /\\ x' = 0
D == x' \\in 0..2
Spec == x = 0 /\\ [][A \\/ B \\/ C]_x /\\ WF_x(B) /\\ WF_x(C)
SpecD == x = 0 /\\ [][A \\/ D]_x /\\ WF_x(D)
Prop == WF_x(A)
====
"""


def test_a_step_of_two_actions_takes_both(tmp_path: Path) -> None:
    """<<A>>_x is a property of the step: B's step 0 -> 1 is an A step too. The label fast path
    gave it B's bit only, so a cycle of B steps seemed to avoid A: WF_x(A) reported violated
    (exit 13) where TLC finds it holds (7 generated, 3 distinct, depth 3)."""
    (tmp_path / "OV.tla").write_text(OVERLAP)
    (tmp_path / "OV.cfg").write_text("SPECIFICATION Spec\nPROPERTY Prop\n")
    model = load_model(tmp_path / "OV.tla", tmp_path / "OV.cfg")
    fast, fast_enabled, fast_edges = graph_bits(model, use_labels=True)
    slow, slow_enabled, slow_edges = graph_bits(model, use_labels=False)
    assert fast.by_label and not slow.by_label
    assert (fast_enabled, fast_edges) == (slow_enabled, slow_edges)
    r = CliRunner().invoke(main, ["check", str(tmp_path / "OV.tla"), "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "7 states generated, 3 distinct states found, 0 states left on queue." in r.output
    assert "The depth of the complete state graph search is 3." in r.output


def test_the_violating_cycle_avoids_every_step_of_the_action(tmp_path: Path) -> None:
    """TLC's test-model BidirectionalTransitions1Bx: under WF_x(D), WF_x(A) fails on the cycle
    0 -> 2 -> 1 -> 0 of D steps that are no A steps; the lasso through D's 0 -> 1, an A step,
    was printed, and named no property (TLC: "Temporal property Prop was violated.")."""
    (tmp_path / "OV.tla").write_text(OVERLAP)
    (tmp_path / "OV.cfg").write_text("SPECIFICATION SpecD\nPROPERTY Prop\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "OV.tla"), "--workers", "1"])
    assert r.exit_code == 13, r.output
    assert "Temporal property Prop was violated." in r.output
    shown = [line.strip() for line in r.output.splitlines() if line.strip().lstrip("*").startswith("/\\ x =")]
    assert shown == ["/\\ x = 0", "*/\\ x = 2", "*/\\ x = 1"], r.output
    assert "Back to state 1: <D line 7, col 6 to line 7, col 16 of module OV>" in r.output  # TLC's words
