"""check/lasso.py: which temporal properties a lasso violates (TLC's post-hoc attribution), on
hand-made lassos of one variable x, and TLC's message for one, two and three names."""

from __future__ import annotations

import pytest

from phalanx_verify.check.lasso import violated_on, violated_properties
from phalanx_verify.check.model import Liveness
from phalanx_verify.check.report import Trace, TraceStep, temporal_violation


def lasso(xs: list[int], back_to: int | None) -> Trace:
    """States x = xs[0], xs[1], ...; back to state ``back_to`` (1-based), or stuttering on the last."""
    steps = [TraceStep((x,), None if i == 0 else "Next") for i, x in enumerate(xs)]
    return Trace(["x"], steps, "back_to" if back_to else "stuttering", back_to)


def is_(v: int):
    return lambda s: s[0] == v


@pytest.mark.parametrize(("ob", "trace", "violated"), [
    (Liveness("leadsto", "P", is_(1), is_(3)), lasso([0, 1, 2], 2), True),    # 1, then 2 1 2 1 ... never 3
    (Liveness("leadsto", "P", is_(1), is_(3)), lasso([0, 1, 3], 1), False),   # 3 follows each 1
    (Liveness("leadsto", "P", is_(1), is_(0)), lasso([0, 1, 2], 2), True),    # the 0 before the 1 does not count
    (Liveness("leadsto", "P", is_(1), is_(0)), lasso([0, 1, 2], 1), False),   # the cycle brings 0 back
    (Liveness("eventually", "P", is_(5)), lasso([0, 1], None), True),
    (Liveness("eventually", "P", is_(1)), lasso([0, 1], None), False),
    (Liveness("infinitely_often", "P", is_(0)), lasso([0, 1, 2], 2), True),   # 0 only in the prefix
    (Liveness("infinitely_often", "P", is_(2)), lasso([0, 1, 2], 2), False),
    (Liveness("eventually_always", "P", is_(2)), lasso([0, 1, 2], None), False),  # stutters on 2
    (Liveness("eventually_always", "P", is_(2)), lasso([0, 1, 2], 2), True),      # 1 comes back
    (Liveness("wf", "P"), lasso([0, 1], None), None),                          # not told by states
])
def test_violated_on(ob: Liveness, trace: Trace, violated: bool | None) -> None:
    assert violated_on(ob, trace) is violated


def test_the_finding_property_comes_first_only_in_the_models_order() -> None:
    a = Liveness("eventually", "A", is_(1))
    b = Liveness("infinitely_often", "B", is_(0))
    c = Liveness("wf", "C")
    trace = lasso([0, 2], 2)
    assert violated_properties([("A", a), ("B", b), ("C", c)], b, trace) == ["A", "B"]
    assert violated_properties([("C", c), ("B", b), ("B", b)], c, trace) == ["C", "B"]


def test_tlc_message_for_one_two_three_properties() -> None:
    assert temporal_violation("A") == "Temporal property A was violated."
    assert temporal_violation("A, B") == "Temporal properties A and B were violated."
    assert temporal_violation("A, B, C") == "Temporal properties A, B, and C were violated."


def test_a_safety_prefix_is_attributed_as_if_its_last_state_stuttered(tmp_path) -> None:
    """TLC's post-hoc attribution of a safety-like violation (LiveCheck: "treat the safety-like
    violation as a lasso where the last state stutters forever"): P1 fails on the initial state
    stuttering, so it is named beside P0, whose tableau found the prefix (real TLC: "Temporal
    properties P0 and P1 were violated.", one state, exit 12; fuzz12 live seed 3300025, cut down).
    pv named P0 only."""
    from click.testing import CliRunner

    from phalanx_verify.cli import main
    (tmp_path / "M.tla").write_text(
        "---- MODULE M ----\nEXTENDS Integers\nVARIABLES x, y\nvars == <<x, y>>\nInit == x \\in 0..1 /\\ y = 0\n"
        "A2 == y = 0 /\\ x' = 0 /\\ UNCHANGED y\nB(k) == x = k /\\ x' = (k + 1) % 2 /\\ UNCHANGED y\n"
        "Next == A2 \\/ (\\E k \\in 0..1 : B(k))\nSpec == Init /\\ [][Next]_vars\nP0 == [](~(<>(TRUE)))\n"
        "P1 == ([](<><<y' # y>>_y) /\\ []<>(x = 0))\n====\n")
    (tmp_path / "M.cfg").write_text("SPECIFICATION Spec\nPROPERTY P0 P1\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "M.tla"), "--workers", "1", "-deadlock"])
    assert r.exit_code == 12, r.output
    assert "Temporal properties P0 and P1 were violated." in r.output
    assert "4 states generated, 2 distinct states found, 1 states left on queue." in r.output  # TLC's, this spec
