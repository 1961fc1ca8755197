"""Closed expressions over the values the z3 translation supports (integers, Booleans, strings,
sets of integers and of strings, quantifiers, filters, IF, Cardinality) evaluate to the same value
in the checker (as an initial state) and in z3 (the translator's value, equal to the checker's
value by an unsat query)."""

from __future__ import annotations

from pathlib import Path

import pytest
import z3
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from phalanx_verify.check.model import load_model
from phalanx_verify.prove import Limits
from phalanx_verify.prove import symbolic as sym
from phalanx_verify.prove.symbolic import Atoms
from phalanx_verify.prove.translate import Env, Translator, string_literals
from phalanx_verify.prove.z3env import Z3Env
from phalanx_verify.tla import syntax as ast

STRINGS = ("a", "b", "c")


def _ints(depth: int) -> st.SearchStrategy[str]:
    leaf = st.integers(0, 5).map(str)
    if depth == 0:
        return leaf
    sub, b, ss = _ints(depth - 1), _bools(depth - 1), _strsets(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(sub, st.sampled_from(["+", "-", "*"]), sub).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(b, sub, sub).map(lambda t: f"(IF {t[0]} THEN {t[1]} ELSE {t[2]})"),
        ss.map(lambda s: f"Cardinality({s})"))


def _bools(depth: int) -> st.SearchStrategy[str]:
    leaf = st.sampled_from(["TRUE", "FALSE"])
    if depth == 0:
        return leaf
    i, b, iset, ss = _ints(depth - 1), _bools(depth - 1), _intsets(depth - 1), _strsets(depth - 1)
    cmp = st.sampled_from(["<", "<=", "=", "#", ">", ">="])
    return st.one_of(
        leaf,
        st.tuples(i, cmp, i).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(b, st.sampled_from(["/\\", "\\/", "=>", "<=>"]), b).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        b.map(lambda x: f"(~{x})"),
        st.tuples(i, iset).map(lambda t: f"({t[0]} \\in {t[1]})"),
        st.tuples(st.sampled_from(STRINGS), ss).map(lambda t: f'("{t[0]}" \\notin {t[1]})'),
        st.tuples(iset, iset).map(lambda t: f"({t[0]} \\subseteq {t[1]})"),
        st.tuples(ss, ss).map(lambda t: f"({t[0]} = {t[1]})"),
        # Bound names carry the depth: SANY refuses a quantifier that rebinds the name of an
        # enclosing one (\\A y \\in S : y \\in {z \\in T : \\E y ...} is "multiply defined").
        st.tuples(st.sampled_from(["\\A", "\\E"]), iset, cmp, i).map(
            lambda t: f"({t[0]} bx{depth} \\in {t[1]} : bx{depth} {t[2]} {t[3]})"),
        st.tuples(st.sampled_from(["\\A", "\\E"]), ss, ss).map(
            lambda t: f"({t[0]} by{depth} \\in {t[1]} : by{depth} \\in {t[2]})"))


def _intsets(depth: int) -> st.SearchStrategy[str]:
    leaf = st.one_of(st.lists(st.integers(0, 5), max_size=3).map(lambda xs: "{" + ", ".join(map(str, xs)) + "}"),
                     st.tuples(st.integers(0, 4), st.integers(0, 4)).map(lambda t: f"({t[0]}..{t[1]})"))
    if depth == 0:
        return leaf
    sub, i = _intsets(depth - 1), _ints(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(sub, st.sampled_from(["\\cup", "\\cap", "\\"]), sub).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(sub, i).map(lambda t: f"{{xs{depth} \\in {t[0]} : xs{depth} > {t[1]}}}"),
        st.lists(i, min_size=1, max_size=2).map(lambda xs: "{" + ", ".join(xs) + "}"))


def _strsets(depth: int) -> st.SearchStrategy[str]:
    leaf = st.lists(st.sampled_from(STRINGS), max_size=3).map(lambda xs: "{" + ", ".join(f'"{x}"' for x in xs) + "}")
    if depth == 0:
        return leaf
    sub = _strsets(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(sub, st.sampled_from(["\\cup", "\\cap", "\\"]), sub).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(sub, st.sampled_from(STRINGS)).map(lambda t: f'{{ys{depth} \\in {t[0]} : ys{depth} # "{t[1]}"}}'))


EXPRS = st.lists(st.one_of(_ints(2), _bools(2), _intsets(2), _strsets(2)), min_size=1, max_size=6)


def _module(exprs: list[str]) -> str:
    xs = [f"x{i}" for i in range(len(exprs))]
    defs = "\n".join(f"E{i} == {e}" for i, e in enumerate(exprs))
    init = " /\\ ".join(f"x{i} = E{i}" for i in range(len(exprs)))
    return (f"---- MODULE Closed ----\nEXTENDS Naturals, FiniteSets\nVARIABLES {', '.join(xs)}\n{defs}\n"
            f"Init == {init}\nNext == UNCHANGED <<{', '.join(xs)}>>\n====\n")


def _disagreements(d: Path, exprs: list[str]) -> list[tuple[str, object]]:
    """The expressions whose z3 value differs from the checker's."""
    (d / "Closed.tla").write_text(_module(exprs))
    (d / "Closed.cfg").write_text("INIT Init\nNEXT Next\n")
    model = load_model(d / "Closed.tla", d / "Closed.cfg")
    (state,) = list(model.init())
    tr = Translator(model.scope, {}, Atoms(Z3Env(), [], sorted(string_literals(model.scope))))
    env = Env(model.scope, {})
    out = []
    for i, value in enumerate(state):
        got = tr.eval(ast.Name(model.scope.defs[f"E{i}"][0].pos, f"E{i}"), env)
        # A budget: z3 may search for ever on a quantified comprehension (seen once in a full
        # tests/prove run), where the answer meant here is unknown.
        s = Limits(rlimit=5_000_000).solver(ctx=tr.z.ctx)
        s.add(z3.Not(sym.eq(got, tr.constant_value(value), tr.z)))
        verdict = s.check()
        if verdict == z3.sat:  # z3 has a model in which the translated value is another one
            out.append((exprs[i], value))
        elif verdict == z3.unknown:  # quantified set comprehensions: z3 may not decide them
            note(f"z3 could not decide {exprs[i]} = {value}")
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(EXPRS)
def test_closed_expressions_agree(tmp_path_factory: pytest.TempPathFactory, exprs: list[str]) -> None:
    assert _disagreements(tmp_path_factory.mktemp("closed"), exprs) == []


def test_a_mistranslated_operator_is_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: with z3's set difference read as union, it sees the difference."""
    exprs = ["({1, 2} \\ {2})", "(3 - 1)", '({"a"} \\ {"a"})']
    assert _disagreements(tmp_path, exprs) == []
    real = sym.set_op
    monkeypatch.setattr(sym, "set_op", lambda op, a, b, z: real("cup" if op == "setminus" else op, a, b, z))
    assert [e for e, _ in _disagreements(tmp_path, exprs)] == [exprs[0], exprs[2]]
