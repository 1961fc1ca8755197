"""What every test of this suite shares."""

from __future__ import annotations

import pytest

import phalanx_verify.check.run as run


@pytest.fixture(autouse=True)
def liveness_checked_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks of liveness between BFS levels follow a timer, as TLC's (check/run.py): the
    counts at a violation they find depend on the machine's speed. Here the timer is never due,
    so a run in a test is checked once its search has completed, unless the test sets the timer
    itself (tests/scale/test_parallel_liveness.py)."""
    monkeypatch.setattr(run, "PERIODIC_FIRST_SECONDS", float("inf"))
