"""Divergences from TLC found by running both checkers on TLC's own regression models, each
reduced to a small module written here.

Every expected outcome (exit code; states generated, distinct and depth on exit 0; else a phrase
of TLC's message) was recorded from TLC2 built from tlaplus/tlaplus at rev cc6b616 on the same
module and model, so the tests run without TLC."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

# An ALIAS reading x' and TLCExt!Trace (TLC's AliasLasso, AliasStuttering, Github746 reduced).
ALIAS_PRIMED = ("EXTENDS Integers, TLC, TLCExt\nVARIABLES x, y\nvars == <<x, y>>\nA == y' = ~y /\\ x < 4 /\\ x' = x + 1\n"
                "B == y' = ~y /\\ x = 4 /\\ x' = 1\nNext == A \\/ B\nSpec == x = 1 /\\ y = FALSE /\\ [][Next]_vars\n"
                "FairSpec == Spec /\\ WF_vars(Next)\nInv == x < 4\nProp == <>(x > 4)\n"
                "Alias == [yy |-> y, x |-> x, a |-> x' - x, b |-> x' = x, te |-> ENABLED Next, lvl |-> TLCGet(\"level\"), "
                "trc |-> Trace]")

# name: (module text after the header line, model, TLC exit, generated, distinct, depth (where recorded
#        on exit != 0), a phrase of the error (exit != 0), what it shows)
FAIR_SUBSETS = ("EXTENDS Naturals, FiniteSets\nVARIABLES sent, rcvd\nInit == sent = {1, 2} /\\ rcvd = {}\n"
                "Recv == \\E m \\in SUBSET sent : m # {} /\\ rcvd' = rcvd \\cup m /\\ UNCHANGED sent\n"
                "Next == Recv \\/ UNCHANGED <<sent, rcvd>>\n"
                "Spec == Init /\\ [][Next]_<<sent, rcvd>> /\\ "
                "WF_<<sent, rcvd>>(\\E m \\in SUBSET sent : rcvd' = rcvd \\cup m /\\ sent' = sent)\n")
TAUT_BASE = "EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\nSpec == Init /\\ [][Next]_x /\\ WF_x(Next)\n"

INFIX_INSTANCES = ("---- MODULE Inner ----\na - b == <<1, a, b>>\na ++ b == <<2, a, b>>\n====\nF == INSTANCE Inner\n"
                   "G == INSTANCE Integers\nVARIABLE x\nInit == x = 0\nNext == x' = G!+(x, 1) /\\ G!<(x, 3)\n"
                   "ASSUME F!-(4, 6) = <<1, 4, 6>> /\\ F!++(4, 6) = <<2, 4, 6>> /\\ G!-(4, 6) = G!-.(2) /\\ "
                   "G!+(4, 6) = 10\n")
PROOF_BASE = "EXTENDS Naturals, FiniteSets\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\n"

# How TLC names the invariant a []P property checks (TLC's processConfigProps).
NAMING_BASE = ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = x + 1\nInv == x < 3\nMid == []Inv\n"
               "Op(a) == [](a < 3)\n")

# TLC's CyclicRedefine*: a cfg substitution that makes an action reach itself.
CYCLIC_BASE = ("EXTENDS Naturals\nVARIABLE x\nInit == x = FALSE\nOp(b) == ~b\nA(n) == x' = Op(FALSE)\n"
               "B == x' = FALSE\nNext == \\E i \\in {1,2,3}: A(i) \\/ B\n")

# TLC's Github798I and Github798N: an argument x' reached through a LET of the operator's body.
LET_OF_PRIMED = ('S == {"n1", "n2"}\nDirect(xx, yy) == /\\ xx \\in [S -> {"a"}] /\\ yy \\in [S -> S]\n'
                 '    /\\ \\A s \\in S : xx[s] = "a" => yy[s] = s\nIndirect(xx, yy) == Direct(xx, yy)\n'
                 'InIndirect(xx, yy) == LET zz == xx IN Indirect(zz, yy)\nVARIABLE x, y\nvars == <<x, y>>\n')

# SYMMETRY sets TLC reduces by, or not (Tool.getSymmetryPerms): two processes, Init in 4 states.
SYM_BASE = ("EXTENDS Naturals, TLC\nCONSTANTS Procs, p1x, p2x\nVARIABLE pc\nInit == pc \\in [Procs -> {0, 1}]\n"
            "Next == UNCHANGED pc\n")
SYM_CFG = "INIT Init\nNEXT Next\nCONSTANTS Procs = {p1, p2}\np1x = p1\np2x = p2\nSYMMETRY Sym"

# TLC's TLCExtTrace: TLCExt!Trace read by an invariant and a constraint, the path to each state.
TRACE_BASE = ("EXTENDS Integers, TLCExt, Sequences\nVARIABLE x\nSpec == x = 1 /\\ [][x < 10 /\\ x' = x + 1]_x\n"
              "Inv == /\\ Len(Trace) = x\n       /\\ \\A i \\in 1..x : Trace[i].x = i\nInv2 == x < 7\n"
              "Alias == [x |-> x, t |-> Trace]")

LIVE_BASE = "EXTENDS Naturals, Sequences\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\nSpec == Init /\\ [][Next]_x\n"
FCN_BASE = "EXTENDS Integers, Sequences, TLC\nVARIABLE f\nInit == f = <<0, 0>>\n"
PRIMED_BASE = "EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\nC == x' < 5\nC2 == x < 5 \\/ x' = 1"

CONST_PROPERTY = ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\n"
                  "Spec == Init /\\ [][Next]_x\n")
EMPTY_EXISTS = ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\n"
                "Spec == Init /\\ [][Next]_x\n")
WHY_EMPTY_EXISTS = ("\\E over {} is FALSE to TLC's astToLive, so the negated property has a disjunct TRUE, which "
                    "its tableau leaves at once for the node of no formula: the search stops at the first state it "
                    "expands, a bad prefix of that state (fuzz12 EmptyExistsProp, EmptyExistsConj; was: the full "
                    "search, then 11 or 13)")

CASES: dict[str, tuple[str, str, int, int | None, int | None, int | None, str | None, str]] = {
    "SpecificationNotDefined": ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = x", "SPECIFICATION Spec",
                                151, None, None, None, "The name Spec specified in the configuration file is not "
                                "defined in the specification.", "TLC's words (TLC_CONFIG_SPECIFIED_NOT_DEFINED) for "
                                "an undefined SPECIFICATION (test-model Github725h)"),
    "NextNotDefined": ("VARIABLE x\nInit == x = 0", "INIT Init\nNEXT Nope", 151, None, None, None,
                       "The next state action Nope specified in the configuration file is not defined in the "
                       "specification.", "TLC's words for an undefined NEXT (was: the next-state relation Nope is "
                       "not defined in module NextNotDefined)"),
    "AlwaysStateInSpec": ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\n"
                          "Spec == Init /\\ [][Next]_x /\\ [](x < 3)", "SPECIFICATION Spec", 255, None, None, None,
                          "TLC cannot handle the temporal formula line 6, col 34 to line 6, col 38 of module "
                          "AlwaysStateInSpec", "the formula placed by its range, as TLC does (test-model Github525)"),
    "LaterFalsePropertyFirst": ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\n"
                                "Spec == Init /\\ [][Next]_x\nP0 == <>([][Next]_x /\\ x = 1)\nP1 == FALSE",
                                "SPECIFICATION Spec\nPROPERTY P0 P1", 151, None, None, None,
                                "The property of P1 is equal to FALSE",
                                "processConfigProps takes every property before Liveness refuses P0's action "
                                "(fuzz symlive/live 90000300008; was: 255 for P0)"),
    "EmptyExistsEventually": (EMPTY_EXISTS + "P == \\E k \\in {} : <>(x = k)", "SPECIFICATION Spec\nPROPERTY P",
                              12, 2, 2, 2, "Temporal property P was violated.", WHY_EMPTY_EXISTS),
    "EmptyExistsConjunct": (EMPTY_EXISTS + "P == <>(x = 3) /\\ \\E k \\in {} : <>(x = k)",
                            "SPECIFICATION Spec\nPROPERTY P", 12, 2, 2, 2, "Temporal property P was violated.",
                            WHY_EMPTY_EXISTS),
    "EmptyExistsAlways": (EMPTY_EXISTS + "P == \\E k \\in {} : [](x = k)", "SPECIFICATION Spec\nPROPERTY P",
                          12, 2, 2, 2, "Temporal property P was violated.", WHY_EMPTY_EXISTS),
    "EmptyExistsAction": (EMPTY_EXISTS + "P == \\E k \\in {} : [][x' = k]_x", "SPECIFICATION Spec\nPROPERTY P",
                          12, 2, 2, 2, "Temporal property P was violated.", WHY_EMPTY_EXISTS),
    "EmptyExistsDisjunct": (EMPTY_EXISTS + "P == \\E k \\in {} : <>(x = k) \\/ <>(x = 9)",
                            "SPECIFICATION Spec\nPROPERTY P", 12, 2, 2, 2, "Temporal property P was violated.",
                            WHY_EMPTY_EXISTS),
    "EmptyExistsBesideCycle": (EMPTY_EXISTS + "P == []<>(x = 0) \\/ \\E k \\in {} : <>(x = k)",
                               "SPECIFICATION Spec\nPROPERTY P", 11, 3, 3, 3, "Deadlock reached",
                               "the disjunct TRUE falls in the disjunction: TLC runs the whole search"),
    "NestedModuleReadsOuterDefinitions": (
        "EXTENDS Naturals\nCONSTANT N\nVARIABLE x, y\nLim == N + 1\nTwice(a) == 2 * a\nRECURSIVE Fact(_)\n"
        "Fact(n) == IF n = 0 THEN 1 ELSE n * Fact(n - 1)\nBig == Twice(Lim) + y\n---- MODULE Inner ----\n"
        "VARIABLE w\nINext == w' = IF w < Big THEN w + Fact(2) - 1 ELSE w\n====\nI == INSTANCE Inner WITH w <- x\n"
        "Init == x = 0 /\\ y = 1\nNext == I!INext /\\ UNCHANGED y", "CONSTANT N = 2\nINIT Init\nNEXT Next",
        0, 9, 8, 8, None, "a module written inside another reads the definitions before it, and what they read "
        "(a recursive one, the outer constant and variables) (fuzz12 NestedOuterRef; was: unknown operator, 150)"),
    "EventuallyOfEventuallyAlways": (CONST_PROPERTY + "P == <>(<>[][x' = x]_x)", "SPECIFICATION Spec\nPROPERTY P",
                                     13, 3, 2, 2, "Temporal property P was violated.",
                                     "TLC's simplify makes <><>F <>F, so the action stands under <>[] (fuzz12 EvBoxAct; "
                                     "was: refused, 255)"),
    "EventuallyOfNegatedEventually": (CONST_PROPERTY + "P == ~<>~<>[][x' = x]_x", "SPECIFICATION Spec\nPROPERTY P",
                                      255, None, None, None, "must be of forms <>[]A or []<>A.",
                                      "but not through a negation, which it keeps as a node of its own"),
    "InstanceVariableByName": (
        "EXTENDS Naturals\nVARIABLE x\n---- MODULE Abs ----\nVARIABLE z\n====\nA == INSTANCE Abs WITH z <- x\n"
        "Init == x = 0\nNext == x' = 1 - x\nSpec == Init /\\ [][Next]_x\nP == [][x' # x]_<<A!z>>",
        "SPECIFICATION Spec", 150, None, None, None, "Unknown operator: `z'.",
        "I!z names a definition of the instantiated module, never its declared variable, even where "
        "unused (SANY; fuzz12 InstanceVarRef; was: accepted, exit 0)"),
    "InstanceOfStandardModuleUnknownName": (
        "EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\nN == INSTANCE Naturals\nQ == N!Foo + 1",
        "INIT Init\nNEXT Next", 150, None, None, None, "Unknown operator: `Foo'.",
        "nor a name a standard module lacks (fuzz12 InstanceUnknownOp; was: accepted, exit 0)"),
    "AttributionOfAStepProperty": (
        "VARIABLE x\nInit == x = 0\nNext == UNCHANGED x\nSpec == Init /\\ [][Next]_x\nP0 == <>(x = 1)\n"
        "P1 == []<><<x' # x>>_x", "SPECIFICATION Spec\nPROPERTY P0 P1", 13, 2, 1, 1,
        "Temporal properties P0 and P1 were violated.",
        "TLC names every property false on the lasso it found, a formula outside the fixed forms too, "
        "decided by its ways of being violated (fuzz12 AttribStepProp; was: P0 only)"),
    "AttributionOfWeakFairness": (
        "EXTENDS Naturals\nVARIABLES x, y\nInit == x = 0 /\\ y = 0\nNext == y' = 1 - y /\\ x' = x\n"
        "Spec == Init /\\ [][Next]_<<x, y>> /\\ WF_y(Next)\nP0 == <>(x = 1)\nP1 == WF_x(x' = x + 1)\n"
        "P2 == SF_x(x' = x + 1)\nP3 == WF_x(x = 5 /\\ x' = 0)",
        "SPECIFICATION Spec\nPROPERTY P0 P1 P2 P3", 13, 3, 2, 2, "Temporal properties P0, P1, and P2 were violated.",
        "and a WF/SF property: enabled on the cycle (SF: somewhere), taken on none of its steps "
        "(fuzz12 AttribFair; was: P0 only)"),
    "AttributionOfEventuallyAlwaysStep": (
        "EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\nSpec == Init /\\ [][Next]_x /\\ WF_x(Next)\n"
        "P0 == <>(x = 5)\nP1 == <>[][x' = x]_x", "SPECIFICATION Spec\nPROPERTY P0 P1", 13, 3, 2, 2,
        "Temporal properties P0 and P1 were violated.", "and one whose cycle condition is a step's"),
    "PropertyConjunctFalse": (CONST_PROPERTY + "P == FALSE /\\ <>(x = 1)", "SPECIFICATION Spec\nPROPERTY P", 151,
                              None, None, None, "The spec is trivially false because FALSE is false.",
                              "a conjunct of a property that TLC looks up as FALSE makes it trivially false "
                              "(fuzz12 ConstFalseConj; was: violated by the initial state, 13)"),
    "SpecificationConjunctFalse": (
        "EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\nSpec == FALSE /\\ Init /\\ [][Next]_x",
        "SPECIFICATION Spec", 151, None, None, None, "The spec is trivially false because FALSE is false.",
        "and so does one of the specification"),
    "AliasInitialDeadlock": ("EXTENDS Naturals\nVARIABLE x\nInit == x = 1\nNext == x < 1 /\\ x' = x + 1\n"
                             "Al == [y |-> x + 10]", "INIT Init\nNEXT Next\nALIAS Al", 11, 1, 1, 1,
                             "State 1: <Initial predicate>\n /\\ x = 1\n",
                             "a deadlock of an initial state prints the state without the ALIAS (TLCTrace.printTrace "
                             "of one state; fuzz12 AliasDeadlock; was: y = 11)"),
    "AliasInitialError": ("EXTENDS Naturals, Sequences\nVARIABLE x\nInit == x = 0\nNext == x' = x\n"
                          "Al == [y |-> x + 10]\nInv == <<>>[1] = x", "INIT Init\nNEXT Next\nALIAS Al\nINVARIANT Inv",
                          75, 1, 1, 1, "While working on the initial state:\nState 1: <Initial predicate>\n /\\ x = 0\n",
                          "and so does an error on one (was: y = 10)"),
    "ConstantPropertyFalse": (CONST_PROPERTY + "P == 1 = 2", "SPECIFICATION Spec\nPROPERTY P", 151, None, None,
                              None, "The property of P is equal to FALSE",
                              "TLC evaluates a constant definition at start, and a PROPERTY that is not TRUE is its "
                              "configuration error (fuzz12 ConstFalseProp; was: violated by the initial state, 13)"),
    "PropertyNumber": (CONST_PROPERTY + "P == 3", "SPECIFICATION Spec\nPROPERTY P", 75, 1, 1, None,
                       "TLC expected a boolean value, but did not find one. 3",
                       "a literal body is not evaluated at start: the initial state's check finds no Boolean "
                       "(was: exit 0, the value taken for TRUE)"),
    "PropertyNotBoolean": (CONST_PROPERTY + "P == x + 1", "SPECIFICATION Spec\nPROPERTY P", 75, 1, 1, None,
                           "TLC expected a boolean value, but did not find one. line 7, col 6 to line 7, col 10",
                           "a state predicate of a property that is no Boolean (was: exit 0)"),
    "PostconditionLevel": ("EXTENDS Naturals, TLC\nVARIABLE x\nInit == x = 0\nNext == x' = IF x < 3 THEN x + 1 ELSE x\n"
                           "Post == TLCGet(\"level\") = 0 /\\ TLCGet(\"stats\").diameter = 4",
                           "INIT Init\nNEXT Next\nPOSTCONDITION Post", 0, 5, 4, 4, None,
                           "TLC evaluates a POSTCONDITION on its empty state, at level 0 (fuzz12 PostLevel; was: the "
                           "last level, 4, and the postcondition false, exit 10)"),
    "TraceInInvariant": (TRACE_BASE, "SPECIFICATION Spec\nINVARIANT Inv\nCONSTRAINT Inv", 11, 10, 10, 10,
                         "Deadlock reached.", "Trace in an invariant and a constraint is the path to the state checked, "
                         "every state passes and x = 10 deadlocks (was: exit 150)"),
    "TraceInInvariantViolated": (TRACE_BASE, "SPECIFICATION Spec\nINVARIANT Inv\nINVARIANT Inv2\nALIAS Alias", 12,
                                 7, 7, 7, "Invariant Inv2 is violated.", "and in the ALIAS of its counterexample"),
    "FairnessLeavesSubscriptFree": (
        "EXTENDS Naturals\nVARIABLES a, b\nvars == <<a, b>>\ndisj == a' = a + 1 /\\ a' \\in 1..10\n"
        "Next == disj /\\ UNCHANGED b\nSpec == a = 0 /\\ b = 0 /\\ [][Next]_vars /\\ WF_vars(disj)\nProp == <>FALSE",
        "SPECIFICATION Spec\nPROPERTY Prop", 255, 2, 2, 2,
        "does not specify the primed value of the variable b occurring in the state formula v.",
        "ENABLED <<disj>>_vars reads b', which disj leaves free: TLC's unexpected exception (its Github317; "
        "was: b' taken as changed, Prop violated, exit 13)"),
    "LetOfPrimedArgumentInit": (LET_OF_PRIMED + "Spec == InIndirect(x, y) /\\ [][InIndirect(x', y')]_vars",
                                "SPECIFICATION Spec", 0, 2, 1, 1, None,
                                "zz \\in T with zz == xx and xx standing for x' assigns x: TLC's getPrimedVar "
                                "reads through the LET's LazyValue (was: x is not determined, exit 75)"),
    "LetOfPrimedArgumentNext": (LET_OF_PRIMED + "Spec == x = {} /\\ y = {} /\\ [][InIndirect(x', y')]_vars",
                                "SPECIFICATION Spec", 0, 3, 2, 2, None, "the same from a state where x is {}"),
    "IncompleteSuccessor": ("EXTENDS Integers\nVARIABLES x, y\nSpec == (x=0) /\\ (y=0) /\\ [][x'=x+1]_<<x,y>>",
                            "SPECIFICATION Spec", 75, 2, 1, 1, "by the next-state action. The following variable "
                            "is not defined: y.", "TLC counts the successor it finds incomplete as generated "
                            "(TLC's IncompleteNext; was: 1 generated)"),
    "IncompleteSuccessorOfAction": (
        "EXTENDS Integers\nVARIABLES x, y, z\nA1 == x'= x + 1\nA2 == x'= 1 /\\ y' = 1 /\\ z' = 1\n"
        "Spec == (x=0) /\\ (y=0) /\\ (z=0) /\\ [][A1 \\/ A2]_<<x,y,z>>", "SPECIFICATION Spec", 75, 2, 1, 1,
        "by action A1 of the next-state relation. The following variables are not defined: y, z.",
        "the action named, the partial successor shown (TLC's IncompleteNextMultipleActions)"),
    "TemporalNext": ("EXTENDS Naturals\nVARIABLES x\nInit == x = 0\nNext == [][FALSE /\\ x' = x]_<<x>>",
                     "INIT Init\nNEXT Next", 75, 1, 1, 1,
                     "TLC encountered a temporal formula ([]A) when evaluating a predicate or action.",
                     "a temporal formula as NEXT fails where TLC's Tool evaluates it (line 5, col 9); was: exit 150"),
    "TemporalNextNeverEvaluated": ("EXTENDS Naturals\nVARIABLES x\nInit == FALSE /\\ x = 0\n"
                                   "Next == [][FALSE /\\ x' = x]_<<x>>", "INIT Init\nNEXT Next", 0, 0, 0, 0, None,
                                   "and not at all without an initial state (TLC's StandardModules)"),
    "TemporalInInit": ("EXTENDS Naturals\nVARIABLES x\nInit == x = 0 /\\ <>(x = 1)\nNext == x' = x",
                       "INIT Init\nNEXT Next", 75, 0, 0, 0,
                       "TLC encountered a temporal formula (<>A) when evaluating a predicate or action.",
                       "in the initial predicate, once the variables are determined (line 4, col 18)"),
    "TemporalSafetyWhileExploring": (
        "EXTENDS Integers\nVARIABLE x\nInitB == x = -1\nNextC == x' \\in {0, 1} \\/ x' = 2\n"
        "AtMostOnceC == []((x = 1) => []((x = 0) => [](x = 2)))\nTautology == (x = x) ~> (x = x)",
        "INIT InitB\nNEXT NextC\nPROPERTY AtMostOnceC\nPROPERTY Tautology", 12, 10, 4, 2,
        "Temporal property AtMostOnceC was violated.",
        "TLC finds a temporal property's bad prefix as it adds the successors of a state to the behaviour "
        "graph (LiveCheck's isAccepting), in the middle of a level: 10 generated and 1 left, not the 13 of the "
        "check on the whole graph (TLC's Github971c)"),
    "TemporalSafetyOfInfiniteModel": (
        "EXTENDS Naturals\nVARIABLE x\nSpec == x = 1 /\\ [][x' = x + 1]_x\n"
        "AtMostOnce == [](x > 1 => [](x > 2))\nBound == x < 50", "SPECIFICATION Spec\nPROPERTY AtMostOnce\n"
        "CONSTRAINT Bound", 12, 3, 3, 3, "Temporal property AtMostOnce was violated.",
        "so a model with infinitely many states stops there too (TLC's Github710b, which ran forever: the "
        "CONSTRAINT here only bounds the test should the rule break)"),
    "InstanceInfixInPrefixForm": (INFIX_INSTANCES + "ASSUME G!-(1, 1) = 1", "INIT Init\nNEXT Next", 10, None, None,
                                  None, "Assumption line 12, col 8",
                                  "F!-(4, 6) is the binary minus of the instance F, G!-(4, 6) Integers' (TLC's "
                                  "suite/test205; was: a parse error at the comma, then an unknown operator G!minus "
                                  "in an ASSUME)"),
    "InstanceInfixInPrefixFormHolds": (INFIX_INSTANCES, "INIT Init\nNEXT Next", 11, 4, 4, 4, "Deadlock reached.",
                                       "the same instances in an action: counts as TLC's"),
    "ProofCitesLaterName": (PROOF_BASE + "THEOREM T == Init => x = 0\n  BY DEF Init, Later\nLater == 1",
                            "INIT Init\nNEXT Next", 150, None, None, None, "Unknown operator: `Later'.",
                            "SANY resolves the names a proof cites, though TLC checks no proof: a DEF of a name "
                            "defined after the theorem is refused (line 7, col 16); was: checked, exit 0"),
    "ProofStepCitesUnknown": (PROOF_BASE + "THEOREM Init => x = 0\n  <1>1. TRUE\n    BY Nope\n  <1>2. QED BY <1>1",
                              "INIT Init\nNEXT Next", 150, None, None, None, "Unknown operator: `Nope'.",
                              "a fact cited by a step of a proof (line 8, col 8)"),
    "HideOfAnExpression": (PROOF_BASE + "THEOREM bar == <<1, 2>>\nHIDE bar, TRUE", "INIT Init\nNEXT Next", 150,
                           None, None, None, "The only expression allowed as a fact in a HIDE is the name of a "
                           "theorem, assumption, or step.", "SANY's rule for HIDE (TLC's test214; line 7, col 11)"),
    "UnusedBoxOfAction": (PROOF_BASE + "Spec == Init /\\ [][Next]_x\nb == <>(x' = 1)", "SPECIFICATION Spec", 150,
                          None, None, None, "<> followed by action not of form <<A>>_v.",
                          "SANY checks the levels of every definition, used or not (line 7, col 6); was: exit 0"),
    "UnusedLeadsToAction": (PROOF_BASE + "Spec == Init /\\ [][Next]_x\nb == x' ~> []x", "SPECIFICATION Spec",
                            150, None, None, None, "Action used where only temporal formula or state predicate "
                            "allowed.", "an action beside ~> (TLC's test215; line 7, col 6)"),
    "ActionBoundOfTemporal": (PROOF_BASE + "Spec == Init /\\ [][Next]_x\nn == \\E i \\in {}, j \\in {x'} : []x",
                              "SPECIFICATION Spec", 150, None, None, None,
                              "Action-level bound of quantified temporal formula.",
                              "a quantifier over a temporal formula bounded by an action (line 7, col 25)"),
    "UseDefUnknown": (PROOF_BASE + "USE DEF Nope", "INIT Init\nNEXT Next", 150, None, None, None,
                      "Unknown operator: `Nope'.", "USE DEF at module level (line 6, col 9)"),
    "ProofNamesOfItsOwn": (PROOF_BASE + "THEOREM T == ASSUME NEW y \\in Nat PROVE y >= 0\n  <1> DEFINE z == y\n"
                           "  <1>1. z >= 0 BY z \\in Nat DEF z\n  <1>2. QED BY <1>1, T DEF z, Next, Cardinality",
                           "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE", 0, 3, 3, 3, None,
                           "names the proof declares (NEW y, DEFINE z), the theorem's own name, a definition of "
                           "a standard module: all accepted, as by SANY"),
    "LetBox": ('EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 5 /\\ x\' = x + 1\nSpec == Init /\\ [][Next]_x\n'
               'Prop == LET bound == 3\n            ok(v) == v <= bound\n        IN [](ok(x) /\\ x # 4)',
               "SPECIFICATION Spec\nPROPERTY Prop",
               12, 5, 5, 5, "Invariant Prop is violated",
               "a PROPERTY LET ... IN []P with P a state predicate is checked as an invariant during the "
               "search (TLC's processConfigProps peels the LET), not as liveness after it: it was exit 11 "
               "(the deadlock at x = 5) with 6 states (tlaplus/Examples' MCEWD687a: TreeWithRoot)"),
    "FilterOfIntervalBuilt": ("EXTENDS Integers\nVARIABLE x\nInit == x = 2\nNext == x' = x\n"
                              "Inv == x \\in {y \\in 0..3 : 6 \\div y > 1}",
                              "INIT Init\nNEXT Next\nINVARIANT Inv",
                              75, 1, 1, None, "The second argument of \\div is 0",
                              "x \\in {y \\in a..b : P} builds the filtered set as TLC does for a..b and "
                              "enumerated sets (Reducible), so P is evaluated at y = 0 too: was TRUE, x \\in S /\\ P(x)"),
    "FilterOfRecordsLazy": ("EXTENDS Integers\nVARIABLE x\nInit == x = [a |-> 2]\nNext == x' = x\n"
                            "Inv == x \\in {r \\in [a : 0..3] : 6 \\div r.a > 1}",
                            "INIT Init\nNEXT Next\nINVARIANT Inv",
                            0, 2, 1, 1, None,
                            "over a set of records TLC's SetPredValue decides x \\in S /\\ P(x): P is not "
                            "evaluated at r.a = 0"),
    "TLCCacheOnce": ("EXTENDS Integers, TLC, TLCExt\nASSUME TLCSet(1, 0)\n"
                     "inc(v) == CASE TLCSet(1, TLCGet(1) + 1) -> v\n"
                     "defn == TLCCache(inc({x : x \\in 1..5}), {1})\n"
                     "derived == TLCCache(inc({i \\in 1..5 : i + 1 \\in defn}), {2})\n"
                     "VARIABLE x, y\nASSUME 5 \\in defn\nASSUME 5 \\notin derived\n"
                     "Init == y = defn /\\ x = derived\n"
                     "Next == 1 \\in defn /\\ 1 \\in derived /\\ Assert(TLCGet(1) = 2, TLCGet(1)) /\\ UNCHANGED <<x, y>>",
                     "INIT Init\nNEXT Next",
                     0, 2, 1, 1, None,
                     "TLCCache of a constant expression computes it once per closure value, in the "
                     "assumptions and the search alike (TLC's ConstantContextTLCCache reduced): it was "
                     "computed at every use, the register counted 21 and the Assert failed"),
    "InvariantIgnoresArgument": ("EXTENDS Integers\nVARIABLE t\nInit == t = 1\nNext == t' = t\n"
                                 "Never(arr, emp) == FALSE\nInv == Never(t, -1)",
                                 "INIT Init\nNEXT Next\nINVARIANT Inv",
                                 12, None, None, None, "Invariant Inv is violated by the initial state",
                                 "an INVARIANT calling an operator with a variable is checked on states even "
                                 "where the body ignores it (TLC's getLevelBound counts the arguments; TLC's "
                                 "ModuleOverwrites reduced): it was the config error 'equal to FALSE', exit 151"),
    "SubseteqAssigns": ("EXTENDS TLC\nVARIABLES x, y\nTypeOK == x \\subseteq {1, 2, 3}\n"
                        "Inv == ENABLED (x' \\subseteq {1}) /\\ y = {1, 2, 3}\n"
                        "Init == x \\subseteq {1, 2} /\\ y = {1, 2, 3}\nNext == UNCHANGED y /\\ x' \\subseteq y'",
                        "INIT Init\nNEXT Next\nINVARIANTS TypeOK Inv",
                        0, 68, 8, 2, None,
                        "x \\subseteq S with x (or x') not yet determined assigns it each subset of S, as "
                        "x \\in SUBSET S (TLC's OPCODE_subseteq; its SubseteqNextState): it was "
                        "'x is not determined', exit 75"),
    "SubsetOfSubsets": ("EXTENDS Integers\nVARIABLE b\nInit == b = TRUE\n"
                        "Next == b' = /\\ (SUBSET (1..23) \\subseteq SUBSET (1..42))\n"
                        "             /\\ ~(SUBSET (1..42) \\subseteq SUBSET (2..42))\n"
                        "             /\\ (SUBSET {1} \\subseteq SUBSET Nat)",
                        "INIT Init\nNEXT Next",
                        0, 2, 1, 1, None,
                        "SUBSET A \\subseteq SUBSET B is decided as A \\subseteq B (SubsetValue.isSubsetEq; "
                        "TLC's SubsetEq reduced): 2^23 subsets were enumerated"),
    "TuplePatternDomain": ("EXTENDS Naturals\nVARIABLE x\nS == {<<y>> : y \\in {1, 2, 3, 4}}\n"
                           "Init == x = [<<y>> \\in S |-> y + 1][<<2>>]\nNext == x' = x\n"
                           "Inv == [<<y, z>> \\in {<<1, 3>>}, w \\in {7} |-> y + z + w][<<<<1, 3>>, 7>>] = 11",
                           "INIT Init\nNEXT Next\nINVARIANT Inv",
                           0, 2, 1, 1, None,
                           "[<<y>> \\in S |-> e] is a function of the 1-tuples of S, applied to <<2>> (TLC's "
                           "test16, etest15): its arguments were y, so f[<<2>>] failed and f[2] answered"),
    "TuplePatternNotUnpacked": ("EXTENDS Naturals\nVARIABLE x\nS == {<<y>> : y \\in {1, 2, 3, 4}}\n"
                                "ASSUME [<<y>> \\in S |-> y + 1][2] = 3\nInit == x = 0\nNext == x' = x",
                                "INIT Init\nNEXT Next",
                                10, None, None, None, "Evaluating assumption",
                                "2 is no argument of [<<y>> \\in S |-> e] (TLC's etest15): it was 3, exit 0"),
    "PrimedLetOperatorCall": ("EXTENDS Naturals, TLC\nVARIABLE x\nInit == x = 1\n"
                              "Next == x = 1 /\\ x' = x + 1 /\\ LET LetOp(a) == x + a IN LetOp(1)' = 3",
                              "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                              0, 2, 2, 2, None,
                              "LetOp(1)' with LetOp(a) == x + a a LET operator is x' + 1 (TLC's test21, Test 10): "
                              "the body read the current state, so the step did not exist"),
    "DuplicateRecordField": ("EXTENDS Naturals\nVARIABLE x\nFoo == [a |-> 1, b |-> 2, a |-> 1]\n"
                             "Init == x = 0\nNext == x' = x",
                             "INIT Init\nNEXT Next",
                             150, None, None, None, "Non-unique fields in constructor",
                             "a record constructor naming a field twice is SANY's semantic error (TLC's etest16): "
                             "the last one was kept"),
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
    'ConstraintBodyNotBoolean': ("EXTENDS Integers\nVARIABLE x\nInit == x \\in 0..1\nNext == x < 4 /\\ x' = x + 1\nF(a) == IF a > 2 THEN {a} ELSE TRUE\nCon == F(x)\nAC == IF x' > 2 THEN {x} ELSE TRUE\nInitCon == F(x + 2)",
        'INIT Init\nNEXT Next\nCONSTRAINT Con',
        75, 5, 3, 2, 'TLC expected a boolean value, but did not find one. line 7, col 8 to line 7, col 11 of module ConstraintBodyNotBoolean',
        "a CONSTRAINT whose value is a set: TLC's TLC_EXPECTED_VALUE naming the definition's body (was: pv's own words)"),
    'ActionConstraintBodyNotBoolean': ("EXTENDS Integers\nVARIABLE x\nInit == x \\in 0..1\nNext == x < 4 /\\ x' = x + 1\nF(a) == IF a > 2 THEN {a} ELSE TRUE\nCon == F(x)\nAC == IF x' > 2 THEN {x} ELSE TRUE\nInitCon == F(x + 2)",
        'INIT Init\nNEXT Next\nACTION_CONSTRAINT AC',
        75, 5, 3, 2, 'TLC expected a boolean value, but did not find one. line 8, col 7 to line 8, col 34 of module ActionConstraintBodyNotBoolean',
        "the same of an ACTION_CONSTRAINT"),
    'InitConstraintBodyNotBoolean': ("EXTENDS Integers\nVARIABLE x\nInit == x \\in 0..1\nNext == x < 4 /\\ x' = x + 1\nF(a) == IF a > 2 THEN {a} ELSE TRUE\nCon == F(x)\nAC == IF x' > 2 THEN {x} ELSE TRUE\nInitCon == F(x + 2)",
        'INIT Init\nNEXT Next\nCONSTRAINT InitCon',
        75, 2, 1, 1, 'TLC expected a boolean value, but did not find one. line 9, col 12 to line 9, col 19 of module InitConstraintBodyNotBoolean\nWhile working on the initial state:',
        "... on an initial state: TLC shows the state (test-model DoInitFunctorEvalException; was: no state shown)"),
    'PrimedBeforeAssigned': ("EXTENDS Integers\nVARIABLE x\nInit == x = <<1, 2>>\nAction(c) == c' = [c EXCEPT ![1] = (c[2])']\nNext == Action(x)",
        'INIT Init\nNEXT Next',
        75, 1, 1, 1, 'In evaluation, the identifier x is either undefined or not an operator. line 6, col 16 to line 6, col 16 of module PrimedBeforeAssigned',
        "x' read before the action gives it a value: TLC's TLC_UNDEFINED_IDENTIFIER at the argument (suite/etest6; was: pv's own words)"),
    'SubstitutionTakesNoVariable': ("EXTENDS Integers\nCONSTANT C\nVARIABLE x\nFoo == IF TRUE THEN 1 ELSE x\nInit == x = C\nNext == x' = x",
        'INIT Init\nNEXT Next\nCONSTANT C <- Foo',
        0, 2, 1, 1, None,
        "C <- Foo with Foo above constant level: TLC evaluates Foo at start-up and objects only where that "
        "fails (SpecProcessor.processConstantDefns); a variable on a branch not taken is no error (was: exit 151)"),
    'SubstitutionReadsVariable': ("EXTENDS Integers\nCONSTANT C\nVARIABLE x\nFoo == x + 1\nInit == x = C\nNext == x' = x",
        'INIT Init\nNEXT Next\nCONSTANT C <- Foo',
        151, None, None, None, 'The configuration file substitutes constant C with non-constant Foo - specifically: In evaluation, '
        'the identifier x is either undefined or not an operator. line 5, col 8 to line 5, col 8 of module SubstitutionReadsVariable',
        "... and where it fails, TLC's message ends with the failure's (suite/etest7)"),
    'SubstitutionFigure': ("EXTENDS Integers, TLC\nCONSTANT C\nVARIABLE x\nFoo == TLCGet(\"distinct\")\nInit == x = C\nNext == x' = x",
        'INIT Init\nNEXT Next\nCONSTANT C <- Foo',
        151, None, None, None, 'The configuration file substitutes constant C with non-constant Foo - specifically: '
        'TLCGet(distinct) was undefined.',
        "the search's figures do not exist yet where substitutions are evaluated (TLCGetNamedUndefined)"),
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
        75, 1, 1, 1, 'Attempted to check if the value: {} is in the integer interval 1..4',
        "SUBSET (1..3) \\subseteq 1..4 asks 1..4 of {} first: TLC's error, not FALSE (the successor was FALSE and the run said ok)"),
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
    'TypedModelValuesSorted': ('EXTENDS Integers, TLCExt\nVARIABLE v\nA == TLCModelValue("A_a")\nB == TLCModelValue("B_a")\nInit == v = 0\nNext == UNCHANGED v\nInv == {A, B} = {B, A}',
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        75, None, None, None, 'Attempted to compare the differently-typed model values B_a and A_a',
        "TLC's sort compares the later element of {A_a, B_a} with the earlier one, and names them in that order"),
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
        75, 1, 0, 1, 'TLC expected a boolean value, but did not find one. line 7, col 8 to line 7, col 11 of module ConstraintNotBoolean\nWhile working on the initial state:',
        "a CONSTRAINT whose value is {} is TLC's evaluation error (it was taken as FALSE, and an invariant violation reported)"),
    'ActionConstraintNotBoolean': ("EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\nCon == IF x' = 2 THEN 7 ELSE TRUE",
        'INIT Init\nNEXT Next\nACTION_CONSTRAINT Con',
        75, 3, 2, 2, 'TLC expected a boolean value, but did not find one. line 6, col 8 to line 6, col 33 of module ActionConstraintNotBoolean',
        "an ACTION_CONSTRAINT whose value is 7 on a step is TLC's evaluation error"),
    'FunctionWithPrime': ("EXTENDS Naturals\nVARIABLES x, y\nf[i \\in 1..3] == x' + i\nInit == x = 0 /\\ y = 0\nNext == x < 3 /\\ x' = x + 1 /\\ y' = f[2]",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 4, 4, 4, None,
        "a function definition whose body reads x', applied while the next state is being built (was an internal assertion)"),
    'ConstantByNonConstant': ("EXTENDS Naturals\nCONSTANT C, D\nVARIABLE x\nFoo == x\nBar == 3\nInit == x = 2\nNext == x' = C + D",
        'INIT Init\nNEXT Next\nCONSTANT C <- Foo\nCONSTANT D <- Bar',
        151, None, None, None, 'substitutes constant C with non-constant Foo',
        "CONSTANT C <- Foo with Foo == x is TLC's config error (the checker explored x' = x + 3 without end)"),
    'SpecAssumption': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == \\/ x < 2 /\\ x' = 1 - x\n        \\/ x = 1 /\\ x' = 2\n        \\/ x = 2 /\\ x' = 0\nSpec == Init /\\ [][Next]_x /\\ []<>(x = 1)\nLive == <>(x = 2)",
        'SPECIFICATION Spec\nPROPERTY Live',
        13, None, None, None, 'Temporal property Live was violated',
        "a temporal conjunct of the SPECIFICATION other than WF/SF ([]<>(x = 1)) is an assumption on the behaviours the properties are checked on (was: exit 150)"),
    'SpecAssumptionHolds': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == \\/ x < 2 /\\ x' = 1 - x\n        \\/ x = 1 /\\ x' = 2\n        \\/ x = 2 /\\ x' = 0\nSpec == Init /\\ [][Next]_x /\\ []<>(x = 2) /\\ <>(x = 1)\nLive == <>(x = 2) /\\ (x = 1 ~> x = 2)",
        'SPECIFICATION Spec\nPROPERTY Live',
        0, 5, 3, 3, None,
        "under the assumption []<>(x = 2) stuttering forever at 0 is no behaviour of the spec: the property holds"),
    'SpecBoxState': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 1\nNext == x < 5 /\\ x' = x + 1\nSpec == Init /\\ [][Next]_x /\\ WF_x(Next) /\\ [](x < 3)\nInv == x < 4",
        'SPECIFICATION Spec\nINVARIANT Inv',
        255, None, None, None, 'TLC cannot handle the temporal formula',
        "[]P with P a state predicate as a conjunct of the SPECIFICATION is refused by TLC (exit 255), not an invariant"),
    'SpecLet': ("VARIABLE x\nvars == x\nInit == x = TRUE\nNext == x' = ~x\nx3(a) == a\ns1(sa(_)) == sa(Init /\\ [][Next]_vars)\nSpec3 == LET id(a(_)) == a(Init /\\ [][Next]_vars) IN id(x3)\nSpec == LET y == x IN Spec3 /\\ WF_vars(Next /\\ y = y)\nSpec4 == s1(x3) /\\ Spec3\nLive == []<>x",
        'SPECIFICATION Spec\nPROPERTY Live',
        0, 3, 2, 2, None,
        "a SPECIFICATION under LET, and formulas passed to higher-order operator parameters (s1(x3) with s1(sa(_)) == sa(Init /\\ [][Next]_v)), as TLC's processConfigSpec opens them"),
    'SpecTwoNext': ("VARIABLE x\nvars == x\nInit == x = TRUE\nNext == x' = ~x\nx3(a) == a\ns1(sa(_)) == sa(Init /\\ [][Next]_vars)\nSpec3 == LET id(a(_)) == a(Init /\\ [][Next]_vars) IN id(x3)\nSpec4 == s1(x3) /\\ Spec3",
        'SPECIFICATION Spec4',
        151, None, None, None, 'more than one conjunct of the form [][Next]_v',
        "two [][Next]_v conjuncts (one through a higher-order parameter, one through a LET) are TLC's config error"),
    'PossibleCounts': ("EXTENDS Naturals, TLC\nVARIABLE x\nInit == x \\in {0, 0 + 0}\nNext == x' = (x + 1) % 3 \\/ x' = x\nAtOne == x = 1\nWrap == x = 2 /\\ x' = 0\nSmall == x < 5\nCounts == LET p == TLCGet(\"all:named\")[\"s:_possible\"][1] IN p[\"AtOne\"] = 2 /\\ p[\"Wrap\"] = 1\nPost2 == TLCGet(\"distinct\") = 3",
        'INIT Init\nNEXT Next\nCONSTRAINT Small\n_POSSIBLE AtOne Wrap\nPOSTCONDITIONS Counts Post2',
        0, 7, 3, 3, None,
        "_POSSIBLE counts a state predicate on every state that passes the CONSTRAINTs (seen ones too) and an action on every such step, in the named register s:_possible; several POSTCONDITIONS (the cfg's _POSSIBLE line was read as more NEXT names, and the last one taken)"),
    'PossibleFails': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 4\nAtOne == x = 1\nAtThree == x = 3\nBig == x' = x + 2\nNotThree == x # 3",
        'INIT Init\nNEXT Next\nCONSTRAINT NotThree\n_POSSIBLE AtOne AtThree Big',
        10, None, None, None, 'Postcondition AtThree at line 7, col 12',
        "a _POSSIBLE predicate is counted only where the user's CONSTRAINTs hold: AtThree never is, and fails its postcondition (exit 10)"),
    'CfgSecondName': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 3 /\\ x' = x + 1",
        'INIT Init\nNEXT Next\nInit',
        255, None, None, None, 'It was expecting a keyword',
        "a second name after NEXT is TLC's cfg syntax error, exit 255 (it replaced the next-state relation)"),
    'CounterExampleEmpty': ("EXTENDS Naturals, TLCExt\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\nPost == CounterExample = [state |-> {}, action |-> {}] /\\ ToTrace(CounterExample) = <<>>",
        'INIT Init\nNEXT Next\nPOSTCONDITION Post',
        0, 3, 2, 2, None,
        "TLCExt!CounterExample is the empty graph when TLC found no violation (was: unsupported); state-level, so the POSTCONDITION is not a constant"),
    'CounterExampleViolation': ("EXTENDS Naturals, TLCExt\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\nInv == x < 2\nPost == CounterExample.state = {}",
        'INIT Init\nNEXT Next\nINVARIANT Inv\nPOSTCONDITION Post',
        12, None, None, None, 'Invariant Inv is violated',
        "after a violation TLC evaluates the POSTCONDITION with the counterexample, which does not change the exit code"),
    'DefinitionAssigns': ("EXTENDS Naturals\nVARIABLES x, y\nc == x\nd == y\na == x'\nInit == x \\in 1..3 /\\ y = 0\nA == c \\in Nat /\\ a = x + 1 /\\ UNCHANGED d\nB == x = 3 /\\ c' = 0 /\\ d' = y + 1\nNext == A \\/ B\nSmall == x < 6 /\\ y < 3",
        'INIT Init\nNEXT Next\nCONSTRAINT Small',
        0, 23, 17, 11, None,
        "a definition a == x' makes a = e an assignment to x, and c' with c == x assigns x (TLC's getPrimedVar looks through definitions without parameters; was 'x is not determined')"),
    'FunctionAsAction': ("EXTENDS Naturals\nVARIABLE x\nN[n \\in {1, 2, 3}] == x' = x + n\nU[n \\in {1}] == UNCHANGED <<x>>\nInit == x \\in {0, 10}\nNext == x < 5 /\\ \\E i \\in {1, 2} : N[i] \\/ U[1]",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 22, 8, 4, None,
        "a function definition whose body is an action, applied in Next (N[i]), assigns as the action does (TLC evaluates the lazy function's body as an action)"),
    'CfgDigitNames': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\n1Inv == x \\in {0, 1}\n2Inv == x < 2",
        'INIT Init\nNEXT Next\nINVARIANT\n1Inv\n2Inv',
        0, 3, 2, 2, None,
        "names that start with a digit (1Inv) in the cfg (was: a number and a name)"),
    'AxiomNotChecked': ("EXTENDS Naturals\nAXIOM Ind == \\A f : f[0] => f[0]\nAXIOM FALSE\nASSUME TRUE\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\nInv == Ind \\/ TRUE",
        'INIT Init\nNEXT Next',
        0, 3, 2, 2, None,
        "TLC checks ASSUMEs but takes AXIOMs as given (an AXIOM over an unbounded \\A stopped the run with 150, AXIOM FALSE with 10)"),
    'ActionComposition': ("EXTENDS Naturals\nVARIABLE x\nA == x' = x + 1\nB == x' = x * 2\nInit == x = 0\nNext == A \\cdot B",
        'INIT Init\nNEXT Next',
        75, None, None, None, 'does not support action composition',
        "A \\cdot B: TLC's evaluation error where it is evaluated, after the initial states (was SANY-like 'Unknown operator', exit 150)"),
    'PlusCalFairInComment': ("EXTENDS Integers\n(***************************************************************************\n--algorithm FairSeq {\n    variable x = 0 ;\n    fair { while (x < 3) {\n            x := x+1;\n         }\n    }\n}\n ***************************************************************************)\nVARIABLE x\nInit == x = 0\nNext == x < 3 /\\ x' = x + 1",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 4, 4, 4, None,
        "a PlusCal algorithm in a comment that the grammar cannot read (fair { ... }) is no error: SANY skips comments (was a parse error, exit 150)"),
    'EmptyProducts': ("EXTENDS Integers\nASSUME {} \\X {1, 2} = {2, 3, 4} \\X {} /\\ {1, 2} \\X {} \\X {3, 4} = {2} \\X {4} \\X {}\nASSUME [{} -> {1}] # [{} -> {2}] /\\ {1} \\X {2} # {1} \\X {3} /\\ [a : {}] = [b : {1}, c : {}]\nASSUME <<3, 4>> \\in {<<i, j>> \\in Int \\X Int : j > i} /\\ <<4, 3>> \\notin {<<i, j>> \\in Int \\X Int : j > i}\nVARIABLE x\nInit == x = 0\nNext == x' = x",
        'INIT Init\nNEXT Next',
        0, 2, 1, 1, None,
        "sets of tuples or records of different forms are one set when both are empty (compared by form they gave a false ASSUME), while TLC compares sets of functions by domain and range alone ([{} -> {1}] # [{} -> {2}]); a set filter with a tuple pattern over Int \\X Int answers membership without enumerating (TLC's suite/test5, test9)"),
    'SymbolArguments': ("TempTest(_+_) == TRUE + FALSE\nFoo1 == TempTest(-+->)\nFoo2 == TempTest(~>)\nFoo3 == TempTest(\\cdot)\nBoolOp(Op(_, _)) == Op(TRUE, FALSE)\nASSUME BoolOp(=>) = FALSE /\\ BoolOp(\\equiv) = FALSE /\\ BoolOp(<=>) = FALSE /\\ BoolOp(\\/) = TRUE /\\ BoolOp(/\\) = FALSE",
        '',
        0, 0, 0, 0, None,
        "built-in operator symbols passed as operator arguments (=>, \\equiv, <=>, /\\, \\/ evaluated; -+->, ~>, \\cdot accepted where never applied), as TLC's suite/test51"),
    'ParameterShadowsStandard': ("EXTENDS Naturals\nTempTest(_+_) == TRUE + FALSE\nVARIABLE x\nInit == x = 0\nNext == x' = x",
        'INIT Init\nNEXT Next',
        150, None, None, None, "Multiply-defined symbol '+'",
        "an operator parameter (or a bound variable) named like a definition of an EXTENDed standard module is SANY's error, as for any other module"),
    'LetPrimedInEnabled': ("EXTENDS Naturals\nVARIABLE a\nInit == a = 0\nNext == UNCHANGED a\nInv == ENABLED ((LET y == a' IN y) = 0) /\\ ~ENABLED ((LET y == a' IN y) = 0 /\\ a' = 1)",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 2, 1, 1, None,
        "(LET y == a' IN y) = 0 assigns a, as TLC's getPrimedVar reads through a LET (Github725d; was 'a is not determined')"),
    'SpecificationIsVariable': ("VARIABLE x\nInit == x = TRUE\nNext == x' = ~x\nSpecVar == x",
        'SPECIFICATION SpecVar',
        151, None, None, None, 'The operator x, which equals',
        "a SPECIFICATION whose definition is a variable is TLC's config error (Github715b; was evaluated as an initial predicate, exit 75)"),
    'LetFunctionOfParameterLevel': ("EXTENDS Naturals\nVARIABLE x\nSum(R) == LET f[n \\in 0..2] == IF n = 0 THEN R ELSE f[n - 1]\n"
                                    "          IN f[2]\nASSUME Sum(3) = 3\nInit == x = 0\nNext == x < 5 /\\ x' = x + 1\n"
                                    "Inv == Sum(x) < 3",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        12, 4, 4, 4, 'Invariant Inv is violated',
        "a function defined in a LET of an operator is as level as the operator's arguments make it: Sum(x) is a state "
        "function (Relation's TransitiveClosure(IsParent, Node) in TLC's Echo model; a call was taken for a constant, "
        "the invariant failed with an internal TypeError and Echo's count fell to 111/73 from TLC's 116/75)"),
    'TautologyProperty': (TAUT_BASE + "P == <>[]TRUE => TRUE", "SPECIFICATION Spec\nPROPERTY P",
        77, None, None, None, "Temporal formula is a tautology (its negation is unsatisfiable).",
        "TLC conjoins the fairness with the negated properties and simplifies the Booleans: nothing is left to "
        "search for (EmptyOrderOfSolutions; was exit 0)"),
    'TautologyBeforeAssume': (TAUT_BASE + "P == <>[](x = 0) \\/ (1 < 2)\nASSUME FALSE", "SPECIFICATION Spec\nPROPERTY P",
        77, None, None, None, "Temporal formula is a tautology",
        "a constant disjunct makes the property a tautology, reported before the ASSUMEs are checked"),
    'TautologyBesideProperty': (TAUT_BASE + "P == <>[]TRUE => TRUE\nQ == <>(x = 1)", "SPECIFICATION Spec\nPROPERTY P Q",
        0, 3, 2, 2, None,
        "one tautology beside a property that can fail: TLC checks Q (the disjunction of the negations is not FALSE)"),
    'ForallOverEmptySetProperty': (TAUT_BASE + "Q == <>(x = 1)\nP == \\A p \\in {} : x # p", "SPECIFICATION Spec\nPROPERTY Q P",
        77, None, None, None, "Temporal formula is a tautology",
        "TLC's processConfigProps unrolls a \\A over a constant set in a property, whatever its level; over the "
        "empty set it stops with the tautology error (was exit 0)"),
    'ForallOverNatProperty': (TAUT_BASE + "P == \\A p \\in Nat : <>(x # p + 5)", "SPECIFICATION Spec\nPROPERTY P",
        255, None, None, None, "TLC cannot handle the temporal formula",
        "a temporal \\A over an infinite set cannot be expanded: TLC's 255 (was the evaluation error 75)"),
    'NamedTheoremAssumed': ("EXTENDS Naturals\nEven(n) == n % 2 = 0\nTHEOREM T1 == \\A n \\in 0..5 : Even(n + n)\n"
                            "<1>1. TRUE OBVIOUS\n<1>2. QED BY <1>1\nLEMMA L2 == T1 /\\ 1 + 1 = 2\nASSUME L2\n"
                            "VARIABLE x\nInit == x = 0\nNext == x' = 1 - x\nInv == T1",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 3, 2, 2, None,
        "THEOREM T1 == e (and LEMMA) defines T1, usable in an ASSUME or an invariant; its proof is skipped "
        "(tlaplus/Examples' MC_sums_even: was 'Unknown operator T1')"),
    'NamedTheoremFalse': ("EXTENDS Naturals\nTHEOREM T1 == 1 + 1 = 3\nASSUME T1\nVARIABLE x\nInit == x = 0\nNext == x' = x",
        'INIT Init\nNEXT Next',
        10, None, None, None, "Assumption line 4, col 8",
        "TLC does not check a THEOREM, but an ASSUME of a false one fails as any other"),
    'StrongFairnessDnfLimit': ("EXTENDS Naturals\nVARIABLE x\nInit == x = FALSE\nNext == x' \\in BOOLEAN\n"
                               "Spec == Init /\\ [][Next]_x /\\ \\A i \\in 1..31 : SF_x(Next)\nProp == <>[](x \\in BOOLEAN)",
        'SPECIFICATION Spec\nPROPERTY Prop',
        255, None, None, None, "exceeds the maximum supported size in disjunctive normal form",
        "31 SF conditions make 2^31 disjuncts in TLC's normal form, past a Java int: TLC refuses the formula "
        "(Github742; was exit 0)"),
    'StrongFairnessFew': ("EXTENDS Naturals\nVARIABLE x\nInit == x = FALSE\nNext == x' \\in BOOLEAN\n"
                          "Spec == Init /\\ [][Next]_x /\\ \\A i \\in 1..3 : SF_x(Next)\nProp == <>[](x \\in BOOLEAN)",
        'SPECIFICATION Spec\nPROPERTY Prop',
        0, 5, 2, 2, None,
        "three SF conditions: eight disjuncts, checked"),
    'TLCGetConfig': ("EXTENDS Naturals, TLC\nASSUME /\\ TLCGet(\"config\").mode = \"bfs\"\n"
                     "       /\\ TLCGet(\"config\").worker = 1\n       /\\ TLCGet(\"config\").deadlock = FALSE\n"
                     "VARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 3, 3, 3, None,
        "TLCGet(\"config\"): how the run was started, readable in an ASSUME (tlaplus/Examples' DieHardest assumes "
        "mode \"bfs\" and one worker; was 'no value outside a model-checking run', exit 10)"),
    'TLCGetSystemProperty': ("EXTENDS TLC\nASSUME TLCGet(\"-Dtlc2.tool.impl.Tool.cdot\") = \"true\"\n"
                             "VARIABLE x\nInit == x = 0\nNext == x' = x",
        'INIT Init\nNEXT Next',
        10, None, None, None, "Assumption line 3, col 8",
        "TLCGet(\"-Dname\") is a Java system property, else the key itself: FALSE here, a false ASSUME as in a "
        "TLC started without -D (tlaplus/Examples' MCCRDT; was an evaluation error)"),
    'FairnessOverSubsets': (FAIR_SUBSETS + "Prop == <>(rcvd = sent)", 'SPECIFICATION Spec\nPROPERTY Prop',
        0, 17, 4, 2, None,
        "WF of an action that is no sub-action of Next, choosing among SUBSET sent: its steps are the edges to "
        "its successors, found by one enumeration of the action per state (tlaplus/Examples' bcastByz took "
        "over 300 s checking the action again on every edge; now 23 s)"),
    'FairnessOverSubsetsViolated': (FAIR_SUBSETS + "Prop == <>(rcvd = {1})", 'SPECIFICATION Spec\nPROPERTY Prop',
        13, None, None, None, "Temporal property Prop was violated",
        "the same fairness does not force rcvd through {1}"),
    'MembershipInNamedFilter': ("EXTENDS Naturals\nVARIABLE x\nBig == {f \\in [1..20 -> 1..20] : f[1] = x + 1}\n"
                                "Init == x = 0\nNext == x' = 1 - x\nInv == [i \\in 1..20 |-> x + 1] \\in Big /\\ [i \\in 1..20 |-> 3] \\notin Big",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 3, 2, 2, None,
        "membership in a set filter behind a definition is decided as TLC's SetPredValue does, without building "
        "the set (20^20 functions here; tlaplus/Examples' MCQuicksort built SUBSET SUBSET 1..4 per state and took "
        "over 300 s, now 24 s)"),
    'ConstantCallOfStateArgument': ("EXTENDS Naturals\nVARIABLE x\nIgnore(value, dest) == CHOOSE r \\in {1, 2} : TRUE\n"
                                    "Doc == [a |-> x]\nWrap(svg, n) == Ignore(svg, n)\nInit == x = 0\n"
                                    "Next == x' = (x + 1) % 3\nInv == Wrap(Doc, 3) \\in {1, 2}",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 4, 3, 3, None,
        "Wrap(Doc, 3) is constant by SANY's levels (Ignore never reads its argument), but the argument Doc, a state "
        "function, is evaluated before the call: the call is no constant computed once without a state (the SVG "
        "ALIAS of tlaplus/Examples' SlidingPuzzles_anim; was an internal TypeError)"),
    'SymbolSubstitution': ("EXTENDS Naturals, Sequences\nCONSTANT _++_, Plus(_, _), PLen(_)\nPlusPlus(a, b) == <<a, b>>\nVARIABLE x\nInit == x = 1\nNext == UNCHANGED x\nInv == (2 ++ (x + 3)) = <<2, 4>> /\\ Plus(2, x + 3) = 6 /\\ PLen(<<1, 2, 3>>) = 3 /\\ 1 \\o 2 = 3",
        'INIT Init\nNEXT Next\nINVARIANT Inv\nCONSTANT\n  ++ <- PlusPlus\n  Plus <- +\n  \\o <- +\n  PLen <- Len',
        0, 2, 1, 1, None,
        "a model substitutes for and by operator symbols (++ <- PlusPlus, Plus <- +, \\o <- +) and by a standard operator (PLen <- Len), as TLC's ModelConfig reads TLA+ tokens (suite/test30, test999; was the cfg syntax error exit 255)"),
    'SymbolParameter': ("EXTENDS Naturals\nFoo(a, _--_) == a -- 0\nBar(a, _--_) == a -- 1\nVARIABLE x\nInit == x = 1\nNext == UNCHANGED x\nInv == Foo(7, +) = 7 /\\ Foo(7, *) = 0 /\\ Bar(7, -) = 6",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 2, 1, 1, None,
        "an operator parameter declared as an infix symbol (_--_) takes two arguments (suite/test42; was 'The operator minusminus requires 0 arguments', exit 150)"),
    'ExceptOverNat': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 1\nNext == UNCHANGED x\nF == [[i \\in Nat |-> [j \\in Nat |-> 2*i + j]] EXCEPT ![5][3] = @ + 1, ![5][4] = @ + 2]\nG == [[i \\in Nat, s \\in STRING |-> <<i + 1, s>>] EXCEPT ![22, \"d\"] = @[1]]\nInv == [[i \\in Nat |-> i + 1] EXCEPT ![42] = 3, ![42] = 5][42] = 5 /\\ [[i \\in Nat |-> i + 1] EXCEPT ![42] = 3][79] = 80 /\\ F[5][3] = 14 /\\ F[5][4] = 16 /\\ F[6][3] = 15 /\\ G[22, \"d\"] = 23 /\\ G[<<22, \"b\">>] = <<23, \"b\">>",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 2, 1, 1, None,
        "EXCEPT on a function over Nat, and a function over Nat \\X STRING, stay evaluated where applied, as TLC's FcnLambdaValue (suite/test3; was 'cannot enumerate the infinite set Nat', exit 75)"),
    'LazyInLoop': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\nF == [j \\in 0..2 |-> [k \\in Nat |-> j + k]]\nG == [j \\in 0..2 |-> {n \\in Nat : n > j}]\nH == [j \\in 1..3 |-> [k \\in Nat |-> j * k + x]]\nInv == F[0][5] = 5 /\\ F[1][5] = 6 /\\ 1 \\in G[0] /\\ 1 \\notin G[1] /\\ H[1][3] = 3 + x /\\ H[2][3] = 6 + x",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 3, 2, 2, None,
        "a function over Nat or a set filtered from Nat, made at each iteration of a loop, keeps its own iteration's values (all saw the last: F[0][5] was 7)"),
    'AliasPrimedInvariant': (ALIAS_PRIMED, 'SPECIFICATION FairSpec\nINVARIANT Inv\nALIAS Alias',
        12, None, None, None, "trc = <<[x |-> 1, y |-> FALSE], [x |-> 2, y |-> TRUE]>>",
        "an ALIAS is evaluated on each state of the trace and its successor, so it may read x' (the last state's successor is itself: a = 0, b = TRUE); Trace is the states up to the one shown (was 'action Alias used where no next state exists', exit 150)"),
    'AliasPrimedLasso': (ALIAS_PRIMED, 'SPECIFICATION FairSpec\nPROPERTY Prop\nALIAS Alias',
        13, None, None, None, "a = -3",
        "the last state of a lasso has as successor the state the lasso returns to"),
    'AliasPrimedStuttering': (ALIAS_PRIMED, 'SPECIFICATION Spec\nPROPERTY Prop\nALIAS Alias',
        13, None, None, None, "b = TRUE",
        "a trace that ends stuttering: the last state's successor is itself"),
    'AliasEvalError': ("EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x' = x + 1\nInv == x < 2\nAlias == [x |-> x, q |-> 10 \\div (1 - x)]",
        'INIT Init\nNEXT Next\nINVARIANT Inv\nALIAS Alias',
        12, None, None, None, "_ALIASEvalError",
        "an ALIAS whose evaluation fails on a state shows that state's variables and the failure as the field _ALIASEvalError; the verdict stands (was the evaluation error, exit 75)"),
    'RecursiveSelfApplied': ("EXTENDS Naturals\nVARIABLE x\nInit == x = 2\nNext == UNCHANGED x\n"
        "f[i \\in 0..5] == [j \\in 0..5 |-> IF j = 0 THEN [k \\in 0..i |-> IF k = 0 THEN i ELSE f[i][1] + 1] ELSE IF i = 0 THEN j ELSE f[i-1][j] + 1]\n"
        "g[i \\in 0..5] == [j \\in 0..i |-> IF j = 0 THEN IF i = 0 THEN 0 ELSE g[i-1][i-1] ELSE g[i][j-1] + x]\n"
        "h[i \\in 0..3, j \\in 0..3] == [k \\in 0..3 |-> IF k = 0 THEN IF j = 0 THEN IF i = 0 THEN 0 ELSE h[i-1, j][k] + 1 ELSE h[i, j-1][k] + 1 ELSE h[i, j][k-1] + 1]\n"
        "Inv == f[4][3] = 7 /\\ f[4][0][2] = 6 /\\ DOMAIN f[5][0] = 0..5 /\\ g[3][3] = 12 /\\ g[3][1] = 8 /\\ h[2, 3] = [i \\in 0..3 |-> i + 5] /\\ h[1, 2][3] = 6",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 2, 1, 1, None,
        "f[i] == [j \\in S |-> ... f[i][1] ...]: f[i] is read while it is built, as TLC's FcnLambdaValue allows; built again lazily where the eager build needs itself (suite/test45; was 'recursion too deep', exit 75)"),
    'KeywordArguments': ("EXTENDS Naturals\nVARIABLE x\nBoxTest(-._) == -(x = 0)\nFoo1 == BoxTest([])\nSetOpTest(Foo(_)) == Foo({{1}, {2}})\nASSUME SetOpTest(SUBSET) = SUBSET {{1}, {2}} /\\ SetOpTest(UNION) = {1, 2}\nInit == x = 0\nNext == x' = (x + 1) % 3\nSpec == Init /\\ [][Next]_x\nUnchangedTest(Foo(_)) == Foo(x)\nPrimeTest(Foo(_)) == Foo(x) # x\nProp == [][PrimeTest(') /\\ ~UnchangedTest(UNCHANGED)]_x",
        'SPECIFICATION Spec\nPROPERTY Prop',
        0, 4, 3, 3, None,
        "UNCHANGED, ', [], SUBSET and UNION passed as operator arguments: the operator applied is the keyword (suite/test52; was \"Unknown operator: `always'\", exit 150)"),
    'KeywordArgumentsViolated': ("EXTENDS Naturals\nVARIABLE x\nBoxTest(-._) == -(x = 0)\nFoo1 == BoxTest([])\nSetOpTest(Foo(_)) == Foo({{1}, {2}})\nASSUME SetOpTest(SUBSET) = SUBSET {{1}, {2}} /\\ SetOpTest(UNION) = {1, 2}\nInit == x = 0\nNext == x' = (x + 1) % 3\nSpec == Init /\\ [][Next]_x\nUnchangedTest(Foo(_)) == Foo(x)\nPrimeTest(Foo(_)) == Foo(x) # x\nProp == [][UnchangedTest(UNCHANGED)]_x",
        'SPECIFICATION Spec\nPROPERTY Prop',
        13, None, None, None, "Action property Prop is violated",
        "the step property UnchangedTest(UNCHANGED), that is UNCHANGED x, is checked on each step: violated by the first"),
    "SubexpressionNumbers": ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 3 /\\ x' = x + 1\n"
                             "T == /\\ x \\in 0..5\n     /\\ x < 3\n     /\\ x # 7\n"
                             "C == x >= 0 /\\ x < 10 /\\ x < 2\n"
                             "Inv == T!1 /\\ T!3 /\\ C!1 /\\ C!1!2\nInv2 == C!2",
                             "INIT Init\nNEXT Next\nINVARIANT Inv Inv2",
                             12, None, None, None, "Invariant Inv2 is violated",
                             "Op!n names the n-th item of a bulleted list, and of a chain a /\\ b /\\ c the "
                             "binary (a /\\ b) /\\ c: C!2 is x < 2 (lemmy/BlockingQueue's IInv == TypeInv!2 /\\ ...; "
                             "was: exit 150, unsupported construct: subexpression)"),
    "UnchangedByName": ("EXTENDS Naturals, Sequences\nVARIABLES buffer, wc, wp\n"
                        "NotifyOther(ws) ==\n  \\/ /\\ ws = <<>>\n     /\\ UNCHANGED ws\n"
                        "  \\/ /\\ ws # <<>>\n     /\\ ws' = Tail(ws)\n"
                        "Init == buffer = <<>> /\\ wc = <<1>> /\\ wp = <<>>\n"
                        "Next == Len(buffer) < 2 /\\ buffer' = Append(buffer, 1) /\\ NotifyOther(wc) /\\ UNCHANGED wp",
                        "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                        0, 3, 3, 3, None,
                        "UNCHANGED of a parameter passed a variable by name leaves the caller's variable "
                        "unchanged (lemmy/BlockingQueueFair's NotifyOther(waitSeqC); was: exit 75, wc is not "
                        "determined at this point of the action)"),
    "LetReadsNextState": ("EXTENDS Naturals\nVARIABLES x, y\nInit == x = 0 /\\ y = 0\n"
                          "Next == LET nx == x' + 1\n            ny(d) == nx + d\n"
                          "        IN /\\ IF x < 3 THEN x' = x + 1 ELSE x' = 0\n           /\\ y' = ny(1)\n"
                          "Inv == y < 5",
                          "INIT Init\nNEXT Next\nINVARIANT Inv",
                          12, None, None, None, "Invariant Inv is violated",
                          "a LET definition of an action reading x' is evaluated where it is used, after the "
                          "IF that assigns x' (Vanlightly/kafka-tlaplus's consumer group protocol; was: exit 75, "
                          "x is not determined at this point of the action)"),
    "LazyArguments": ("EXTENDS Naturals, Sequences\nVARIABLE x\n"
                      "IfThen(c, a, b) == IF c THEN a ELSE b\nOuter(c, v) == IfThen(c, v, 0) + 1\n"
                      "Pick(S, d) == IF S = {} THEN d ELSE CHOOSE e \\in S : TRUE\n"
                      "Init == x = 0\n"
                      "Next == x < 4 /\\ x' = x + IfThen(x > 0, <<1, 1, 1>>[x], 1)\n"
                      "Inv == /\\ Outer(x > 0, <<1, 1, 1, 1>>[x]) > 0\n"
                      "       /\\ LET F(v) == x > 5 => v IN F(<<>>[1])\n"
                      "       /\\ Pick({}, 3) = 3 /\\ Pick({x}, CHOOSE e \\in {} : TRUE) = x",
                      "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE",
                      0, 5, 5, 5, None,
                      "an operator's argument is evaluated only where its body reads it (TLC passes "
                      "arguments as LazyValues): IfThen(i > 0, s[i], 0) with i = 0 (was: exit 75 or 76)"),
    "LazyRecursiveArguments": ("EXTENDS Naturals, Sequences\nVARIABLE x\n"
                               "RECURSIVE Count(_, _)\nCount(v, n) == IF n = 0 THEN 0 ELSE Count(v, n - 1) + 1\n"
                               "RECURSIVE Swap(_, _, _)\nSwap(a, b, n) == IF n = 0 THEN a ELSE Swap(b, a, n - 1)\n"
                               "Init == x = 0\n"
                               "Next == x < 3 /\\ x' = Count(<<>>[1], x + 1) * Swap(1, CHOOSE e \\in {} : TRUE, 2)\n"
                               "                    * Swap(<<>>[1], 1, 1)",
                               "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                               0, 4, 4, 4, None,
                               "a RECURSIVE operator's argument is evaluated only where its body reads it, as any "
                               "operator's: Count never reads v, Swap(a, b, 2) reads a, not b, Swap(a, b, 1) b, not a (was: exit "
                               "75)"),
    "LazyRecursiveArgumentRead": ("EXTENDS Naturals, Sequences\nVARIABLE x\n"
                                  "RECURSIVE Swap(_, _, _)\nSwap(a, b, n) == IF n = 0 THEN a ELSE Swap(b, a, n - 1)\n"
                                  "Init == x = 0\nNext == x < 3 /\\ x' = x + Swap(1, <<>>[x], x)",
                                  "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                                  75, 2, 2, 2, "<<>>",
                                  "Swap(1, <<>>[x], x) reads <<>>[x] first with x = 1, in the second state (was: "
                                  "in the first, evaluated before the call)"),
    "LazyLetRecursiveArguments": ("EXTENDS Naturals, Sequences\nVARIABLE x\nInit == x = 0\n"
                                  "Next == x < 3 /\\ x' = LET RECURSIVE Swap(_, _, _)\n"
                                  "                        Swap(a, b, n) == IF n = 0 THEN a ELSE Swap(b, a, n - 1)\n"
                                  "                    IN  x + Swap(1, <<>>[x], 2 * (x % 2))",
                                  "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                                  0, 4, 4, 4, None,
                                  "a LET RECURSIVE operator's argument too is evaluated only where its body reads "
                                  "it: Swap(a, b, 0) and Swap(a, b, 2) read a, not b (was: exit 75)"),
    "LazyLetRecursiveArgumentRead": ("EXTENDS Naturals, Sequences\nVARIABLE x\nInit == x = 0\n"
                                     "Next == x < 3 /\\ x' = LET RECURSIVE Swap(_, _, _)\n"
                                     "                        Swap(a, b, n) == IF n = 0 THEN a ELSE Swap(b, a, n - 1)\n"
                                     "                    IN  x + Swap(1, <<>>[x], x)",
                                     "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                                     75, 2, 2, 2, "<<>>",
                                     "LET RECURSIVE Swap(1, <<>>[x], x) reads <<>>[x] first with x = 1, in the second "
                                     "state (was: in the first)"),
    "LazyActionArguments": ("EXTENDS Naturals, Sequences\nVARIABLES s, x\n"
                            "A(v) == IF x < 3 THEN x' = x + 1 ELSE x' = v\n"
                            "B(v) == x = 3 /\\ (x > 5 => v = 1) /\\ x' = 0\n"
                            "Init == s = <<>> /\\ x = 0\n"
                            "Next == \\/ x < 3 /\\ A(s[1]) /\\ UNCHANGED s\n"
                            "        \\/ B(CHOOSE e \\in {} : TRUE) /\\ s' = <<x>>",
                            "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                            0, 9, 8, 8, None,
                            "an action operator called in Next is passed its arguments unevaluated where it may "
                            "not read them: A never reads s[1] while s = <<>>, B never reads its CHOOSE (was: "
                            "exit 75)"),
    "LazyActionArgumentRead": ("EXTENDS Naturals, Sequences\nVARIABLES s, x\n"
                               "A(v) == IF x < 2 THEN x' = x + 1 ELSE x' = v\n"
                               "Init == s = <<>> /\\ x = 0\nNext == A(s[1]) /\\ UNCHANGED s",
                               "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                               75, 3, 3, 3, "<<>>",
                               "A(s[1]) reads s[1] first with x = 2, in the third state (was: in the first)"),
    "LazyArgumentsPartlyBuilt": ("EXTENDS Naturals, Sequences\nVARIABLES x, y\n"
                                 "G(b) == IF x = 0 THEN 0 ELSE b\nH(b) == IF x' > 0 THEN x' ELSE b\n"
                                 "Init == x = 0 /\\ y = G(<<>>[1])\n"
                                 "Next == x < 3 /\\ x' = x + 1 /\\ y' = H(CHOOSE e \\in {} : TRUE)",
                                 "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                                 0, 4, 4, 4, None,
                                 "an operator read while the state is only partly built (G before y is assigned in "
                                 "Init, H before y' in Next: inlined) is passed its arguments unevaluated where it "
                                 "may not read them (was: exit 75)"),
    "LazyArgumentPartlyBuiltRead": ("EXTENDS Naturals, Sequences\nVARIABLES x, y\n"
                                    "H(b) == IF x' < 2 THEN x' ELSE b\n"
                                    "Init == x = 0 /\\ y = 0\nNext == x < 3 /\\ x' = x + 1 /\\ y' = H(<<>>[1])",
                                    "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                                    75, 2, 2, 2, "<<>>",
                                    "H(<<>>[1]) before y' is assigned reads <<>>[1] first with x' = 2, from the "
                                    "second state (was: from the first)"),
    "RecordAgainstFunctionMembership": ("EXTENDS Naturals, TLC\nVARIABLE x\nInit == x = 0\nNext == x' = x\n"
                                        "ASSUME <<\"a\", \"a\">> \\notin Permutations({\"b\"})\n"
                                        "ASSUME (1 :> 2) \\notin {[a |-> 1]}",
                                        "INIT Init\nNEXT Next",
                                        10, None, None, None, "Attempted to check equality of record",
                                        "a function of one integer against a set of one-field records: TLC's "
                                        "equality fails (was: TRUE, the model checked); of another size against "
                                        "a function of strings, FALSE"),
    "ConstantInit": ("EXTENDS Naturals\nF(a, b) == a /= b\nInit == TRUE\nNext == TRUE\nInv == F(1, 2)",
                     "INIT Init\nNEXT Next\nINVARIANT Inv",
                     151, None, None, None, "The initial predicate Init cannot be a constant",
                     "INIT naming a definition TLC evaluates to a value beforehand (SpecProcessor."
                     "processConstantDefns) is a config error (apalache's test Bug1903; was: exit 0)"),
    "ConstantNextAfterFailingInit": ("Init == FALSE = [a |-> 2].b\nNext == TRUE",
                                     "INIT Init\nNEXT Next",
                                     151, None, None, None, "The next state action Next cannot be a constant",
                                     "a constant INIT whose evaluation fails is left to fail later: NEXT is "
                                     "the one refused (apalache's test Bug874; was: exit 75)"),
    "LetActionPassedAsOperator": ("EXTENDS Integers\nVARIABLE x\nPick(Cb(_)) == \\E i \\in 1..10 : Cb(i)\n"
                                  "Init == LET Cb(i) == x = i IN Pick(Cb)\n"
                                  "Next == LET Cb(i) == x' = i IN Pick(Cb)\nInv == x > 0",
                                  "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE",
                                  0, 110, 10, 1, None,
                                  "a LET operator assigning x passed to an operator parameter and called "
                                  "there (apalache's test Callback; was: a Python traceback)"),
    "InfiniteDomainInInitialState": ("EXTENDS Integers\nVARIABLE f\nInit == f = [[i \\in Int |-> 0] EXCEPT ![0] = 42]\n"
                                     "Next == UNCHANGED f\nInv == f[0] = 42",
                                     "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE",
                                     75, 1, 0, None, "Attempted to compute the number of elements in the overridden value Int",
                                     "a state holding a function over Int cannot be fingerprinted (apalache's test "
                                     "InfDomFun; was: exit 0)"),
    "InfiniteDomainInSuccessor": ("EXTENDS Integers\nVARIABLE f\nInit == f = 0\nNext == f' = [i \\in Nat |-> i]",
                                  "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE",
                                  75, 2, 1, 1, "Attempted to compute the number of elements in the overridden value Nat",
                                  "the same met on a successor: counted as generated, not stored"),
    "PrimedVariableInInit": ("EXTENDS Integers\nVARIABLES s, n\nInit == s = 0 /\\ n' = 0\nNext == UNCHANGED <<s, n>>",
                             "INIT Init\nNEXT Next",
                             75, None, None, None, "the identifier n is either undefined or not an operator",
                             "a primed variable in Init is TLC's undefined identifier (apalache's Slicer5)"),
    "LetActionOperators": ("EXTENDS Naturals\nVARIABLES x, y\n"
                           "Init == LET sx(v) == x = v\n            sy == y \\in {0, 1}\n        IN sx(0) /\\ sy\n"
                           "Next == LET inc(v) == x' = x + v\n            keep == UNCHANGED y\n"
                           "            both(v) == inc(v) /\\ keep\n            flip == y' = 1 - y /\\ UNCHANGED x\n"
                           "        IN \\/ x < 4 /\\ both(1)\n           \\/ x < 4 /\\ \\E d \\in {2, 3} : both(d)\n"
                           "           \\/ flip\n           \\/ ENABLED both(1) /\\ x > 100 /\\ UNCHANGED <<x, y>>\n"
                           "Inv == x < 6",
                           "INIT Init\nNEXT Next\nINVARIANT Inv",
                           12, None, None, None, "Invariant Inv is violated",
                           "operators defined in a LET that assign variables (pingcap/tla-plus's eraseLock(key, l) in "
                           "CollapseRollbacks) are inlined where an action or Init calls them, as TLC evaluates them "
                           "(was: exit 75, x is not determined at this point of the action)"),
    "LetActionCounts": ("EXTENDS Naturals\nVARIABLES x, y\nInit == x = 0 /\\ y = 0\n"
                        "A(k) == LET set(v) == x' = v /\\ y' = y + 1\n"
                        "       IN \\E i \\in {k + 1, k + 2} : i < 4 /\\ set(i)\n"
                        "Next == A(x) \\/ (x >= 2 /\\ UNCHANGED <<x, y>>)\nInv == y < 3",
                        "INIT Init\nNEXT Next",
                        0, 11, 6, 4, None,
                        "a LET operator with a parameter assigning inside \\E: TLC's counts"),
    'InstanceArgumentInProperty': ("EXTENDS Naturals\nCONSTANT Slots, Commands\nVARIABLE log\n  ---- MODULE Slot ----\n  CONSTANT V\n  VARIABLE chosen\n  Init == chosen = {}\n  Next == chosen = {} /\\ \\E v \\in V : chosen' = {v}\n  Spec == Init /\\ [][Next]_chosen /\\ WF_chosen(Next)\n  Chosen == <>(chosen # {})\n  Never == [](chosen = {})\n  ====\nInit == log = [s \\in Slots |-> {}]\nNext == \\E s \\in Slots : log[s] = {} /\\ \\E v \\in Commands : log' = [log EXCEPT ![s] = {v}]\nSpec == Init /\\ [][Next]_log /\\ WF_log(Next)\nS(s) == INSTANCE Slot WITH V <- Commands, chosen <- log[s]\nCorrect == \\A s \\in Slots : S(s)!Spec\nLive == \\A s \\in Slots : S(s)!Chosen\nWrong == \\A s \\in Slots : S(s)!Chosen /\\ (s = 2 => S(s)!Never)",
        'CONSTANT Slots = {1, 2}\nCONSTANT Commands = {7, 8}\nSPECIFICATION Spec\nCHECK_DEADLOCK FALSE\nPROPERTY Correct Live',
        0, 13, 9, 3, None,
        "PROPERTY \\A s \\in Slots : S(s)!Spec with S(s) == INSTANCE Slot WITH chosen <- log[s]: one formula per slot, its actions and WF reading s (TLC's Github687 and gh1134; was 'unsupported construct: S(...)!Spec with an argument that mentions the bound name s')"),
    'InstanceArgumentInPropertyViolated': ("EXTENDS Naturals\nCONSTANT Slots, Commands\nVARIABLE log\n  ---- MODULE Slot ----\n  CONSTANT V\n  VARIABLE chosen\n  Init == chosen = {}\n  Next == chosen = {} /\\ \\E v \\in V : chosen' = {v}\n  Spec == Init /\\ [][Next]_chosen /\\ WF_chosen(Next)\n  Chosen == <>(chosen # {})\n  Never == [](chosen = {})\n  ====\nInit == log = [s \\in Slots |-> {}]\nNext == \\E s \\in Slots : log[s] = {} /\\ \\E v \\in Commands : log' = [log EXCEPT ![s] = {v}]\nSpec == Init /\\ [][Next]_log /\\ WF_log(Next)\nS(s) == INSTANCE Slot WITH V <- Commands, chosen <- log[s]\nCorrect == \\A s \\in Slots : S(s)!Spec\nLive == \\A s \\in Slots : S(s)!Chosen\nWrong == \\A s \\in Slots : S(s)!Chosen /\\ (s = 2 => S(s)!Never)",
        'CONSTANT Slots = {1, 2}\nCONSTANT Commands = {7, 8}\nSPECIFICATION Spec\nCHECK_DEADLOCK FALSE\nPROPERTY Wrong',
        13, None, None, None, "Temporal property Wrong was violated",
        "S(s)!Never under s = 2 => ...: the instance's formula opened by the general temporal translation with s bound by the expansion of \\A, violated once slot 2 is chosen (was 'read where s has no value', exit 150)"),
    'InnerModuleOuterVariable': ("EXTENDS Naturals\nVARIABLE value\n  ---- MODULE Ring ----\n  VARIABLE cardinality\n  Members == 0 .. (cardinality - 1)\n  Init == value \\in Members\n  Next == value' = (value + 1) % cardinality\n  Spec == Init /\\ [][Next]_<<value, cardinality>>\n  x $$ y == (x + y) % cardinality\n  ====\nZ(cardinality) == INSTANCE Ring\nSane == Z(5)!$$(3, 4) = 2\nInsane == Z(5)!$$(3, 4) > 7\nSpec == Z(5)!Spec /\\ Sane\nSpecD == Z(5)!Spec /\\ Insane",
        'SPECIFICATION Spec',
        0, 10, 5, 1, None,
        "the inner module Ring reads the outer variable value, declared before it (TLC's Github687spec; was \"Unknown operator: `value'\", exit 150); the constant conjunct Sane, TRUE, is no initial predicate"),
    'SpecTriviallyFalse': ("EXTENDS Naturals\nVARIABLE value\n  ---- MODULE Ring ----\n  VARIABLE cardinality\n  Members == 0 .. (cardinality - 1)\n  Init == value \\in Members\n  Next == value' = (value + 1) % cardinality\n  Spec == Init /\\ [][Next]_<<value, cardinality>>\n  x $$ y == (x + y) % cardinality\n  ====\nZ(cardinality) == INSTANCE Ring\nSane == Z(5)!$$(3, 4) = 2\nInsane == Z(5)!$$(3, 4) > 7\nSpec == Z(5)!Spec /\\ Sane\nSpecD == Z(5)!Spec /\\ Insane",
        'SPECIFICATION SpecD',
        151, None, None, None, "The spec is trivially false because Insane is false.",
        "a constant definition named as a conjunct of SPECIFICATION is evaluated first: FALSE is TLC's config error (TLC's Github687specD; was 'an initial predicate assembled from several modules', exit 150)"),
    'SubexpressionBody': ("EXTENDS Naturals\nVARIABLE x\nTHEOREM Th == \\A n \\in 1..3 : n > 0\nOk(a) == /\\ a >= 0\n          /\\ a < 2\nASSUME Th!:\nInit == x = 0\nNext == x' = (x + 1) % 3\nInv == Ok(x)!: /\\ Th!:",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        12, None, None, None, "Invariant Inv is violated",
        "Th!: is the statement of the named theorem Th, Ok(x)!: the body of Ok with a <- x (tlaplus/Examples' Paxos MCVoting; was 'unsupported construct: subexpression', exit 150)"),
    'SubexpressionSelectors': ("EXTENDS Naturals, Sequences\nxx == <<11, <<22, 33>>, 33>>\nF(a) == /\\ TRUE\n        /\\ Len(xx[a]) > 0\nR == \\E u \\in {1}, v \\in {2} : u + v > 2\nM == LET Z == 23 IN Z\nZ == 44\nSole == /\\ 7 > 3\nK == CASE 1 = 1 -> 11 [] OTHER -> 33\nT(Op(_)) == Op(42)\nV == \\A w \\in {} : 2 * w\nASSUME F(2)!2!<<!<<!>> = 2 /\\ F(2)!2!1 = 2 /\\ R!(1, 2)!<< = 3 /\\ R!2 = {2} /\\ M!1 = 23 /\\ Sole!1!<< = 7 /\\ K!2!2 = 33 /\\ T(V!@) = 84\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 4\nG(b) == /\\ b >= 0\n        /\\ b < 3\nInv == G(x)!2",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        12, None, None, None, "Invariant Inv is violated",
        "selectors into a definition's body as SANY names them (TLC's suite/test209): Op(a)!n with Op's parameter given, !<< and !>>, Q!(1, 2) giving a quantifier's names, V!@ as an operator argument, a LET's body with its Z (not the later Z == 44), the item of a bulleted list of one item, CASE arms (was: exit 150, unsupported construct: the subexpression selector)"),
    'PickSuccessorHolds': ("EXTENDS Naturals, TLCExt\nVARIABLE x\nInit == x = 0\nNext == x < 5 /\\ x' = x + 1\nKeep == PickSuccessor(x' < 10)",
        'INIT Init\nNEXT Next\nACTION_CONSTRAINT Keep\nCHECK_DEADLOCK FALSE',
        0, 6, 6, 6, None,
        "TLCExt!PickSuccessor(e) as an ACTION_CONSTRAINT is TRUE where e holds (lemmy/BlockingQueueDebug: 30/14/6 as TLC; was: exit 150, unsupported construct: PickSuccessor)"),
    'SubexpressionLabels': ("EXTENDS Naturals\nVARIABLE x\nOp(a) == /\\ lab :: a >= 0\n         /\\ a < 3\nQ(k) == \\A i \\in {1, 2} : lab2(i) :: i + k > LET m == 2 IN in2 :: m * i\nR == \\E u \\in {1}, v \\in {2} : P1(v, u) :: v - u = 1\nASSUME Q(5)!lab2(1)!<< = 6\nASSUME Q(5)!lab2(2)!>> = 4\nASSUME R!P1(2, 1)\nASSUME R!P1(2, 1)!<<!<< = 2\nASSUME Q(0)!lab2(3)!in2 = 6\nASSUME Q(0)!lab2(3)!in2!<< = 2\nInit == x = 0\nNext == x' = (x + 1) % 5\nInv == Op(x)!lab /\\ Op(x)!lab!<< = x /\\ Op(x)!1!2 = 0 /\\ Op(x)!2",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        12, None, None, None, "Invariant Inv is violated",
        "labels as selectors (TLC's suite/test219): Op(x)!lab, Q(5)!lab2(1) giving the bound i, a label nested in another's LET (lab2(3)!in2 with m in scope), P1(v, u) with its arguments in the label's order, numbers through a label (Op(x)!1!2); was: exit 150"),
    'SubexpressionSoleLabel': ("EXTENDS Naturals\nVARIABLE x\nOp(a) == /\\ lab :: a >= 1\nInit == x = 0\nNext == x' = (x + 1) % 3\nInv == Op(x)!1 \\/ Op(x)!lab!<< = 0",
        'INIT Init\nNEXT Next\nINVARIANT Inv',
        0, 4, 3, 3, None,
        "a labelled item of a bulleted list of one item: Op(x)!1 is the item (the list counts), Op(x)!lab goes to the label inside it, whose !<< is a (was: exit 150)"),
    "ParameterAndLetReadPrimed": (
        "EXTENDS Naturals\nVARIABLE x\nOp(q) == q' > q\nEn(q) == ENABLED (q' = q + 1)\nInit == x = 0\n"
        "Next == /\\ x < 5 /\\ x' = x + 1 /\\ Op(x) /\\ (LET d == x + 1 IN d' > d)\n"
        "        /\\ LET f(q) == q' > q IN f(x)\n"
        "Inv == En(x) /\\ (LET d == x IN ENABLED (d' = d + 1)) /\\ LET g(q) == ENABLED (q' = q + 1) IN g(x)\n"
        "AP == [][Op(x)]_x",
        "INIT Init\nNEXT Next\nINVARIANT Inv\nPROPERTY AP\nCHECK_DEADLOCK FALSE",
        0, 6, 6, 6, None,
        "an operator's parameter, a LET definition and a LET operator's parameter read primed or under ENABLED "
        "mean the argument's expression there, as TLC passes it by name: Op(x) with Op(q) == q' > q is x' > x, "
        "d' with d == x + 1 is x' + 1 (was: the value passed, x > x, so no successor; ENABLED (5' = 5 + 1) FALSE)"),
    "SelectorOfLetOperator": (
        "EXTENDS Naturals\nT(Op(_)) == Op(42)\nU == /\\ LET Op(x) == x + 1\n        IN 44\n     /\\ TRUE\n"
        "ASSUME T(U!1!Op) = 43\nASSUME U!1!Op(42) = 43\nASSUME U!1!Op(42)!: = 43\n"
        "VARIABLE x\nInit == x = U!1!Op(1)\nNext == x' = U!1!Op(x) % 3",
        "INIT Init\nNEXT Next",
        0, 4, 3, 3, None,
        "U!1!Op: the LET operator Op of U's first conjunct, applied (U!1!Op(42)), passed as an operator "
        "(T(U!1!Op)) and with !: (TLC's suite/test209; was 'unsupported construct: the subexpression selector "
        "U!1!Op')"),
    "InstanceArgumentParameterOrLet": (
        "EXTENDS Naturals\nVARIABLE x\n"
        "  ---- MODULE PM13 ----\n  EXTENDS Naturals\n  VARIABLE a\n  Inc == a' = a + 1\n  Bar == a < 3\n  Big(k) == a + k\n  ====\nP(p) == INSTANCE PM13 WITH a <- p\n"
        "Op(q) == P(q)!Bar\nInit == x = 0\nNext == x < 5 /\\ x' = x + 1 /\\ (Op(x) \\/ x >= 3)\n"
        "Inv == /\\ (LET d == x + 1 IN P(d)!Big(1)) < 8\n"
        "       /\\ (LET e == x  I == INSTANCE PM13 WITH a <- e IN I!Big(x)) = 2 * x",
        "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE",
        0, 6, 6, 6, None,
        "an instance argument that is an operator's parameter (Op(q) == P(q)!Bar), a state-level LET definition "
        "(LET d == x + 1 IN P(d)!Big(1)), or a LET definition in a LET instance's WITH: passed as a value, the "
        "instance reading it unprimed (was exit 150: 'unsupported construct: ... the operator parameter or LET "
        "operator q', '... LET definition d, which is not of constant level', '... whose WITH mentions the bound "
        "name e')"),
    "InstanceArgumentParameterLevel": (
        "EXTENDS Naturals\nVARIABLE x\n"
        "  ---- MODULE PM13 ----\n  EXTENDS Naturals\n  VARIABLE a\n  Inc == a' = a + 1\n  Bar == a < 3\n  Big(k) == a + k\n  ====\nP(p) == INSTANCE PM13 WITH a <- p\n"
        "Op(q) == P(q)!Big(1)\nInit == x = 0\nNext == x < 5 /\\ x' = x + 1 /\\ Op(x') < 7",
        "INIT Init\nNEXT Next",
        150, None, None, None, "Level error in applying operator",
        "an operator's parameter passed on to an instance as what replaces its VARIABLE must be at most of state "
        "level: Op(x') is SANY's level error"),
    "SubsetOverflowInit": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = SUBSET(SUBSET(1..36))\nNext == x' = x",
        "INIT Init\nNEXT Next",
        75, 1, 0, None, "Overflow when computing the number of elements in:\nSUBSET (1..36)",
        "a state holding SUBSET SUBSET (1..36) cannot be fingerprinted: TLC counts the elements (a Java int) and "
        "overflows (FingerprintExceptionInit); it hung enumerating 2^36 subsets"),
    "SubsetOverflowNext": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = 0\n"
        "Next == IF {1} \\in SUBSET(1..31) THEN x' = SUBSET(SUBSET(1..32)) ELSE x' = 2",
        "INIT Init\nNEXT Next",
        75, 2, 1, None, "Overflow when computing the number of elements in:\nSUBSET (1..32)",
        "the same for a successor (FingerprintExceptionNext); membership in SUBSET (1..31) needs no count"),
    "RandomSubsetOfHugeFunctionSet": (
        "EXTENDS Integers, TLC, Randomization\nVARIABLE x\nInit == x \\in RandomSubset(1000, [1..9 -> 1..10])\n"
        "Next == UNCHANGED x\nInv == x \\in [1..9 -> 1..10] /\\ RandomElement([1..9 -> 1..10]) \\in [1..9 -> 1..10]",
        "INIT Init\nNEXT Next\nINVARIANT Inv",
        0, 2000, 1000, 1, None,
        "RandomSubset and RandomElement of [S -> T] with 10^9 functions draw functions without enumerating the set "
        "(TLC's RandomSubsetSetOfFcns; was a timeout)"),
    "PossibleCountsRead": (
        "EXTENDS Naturals, TLC, _Possible\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\nAtOne == x = 1\n"
        "Wrap == x = 2 /\\ x' = 0\nSpec == Init /\\ [][Next]_x\nPost == _Counts[\"AtOne\"] = 1 /\\ _Counts[\"Wrap\"] = 1",
        "SPECIFICATION Spec\n_POSSIBLE AtOne Wrap\nPOSTCONDITION Post",
        0, 4, 3, 3, None,
        "a spec EXTENDS TLC's _Possible module and reads the _POSSIBLE counts with _Counts (TLC's DieHardTLA; was "
        "'cannot find module _Possible', exit 150)"),
    "PossibleCountsWrong": (
        "EXTENDS Naturals, TLC, _Possible\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\nAtOne == x = 1\n"
        "Spec == Init /\\ [][Next]_x\nPost == _Counts[\"AtOne\"] = 2",
        "SPECIFICATION Spec\n_POSSIBLE AtOne\nPOSTCONDITION Post",
        10, None, None, None, "Postcondition Post",
        "the counts _Counts reads are the ones TLC counts: AtOne held once, so the postcondition is false"),
    "FilterOfLazyUnion": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x' = x\n"
        "Inv == <<1, 2>> \\in {f \\in UNION {[S -> {1, 2, 3}] : S \\in SUBSET {1, 2, 3}} : f[2] = 2}",
        "INIT Init\nNEXT Next\nINVARIANT Inv",
        0, 2, 1, 1, None,
        "UNION of sets that are not enumerated ([S -> T]) stays lazy, as TLC's UnionValue, so membership in a filter "
        "of it tests the predicate on the candidate only (TLC's suite/test9: f[2] on <<>> failed, exit 75)"),
    "TLCGetLevelPrimed": (
        "EXTENDS Integers, TLC\nVARIABLES x, z\nInit == x = 0 /\\ z = 1 /\\ TLCGet(\"level\") = 0\n"
        "Next == /\\ x < 3 /\\ Assert(TLCGet(\"level\") + 1 = TLCGet(\"level\")', \"pre\")\n"
        "        /\\ x' = x + 1 /\\ z' = TLCGet(\"level\")'\nInv == z = TLCGet(\"level\") /\\ x + 1 = TLCGet(\"level\")",
        "INIT Init\nNEXT Next\nINVARIANT Inv",
        11, 4, 4, 4, "Deadlock reached",
        "TLCGet(\"level\")' is the successor's level, one more than the current state's (TLC's TLCGetLevel: a false "
        "assertion failure, exit 14)"),
    "CyclicRedefinition": (
        "EXTENDS TLC\nVARIABLE x\nInit == x = FALSE\nOp(b) == ~b\nNext == x' = Op(FALSE)\n"
        "Other(s, b, P(_)) == P(b)\nReDefOp(b) == Other(\"r\", b, Op)",
        "INIT Init\nNEXT Next\nCONSTANT Op <- ReDefOp",
        255, 1, 1, 1, "StackOverflowError",
        "Op <- ReDefOp where ReDefOp calls Op: evaluation never ends; TLC's stack overflow is its general error, "
        "exit 255 (TLC's CyclicRedefineOp; was 'recursion too deep', exit 75)"),
    "RecursionWithoutBase": (
        "EXTENDS Integers\nRECURSIVE F(_)\nF(n) == F(n + 1)\nVARIABLE x\nInit == x = 0\nNext == x' = F(x)",
        "INIT Init\nNEXT Next",
        255, 1, 1, 1, "StackOverflowError",
        "a recursive operator without a base case, evaluated in Next"),
    "RecursionWithoutBaseInInit": (
        "EXTENDS Integers\nRECURSIVE F(_)\nF(n) == F(n + 1)\nVARIABLE x\nInit == x = F(0)\nNext == x' = 1 - x",
        "INIT Init\nNEXT Next",
        75, 0, 0, None, "StackOverflowError",
        "the same in Init is an evaluation error of the initial states, exit 75"),
    "RecursionWithoutBaseInInvariant": (
        "EXTENDS Integers\nRECURSIVE F(_)\nF(n) == F(n + 1)\nVARIABLE x\nInit == x = 0\nNext == x' = 1 - x\n"
        "Inv == x = 0 \\/ F(x) = 0",
        "INIT Init\nNEXT Next\nINVARIANT Inv",
        255, 2, 2, None, "StackOverflowError",
        "in an invariant on a successor it is TLC's general error, 255 (any other evaluation error there is 76)"),
    "TuplePatternOverInfiniteDomain": (
        "EXTENDS Integers\nf[i, j \\in Int, <<k, l>> \\in Int \\X Int, m \\in {5, 7}] == i + j + k + l + m\n"
        "g == [<<a, b>> \\in Int \\X Int |-> a * b]\nVARIABLE x\nInit == x = 0\nNext == x' = x\n"
        "Inv == f[1, 2, <<3, 4>>, 5] = 15 /\\ g[<<2, 3>>] = 6 /\\ g[2, 3] = 6",
        "INIT Init\nNEXT Next\nINVARIANT Inv",
        0, 2, 1, 1, None,
        "a function with a tuple-pattern bound over an infinite set is applied pointwise, as TLC, not built: "
        "'cannot enumerate the infinite set Int', exit 75 (TLC's suite/test10)"),
    "ChooseInLargeSubset": (
        "EXTENDS Naturals\nRECURSIVE Sum(_)\nSum(S) == IF S = {} THEN 0 ELSE LET c == CHOOSE c \\in S : TRUE "
        "IN c + Sum(S \\ {c})\nVARIABLE pc, set, fun\nInit == pc = 0 /\\ set = {} /\\ fun = {}\n"
        "Next == \\/ pc = 0 /\\ pc' = 1 /\\ set' = SUBSET (1..20) /\\ fun' = CHOOSE v \\in set' : Sum(v) > 4\n"
        "        \\/ pc = 1 /\\ fun = {5} /\\ pc' = 2 /\\ UNCHANGED <<set, fun>>",
        "INIT Init\nNEXT Next",
        11, 3, 3, 3, "/\\ set = SUBSET (1..20)",
        "CHOOSE in SUBSET (1..20) takes the subsets in TLC's order (by size) one by one, and TLC prints a SUBSET of "
        "7 or more elements as it stands (Bug279's InitStateBug, which timed out enumerating and sorting 2^20 "
        "subsets several times)"),
    "CyclicRedefineNext": (
        CYCLIC_BASE + "ReDefNext == Next /\\ ~A(1)", "INIT Init\nNEXT Next\nCONSTANT Next <- ReDefNext", 255, 1, 1, 1,
        "This was a Java StackOverflowError.",
        "Next <- ReDefNext with ReDefNext == Next /\\ ...: the evaluation of the action never ends, after the "
        "initial state (TLC's CyclicRedefineNext; was exit 150, 'nested too deeply to load')"),
    "CyclicRedefineAction": (
        CYCLIC_BASE + "ReDefA(n) == A(n) /\\ x' = x", "INIT Init\nNEXT Next\nCONSTANT A <- ReDefA", 255, 1, 1, 1,
        "This was a Java StackOverflowError.",
        "A <- ReDefA with ReDefA(n) == A(n) /\\ ...: A(n) is ReDefA(n) again, with the same argument"),
    "CyclicRedefineActionOtherArgument": (
        CYCLIC_BASE + "ReDefA(n) == A(n - 1) /\\ x' = x", "INIT Init\nNEXT Next\nCONSTANT A <- ReDefA", 150, None,
        None, None, "unsupported construct: the operator ReDefA assigning variables and reached again",
        "with another argument the recursion may end: refused, named, not unfolded without end"),
    "RefinementInitialPredicateViolated": (
        "EXTENDS Naturals\n---- MODULE Abs ----\nEXTENDS Naturals\nVARIABLE b\nAInit == b = 0\nANext == b' = 1 - b\n"
        "ASpec == AInit /\\ [][ANext]_b\n====\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 4\n"
        "Spec == Init /\\ [][Next]_x /\\ WF_x(Next)\nAb == INSTANCE Abs WITH b <- (x + 1) % 2\nRefines == Ab!ASpec",
        "SPECIFICATION Spec\nPROPERTY Refines", 13, None, None, None, "Property AInit is violated by the initial state:",
        "the state predicate of a property, named after the definition it is, in TLC's words (the conformance "
        "corpus' liveness/refinement_init_fails; was 'Temporal property Refines was violated.')"),
    "PropertyNamedAfterItsInvariant": (
        NAMING_BASE + "Prop == Mid", "INIT Init\nNEXT Next\nPROPERTY Prop", 12, 4, 4, 4, "Invariant Inv is violated.",
        "PROPERTY Prop with Prop == Mid, Mid == []Inv: TLC names the invariant after Inv (processConfigProps; "
        "was 'Invariant Prop')"),
    "PropertyNamedAfterTheOperatorUnfolded": (
        NAMING_BASE + "Prop2 == Op(x)", "INIT Init\nNEXT Next\nPROPERTY Prop2", 12, 4, 4, 4,
        "Invariant Op is violated.",
        "PROPERTY Prop2 with Prop2 == Op(x), Op(a) == [](a < 3): named after Op, the operator unfolded last"),
    "CyclicRedefinedSubscript": (
        "EXTENDS Naturals\nVARIABLES x, z\nvars == <<x>>\nInit == x = 0 /\\ z = 0\nNext == x' = 1 - x /\\ z' = z\n"
        "Spec == Init /\\ [][Next]_vars\nReDefVars == <<vars, z>>", "SPECIFICATION Spec\nCONSTANT vars <- ReDefVars",
        255, None, None, None, "This was a Java StackOverflowError.",
        "vars <- ReDefVars, ReDefVars == <<vars, z>>: TLC's SpecProcessor walks the subscript of [][Next]_vars "
        "through definitions at start-up and overflows, before any state (TLC's CyclicRedefineVars, which TLC's "
        "own test runs with allowCyclicRedefinitions; was: ok, 3 generated, 2 distinct)"),
    # Round 8 of random specs against TLC (recorded from TLC built from tlaplus master, 2026-12-06)
    "ChainedSubstitution": (
        "EXTENDS Integers\nCONSTANT N\nVARIABLE x\nDef == 1\nDef3 == 2\nInit == x = N\nNext == UNCHANGED x\nInv == x = 1", "INIT Init\nNEXT Next\nCONSTANT N <- Def\nCONSTANT Def <- Def3\nINVARIANT Inv",
        151, None, None, None, "the identifier Def appears on the right-hand side of a <- after already appearing",
        "N <- Def beside Def <- Def3: TLC substitutes one step and refuses the chain (exit 151); was resolved "
        "through to Def3 (exit 12)"),
    "ChainedSubstitutionReversed": (
        "EXTENDS Integers\nCONSTANT N\nVARIABLE x\nDef == 1\nDef3 == 2\nInit == x = N\nNext == UNCHANGED x\nInv == x = 1", "INIT Init\nNEXT Next\nCONSTANT Def <- Def3\nCONSTANT N <- Def\nINVARIANT Inv",
        151, None, None, None, "the identifier Def appears on the right-hand side of a <- after already appearing",
        "the same chain written in the other order: the same refusal"),
    "ChooseFunctionBeforeTuple": (
        "EXTENDS TLC\nVARIABLE x\nInit == x = CHOOSE e \\in {<<1, 1>>, (2 :> 1)} : TRUE\nNext == UNCHANGED x\n"
        "Inv == x = <<1, 1>>", "INIT Init\nNEXT Next\nINVARIANT Inv", 12, None, None, None, "x = (2 :> 1)",
        "TLC orders a tuple among functions by its domain 1..n ({2} before {1, 2}: size first); tuples came "
        "before every other function (CHOOSE picked <<1, 1>>, no violation)"),
    "ChooseByDomainBeforeValues": (
        "EXTENDS TLC\nVARIABLE x\nInit == x = CHOOSE e \\in {(0 :> 0 @@ 3 :> 0), (0 :> 5 @@ 2 :> 0)} : TRUE\n"
        "Next == UNCHANGED x\nInv == x # (0 :> 5 @@ 2 :> 0)", "INIT Init\nNEXT Next\nINVARIANT Inv", 12, None,
        None, None, "x = (0 :> 5 @@ 2 :> 0)",
        "functions of one size compare all their domain before any value (FcnRcdValue.compareTo): {0, 2} comes "
        "before {0, 3} though 0 < 5; keys interleaving domain and values picked (0 :> 0 @@ 3 :> 0)"),
    "ChooseModelValueFirst": (
        "CONSTANT A\nVARIABLE x\nInit == x = CHOOSE e \\in {A, 1} : TRUE\nNext == UNCHANGED x\nInv == x = 1",
        "CONSTANT A = A\nINIT Init\nNEXT Next\nINVARIANT Inv", 12, None, None, None, "x = A",
        "an untyped model value comes before any other value (ModelValue.compareTo answers -1); it came after "
        "the integers and strings"),
    "ToStringEscapesANewline": (
        "EXTENDS Integers, Sequences, TLC\nVARIABLE x\nInit == x = Len(ToString(<<\"a\\nb\">>))\n"
        "Next == UNCHANGED x\nInv == x = 9", "INIT Init\nNEXT Next\nINVARIANT Inv", 12, None, None, None, "x = 10",
        "TLC prints a string's newline, tab, return and form feed as escapes (StringValue.PrintVersion), ToString "
        "too; a real newline was kept (length 9)"),
    "TemporalDisjunctionWithAnAction": (
        "EXTENDS Integers\nVARIABLE t\nInit == t = 1\nNext == t' = 3 - t\nSpec == Init /\\ [][Next]_t\n"
        "Prop == []<>(t = 1) \\/ [][t' = t]_t", "SPECIFICATION Spec\nPROPERTY Prop", 255, None, None, None,
        "Temporal formulas containing actions must be of forms <>[]A or []<>A.",
        "TLC's tableau refuses the action (TLC_LIVE_WRONG_FORMULA_FORMAT, exit 255); was a semantic error, 150"),
    "ExceptRecordByANonString": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x < 1 /\\ x' = [[a |-> 1] EXCEPT ![1] = 2].a\n"
        "Inv == x < 2", "INIT Init\nNEXT Next\nINVARIANT Inv", 75, 1, 1, None,
        "Attempted to access record by a non-string argument: 1",
        "EXCEPT at a key that is not a string, on a record: TLC's error; the record was left unchanged (exit 0, "
        "2 distinct)"),
    "ExceptStringFunctionByAnInteger": (
        "EXTENDS TLC\nVARIABLE x\nInit == x = [(\"a\" :> 2) EXCEPT ![1] = 0]\nNext == UNCHANGED x",
        "INIT Init\nNEXT Next", 75, 0, 0, 0, "evaluation error",
        "the same on a function over strings (TLC: \"Attempted to check equality of string \\\"a\\\" with "
        "non-string: 1\", its lookup's equals); was unchanged, exit 0"),
    "SetOfARecordAndATupleInInit": (
        "VARIABLE x\nInit == x = {<<1>>, [a |-> 1]}\nNext == UNCHANGED x", "INIT Init\nNEXT Next", 255,
        None, None, None, "Attempted to compare record: [a |-> 1] with non-record <<1>>",
        "TLC's sort of the set compares the record with the tuple of one element, field name against 1, and "
        "fails fingerprinting the initial state (exit 255); was stored, exit 0"),
    "SetOfARecordAndATupleInNext": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x' = {<<1>>, [a |-> 1]}", "INIT Init\nNEXT Next",
        75, 2, 1, None, "Attempted to compare record: [a |-> 1] with non-record <<1>>",
        "the same as a successor: exit 75, the successor counted as generated; was exit 0, 3 generated"),
    "SymmetryOfPermutations": (
        SYM_BASE + "Sym == Permutations(Procs)", SYM_CFG, 0, 7, 3, 1, None,
        "the usual SYMMETRY: [Procs -> {0, 1}] in 3 orbits"),
    "SymmetryUnionWithEmpty": (
        SYM_BASE + "Sym == Permutations(Procs) \\cup {}", SYM_CFG, 0, 8, 4, 1, None,
        "two arguments of \\cup against two permutations: TLC takes each argument for a set of one "
        "element, warns and checks without symmetry (Tool.getSymmetryPerms); was reduced, 3 distinct"),
    "SymmetryUnionWithEmptyHidesNothing": (
        SYM_BASE.replace("Init == pc \\in [Procs -> {0, 1}]\nNext == UNCHANGED pc",
                         "Init == pc = [p \\in Procs |-> 0]\nNext == \\E p \\in Procs : pc[p] = 0 /\\ "
                         "pc' = [pc EXCEPT ![p] = 1]\nInv == pc[p2x] = 0")
        + "Sym == Permutations(Procs) \\cup {}", SYM_CFG + "\nINVARIANT Inv", 12, 3, 3, 2,
        "Invariant Inv is violated.",
        "the same: the invariant that is not symmetric is violated, as TLC finds; was exit 0 (the violating "
        "state merged into its symmetric twin)"),
    "SymmetryOfOneSwap": (
        SYM_BASE + "Sym == {(p1x :> p2x @@ p2x :> p1x)}", SYM_CFG, 0, 8, 4, 1, None,
        "a set literal of one permutation: one argument, one member, no symmetry; was reduced, 3 distinct"),
    "SymmetryOfAnIf": (
        SYM_BASE + "Sym == IF TRUE THEN Permutations(Procs) ELSE {}", SYM_CFG, 0, 8, 4, 1, None,
        "IF has three arguments, two permutations: no symmetry"),
    "SymmetryOfALet": (
        SYM_BASE + "Sym == LET P == Permutations(Procs) IN P", SYM_CFG, 255, None, None, None,
        "ClassCastException", "TLC casts the definition's body to an operator application: 255"),
    "SymmetryOfIntegers": (
        SYM_BASE + "Sym == Permutations({1, 2})", SYM_CFG, 255, None, None, None,
        "Symmetry function must have model values as domain and range.",
        "TLC's RuntimeException, exit 255; was a config error, exit 151"),
    "SubsetMembershipOfARecordSet": (
        "VARIABLE x\nInit == x = 0\nNext == UNCHANGED x\nInv == [a : {1}] \\in SUBSET {[a |-> 1]}",
        "INIT Init\nNEXT Next\nINVARIANT Inv", 0, 2, 1, 1, None,
        "a set kept lazily is a subset by its members (SubsetValue.member enumerates it); was FALSE, "
        "the invariant violated"),
    "SubsetMembershipOfAnUnsortableSet": (
        "VARIABLE x\nInit == x = 0\nNext == UNCHANGED x\nInv == {x, \"a\"} \\in SUBSET {x, \"a\"}",
        "INIT Init\nNEXT Next\nINVARIANT Inv", 75, 1, 1, 1, 'Attempted to compare string "a" with non-string',
        "enumerating {0, \"a\"} sorts it, which fails (fuzz9 SubsetMemberMixed); was FALSE, the invariant "
        "violated"),
    "TuplePatternOverAString": (
        "VARIABLE x\nInit == x = 0\nNext == UNCHANGED x\nInv == \\E <<a, b>> \\in {\"ab\"} : a = \"a\"",
        "INIT Init\nNEXT Next\nINVARIANT Inv", 75, 1, 1, 1, "Argument mismatch in operator application.%1",
        "a tuple pattern takes apart only a tuple of its length (ContextEnumerator; TLC leaves its %1 in the "
        "message); Python unpacked the string, exit 0 (fuzz9 TuplePatString)"),
    "TuplePatternOverAFunction": (
        "EXTENDS TLC\nVARIABLE x\nInit == x = 0\nNext == UNCHANGED x\nInv == \\A <<a, b>> \\in {(2 :> x @@ 3 :> 6)} : a = x",
        "INIT Init\nNEXT Next\nINVARIANT Inv", 75, 1, 1, 1, "Argument mismatch in operator application.%1",
        "a function over {2, 3}: Python unpacked its keys, the invariant violated, exit 12 (fuzz9 TuplePatNonSeq)"),
    "TuplePatternTooShort": (
        "VARIABLE x\nInit == x = 0\nNext == UNCHANGED x\nInv == \\E <<a, b>> \\in {<<1, 2, 3>>} : a = 1",
        "INIT Init\nNEXT Next\nINVARIANT Inv", 75, 1, 1, 1, "Argument mismatch in operator application.%1",
        "three components for two names: TLC's message (was Python's ValueError)"),
    "FilterTuplePatternTakesLeadingComponents": (
        "VARIABLE x\nInit == x = 0\nNext == UNCHANGED x\n"
        "Inv == {<<a>> \\in {<<1, 2>>, <<3, 4, 5>>} : a = 1} = {<<1, 2>>}",
        "INIT Init\nNEXT Next\nINVARIANT Inv", 0, 2, 1, 1, None,
        "over an enumerated set TLC's SubsetOf casts each element to a tuple and binds its leading "
        "components; was 'Argument mismatch', exit 75"),
    "FunctionTuplePatternTakesLeadingComponents": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = [<<a, b>> \\in {<<1, 2>>, <<3, 4, 5>>} |-> a + b]\n"
        "Next == UNCHANGED x\nInv == x[<<3, 4, 5>>] = 7",
        "INIT Init\nNEXT Next\nINVARIANT Inv", 0, 2, 1, 1, None,
        "FcnLambdaValue.toFcnRcd does the same, and the domain keeps the whole tuples; was exit 75"),
    "FilterTuplePatternOverAShorterTuple": (
        "VARIABLE x\nInit == x = 0\nNext == UNCHANGED x\nInv == {<<a, b, c>> \\in {<<1, 2>>} : a = 1} = {}",
        "INIT Init\nNEXT Next\nINVARIANT Inv", 75, 1, 1, 1, "Index 2 out of bounds for length 2",
        "the same cast: Java's index error"),
    "FilterTuplePatternOverALazySet": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == UNCHANGED x\n"
        "Inv == {<<a>> \\in {1} \\X {2} : a = 1} = {}",
        "INIT Init\nNEXT Next\nINVARIANT Inv", 75, 1, 1, 1, "is an element of a set of 1-tuples.",
        "over a set kept lazily (SetPredValue) the length must match, with TLC's message"),
    "PrimedVariableInAConstraint": (
        PRIMED_BASE, "INIT Init\nNEXT Next\nCONSTRAINT C", 75, 1, 0, 1,
        "In evaluation, the identifier x is either undefined or not an operator.",
        "TLC checks no level of a CONSTRAINT: x' fails where it is evaluated (was exit 150 at start)"),
    "PrimedVariableInAView": (
        PRIMED_BASE, "INIT Init\nNEXT Next\nVIEW C", 75, 1, 0, 1,
        "In evaluation, the identifier x is either undefined or not an operator.", "the same for a VIEW"),
    "PrimedVariableInAPostcondition": (
        PRIMED_BASE, "INIT Init\nNEXT Next\nPOSTCONDITION C", 10, 4, 3, 3,
        "Evaluating postcondition C at line 6, col 6 to line 6, col 11 of module",
        "and for a POSTCONDITION, after the search (TLC's message)"),
    "PrimedVariableNotReachedInAConstraint": (
        PRIMED_BASE, "INIT Init\nNEXT Next\nCONSTRAINT C2\nVIEW C2", 0, 2, 1, 1, None,
        "x' behind a disjunct that holds is never evaluated"),
    "ConstantPartOfALivenessAtomFails": (
        LIVE_BASE + "Prop == <>(x = 1 /\\ Head(\"abc\") = \"a\")", "SPECIFICATION Spec\nPROPERTY Prop",
        255, None, None, None, "The argument of Head should be a sequence",
        "TLC's Liveness.astToLive takes the atom apart and evaluates its constant conjunct as it builds the "
        "tableau, a crash at start (fuzz10 liveprop_const_eval_error); was 255 only once x = 1 was reached, "
        "and exit 0 where the atom held on an initial state"),
    "ConstantPartOfALivenessAtomIsNoBoolean": (
        LIVE_BASE + "Prop == <>(x = 0 /\\ 1)", "SPECIFICATION Spec\nPROPERTY Prop",
        255, None, None, None, "TLC expected a boolean value, but did not find one.", "the same through /\\"),
    "ConstantSideOfALeadsToFails": (
        LIVE_BASE + "Prop == Head(\"abc\") = \"a\" ~> x = 1", "SPECIFICATION Spec\nPROPERTY Prop",
        255, None, None, None, "The argument of Head should be a sequence",
        "a constant left side of ~> is evaluated there too; its error was ignored (exit 0)"),
    "ConstantPartInsideADefinitionOfAnAtom": (
        LIVE_BASE + "Foo == x = 0 /\\ Head(\"abc\") = \"a\"\nProp == <>Foo", "SPECIFICATION Spec\nPROPERTY Prop",
        0, 1, 1, 1, "The argument of Head should be a sequence",
        "inside a definition astToLive swallows the error; the atom then fails on the initial state and TLC "
        "ends with its NO_ERROR (exit 0) after printing the error"),
    "ModuleErrorInAFunctionBuiltAtOnce": (
        FCN_BASE + "Next == f' = [i \\in 1..2 |-> f[i] % (-3)]", "INIT Init\nNEXT Next", 75, 1, 1, 1,
        "The second argument of % should be a positive number",
        "TLC builds the function through FcnLambdaValue.toFcnRcd, which rethrows the error as a "
        "FingerprintException: exit 75, not the operator's 255 (fuzz10 lazy_fcn_fingerprint_error)"),
    "AssertInAFunctionBuiltAtOnce": (
        FCN_BASE + "Next == f' = [a |-> [i \\in 1..2 |-> Assert(FALSE, \"no\")]]", "INIT Init\nNEXT Next",
        75, 1, 1, 1, "The first argument of Assert evaluated to FALSE",
        "the same for Assert (was 14), the function nested in a record"),
    "ModuleErrorInAFunctionApplied": (
        FCN_BASE + "Next == f' = LET g == [i \\in 1..2 |-> Head(<<>>)] IN g[1]", "INIT Init\nNEXT Next",
        255, 1, 1, 1, "Attempted to apply Head to the empty sequence",
        "a function applied where it is made is kept lazy (FcnLambdaValue.apply): the operator's 255"),
    "ChooseTuplePatternOverAString": (
        "VARIABLE x\nInit == x = CHOOSE <<a, b>> \\in {\"ab\"} : TRUE\nNext == UNCHANGED x",
        "INIT Init\nNEXT Next", 75, 0, 0, 0, "but S was not a set of N-tuples.",
        "CHOOSE's own check (Tool: toTuple and the length); was the string chosen, exit 0"),
    "FunctionOfATuplePatternGivenTwoArguments": (
        "EXTENDS Integers\nVARIABLE x\nPair[<<a, b>> \\in (0..1) \\X (0..1)] == a + b\nInit == x = 0\n"
        "Next == x' = Pair[0, 1]", "INIT Init\nNEXT Next", 150, None, None, None,
        "Function 'Pair' is defined with 1 parameters, but is applied to 2 arguments.",
        "SANY's rule (Generator: a function definition applied to two or more arguments needs as many "
        "parameters; a tuple pattern is one); was accepted, exit 0 (fuzz9 PairTwoArgs)"),
    "FunctionOfALetGivenThreeArguments": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = 0\n"
        "Next == x' = LET F[a, b \\in 0..1] == a + b IN F[0, 1, 1]", "INIT Init\nNEXT Next", 150, None, None, None,
        "Function 'F' is defined with 2 parameters, but is applied to 3 arguments.", "the same for a LET's function"),
    "FunctionGivenItsArgumentsOrTheirTuple": (
        "EXTENDS Integers\nVARIABLE x\nF[a, b \\in 0..1] == a + b\nG[<<a, b>> \\in (0..1) \\X (0..1)] == a * b\n"
        "Init == x = 0\nNext == x < 2 /\\ x' = F[1, 1] + G[<<1, 0>>] + F[<<0, 0>>]",
        "INIT Init\nNEXT Next", 11, 2, 2, 2, "Deadlock reached.",
        "as many arguments as parameters, or one tuple: accepted (x = 2 deadlocks, as in TLC)"),
    "InitialStateOutsideTheModelUnderAView": (
        "EXTENDS Integers\nVARIABLE x\nInit == x \\in 0..2\nNext == UNCHANGED x\nInv == x # 2\nView == 0\n"
        "Cons == x < 2", "INIT Init\nNEXT Next\nINVARIANT Inv\nVIEW View\nCONSTRAINT Cons", 12, None, None, None,
        "Invariant Inv is violated by the initial state",
        "TLC's DoInitFunctor asks isInModel before the fingerprint: x = 2, outside the model, is checked "
        "although x = 0 has its VIEW; was looked up first and skipped, exit 0 (fuzz9 ViewConsInitInv)"),
    "AliasThatIsNoRecord": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\nInv == x < 1\nAlias == <<x>>",
        "INIT Init\nNEXT Next\nINVARIANT Inv\nALIAS Alias", 12, 2, 2, 2, "Invariant Inv is violated.",
        "an ALIAS whose value is no record: TLC prints the states themselves (Tool.evalAlias) and the "
        "verdict stands; was an evaluation error, exit 75 (fuzz9 AliasNotRecord)"),
    "StringNotInSeqInNext": (
        "EXTENDS Integers, Sequences\nVARIABLE x\nInit == x = 0\n"
        "Next == x' = IF \"ab\" \\in Seq({\"a\"}) THEN 1 ELSE 2", "INIT Init\nNEXT Next", 255, 1, 1, None,
        'Attempted to check if the value: "ab" is an element of Seq({"a"}).',
        "Seq(S) answers membership in the Java code of TLC's Sequences: an error there is exit 255 while "
        "successors are computed, as Nat's (was 75; fuzz9 StrSeqMember)"),
    "IntegerNotInStringInNext": (
        "EXTENDS Integers\nVARIABLE x\nInit == x = 0\nNext == x' = IF 0 \\in STRING THEN 1 ELSE 2",
        "INIT Init\nNEXT Next", 255, 1, 1, None, "Attempted to check if the value: 0 is an element of STRING.",
        "the same for STRING (was 75)"),
    "PostconditionAfterAViolation": (
        "EXTENDS Integers, TLC\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\nInv == x < 1\n"
        "Post == TLCGet(\"distinct\") < 0", "INIT Init\nNEXT Next\nINVARIANT Inv\nPOSTCONDITION Post", 12, 2, 2, 2,
        "Postcondition Post at line 7, col 9 to line 7, col 30 of module PostconditionAfterAViolation is false.",
        "TLC checks the postconditions after a safety violation too (checkPostConditionWithCounterExample) and "
        "prints the failure after the trace; the violation's exit code stands (fuzz9 PostAfterViolation: 16 "
        "random specs)"),
    "NestedUnsortableSetInit": (
        "VARIABLE x\nInit == x = {[a |-> 1], [a |-> \"s\"]}\nNext == UNCHANGED x", "INIT Init\nNEXT Next", 255,
        None, None, None, "Attempted to compare string \"s\" with non-string: 1",
        "TLC's sort of the set compares the records field by field, 1 against \"s\", while it fingerprints the "
        "initial state: its unexpected exception (fuzz11 MixedNestedSetInit; was: exit 0, the set taken as is)"),
    "NestedUnsortableSetNext": (
        "VARIABLE x\nInit == x = 0\nNext == x = 0 /\\ x' = {<<1>>, <<\"a\">>}", "INIT Init\nNEXT Next", 75, 2, 1, 1,
        "Attempted to compare string \"a\" with non-string: 1",
        "the same for tuples in a successor: generated, then not fingerprinted (fuzz11 MixedNestedSet; was: the "
        "state stored, 2 distinct, and the error met later comparing the set with 0)"),
    "SetMapUnsortableInit": (
        "EXTENDS Naturals\nVARIABLE x\nInit == x = {IF i = 1 THEN 1 ELSE \"a\" : i \\in 1..2}\n"
        "Next == UNCHANGED x", "INIT Init\nNEXT Next", 255, None, None, None,
        "Attempted to compare string \"a\" with non-string: 1",
        "TLC's {e : x \\in S} is a set it has not sorted (SetOfAll): it fails where it is fingerprinted, exit 255 "
        "in Init (was: 75, at its evaluation)"),
    "SetMapUnsortableMember": (
        "EXTENDS Naturals\nVARIABLE x\nInit == x = 0 /\\ 1 \\in {IF i = 1 THEN 1 ELSE \"a\" : i \\in 1..2}\n"
        "Next == UNCHANGED x", "INIT Init\nNEXT Next", 0, 2, 1, 1, None,
        "and membership walks it unsorted, 1 found first by its equals (was: exit 75)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_outcome_equals_tlc(tmp_path, name):
    assert_outcome_equals_tlc(tmp_path, name, CASES[name])


@pytest.mark.parametrize("workers", ["1", "2"])
def test_no_next_action_error_has_neither_trace_nor_counts(tmp_path, workers):
    """TLC's ModelChecker stops after Init when the spec has no [][Next]_v and a state is queued:
    "Error: No next state actions defined ...", exit 75, and no behaviour or counts (test-model AS,
    real TLC). With a CONSTRAINT that no initial state meets nothing is queued: TLC's success."""
    text, cfg = CASES["NoNext"][:2]
    (tmp_path / "NoNext.tla").write_text(f"---- MODULE NoNext ----\n{text}\nLow == x > 5\n====\n")
    (tmp_path / "NoNext.cfg").write_text(cfg + "\n")
    (tmp_path / "Empty.cfg").write_text(cfg + "\nCONSTRAINT Low\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "NoNext.tla"), "-c", str(tmp_path / "NoNext.cfg"),
                                  "--workers", workers])
    assert r.exit_code == 75, r.output
    assert "No next state actions defined" in r.output
    assert "states generated" not in r.output and "State 1" not in r.output, r.output
    r = CliRunner().invoke(main, ["check", str(tmp_path / "NoNext.tla"), "-c", str(tmp_path / "Empty.cfg"),
                                  "--workers", workers])
    assert r.exit_code == 0, r.output
    assert "2 states generated, 0 distinct states found, 0 states left on queue." in r.output, r.output


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
        if generated is not None:  # where the error happens: the states generated before it
            assert f"{generated} states generated, {distinct} distinct states found" in r.output, r.output
        if depth is not None:
            assert f"The depth of the complete state graph search is {depth}." in r.output, r.output


