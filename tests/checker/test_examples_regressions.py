"""Divergences from TLC found by running both checkers on the models of tlaplus/Examples
(commit 32a32c7), each reduced to a small module written here.

Every expected outcome (exit code; states generated, distinct and depth on exit 0; else a phrase
of TLC's message) was recorded from TLC2 built from tlaplus/tlaplus at rev cc6b616 on the same
module and model, so the tests run without TLC. The cases have the form of
test_tlc_regressions.CASES."""

from __future__ import annotations

import pytest

from .test_tlc_regressions import assert_outcome_equals_tlc

CASES: dict[str, tuple[str, str, int, int | None, int | None, int | None, str | None, str]] = {
    'StdOverrideInInstance': ("EXTENDS Integers, Sequences\nBounded(S) == UNION {[1..n -> S] : n \\in 0..2}\nVARIABLE x\nI == INSTANCE SeqUser\nInit == I!Init\nNext == I!Next\n====\n---- MODULE SeqUser ----\nEXTENDS Sequences\nVARIABLE x\nInit == x \\in Seq({1})\nNext == x' = IF x = <<>> THEN x ELSE Tail(x)",
        'INIT Init\nNEXT Next\nCONSTANT Seq <- Bounded',
        0, 6, 3, 1, None,
        "Seq <- Bounded changes the Seq of an instantiated module too: TLC overrides the one definition "
        "all modules share (the instance's Seq({1}) stayed infinite, an evaluation error)"),
    'UnnamedInstanceStd': ("EXTENDS Integers\nBounded(S) == UNION {[1..n -> S] : n \\in 0..2}\nVARIABLE x\nINSTANCE SeqUser\n====\n---- MODULE SeqUser ----\nEXTENDS Sequences\nVARIABLE x\nInit == x \\in Seq({1, 2})\nNext == x' = IF x = <<>> THEN x ELSE Tail(x)",
        'INIT Init\nNEXT Next\nCONSTANT Seq <- Bounded',
        0, 14, 7, 1, None,
        "INSTANCE SeqUser imports what SeqUser EXTENDS: the spec sees Sequences' Seq, and the cfg may "
        "override it (was the config error 'Seq does not appear in the specification')"),
    'ConstantOperatorAssigns': ("EXTENDS SendBase\nMCSend(d, old, new) == new = d\n====\n---- MODULE SendBase ----\nEXTENDS Naturals\nCONSTANT Send(_, _, _)\nVARIABLE x\nInit == x = 0\nNext == Send((x + 1) % 3, x, x')\nSpec == Init /\\ [][Next]_x",
        'SPECIFICATION Spec\nCONSTANT Send <- MCSend',
        0, 4, 3, 3, None,
        "a constant operator the model gives as Send <- MCSend, called with x' as argument, assigns x "
        "through MCSend's parameter as TLC substitutes arguments (was 'x is not determined'; "
        "SpecifyingSystems' MCInternalMemory)"),
    'FairnessStateArgument': ("EXTENDS Naturals\nCONSTANT C\nVARIABLE a\nInit == a = [c \\in C |-> 0]\nRet(c, n) == a[c] = n /\\ n < 2 /\\ a' = [a EXCEPT ![c] = n + 1]\nNext == \\E c \\in C : Ret(c, a[c])\nSpec == Init /\\ [][Next]_a /\\ \\A c \\in C : WF_a(Ret(c, a[c]))\nLive == \\A c \\in C : <>(a[c] = 2)",
        'CONSTANT C = {c1, c2}\nSPECIFICATION Spec\nPROPERTY Live\nCHECK_DEADLOCK FALSE',
        0, 13, 9, 5, None,
        "WF_a(Ret(c, a[c])), a fairness action named in Next whose argument reads a variable: its "
        "label is not one key computed before the search (was 'not enough values to unpack'; "
        "allocator's SimpleAllocator)"),
    'TwoInstancesOfOneInit': ("EXTENDS Naturals\n---- MODULE Jug ----\nEXTENDS Naturals\nCONSTANT Cap\nVARIABLE contents\nInit == contents = 0\nNext == contents' = (contents + 1) % (Cap + 1)\n====\nVARIABLES c1, c2\nD1 == INSTANCE Jug WITH Cap <- 2, contents <- c1\nD2 == INSTANCE Jug WITH Cap <- 3, contents <- c2\nInit == D1!Init /\\ D2!Init\nNext == \\/ D1!Next /\\ UNCHANGED c2\n        \\/ D2!Next /\\ UNCHANGED c1\nInv == c1 + c2 < 5",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        12, 21, 12, 6, "Invariant Inv is violated.",
        "D1!Init /\\ D2!Init, one definition through two instances in one conjunction: the second is no "
        "call of the first inside itself (was a false 'Java StackOverflowError' before any state; "
        "DieHard's MCDieHardest)"),
    'RecursiveOperatorFoldingWithADefinition': ("EXTENDS Naturals\nVARIABLE f\nAdd(a, b) == a + b\nFold(op(_, _), base, g, S) ==\n  LET it[s \\in SUBSET S] == IF s = {} THEN base ELSE LET x == CHOOSE x \\in s : TRUE IN op(g[x], it[s \\ {x}])\n  IN it[S]\nRECURSIVE Sum(_, _)\nSum(fun, set) == IF set = {} THEN 0\n                 ELSE LET p == CHOOSE p \\in set : TRUE\n                      IN Add(Fold(Add, 0, fun[p], DOMAIN fun[p]), Sum(fun, set \\ {p}))\nInit == f = [i \\in 1..2 |-> [j \\in 1..2 |-> j]]\nNext == f' = [f EXCEPT ![1][1] = (@ + 1) % 4, ![2][2] = (@ + 1) % 5]\nInv == Sum(f, {1, 2}) < 9",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        12, 3, 3, 3, "Invariant Inv is violated.",
        "a RECURSIVE operator whose state-level argument reaches an operator parameter bound to a "
        "definition (Add) that reads values: no by-name reading, so the recursion is evaluated (was "
        "exit 150, 'reading a parameter primed'; Huang's Sum over CommunityModules' FoldFunction)"),
    'LetFunctionOpenedInAnAction': ("EXTENDS Naturals\nVARIABLE x\nOk(n) == LET R[k \\in 0..n] == \\/ k = 0\n                              \\/ \\E j \\in {1, 2} : j <= k /\\ R[k - 1]\n         IN R[n]\nInit == x = 0\nNext == x < 4 /\\ Ok(x) /\\ x' = x + 1",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 9, 5, 5, None,
        "R[n] of a LET function in an action: TLC's next-state enumeration applies the lazy function "
        "by enumerating its body, so each way it holds (a disjunct, an \\E witness, down its recursive "
        "applications) is a generated state (was 5 generated; byzpaxos' VoteProof, SafeAt's SA: "
        "318,877 generated, was 27,727)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_outcome_equals_tlc(tmp_path, name):
    assert_outcome_equals_tlc(tmp_path, name, CASES[name])
