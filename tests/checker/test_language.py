"""The language TLC users write, one feature at a time. Each expected value or count below was
derived by hand from the TLA+ definition of the construct, not read off the engine."""

import pytest

from phalanx_verify.check.model import load_model
from phalanx_verify.tla.values import Fcn, ModelValue
from tests.checker.specs import check, write_model


def value_of(tmp_path, expr: str, defs: str = ""):
    """Evaluate a constant expression through the whole pipeline (parse, resolve, compile)."""
    spec = write_model(tmp_path, f"VARIABLE x\n{defs}\nInit == x = ({expr})\nNext == x' = x",
                       "INIT Init\nNEXT Next\nCONSTANT N = 3\nCONSTANT mv = mv\n",
                       extends="Naturals, Integers, FiniteSets, Sequences, TLC")
    spec.write_text(spec.read_text().replace("VARIABLE x", "CONSTANT N, mv\nVARIABLE x"))
    model = load_model(spec)
    (state,) = list(model.init())
    return state[0]


@pytest.mark.parametrize("expr,expected", [
    ("1 + 2 * 3 - 4", 3),
    ("7 \\div 2", 3),
    ("(-7) \\div 2", -4),         # \div is floor division
    ("-7 \\div 2", -3),           # prefix - binds looser than \div
    ("-7 % 3", 2),               # % is non-negative for a positive modulus
    ("2^10", 1024),
    ("1 < 2 /\\ 2 <= 2 /\\ 3 >= 1 /\\ 4 > 3 /\\ 1 # 2 /\\ 1 /= 2", True),
    ("TRUE => FALSE", False),
    ("FALSE <=> FALSE", True),
    ("~TRUE \\/ FALSE", False),
    ("1..3", frozenset({1, 2, 3})),
    ("3..1", frozenset()),
    ("{1, 2} \\cup {3}", frozenset({1, 2, 3})),
    ("{1, 2} \\cap {2, 3}", frozenset({2})),
    ("{1, 2} \\ {2}", frozenset({1})),
    ("{1} \\subseteq {1, 2} /\\ ~({3} \\subseteq {1})", True),
    ("2 \\in {1, 2} /\\ 3 \\notin {1, 2}", True),
    ("SUBSET {1, 2}", frozenset({frozenset(), frozenset({1}), frozenset({2}), frozenset({1, 2})})),
    ("UNION {{1}, {2, 3}}", frozenset({1, 2, 3})),
    ("{y \\in 1..6 : y % 2 = 0}", frozenset({2, 4, 6})),
    ("{y * y : y \\in 1..3}", frozenset({1, 4, 9})),
    ("{<<a, b>> \\in (1..2) \\X (1..2) : a < b}", frozenset({(1, 2)})),
    ("Cardinality({1, 2, 2, 3})", 3),
    ("[i \\in 1..3 |-> i * 2]", (2, 4, 6)),
    ("[i \\in 1..3 |-> i * 2][2]", 4),
    ("DOMAIN [i \\in {5, 6} |-> i]", frozenset({5, 6})),
    ("[[i \\in 1..2 |-> i] EXCEPT ![1] = @ + 10]", (11, 2)),
    ("[[a |-> [b |-> 1]] EXCEPT !.a.b = 5].a.b", 5),
    ("[[i \\in 1..2 |-> <<0, 0>>] EXCEPT ![2][1] = 7]", ((0, 0), (7, 0))),
    ("[a |-> 1, b |-> 2].b", 2),
    ("[a |-> 1] \\in [a : {1, 2}]", True),
    ("Cardinality([{1, 2} -> {3, 4, 5}])", 9),
    ("[i \\in {1, 2} |-> 3] \\in [{1, 2} -> Nat]", True),
    ("{1, 2} \\in SUBSET Nat", True),
    ("<<1, 2>> = [i \\in 1..2 |-> i]", True),
    ("<<1, 2>> \\o <<3>>", (1, 2, 3)),
    ("Len(<<1, 2, 3>>) + Head(<<4>>)", 7),
    ("Tail(<<1, 2, 3>>)", (2, 3)),
    ("Append(<<1>>, 2)", (1, 2)),
    ("SubSeq(<<1, 2, 3, 4>>, 2, 3)", (2, 3)),
    ("SelectSeq(<<1, 2, 3, 4>>, LAMBDA e : e % 2 = 0)", (2, 4)),
    ("<<1, 2>> \\in Seq({1, 2})", True),
    ("CHOOSE y \\in 1..10 : y * y > 10", 4),
    ("LET sq(a) == a * a  b == 2 IN sq(b) + b", 6),
    ("IF N > 2 THEN \"big\" ELSE \"small\"", "big"),
    ("CASE N = 1 -> 10 [] N = 3 -> 30 [] OTHER -> 0", 30),
    ("CASE N = 1 -> 10 [] OTHER -> 0", 0),
    ("\\A a \\in 1..3 : \\E b \\in 1..3 : b > a \\/ a = 3", True),
    ("\\E a, b \\in 1..3 : a + b = 6", True),
    ("Fact(5)", 120),
    ("fib[10]", 55),
    ("Twice(LAMBDA v : v + 1, 5)", 7),
    ("Twice(Inc, 5)", 7),
    ("(1 :> \"a\") @@ (2 :> \"b\")", ("a", "b")),
    ("(mv :> 1)", Fcn({ModelValue("mv"): 1})),
    ("Cardinality(Permutations({1, 2, 3}))", 6),
    ("ToString(<<1, \"a\">>)", '<<1, "a">>'),
    ("Assert(TRUE, \"never\")", True),
    ("N", 3),
    ("\"ab\" \\o \"c\"", "abc"),
    ("BOOLEAN", frozenset({False, True})),
    ("-3..-1", frozenset({-3, -2, -1})),
])
def test_expression_values(tmp_path, expr, expected):
    defs = """RECURSIVE Fact(_)
Fact(n) == IF n = 0 THEN 1 ELSE n * Fact(n - 1)
fib[n \\in Nat] == IF n < 2 THEN n ELSE fib[n - 1] + fib[n - 2]
Twice(F(_), v) == F(F(v))
Inc(v) == v + 1"""
    assert value_of(tmp_path, expr, defs) == expected