# Models of several modules: name -> ({module: text}, the root's cfg, TLC's generated, distinct and
# depth (all ended without error), what it shows). The root module is the last one written.
MODULE_CASES: dict[str, tuple[dict[str, str], str, int, int, int, str]] = {
    "SubexpressionOfExtendedAndInstance": (
        {"BaseSel": "EXTENDS Naturals\nVARIABLES x, y\nInit == /\\ x \\in 0..2\n        /\\ y = 0\n"
                    "Bounded(k) == /\\ x >= 0\n              /\\ x < k\nNext == x' = (x + 1) % 3 /\\ y' = 1 - y",
         "TopSel": "EXTENDS BaseSel\nJ == INSTANCE BaseSel\nP(v) == INSTANCE BaseSel WITH x <- v\n"
                   "TInit == Init!1 /\\ y = 1\nInv == J!Bounded(3)!2 /\\ P(x)!Bounded(4)!1 /\\ J!Init!2!<< = y"},
        "INIT TInit\nNEXT Next\nINVARIANT Inv", 9, 6, 2,
        "selectors into a definition of an EXTENDed module (tlaplus/Examples' EWD998ChanTrace: Init!1) and of "
        "an instance, with and without arguments (J!Bounded(3)!2, P(x)!Bounded(4)!1); was: exit 150"),
    "InstanceWithArgumentsExtended": (
        {"Inner": "EXTENDS Naturals\nCONSTANT c\nVARIABLE y\nSpec == y = c /\\ [][y' = y]_y\nOk == y < 10",
         "Mid": "EXTENDS Naturals\nVARIABLE x\nP(n) == INSTANCE Inner WITH c <- n, y <- x",
         "Top": "EXTENDS Mid\nInit == x = 2\nNext == UNCHANGED x\nSpec == Init /\\ [][Next]_x\n"
                "Prop == P(2)!Spec\nInv == P(2)!Ok\nUnused == \\A n \\in {2} : P(n)!Ok"},
        "SPECIFICATION Spec\nPROPERTY Prop\nINVARIANT Inv", 2, 1, 1,
        "P(n) == INSTANCE ... written in a module the root EXTENDS, used as P(2)!Spec and P(2)!Ok (TLC's gh1134; "
        "was 'Unknown operator P#1'); an unused call with a bound argument does not stop the run"),
    "UnchangedSubstitutedTuple": (
        {"Stut": "VARIABLES s, vars\nKeep(A) == IF s = 0 THEN A /\\ s' = 1 ELSE UNCHANGED vars /\\ s' = 0",
         "UTop": "EXTENDS Naturals\nVARIABLES x, y, s\nvars == <<x, y>>\nINSTANCE Stut\n"
                 "Init == x = 0 /\\ y = 0 /\\ s = 0\nNext == Keep(x' = (x + 1) % 3 /\\ y' = y)"},
        "INIT Init\nNEXT Next", 7, 6, 6,
        "UNCHANGED vars in an instance whose VARIABLE vars is the outer vars == <<x, y>> keeps x and y "
        "(locks_auxiliary_vars; was 'x is not determined')"),
    "SpecificationOfInstance": (
        {"In64": "VARIABLE x\nASet == {r \\in [{0} -> {0}] : x}\nSpec == x = TRUE /\\ [][x' = (ASet = {})]_x",
         "Top64": "VARIABLE y\nI == INSTANCE In64 WITH x <- y\nSpec == I!Spec"},
        "SPECIFICATION Spec", 3, 2, 2,
        "SPECIFICATION I!Spec: the initial predicate compiled in the instance's module (suite/test64; was "
        "'unknown operator x')"),
    "UnchangedSubstitutedConstant": (
        {"XU": "EXTENDS Naturals\nVARIABLES x, y, z\nInit == x \\in {1, 2, 3} /\\ y \\in {1, 2, 3} /\\ z \\in {1, 2, 3}\n"
               "Next == y < 10 /\\ y' = y + 1 /\\ UNCHANGED <<x, z>>\nSpec == Init /\\ [][Next]_<<x, y, z>>",
         "G702": "EXTENDS Naturals\nVARIABLES y, z\nfizzbuzz == 1\nINSTANCE XU WITH x <- fizzbuzz"},
        "SPECIFICATION Spec\nCHECK_DEADLOCK FALSE", 36, 30, 8,
        "UNCHANGED <<x, z>> with x substituted by a constant holds for it and keeps z (Github702; was 'z is not "
        "determined')"),
    "LocalInstanceInExtended": (
        {"UtilLI": "EXTENDS Naturals\nMax(S) == CHOOSE x \\in S : \\A y \\in S : x >= y\nLOCAL Hidden == 7",
         "LibLI": "LOCAL INSTANCE Naturals\nLOCAL INSTANCE UtilLI\nBiggest(S) == Max(S) + 1",
         "TopLI": "EXTENDS LibLI, Naturals\nVARIABLE x\nInit == x = 0\nNext == x < Biggest({1, 3, 2}) /\\ x' = x + 1"},
        "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE", 5, 5, 5,
        "LOCAL INSTANCE UtilLI in a module the root EXTENDS, as the community modules write it (DyadicRationals "
        "LOCAL INSTANCEs FiniteSetsExt): its definitions serve LibLI's (was 'unsupported construct')"),
    "InstanceInLetMeansLetDefinitions": (
        {"Inc59": "EXTENDS Naturals\nVARIABLE x\nCONSTANT k\nxplusk == x + k",
         "Top59": "EXTENDS Naturals\nVARIABLE y\nInit == y = 0\n"
                  "Next == LET x == y + 1\n            k == 2\n            M == INSTANCE Inc59\n"
                  "        IN y' = M!xplusk % 7\nInv == y < 7"},
        "INIT Init\nNEXT Next\nINVARIANT Inv", 8, 7, 7,
        "LET x == y + 1  k == 2  M == INSTANCE Inc59 IN M!xplusk: the implicit substitutions x <- x and k <- k "
        "mean the LET's definitions (TLC's suite/test59; was 'unsupported construct: an INSTANCE inside LET "
        "whose implicit substitution k <- k means a bound name')"),
    "InstanceOfAnUnnamedInstance": (
        {"Inner216b": "CONSTANT E, y\nTHEOREM Thm3 == y \\in {y} /\\ E = 42",
         "Mid216a": "EXTENDS Naturals\nCONSTANT D\nI == INSTANCE Inner216b WITH E <- D, y <- 0",
         "Top216": "EXTENDS Naturals\nINSTANCE Mid216a WITH D <- 42\nASSUME I!Thm3\nASSUME I!Thm3!2!2 = 42\n"
                   "VARIABLE x\nInit == x \\in 1..2\nNext == x' = 3 - x /\\ I!Thm3!1"},
        "INIT Init\nNEXT Next", 4, 2, 1,
        "I!Thm3 with I == INSTANCE Inner216b written in a module instantiated without a name: the spec sees I, "
        "with Mid216a's substitution D <- 42 (TLC's suite/test216; was 'unknown operator I!Thm3')"),
    "InstanceArgumentLetDefinition": (
        {"PM": "EXTENDS Naturals\nCONSTANT d\nVARIABLE v\nDouble == 2 * d\nTwice(n) == n * Double\nBig == v > 3 + d\nStep == v' = v + d\nSet == {i \\in 0..v : i > d}",
         "LTop": 'EXTENDS Naturals\nVARIABLE x\nR(k) == INSTANCE PM WITH v <- x, d <- k\nASSUME LET T == {1, 2} IN \\A s \\in T : LET u == s + 1 IN R(u)!Double = 2 * u\nInit == x = 0\nNext == LET step == 2 IN x < 6 /\\ R(step)!Step\nInv == LET c == 1 IN R(c)!Big => x > 4'},
        "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE", 4, 4, 4,
        "R(u)!Op with u a LET definition of constant level (LET ... IN P(Succ)!Reachable0): passed as the hoisted "
        "instance's parameter, in an ASSUME under \\A, an action and an invariant (was 'unsupported construct: "
        "... mentions the bound name u')"),
    "InstanceArgumentsNested": (
        {"Leaf": "EXTENDS Naturals\nCONSTANT k, base\nVARIABLE w\nRECURSIVE Sum(_)\nSum(n) == IF n = 0 THEN 0 ELSE n * k + Sum(n - 1)\nf[i \\in 0..3] == IF i = 0 THEN base ELSE f[i - 1] + k\nVal == LET z == Sum(2) IN z + f[3] + w\nApply(G(_), a) == G(a)\nTwice(a) == 2 * a + k\nUse == Apply(Twice, base)\nCanInc == ENABLED (w' = w + k /\\ w < 4)",
         "Mid": 'EXTENDS Naturals\nCONSTANT m\nVARIABLE v\nL(k) == INSTANCE Leaf WITH base <- m, w <- v\nAll == \\A k \\in 1..2 : L(k)!Val = (3 * k + m + 3 * k + v)\nUses == {L(k)!Use : k \\in 1..2}\nEn == \\E k \\in 1..2 : L(k)!CanInc',
         "NTop": "EXTENDS Naturals\nVARIABLE x\nP(s) == INSTANCE Mid WITH m <- s, v <- x\nInit == x = 0\nNext == x < 5 /\\ x' = x + 1\nInv1 == \\A s \\in 0..2 : P(s)!All\nInv2 == P(1)!Uses = {3, 4}\nInv3 == \\A s \\in {1, 2} : P(s)!Uses = {2 * s + 1, 2 * s + 2}\nInv4 == (\\A s \\in {0} : P(s)!En) <=> x < 4"},
        "INIT Init\nNEXT Next\nINVARIANT Inv1 Inv2 Inv3 Inv4\nCHECK_DEADLOCK FALSE", 6, 6, 6,
        "P(s)!Op whose module uses L(k)!Op under \\A k: Leaf's operators take both s and k, through a RECURSIVE "
        "operator, a recursive function, a LET, an operator argument and ENABLED"),
    "InstanceArgumentBoundByQuantifier": (
        {"PM": "EXTENDS Naturals\nCONSTANT d\nVARIABLE v\nDouble == 2 * d\nTwice(n) == n * Double\nBig == v > 3 + d\nStep == v' = v + d\nSet == {i \\in 0..v : i > d}",
         "PTop": 'EXTENDS Naturals\nVARIABLE x\nR(k) == INSTANCE PM WITH v <- x, d <- k\nASSUME \\A s \\in 1..3 : R(s)!Double = 2 * s /\\ R(s)!Twice(s) = 2 * s * s\nInit == x = 0\nNext == \\E k \\in {1, 2} : x < 7 /\\ R(k)!Step\nInv == /\\ \\A s \\in 0..2 : R(s)!Big => x > 3 + s\n       /\\ \\A s \\in 1..2 : R(s)!Set = {i \\in 0..x : i > s}\n       /\\ LET F == {R(s)!Double : s \\in 1..3} IN F = {2, 4, 6}'},
        "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE", 15, 9, 5,
        "R(s)!Op with s bound by \\A, \\E or a set constructor: the hoisted instance takes s as a parameter of "
        "its operators, read by the substitutions v <- x, d <- s in an ASSUME, an action and an invariant "
        "(tlaplus/Examples' MCReachabilityTest, TLC's Github687; was 'unsupported construct: R(...)!Double with an "
        "argument that mentions the bound name s')"),
    "RecursionThroughInstanceOperatorArgument": (
        {"Inner203": "CONSTANT A(_), b\nh == A(b)",
         "Top203": "EXTENDS Naturals, TLC\nRECURSIVE g(_)\nfoo(n) == INSTANCE Inner203 WITH A <- g, b <- n\n"
                   "g(n) == IF n = 0 THEN 1 ELSE n * foo(n-1)!h\n"
                   "ASSUME /\\ g(0) = 1\n       /\\ g(4) = 24\n       /\\ \\A i \\in 1..5 : g(i) = i * g(i-1)"},
        "", 0, 0, 0,
        "g recursing through foo(n-1)!h with A <- g: h == A(b) reads b as g reads its parameter, by value, so "
        "n is passed as a value (TLC's suite/test203; was 'unsupported construct: foo(...) with an argument that "
        "mentions the operator parameter n, whose h reads it primed ...')"),
}


