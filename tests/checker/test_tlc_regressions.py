"""Divergences from TLC found by running both checkers on TLC's own regression models, each
reduced to a small module written here.

Every expected outcome (exit code; states generated, distinct and depth on exit 0; else a phrase
of TLC's message) was recorded from TLC2 built from tlaplus/tlaplus at rev cc6b616 on the same
module and model, so the tests run without TLC."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

# name: (module text after the header line, model, TLC exit, generated, distinct, depth,
#        a phrase of the error (exit != 0), what it shows)
CASES: dict[str, tuple[str, str, int, int | None, int | None, int | None, str | None, str]] = {
    "TabStops": ('EXTENDS Naturals, Sequences\nVARIABLE x\nInit == x = 0\nNext == x\' = 1 - x\n'
                 'Inv ==\n  \t/\\ IF x = 0 THEN TRUE ELSE x = \n\t\t\t1\n'
                 '  \t/\\ Len("a\tb") = 3 (* a\tcomment *)',
                 "INIT Init\nNEXT Next\nINVARIANT Inv",
                 0, 3, 2, 2, None,
                 "SANY puts a tab's next character at column 8k + 1: the line of three tabs is right "
                 "of the bullet written as two blanks and a tab; a tab inside a string is one character"),
    "PrefixAfterInfix": ("EXTENDS Naturals\nVARIABLES x, y\nInit == x = 0 /\\ y = TRUE\n"
                         "A ==\n/\\ y' = ~y\n/\\ x < 2\n/\\ x' = x + 1\nNext == A \\/ UNCHANGED <<x, y>>",
                         "INIT Init\nNEXT Next",
                         0, 6, 3, 3, None,
                         "y' = ~y parses: of the prefix operators only -, which is also infix, can conflict "
                         "with the infix operator before it (7 \\div -2)"),
    "ActionLevelProperty": ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\n"
                            "Step == [Next]_x\nSpec == Init /\\ [][Next]_x",
                            "SPECIFICATION Spec\nPROPERTY Step",
                            151, None, None, None, "is an action-level formula (i.e., it contains no temporal operators)",
                            "an action-level PROPERTY is TLC's config error (exit 151), not a temporal formula"),
    'ArgAssign': ("EXTENDS Integers\nVARIABLES s, t\nPick(var, S) == \\E val \\in S : var = val /\\ var > 0\nAll(var, S) == \\A val \\in S : var = val /\\ var \\in S\nStep(var) == var \\in 0..3 /\\ var % 2 = 0\nInit == (Pick(s, 0..2) \\/ All(s, {5}) \\/ All(s, {6, 7})) /\\ t = 0\nNext == Step(s') /\\ t' = t + 1 /\\ t < 2",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 13, 7, 3, None,
        "an operator's parameter passed s (in Init) or s' (in Next) assigns it, as TLC substitutes the argument; the call's level is that of its arguments; \\A over a finite set in Init is the conjunction of its instances"),
    'Queued': ("EXTENDS Integers\nVARIABLES x, y\nInit == x = 0 /\\ y = 0 /\\ (x > -1 \\/ x > -2) /\\ \\A i \\in {1, 2} : i > 0 \\/ i > -1\nNext == \\/ x < 2 /\\ x' = x + 1 /\\ y' = y /\\ (x > -1 \\/ x > -2) /\\ \\E i \\in {1, 2} : i > 0\n        \\/ x < 2 /\\ (x > -1 \\/ x > -2) /\\ x' = x + 1 /\\ y' = 1 - y",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 10, 5, 3, None,
        "once every variable is determined, TLC evaluates the queued conjuncts as Booleans: a disjunction or \\E there is one successor, not one per way it holds (written before the assignments, it is one per way)"),
    'NoNext': ('EXTENDS Integers\nVARIABLE x\nInit == x \\in {1, 2}\nSpec == Init',
        'SPECIFICATION Spec',
        75, None, None, None, 'No next state actions defined to generate successor states from.',
        "a specification without [][Next]_v: the initial states are computed, then TLC's error"),
    'NoInit': ('EXTENDS Integers, TLCExt\nASSUME TLCCache(1 + 1, {}) = 2\nSpec == [][TRUE]_<<>>',
        'SPECIFICATION Spec',
        0, 0, 0, 0, None,
        "without an initial predicate and with nothing to check there is no initial state; TLCCache(e, c) is e"),
    'NoInitVars': ("VARIABLE x\nSpec == [][x' = x]_x",
        'SPECIFICATION Spec',
        151, None, None, None, 'did not specify the initial state predicate',
        "without an initial predicate, a variable makes it TLC's config error"),
    'NoNextInv': ('VARIABLE x\nInit == x = 1\nInv == x = 1',
        'INIT Init\nINVARIANT Inv',
        151, None, None, None, 'did not specify the next state predicate',
        "without NEXT, an invariant makes it TLC's config error"),
    'LevelConstraint': ('EXTENDS Integers, TLC\nVARIABLE x\nInit == x = 0\nNext == x\' = x + 1 \\/ x\' = x + 2\nBound == TLCGet("level") < 4\nInv == TLCGet("level") <= 4',
        'INIT Init\nNEXT Next\nCONSTRAINT Bound\nINVARIANT Inv',
        0, 11, 5, 3, None,
        "TLCGet(\"level\") is the level of the state evaluated (a successor's in CONSTRAINT), never a constant computed once"),
    'LevelInvariant': ('EXTENDS Integers, TLC\nVARIABLES x, y\nInit == x = 0 /\\ y = 0\nNext == x\' = (x + 1) % 2 /\\ y\' = IF y < 3 THEN y + 1 ELSE y\nInv == x \\in {0, 1} /\\ TLCGet("level") < 5',
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        12, None, None, None, 'Invariant Inv is violated',
        "a conjunct reading only TLCGet(\"level\") reads no variable yet changes between states: not remembered from the predecessor"),
    'LevelAlias': ('EXTENDS Integers, TLC\nVARIABLE x\nInit == x = 0\nNext == x\' = x + 1\nInv == x < 2\nAlias == [x |-> x, lvl |-> TLCGet("level")]',
        'INIT Init\nNEXT Next\nINVARIANT Inv\nALIAS Alias',
        12, None, None, None, 'lvl = 3',
        "the ALIAS of the i-th state of a counterexample sees level i"),
    'FcnOverProduct': ('EXTENDS Naturals\nN1 == {"a", "b"}\nR1 == [ ed \\in N1 \\X N1 |-> ed[1] # ed[2] ]\nF == [ g \\in [N1 -> {1, 2}] |-> g["a"] ]\nASSUME R1 \\in [N1 \\X N1 -> BOOLEAN] /\\ R1 = [ <<p, q>> \\in N1 \\X N1 |-> p # q ]\nVARIABLE x\nInit == x = 0\nNext == x\' = 1 - x\nInv == R1[<<"a", "b">>] /\\ F \\in [[N1 -> {1, 2}] -> Nat] /\\ DOMAIN F = [N1 -> {1, 2}]',
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 3, 2, 2, None,
        "a function over a product or a function set is an ordinary function (it was kept lazy, as over Nat, and printed as <operator>)"),
    'StandardInstance': ('EXTENDS Naturals\nT == INSTANCE TLC\nS == INSTANCE Sequences\nVARIABLE x\nInit == x = 0\nNext == x\' = 1 - x\nInv == T!TLCGet("level") > 0 /\\ S!Len(<<1, 2>>) = 2 /\\ LET U == INSTANCE TLC IN U!TLCSet(3, 4)',
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 3, 2, 2, None,
        "T == INSTANCE TLC, S == INSTANCE Sequences, LET U == INSTANCE TLC: T!TLCGet is TLC's TLCGet"),
    'Registers': ('EXTENDS Naturals, TLCExt\nVARIABLE x\nInit == x = 0\nNext == x < 40 /\\ (x\' = x + 1 \\/ x\' = x + 2)\nCount == TLCGetAndSet(1, +, 1, 0) >= 0 /\\ TLCGetAndSet(2, LAMBDA a, b: a + b, 2, 5) >= 5\nStop == LET T == INSTANCE TLC IN T!TLCSet("exit", T!TLCGet("distinct") > 9 /\\ TLCGetOrDefault(1, 0) > 3)',
        'INIT Init\nNEXT Next\nCONSTRAINT Count\nINVARIANT Stop',
        0, 17, 10, 6, None,
        "TLCGetAndSet with + and a LAMBDA, TLCGetOrDefault, TLCGet(\"distinct\") (t counted where the invariant sees it) and TLCSet(\"exit\", TRUE), which ends the search; a CONSTRAINT calling a register operator is evaluated for every successor, never kept"),
    'SubsetOfInterval': ('EXTENDS Integers\nVARIABLE b\nInit == b = TRUE\nInv == /\\ ({3, 1} \\subseteq 1..2) = FALSE\n       /\\ ({"a"} \\subseteq {"a", "b"})\n       /\\ (SUBSET {1} \\subseteq SUBSET {1, 2})\nNext == b\' = (SUBSET (1..3) \\subseteq (1..4))',
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        75, None, None, None, 'Attempted to compare',
        "SUBSET (1..3) \\subseteq 1..4 compares a set with integers: TLC's error, not FALSE (the successor was FALSE and the run said ok)"),
    'FormulaArguments': ("EXTENDS Naturals\nVARIABLE x\nvars == <<x>>\nInit == x = 0\nNext == x < 3 /\\ x' = x + 1\nMyInit(i) == i\nMyAction(a) == a /\\ TRUE\nMyNext(n) == n\nSpec == MyInit(Init) /\\ MyNext([][MyAction(Next)]_vars)",
        'SPECIFICATION Spec\nCHECK_DEADLOCK FALSE',
        0, 4, 4, 4, None,
        "operators applied to a state predicate, an action and a temporal formula (MyInit(Init), MyAction(Next), MyNext([][A]_v)): the argument is substituted, as in TLC, not evaluated to a value first"),
    'RandomSubstitution': ("EXTENDS Naturals, TLC\nCONSTANTS C, H\nR == RandomElement(1..1000000)\nG == TLCEval([e |-> RandomElement(1..1000000)])\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\nInv == C # R /\\ G.e = H.e",
        'CONSTANT C <- R\nCONSTANT H <- G\nINIT Init\nNEXT Next\nINVARIANT Inv',
        0, 3, 2, 2, None,
        "CONSTANT C <- R with R == RandomElement(..) draws anew at each use of C, while H <- G with G == TLCEval(..) is G's one value (fails with probability 1e-6 after the fix)"),
    'TypedModelValues': ('EXTENDS Integers, TLCExt\nVARIABLE v\nInit == v = {TLCModelValue("A_a"), TLCModelValue("A_b"), TLCModelValue("u")}\nNext == v\' = v \\cup {TLCModelValue("B_a")}\nInv == TLCModelValue("A_a") \\in v',
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        75, None, None, None, 'Attempted to compare the differently-typed model values',
        "a set holding typed model values of two types (A_b, B_a) is TLC's error when it is sorted; an untyped one (u) sits with any"),
    'SafetyPartOfTemporal': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 1\nNext == x < 4 /\\ x' = x + 1\nSpec == Init /\\ [][Next]_x\nAtMostOnce == [](x > 1 => [](x > 2))\nLive == <>(x = 7)",
        'SPECIFICATION Spec\nPROPERTY AtMostOnce\nCHECK_DEADLOCK FALSE',
        12, None, None, None, 'Temporal property AtMostOnce was violated',
        "[](x > 1 => [](x > 2)) without fairness is violated by a finite prefix: TLC's exit 12 (a safety violation), not 13; <>(x = 7) stays a liveness violation (exit 13)"),
    'LivenessPartOfTemporal': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 1\nNext == x < 4 /\\ x' = x + 1\nSpec == Init /\\ [][Next]_x\nAtMostOnce == [](x > 1 => [](x > 2))\nLive == <>(x = 7)",
        'SPECIFICATION Spec\nPROPERTY Live\nCHECK_DEADLOCK FALSE',
        13, None, None, None, 'Temporal property Live was violated',
        "<>(x = 7) is violated by a behaviour that stutters forever: exit 13"),
    'SiblingModules': ("EXTENDS Naturals\nVARIABLE x\nA == INSTANCE SibAbs WITH y <- x % 2\nInit == x = 0\nNext == x' = +(x, 1) % 4\nSpec == Init /\\ [][Next]_x\nRefines == A!Spec\nSum == A!++(2, 3) = 5\n====\n---- MODULE SibAbs ----\nEXTENDS Naturals\nVARIABLE y\na ++ b == a + b\nSpec == y = 0 /\\ [][y' = 1 - y]_y",
        'SPECIFICATION Spec\nPROPERTY Refines\nINVARIANT Sum',
        0, 5, 4, 4, None,
        "a module written after the first one's ==== in the same file is found by INSTANCE; an operator symbol applied in prefix form (+(x, 1), A!++(2, 3))"),
    'ConstraintNotBoolean': ("EXTENDS Integers\nVARIABLE x\nInit == x \\in 1..10\nNext == x' = 0\nF(a) == {}\nCon == F(x)\nNotNine == x # 9",
        'INIT Init\nNEXT Next\nCONSTRAINT Con\nINVARIANT NotNine',
        75, None, None, None, 'a state constraint',
        "a CONSTRAINT whose value is {} is TLC's evaluation error (it was taken as FALSE, and an invariant violation reported)"),
    'ActionConstraintNotBoolean': ("EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\nCon == IF x' = 2 THEN 7 ELSE TRUE",
        'INIT Init\nNEXT Next\nACTION_CONSTRAINT Con',
        75, None, None, None, 'an action constraint',
        "an ACTION_CONSTRAINT whose value is 7 on a step is TLC's evaluation error"),
    'FunctionWithPrime': ("EXTENDS Naturals\nVARIABLES x, y\nf[i \\in 1..3] == x' + i\nInit == x = 0 /\\ y = 0\nNext == x < 3 /\\ x' = x + 1 /\\ y' = f[2]",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 4, 4, 4, None,
        "a function definition whose body reads x', applied while the next state is being built (was an internal assertion)"),
    'ConstantByNonConstant': ("EXTENDS Naturals\nCONSTANT C, D\nVARIABLE x\nFoo == x\nBar == 3\nInit == x = 2\nNext == x' = C + D",
        'INIT Init\nNEXT Next\nCONSTANT C <- Foo\nCONSTANT D <- Bar',
        151, None, None, None, 'substitutes constant C with non-constant Foo',
        "CONSTANT C <- Foo with Foo == x is TLC's config error (the checker explored x' = x + 3 without end)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_outcome_equals_tlc(tmp_path, name):
    assert_outcome_equals_tlc(tmp_path, name, CASES[name])


def assert_outcome_equals_tlc(tmp_path, name, case):
    """Check the module ``name`` of ``case`` (a CASES entry) and compare with TLC's outcome."""
    text, cfg, code, generated, distinct, depth, phrase, _why = case
    (tmp_path / f"{name}.tla").write_text(f"---- MODULE {name} ----\n{text}\n====\n")
    (tmp_path / f"{name}.cfg").write_text(cfg + "\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{name}.tla"), "-c", str(tmp_path / f"{name}.cfg"),
                                  "--workers", "1"])
    assert "Traceback" not in r.output
    assert r.exit_code == code, r.output
    if code == 0:
        assert f"{generated} states generated, {distinct} distinct states found" in r.output, r.output
        assert f"The depth of the complete state graph search is {depth}." in r.output, r.output
    else:
        assert phrase is not None and phrase in r.output, r.output