def test_instance_with_substitution(tmp_path):
    (tmp_path / "Counter.tla").write_text("""---- MODULE Counter ----
EXTENDS Naturals
CONSTANT Limit
VARIABLE c
CInit == c = 0
CNext == c < Limit /\\ c' = c + 1
====
""")
    r = check(tmp_path, """VARIABLE x
C == INSTANCE Counter WITH Limit <- 3, c <- x
Init == C!CInit
Next == C!CNext \\/ (x = 3 /\\ x' = 0)
Spec == Init /\\ [][Next]_x
Ok == C!CInit \\/ x \\in 1..3""", "SPECIFICATION Spec\nINVARIANT Ok\n")
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 5, 4, 4)


def test_enabled_and_unchanged_and_step_forms(tmp_path):
    r = check(tmp_path, """VARIABLES x, y
Init == x = 0 /\\ y = 0
Inc == x < 2 /\\ x' = x + 1 /\\ UNCHANGED y
Next == Inc \\/ (~ENABLED Inc /\\ y' = 1 /\\ UNCHANGED x) \\/ [FALSE]_<<x, y>>
Inv == y = 1 => x = 2""", "INIT Init\nNEXT Next\nINVARIANT Inv\n")
    # States (0,0) (1,0) (2,0) (2,1); each has its Inc/y-step plus one stuttering successor.
    assert (r.verdict, r.distinct, r.depth) == ("ok", 4, 4)
    # Every state has two successors; at (2,1) the y-step leads back to (2,1) itself.
    assert r.generated == 1 + 4 * 2


def test_wrong_spec_fails_invariant_with_sets_and_functions(tmp_path):
    r = check(tmp_path, """CONSTANT P
VARIABLE owner
Init == owner = [p \\in P |-> 0]
Next == \\E p \\in P : owner' = [owner EXCEPT ![p] = 1]
Mutex == Cardinality({p \\in P : owner[p] = 1}) <= 1""", "INIT Init\nNEXT Next\nCONSTANT P = {a, b}\nINVARIANT Mutex\n",
              extends="Naturals, FiniteSets")
    assert r.verdict == "invariant" and r.violated == "Mutex"
    assert len(r.trace.steps) == 3


def test_symmetry_reduces_to_orbits(tmp_path):
    # Two processes each toggling a flag: 4 states, 3 orbits under swapping the processes.
    body = """CONSTANT Proc
VARIABLE on
Init == on = [p \\in Proc |-> FALSE]
Next == \\E p \\in Proc : on' = [on EXCEPT ![p] = ~@]
Sym == Permutations(Proc)
NotBoth == ~(\\A p \\in Proc : on[p])"""
    cfg = "INIT Init\nNEXT Next\nCONSTANT Proc = {a, b}\n"
    full = check(tmp_path, body, cfg, extends="Naturals, TLC")
    assert (full.distinct, full.generated, full.depth) == (4, 1 + 4 * 2, 3)
    reduced = check(tmp_path, body, cfg + "SYMMETRY Sym\n", name="R", extends="Naturals, TLC")
    assert (reduced.distinct, reduced.generated, reduced.depth) == (3, 1 + 3 * 2, 3)
    bad = check(tmp_path, body, cfg + "SYMMETRY Sym\nINVARIANT NotBoth\n", name="V", extends="Naturals, TLC")
    assert bad.verdict == "invariant" and len(bad.trace.steps) == 3
    # The trace shows real steps: each state differs from the previous in exactly one process.
    states = [s.state[0] for s in bad.trace.steps]
    assert all(sum(x[p] != y[p] for p in x) == 1 for x, y in zip(states, states[1:], strict=False))


def test_extends_sibling_module_and_operator_substitution(tmp_path):
    (tmp_path / "Base.tla").write_text("""---- MODULE Base ----
EXTENDS Naturals
CONSTANT Limit
Bump(v) == IF v < Limit THEN v + 1 ELSE 0
====
""")
    r = check(tmp_path, """VARIABLE x
MyLimit == 2
Init == x = 0
Next == x' = Bump(x)""", "INIT Init\nNEXT Next\nCONSTANT Limit <- MyLimit\n", extends="Base")
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 4, 3, 3)


