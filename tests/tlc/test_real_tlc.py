"""Integration with a real tla2tools.jar: runs only where PHALANX_TLA2TOOLS names one (none can
be installed on the project's machines; whoever has a jar checks this path)."""

import os

import pytest

from phalanx_verify.check.run import check_files
from phalanx_verify.tlc.agree import engine_differences
from phalanx_verify.tlc.output import parse_tool_output
from phalanx_verify.tlc.run import TLCOptions, run_tlc, spec_variables
from tests.tlc.tlc_helpers import REF, model_copy, needs_ref

pytestmark = [needs_ref, pytest.mark.skipif(
    not os.environ.get("PHALANX_TLA2TOOLS"),
    reason="PHALANX_TLA2TOOLS is not set: no real tla2tools.jar on this machine")]


@pytest.mark.parametrize("jvm_mode", ["subprocess", "inprocess"])
@pytest.mark.parametrize("name", ["noseal_L6", "commitnoepoch_L7", "base_L6"])
def test_real_tlc_matches_its_recording(tmp_path, name, jvm_mode):
    if jvm_mode == "inprocess":
        pytest.importorskip("jpype", reason="jpype1 is not installed")
    spec, cfg = model_copy(tmp_path, name)
    report = run_tlc(spec, cfg, TLCOptions(jvm_mode=jvm_mode))
    recorded = parse_tool_output((REF / name / "tool.out").read_text(), name, spec_variables(spec))
    assert (report.verdict, report.violated, report.exit_code) == (
        recorded.verdict, recorded.violated, recorded.exit_code)
    if recorded.trace is not None:
        assert len(report.trace.steps) == len(recorded.trace.steps)
    if recorded.complete:
        assert (report.generated, report.distinct, report.depth) == (
            recorded.generated, recorded.distinct, recorded.depth)


def test_real_tlc_agrees_with_builtin(tmp_path):
    spec, cfg = model_copy(tmp_path, "noseal_L6")
    assert engine_differences(check_files(spec, cfg), run_tlc(spec, cfg)) == []
