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
