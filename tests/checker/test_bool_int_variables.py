"""Two variables whose values are equal in Python but not in TLA+ ([n |-> TRUE] and
[n |-> 1]: Python's True == 1) stay apart. The state store shared equal component values
across variables, so cnt took up's value and the first step failed with "Attempted to compare
integer 1 with non-integer: TRUE" (a public model, CheckpointCoordination, hit it). Counts from
a real TLC run (TLC2 2026.12.01, -workers 1): deadlock, 13 generated, 9 distinct, depth 5."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

SPEC = """---- MODULE BI ----
EXTENDS Naturals
VARIABLES up, cnt
Init == up = [n \\in {1, 2} |-> TRUE] /\\ cnt = [n \\in {1, 2} |-> 1]
Next == \\E n \\in {1, 2} : cnt[n] < 3 /\\ cnt' = [cnt EXCEPT ![n] = @ + 1] /\\ up' = [up EXCEPT ![n] = ~@]
Inv == \\A n \\in {1, 2} : cnt[n] \\in 1..3 /\\ up[n] \\in BOOLEAN
====
"""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_true_and_one_valued_functions_stay_apart(tmp_path: Path, workers: str) -> None:
    (tmp_path / "BI.tla").write_text(SPEC)
    (tmp_path / "BI.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "BI.tla"), "-c", str(tmp_path / "BI.cfg"), "-q",
                                  "--json", str(out), "--workers", workers])
    rep = json.loads(out.read_text())
    assert (r.exit_code, rep["verdict"], rep["generated"], rep["distinct"], rep["depth"]) == \
        (11, "deadlock", 13, 9, 5), r.output


ONE_VARIABLE = """---- MODULE BJ ----
EXTENDS TLC
VARIABLE x
Init == x = {a}
Next == x' = {a} \\/ x' = {b}
====
"""


@pytest.mark.parametrize("a,b", [("TRUE", "1"), ("FALSE", "0"), ("<<TRUE>>", "<<1>>"), ("[n |-> 1]", "[n |-> TRUE]"),
                                 ("{TRUE}", "{1}"), ("(TRUE :> 0)", "(1 :> 0)"), ("{<<0, FALSE>>}", "{<<0, 0>>}")])
@pytest.mark.parametrize("how", [["--workers", "1"], ["--workers", "2"], ["-coverage", "1"], ["--view"]])
def test_one_variable_holding_true_in_one_state_and_1_in_another(tmp_path: Path, a: str, b: str,
                                                                 how: list[str]) -> None:
    """x = TRUE and x = 1 are two states (TLC fingerprints a Boolean and an integer apart), at the
    top of the value or deep inside it, in the fingerprint search (one or two workers), the
    sequential one (which -coverage needs) and under a VIEW (the seen set holds the view).
    Real TLC on the first pair: 5 generated, 2 distinct, depth 2; the others differ from it only
    where the Boolean sits. Before, the checker made them one state: 3 generated, 1 distinct."""
    (tmp_path / "BJ.tla").write_text(ONE_VARIABLE.replace("{a}", a).replace("{b}", b).replace("Next ==", "V == x\nNext =="))
    cfg = "INIT Init\nNEXT Next\n" + ("VIEW V\n" if how == ["--view"] else "")
    (tmp_path / "BJ.cfg").write_text(cfg)
    out = tmp_path / "r.json"
    flags = [] if how == ["--view"] else how
    r = CliRunner().invoke(main, ["check", str(tmp_path / "BJ.tla"), "-c", str(tmp_path / "BJ.cfg"), "-q",
                                  "--json", str(out), *flags])
    rep = json.loads(out.read_text())
    assert (r.exit_code, rep["verdict"], rep["generated"], rep["distinct"], rep["depth"]) == (0, "ok", 5, 2, 2), r.output


def test_same_tells_a_boolean_from_0_and_1_at_any_depth() -> None:
    from phalanx_verify.tla.sameness import same, unambiguous
    from phalanx_verify.tla.values import Fcn, Interval, ModelValue

    twins = [(1, True), (0, False), ((1,), (True,)), (frozenset({1}), frozenset({True})), (Fcn({"n": 0}), Fcn({"n": False})),
             (Fcn({1: "a"}), Fcn({True: "a"})), (frozenset({(0, 1)}), frozenset({(0, True)})),
             (Fcn({"s": frozenset({0, 2})}), Fcn({"s": frozenset({False, 2})}))]
    for x, y in twins:
        assert x == y and not same(x, y) and not same(y, x), (x, y)
        assert not unambiguous(x) and not unambiguous(y)
    equal = [(2, 2), ((1, 2), (1, 2)), (Interval(range(0, 3)), frozenset({0, 1, 2})), (Fcn({0: 1, "x": 2}), Fcn({0: 1, "x": 2})),
             (frozenset({(True, 3)}), frozenset({(True, 3)})), (ModelValue("m"), ModelValue("m"))]
    for x, y in equal:
        assert same(x, y) and same(y, x), (x, y)
    assert unambiguous(Fcn({"a": frozenset({2, 3}), "b": ("s", ModelValue("m"))})) and not unambiguous((2, 1))



def test_bool_free_finds_a_boolean_at_any_depth_beside_registered_values() -> None:
    """A duplicate state is confirmed without a walk when both it and the stored one are
    Boolean-free (values.BOOL_FREE): a Boolean deep in a successor that shares the stored
    state's registered sub-values must still be seen, or <<1>> would pass for <<TRUE>>."""
    from phalanx_verify.tla.sameness import BOOL_FREE, bool_free, remember_bool_free
    from phalanx_verify.tla.values import Fcn, Interval, ModelValue

    BOOL_FREE.clear()
    row, rec = (0, (1, 2)), Fcn({"type": "ack", "clock": 0})
    stored = (row, (rec,), frozenset({ModelValue("m")}), Interval(range(1, 4)))
    assert remember_bool_free(stored)
    assert {id(row), id(row[1]), id(rec), id(stored)} <= set(BOOL_FREE)
    cases = [((row, (True,)), False), ((row, (rec, Fcn({"type": "ack", "clock": False}))), False),
             (Fcn({1: row, 2: True}), False), (Fcn({True: row}), False), (frozenset({(row, frozenset({2, False}))}), False),
             ((row, frozenset()), True), (Fcn({1: row, 2: (rec, 3)}), True)]
    for value, free in cases:
        assert bool_free(value) is free, value
        assert remember_bool_free(value) is free and (id(value) in BOOL_FREE) is free, value
    assert not remember_bool_free((row, True)) and bool_free(row)
    BOOL_FREE.clear()

