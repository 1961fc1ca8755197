"""The TLA+ language as TLC checks it: cases from issue 13, each run with real TLC.

Every expected outcome (exit code, and states generated / distinct on exit 0, or the key
words of TLC's message) was recorded from TLC2 2026.12.01 (rev cc6b616) on the same module and
model; the modules are written here so that the test runs without TLC."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

# name: (module body, model, TLC exit, generated, distinct, a phrase of the error, what it shows)
CASES = {
    "Branch": (r"""EXTENDS Naturals
VARIABLES x, y
Can == \E i \in 1..3 : i > x \/ y = 0
Init == x = 0 /\ y = 0
Next == /\ x < 2 /\ Can /\ x' = x + 1 /\ y' = 1 - y""",
           'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
           0, 9, 3, None,
           "a state-level operator with \\E and \\/ used in an action: TLC runs the rest once per way it holds"),
    "Alias": (r"""EXTENDS Naturals
VARIABLES s, x
Nx(var) == \E v \in 0..1 : var' = v /\ var' > 0
Init == s = 0 /\ x = 0
Next == Nx(s) /\ x' = x + 1 /\ x < 3""",
           'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
           0, 4, 4, None,
           "an action operator's parameter bound to a variable: var' assigns the caller's variable"),
    "Nested": (r"""EXTENDS Naturals
---- MODULE Inner ----
VARIABLE v
Step == v' = v + 1
====
VARIABLE x
I == INSTANCE Inner WITH v <- x
Init == x = 0
Next == x < 3 /\ I!Step""",
           'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
           0, 4, 4, None,
           "a module written inside the spec, instantiated with a substitution"),
    "SetMix": (r"""VARIABLE x
Init == x \in {1, TRUE}
Next == UNCHANGED x""",
           'INIT Init\nNEXT Next',
           75, None, None, 'Attempted to compare',
           "a set literal mixing integers and Booleans is TLC's comparison error"),
    "InNat": (r"""EXTENDS Naturals
VARIABLE x
Init == x = "a"
Next == UNCHANGED x
Inv == x \in Nat""",
           'INIT Init\nNEXT Next\nINVARIANT Inv',
           75, None, None, 'is an element of Nat',
           "a string tested for membership in Nat is an error, not FALSE"),
    "UserMinus": (r"""EXTENDS Naturals
VARIABLE x
minus(a, b) == 42
Init == x = 3 - 1
Next == UNCHANGED x
Inv == x = 2""",
           'INIT Init\nNEXT Next\nINVARIANT Inv',
           0, 2, 1, None,
           "a user operator named minus does not capture the built-in -"),
    "Prec": (r"""VARIABLE x
Init == x = 0
Next == UNCHANGED x
Inv == TRUE /\ FALSE \/ TRUE""",
           'INIT Init\nNEXT Next\nINVARIANT Inv',
           150, None, None, 'Precedence conflict',
           "a /\\ b \\/ c without parentheses is SANY's precedence conflict"),
    "NoRec": (r"""EXTENDS Naturals
VARIABLE x
F(n) == IF n = 0 THEN 0 ELSE F(n - 1)
Init == x = F(2)
Next == UNCHANGED x""",
           'INIT Init\nNEXT Next',
           150, None, None, 'Unknown operator',
           "an operator calling itself without RECURSIVE is unknown at that point"),
    "LazyArg": (r"""EXTENDS Naturals
VARIABLE x
K(a, b) == a
Init == x = K(1, CHOOSE v \in {} : TRUE)
Next == x' = [f \in {1} |-> 0][1] + [[g \in {1} |-> 5] EXCEPT ![7] = 1 \div 0][1]""",
           'INIT Init\nNEXT Next',
           0, 3, 2, None,
           "an unused operator argument and the value of an EXCEPT outside the domain are never evaluated"),
    "FcnNat": (r"""EXTENDS Naturals
VARIABLE x
Sq == [n \in Nat |-> n * n]
Init == x = Sq[3]
Next == UNCHANGED x
Inv == x = 9""",
           'INIT Init\nNEXT Next\nINVARIANT Inv',
           0, 2, 1, None,
           "a function over Nat applied at a point without enumerating Nat"),
    "ForallAssigns": (r"""VARIABLES pc, flag
Proc == {1, 2, 3}
Init == pc = [p \in Proc |-> "idle"] /\ flag = [p \in Proc |-> FALSE]
Want(p) == pc[p] = "idle" /\ pc' = [pc EXCEPT ![p] = "want"] /\ flag' = [flag EXCEPT ![p] = TRUE]
Check(p) == pc[p] = "want" /\ \A q \in Proc \ {p} : ~flag[q] /\ pc' = [pc EXCEPT ![p] = "cs"] /\ UNCHANGED flag
Next == \E p \in Proc : Want(p) \/ Check(p)""",
           'INIT Init\nNEXT Next',
           11, None, None, 'Deadlock reached',
           "\\A swallowing the assignments: TLC evaluates it as the conjunction of its instances"),
    "ForallWays": (r"""VARIABLES pc, flag
Proc == {1, 2, 3}
Init == pc = [p \in Proc |-> "idle"] /\ flag = [p \in Proc |-> FALSE]
Next == \E p \in Proc : \A q \in {1, 2} : (pc' = pc /\ flag' = [flag EXCEPT ![p] = ~@]) \/ (q = 2 /\ pc' = pc /\ flag' = flag)""",
           'INIT Init\nNEXT Next',
           0, 25, 8, None,
           "each instance of an action-level \\A may hold in several ways: one successor per combination"),
    "UnionNat": (r"""EXTENDS Integers
VARIABLE x
Init == x = 0
Next == UNCHANGED x
Inv == 5 \in UNION {Nat, {-1}}""",
           'INIT Init\nNEXT Next\nINVARIANT Inv',
           75, None, None, 'Attempted to compare the set {-1} with the value: Nat',
           "a set holding Nat and another set cannot be normalised"),
    "CardOverflow": (r"""EXTENDS Naturals, FiniteSets
VARIABLE x
Init == x = 0
Next == UNCHANGED x
Inv == Cardinality(SUBSET (1..40)) > 0""",
           'INIT Init\nNEXT Next\nINVARIANT Inv',
           75, None, None, 'Overflow when computing the number of elements',
           "Cardinality(SUBSET 1..40) overflows TLC's integers, without building the set"),
    "FilterNat": (r"""EXTENDS Naturals
VARIABLE x
Cap == [j \in {"a", "b"} |-> 3]
ASSUME Cap \in [{"a", "b"} -> {n \in Nat : n > 0}]
Pos == {n \in Nat : n > 0}
Init == x = 1
Next == x' = x - 1
Inv == x \in Pos""",
           'INIT Init\nNEXT Next\nINVARIANT Inv',
           12, None, None, 'Invariant Inv is violated',
           "a subset of Nat by a predicate is tested for membership without enumerating Nat"),
    "SymGroup": (r"""EXTENDS TLC, Naturals
CONSTANTS A, B
VARIABLES f, g
Init == f = [a \in A |-> 0] /\ g = [b \in B |-> 0]
Next == \/ \E a \in A : f[a] < 2 /\ f' = [f EXCEPT ![a] = @ + 1] /\ UNCHANGED g
        \/ \E a \in A, b \in B : g[b] < f[a] /\ g' = [g EXCEPT ![b] = f[a]] /\ UNCHANGED f
Sym == Permutations(A) \cup Permutations(B)""",
           'CONSTANTS A = {a1, a2, a3}\n B = {b1, b2}\n a1 = a1\n a2 = a2\n a3 = a3\n b1 = b1\n b2 = b2\n'
           'INIT Init\nNEXT Next\nSYMMETRY Sym\nCHECK_DEADLOCK FALSE',
           0, 193, 46, None,
           "SYMMETRY reduces by the group the listed permutations generate (without SYMMETRY: 820/200)"),
    "SortSeqOrder": (r"""EXTENDS Integers, Sequences, TLC
VARIABLE x
Init == x = SortSeq(<<3, 1, 2, 1, 3>>, LAMBDA a, b : a <= b)
Next == UNCHANGED x
Inv == x = <<1, 1, 2, 3, 3>> /\ SortSeq(<<"a", "b", "c">>, LAMBDA a, b : a # b) = <<"c", "b", "a">>
       /\ SortSeq(<<"ab", "hi", "ab">>, LAMBDA a, b : a # b) = <<"hi", "ab", "ab">>
       /\ SortSeq(<<1, 2, 3, 4>>, LAMBDA a, b : a % 2 = 0) = <<4, 2, 1, 3>>""",
           'INIT Init\nNEXT Next\nINVARIANT Inv',
           0, 2, 1, None,
           "SortSeq with a relation that is not a strict order gives TLC's insertion sort's order"),
    "SortSeqNotBoolean": (r"""EXTENDS Integers, Sequences, TLC
VARIABLE x
Init == x = SortSeq(<<3, 1>>, LAMBDA a, b : a + b)
Next == UNCHANGED x""",
           'INIT Init\nNEXT Next',
           75, None, None, "The second argument of SortSeq should be a boolean function, but instead it is",
           "SortSeq's relation must give Booleans"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_outcome_equals_tlc(tmp_path, name):
    body, cfg, code, generated, distinct, phrase, _why = CASES[name]
    (tmp_path / f"{name}.tla").write_text(f"---- MODULE {name} ----\n{body}\n====\n")
    (tmp_path / f"{name}.cfg").write_text(cfg + "\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{name}.tla"), "-c", str(tmp_path / f"{name}.cfg")])
    assert r.exit_code == code, r.output
    if code == 0:
        assert f"{generated} states generated, {distinct} distinct states found" in r.output, r.output
    else:
        assert phrase in r.output, r.output
        assert "Traceback" not in r.output
