"""P ~> Q with P of constant level and TRUE: TLC makes P the constant TRUE (Liveness.astToLive),
which its tableau drops, so the property is checked as []<>Q, and Q is not evaluated on the
initial states. The built-in evaluated Q there as an atom of P ~> Q: where Q fails to evaluate
it exited 0 with the error printed (TLC: 255 when it meets the error on a successor, or 12 when
an invariant is violated first). Outcomes recorded from TLC2 2026.12.05 (found by random specs
run against TLC): exit code, generated, distinct."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model


@pytest.mark.parametrize(("prop", "fair", "inv", "tlc"), [
    ("TRUE ~> (x[1] = 0)", "TRUE", "", (255, 2, 1)),
    ("[](TRUE => <>(x[1] = 0))", "TRUE", "", (255, 2, 1)),
    ("TRUE ~> (x[1] = 0)", "TRUE", "INVARIANT Inv\n", (12, None, None)),  # TLC prints no counts
    ("(1 = 1) ~> (x = 1)", "WF_x(Next)", "", (0, 3, 2)),
    ("(1 = 1) ~> (x = 1)", "TRUE", "", (13, 3, 2)),
    ("TRUE ~> (x = 2)", "WF_x(Next)", "", (13, 3, 2)),
    ("\\A i \\in {0, 1} : (i = i) ~> (x = i)", "WF_x(Next)", "", (0, 3, 2)),
    ("FALSE ~> (x = 5)", "TRUE", "", (0, 3, 2)),
])
def test_a_constant_true_left_side(tmp_path: Path, prop: str, fair: str, inv: str,
                                   tlc: tuple[int, int | None, int | None]) -> None:
    nxt = "x' = x" if "x[1]" in prop else "x' = 1 - x"
    spec = (f"---- MODULE S ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == {nxt}\n"
            f"Spec == Init /\\ [][Next]_x /\\ {fair}\nInv == x = 1\nProp == {prop}\n====\n")
    code, report, out = check_model(tmp_path, "S", f"SPECIFICATION Spec\n{inv}PROPERTY Prop\n", spec)
    assert code == tlc[0], out
    if tlc[1] is not None:
        assert (report["generated"], report["distinct"]) == tlc[1:], out
