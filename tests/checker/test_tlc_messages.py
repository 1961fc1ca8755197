"""TLC's words for evaluation errors whose exit code we already gave (issue 13): a non-Boolean
operand of ~, /\\, \\/, =>, a non-Boolean conjunct of Init or Next or of an invariant, a
non-sequence given to Sequences' operators, DOMAIN of a non-function, a quantifier or CHOOSE
over a set TLC cannot enumerate, and a function over Nat compared as a table. Also two
verdicts found on the way: a recursive function compared with a table was an error (TLC: TRUE)
and an invariant written as a number or a string a configuration error (TLC: exit 75 on the
first state). Every figure and text below is from real TLC runs (TLC2 2026.12.05, -workers 1);
TLC's line breaks become spaces and the expression it prints on a line of its own is left out,
as in all our one-line messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model


@pytest.mark.parametrize(("expr", "message"), [
    ("~3", "Attempted to apply the operator ~ to a non-boolean (an integer)"),
    ("DOMAIN 3", "Attempted to apply the operator DOMAIN to a non-function (an integer)"),
    ("DOMAIN {1}", "Attempted to apply the operator DOMAIN to a non-function (a set of the form {e1, ... ,eN})"),
    ("Len(3)", "The argument of Len should be a sequence, but instead it is: 3"),
    ("Head(3)", "The argument of Head should be a sequence, but instead it is: 3"),
    ("Tail(3)", "The argument of Tail should be a sequence, but instead it is: 3"),
    ("<<1>> \\o 3", "Evaluating an expression of the form t \\o s when s is not a sequence: 3"),
    ("3 \\o <<1>>", "Evaluating an expression of the form s \\o t when s is not a sequence: 3"),
    ('"a" \\o <<1>>', "Evaluating an expression of the form t \\o s when s is not a string: <<1>>"),
    ("Append(3, 1)", "Evaluating an expression of the form Append(s, v) when s is not a sequence: 3"),
    ("CHOOSE x \\in Nat : x < 0",
     "Attempted to compute the value of an expression of form CHOOSE x \\in S: P, but S was not enumerable."),
    ('CHOOSE x \\in STRING : x = "a"',
     "Attempted to compute the value of an expression of form CHOOSE x \\in S: P, but S was not enumerable."),
    ("\\A x \\in 3 : TRUE", "TLC encountered a non-enumerable quantifier bound 3."),
    ("\\E x \\in 3 : TRUE", "TLC encountered a non-enumerable quantifier bound 3."),
    ("[n \\in Nat |-> n] = 3", "Attempted to compute the number of elements in the overridden value Nat."),
    ("PrintT([n \\in Nat |-> n] = [n \\in Nat |-> n])",
     "Attempted to compute the number of elements in the overridden value Nat."),
    ("<<1>> = [n \\in Nat |-> n]",
     "To convert a function of form [x \\in S |-> f(x)] to a tuple, the set S must be enumerable."),
    ("{1} = [n \\in Nat |-> n]", "Attempted to check equality of the set {1} with the value: "
     "[n \\in Nat |-> <expression line 3, col 29 to line 3, col 29 of module Q>]"),
    # TLC makes S \cup T lazily and fails where it enumerates it (=, \A): its operands in the
    # order it keeps them (the first that is a set first)
    ("(1 \\cup 2) = {}", "Attempted to enumerate S \\cup T when S: 1 and T: 2 are not both enumerable"),
    ("(1 \\cup {2}) = {}", "Attempted to enumerate S \\cup T when S: {2} and T: 1 are not both enumerable"),
    ("({1} \\cup 2) = {}", "Attempted to enumerate S \\cup T when S: {1} and T: 2 are not both enumerable"),
    ("\\A y \\in 1 \\cup 2 : TRUE", "Attempted to enumerate S \\cup T when S: 1 and T: 2 are not both enumerable"),
    ("1 \\cap 2 = {}", "Attempted to enumerate S \\cap T when neither S: 1 nor T: 2 is enumerable"),
    ("1 \\ 2 = {}", "Attempted to enumerate S \\ T when S: 1 is not enumerable."),
    # sets TLC enumerates (=, \A): their components
    ("SUBSET 3 = {}", "Attempted to compute the number of elements in the integer 3."),
    ("UNION {1, 2} = {}", "Attempted to enumerate UNION(s), but some element of s is nonenumerable."),
    ("[3 -> {1}] = {}", "Attempted to enumerate a set of the form [D -> R],but the domain D: 3 cannot be enumerated."),
    ("[Nat -> {1}] = {}",
     "Attempted to enumerate a set of the form [D -> R],but the domain D: Nat cannot be enumerated."),
    ("\\A f \\in [{1} -> Nat] : TRUE",
     "Attempted to enumerate a set of the form [D -> R],but the range R: Nat cannot be enumerated."),
    ("[{1} -> 3] = {}", "Attempted to enumerate a set of the form [D -> R],but the range R: 3 cannot be enumerated."),
    ("\\A f \\in 3 \\X {1} : TRUE",
     "Attempted to enumerate a set of the form s1 \\X s2 ... \\X sn, but can't enumerate s0: 3"),
    ("{1} \\X 3 = {}", "Attempted to enumerate a set of the form s1 \\X s2 ... \\X sn, but can't enumerate s1: 3"),
    ("\\A f \\in [a : Nat] : TRUE", "Attempted to enumerate a set of the form [l1 : v1, ..., ln : vn], but can't "
                                    "enumerate the value of the `a' field: Nat"),
    ("[b : {1}, a : 3, c : 4] = {}", "Attempted to enumerate a set of the form [l1 : v1, ..., ln : vn], but can't "
                                      "enumerate the value of the `a' field: 3"),
    ("3 \\subseteq {1}", "Attempted to evaluate an expression of form S \\subseteq T, but S was not enumerable."),
    ("{x \\in 3 : TRUE} = {}", "Attempted to enumerate { x \\in S : p(x) } when S: 3 is not enumerable"),
    ("{x \\in (1 + 2) : TRUE} = {}", "Attempted to enumerate { x \\in S : p(x) } when S: 3 is not enumerable"),
    ("\\A y \\in {x \\in 3 : TRUE} : TRUE", "Attempted to enumerate { x \\in S : p(x) } when S: 3 is not enumerable"),
])
def test_assumption_fails_with_tlcs_message(tmp_path: Path, expr: str, message: str) -> None:
    spec = f"---- MODULE Q ----\nEXTENDS Integers, Sequences, FiniteSets, TLC\nASSUME {expr}\n====\n"
    code, _, out = check_model(tmp_path, "Q", "", spec)
    assert code == 10, out
    assert message in out, out


def test_recursive_function_equals_its_table(tmp_path: Path) -> None:
    """TLC prints <<TRUE, TRUE, TRUE, FALSE>> (exit 0); we stopped on 'Attempted to check
    equality of operator <operator> with non-operator' (exit 10)."""
    spec = ("---- MODULE R ----\nEXTENDS Naturals, TLC\n"
            "f[n \\in 0..2] == IF n = 0 THEN 0 ELSE f[n-1] + 1\ng[n \\in 0..2] == IF n = 0 THEN 0 ELSE g[n-1] + 1\n"
            "ASSUME PrintT(<<f = (0 :> 0 @@ 1 :> 1 @@ 2 :> 2), f = g, (0 :> 0 @@ 1 :> 1 @@ 2 :> 2) = f, f # g>>)\n"
            "====\n")
    code, _, out = check_model(tmp_path, "R", "", spec)
    assert code == 0, out
    assert "<<TRUE, TRUE, TRUE, FALSE>>" in out, out


