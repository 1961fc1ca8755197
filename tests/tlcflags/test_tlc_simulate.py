"""TLC's -simulate: random behaviours checked against invariants, action properties and deadlock
on every step, and temporal properties on each behaviour, reproducible from the seed. TLC's own run of data/S.tla (tlc2.TLC -simulate
-depth 100 -seed 1) stops at a deadlock, exit 11, as every behaviour of S ends at x = y = 20."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from phalanx_verify.check.model import load_model
from phalanx_verify.check.simulation import SimulationOptions, simulate_model
from tests.tlcflags.tlcflags_helpers import DATA, check

ROOT = Path(__file__).resolve().parents[2]


def test_a_deep_bug_is_found_and_the_behaviour_reaches_it() -> None:
    r = check("-simulate", "num=200", "-depth", "100", "-seed", "1", "-config", str(DATA / "S2.cfg"), "-q",
              str(DATA / "S2.tla"))
    assert r.exit_code == 12, r.output
    assert "Invariant Inv is violated." in r.stdout
    assert "Simulation using seed 1 and aril 0" in r.stdout
    last = r.stdout.split("State ")[-1]
    assert "/\\ x = 12" in last and "/\\ y = 3" in last


def test_the_same_seed_gives_the_same_behaviour_in_any_process(tmp_path: Path) -> None:
    """Successors are ordered canonically before the random choices, so Python's hash seed (which
    orders sets of strings) does not change the behaviours."""
    traces = []
    for hash_seed in ("0", "1", "123"):
        out = tmp_path / f"r{hash_seed}.json"
        subprocess.run([sys.executable, "-m", "phalanx_verify.cli", "check", "-simulate", "num=2000", "-seed", "7", "-config",
                        str(DATA / "S2.cfg"), "--json", str(out), "-q", str(DATA / "S2.tla")],
                       cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": hash_seed}, capture_output=True, check=False)
        traces.append(json.loads(out.read_text())["trace"])
    assert traces[0] == traces[1] == traces[2]
    other = simulate_model(load_model(DATA / "S2.tla", DATA / "S2.cfg"), SimulationOptions(seed=8))
    assert other.trace is not None and other.trace.to_json() != traces[0]


def test_a_correct_model_passes_the_requested_behaviours() -> None:
    """S2_ok: TypeOK and the action property Step hold on every step; 30 behaviours of 100 steps
    (101 states), each step generating the successor of the one action drawn (TLC's
    SimulationWorker tries one action, then others only where it has none), plus the one
    initial state, generated once: 3,001, TLC's figure and line (tlc2.TLC -simulate num=30 -seed 3)."""
    r = check("--simulate", "--traces", "30", "--seed", "3", "-c", str(DATA / "S2_ok.cfg"), "-q", str(DATA / "S2.tla"))
    assert r.exit_code == 0, r.output
    assert "The number of states generated: 3001" in r.stdout
    assert "30 traces generated (trace length: mean=100, var(x)=0, sd=0)" in r.stdout  # TLC's: at most -depth


def test_an_action_property_is_checked_on_each_step(tmp_path: Path) -> None:
    model = load_model(DATA / "S2.tla", DATA / "S2_ok.cfg")
    name, prop = model.properties[0].action_props[0]
    model.properties[0].action_props[0] = (name, lambda s, t: prop(s, t) and t[0] != 5)  # broken: x' = 5 fails
    report = simulate_model(model, SimulationOptions(traces=50, seed=1))
    assert (report.verdict, report.exit_code) == ("action_property", 13)
    assert report.trace is not None and report.trace.steps[-1].state[0] == 5


def test_deadlock_is_found_as_tlc_finds_it_and_minus_deadlock_turns_it_off() -> None:
    r = check("-simulate", "num=5", "-seed", "1", "-config", str(DATA / "S.cfg"), "-q", str(DATA / "S.tla"))
    assert r.exit_code == 11 and "Deadlock reached." in r.stdout
    r = check("-simulate", "num=5", "-seed", "1", "-deadlock", "-config", str(DATA / "S.cfg"), "-q",
              str(DATA / "S.tla"))
    assert r.exit_code == 0 and "5 traces generated" in r.stdout
    # each behaviour: 41 states, ending at the deadlock x = y = 20; TLC's own line (the level of
    # the last state, at most -depth, in Java's integer Welford)
    assert "201 states checked, 5 traces generated (trace length: mean=41, var(x)=0, sd=0)" in r.stdout


