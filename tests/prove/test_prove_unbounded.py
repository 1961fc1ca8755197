"""``prove inductive --unbounded``: RRP's inductive invariant for every finite Job and Leaf (and
every MaxFail), from the same parsed spec; mutants and weak candidates get a CTI printed as a
small cluster, and a translation that makes an action FALSE is caught (vacuous), not proved."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.prove import inductive
from phalanx_verify.prove.actions import SubAction
from phalanx_verify.prove.cli import prove
from phalanx_verify.prove.report import Result
from phalanx_verify.tla import syntax as ast

SPEC = Path(__file__).resolve().parents[2] / "spec"


def _by_name(results: list[Result]) -> dict[str, Result]:
    return {r.obligation: r for r in results}


def test_rrp_indinv_is_inductive_for_every_cluster_size() -> None:
    results = inductive.prove_inductive(SPEC / "RRPInd.tla", unbounded=True)
    failed = [(r.obligation, r.result, r.detail) for r in results if not r.ok]
    assert not failed
    by_name = _by_name(results)
    # One obligation per operator, for a Skolem job or leaf of any cluster.
    for name in ("IndNext Commit(j)", "IndNext Fail(l)", "Step Commit(j) |= NoSteal", "Init satisfiable",
                 "IndInv /\\ Restore(j) satisfiable", "IndProp: IndInv => SealFenced"):
        assert by_name[name].result == "proved", name
    assert all("every finite Job, Leaf, MaxFail \\in Nat" in r.instance for r in results)
    assert not any("j1" in r.obligation for r in results if r.result != "skipped")


@pytest.mark.parametrize("candidate", ["RestoreReadyAlone", "SealFencedAlone"])
def test_candidates_without_sealbound_get_a_cti_as_a_small_cluster(candidate: str) -> None:
    results = _by_name(inductive.prove_inductive(SPEC / "RRPInd.tla", inv=candidate,
                                                 unbounded=True))
    cti = results["IndNext Commit(j)"]
    assert cti.result == "cti"
    assert cti.witness["false_conjuncts"] == [candidate.removesuffix("Alone")]
    assert set(cti.witness["cluster"]) == {"Job", "Leaf", "MaxFail"}
    assert cti.witness["cluster"]["Job"].startswith("{j1")
    assert "cluster: Job = {j1" in cti.detail and "action: Commit(j) with j = j" in cti.detail
    # The other actions keep the weak candidate, for every size.
    assert results["IndNext Seal(j)"].result == "proved"


@pytest.mark.parametrize(("mutant", "obligation"), [
    ("CommitNoEpoch", "IndNext Commit(j)"),
    ("SealNoPhaseGuard", "IndNext Seal(j)"),
    ("CommitNoGuard", "Step Commit(j) |= NoSteal"),
])
def test_mutant_whose_invariant_is_not_inductive_gets_a_cti(mutant: str, obligation: str) -> None:
    results = inductive.prove_inductive(SPEC / "mutants" / f"{mutant}.tla", SPEC / "RRPInd.cfg",
                                        ind_module=SPEC / "RRPInd.tla",
                                        unbounded=True)
    failed = {r.obligation: r for r in results if not r.ok}
    assert set(failed) == {obligation}
    assert failed[obligation].result == "cti"
    assert failed[obligation].witness["cluster"]["Job"].startswith("{j")


def test_action_false_in_the_unbounded_translation_only_is_vacuous(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug of the unbounded translation alone: Seal(j) is FALSE there, while the cfg's cluster
    has Seal steps. The witness found at the cfg's cluster does not satisfy it: vacuous."""
    real = inductive.split_action

    def broken(*args: object, **kwargs: object) -> list[SubAction]:
        out = real(*args, **kwargs)  # type: ignore[arg-type]
        return [replace(a, expr=ast.Bool(a.expr.pos, False)) if a.label == "Seal(j)" else a for a in out]

    monkeypatch.setattr(inductive, "split_action", broken)
    by_name = _by_name(inductive.prove_inductive(SPEC / "RRPInd.tla", unbounded=True))
    assert by_name["IndInv /\\ Seal(j) satisfiable"].result == "vacuous"
    assert by_name["IndNext Seal(j)"].result == "vacuous"
    assert by_name["IndNext Commit(j)"].result == "proved"


@pytest.mark.slow
def test_cli_unbounded_exit_codes() -> None:
    ok = CliRunner().invoke(prove, ["inductive", str(SPEC / "RRPInd.tla"), "--unbounded", "--json"])
    assert ok.exit_code == 0, ok.output
    bad = CliRunner().invoke(prove, ["inductive", str(SPEC / "mutants" / "CommitNoEpoch.tla"), "--ind",
                                     str(SPEC / "RRPInd.tla"), "--config", str(SPEC / "RRPInd.cfg"), "--unbounded"])
    assert bad.exit_code == 12
    # z3's model decides which other conjuncts the CTI also breaks (RestoreReady with some hash
    # seeds); SealFenced, the one CommitNoEpoch's Commit breaks, is always among them.
    false_line = next(line for line in bad.output.splitlines() if "IndInv conjuncts false in state 2:" in line)
    assert "SealFenced" in false_line.split(":", 1)[1] and "cluster: Job = {j1" in bad.output


@pytest.mark.slow
def test_rrpresume_indinv_is_inductive_for_every_cluster_size() -> None:
    """RRPResume's Newest(Below(j)) is a CHOOSE: each IndNext is proved per conjunct, ground
    (grounding.py), and the Restore witness's CHOOSE value is checked to be TLA+'s."""
    results = inductive.prove_inductive(SPEC / "RRPResumeInd.tla", unbounded=True)
    failed = [(r.obligation, r.result, r.detail) for r in results if not r.ok]
    assert not failed
    by_name = _by_name(results)
    for name in ("IndNext Restore(j)", "IndInv /\\ Restore(j) satisfiable", "IndProp: IndInv => ResumeNewest",
                 "Step Commit(j) |= RefinesRRPSafety"):
        assert by_name[name].result == "proved", name