def check_modules(tmp_path, modules: dict[str, str], cfg: str):
    """Write the modules (the last is the root) and its cfg, and check it on one worker."""
    for name, text in modules.items():
        (tmp_path / f"{name}.tla").write_text(f"---- MODULE {name} ----\n{text}\n====\n")
    root = tmp_path / f"{list(modules)[-1]}.tla"
    root.with_suffix(".cfg").write_text(cfg + "\n")
    return CliRunner().invoke(main, ["check", str(root), "--workers", "1"])


@pytest.mark.parametrize("name", sorted(MODULE_CASES))
def test_modules_outcome_equals_tlc(tmp_path, name):
    modules, cfg, generated, distinct, depth, _why = MODULE_CASES[name]
    r = check_modules(tmp_path, modules, cfg)
    assert r.exit_code == 0, r.output
    assert f"{generated} states generated, {distinct} distinct states found" in r.output, r.output
    assert f"The depth of the complete state graph search is {depth}." in r.output, r.output


# TLC's Github1161: temporal operators of an instance applied to operators and to a variable.
G1161_ABSTRACT = ("EXTENDS Naturals\nVARIABLE s\nCONSTANT Op2(_)\nInit == s = 0\nNext == s' \\in (0..8)\n"
                  "SPEC == Init /\\ [][Next]_s\nProperty(ns(_), a) == [](ns(a))\nDouble(ns(_), a) == Property(ns, a)\n"
                  "StateProp(a) == [](a \\in 0..8)\nDoubleStateProp(a) == StateProp(a)\nTest3(e) == TRUE")
