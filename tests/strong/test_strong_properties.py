"""The strengthened property set of spec/RRP.tla (NoSteal, SealFenced): it leaves the state graph
alone, holds on the spec, and fails on the bugs the paper's properties let through."""

from pathlib import Path

from phalanx_verify.check.run import check_files

SPEC = Path(__file__).resolve().parents[2] / "spec"
MUTANTS = SPEC / "mutants"
PAPER_END = 'ReformLive == \\A j \\in Job : (phase[j] # "Run") ~> (phase[j] = "Run")\n'


def _actions(report) -> list[str | None]:
    return [s.action.split("(")[0] if s.action else None for s in report.trace.steps]


def test_strengthened_set_keeps_tlc_counts():
    r = check_files(SPEC / "RRP.tla", SPEC / "RRP_L6_strong.cfg")
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 120000, 43070, 13)


def test_every_rrp_mutant_carries_the_same_properties():
    """Both property sets apply to every mutant only if each one's properties are RRP.tla's."""
    props = (SPEC / "RRP.tla").read_text().split("(* properties *)\n", 1)[1]
    rrp_mutants = [m for m in MUTANTS.glob("*.tla") if "MODULE RRPResume" not in m.read_text()
                   and "R == INSTANCE RRP" not in m.read_text()]
    assert len(rrp_mutants) >= 8
    for m in rrp_mutants:
        assert m.read_text().split("(* properties *)\n", 1)[1] == props, m.name


def test_paper_part_untouched():
    """The paper's module ends at ReformLive; what follows is only the two added definitions, so
    every action keeps the line and column TLC reports for it."""
    text = (SPEC / "RRP.tla").read_text()
    added = text.split(PAPER_END, 1)[1]
    defs = [line.split(" == ")[0] for line in added.splitlines() if " == " in line and line[0].isalpha()]
    assert defs == ["NoSteal", "SealFenced"]


def test_seal_fenced_fails_on_a_seal_from_a_fenced_epoch():
    r = check_files(MUTANTS / "SealNoPhaseGuard.tla", SPEC / "RRP_L6_added.cfg")
    assert (r.verdict, r.violated, r.exit_code) == ("invariant", "SealFenced", 12)
    assert _actions(r) == [None, "Fail", "Detect", "Plan", "Commit", "Seal"]


def test_no_steal_fails_on_a_release_outside_the_commit():
    r = check_files(MUTANTS / "DetectReleases.tla", SPEC / "RRP_L6_added.cfg")
    assert (r.verdict, r.violated, r.exit_code) == ("action_property", "NoSteal", 13)
    assert _actions(r) == [None, "Fail", "Detect"]


def test_seal_fenced_also_catches_an_unfenced_commit():
    r = check_files(MUTANTS / "CommitNoEpoch.tla", SPEC / "RRP_L6_added.cfg")
    assert (r.verdict, r.violated, len(r.trace.steps)) == ("invariant", "SealFenced", 5)
