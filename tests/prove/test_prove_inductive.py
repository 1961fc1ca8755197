"""z3 inductive proofs of RRP and RRPResume, and the candidates and mutants that must get a CTI."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.prove.inductive import prove_inductive
from phalanx_verify.prove.report import Result

SPEC = Path(__file__).resolve().parents[2] / "spec"


def _failed(results: list[Result]) -> dict[str, Result]:
    return {r.obligation: r for r in results if not r.ok}


def test_rrp_indinv_is_inductive_and_implies_every_property() -> None:
    results = prove_inductive(SPEC / "RRPInd.tla")
    assert not _failed(results)
    names = {r.obligation for r in results}
    assert "IndNext Commit(j2)" in names and "Step Commit(j1) |= NoSteal" in names
    assert "IndProp: IndInv => SealFenced" in names and "Init satisfiable" in names


def test_rrp_three_jobs_eight_leaves() -> None:
    results = prove_inductive(SPEC / "RRPInd.tla", SPEC / "RRPInd_J3L8.cfg")
    assert not _failed(results)
    assert any(r.obligation == "IndNext Restore(j3)" for r in results)


@pytest.mark.parametrize("candidate", ["RestoreReadyAlone", "SealFencedAlone"])
def test_candidates_without_sealbound_get_a_cti_at_commit(candidate: str) -> None:
    failed = _failed(prove_inductive(SPEC / "RRPInd.tla", inv=candidate))
    assert "IndNext Commit(j1)" in failed
    cti = failed["IndNext Commit(j1)"]
    assert cti.result == "cti" and cti.witness["action"] == "Commit(j1)"
    assert cti.witness["false_conjuncts"] == [candidate.removesuffix("Alone")]
    assert "state 1" in cti.detail and "state 2" in cti.detail
    assert not any(n.startswith("IndNext Seal") for n in failed)


@pytest.mark.parametrize(("mutant", "obligation"), [
    ("CommitNoEpoch", "IndNext Commit(j1)"),
    ("CommitNoGuard", "Step Commit(j1) |= NoSteal"),
    ("SealNoPhaseGuard", "IndNext Seal(j1)"),
])
def test_mutants_fail_at_the_right_action(mutant: str, obligation: str) -> None:
    results = prove_inductive(SPEC / "mutants" / f"{mutant}.tla", SPEC / "RRPInd.cfg",
                              ind_module=SPEC / "RRPInd.tla")
    failed = _failed(results)
    assert obligation in failed and failed[obligation].result == "cti"
    actions = {n.split()[1].split("(")[0] for n in failed}
    assert actions == {obligation.split()[1].split("(")[0]}


@pytest.mark.slow
def test_resume_invariant_is_inductive_with_its_strengthening() -> None:
    results = prove_inductive(SPEC / "RRPResumeInd.tla")
    assert not _failed(results)
    assert any(r.obligation == "Init => RefinesRRPSafety" for r in results)
    assert any(r.obligation.startswith("Step Restore(j2) |= RefinesRRPSafety") for r in results)


@pytest.mark.slow
def test_resume_invariant_alone_is_not_inductive() -> None:
    failed = _failed(prove_inductive(SPEC / "RRPResumeInd.tla", inv="ResumeNewestAlone"))
    assert "IndNext Restore(j1)" in failed
