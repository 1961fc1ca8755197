"""Cross-check of the z3 proof with the explicit-state checker. A proof whose translation
disagreed with the checker would prove the wrong formula, so the two readings of the same AST
are compared where the checker has answers:

- ``crosscheck``: every state the checker reaches satisfies the candidate invariant (as the
  checker's compiled evaluator reads it), and on a sample of them z3's translation is true too;
- ``agreement``: z3's Init holds on every initial state and on no generated non-initial one,
  z3's Next holds on every step the checker generates and on no generated non-step (a real
  successor with one variable changed), the checker's own ``check_init``/``check_step`` saying
  which is which.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import z3

from ..check.bfs import explore
from ..check.model import Model, load_model
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
    solver = problem.z.solver()
    solver.add(z3.Not(problem.inv_now))
    false_at = []
    sampled = 0
    for i in range(0, len(states), max(sample_every, 1)):
        pins = [pin(problem.cur[v], x, problem.atoms) for v, x in zip(problem.variables, states[i], strict=True)]
        sampled += 1
        if solver.check(*pins) != z3.unsat:
            false_at.append(i)
    return CrossCheck(len(states), report.verdict, sampled, false_at, time.monotonic() - start)


# -- the translation of Init and Next against the checker's own states and steps ----------------
@dataclass
class Agreement:
    """How z3's Init and Next read the checker's states and steps. Every list must be empty:
    ``missed`` holds checker steps z3's Next rejects, ``extra`` generated non-steps z3 accepts
    (likewise for Init), ``unknown`` the queries z3 could not decide."""

    edges: int = 0
    non_edges: int = 0
    init_states: int = 0
    non_init: int = 0
    missed: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.missed or self.extra or self.unknown)


class TranslationCheck:
    """z3's Init(s) and Next(s, t) (the translation the proofs use) evaluated on concrete states
    pinned to the checker's values. ``Problem`` needs a candidate: the type invariant serves.
    ``reference`` is the model whose checker judges the states (default ``model`` itself; a
    test gives z3 a mutant's translation and the checker the spec's, to see a difference caught)."""

    def __init__(self, model: Model, inv: str = "TypeOK", reference: Model | None = None) -> None:
        self.model = reference or model
        self.problem = Problem(model, inv)
        p = self.problem
        nxt = p.tr.formula(model.next_part.expr, p._env_of(model.next_part))
        self._init = p.z.solver()
        self._init.add(p.init, *p.tr.choice_instances([p.init], p.int_terms))
        self._next = p.z.solver()
        self._next.add(nxt, *p.tr.choice_instances([nxt], p.int_terms))

    def _pins(self, sym_state: dict[str, Any], state: tuple) -> list[z3.BoolRef]:
        p = self.problem
        return [pin(sym_state[v], x, p.atoms) for v, x in zip(p.variables, state, strict=True)]

    def _holds(self, solver: z3.Solver, pins: list[z3.BoolRef], what: str, out: Agreement) -> bool | None:
        solver.push()
        solver.add(*pins)
        res = solver.check()
        solver.pop()
        if res == z3.unknown:
            out.unknown.append(f"{what}: z3 {solver.reason_unknown()}")
            return None
        return res == z3.sat

    def init_state(self, s: tuple, out: Agreement) -> None:
        """The checker's verdict on s (``Model.check_init``) must be z3's."""
        self._judge(self._init, self._pins(self.problem.cur, s), self.model.check_init(s),
                    f"Init({self._text(s)})", ("init_states", "non_init"), out)

    def step(self, s: tuple, t: tuple, out: Agreement) -> None:
        """The checker's verdict on (s, t) (``Model.check_step``) must be z3's."""
        self._judge(self._next, self._pins(self.problem.cur, s) + self._pins(self.problem.nxt, t),
                    bool(self.model.check_step(s, t)), f"Next({self._text(s)}, {self._text(t)})",
                    ("edges", "non_edges"), out)

    def _judge(self, solver: z3.Solver, pins: list[z3.BoolRef], expected: bool, text: str,
               counters: tuple[str, str], out: Agreement) -> None:
        """Count the case (first counter when the checker says yes), record any difference."""
        got = self._holds(solver, pins, text, out)
        name = counters[0] if expected else counters[1]
        setattr(out, name, getattr(out, name) + 1)
        if got is not None and got != expected:
            (out.missed if expected else out.extra).append(text)

    def _text(self, s: tuple) -> str:
        return ", ".join(f"{v}={x}" for v, x in zip(self.problem.variables, s, strict=True))


def mutate_one(t: tuple, others: list[tuple], rng: random.Random) -> tuple | None:
    """t with one variable's value taken from another state, when some state differs there."""
    i = rng.randrange(len(t))
    choices = [o[i] for o in others if o[i] != t[i]]
    if not choices:
        return None
    return t[:i] + (rng.choice(choices),) + t[i + 1:]


def agreement(model: Model, states: list[tuple], every_edge: bool = True, seed: int = 0,
              check: TranslationCheck | None = None) -> Agreement:
    """Init and Next of z3 against the checker on ``states`` (reachable ones): every successor
    the checker generates from each state (or one per state unless ``every_edge``), one
    generated non-edge per state (a successor with one variable changed), every initial state,
    and as many generated non-initial states."""
    rng = random.Random(seed)
    tc = check or TranslationCheck(model)
    out = Agreement()
    initial = list(dict.fromkeys(model.init()))
    for s in initial:
        tc.init_state(s, out)
        bad = mutate_one(s, states, rng)
        if bad is not None:
            tc.init_state(bad, out)
    for s in states:
        succs = list(dict.fromkeys(t for _, _, t in model.next(s)))
        for t in succs if every_edge else succs[:1]:
            tc.step(s, t, out)
        if succs:
            bad = mutate_one(rng.choice(succs), states, rng)
            if bad is not None:
                tc.step(s, bad, out)
    return out
