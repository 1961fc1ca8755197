"""Definitions spread over modules as TLC resolves them: LOCAL definitions and LOCAL INSTANCEs of
an EXTENDed module, and a module-scoped cfg override of a standard operator. The outcomes were
recorded with real TLC (TLC2 2026.12.01, rev cc6b616) on these modules."""

from __future__ import annotations

from click.testing import CliRunner

from phalanx_verify.cli import main

Z = r"""---- MODULE Z ----
LOCAL INSTANCE Naturals
LOCAL INSTANCE FiniteSets
LOCAL Helper(S) == Cardinality(S)
ZLen(S) == Helper(S)
Small == {n \in Nat : n < 3}
====
"""

M = r"""---- MODULE M ----
EXTENDS Integers, Z
VARIABLE x
Helper == 7
MyNat == 1..4
Init == x \in Small
Next == UNCHANGED x
Inv == ZLen({x, Helper}) = 2 /\ 0 \in Nat
====
"""


def run(tmp_path, cfg: str):
    (tmp_path / "Z.tla").write_text(Z)
    (tmp_path / "M.tla").write_text(M)
    (tmp_path / "M.cfg").write_text(cfg)
    return CliRunner().invoke(main, ["check", str(tmp_path / "M.tla"), "-c", str(tmp_path / "M.cfg")])


def test_module_scoped_override_of_a_standard_operator_is_global(tmp_path):
    """`Nat <- [Z]MyNat`: Z's Nat is the definition node every module shares, so TLC's Inv sees
    0 \\notin Nat and fails on the first initial state, x = 1 (Small = {1, 2}). Z's LOCAL Helper
    does not clash with M's Helper, and Z's LOCAL INSTANCE FiniteSets gives ZLen Cardinality."""
    r = run(tmp_path, "INIT Init\nNEXT Next\nINVARIANT Inv\nCONSTANT Nat <- [Z]MyNat\n")
    assert r.exit_code == 12, r.output
    assert "Invariant Inv is violated" in r.output and "x = 1" in r.output


def test_without_the_override_nat_cannot_be_enumerated(tmp_path):
    """Without the override, Small = {n \\in Nat : n < 3} must be enumerated for Init: TLC's
    evaluation error (exit 75)."""
    r = run(tmp_path, "INIT Init\nNEXT Next\nINVARIANT Inv\n")
    assert r.exit_code == 75, r.output
    assert "Traceback" not in r.output


INNER = r"""---- MODULE Inner ----
EXTENDS Naturals
CONSTANT Calc(_, _)
VARIABLE h
Step == h < 3 /\ Calc(h, h')
====
"""

MC = r"""---- MODULE MC ----
EXTENDS Naturals
CONSTANT Calc(_, _)
VARIABLES h, log
N == INSTANCE Inner
CalcImpl(old, new) == new = old + 1 /\ log' = log + old
Init == h = 0 /\ log = 0
Next == N!Step
====
"""


def test_operator_constant_of_an_instance_is_the_models_action(tmp_path):
    """Inner's operator constant Calc is, through the implicit substitution, MC's Calc, which
    the model replaces by the action CalcImpl; its parameter ``new`` stands for h', so
    ``new = old + 1`` assigns h (the public Nano model's CalculateHash). TLC: 4 generated,
    4 distinct, depth 4."""
    (tmp_path / "Inner.tla").write_text(INNER)
    (tmp_path / "MC.tla").write_text(MC)
    (tmp_path / "MC.cfg").write_text("CONSTANT Calc <- CalcImpl\nINIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "MC.tla"), "-c", str(tmp_path / "MC.cfg")])
    assert r.exit_code == 0, r.output
    assert "4 states generated, 4 distinct states found" in r.output
    assert "depth of the complete state graph search is 4" in r.output
