"""The parallel search reports the violation the sequential search reports first, with the same
counts and counterexample, wherever in a level it lies: a family of small models puts the
violating state (of an invariant, an action property, an Assert, a CONSTRAINT-excluded state, a
deadlock) at every position, and each is checked on one worker and on two and three."""

from __future__ import annotations

from pathlib import Path

import pytest

import phalanx_verify.check.parallel as parallel
import phalanx_verify.check.spill as spill
from phalanx_verify.check.model import load_model
from phalanx_verify.check.parallel import SearchOptions
from phalanx_verify.check.report import Report
from phalanx_verify.check.run import check_model

SPEC = """---- MODULE Order ----
EXTENDS Naturals, TLC
CONSTANTS N, Bad
VARIABLES x, y
Init == x \\in 0..2 /\\ y = 0
Step == \\/ x' = (x * 7 + 3) % N /\\ y' = (y + 1) % N
        \\/ x' = (x + y) % N /\\ y' = (y * 3 + 1) % N
        \\/ \\E d \\in 1..3 : x' = (x + d) % N /\\ y' = y
Next == Step
AssertNext == Step /\\ Assert(x' # Bad, "boom")
StopNext == x # Bad /\\ Step
Spec == Init /\\ [][Next]_<<x, y>>
Inv == x # Bad
Fine == y < N
Moves == [][x' # Bad]_<<x, y>>
Small == x # Bad
====
"""

VARIANTS = {
    "invariant": "INIT Init\nNEXT Next\nINVARIANT Inv\n",
    "action": "SPECIFICATION Spec\nPROPERTY Moves\n",
    "assert": "INIT Init\nNEXT AssertNext\n",
    "excluded": "INIT Init\nNEXT Next\nCONSTRAINT Small\nINVARIANT Fine\nINVARIANT Inv\n",
    "deadlock": "INIT Init\nNEXT StopNext\n",
}



@pytest.fixture(autouse=True)
def every_level_on_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """These models are small: without this their levels would be expanded in the coordinator."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN", 1)


def check(tmp_path: Path, variant: str, bad: int, workers: int) -> Report:
    (tmp_path / "Order.tla").write_text(SPEC)
    cfg = tmp_path / f"{variant}.cfg"
    cfg.write_text(VARIANTS[variant] + f"CONSTANTS N = 23\nBad = {bad}\n")
    return check_model(load_model(tmp_path / "Order.tla", cfg), search=SearchOptions(workers))


def same(a: Report, b: Report) -> None:
    assert (a.verdict, a.violated, a.message, a.exit_code) == (b.verdict, b.violated, b.message, b.exit_code)
    assert (a.generated, a.distinct, a.depth, a.queue, a.complete) == (b.generated, b.distinct, b.depth, b.queue,
                                                                       b.complete)
    assert (a.trace.to_json() if a.trace else None) == (b.trace.to_json() if b.trace else None)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_first_violation_everywhere(tmp_path: Path, variant: str) -> None:
    verdicts = set()
    for bad in range(3, 23, 2):
        one = check(tmp_path, variant, bad, 1)
        for workers in (2, 3):
            many = check(tmp_path, variant, bad, workers)
            assert many.extra.get("workers") == workers
            same(one, many)
        verdicts.add(one.verdict)
    assert verdicts - {"ok"}, "the family must contain violations, or it tests nothing"


def test_a_broken_parallel_order_would_be_caught(tmp_path: Path) -> None:
    """The comparison is not vacuous: two different violation positions give different reports."""
    with pytest.raises(AssertionError):
        same(check(tmp_path, "invariant", 5, 2), check(tmp_path, "invariant", 7, 2))


def test_small_batches_and_spills_change_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny batches and spill thresholds (the forked workers inherit them) exercise the paths a
    big level takes: filtering per batch, candidates and levels in files, memory-mapped."""
    reference = {bad: check(tmp_path, "invariant", bad, 1) for bad in (5, 17, 40)}
    monkeypatch.setattr(parallel, "BATCH", 4)
    monkeypatch.setattr(spill, "SPILL_BYTES", 16)
    for bad, one in reference.items():
        same(one, check(tmp_path, "invariant", bad, 2))


def test_levels_move_between_coordinator_and_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a bound in the middle of the level sizes, levels move to the workers and back (the
    deep, narrow models of the probes and these small ones run in the coordinator by default)."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN", 40)
    moves = []
    real = parallel._Search.load

    def load(self: parallel._Search, states: list, ids: list, fps: object) -> None:
        real(self, states, ids, fps)  # type: ignore[arg-type]
        moves.append(self.active.n)
    monkeypatch.setattr(parallel._Search, "load", load)
    for bad in (40, 11):
        same(check(tmp_path, "invariant", bad, 1), check(tmp_path, "invariant", bad, 2))
    assert 1 in moves and 2 in moves