@pytest.mark.parametrize("expr", [
    "<<1>> = <<TRUE>>", "[a |-> 1] = [a |-> TRUE]", "{1} = {TRUE}", "{<<0>>} = {<<FALSE>>}", "<<1>> # <<TRUE>>",
    "Cardinality({<<1>>, <<TRUE>>})", "Cardinality({[a |-> 1], [a |-> TRUE]})",
    "{IF x = 1 THEN 1 ELSE TRUE : x \\in 1..2}", "{IF x = 1 THEN <<1>> ELSE <<TRUE>> : x \\in 1..2}",
    "{<<1>>} \\cup {<<TRUE>>}", "{<<1>>} \\cap {<<TRUE>>}", "{<<1>>} \\ {<<TRUE>>}", "<<1>> \\in {<<TRUE>>}",
    "[n |-> 1] \\in [{\"n\"} -> BOOLEAN]", "<<1>> \\in Seq(BOOLEAN)", "[n |-> 1] \\in [n : BOOLEAN]",
    "<<1, 2>> \\in BOOLEAN \\X Nat",
    "<<1, 5>> \\in {<<b, i>> : b \\in BOOLEAN, i \\in 1..10}", "{1} \\in SUBSET BOOLEAN", "{1} \\subseteq BOOLEAN",
    "\\A a \\in {{1}} : a \\subseteq BOOLEAN",
    "(TRUE :> 3)[1]", "[x \\in {<<1>>} |-> 5][<<TRUE>>]", "[(TRUE :> 3) EXCEPT ![1] = 4]",
    "[[x \\in {<<1>>} |-> 5] EXCEPT ![<<TRUE>>] = @ + 1]"])