G1161 = ("EXTENDS Naturals\nVARIABLE s\nCONSTANT Op(_)\nCONSTANT Op2(_)\nabs == INSTANCE G1161Abstract\n"
         "Init == s = 0\nNext == IF s < 8 THEN s' = s + 1 ELSE s' = 0\nSPEC == Init /\\ [][Next]_s\n"
         "Test(e) == TRUE\nTest2(e) == e \\in 0..8\nRECURSIVE RecOp(_)\nRecOp(n) == IF n = 0 THEN TRUE ELSE RecOp(n - 1)\n"
         "Property == abs!Property(Test, s)\nDouble == abs!Double(Test, s)\nStateProperty == abs!DoubleStateProp(s)\n"
         "PropertyF == abs!Double(Test2, s)\nPropertyH == abs!Double(RecOp, s)\nPropertyG == abs!Double(Op, s)\n"
         "PropertyE == abs!Double(abs!Test3, s)\nRECURSIVE RecViolated(_)\n"
         "RecViolated(n) == IF n = 5 THEN FALSE ELSE IF n = 0 THEN TRUE ELSE RecViolated(n - 1)\n"
         "PropertyViolated == abs!Double(RecViolated, s)\nOneLevelViolated == abs!Property(RecViolated, s)")
G1161_CFG = "SPECIFICATION SPEC\nCHECK_DEADLOCK FALSE\nCONSTANT Op <- Test\nCONSTANT Op2 <- Test\n"