MODEL = "---- MODULE C ----\nEXTENDS Naturals\nVARIABLE x\nInit == {init}\nNext == {next}\nInv == {inv}\n====\n"


@pytest.mark.parametrize(("init", "nxt", "inv", "message"), [
    ("x = 0 /\\ 1", "x' = x", "TRUE",
     "In computing initial states, TLC expected a boolean expression, but instead found 1."),
    ("x = 0", "x' = 1 /\\ 1", "TRUE", "In computing next states, TLC expected a boolean expression, but instead found 1."),
    ("x \\in 3", "x' = x", "TRUE", "In computing initial states, the right side of \\IN is not enumerable."),
    ("x = 0", "x' \\in 3", "TRUE", "In computing next states, the right side of \\IN is not enumerable."),
    ("x = 0 /\\ ~2", "x' = x", "TRUE", "Attempted to apply the operator ~ to a non-boolean (an integer)"),
    ("x = 0", "x' = x", "1 /\\ TRUE", "Attempted to evaluate an expression of form P /\\ Q when P was an integer."),
    ("x = 0", "x' = x", "TRUE /\\ 2", "Attempted to evaluate an expression of form P /\\ Q when Q was an integer."),
    ("x = 0", "x' = x", "/\\ TRUE\n       /\\ 2",
     "A non-boolean expression (an integer) was used as a formula in a conjunction."),
    ("x = 0", "x' = x", "~ 2", "Attempted to apply the operator ~ to a non-boolean (an integer)"),
    ("x = 0", "x' = x", "2 \\/ FALSE", "Attempted to evaluate an expression of form P \\/ Q when P was an integer."),
    ("x = 0", "x' = x", "2 => FALSE", "Attempted to evaluate an expression of form P => Q when P was an integer."),
    ("x = 0", "x' = x", "x + 1",
     "TLC expected a boolean value, but did not find one. line 6, col 8 to line 6, col 12 of module C"),
    ("x = 0", "x' = x", "3", "TLC expected a boolean value, but did not find one. 3"),
    ("x = 0", "x' = x", '"a"',
     "TLC expected a boolean value, but did not find one. line 6, col 8 to line 6, col 10 of module C"),
])
def test_model_fails_with_tlcs_message(tmp_path: Path, init: str, nxt: str, inv: str, message: str) -> None:
    code, _, out = check_model(tmp_path, "C", "INIT Init\nNEXT Next\nINVARIANT Inv\n",
                               MODEL.format(init=init, next=nxt, inv=inv))
    assert code == 75, out
    assert message in out, out


