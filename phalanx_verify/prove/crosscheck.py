"""Cross-check of the z3 proof with the explicit-state checker: every state the checker reaches
satisfies the candidate invariant (as the checker's compiled evaluator reads it), and on a sample
of those states the z3 translation of the candidate is true too (the two readings of the same
AST agree). A proof whose translation disagreed with the checker would prove the wrong formula.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import z3

from ..check.bfs import explore
from ..check.model import load_model
from ..check.report import Report
from .inductive import Problem
from .state import pin


@dataclass
class CrossCheck:
    states: int
    checker_verdict: str
    z3_sampled: int
    z3_false: list[int]
    seconds: float


def crosscheck(spec: str | Path, config: str | Path, inv: str = "IndInv", sample_every: int = 1000) -> CrossCheck:
    """The config must name ``inv`` as its invariant (see spec/RRPInd_L6.cfg)."""
    start = time.monotonic()
    model = load_model(spec, config)
    report = Report(model=str(config))
    space = explore(model, report)
    states = space.states if space is not None else []
    problem = Problem(model, inv)
    solver = z3.Solver()
    solver.add(z3.Not(problem.inv_now))
    false_at = []
    sampled = 0
    for i in range(0, len(states), max(sample_every, 1)):
        pins = [pin(problem.cur[v], x, problem.atoms) for v, x in zip(problem.variables, states[i], strict=True)]
        sampled += 1
        if solver.check(*pins) != z3.unsat:
            false_at.append(i)
    return CrossCheck(len(states), report.verdict, sampled, false_at, time.monotonic() - start)
