"""Fairness conditions are evaluated on the edges of the liveness graph as TLC evaluates them
(Liveness.astToLive): WF_v(A) is one check per edge, ``~ENABLED <<A>>_v \\/ <<A>>_v``, whose
second half runs only where A is enabled; SF_v(A) checks ``<<A>>_v`` on every edge. ``<<A>>_v``
compares v by TLA+ equality, then evaluates A where v changes (LNAction.eval). The built-in
decided A's steps by looking each edge up among A's own successors, which never compares the
edge's values with A's: ``WF_x(A)`` with ``A == x' = "a"`` and an integer x passed (exit 0)
where TLC fails (255). Exit codes and counts recorded from real TLC runs (TLC2 built from
tlaplus/tlaplus master, -workers 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.check.bfs import explore
from phalanx_verify.check.fairness import FairnessTracker
from phalanx_verify.check.model import load_model
from phalanx_verify.check.report import Report

from .specs import check_model

CFG = "SPECIFICATION Spec\nPROPERTY P\n"


def _spec(action: str, fairness: str) -> str:
    return ("---- MODULE E ----\nEXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\n"
            f"A == {action}\nSpec == Init /\\ [][Next]_x /\\ {fairness}_x(A)\nP == []<>(x = 0)\n====\n")


CASES = [
    # ENABLED <<A>>_x at x = 0: A's successor "a" is compared with 0 (Tool.enabled's v' # v)
    ('x\' = "a"', "WF", 255, (2, 2, 1, 2), 'integer 0 with non-integer: "a"'),
    ('x\' \\in {"a", "b"}', "WF", 255, (2, 2, 1, 2), 'integer 0 with non-integer: "a"'),
    # A disabled everywhere: WF never evaluates A on an edge, so the violation is found ...
    ('x\' = "a" /\\ x = 5', "WF", 13, (4, 3, 0, 3), "Temporal property P was violated"),
    # ... SF evaluates <<A>>_x on every edge: x' = "a" against the edge's x' = 1
    ('x\' = "a" /\\ x = 5', "SF", 255, (2, 2, 1, 2), 'integer 1 with non-integer: "a"'),
    # a guard first: A is FALSE on every edge before any comparison, under either
    ('x = 5 /\\ x\' = "a"', "WF", 13, (4, 3, 0, 3), "Temporal property P was violated"),
    ('x = 5 /\\ x\' = "a"', "SF", 13, (4, 3, 0, 3), "Temporal property P was violated"),
    # A enabled (its first disjunct changes x): evaluated on the edge 2 -> 0, where x' = 3 fails
    # and x' = "a" is compared with 0
    ('x\' = x + 1 \\/ x\' = "a"', "WF", 255, (4, 3, 0, 3), 'integer 0 with non-integer: "a"'),
    ('x\' = x + 1 \\/ x\' = "a"', "SF", 255, (4, 3, 0, 3), 'integer 0 with non-integer: "a"'),
    # ENABLED at x = 1: x' = 1 leaves x as it is, so the next disjunct's "a" is compared with 1
    ('(x\' = 1) \\/ (x\' = "a")', "WF", 255, (3, 3, 1, 3), 'integer 1 with non-integer: "a"'),
]


@pytest.mark.parametrize(("action", "fairness", "tlc_exit", "counts", "message"), CASES)
def test_fairness_on_the_edges_as_tlc(tmp_path: Path, action: str, fairness: str, tlc_exit: int,
                                      counts: tuple[int, ...], message: str) -> None:
    code, rep, out = check_model(tmp_path, "E", CFG, _spec(action, fairness))
    assert code == tlc_exit, out
    assert (rep["generated"], rep["distinct"], rep["queue"], rep["depth"]) == counts, out
    assert message in " ".join(out.split()), out


GUARDED = """---- MODULE R ----
EXTENDS Integers
CONSTANT Msgs
VARIABLE net, got
vars == <<net, got>>
Init == net = {} /\\ got = {}
Send(m) == m \\notin net /\\ m \\notin got /\\ net' = net \\cup {m} /\\ UNCHANGED got
Recv(m) == m \\in net /\\ net' = net \\ {m} /\\ got' = got \\cup {m}
Next == \\E m \\in Msgs : Send(m) \\/ (m \\in net /\\ Recv(m))
Spec == Init /\\ [][Next]_vars /\\ \\A m \\in Msgs : WF_vars(Recv(m)) /\\ SF_vars(Send(m))
P == <>(got = Msgs)
====
"""


def test_leading_guards_give_the_bits_of_a_full_evaluation(tmp_path: Path) -> None:
    """The conditions' leading state predicates (``m \\in net`` in Recv(m), reached through the
    operator's definition) skip A where they are FALSE; the bits must be those of evaluating A
    on every edge. TLC: 55 generated, 27 distinct, depth 7, no violation."""
    (tmp_path / "R.tla").write_text(GUARDED)
    (tmp_path / "R.cfg").write_text("CONSTANT Msgs = {1, 2, 3}\nSPECIFICATION Spec\nPROPERTY P\n"
                                    "CHECK_DEADLOCK FALSE\n")
    model = load_model(tmp_path / "R.tla", tmp_path / "R.cfg")
    bits = []
    for guards in (True, False):
        tracker = FairnessTracker(model, list(model.fairness))
        assert len(tracker.slow) == 3  # Recv(m), under a guard in Next: no fast path
        assert all(len(tracker._guards[i]) >= 1 for i in tracker.slow)
        if not guards:
            tracker._guards = {i: [] for i in tracker.slow}
        space = explore(model, Report("x"), fairness=tracker)
        bits.append((list(space.enabled), list(space.edge_fair)))
    assert bits[0] == bits[1]
    assert any(bits[0][0]) and any(bits[0][1])
    code, rep, out = check_model(tmp_path, "R", (tmp_path / "R.cfg").read_text())
    assert code == 0, out
    assert (rep["generated"], rep["distinct"], rep["depth"]) == (55, 27, 7)