def test_temporal_properties_are_checked_on_each_behaviour() -> None:
    """As real TLC (tlc2.TLC -simulate num=20 -deadlock -seed 1): S_live (no fairness) violates
    <>(x = 20), a behaviour may stutter before x reaches 20, exit 13; S_fair (WF on Next) holds,
    every behaviour running to x = y = 20, exit 0 after the 20 behaviours."""
    r = check("-simulate", "num=20", "-deadlock", "-seed", "1", "-config", str(DATA / "S_live.cfg"), "-q",
              str(DATA / "S.tla"))
    assert r.exit_code == 13 and "Temporal property Live was violated." in r.stdout
    assert r.stdout.rstrip().splitlines()[-5].startswith("State ") and "Stuttering" in r.stdout
    r = check("-simulate", "num=20", "-deadlock", "-seed", "1", "-config", str(DATA / "S_fair.cfg"), "-q",
              str(DATA / "S.tla"))
    assert r.exit_code == 0 and "20 traces generated" in r.stdout, r.output


def test_liveness_on_rrp_behaviours_kills_the_mutant_and_passes_the_spec() -> None:
    """FeasibleNoExcl (a Plan/Abort cycle on another job's leaf) violates ReformLive on one of the
    first behaviours from seed 1, with a lasso; RRP itself passes 30 behaviours under its fairness
    (each behaviour is its own graph: nothing cached for one may leak into the next, which once
    reported a false violation of RRP here)."""
    mutant = simulate_model(load_model(Path("spec/mutants/FeasibleNoExcl.tla"), Path("spec/RRP_L6.cfg"),
                                       [Path("spec")]), SimulationOptions(traces=30, seed=1))
    assert (mutant.verdict, mutant.violated, mutant.exit_code) == ("temporal_property", "ReformLive", 13)
    assert mutant.trace is not None and mutant.trace.loop in ("back_to", "stuttering")
    spec = simulate_model(load_model(Path("spec/RRP.tla"), Path("spec/RRP_L6.cfg")), SimulationOptions(traces=30, seed=1))
    assert spec.verdict == "ok" and spec.extra["simulation"]["traces"] == 30


def test_simulation_finds_the_deep_rrp_mutant() -> None:
    """RestoreAnyEpoch (spec/mutants) violates ResumeNewest only after a job reformed twice: the
    shortest counterexample has 12 states. Random behaviours from seed 1 find it; the correct
    RRPResume with the same seed and as many behaviours does not fail."""
    cfg = Path("spec/RRPResume_L6_added.cfg")
    mutant = simulate_model(load_model(Path("spec/mutants/RestoreAnyEpoch.tla"), cfg, [Path("spec")]),
                            SimulationOptions(traces=300, seed=1), check_liveness_props=False)
    assert (mutant.verdict, mutant.violated) == ("invariant", "ResumeNewest")
    assert mutant.trace is not None and len(mutant.trace.steps) >= 12
    traces = mutant.extra["simulation"]["traces"]
    correct = simulate_model(load_model(Path("spec/RRPResume.tla"), cfg), SimulationOptions(traces=traces, seed=1),
                             check_liveness_props=False)
    assert correct.verdict == "ok" and correct.extra["simulation"]["traces"] == traces


