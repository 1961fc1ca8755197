"""Incremental invariant checking (check/invariants.py) and the reads analysis behind it
(tla/reads.py): the reads must cover every variable an expression can depend on, and the
incremental checks must agree with evaluating every invariant from scratch."""

from __future__ import annotations

import itertools

from phalanx_verify.check.invariants import StateChecks
from phalanx_verify.check.model import load_model
from phalanx_verify.check.report import Report
from phalanx_verify.check.run import check_model
from phalanx_verify.tla import syntax as ast
from phalanx_verify.tla.compile import Ctx
from phalanx_verify.tla.reads import ReadsAnalysis
from tests.checker.specs import write_model

INNER = """---- MODULE Inner ----
EXTENDS Naturals
VARIABLE a
Get == a + 1
====
"""

BODY = """
VARIABLES x, y, z
I == INSTANCE Inner WITH a <- y
A == x + 1
B(v) == v + y
C == LET q == z IN q
RECURSIVE R(_)
R(n) == IF n = 0 THEN x ELSE R(n - 1)
F[n \\in 0..2] == IF n = 0 THEN z ELSE F[n - 1]
Init == x = 0 /\\ y = 0 /\\ z = 0
Next == \\/ x' = (x + 1) % 3 /\\ UNCHANGED <<y, z>>
        \\/ y' = (y + 1) % 4 /\\ UNCHANGED <<x, z>>
        \\/ z' = (z + 1) % 2 /\\ UNCHANGED <<x, y>>
TypeOK == /\\ x \\in 0..2 /\\ y \\in 0..3 /\\ z \\in 0..1
Small == /\\ A < 3 /\\ I!Get < 4 /\\ (C < 1 \\/ x = 0)
Mixed == B(x) < 4 /\\ F[2] + R(1) < 3
"""


def _reads(tmp_path, expr: str):
    (tmp_path / "Inner.tla").write_text(INNER)
    spec = write_model(tmp_path, BODY + f"Probe == {expr}\n", "INIT Init\nNEXT Next\n")
    model = load_model(spec)
    probe = ast.Name(model.scope.defs["Probe"][0].pos, "Probe")
    got = ReadsAnalysis(model.compiler).of(probe, Ctx(model.scope))
    return None if got is None else {model.variables[i] for i in got}


def test_reads_follow_definitions_instances_and_let(tmp_path):
    assert _reads(tmp_path, "A") == {"x"}
    assert _reads(tmp_path, "B(3)") == {"y"}
    assert _reads(tmp_path, "B(z)") == {"y", "z"}
    assert _reads(tmp_path, "C") == {"z"}
    assert _reads(tmp_path, "I!Get") == {"y"}  # the instance's a is the caller's y
    assert _reads(tmp_path, "\\A n \\in 0..x : n < 5") == {"x"}
    assert _reads(tmp_path, "{1, 2} \\cup {3}") == set()


def test_reads_give_up_where_they_cannot_bound_the_answer(tmp_path):
    assert _reads(tmp_path, "R(2)") is None  # recursion
    assert _reads(tmp_path, "F[1]") is None  # a recursive function definition
    assert _reads(tmp_path, "ENABLED (x' = 1)") is None
    assert _reads(tmp_path, "x' = x") is None


def _naive(model, t):
    """The first failing invariant, every invariant evaluated from scratch."""
    return next((("invariant", n) for n, f in model.invariants if not f(t)), None)


def test_incremental_checks_agree_with_evaluating_from_scratch(tmp_path):
    """On every step (s, t) of the full state space whose s passes, the incremental checks
    (which skip what s already settled and remember what they saw) give the naive answer."""
    (tmp_path / "Inner.tla").write_text(INNER)
    spec = write_model(tmp_path, BODY, "INIT Init\nNEXT Next\nINVARIANTS TypeOK Small Mixed\n")
    model = load_model(spec)
    states = list(itertools.product(range(3), range(4), range(2)))
    checks = StateChecks(model)
    failing = 0
    for rounds in range(2):  # the second round answers from the memo
        for s in states:
            assert checks(s) == _naive(model, s), s
            if _naive(model, s) is not None:
                continue
            for _, _, t in model.next(s):
                want = _naive(model, t)
                failing += want is not None
                assert checks(t, s) == want, (rounds, s, t)
    assert failing > 0  # the spec does violate its invariants, so the comparison can fail


def test_violation_is_the_naive_first_on_a_shortest_trace(tmp_path):
    """For each order of the invariants: every state of the counterexample but the last passes
    them all, the last fails, and the invariant named is the first one it fails."""
    (tmp_path / "Inner.tla").write_text(INNER)
    for order in ("TypeOK Mixed Small", "Mixed TypeOK Small", "Small Mixed"):
        spec = write_model(tmp_path, BODY, f"INIT Init\nNEXT Next\nINVARIANTS {order}\n")
        model = load_model(spec)
        r: Report = check_model(model)
        states = [st.state for st in r.trace.steps]
        assert all(_naive(model, s) is None for s in states[:-1])
        assert (r.verdict, r.violated) == _naive(model, states[-1])
        assert len(states) == 3  # x reaches 2 (A < 3 fails) or x, z reach 1 in two steps


def test_checks_see_a_violation_that_only_a_memo_hit_would_hide(tmp_path):
    """Two variables: the conjunct reads both, so a memo keyed on one would reuse a stale
    answer. The violation needs the combination p = 2, q = 2 reached after each was seen."""
    body = """VARIABLES p, q
Init == p = 0 /\\ q = 0
Next == \\/ p < 2 /\\ p' = p + 1 /\\ q' = q
        \\/ q < 2 /\\ q' = q + 1 /\\ p' = p
Inv == p + q < 4
"""
    spec = write_model(tmp_path, body, "INIT Init\nNEXT Next\nINVARIANT Inv\n")
    r = check_model(load_model(spec))
    assert (r.verdict, r.violated, r.distinct) == ("invariant", "Inv", 9)


def test_an_invariant_that_prints_is_evaluated_on_every_state(tmp_path, capsys):
    """PrintT(y) reads only y, which never changes, but printing is an effect: TLC evaluates the
    invariant on each of the 3 distinct states, so it prints 3 times."""
    body = """VARIABLES x, y
Init == x = 0 /\\ y = 7
Next == x < 2 /\\ x' = x + 1 /\\ y' = y
Inv == PrintT(y) /\\ y = 7
"""
    spec = write_model(tmp_path, body, "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n",
                       extends="Naturals, TLC")
    r = check_model(load_model(spec))
    assert (r.verdict, r.distinct) == ("ok", 3)
    assert capsys.readouterr().err.count("7") == 3  # TLC prints to its log; we print to stderr
