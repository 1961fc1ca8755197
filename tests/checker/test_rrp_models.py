"""The RRP spec and its mutants at 6 leaves: TLC's counts and verdicts (reference/tlc-rrp.md).
The 7-leaf models are run by the campaign (CI runs NoAbort at 7 leaves; the rest is a benchmark)."""

from pathlib import Path

import pytest

from phalanx_verify.check.run import check_files

SPEC = Path(__file__).resolve().parents[2] / "spec"


def test_rrp_six_leaves_matches_tlc():
    r = check_files(SPEC / "RRP.tla", SPEC / "RRP_L6.cfg")
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 120000, 43070, 13)


def test_commit_without_epoch_breaks_restore_ready():
    r = check_files(SPEC / "mutants" / "CommitNoEpoch.tla", SPEC / "RRP_L6.cfg")
    assert (r.verdict, r.violated, r.exit_code) == ("invariant", "RestoreReady", 12)
    assert [s.action.split("(")[0] if s.action else None for s in r.trace.steps][-1] == "Commit"
    assert len(r.trace.steps) == 5  # the shortest, as TLC's


def test_no_seal_deadlocks():
    r = check_files(SPEC / "mutants" / "NoSeal.tla", SPEC / "RRP_L6.cfg")
    assert (r.verdict, r.exit_code) == ("deadlock", 11)
    assert len(r.trace.steps) == 7


@pytest.mark.parametrize("mutant,generated,distinct", [
    ("RestoreNoWitness", 119880, 43070),   # equivalent: fewer bindings of the existential
    ("CommitNoGuard", 120000, 43070),      # no race for a leaf at 6 leaves and MaxFail 2
])
def test_surviving_mutants(mutant, generated, distinct):
    r = check_files(SPEC / "mutants" / f"{mutant}.tla", SPEC / "RRP_L6.cfg")
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", generated, distinct, 13)