def test_an_invariant_written_as_a_number_is_checked_on_the_states(tmp_path: Path) -> None:
    """TLC: exit 75 on the initial state, 1 generated, 1 distinct, 1 left (not the configuration
    error 'The invariant of Inv is equal to 3', exit 151, it gives for Inv == 1 + 1)."""
    code, rep, out = check_model(tmp_path, "C", "INIT Init\nNEXT Next\nINVARIANT Inv\n",
                                 MODEL.format(init="x = 0", next="x' = x", inv="3"))
    assert (code, rep["generated"], rep["distinct"], rep["queue"]) == (75, 1, 1, 1), out
    code, _, out = check_model(tmp_path, "C", "INIT Init\nNEXT Next\nINVARIANT Inv\n",
                               MODEL.format(init="x = 0", next="x' = x", inv="1 + 1"))
    assert code == 151, out
    assert "The invariant of Inv is equal to 2" in out, out


def test_recursive_functions_print_as_tlc(tmp_path: Path) -> None:
    """A recursive function definition printed '<operator>'. TLC prints one over a domain it can
    enumerate as its table, one over Nat as its constructor with the body's place (real TLC
    run of this module, exit 0)."""
    spec = ("---- MODULE P ----\nEXTENDS Naturals, TLC\n"
            "f[n \\in 0..2] == IF n = 0 THEN 0 ELSE f[n-1] + 1\n"
            "g[n \\in Nat] == IF n = 0 THEN 0 ELSE g[n-1] + 1\n"
            "f3[n \\in 1..3] == IF n = 1 THEN 7 ELSE f3[n-1] * 2\n"
            "ASSUME PrintT(f)\nASSUME PrintT(<<f, 1>>)\nASSUME PrintT(g)\nASSUME PrintT(ToString(g))\n"
            "ASSUME PrintT(f3)\n====\n")
    code, _, out = check_model(tmp_path, "P", "", spec)
    assert code == 0, out
    lines = out.splitlines()
    for want in ("(0 :> 0 @@ 1 :> 1 @@ 2 :> 2)", "<<(0 :> 0 @@ 1 :> 1 @@ 2 :> 2), 1>>",
                 "[n \\in Nat |-> <expression line 4, col 17 to line 4, col 47 of module P>]",
                 '"[n \\\\in Nat |-> <expression line 4, col 17 to line 4, col 47 of module P>]"', "<<7, 14, 28>>"):
        assert want in lines, out


@pytest.mark.parametrize(("expr", "name"), [
    ("3", "3"),
    ('"a"', "line 3, col 8 to line 3, col 10 of module Q"),
    ("{1} \\cup {2}", "line 3, col 8 to line 3, col 19 of module Q"),
])
def test_assumption_that_is_no_boolean_as_tlc(tmp_path: Path, expr: str, name: str) -> None:
    """TLC: 'Evaluating assumption 3 failed.' / '... line 3, col 8 to line 3, col 10 of module Q
    failed.' then 'TLC expected a boolean value, but did not find one.' and the same name (a
    number as written, anything else its location); we said 'the assumption is not a boolean'."""
    spec = f"---- MODULE Q ----\nEXTENDS Integers, Sequences, FiniteSets, TLC\nASSUME {expr}\n====\n"
    code, _, out = check_model(tmp_path, "Q", "", spec)
    assert code == 10, out
    assert f"Evaluating assumption {name} failed. " in out, out
    assert f"Q.tla:3:8: evaluation error: TLC expected a boolean value, but did not find one. {name}\n" in out, out