def test_a_boolean_met_against_0_or_1_inside_a_value_is_an_error(tmp_path: Path, expr: str) -> None:
    """TLC compares the values inside (tuple items, record fields, set members, a function's
    values against its range) and stops at a Boolean against an integer: "Attempted to check
    equality of integer 1 with non-integer: TRUE", "Attempted to compare boolean FALSE with
    non-boolean: 1". Python's True == 1 made each of these TRUE or a one-member set."""
    (tmp_path / "BE.tla").write_text("---- MODULE BE ----\nEXTENDS Naturals, FiniteSets, Sequences, TLC\n"
                                     f"ASSUME PrintT({expr})\n====\n")
    (tmp_path / "BE.cfg").write_text("")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "BE.tla"), "-c", str(tmp_path / "BE.cfg")])
    assert r.exit_code == 10 and "Attempted to" in r.output and ("TRUE" in r.output or "FALSE" in r.output), r.output


@pytest.mark.parametrize("expr,value", [
    ("<<1, 2>> = <<1, 2>>", "TRUE"), ("Cardinality({<<1>>, <<1>>, <<2>>})", "2"), ("{<<1>>, <<2>>} \\cup {<<2>>}", "{<<1>>, <<2>>}"),
    ("[n |-> TRUE] \\in [n : BOOLEAN]", "TRUE"), ("{TRUE} \\subseteq BOOLEAN", "TRUE"), ("<<2, 3>> \\in Seq(Nat)", "TRUE"),
    ("{x % 2 : x \\in 1..6}", "{0, 1}"), ("{<<x % 2>> : x \\in 1..6}", "{<<0>>, <<1>>}"),
    ("[x \\in {0, 2} |-> x][0]", "0"), ("[[x \\in {0, 2} |-> x] EXCEPT ![0] = 9]", "(0 :> 9 @@ 2 :> 2)"),
    ("[x \\in BOOLEAN |-> x][TRUE]", "TRUE"), ("[x \\in {<<0, 2>>} |-> 7][<<0, 2>>]", "7")])
def test_equal_values_stay_equal(tmp_path: Path, expr: str, value: str) -> None:
    (tmp_path / "BE.tla").write_text("---- MODULE BE ----\nEXTENDS Naturals, FiniteSets, Sequences, TLC\n"
                                     f"ASSUME PrintT({expr})\n====\n")
    (tmp_path / "BE.cfg").write_text("")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "BE.tla"), "-c", str(tmp_path / "BE.cfg")])
    assert r.exit_code == 0 and value in r.output.splitlines(), r.output


