"""TLC's traces are behaviours of the spec under the built-in semantics, and TLC's figures agree
with the built-in engine's on the same model (engine agreement on recorded runs)."""

import pytest

from phalanx_verify.check.model import load_model
from phalanx_verify.check.run import check_files
from phalanx_verify.tlc.agree import engine_differences
from phalanx_verify.tlc.output import parse_tool_output
from phalanx_verify.tlc.run import spec_variables
from tests.tlc.tlc_helpers import REF, model_copy, needs_ref

TRACES = ["commitnoepoch_L7", "noseal_L6", "commitnoguard_nosteal_L7", "feasiblenoexcl_L6", "noabort_L7"]


def tlc_report(spec, name):
    return parse_tool_output((REF / name / "tool.out").read_text(), name, spec_variables(spec))


@needs_ref
@pytest.mark.parametrize("name", TRACES)
def test_tlc_trace_replays_under_builtin_semantics(tmp_path, name):
    spec, cfg = model_copy(tmp_path, name)
    model = load_model(spec, cfg)
    trace = tlc_report(spec, name).trace
    states = [st.state for st in trace.steps]
    assert states[0] in set(model.init())
    for k, (s, t) in enumerate(zip(states, states[1:], strict=False), 2):
        assert t in {succ for _, _, succ in model.next(s)}, f"state {k} is not a successor of state {k - 1}"
    if trace.loop == "back_to":
        assert states[trace.back_to - 1] in {succ for _, _, succ in model.next(states[-1])}


@needs_ref
def test_trace_end_states_show_the_violation(tmp_path):
    spec, cfg = model_copy(tmp_path, "commitnoepoch_L7")
    model = load_model(spec, cfg)
    last = tlc_report(spec, "commitnoepoch_L7").trace.steps[-1].state
    assert not dict(model.invariants)["RestoreReady"](last)
    spec, cfg = model_copy(tmp_path, "noseal_L6")
    model = load_model(spec, cfg)
    assert list(model.next(tlc_report(spec, "noseal_L6").trace.steps[-1].state)) == []  # deadlock


@needs_ref
@pytest.mark.parametrize("name", ["commitnoepoch_L7", "noseal_L6"])
def test_safety_trace_length_matches_builtin(tmp_path, name):
    spec, cfg = model_copy(tmp_path, name)
    builtin = check_files(spec, cfg)
    tlc = tlc_report(spec, name)
    assert len(tlc.trace.steps) == len(builtin.trace.steps)
    assert engine_differences(builtin, tlc) == []  # same verdict; counts of stopped runs not compared


@needs_ref
def test_complete_run_counts_agree_with_builtin(tmp_path):
    spec, cfg = model_copy(tmp_path, "base_L6")
    builtin = check_files(spec, cfg, liveness=False)  # the same counts as the full run, in half the time
    tlc = tlc_report(spec, "base_L6")
    assert engine_differences(builtin, tlc) == []
    assert (builtin.generated, builtin.distinct, builtin.depth) == (tlc.generated, tlc.distinct, tlc.depth)
