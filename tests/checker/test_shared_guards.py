"""Guards that several actions of one process share are evaluated once (compilerbase.Code.kept,
Code.emit_if): ``pc[p] = "a"``, ``pc[p] = "b"``... read one local for ``pc[p]``; Commit's
``CommitGuard(j)`` and Abort's ``~CommitGuard(j)`` read one local, in one block. A local is read
only where its assignment dominates: G's ``w[p]``, made under ``x > 1``, is not H's.

The counts and the error traces are real TLC's on the same modules (TLC 2026.12, -deadlock):
Shared 2,152 generated, 573 distinct, depth 14; SharedErr (``pc["zz"]`` in A's first guard) exit
75 after 4 generated and 4 distinct; SharedErr2 (``w["zz"]`` inside Ok, after C's guards) exit 75
after 13 generated and 10 distinct, with a trace of 3 states."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from phalanx_verify.check.model import load_model
from phalanx_verify.tla.alpha import alpha_key
from phalanx_verify.tla.compilerbase import Code

from .specs import check_model

SPEC = """---- MODULE {name} ----
EXTENDS Naturals
CONSTANT P
VARIABLES pc, x, w
Init == pc = [p \\in P |-> "a"] /\\ x = 0 /\\ w = [p \\in P |-> 0]
A(p) == pc[p] = "a" /\\ pc' = [pc EXCEPT ![p] = "b"] /\\ UNCHANGED <<x, w>>
B(p) == pc[p] = "b" /\\ x < 2 /\\ x' = x + 1 /\\ pc' = [pc EXCEPT ![p] = "c"] /\\ UNCHANGED w
Ok(p) == \\A q \\in ({ok_over}) \\ {{p}} : {ok_test}
C(p) == pc[p] = "c" /\\ {c_extra}Ok(p) /\\ pc' = [pc EXCEPT ![p] = "a"] /\\ UNCHANGED <<x, w>>
D(p) == pc[p] = "c" /\\ ~Ok(p) /\\ pc' = [pc EXCEPT ![p] = "b"] /\\ UNCHANGED <<x, w>>
G(p) == x > 1 /\\ w[p] = 0 /\\ w' = [w EXCEPT ![p] = 1] /\\ UNCHANGED <<pc, x>>
H(p) == w[p] = 0 /\\ pc[p] = "c" /\\ x' = 0 /\\ UNCHANGED <<pc, w>>
Next == \\E p \\in {next_over} : A(p) \\/ B(p) \\/ C(p) \\/ D(p) \\/ G(p) \\/ H(p)
Inv == x <= 2
====
"""
CFG = "CONSTANT P = {p1, p2, p3}\nINIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n"
MODELS = {
    "Shared": dict(ok_over="P", ok_test='pc[q] # "c"', c_extra="", next_over="P"),
    "SharedErr": dict(ok_over="P", ok_test='pc[q] # "c"', c_extra="", next_over='P \\cup {"zz"}'),
    "SharedErr2": dict(ok_over='P \\cup {"zz"}', ok_test="w[q] = 0", c_extra="w[p] = 0 /\\ ", next_over="P"),
}


def _check(folder: Path, name: str) -> tuple[int, dict, str]:
    return check_model(folder, name, CFG, SPEC.format(name=name, **MODELS[name]))


def test_shared_guards_give_tlcs_counts(tmp_path: Path) -> None:
    code, rep, out = _check(tmp_path, "Shared")
    assert (code, rep["generated"], rep["distinct"], rep["depth"]) == (0, 2152, 573, 14), out


def test_the_guards_are_shared(tmp_path: Path) -> None:
    """pc[p] is evaluated once for A, B, C, D and H; Ok(p) once for C and D, whose tests of
    pc[p] = "c" open one block (H tests it again, after G); w[p] twice (G's is under x > 1)."""
    _check(tmp_path, "Shared")
    compiler = load_model(tmp_path / "Shared.tla", tmp_path / "Shared.cfg").compiler
    source = "".join(compiler.source_parts)
    lines = [line.strip() for line in source[source.index("def next_gen"):].splitlines()]

    def count(pattern: str) -> int:
        return sum(re.fullmatch(pattern, line) is not None for line in lines)
    assert count(r"v_\d+ = \(s_0\[p_\d+\] if type\(s_0\) is _Fcn else _ap\(s_0, p_\d+\)\)") == 1, source
    assert count(r"v_\d+ = \(s_2\[p_\d+\] if type\(s_2\) is _Fcn else _ap\(s_2, p_\d+\)\)") == 2, source
    assert count(r"if .*'c'\)\):") == 2, source  # C's and D's, then H's
    assert count(r"g_\d+ = op_Ok_\d+\(s, p_\d+\)") == 1, source


@pytest.mark.parametrize(("name", "generated", "distinct", "states"), [("SharedErr", 4, 4, 1), ("SharedErr2", 13, 10, 3)])
def test_an_error_in_a_shared_guard_is_tlcs(tmp_path: Path, name: str, generated: int, distinct: int,
                                            states: int) -> None:
    code, rep, out = _check(tmp_path, name)
    assert code == 75 and "outside its domain" in out and '"zz"' in out, out
    assert (rep["generated"], rep["distinct"], len(rep["trace"]["states"])) == (generated, distinct, states), out


def test_a_local_read_where_its_assignment_does_not_dominate_is_caught(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """With Code.kept answering whatever was assigned last, H reads G's w[p], which is not
    assigned where x <= 1: the check fails, so the tests above can."""
    def anywhere(self: Code, value: str) -> str | None:
        entry = self._kept.get(value)
        return None if entry is None else entry[0]
    monkeypatch.setattr(Code, "kept", anywhere)
    code, rep, out = _check(tmp_path, "Shared")
    assert (code, rep.get("generated"), rep.get("distinct")) != (0, 2152, 573), out


def test_the_key_of_a_value_renames_only_what_it_binds() -> None:
    """Two compilations of CommitGuard(j) differ in their comprehension's name only: one key.
    A closure passing j_6 and one passing j_7 (each under the parameter of the same name) are
    two values, and so is a comprehension over another set."""
    forall = "_rt.forall(s_5[j_38], lambda _xs: all((s_3[{l}] in (C_None, j_38)) for {l} in _xs))"
    assert alpha_key(forall.format(l="l_65")) == alpha_key(forall.format(l="l_75"))
    closure = "(lambda {j}, s_3: lambda l_70: ({j} if l_70 in s_3[{j}] else 0))({j}, s_3)"
    assert alpha_key(closure.format(j="j_6")) != alpha_key(closure.format(j="j_7"))
    assert alpha_key("[x_1 for x_1 in a_1]") == alpha_key("[x_2 for x_2 in a_1]") != alpha_key("[x_1 for x_1 in a_2]")
    # Code without a binder is its own key, unparsed; a key with one always spells it.
    assert alpha_key("s_3[j_6] == 'Commit'") == "s_3[j_6] == 'Commit'"
    assert alpha_key("s_3[j_6] == 'Commit'") != alpha_key("s_3[j_7] == 'Commit'")
    assert "for" in alpha_key(forall.format(l="l_65")) and "lambda" in alpha_key(closure.format(j="j_6"))
