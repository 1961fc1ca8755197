"""Every state the explicit-state checker reaches satisfies IndInv, read by both engines."""

from __future__ import annotations

from pathlib import Path

import z3

from phalanx_verify.check.bfs import explore
from phalanx_verify.check.model import load_model
from phalanx_verify.check.report import Report
from phalanx_verify.prove.crosscheck import crosscheck
from phalanx_verify.prove.inductive import Problem
from phalanx_verify.prove.state import pin

SPEC = Path(__file__).resolve().parents[2] / "spec"


def test_six_leaf_reachable_states_satisfy_indinv() -> None:
    cc = crosscheck(SPEC / "RRPInd.tla", SPEC / "RRPInd_L6.cfg", sample_every=400)
    assert cc.checker_verdict == "ok" and cc.states == 43070
    assert cc.z3_sampled > 100 and cc.z3_false == []


def test_pinned_state_that_breaks_sealbound_is_seen_by_z3() -> None:
    model = load_model(SPEC / "RRPInd.tla", SPEC / "RRPInd_L6.cfg")
    space = explore(model, Report(model="L6"))
    assert space is not None
    state = dict(zip(model.variables, space.states[0], strict=True))
    state["sealed"] = {j: frozenset({5}) for j in state["sealed"]}  # seals above epoch 0
    problem = Problem(model)
    s = problem.z.solver()
    s.add(*[pin(problem.cur[v], x, problem.atoms) for v, x in state.items()])
    s.add(problem.inv_now)
    assert s.check() == z3.unsat