def test_temporal_operators_of_an_instance_take_operators_and_variables(tmp_path):
    """Properties through abs!Double(ns, a) == Property(ns, a), Property(ns(_), a) == [](ns(a)),
    with user, recursive, constant and instance operators passed: all hold, TLC's counts
    (were refused: 'a temporal operator of another module ... applied to a non-constant argument')."""
    r = check_modules(tmp_path, {"G1161Abstract": G1161_ABSTRACT, "G1161": G1161},
                      G1161_CFG + "PROPERTIES Property Double StateProperty PropertyE PropertyF PropertyG PropertyH")
    assert r.exit_code == 0, r.output
    assert "10 states generated, 9 distinct states found" in r.output, r.output
    assert "The depth of the complete state graph search is 9." in r.output, r.output


@pytest.mark.parametrize(("prop", "message", "generated", "depth"), [
    # two operators deep: inside the instance's substitution TLC does not unfold Property(ns, a)
    # (processConfigProps, subs not empty), so it is a temporal property, found on the fly
    ("PropertyViolated", "Temporal property PropertyViolated was violated.", 7, 7),
    # one operator deep: [](ns(a)) is unfolded, an invariant named after the operator
    ("OneLevelViolated", "Invariant abs!Property is violated.", 6, 6),
])
def test_temporal_operator_of_an_instance_violated_as_tlc_reports_it(tmp_path, prop, message, generated, depth):
    r = check_modules(tmp_path, {"G1161Abstract": G1161_ABSTRACT, "G1161": G1161}, G1161_CFG + f"PROPERTY {prop}")
    assert r.exit_code == 12, r.output
    assert message in r.output, r.output
    assert f"{generated} states generated, {generated} distinct states found" in r.output, r.output
    assert f"The depth of the complete state graph search is {depth}." in r.output, r.output