def test_a_type_invariant_is_not_answered_for_true_by_the_answer_for_1(tmp_path: Path) -> None:
    """[S -> T] remembers its answers per function; [n |-> 1] found [n |-> TRUE]'s answer
    (TRUE) through Python's 1 == True, and the checker said ok. TLC stops with an error, exit
    76, its message (from a real TLC run) comparing 1 with TRUE, the middle of BOOLEAN."""
    (tmp_path / "BT.tla").write_text("---- MODULE BT ----\nVARIABLE x\nInit == x = [n |-> TRUE]\n"
                                     "Next == x' = [n |-> 1]\nInv == x \\in [{\"n\"} -> BOOLEAN]\n====\n")
    (tmp_path / "BT.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "BT.tla"), "-c", str(tmp_path / "BT.cfg")])
    assert r.exit_code == 76 and "Attempted to compare integer 1 with non-integer: TRUE" in r.output, r.output


def test_sort_keys_kept_for_tuples_tell_true_from_1() -> None:
    """Keys of tuples are kept by value only for tuples without a Boolean (order._KEPT_KEYS):
    the key of <<1, 2>> must not sort <<TRUE, 2>>, which comes before <<0, 1>> in TLC's order."""
    from phalanx_verify.tla.order import sorted_tlc, tlc_key
    from phalanx_verify.tla.values import ModelValue

    m = ModelValue("m")
    plain = [(m, 2), (1, 2), ("s", (m, 0)), (m, 1), (3,), ((2, 1), (1, 1)), ((1, 0), (2, 0))]
    assert sorted_tlc(plain) == sorted(plain, key=tlc_key)
    assert sorted_tlc([(1, 2), (0, 1)]) == [(0, 1), (1, 2)]
    assert sorted_tlc([(0, 1), (True, 2)]) == [(True, 2), (0, 1)]


def test_remembered_excepts_and_recursive_functions_tell_true_from_1() -> None:
    from phalanx_verify.tla.runtime import RecFcn, except1
    from phalanx_verify.tla.sameness import same
    from phalanx_verify.tla.values import Fcn

    f = Fcn({"a": 0})
    one, true = except1(f, "a", (1,)), except1(f, "a", (True,))
    assert same(one["a"], (1,)) and same(true["a"], (True,))
    g = RecFcn("g", frozenset({(1,), (True,)}), lambda x: x[0])
    assert g((1,)) == 1 and type(g((True,))) is bool


def test_applying_a_function_to_0_or_1_confirms_the_key_unless_all_keys_are_integers() -> None:
    """f[1] may find the key TRUE: runtime.ap confirms it with TLC's comparison, except where
    every argument of f is an integer (Fcn.int_keys, kept through EXCEPT)."""
    from phalanx_verify.tla.errors import EvalError
    from phalanx_verify.tla.runtime import ap
    from phalanx_verify.tla.values import Fcn

    ints = Fcn({0: "a", 1: "b", 2: "c"})
    assert ap(ints, 1) == "b" and ints.int_keys() and ints.updated(0, "z").int_keys()
    mixed = Fcn({True: "t", 2: "two"})
    assert not mixed.int_keys() and ap(mixed, True) == "t"
    with pytest.raises(EvalError, match="Attempted to check equality of integer 1 with non-integer: TRUE"):
        ap(mixed, 1)


@pytest.mark.parametrize("before,after", [("TRUE", "1"), ("<<TRUE>>", "<<1>>")])
def test_unchanged_on_an_assigned_variable_compares_as_tlc_does(tmp_path: Path, before: str, after: str) -> None:
    """``x' = 1 /\\ UNCHANGED x`` with x = TRUE: UNCHANGED x is x' = x, and x' is known, so TLC
    compares 1 with TRUE and stops with an error; Python's == made the step merely disabled
    (a deadlock, or nothing at all under -deadlock)."""
    (tmp_path / "UC.tla").write_text(f"---- MODULE UC ----\nVARIABLE x\nInit == x = {before}\n"
                                     f"Next == x' = {after} /\\ UNCHANGED x\n====\n")
    (tmp_path / "UC.cfg").write_text("INIT Init\nNEXT Next\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "UC.tla"), "-c", str(tmp_path / "UC.cfg")])
    assert r.exit_code == 75 and "Attempted to check equality of integer 1 with non-integer: TRUE" in r.output, r.output


def test_seq_membership_remembers_elements_apart_from_their_python_equals() -> None:
    """Seq(S) remembers each element's answer (a queue that grew by one is asked about the same
    elements again), kept with the element it was for: asked after <<TRUE>>, <<1>> gets the
    answer (or TLC's error) a fresh Seq(S) gives, not TRUE's."""
    from phalanx_verify.tla.errors import TLAError
    from phalanx_verify.tla.values import Fcn, SeqSet

    def answer(seqs: SeqSet, s: tuple) -> object:
        try:
            return s in seqs
        except TLAError as e:
            return type(e)

    for base in [frozenset({True, False}), frozenset({0, 1}), frozenset({Fcn({"n": 1})}), frozenset({Fcn({"n": True})})]:
        shared = SeqSet(base)
        asked = [(True,), (1,), (0, False), (Fcn({"n": True}),), (Fcn({"n": 1}),), (1, True), ()]
        for s in asked + asked[::-1]:
            assert answer(shared, s) == answer(SeqSet(base), s), (base, s)


# S \ T and S \cap T ask T about each member of S with TLC's equals: a member of another kind is
# TLC's error, not a miss; S \cup T compares S's members with T's. Messages recorded from real TLC (tlaplus/tlaplus rev cc6b616) on
# ASSUME PrintT(expression); the checker answered {1, 2}, {"a"}, {}, {TRUE} ... and went on.
SET_OF_OTHER_KIND = [
    ('{1, 2} \\ {"a"}', 'Attempted to check equality of string "a" with non-string: 1'),
    ('{"a"} \\ {1}', 'Attempted to check equality of integer 1 with non-integer: "a"'),
    ("{1} \\ {TRUE}", "Attempted to compare equality of boolean TRUE with non-boolean: 1"),
    ("{TRUE} \\ {1}", "Attempted to check equality of integer 1 with non-integer: TRUE"),
    ("{3} \\ {TRUE}", "Attempted to compare equality of boolean TRUE with non-boolean: 3"),
    ("{1, 2} \\cap {TRUE}", "Attempted to compare equality of boolean TRUE with non-boolean: 1"),
    ("{1, 2} \\ {<<1>>}", "Attempted to check equality of the function <<1>> with the value: 1"),
    # S \cup T: S's members compared with T's (the checker named T's first)
    ("{1, 2} \\cup {TRUE}", "Attempted to check equality of integer 1 with non-integer: TRUE"),
    ("{TRUE} \\cup {1, 2}", "Attempted to compare equality of boolean TRUE with non-boolean: 1"),
    ('{1} \\cup {"a", "b"}', 'Attempted to check equality of integer 1 with non-integer: "a"'),
    ("{<<1>>} \\cup {1}", "Attempted to check equality of the function <<1>> with the value: 1"),
]


# A tuple or record that Python finds in no member (hashes differ) is still compared with the
# members by TLC, which fails where a member agrees with it up to a place of another kind; the
# checker answered FALSE. Recorded from real TLC (tlaplus/tlaplus, built 2026-12-03) on
# ASSUME PrintT(expression): exit 10 with the message, or the value where TLC gives one.
MISSING_OF_OTHER_KIND = [
    ("<<2>> \\in {<<TRUE>>}", "Attempted to compare equality of boolean TRUE with non-boolean: 2"),
    ("[a |-> 2] \\in {[a |-> TRUE]}", "Attempted to compare equality of boolean TRUE with non-boolean: 2"),
    ("<<1, TRUE>> \\in {<<1, 3>>, <<2, 3>>}", "Attempted to check equality of integer 3 with non-integer: TRUE"),
    ('<<"a">> \\in {<<1>>}', 'Attempted to check equality of integer 1 with non-integer: "a"'),
    # a scalar against a set of containers: the member's equals, as TLC asks it (not a message of ours)
    ("1 \\in {{}}", "Attempted to check equality of the set {} with the value: 1"),
    ("1 \\in {<<1>>}", "Attempted to check equality of the function <<1>> with the value: 1"),
    ("<<<<1>>>> \\in {<<<<TRUE>>>>}", "Attempted to compare equality of boolean TRUE with non-boolean: 1"),
    ("<<<<1, 2>>, <<3, 4>>>> \\in {<<<<TRUE, 2>>, <<3, 4>>>>}",
     "Attempted to compare equality of boolean TRUE with non-boolean: 1"),
    ("{<<2>>} \\ {<<TRUE>>}", "Attempted to compare equality of boolean TRUE with non-boolean: 2"),
    ("{<<1, TRUE>>} \\cap {<<1, 3>>}", "Attempted to check equality of integer 3 with non-integer: TRUE"),
    ("{<<1, 3>>} \\cup {<<1, TRUE>>}", "Attempted to check equality of integer 3 with non-integer: TRUE"),
]
# ... and where the first places differ, or the sizes, TLC never meets the other kind: FALSE
MISSING_OF_ALIKE_KIND = ["<<2, TRUE>> \\in {<<1, 3>>}", "<<1, 2>> \\in {<<TRUE>>}",
                         '<<<<"a", "a">>, <<"foo">>>> \\in Seq(Permutations({"b"}))',
                         "<<<<1, 2>>, <<3, 4>>>> \\in {<<<<5, 2>>, <<3, 4>>>>, <<<<6, 2>>, <<7, 4>>>>}"]


@pytest.mark.parametrize("expr,message", SET_OF_OTHER_KIND + MISSING_OF_OTHER_KIND)
def test_members_of_another_kind_are_compared_as_tlc_does(tmp_path: Path, expr: str, message: str) -> None:
    (tmp_path / "MT.tla").write_text(f"---- MODULE MT ----\nEXTENDS Naturals, TLC\nASSUME PrintT({expr})\n====\n")
    (tmp_path / "MT.cfg").write_text("")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "MT.tla"), "-c", str(tmp_path / "MT.cfg")])
    assert r.exit_code == 10 and message in r.output, r.output  # TLC: an assumption failed