def test_errors_while_simulating_exit_as_in_the_full_search() -> None:
    """A failed Assert in an action and a division by zero stop a simulation with the codes the
    full search gives them (14 and 255: one line, with the position). Real TLC's simulator reports
    both as an unexpected exception (exit 255), its model checker the Assert as 14 and the
    division as 255; the codes of this tool stay the same in both modes."""
    for cfg, code, text in (("E.cfg", 14, "x reached 2"), ("E_div.cfg", 255, "")):
        full = check("-config", str(DATA / cfg), "-q", str(DATA / "E.tla"))
        sim = check("-simulate", "num=3", "-seed", "1", "-config", str(DATA / cfg), "-q", str(DATA / "E.tla"))
        assert full.exit_code == sim.exit_code == code, (cfg, full.output, sim.output)
        assert text in sim.stderr and "E.tla:" in sim.stderr and "Traceback" not in sim.output
        assert "The behavior up to this point is:" in sim.stdout


def test_ctrl_c_stops_an_endless_simulation(tmp_path: Path) -> None:
    """Without num=N a simulation runs until a violation or Ctrl-C, as TLC's; Ctrl-C prints the
    figures so far, marks the JSON interrupted and exits 130."""
    out = tmp_path / "r.json"
    proc = subprocess.Popen([sys.executable, "-m", "phalanx_verify.cli", "check", "-simulate", "-seed", "1",
                             "-config", str(DATA / "S2_ok.cfg"), "--json", str(out), str(DATA / "S2.tla")],
                            cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while "behaviours" not in proc.stderr.readline():  # a progress line: it is simulating
            assert proc.poll() is None and time.monotonic() < deadline
        os.killpg(proc.pid, signal.SIGINT)
        stdout, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert "Interrupted (Ctrl-C)" in stdout and "traces generated" in stdout
    report = json.loads(out.read_text())
    assert report["interrupted"] and report["extra"]["simulation"]["traces"] > 0


LEVEL_SPEC = """---- MODULE SimLevel ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0
Next == x' = x + 1
Lvl == TLCGet("level") < 5
Show == PrintT(<<x, TLCGet("level")>>)
====
"""


def test_tlcget_level_is_the_position_in_the_behaviour(tmp_path: Path) -> None:
    """TLC's simulation gives TLCGet("level") the state's position in the behaviour (1 for an
    initial state): its run of this module (TLC's test-model EWD998 Github858 reduced) prints
    <<0, 1>>, <<1, 2>>, ... and finds Lvl violated at x = 4 (exit 12), where a level stuck at 0
    simulated forever."""
    (tmp_path / "SimLevel.tla").write_text(LEVEL_SPEC)
    (tmp_path / "SimLevel.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Lvl\n")
    r = check("-simulate", "num=3", "-seed", "1", "-config", str(tmp_path / "SimLevel.cfg"), str(tmp_path / "SimLevel.tla"))
    assert r.exit_code == 12, r.output
    assert "Invariant Lvl is violated." in r.stdout
    assert "/\\ x = 4" in r.stdout.split("State ")[-1]
    (tmp_path / "Show.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Show\n")
    r = check("-simulate", "num=1", "-depth", "4", "-seed", "1", "-config", str(tmp_path / "Show.cfg"),
              str(tmp_path / "SimLevel.tla"))
    assert r.exit_code == 0, r.output
    assert [line for line in r.output.splitlines() if line.startswith("<<")] == \
        ["<<0, 1>>", "<<1, 2>>", "<<2, 3>>", "<<3, 4>>", "<<4, 5>>"]  # TLC's five lines, -depth 4


def test_trace_is_the_behaviour_so_far(tmp_path: Path) -> None:
    """TLCExt!Trace in an invariant, while simulating: the behaviour up to the state checked (TLC's
    TLCExtTrace -simulate num=1: exit 0, every state passes)."""
    from tests.checker.test_tlc_regressions import TRACE_BASE
    (tmp_path / "T.tla").write_text(f"---- MODULE T ----\n{TRACE_BASE}\n====\n")
    (tmp_path / "T.cfg").write_text("SPECIFICATION Spec\nINVARIANT Inv\nCONSTRAINT Inv\n")
    r = check("-simulate", "num=1", "-deadlock", "-seed", "1", "-config", str(tmp_path / "T.cfg"), str(tmp_path / "T.tla"))
    assert r.exit_code == 0, r.output
    assert "The number of states generated: 10" in r.stdout
