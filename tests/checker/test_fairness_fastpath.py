"""Fast-path equivalence: fairness bits read off Next's labelled edges equal the bits computed
by running each fairness action's own successor generator (the general path)."""

from pathlib import Path

import pytest

from phalanx_verify.check.bfs import explore
from phalanx_verify.check.fairness import FairnessTracker
from phalanx_verify.check.model import load_model
from phalanx_verify.check.report import Report

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