def test_recursion_through_instance_false_assumption(tmp_path):
    """The same recursion with a wrong product: the ASSUME fails as TLC's (exit 10), so the
    recursion through the instance is evaluated, not skipped."""
    inner, top = MODULE_CASES["RecursionThroughInstanceOperatorArgument"][0].values()
    r = check_modules(tmp_path, {"Inner203": inner, "Top203": top.replace("g(4) = 24", "g(4) = 25")}, "")
    assert r.exit_code == 10, r.output
    assert "Assumption line 6, col 8 to line 8, col 43 of module Top203 is false." in r.output, r.output


def test_local_instance_hidden_from_extender(tmp_path):
    """What a LOCAL INSTANCE brings into an EXTENDed module is not the extender's: TLC (SANY)
    reports Unknown operator `Max' at the use (recorded)."""
    modules = dict(MODULE_CASES["LocalInstanceInExtended"][0])
    modules["TopLI"] = modules["TopLI"].replace("Biggest({1, 3, 2})", "Max({1, 3, 2})")
    r = check_modules(tmp_path, modules, "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE")
    assert r.exit_code == 150, r.output
    assert "Unknown operator: `Max'." in r.output, r.output


INSTANCE_ENABLED = ("EXTENDS Naturals\nVARIABLES u, v\nA == (u' = u) /\\ (v' = v + 1)\n"
                    "B(d) == ENABLED d\nC == B(A)\nD == ENABLED A\nE == u' = 0 /\\ v' = 1\nF == ENABLED E")


