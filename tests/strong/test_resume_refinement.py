"""RRPResume: RRP plus the manifest each job resumed from. It refines RRP, its resume invariant
holds, and each check fails on the mutant built to break it."""

from pathlib import Path

import pytest

from phalanx_verify.check.run import check_files

SPEC = Path(__file__).resolve().parents[2] / "spec"


@pytest.mark.slow
def test_refines_rrp_and_resumes_from_the_newest_seal():
    r = check_files(SPEC / "RRPResume.tla", SPEC / "RRPResume_L6_strong.cfg")
    # RRP's graph: `resumed` is a function of sealed and epoch; Restore binds no witness.
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 119880, 43070, 13)


@pytest.mark.slow
def test_resume_invariant_fails_when_restore_may_load_an_older_seal():
    r = check_files(SPEC / "mutants" / "RestoreAnyEpoch.tla", SPEC / "RRPResume_L6_added.cfg", lib=[SPEC])
    assert (r.verdict, r.violated, len(r.trace.steps)) == ("invariant", "ResumeNewest", 12)
    assert r.trace.steps[-1].action.startswith("Restore(")


def test_refinement_fails_when_restore_changes_the_allocation():
    """RefinesRRP == R!Spec is violated in its conjunct [][Next]_vars of RRP, which TLC names by
    its source range (recorded: "Action property line 28, col 17 to line 28, col 29 of module RRP
    is violated.", the same 6 states)."""
    r = check_files(SPEC / "mutants" / "RestoreGrabsSpares.tla", SPEC / "RRPResume_L6_added.cfg", lib=[SPEC])
    assert (r.verdict, r.violated, len(r.trace.steps)) == \
        ("action_property", "line 28, col 17 to line 28, col 29 of module RRP", 6)
    assert r.trace.steps[-1].action.startswith("Restore(")
