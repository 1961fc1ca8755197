"""The shape of a liveness counterexample: a cycle is shown once. Where the walk through the
fair component's goals (each fairness condition, an accepting state) comes back to the state it
entered by, the lasso closes there, as TLC's does; it used to walk the cycle a second time to
get back to its entry (fuzz9 LassoTwice: 8 states where TLC shows 4)."""

from __future__ import annotations

from pathlib import Path

from tests.checker.specs import check_model

SPEC = """---- MODULE Ring ----
EXTENDS Integers
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 4
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
Prop == <>[](x > 0)
====
"""


def test_the_cycle_is_shown_once(tmp_path: Path) -> None:
    """Real TLC: states x = 0, 1, 2, 3, "Back to state 1", 5 generated, 4 distinct, exit 13."""
    code, report, out = check_model(tmp_path, "Ring", "SPECIFICATION Spec\nPROPERTY Prop\n", SPEC)
    assert code == 13, out
    assert [s["x"] for s in report["trace"]["states"]] == [0, 1, 2, 3]
    assert report["trace"]["loop"] == 0  # (the index of the state the cycle returns to)
    assert "Back to state 1" in out
