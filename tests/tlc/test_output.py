"""TLC's -tool output read into Reports: every recording, and broken output."""

import re

import pytest

from phalanx_verify.tla.errors import ConfigError, ParseError
from phalanx_verify.tla.modules import Loader
from phalanx_verify.tla.values import Fcn, ModelValue, format_value
from phalanx_verify.tlc.output import ToolOutput, parse_tool_output, progress_of
from phalanx_verify.tlc.values import TLCValueError
from tests.tlc.tlc_helpers import REF, needs_ref

# Figures as printed in each recording (messages 2199, 2194, 2186) and its exit-code file.
EXPECTED = {
    # name: (verdict, violated, generated, distinct, depth, queue, seconds, complete, states, loop, back_to)
    "base_L6": ("ok", None, 120000, 43070, 13, 0, 7.393, True, None, None, None),
    "commitnoepoch_L7": ("invariant", "RestoreReady", 48361, 22444, 5, 15013, 7.296, False, 5, None, None),
    "commitnoguard_nosteal_L7": ("action_property", "NoSteal", 909172, 387382, 9, 158055, 15.686, False, 9,
                                 None, None),
    "feasiblenoexcl_L6": ("temporal_property", "ReformLive", 54932, 27909, 6, 21402, 3.648, False, 5,
                          "back_to", 4),
    "noabort_L7": ("temporal_property", "ReformLive", 1480370, 624102, 10, 153410, 66.979, False, 9,
                   "stuttering", None),
    "noseal_L6": ("deadlock", None, 20900, 11120, 7, 4379, 2.559, False, 7, None, None),
}
VARS = ["live", "epoch", "phase", "alloc", "sealed", "plan", "failCount"]


def read(name: str, variables=VARS):
    folder = REF / name
    return parse_tool_output((folder / "tool.out").read_text(), name, variables,
                             str(folder / "RRP.tla"), str(folder / "model.cfg"))


def recorded_exit(name: str) -> int:
    return int(re.search(r"\d+", (REF / name / "exit-code").read_text()).group())


@needs_ref
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recording_counts_verdict_exit_code(name):
    r = read(name)
    verdict, violated, gen, dist, depth, queue, secs, complete, states, loop, back_to = EXPECTED[name]
    assert (r.verdict, r.violated, r.generated, r.distinct, r.depth, r.queue, r.seconds, r.complete) == (
        verdict, violated, gen, dist, depth, queue, secs, complete)
    assert r.exit_code == recorded_exit(name)
    assert r.engine == "tlc"
    if states is None:
        assert r.trace is None
    else:
        assert (len(r.trace.steps), r.trace.loop, r.trace.back_to) == (states, loop, back_to)
        assert r.trace.variables == VARS  # declaration order, not TLC's printing order


def _printed_states(text: str) -> list[dict[str, str]]:
    """An independent reading of the trace states: the raw value text of each variable."""
    states = []
    for block in re.findall(r"@!@!@STARTMSG 2217:\d+ @!@!@\n(.*?)@!@!@ENDMSG 2217", text, re.S):
        body = block.split("\n", 1)[1]
        states.append({m.group(1): m.group(2) for m in re.finditer(r"^/\\ (\w+) = (.*?)(?=^/\\ |\Z)", body,
                                                                       re.S | re.M)})
    return states


@needs_ref
@pytest.mark.parametrize("name", [n for n, e in EXPECTED.items() if e[8]])
def test_every_trace_state_is_recovered_exactly(name):
    """Each parsed value prints back to TLC's text (whitespace aside), for every state and
    variable of every recorded trace."""
    r = read(name)
    printed = _printed_states((REF / name / "tool.out").read_text())
    assert len(printed) == len(r.trace.steps)
    for k, (raw, step) in enumerate(zip(printed, r.trace.steps, strict=True)):
        assert set(raw) == set(VARS)
        for var, value in zip(VARS, step.state, strict=True):
            assert re.sub(r"\s", "", format_value(value)) == re.sub(r"\s", "", raw[var]), (k, var)


@needs_ref
def test_trace_values_and_actions():
    r = read("commitnoepoch_L7")
    last = dict(zip(VARS, r.trace.steps[-1].state, strict=True))
    none, j1, j2 = ModelValue("none"), ModelValue("j1"), ModelValue("j2")
    assert last["alloc"] == Fcn({ModelValue("l1"): none, ModelValue("l2"): j1, ModelValue("l3"): none,
                                 ModelValue("l4"): none, ModelValue("l5"): j2, ModelValue("l6"): j2,
                                 ModelValue("l7"): j2})
    assert last["phase"] == Fcn({j1: "Restore", j2: "Run"})
    assert last["sealed"] == Fcn({j1: frozenset({0}), j2: frozenset({0})})
    assert last["failCount"] == 1
    assert r.trace.steps[0].action is None
    assert r.trace.steps[4].action == "Commit(j1) line 19, col 14 to line 21, col 100 of module RRP"
    itf = r.trace.to_json()
    assert itf["states"][4]["alloc"]["#map"][0] == ["l1", "none"]


@needs_ref
def test_lasso_serialises_like_the_builtin_engine():
    loop = read("feasiblenoexcl_L6").trace
    assert loop.to_json()["loop"] == 3 and loop.render().endswith("Back to state 4.")
    stutter = read("noabort_L7").trace
    assert stutter.to_json()["#meta"] == {"stuttering": True}
    assert stutter.render().endswith("State 10: Stuttering")