REFINED = """---- MODULE Clock ----
EXTENDS Naturals
VARIABLE hr
HInit == hr \\in 1..3
HNext == hr' = IF hr = 3 THEN 1 ELSE hr + 1
HSpec == HInit /\\ [][HNext]_hr /\\ WF_hr(HNext)
====
"""


@pytest.mark.parametrize("step,fair,verdict", [
    ("hr' = IF hr = 3 THEN 1 ELSE hr + 1", "WF_<<hr, min>>(Next)", "ok"),
    # Jumping two hours is not a step of the abstract clock: [][HNext]_hr fails.
    ("hr' = IF hr >= 2 THEN 1 ELSE hr + 2", "WF_<<hr, min>>(Next)", "action_property"),
    # Without fairness the refined clock may stop, violating the abstract WF.
    ("hr' = IF hr = 3 THEN 1 ELSE hr + 1", "TRUE", "temporal_property"),
])
def test_refinement_through_instance(tmp_path, step, fair, verdict):
    (tmp_path / "Clock.tla").write_text(REFINED)
    r = check(tmp_path, f"""VARIABLES hr, min
C == INSTANCE Clock
Init == hr \\in 1..3 /\\ min \\in {{0, 1}}
Tick == min = 0 /\\ min' = 1 /\\ UNCHANGED hr
Hour == min = 1 /\\ min' = 0 /\\ {step}
Next == Tick \\/ Hour
Spec == Init /\\ [][Next]_<<hr, min>> /\\ {fair}
Refines == C!HSpec""", "SPECIFICATION Spec\nPROPERTY Refines\n")
    assert r.verdict == verdict, r.message


def test_conjunct_after_a_call_sees_the_callers_names(tmp_path):
    # B's parameter j must not capture the j of the enclosing existential after the call.
    r = check(tmp_path, """VARIABLES x, y
B(j) == x' = j
Init == x = 0 /\\ y = 0
Next == \\E j \\in {1, 2} : B(j + 10) /\\ y' = j
Inv == y <= 2""", "INIT Init\nNEXT Next\nINVARIANT Inv\n")
    assert r.verdict == "ok", r.trace.render() if r.trace else r.message


def test_conjunct_after_an_instance_call_is_in_the_callers_scope(tmp_path):
    (tmp_path / "Inner.tla").write_text("---- MODULE Inner ----\nVARIABLE x\nInit == x = 0\n====\n")
    r = check(tmp_path, """VARIABLES x, y
I == INSTANCE Inner
Init == I!Init /\\ y = 0
Next == UNCHANGED <<x, y>>""", "INIT Init\nNEXT Next\n")
    assert (r.verdict, r.distinct) == ("ok", 1), r.message


@pytest.mark.parametrize("narrow", [True, False])
def test_subset_narrowing_keeps_every_binding(tmp_path, monkeypatch, narrow):
    # \E P \in SUBSET S : P \subseteq X /\ \A l \in P : Q(l) ranges over SUBSET {l \in S \cap X : Q(l)}
    # when narrowed; the bindings (and so the counts) are the same either way. Q(l) is undefined
    # (f[l] outside f's domain) for l = 4, which narrowing must skip rather than raise on.
    from phalanx_verify.tla.compile import Compiler

    if not narrow:
        monkeypatch.setattr(Compiler, "_narrow_subsets", lambda self, e, clause, inner: (clause, inner))
    r = check(tmp_path, """VARIABLES x
f == [l \\in 1..3 |-> l % 2]
Init == x = {}
Next == \\E P \\in SUBSET (1..4) : P \\subseteq {1, 2, 3} /\\ (\\A l \\in P : f[l] = 1) /\\ x' = P""",
              "INIT Init\nNEXT Next\n")
    # Successors of every state: {}, {1}, {3}, {1, 3}; 4 states, each with 4 successors.
    assert (r.verdict, r.distinct, r.generated, r.depth) == ("ok", 4, 1 + 4 * 4, 2)


def test_subset_narrowing_does_not_hide_an_error_tlc_reports(tmp_path):
    # Here the quantifier over P comes first, so TLC evaluates f[4] for P = {4} and fails;
    # narrowing by the later P \subseteq {1, 2, 3} must not skip that subset silently.
    r = check(tmp_path, """VARIABLES x
f == [l \\in 1..3 |-> l % 2]
Init == x = {}
Next == \\E P \\in SUBSET (1..4) : (\\A l \\in P : f[l] = 1) /\\ P \\subseteq {1, 2, 3} /\\ x' = P""",
              "INIT Init\nNEXT Next\n")
    # TLC: "Attempted to apply function: <<1, 0, 1>> to argument 4, which is not in the domain of
    # the function." (f a constant, stored as a function).
    assert r.verdict == "error" and "Attempted to apply function: <<1, 0, 1>> to argument 4" in r.message, r.message
