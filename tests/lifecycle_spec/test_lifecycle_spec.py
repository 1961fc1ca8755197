"""spec/RRPLifecycle.tla (issue 16): every lifecycle trigger is RRP's Plan -> Commit -> Restore.

The small model holds every property (the paper's, the strengthened and the lifecycle's, liveness
included) with TLC's counts; each mutant is killed by the property named for it in
spec/mutants/manifest.toml (verdicts and trace lengths from real TLC runs); and the unification
check is shown both ways: the widened refinement holds, RRP's Next alone fails at a trigger.
"""

from pathlib import Path

import pytest

from phalanx_verify.campaign import load_campaign, violated_property
from phalanx_verify.check.run import check_files

SPEC = Path(__file__).resolve().parents[2] / "spec"
TRIGGERS = ("Drain(", "Defrag(", "Resize(", "Preempt(", "Resume(", "Finish(")


@pytest.mark.slow
def test_two_leaf_model_holds_every_property_with_tlcs_counts():
    r = check_files(SPEC / "RRPLifecycle.tla", SPEC / "RRPLifecycle.cfg")
    # real TLC (tla2tools, -workers 1 -lncheck final): 376,457 generated, 119,255 distinct, depth 63
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 376457, 119255, 63)


def test_a_trigger_is_no_step_of_rrps_own_next():
    """StrictlyRRP == [][R!Next]_rrpvars fails, and the step that breaks it is a trigger: RRP's
    Detect needs a dead leaf (LIFECYCLE.md, 'Where the lifecycle needs more than RRP')."""
    r = check_files(SPEC / "RRPLifecycle.tla", SPEC / "RRPLifecycle_strict.cfg")
    assert (r.verdict, r.violated, len(r.trace.steps)) == ("action_property", "StrictlyRRP", 2)
    assert r.trace.steps[-1].action.startswith(TRIGGERS)


# (module, config, verdict, violated, trace length or None, the action of the last step)
MUTANTS = [
    ("DrainMovesWorkers", "RRPLifecycle_L3", "action_property", "NoSteal", 3, "Drain("),
    ("PreemptNoSeal", "RRPLifecycle", "invariant", "PreemptAfterSeal", 7, "Preempt("),
    ("PreemptShrinkNoSeal", "RRPLifecycle", "invariant", "PreemptAfterSeal", 7, "Preempt(j1, g1, 1)"),
    ("DefragNoGuard", "RRPLifecycle_L3", "action_property", "NoSteal", 6, "Commit("),
    ("ResizeKeepsEpoch", "RRPLifecycle", "invariant", "RestoreReady", 4, "Commit("),
    ("GrowOntoSuspect", "RRPLifecycle_L3_grow", "action_property", "SuspectAvoided", 5, "Commit("),
    # liveness: a leads-to counterexample is a lasso; its length is the search's, not TLC's
    ("PreemptUnfair", "RRPLifecycle_live_gang", "temporal_property", "GangPlaced", None, None),
    ("ResumeUnfair", "RRPLifecycle_live_preempted", "temporal_property", "PreemptedRuns", None, None),
    ("DrainEvacuates", "RRPLifecycle_live_drain", "temporal_property", "DrainLive", None, None),
]


# Where TLC prints another name than the property's (recorded from TLC runs): NoSteal == R!NoSteal
# is reported by the instance's definition. The others printed the property's own name.
TLC_NAMES = {"DrainMovesWorkers": "R!NoSteal", "DefragNoGuard": "R!NoSteal"}


@pytest.mark.parametrize(("module", "config", "verdict", "violated", "length", "last"), MUTANTS,
                         ids=[m[0] for m in MUTANTS])
def test_each_mutant_is_killed_by_its_property(module, config, verdict, violated, length, last):
    r = check_files(SPEC / "mutants" / f"{module}.tla", SPEC / f"{config}.cfg", lib=[SPEC])
    assert (r.verdict, r.violated) == (verdict, TLC_NAMES.get(module, violated))
    run = next(x for x in load_campaign(SPEC / "campaign.toml").runs
               if x.mutant == module and x.config.name == f"{config}.cfg")
    assert violated_property(run, r) == violated  # the kill the campaign counts, by the cfg's property
    if length is not None:
        assert len(r.trace.steps) == length
    if last is not None:
        assert r.trace.steps[-1].action.startswith(last)


def test_the_manifest_names_the_same_killers():
    """The campaign's expectations and this test's table cannot drift apart."""
    runs = {r.mutant: r for r in load_campaign(SPEC / "campaign.toml").runs if r.mutant}
    for module, config, verdict, violated, length, _ in MUTANTS:
        run = runs[module]
        assert (run.config.name, run.expect.verdict, run.expect.violated) == (f"{config}.cfg", verdict, violated)
        assert run.expect.trace_length == length


def test_a_shrunk_victim_runs_beside_the_gang_it_made_room_for(tmp_path: Path) -> None:
    """The smaller-template path is reachable in the 2-leaf model, not only allowed: j1 preempted
    onto 1 leaf and g1 placed on the other, both running (so the model's count covers it). The
    invariant claiming it never happens is violated, and the behaviour passes Preempt(j1, g1, 1)."""
    (tmp_path / "ShrinkReach.tla").write_text(
        "---- MODULE ShrinkReach ----\nEXTENDS RRPLifecycle\n"
        "NeverBoth == ~\\E j \\in Job \\ High, h \\in High :\n"
        '  cause[j] = "preempt" /\\ target[j] = 1 /\\ phase[j] = "Run" /\\ phase[h] = "Run"\n'
        "  /\\ Assigned(j) # {} /\\ Assigned(h) # {}\n====\n")
    cfg = (SPEC / "RRPLifecycle.cfg").read_text().split("INVARIANTS")[0]
    (tmp_path / "ShrinkReach.cfg").write_text(cfg + "INVARIANT NeverBoth\n")
    r = check_files(tmp_path / "ShrinkReach.tla", tmp_path / "ShrinkReach.cfg", lib=[SPEC])
    assert (r.verdict, r.violated) == ("invariant", "NeverBoth")
    assert any(s.action and s.action.startswith("Preempt(j1, g1, 1)") for s in r.trace.steps)
