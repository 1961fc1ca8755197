"""The spec mutants the proofs are shown to fail on are the campaign's (spec/campaign.toml and its
manifest), not a second list: each is held to the inductive candidate of the spec it mutates, and
the prover must agree with the manifest's verdicts (a CTI exactly for the mutants a campaign run
kills by a safety violation)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify import mutant_proofs
from phalanx_verify.campaign import load_campaign
from phalanx_verify.cli import main
from phalanx_verify.mutant_proofs import MutantProof, prove_mutant, registry

SPEC = Path(__file__).resolve().parents[2] / "spec"
CAMPAIGN = SPEC / "campaign.toml"
REGISTRY = registry(CAMPAIGN)


def test_the_registry_is_the_campaigns() -> None:
    assert {m.name for m in REGISTRY} == {r.mutant for r in load_campaign(CAMPAIGN).runs if r.mutant}
    by = {m.name: m for m in REGISTRY}
    assert by["CommitNoEpoch"].candidate == SPEC / "RRPInd.tla" and by["CommitNoEpoch"].must_fail
    assert by["RestoreAnyEpoch"].candidate == SPEC / "RRPResumeInd.tla"
    assert by["RestoreAnyEpoch"].killed_by == ["ResumeNewest"]
    assert by["DrainMovesWorkers"].candidate == SPEC / "RRPLifecycleInd.tla"
    # Killed by liveness or deadlock only, or argued equivalent: the candidate stays inductive.
    assert not any(by[n].must_fail for n in ("NoAbort", "NoSeal", "RestoreNoWitness", "FeasibleNoExcl"))


@pytest.mark.parametrize("mutant", [m for m in REGISTRY if m.candidate is not None and m.candidate.stem == "RRPInd"],
                         ids=lambda m: m.name)
def test_the_prover_agrees_with_the_manifest(mutant: MutantProof) -> None:
    m = prove_mutant(mutant)
    first = m.first_failure()
    assert m.agrees, (m.name, m.must_fail, first and (first.obligation, first.result, first.detail))


def test_cli_reports_agreement_and_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    ok = CliRunner().invoke(main, ["prove", "mutants", str(CAMPAIGN), "--only", "CommitNoEpoch", "--only", "NoSeal"])
    assert ok.exit_code == 0, ok.output
    assert "CommitNoEpoch" in ok.output and "IndNext Commit(j1): cti" in ok.output
    # A manifest that called NoSeal a safety kill would be contradicted by the proof: exit 1.
    real = mutant_proofs.registry

    def flipped(campaign: str) -> list[MutantProof]:
        out = real(campaign)
        for m in out:
            m.must_fail = m.must_fail or m.name == "NoSeal"
        return out

    monkeypatch.setattr(mutant_proofs, "registry", flipped)
    bad = CliRunner().invoke(main, ["prove", "mutants", str(CAMPAIGN), "--only", "NoSeal"])
    assert bad.exit_code == 1 and "MISMATCH" in bad.output
    unknown = CliRunner().invoke(main, ["prove", "mutants", str(CAMPAIGN), "--only", "NoSuchMutant"])
    assert unknown.exit_code == 2 and "NoSuchMutant" in unknown.output
