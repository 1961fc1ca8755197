"""The checks of liveness between BFS levels follow TLC's timer (check/run.py): none before
3 s, so a short search is checked once, at the end, and its counts at a violation are TLC's
(those of the whole graph); once the timer is due, a check between levels stops the search
early."""

from __future__ import annotations

from pathlib import Path

import pytest

import phalanx_verify.check.run as run
from phalanx_verify.check.model import load_model
from phalanx_verify.check.report import Report
from phalanx_verify.check.run import check_model

# Real TLC (-workers 1): "Temporal property Never was violated.", 41 generated, 40 distinct,
# 0 left on queue, depth 40: the lasso is in the graph from the first state on, but a search of
# less than 3 s is checked at the end only.
MODULE = "---- MODULE L ----\nEXTENDS Naturals\nVARIABLE x\nSpec == x = 0 /\\ [][x' = (x + 1) % 40]_x\n" \
         "Never == <>(x = 100)\n====\n"


def check(tmp_path: Path) -> Report:
    (tmp_path / "L.tla").write_text(MODULE)
    (tmp_path / "L.cfg").write_text("SPECIFICATION Spec\nPROPERTY Never\n")
    return check_model(load_model(tmp_path / "L.tla", tmp_path / "L.cfg"))


def test_a_short_search_is_checked_at_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run, "PERIODIC_FIRST_SECONDS", 3.0)  # TLC's: this search takes far less
    r = check(tmp_path)
    assert (r.verdict, r.generated, r.distinct, r.queue, r.depth) == ("temporal_property", 41, 40, 0, 40)


def test_a_due_timer_stops_the_search_between_levels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run, "PERIODIC_FIRST_SECONDS", 0.0)
    r = check(tmp_path)
    assert r.verdict == "temporal_property" and not r.complete and r.distinct < 40