@pytest.mark.parametrize("invariants, code, phrase", [
    # D and F: ENABLED binds the instance's primed variables by name, so u' and v' are two
    # (was: the second conjunct was evaluated as a Boolean, as if every variable were assigned)
    ("InvD InvF InvB", 0, "3 states generated, 2 distinct states found"),
    # C == B(A): the action passed to B is read with the substitutions, (x' = x) /\ (x' = x + 1)
    ("InvD InvC", 12, "Invariant InvC is violated"),
])
def test_enabled_of_an_argument_under_instance(tmp_path, invariants, code, phrase):
    """TLC's suite/test57, reduced: B(A) == ENABLED A is a state predicate whatever the level
    of A (an INVARIANT B(Next) was refused as not a state predicate), and an action reached
    through an operator argument is read with the instance's substitutions. Outcomes recorded
    from TLC."""
    r = check_modules(tmp_path, {"Sub": INSTANCE_ENABLED,
                                 "Top57": "EXTENDS Naturals\nVARIABLE x\nI == INSTANCE Sub WITH u <- x, v <- x\n"
                                          "Init == x = 1\nNext == x' = 9 - x\nInvB == I!B(Next)\nInvC == I!C\n"
                                          "InvD == I!D\nInvF == I!F"},
                      f"INIT Init\nNEXT Next\nINVARIANT {invariants}")
    assert r.exit_code == code, r.output
    assert phrase in r.output


