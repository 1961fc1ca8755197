"""A finished run keeps none of its values in the evaluator's cross-state memos (a campaign
checks many models in one process)."""

from __future__ import annotations

from pathlib import Path

from phalanx_verify.check.run import check_files
from phalanx_verify.tla import runtime, values

SPEC = Path(__file__).resolve().parents[2] / "spec"


def test_memos_are_empty_after_a_run(monkeypatch):
    seen: list[int] = []
    real = runtime.clear_memos

    def spy() -> None:
        seen.append(len(runtime._EXCEPT_MEMO) + len(values._SHARED_SUBSETS))
        real()

    monkeypatch.setattr("phalanx_verify.check.run.clear_memos", spy)
    r = check_files(SPEC / "RRP.tla", SPEC / "RRP_L6_safety.cfg")
    assert (r.verdict, r.distinct) == ("ok", 43070)
    assert seen and seen[0] > 0  # the run did use them (Plan's SUBSET, the EXCEPTs) ...
    assert not runtime._EXCEPT_MEMO and not values._SHARED_SUBSETS  # ... and left them empty
