"""TLC evaluates the atoms of the temporal properties as its liveness graph grows, not where a
check needs them (check/liveatoms.py): every tableau node on every successor of a state it
explores, the <>[] and []<> conditions on each explored state and its steps, the initial
tableau nodes on each initial state as it is stored. An atom that cannot be evaluated there
(``ENABLED (x' # x)`` determines no x'; a function applied outside its domain) stops TLC even
where no verdict depends on it, and where a safety violation would come later; the built-in
checker, which evaluated the atoms only in its checks, gave a verdict there (found by random
specs run against TLC). On an initial state TLC handles the error as one in Init: it prints it,
generates the initial states again, and exits 75 only when a later initial state fails too,
else 0 (printing an invariant the failing state violates). Every exit code, count and printed
line here was recorded from a real TLC run (TLC2 2026.12.05, -workers 1); each case is checked
on one worker and on two (the parallel search leaves such a model to the sequential one)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.check.tableau import build, state_preds
from phalanx_verify.check.temporal import Always, Atom, Conj, Disj, Even, Pred
from phalanx_verify.cli import main

CASES = {
    # one initial state fails the atom of an initial tableau node: TLC prints the error and exits 0
    "OneInit": ("""
VARIABLES x
Init == x = 0
Next == x' = 1 - x
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
P == <>(ENABLED (x' # x))
""", "PROPERTY P\n", 0, (1, 1, 1), "While working on the initial state:"),
    # the second initial state fails it again in TLC's second pass: 75, before the action
    # property is violated (the built-in said 13)
    "TwoInit": ("""
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\\ y \\in BOOLEAN
Next == \\/ x' = (x + 1) % 3 /\\ UNCHANGED y
        \\/ y' = ~y /\\ UNCHANGED x
Spec == Init /\\ [][Next]_vars
Mono == [][x' >= x]_vars
P == <>(ENABLED (x' # x))
""", "PROPERTY Mono\nPROPERTY P\n", 75, (2, 2, 2), "While working on the initial state:"),
    # the second pass checks the failing state's invariant, which it violates: printed, exit 0
    "ReplayInv": ("""
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\\ y \\in BOOLEAN
Next == y' = ~y /\\ UNCHANGED x
Spec == Init /\\ [][Next]_vars
InvY == y
P == <>(ENABLED (x' # x))
""", "INVARIANT InvY\nPROPERTY P\n", 0, (1, 1, 1), "Invariant InvY is violated by the initial state:"),
    # the second pass's invariant fails to evaluate on the failing state: TLC's nested-expression
    # error, 75 (the built-in said 0, as for a violated invariant; found by random specs)
    "ReplayInvError": ("""
VARIABLES x
Init == x = 0
Next == x' = x
Spec == Init /\\ [][Next]_x
Inv == x[2] = 0
Prop == <>(x[1] = 0)
""", "INVARIANT Inv\nPROPERTY Prop\n", 75, (1, 1, 1), "While working on the initial state:"),
    # a tableau node [~ENABLED ...] on the successors of the first state explored, though no
    # state has x > 0: TLC's liveness error, 255 (the built-in said ok)
    "LaterState": ("""
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\\ y \\in BOOLEAN
Next == \\/ x > 0 /\\ x' = x - 1 /\\ UNCHANGED y
        \\/ y' = ~y /\\ UNCHANGED x
Spec == Init /\\ [][Next]_vars /\\ WF_vars(Next)
P == ((x = 2 /\\ y) ~> y) => ((x > 0) ~> ENABLED (x' # x))
""", "PROPERTY P\n", 255, (3, 2, 1), "The behavior up to this point is:"),
    # []<>P: P on each state explored; f[2] is outside f's domain
    "Domain2": ("""
VARIABLES x
Init == x = 0
Next == x' = (x + 1) % 3
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
f == [i \\in 0..1 |-> i]
P == []<>(f[x] = 1)
""", "PROPERTY P\n", 255, (4, 3, 0), "not in the domain of the function"),
    # the invariant fails on x = 2 before TLC explores it: the safety verdict stands
    "Domain": ("""
VARIABLES x
Init == x = 0
Next == x' = (x + 1) % 3
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
f == [i \\in 0..1 |-> i]
P == (x = 0) ~> (f[x] = 1)
Inv == x < 2
""", "INVARIANT Inv\nPROPERTY P\n", 12, (3, 3, 0), "Invariant Inv is violated."),
}


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_an_atom_fails_where_tlc_evaluates_it(tmp_path: Path, name: str, workers: str) -> None:
    body, props, tlc_exit, counts, line = CASES[name]
    (tmp_path / f"{name}.tla").write_text(f"---- MODULE {name} ----\nEXTENDS Integers\n{body}====\n")
    (tmp_path / f"{name}.cfg").write_text(f"SPECIFICATION Spec\n{props}")
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{name}.tla"), "-q", "--json", str(out),
                                  "--workers", workers])
    assert "Traceback" not in r.output
    assert r.exit_code == tlc_exit, r.output
    report = json.loads(out.read_text())
    assert (report["generated"], report["distinct"], report["queue"]) == counts, r.output
    assert line in r.output


def test_the_tableau_is_tlcs_node_for_node() -> None:
    """The tableau of LaterState's negated property, as TLC's TBGraph builds it (its nodes,
    their successors and each node's state predicates in order, from TLC's -D...Liveness.
    tableauExportPath dump): the order decides which atoms TLC evaluates on a state."""
    a, b, c, e = (Atom(Pred(None, 1, lambda s: True)) for _ in range(4))  # type: ignore[arg-type]
    neg = lambda n: Atom(n.pred, False)  # noqa: E731
    # ((a ~> b) => (c ~> e)) negated: [](~a \/ <>b) /\ <>(c /\ []~e)
    tf = Conj((Always(Disj((neg(a), Even(b)))), Even(Conj((c, Always(neg(e)))))))
    tab = build(tf)
    names = {a.pred: "a", b.pred: "b", c.pred: "c", e.pred: "e"}
    shown = [" ".join(("" if f.positive else "~") + names[f.pred] for f in state_preds(p)) for p in tab.nodes]
    assert shown == ["c ~e ~a", "c ~e b", "c ~e", "~a", "b", "", "~e ~a", "~e b", "~e",
                     "c ~e ~a", "c ~e b", "c ~e", "~a", "b", ""]
    assert tab.succ == [[6, 7, 8], [6, 7, 8], [7, 8], [9, 10, 11, 12, 13, 14], [9, 10, 11, 12, 13, 14],
                        [10, 11, 13, 14], [6, 7, 8], [6, 7, 8], [7, 8], [6, 7, 8], [6, 7, 8], [7, 8],
                        [9, 10, 11, 12, 13, 14], [9, 10, 11, 12, 13, 14], [10, 11, 13, 14]]
    assert tab.initial == [0, 1, 2, 3, 4, 5]
