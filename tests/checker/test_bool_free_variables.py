"""The variables proven never to hold a Boolean (tla.boolfree), for which the search takes
Python's == for TLA+'s = (no walk confirms a duplicate state): every way a Boolean reaches a
variable, directly or deep inside its value, through a bound name, a parameter, a LET, a
constant or another variable, leaves it unproven, and an assignment the analysis cannot follow
leaves every variable unproven."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.check.model import load_model

HEAD = "---- MODULE B ----\nEXTENDS Naturals, Sequences, FiniteSets, TLC\nCONSTANT C\nVARIABLES x, y\n"


def proven(tmp_path: Path, body: str, c: str = "3") -> set[str]:
    (tmp_path / "B.tla").write_text(HEAD + body + "\n====\n")
    (tmp_path / "B.cfg").write_text(f"CONSTANT C = {c}\nINIT Init\nNEXT Next\n")
    model = load_model(tmp_path / "B.tla", tmp_path / "B.cfg")
    return {model.variables[i] for i in model.bool_free_variables()}


@pytest.mark.parametrize("body,expected", [
    # integers, records, sequences, sets and functions of them
    ("Init == x = [p \\in 1..2 |-> <<>>] /\\ y = 0\n"
     "Msg(c) == [type |-> \"req\", clock |-> c]\n"
     "Next == \\E p \\in 1..2 : /\\ x' = [x EXCEPT ![p] = Append(@, Msg(y))] /\\ y' = (y + 1) % 3",
     {"x", "y"}),
    # a Boolean itself, and an integer variable beside it
    ("Init == x = TRUE /\\ y = 0\nNext == x' = ~x /\\ y' = y", {"y"}),
    # a comparison's value inside a record, an EXCEPT's new value
    ("Init == x = [f |-> 0] /\\ y = 0\nNext == x' = [x EXCEPT !.f = y > 0] /\\ UNCHANGED y", {"y"}),
    # an element of BOOLEAN through a bound name; of 1..3 proven
    ("Init == x = 0 /\\ y = 0\nNext == \\E v \\in BOOLEAN, w \\in 1..3 : x' = <<v>> /\\ y' = w", {"y"}),
    # a variable copied from one that holds a Boolean (the fixpoint)
    ("Init == x = 0 /\\ y = FALSE\nNext == x' = y /\\ y' = x", set()),
    # a constant holding one; the same constant holding an integer
    ("Init == x = C /\\ y = 1\nNext == UNCHANGED <<x, y>>", {"y"}),
    ("Init == x = {C} /\\ y = 1\nNext == UNCHANGED <<x, y>>", {"x", "y"}),
    # a parameter bound to a comparison, and one bound to an integer
    ("Set(v) == x' = <<v>>\nInit == x = <<1>> /\\ y = 0\nNext == Set(1 = 1) /\\ y' = y", {"y"}),
    ("Set(v) == x' = <<v>>\nInit == x = <<1>> /\\ y = 0\nNext == Set(1) /\\ y' = y", {"x", "y"}),
    # a name bound at the call (LET, quantifier) is passed by value: what it is bound to counts
    ("Set(v) == x' = <<v>>\nInit == x = <<1>> /\\ y = 0\nNext == LET w == y IN Set(w) /\\ y' = y", {"x", "y"}),
    ("Set(v) == x' = <<v>>\nInit == x = <<1>> /\\ y = 0\nNext == \\E w \\in BOOLEAN : Set(w) /\\ y' = y", {"y"}),
    # x' \in S: the elements of S
    ("Init == x \\in SUBSET {1, 2} /\\ y = 0\nNext == x' \\in [1..2 -> BOOLEAN] /\\ y' \\in 1..3", {"y"}),
    # a LET definition, CHOOSE, a set filter
    ("Init == x = 0 /\\ y = 0\nNext == LET m == TRUE n == CHOOSE k \\in 1..3 : k > 1 IN x' = {m} /\\ y' = n",
     {"y"}),
    # a recursive operator is not looked into
    ("RECURSIVE F(_)\nF(n) == IF n = 0 THEN 0 ELSE F(n - 1)\nInit == x = 0 /\\ y = 0\n"
     "Next == x' = F(2) /\\ y' = y", {"y"}),
])
def test_what_reaches_a_variable(tmp_path: Path, body: str, expected: set[str]) -> None:
    assert proven(tmp_path, body, "TRUE" if "C /\\" in body else "3") == expected


def test_an_assignment_through_a_parameter_passed_by_name_proves_nothing(tmp_path: Path) -> None:
    """Set(x, 1) assigns x through the parameter v (TLC substitutes the argument): the walk does
    not follow such assignments, so no variable is proven, y included."""
    body = "Set(v, e) == v' = e\nInit == x = 0 /\\ y = 0\nNext == Set(x, TRUE) /\\ y' = y"
    assert proven(tmp_path, body) == set()
