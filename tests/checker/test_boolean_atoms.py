"""What TLC requires of the Boolean parts of properties. ``[A]_e`` and ``<<A>>_e`` evaluated
(an action property ``[][A]_v``) need a Boolean A ("Attempted to evaluate an expression of form
[A]_e, but A was not a boolean.", exit 75); a state predicate of a temporal property must be a
Boolean where TLC's liveness evaluates it ("A state predicate was evaluated to a non-boolean
value.", exit 255); and TLC's liveness decides ``<<A>>_v`` by the subscript first, so A is never
evaluated on a stuttering step (``[]<><<A>>_x`` with an A that divides by zero there is simply
violated, exit 13). The built-in took 3 and x + 1 for TRUE (exit 0) and evaluated A on the
stuttering step (255). Found by random specs run against TLC; exits and counts recorded from
real TLC runs (TLC2 2026.12.06)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model


def _spec(nxt: str, spec: str, prop: str) -> str:
    return ("---- MODULE B ----\nEXTENDS Integers\nVARIABLE x\nInit == x = 0\n"
            f"Next == {nxt}\nSpec == {spec}\nP == {prop}\n====\n")


@pytest.mark.parametrize(("nxt", "spec", "prop", "tlc_exit", "counts", "message"), [
    ("x < 2 /\\ x' = x + 1", "Init /\\ [][Next]_x", "[][x' + 1]_x", 75, (2, 2, 0, 2),
     "Attempted to evaluate an expression of form [A]_e, but A was not a boolean."),
    ("x < 2 /\\ x' = x + 1", "Init /\\ [][Next]_x", "[][IF x = 1 THEN 3 ELSE TRUE]_x", 75, (3, 3, 0, 3),
     "Attempted to evaluate an expression of form [A]_e, but A was not a boolean."),
    ("x < 2 /\\ x' = x + 1", "Init /\\ [][Next]_x", "<>[](x + 1)", 255, (2, 2, 1, 2),
     "A state predicate was evaluated to a non-boolean value."),
    ("x' = (x + 1) % 3", "Init /\\ [][Next]_x /\\ WF_x(Next)", "[]<><<x' = x /\\ 1 \\div (x - x) = 0>>_x",
     13, (4, 3, 0, 3), "Temporal property P was violated"),
])
def test_boolean_parts_of_properties(tmp_path: Path, nxt: str, spec: str, prop: str, tlc_exit: int,
                                     counts: tuple[int, ...], message: str) -> None:
    cfg = "SPECIFICATION Spec\nPROPERTY P\nCHECK_DEADLOCK FALSE\n"
    code, rep, out = check_model(tmp_path, "B", cfg, _spec(nxt, spec, prop))
    assert code == tlc_exit, out
    assert (rep["generated"], rep["distinct"], rep["queue"], rep["depth"]) == counts, out
    assert message in " ".join(out.split()), out


def test_a_constant_that_is_no_boolean_in_a_property(tmp_path: Path) -> None:
    """TLC's Liveness.astToLive evaluates a constant part of a property as it builds the tableau:
    no Boolean is its error there, exit 255 ("TLC expected a boolean value, but did not find
    one."), before any state; the built-in refused the module (150)."""
    cfg = "SPECIFICATION Spec\nPROPERTY P\nCHECK_DEADLOCK FALSE\n"
    code, _, out = check_model(tmp_path, "B", cfg, _spec("x < 2 /\\ x' = x + 1", "Init /\\ [][Next]_x",
                                                         '<>(x = 2) \\/ "a"'))
    assert code == 255, out
    assert "B.tla:7:19" in out and "TLC expected a boolean value, but did not find one." in out, out