@needs_ref
def test_printing_order_without_declared_variables():
    r = read("noseal_L6", variables=None)
    assert r.trace.variables == ["live", "epoch", "alloc", "phase", "failCount", "plan", "sealed"]


@needs_ref
def test_parse_error_has_sany_position_and_exit_150():
    with pytest.raises(ParseError) as info:
        read("parse_error")
    assert info.value.exit_code == recorded_exit("parse_error") == 150
    assert info.value.pos.line == 17 and info.value.pos.col == 30
    assert "Was expecting" in info.value.line() and "\n" not in info.value.line()


@needs_ref
def test_config_error_points_at_the_name_and_exits_151():
    with pytest.raises(ConfigError) as info:
        read("cfg_error")
    assert info.value.exit_code == recorded_exit("cfg_error") == 151
    assert "NoSuchInvariant" in info.value.line() and "\n" not in info.value.line()
    cfg_lines = (REF / "cfg_error" / "model.cfg").read_text().splitlines()
    assert "NoSuchInvariant" in cfg_lines[info.value.pos.line - 1]


@needs_ref
def test_recorded_specs_declare_the_variables_used_here():
    for name in EXPECTED:
        assert Loader([REF / name]).load_root(REF / name / "RRP.tla").variables == VARS


@needs_ref
def test_progress_messages():
    out = ToolOutput().feed_text((REF / "base_L6" / "tool.out").read_text())
    seen = [p for p in map(progress_of, out.messages) if p]
    assert seen[0] == {"generated": 46405, "distinct": 21517, "queue": 9537, "depth": 9}
    assert seen[-1] == {"generated": 120000, "distinct": 43070, "queue": 0, "depth": 13}


# -- broken output -------------------------------------------------------------------------

ONE_VAR = """@!@!@STARTMSG 2110:1 @!@!@
Invariant Small is violated.
@!@!@ENDMSG 2110 @!@!@
@!@!@STARTMSG 2121:1 @!@!@
The behavior up to this point is:
@!@!@ENDMSG 2121 @!@!@
@!@!@STARTMSG 2217:4 @!@!@
1: <Initial predicate>
x = {1, 2}

@!@!@ENDMSG 2217 @!@!@
@!@!@STARTMSG 2217:4 @!@!@
2: <Next line 5, col 9 to line 5, col 20 of module M>
x = %s

@!@!@ENDMSG 2217 @!@!@
@!@!@STARTMSG 2199:0 @!@!@
3 states generated, 2 distinct states found, 0 states left on queue.
@!@!@ENDMSG 2199 @!@!@
"""


def test_single_variable_states_print_without_conjunction():
    r = parse_tool_output(ONE_VAR % "[a |-> <<1, \"s\">>, b |-> {}]")
    assert r.verdict == "invariant" and r.trace.variables == ["x"]
    assert r.trace.steps[1].state == (Fcn({"a": (1, "s"), "b": frozenset()}),)


def test_unreadable_value_is_one_line_naming_its_place():
    with pytest.raises(TLCValueError) as info:
        parse_tool_output(ONE_VAR % "{1, 2", "M")
    line = info.value.line()
    assert "\n" not in line and "state 2, x" in line and "M:12" in line and info.value.exit_code == 255


def test_state_that_is_not_an_assignment_fails():
    with pytest.raises(TLCValueError, match="name = value"):
        parse_tool_output(ONE_VAR.replace("x = {1, 2}", "garbage"))


def test_missing_trace_state_fails():
    with pytest.raises(TLCValueError, match="trace state 2 expected"):
        parse_tool_output(ONE_VAR.replace("2: <Next", "3: <Next") % "{}")


def test_output_without_verdict_is_an_error_report():
    r = parse_tool_output("@!@!@STARTMSG 2262:0 @!@!@\nTLC2 Version x\n@!@!@ENDMSG 2262 @!@!@\n")
    assert r.verdict == "error" and "without a verdict" in r.message and not r.complete


def test_output_cut_inside_a_message_is_truncated():
    out = ToolOutput().feed_text("@!@!@STARTMSG 2217:4 @!@!@\n1: <Initial predicate>\n/\\ x = ( a :> 1 @@\n")
    assert out.truncated and out.messages == []


def test_evaluation_error_message_is_an_error_verdict():
    r = parse_tool_output("@!@!@STARTMSG 1000:1 @!@!@\nTLC threw an unexpected exception.\n"
                          "@!@!@ENDMSG 1000 @!@!@\n")
    assert r.verdict == "error" and r.exit_code == 75 and "unexpected exception" in r.message


def test_property_violated_by_the_initial_state():
    """TLC's message for a property's state predicate false in an initial state (recorded from
    TLC2 on the conformance probe liveness/refinement_init_fails, exit 13; was read as an error)."""
    out = ("@!@!@STARTMSG 2189:0 @!@!@\nComputing initial states...\n@!@!@ENDMSG 2189 @!@!@\n"
           "@!@!@STARTMSG 2108:1 @!@!@\nProperty AInit is violated by the initial state:\nx = 0\n"
           "@!@!@ENDMSG 2108 @!@!@\n@!@!@STARTMSG 2186:0 @!@!@\nFinished in 767ms at (2026-12-05 07:57:53)\n"
           "@!@!@ENDMSG 2186 @!@!@\n")
    r = parse_tool_output(out)
    assert (r.verdict, r.violated, r.exit_code) == ("temporal_property", "AInit", 13), r.message
