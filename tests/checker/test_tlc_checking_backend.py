"""The real-TLC backend reads the verdicts TLC names by a source range (issue #13, item 12):
``Action property line 28, col 17 to line 28, col 29 of module RRP is violated.`` keeps that
name, which the built-in engine gives too, and positions.property_of tells the PROPERTY that
contains that position; and TLC's own exit codes for assumptions and Assert."""

from __future__ import annotations

from pathlib import Path

from phalanx_verify.check.run import check_files
from phalanx_verify.tlc.agree import engine_differences
from phalanx_verify.tlc.output import parse_tool_output
from phalanx_verify.tlc.positions import property_at, property_of

SPEC = Path(__file__).resolve().parents[2] / "spec"

ABS = """---- MODULE Abs ----
EXTENDS Naturals
VARIABLE b
AInit == b = 0
ANext == b' = 1 - b
ASpec == AInit /\\ [][ANext]_b
====
"""
ROOT = """---- MODULE Ref ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 4
Spec == Init /\\ [][Next]_x
Ab == INSTANCE Abs WITH b <- IF x = 2 THEN 5 ELSE x % 2
Other == [][x' # 7]_x
Refines == Ab!ASpec
====
"""
CFG = "SPECIFICATION Spec\nPROPERTIES Other Refines\n"

# The shape of TLC's -tool output for such a violation (message codes as in ../shared/reference/tlc).
OUTPUT = """@!@!@STARTMSG 2112:1 @!@!@
Action property line %s of module %s is violated.
@!@!@ENDMSG 2112 @!@!@
@!@!@STARTMSG 2121:1 @!@!@
The behavior up to this point is:
@!@!@ENDMSG 2121 @!@!@
@!@!@STARTMSG 2217:4 @!@!@
1: <Initial predicate>
x = 0

@!@!@ENDMSG 2217 @!@!@
@!@!@STARTMSG 2217:4 @!@!@
2: <Next line 5, col 9 to line 5, col 24 of module Ref>
x = 1

@!@!@ENDMSG 2217 @!@!@
@!@!@STARTMSG 2199:0 @!@!@
3 states generated, 3 distinct states found, 1 states left on queue.
@!@!@ENDMSG 2199 @!@!@
"""


def write(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "Abs.tla").write_text(ABS)
    spec, cfg = tmp_path / "Ref.tla", tmp_path / "Ref.cfg"
    spec.write_text(ROOT)
    cfg.write_text(CFG)
    return spec, cfg


def test_action_property_named_by_position_keeps_the_name_and_maps_to_the_property(tmp_path):
    spec, cfg = write(tmp_path)
    # [][ANext]_b of Abs, line 6, cols 19 to 29.
    name = "line 6, col 19 to line 6, col 29 of module Abs"
    r = parse_tool_output(OUTPUT % ("6, col 19 to line 6, col 29", "Abs"), "Ref", ["x"], str(spec), str(cfg))
    assert (r.verdict, r.violated, r.exit_code) == ("action_property", name, 13)
    assert r.summary() == f"Action property {name} is violated."
    assert [s.state for s in r.trace.steps] == [(0,), (1,)]
    assert property_of(spec, ["Other", "Refines"], name) == "Refines"
    builtin = check_files(spec, cfg)
    assert (builtin.verdict, builtin.violated) == ("action_property", name)
    assert engine_differences(builtin, r) == []  # a stopped search: no counts compared


def test_a_position_in_no_property_maps_to_none(tmp_path):
    spec, cfg = write(tmp_path)
    # Spec's own [][Next]_x (line 6, col 17 of Ref) is no PROPERTY of this model.
    name = "line 6, col 17 to line 6, col 26 of module Ref"
    r = parse_tool_output(OUTPUT % ("6, col 17 to line 6, col 26", "Ref"), "Ref", ["x"], str(spec), str(cfg))
    assert (r.verdict, r.violated) == ("action_property", name)
    assert property_of(spec, ["Other", "Refines"], name) is None


def test_rrp_refinement_position_names_refines_rrp():
    # The message TLC gives on the RestoreGrabsSpares mutant (issue #13, item 12).
    props = ["EpochMonotone", "ReformLive", "RefinesRRP"]
    assert property_at(SPEC / "RRPResume.tla", props, "RRP", 28, 17) == "RefinesRRP"
    assert property_at(SPEC / "RRPResume.tla", props[:2], "RRP", 28, 17) is None


def test_assumption_verdict_from_tlc_output():
    out = """@!@!@STARTMSG 2104:1 @!@!@
Assumption line 4, col 8 to line 4, col 12 of module assume_false is false.
@!@!@ENDMSG 2104 @!@!@
"""
    r = parse_tool_output(out, "assume_false")
    assert (r.verdict, r.exit_code) == ("assumption", 10) and "line 4, col 8" in r.message