@pytest.mark.parametrize("expr", MISSING_OF_ALIKE_KIND)
def test_a_tuple_that_differs_first_is_missing_without_error(tmp_path: Path, expr: str) -> None:
    (tmp_path / "MT.tla").write_text(f"---- MODULE MT ----\nEXTENDS Naturals, Sequences, TLC\nASSUME ~({expr})\n====\n")
    (tmp_path / "MT.cfg").write_text("")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "MT.tla"), "-c", str(tmp_path / "MT.cfg")])
    assert r.exit_code == 0, r.output


def _check_counter(tmp_path: Path, name: str, inv: str):
    """x counts 0, 1, 2 (and deadlocks there) under the invariant ``inv``."""
    (tmp_path / f"{name}.tla").write_text(
        f"---- MODULE {name} ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\n"
        f"Inv == {inv}\n====\n")
    (tmp_path / f"{name}.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    return CliRunner().invoke(main, ["check", str(tmp_path / f"{name}.tla"), "-c", str(tmp_path / f"{name}.cfg"),
                                     "--workers", "1"])


def test_set_difference_over_a_bound_compares_kinds(tmp_path: Path) -> None:
    """\\A q \\in {1, 2} \\ {e}, whose e is 1 in one state and TRUE in the next: TLC fails in the
    second state, "Evaluating invariant Inv failed" (exit 76, 2 generated, 2 distinct, recorded)."""
    r = _check_counter(tmp_path, "W", "\\A q \\in {1, 2} \\ {IF x = 0 THEN 1 ELSE TRUE} : q > 0")
    assert r.exit_code == 76, r.output
    assert "Attempted to compare equality of boolean TRUE with non-boolean: 1" in r.output, r.output
    assert "2 states generated, 2 distinct states found" in r.output, r.output


def test_subsets_of_true_are_not_those_of_1(tmp_path: Path) -> None:
    """SUBSET {TRUE} after SUBSET {1}: the subsets shared across states (values.PowerSet) were
    found by Python's {1} == {TRUE}, so UNION {y \\in SUBSET {TRUE} : TRUE} was {1} and the
    invariant failed ("Attempted to check equality of integer 1 with non-integer: TRUE").
    Real TLC: deadlock, 3 generated, 3 distinct (recorded)."""
    r = _check_counter(tmp_path, "R", "UNION {y \\in SUBSET (IF x = 0 THEN {1} ELSE {TRUE}) : TRUE} = "
                                      "IF x = 0 THEN {1} ELSE {TRUE}")
    assert r.exit_code == 11, r.output
    assert "3 states generated, 3 distinct states found" in r.output, r.output