@pytest.mark.parametrize("definition, phrase", [
    # TLC: "The invariant Inv is not a state predicate" (exit 76), its level rule's known bug
    ("EnabledTest(Foo(_)) == Foo(x' = x + 1)\nInv == EnabledTest(ENABLED)", "ENABLED passed as an operator argument"),
    # TLC accepts it (no error); the checker specialises only top-level operators
    ("Inv == LET U(F(_)) == F(x) IN U(UNCHANGED) \\/ TRUE", "UNCHANGED passed to an operator that is not defined"),
])
def test_keyword_argument_refused(tmp_path, definition, phrase):
    """A keyword passed as an operator argument that the checker does not apply as TLC does
    stops with exit 150 and names the construct, never a verdict TLC would not give."""
    r = check_modules(tmp_path, {"KeywordRefused": "EXTENDS Naturals\nVARIABLE x\nInit == x = 0\n"
                                                   f"Next == x' = (x + 1) % 3\n{definition}"},
                      "INIT Init\nNEXT Next\nINVARIANT Inv")
    assert r.exit_code == 150, r.output
    assert phrase in r.output, r.output


def test_subexpression_selector_refused(tmp_path):
    """A selector naming an operator defined in a LET (``Op(x)!1!Inc(x)``, which TLC accepts) is
    not supported: exit 150 with one line naming it, never a verdict."""
    (tmp_path / "Sel.tla").write_text("---- MODULE Sel ----\nEXTENDS Naturals\nVARIABLE x\n"
                                      "Op(a) == LET Inc(y) == y + 1 IN a < 3\nInit == x = 0 /\\ Op(x)!1!Inc(x) = 1\n"
                                      "Next == x' = x\n====\n")
    (tmp_path / "Sel.cfg").write_text("INIT Init\nNEXT Next\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Sel.tla"), "--workers", "1"])
    assert r.exit_code == 150, r.output
    assert "unsupported construct: the subexpression selector Op(x)!1!Inc(x)" in r.output, r.output


def test_pick_successor_false_refused(tmp_path):
    """Where PickSuccessor's condition is FALSE TLC asks on its standard input which successors
    to keep: a run here cannot answer, so it stops with exit 150 naming it, never a verdict."""
    (tmp_path / "Pick.tla").write_text("---- MODULE Pick ----\nEXTENDS Naturals, TLCExt\nVARIABLE x\nInit == x = 0\n"
                                       "Next == x < 5 /\\ x' = x + 1\nKeep == PickSuccessor(x' < 3)\n====\n")
    (tmp_path / "Pick.cfg").write_text("INIT Init\nNEXT Next\nACTION_CONSTRAINT Keep\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Pick.tla"), "--workers", "1"])
    assert r.exit_code == 150, r.output
    assert "unsupported construct: PickSuccessor (module TLCExt) whose condition is FALSE" in r.output, r.output


@pytest.mark.parametrize("key", ["spec", "action", "revision"])
def test_tlcget_of_tlc_internals_refused(tmp_path, key):
    """TLCGet("spec") (TLC's Alias model: TLCGet("spec").impliedtemporals # {}), "action" and
    "revision" are values made of TLC's internals: exit 150 naming them, never a verdict (was an
    evaluation error, exit 75, where TLC gives a verdict)."""
    (tmp_path / "Get.tla").write_text(f'---- MODULE Get ----\nEXTENDS TLC\nVARIABLE x\nInit == x = 0\n'
                                      f'Next == x\' = x\nInv == TLCGet("{key}") # {{}}\n====\n')
    (tmp_path / "Get.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Get.tla"), "--workers", "1"])
    assert r.exit_code == 150, r.output
    assert f'unsupported construct: TLCGet("{key}")' in r.output, r.output


@pytest.mark.parametrize("workers", ["1", "2"])
def test_incomplete_successor_is_shown(tmp_path, workers):
    """TLC ends its trace with the incomplete successor, the variables left free as null: the
    parallel search as the sequential one."""
    text = CASES["IncompleteSuccessorOfAction"][0]
    (tmp_path / "M.tla").write_text(f"---- MODULE M ----\n{text}\n====\n")
    (tmp_path / "M.cfg").write_text("SPECIFICATION Spec\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "M.tla"), "--workers", workers])
    assert r.exit_code == 75, r.output
    assert "State 2: <A1 line 4, col 7 to line 4, col 15 of module M>\n*/\\ x = 1\n*/\\ y = null\n*/\\ z = null" in r.output, r.output
    assert "2 states generated, 1 distinct states found, 0 states left on queue." in r.output, r.output


# TLC's test-model ActionLevelProp: an action-level PROPERTY, refused with TLC's words for its
# shape, the formula placed by its range; a definition is opened first, as processConfigProps
# opens any (B: Next's conjunct x < 5 is an initial predicate, x' = x + 1 the refused formula).
ACTION_LEVEL_PROP = ("EXTENDS Naturals\nVARIABLES x\nvars == <<x>>\nInit == x = 0\nNext ==\n    /\\ x < 5\n"
                     "    /\\ x' = x + 1\nSpec == Init /\\ [][Next]_vars\nPropA ==\n    x' > x\nPropB ==\n    Next\n"
                     "PropD ==\n    [Next]_vars\nPropE ==\n    <<Next>>_vars")
_ALP_HEAD = ("The formula {n} at {at} is an action-level formula (i.e., it contains no temporal operators). Only "
             "temporal-level (or state-level) formulas are allowed under PROPERTY or PROPERTIES. ")
_ALP_BOOK = "Specifying Systems at https://lamport.azurewebsites.net/tla/book.html)."


@pytest.mark.parametrize("prop, name, at, advice", [
    ("PropA", "PropA", "line 11, col 5 to line 11, col 10", "To check that action {n} holds in *every* step of the "
     "behavior, define a temporal property: Let A be the formula at {at}; rewrite A as [][A]_v, where v is a state "
     "function (typically the tuple of variables) (compare page 90 of "),
    ("PropB", "line 8, col 8 to line 8, col 17 of module ALP", "line 8, col 8 to line 8, col 17",
     "To check that action {n} holds in *every* step of the behavior, define a temporal property: Let A be the "
     "formula at {at}; rewrite A as [][A]_v, where v is a state function (typically the tuple of variables) "
     "(compare page 90 of "),
    ("PropD", "PropD", "line 15, col 5 to line 15, col 15", "To check that action {n} holds in *every* step of the "
     "behavior, define a temporal property by applying the \"always\" temporal operator ([]) to the formula at {at} "
     "(compare page 90 of "),
    ("PropE", "PropE", "line 17, col 5 to line 17, col 17", "To check that infinitely many {n} steps occur, define a "
     "temporal property by applying the \"always eventually\" temporal operator combination ([]<>) to the formula "
     "at {at} (compare page 91 of "),
])
def test_action_level_property_refused_in_tlc_words(tmp_path, prop, name, at, advice):
    (tmp_path / "ALP.tla").write_text(f"---- MODULE ALP ----\n{ACTION_LEVEL_PROP}\n====\n")
    (tmp_path / "ALP.cfg").write_text(f"SPECIFICATION Spec\nPROPERTY {prop}\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "ALP.tla"), "-c", str(tmp_path / "ALP.cfg")])
    assert r.exit_code == 151, r.output
    at = f"{at} of module ALP"
    assert (_ALP_HEAD + advice + _ALP_BOOK).format(n=name, at=at) in r.output, r.output


def test_realtime_variable_refused_in_one_line(tmp_path):
    """EXTENDS RealTime declares VARIABLE now, which TLC makes one of the spec's; the checker
    does not model it and says so (exit 150, one line), where it raised a Python traceback
    (TLC's test-model StandardModules: every standard module EXTENDed, Init FALSE)."""
    (tmp_path / "Std.tla").write_text("---- MODULE Std ----\nEXTENDS Bags, Sequences, FiniteSets, TLC, RealTime, "
                                      "Naturals, Integers, Randomization\nVARIABLES x\nInit == FALSE /\\ x = 0\n"
                                      "Next == [][FALSE /\\ x' = x]_<<x>>\n====\n")
    (tmp_path / "Std.cfg").write_text("INIT Init\nNEXT Next\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Std.tla"), "-c", str(tmp_path / "Std.cfg")])
    assert r.exit_code == 150, r.output
    assert "Traceback" not in r.output
    assert "unsupported construct: the variable now that EXTENDS RealTime declares" in r.output, r.output
