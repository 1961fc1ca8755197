"""Function constructors TLC keeps lazy (runtime.KEEP, runtime.kept_fcn): a constructor over a
finite domain is built where it is made (Tool.evalAppl, toFcnRcd), so a point whose value
fails fails there; but made while the function of an application is evaluated (``f`` of
``f[x]``, through LET, operators, EXCEPT, records and tuples in it) TLC keeps it lazy
(EvalControl.KeepLazy) and evaluates only the points applied. A LET caches whichever value its
first use made; a constant definition TLC could not compute at startup is made again at each
use; a state-level definition is never cached. Every exit code below is real TLC's
(TLC2 2026.12.01) on the same module: 0 where the ASSUME holds, 10 where evaluating it fails,
75 where an invariant's evaluation fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model

F = "[n \\in 0..2 |-> IF n = 2 THEN 1 \\div 0 ELSE n]"  # fails at 2 alone
OP = "F(a) == [n \\in 0..a |-> IF n = 2 THEN 1 \\div 0 ELSE n]\n"

ASSUMES = {
    "applied": (f"ASSUME LET f == {F} IN f[1] = 1", 0),
    "applied_at_failing_point": (f"ASSUME LET f == {F} IN f[2] = 1", 10),
    "compared": (f"ASSUME LET f == {F} IN f = f", 10),
    "domain_forces": (f"ASSUME LET f == {F} IN 0 \\in DOMAIN f", 10),
    "domain_after_application_is_cached_lazy": (f"ASSUME LET f == {F} IN f[1] = 1 /\\ DOMAIN f = 0..2", 0),
    "in_function_set": (f"ASSUME LET f == {F} IN f \\in [0..2 -> Nat]", 10),
    "literal_applied": (f"ASSUME {F}[1] = 1", 0),
    "two_arguments": ("ASSUME LET f == [n \\in 0..2, m \\in 1..2 |-> IF n = 2 THEN 1 \\div 0 ELSE n] "
                      "IN f[1, 2] = 1", 0),
    "in_a_tuple": (f"ASSUME LET f == {F} IN <<f>>[1][0] = 0", 0),
    "in_a_record": (f"ASSUME LET f == {F} IN [a |-> f].a[1] = 1", 0),
    "except_selects_at_its_key": (f"ASSUME LET f == {F} IN [f EXCEPT ![2] = 7][2] = 7", 10),
    "except_elsewhere": (f"ASSUME LET f == {F} IN [f EXCEPT ![1] = @ + 1][1] = 2", 0),
    "except_outside_domain": (f"ASSUME LET f == {F} IN [f EXCEPT ![5] = 7][1] = 1", 0),
    "except_then_other_point": (f"ASSUME LET f == {F} IN [f EXCEPT ![1] = 5][0] = 0", 0),
    "merged": (f"ASSUME LET f == {F} IN (f @@ (3 :> 3))[1] = 1", 10),
    "argument_of_an_application": (f"ASSUME LET f == {F} IN {{f[0], f[1]}} = {{0, 1}}", 0),
    "constructor_of_applications": (f"ASSUME LET f == {F} IN [k \\in {{0, 1}} |-> f[k]] = <<0, 1>> \\/ TRUE",
                                    0),
    "nested_constructor_kept_in_body": (
        "ASSUME LET f == [n \\in 0..2 |-> [m \\in 0..1 |-> IF m = 1 THEN 1 \\div 0 ELSE n]] IN f[1][0] = 1", 0),
    "nested_let_kept_in_body": (
        "ASSUME LET f == [n \\in 0..2 |-> LET g == [m \\in 0..1 |-> IF m = 1 THEN 1 \\div 0 ELSE n] IN g] "
        "IN f[1][0] = 1", 0),
    "constant_definition": (f"F == {F}\nASSUME F[1] = 1", 0),
    "constant_definition_not_kept": (f"F == {F}\nASSUME F[1] = 1 /\\ DOMAIN F = 0..2", 10),
    "operator": (OP + "ASSUME F(2)[1] = 1", 0),
    "operator_through_definition": (OP + "G == F(2)\nASSUME G[1] = 1", 0),
    "operator_then_domain": (OP + "ASSUME F(2)[1] = 1 /\\ DOMAIN F(2) = 0..2", 10),
    "through_if": (f"ASSUME LET f == {F} IN (IF TRUE THEN f ELSE f)[1] = 1", 0),
    # an operator's argument is bound unevaluated (LazyValue): applied in the body, kept lazy
    "argument_applied": (f"Op(g) == g[1]\nASSUME Op({F}) = 1", 0),
    "argument_applied_twice": (f"Op(g) == g[1] + g[0]\nASSUME Op({F}) = 1", 0),
    "argument_domain_forces": (f"Op(g) == DOMAIN g\nASSUME Op({F}) = 0..2", 10),
    "argument_cached_as_first_use": (f"Op(g) == g[1] = 1 /\\ DOMAIN g = 0..2\nASSUME Op({F})", 0),
    "argument_domain_first": (f"Op(g) == DOMAIN g = 0..2 /\\ g[1] = 1\nASSUME Op({F})", 10),
    "argument_through_let": (f"Op(g) == LET k == g IN k[1]\nASSUME Op({F}) = 1", 0),
    "argument_passed_on": (f"Op(g) == g[1]\nOp2(h) == Op(h)\nASSUME Op2({F}) = 1", 0),
    "argument_of_let_operator": (f"ASSUME LET Op(g) == g[1] IN Op({F}) = 1", 0),
    "argument_of_recursive_operator": ("RECURSIVE Op(_, _)\nOp(g, k) == IF k = 0 THEN g[1] ELSE Op(g, k - 1)\n"
                                       f"ASSUME Op({F}, 2) = 1", 0),
    "argument_compared": (f"Op(g) == g\nASSUME Op({F}) = Op({F})", 10),
}


@pytest.mark.parametrize("name", sorted(ASSUMES))
def test_constructors_kept_lazy_as_tlc(tmp_path: Path, name: str) -> None:
    body, tlc_exit = ASSUMES[name]
    spec = f"---- MODULE L ----\nEXTENDS Integers, TLC, Sequences\n{body}\n====\n"
    code, _, out = check_model(tmp_path, "L", "\n", spec)
    assert code == tlc_exit, out
    if tlc_exit:
        assert "The second argument of \\div is 0." in out


STATE = """---- MODULE S ----
EXTENDS Integers
VARIABLE x
Init == x = 0
Next == x' = 1 - x
G == [n \\in 0..2 |-> IF n = 2 THEN 1 \\div 0 ELSE n + x]
Applied == G[1] >= 1
ThenDomain == G[1] >= 1 /\\ DOMAIN G = 0..2
====
"""


@pytest.mark.parametrize(("defs", "nxt"), [
    ("Op(g) == g[1]", f"x' = Op({F})"),
    ("Op(g, y) == y' = g[1]", f"Op({F}, x)"),  # x passed by name, the constructor with it
    ("Op(g) == g[x]", f"x' = (Op({F}) + 1) % 2"),
])
def test_operator_argument_in_an_action(tmp_path: Path, defs: str, nxt: str) -> None:
    spec = f"---- MODULE A ----\nEXTENDS Integers\nVARIABLE x\n{defs}\nInit == x = 0\nNext == {nxt}\n====\n"
    code, report, out = check_model(tmp_path, "A", "INIT Init\nNEXT Next\n", spec)
    assert code == 0, out
    assert (report["generated"], report["distinct"]) == (3, 2), report  # TLC: 3 generated, 2 distinct


@pytest.mark.parametrize(("inv", "tlc_exit"), [("Applied", 0), ("ThenDomain", 75)])
def test_state_level_definition_is_made_at_each_use(tmp_path: Path, inv: str, tlc_exit: int) -> None:
    """G is remembered per state (expressions._last_state_cell): a value made lazily for
    ``G[1]`` must not answer ``DOMAIN G``, which TLC evaluates afresh and fails on."""
    code, report, out = check_model(tmp_path, "S", f"INIT Init\nNEXT Next\nINVARIANT {inv}\n", STATE)
    assert code == tlc_exit, out
    if tlc_exit == 0:
        assert (report["generated"], report["distinct"]) == (3, 2), report  # TLC: 3 generated, 2 distinct
