"""z3 proof (bounded, at the 2-leaf model's constants) that RRP's inductive invariant plus
PreemptAfterSeal is inductive for every lifecycle step, the widened ones included, so RRP's proved
invariants carry over to the lifecycle; and that the proof fails at the step a mutant broke."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from phalanx_verify.prove.inductive import prove_inductive
from phalanx_verify.prove.report import Result

SPEC = Path(__file__).resolve().parents[2] / "spec"
# About 30 s of z3 each on 2 cores: CI's second pytest run (-m slow), see tests/README.md.
pytestmark = pytest.mark.slow


def _failed(results: list[Result]) -> dict[str, Result]:
    return {r.obligation: r for r in results if not r.ok}


def test_lifecycle_indinv_is_inductive_over_every_trigger() -> None:
    results = prove_inductive(SPEC / "RRPLifecycleInd.tla")
    assert not _failed(results)
    names = {r.obligation for r in results}
    for step in ("Drain(j1)", "Defrag(j1)", "Resume(j1)", "Finish(g1)", "Suspect(l1)"):
        assert f"IndNext {step}" in names
        assert f"Step {step} |= RefinesRRP" in names
    # the sub-actions under an existential over integers (Resize's n, Preempt's n) are split too,
    # one obligation per value of the model's range
    for step in ("Resize(j1, 1)", "Resize(j1, 2)", "Preempt(j1, g1, 0)", "Preempt(j1, g1, 1)"):
        assert f"IndNext {step}" in names
    assert "IndNext Next" not in names
    assert "IndProp: IndInv => PreemptAfterSeal" in names


def test_preempt_after_seal_alone_is_not_inductive() -> None:
    """Without SealBound a seal above the epoch could be the newest one."""
    assert _failed(prove_inductive(SPEC / "RRPLifecycleInd.tla", inv="PreemptAfterSealAlone"))


# (mutant, the obligation with a CTI, what its step leaves in the CTI's second state: variable ->
# a part of its value)
@pytest.mark.parametrize(("mutant", "obligation", "after"), [
    ("PreemptNoSeal", "IndNext Preempt(j1, g1, 0)", {"cause": 'j1 :> "preempt"'}),
    # shrinking without the seal: only the step to 1 leaf can break it (suspending still seals)
    ("PreemptShrinkNoSeal", "IndNext Preempt(j1, g1, 1)", {"cause": 'j1 :> "preempt"', "target": "j1 :> 1"}),
    ("DrainMovesWorkers", "Step Drain(j1) |= NoSteal", {}),
])
def test_mutants_fail_at_the_step_they_broke(mutant: str, obligation: str, after: dict[str, str],
                                             tmp_path: Path) -> None:
    # prove_inductive has no module search path (the checker's --lib), and a mutant INSTANCEs RRP:
    # prove a copy placed beside RRP.tla
    for src in (SPEC / "mutants" / f"{mutant}.tla", SPEC / "RRP.tla"):
        shutil.copy(src, tmp_path)
    results = prove_inductive(tmp_path / f"{mutant}.tla", SPEC / "RRPLifecycleInd.cfg",
                              ind_module=SPEC / "RRPLifecycleInd.tla")
    failed = _failed(results)
    assert obligation in failed and failed[obligation].result == "cti"
    for var, part in after.items():
        assert part in failed[obligation].witness["state2"][var]
