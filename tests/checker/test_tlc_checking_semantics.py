"""TLC's checking semantics beyond the counts (issue #13, items 1, 2, 8 and 11): where constraints
act in the worker loop, ASSUME, exit codes, VIEW, ALIAS, POSTCONDITION and []P properties.

Each expectation is real TLC's: the probes in tests/conformance/corpus/ record TLC's outcome on the same
models, and the others were run with real TLC (tla2tools 2026.12) when these tests were written.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from phalanx_verify.check.run import check_files
from phalanx_verify.cli import main
from tests.checker.specs import check, write_model

COUNTER = """VARIABLE x
Init == x = 0
Next == x' = x + 1
"""


def cli(spec, *args: str):
    result = CliRunner().invoke(main, ["check", str(spec), "-q", *args])
    assert "Traceback" not in result.output
    return result


# -- CONSTRAINT and ACTION_CONSTRAINT (TLC's Worker.addElement) --------------------------------

def test_invariant_is_checked_on_a_successor_outside_the_constraint(tmp_path):
    # Issue item 1: TLC reports the violation at state 4 (x = 3), which the constraint excludes.
    r = check(tmp_path, COUNTER + "Small == x < 3\nInv == x < 3", "INIT Init\nNEXT Next\nCONSTRAINT Small\nINVARIANT Inv\n")
    assert r.verdict == "invariant" and r.violated == "Inv" and r.exit_code == 12
    assert [s.state for s in r.trace.steps] == [(0,), (1,), (2,), (3,)]


def test_a_state_outside_the_constraint_is_not_distinct(tmp_path):
    # TLC: 6 generated, 5 distinct, depth 5 (probe checking/constraint_counts): x = 5 is
    # generated and not stored; its successors are not generated.
    r = check(tmp_path, COUNTER + "Small == x < 5", "INIT Init\nNEXT Next\nCONSTRAINT Small\n")
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 6, 5, 5)


def test_an_initial_state_outside_the_constraint_is_checked_not_stored(tmp_path):
    r = check(tmp_path, "VARIABLE x\nInit == x \\in 0..4\nNext == x' = x + 1\nSmall == x < 2",
              "INIT Init\nNEXT Next\nCONSTRAINT Small\n")
    assert (r.generated, r.distinct, r.depth) == (7, 2, 1)  # TLC, probe checking/constraint_on_init
    bad = check(tmp_path, "VARIABLE x\nInit == x \\in 0..4\nNext == x' = x + 1\nSmall == x < 2\nInv == x # 4",
                "INIT Init\nNEXT Next\nCONSTRAINT Small\nINVARIANT Inv\n")
    assert bad.verdict == "invariant" and [s.state for s in bad.trace.steps] == [(4,)]


def test_action_property_is_checked_on_a_step_outside_the_constraint(tmp_path):
    r = check(tmp_path, COUNTER + "Small == x < 2\nStep == [][x' < 2]_x",
              "INIT Init\nNEXT Next\nCONSTRAINT Small\nPROPERTY Step\n")
    assert r.verdict == "action_property" and r.violated == "Step"
    assert [s.state for s in r.trace.steps] == [(0,), (1,), (2,)]


def test_action_constraint_step_is_no_edge_of_the_liveness_graph(tmp_path):
    # Issue item 2: TLC ok, 2 distinct, 3 generated; the excluded step 1 -> 0 must not close a
    # cycle that violates <>[](x = 1).
    body = """VARIABLE x
Init == x = 0
Next == x' = 1 - x
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
NoBack == ~(x = 1 /\\ x' = 0)
Stay == <>[](x = 1)"""
    r = check(tmp_path, body, "SPECIFICATION Spec\nACTION_CONSTRAINT NoBack\nPROPERTY Stay\n")
    assert (r.verdict, r.generated, r.distinct) == ("ok", 3, 2)
    unconstrained = check(tmp_path, body, "SPECIFICATION Spec\nPROPERTY Stay\n")
    assert unconstrained.verdict == "temporal_property"


def test_action_constraint_on_a_seen_state(tmp_path):
    # The transition into an already-seen state is still subject to the action constraint:
    # TLC 11 generated, 5 distinct, depth 4 (probe checking/action_constraint_counts).
    r = check(tmp_path, "VARIABLE x\nInit == x = 0\nNext == x' \\in {(x + 1) % 6, (x + 2) % 6}\nNoTwo == x' # 2",
              "INIT Init\nNEXT Next\nACTION_CONSTRAINT NoTwo\n")
    assert (r.generated, r.distinct, r.depth) == (11, 5, 4)


# -- ASSUME ---------------------------------------------------------------------------------

def test_false_assume_beside_init_and_next(tmp_path):
    spec = write_model(tmp_path, COUNTER + "ASSUME TRUE = FALSE", "INIT Init\nNEXT Next\n")
    r = cli(spec)
    assert r.exit_code == 10
    assert "Assumption line 6, col 8 to line 6, col 19 of module M is false." in r.output  # TLC's range


def test_assume_whose_evaluation_fails_is_exit_10(tmp_path):
    spec = write_model(tmp_path, COUNTER + "ASSUME 1 \\div 0 = 1", "INIT Init\nNEXT Next\n")
    r = cli(spec)
    assert r.exit_code == 10 and "Evaluating assumption line 6, col 8 to line 6, col 19 of module M failed" in r.output


def test_assumptions_of_extended_modules_not_of_instances(tmp_path):
    # TLC: "Assumption line 3, col 8 to line 3, col 12 of module Base is false." (exit 10) for
    # the extended module; the instantiated one's ASSUME is not checked (exit 0).
    (tmp_path / "Base.tla").write_text("---- MODULE Base ----\nEXTENDS Naturals\nASSUME 1 = 2\n====\n")
    (tmp_path / "Inst.tla").write_text("---- MODULE Inst ----\nEXTENDS Naturals\nASSUME 2 = 3\n====\n")
    body = "VARIABLE x\nInit == x = 0\nNext == UNCHANGED x"
    r = cli(write_model(tmp_path, body, "INIT Init\nNEXT Next\n", extends="Naturals, Base"))
    assert r.exit_code == 10 and "Assumption line 3, col 8 to line 3, col 12 of module Base is false." in r.output
    assert check(tmp_path, body + "\nI == INSTANCE Inst", "INIT Init\nNEXT Next\n").verdict == "ok"


def test_assume_only_model(tmp_path):
    ok = check(tmp_path, "ASSUME 1 + 1 = 2", "")
    assert (ok.verdict, ok.generated, ok.distinct, ok.depth) == ("ok", 0, 0, 0)
    assert check(tmp_path, "ASSUME 1 + 1 = 3", "").verdict == "assumption"


def test_empty_module_checks_nothing(tmp_path):
    (tmp_path / "E.tla").write_text("---- MODULE E ----\n====\n")
    (tmp_path / "E.cfg").write_text("")
    r = check_files(tmp_path / "E.tla")
    assert (r.verdict, r.generated) == ("ok", 0)


def test_variables_without_a_behaviour_spec(tmp_path):
    r = cli(write_model(tmp_path, COUNTER, "INVARIANT Init\n"))
    assert r.exit_code == 151 and "M.cfg:1:1" in r.output


def test_specification_naming_an_undefined_operator(tmp_path):
    # TLC: 151 for a SPECIFICATION the module does not define, 150 (SANY) for one whose formula
    # names an undefined operator.
    r = cli(write_model(tmp_path, COUNTER + "Spec == Init /\\ [][Next]_x", "SPECIFICATION Nope\n"))
    assert r.exit_code == 151 and "Nope" in r.output and "M.cfg:1:15" in r.output
    r = cli(write_model(tmp_path, COUNTER + "Spec == Init /\\ [][Next]_x /\\ Undefined", "SPECIFICATION Spec\n"))
    assert r.exit_code == 150 and "M.tla:6:31" in r.output and "Undefined" in r.output


# -- exit codes -----------------------------------------------------------------------------

def test_assert_while_computing_successors_is_14(tmp_path):
    spec = write_model(tmp_path, 'VARIABLE x\nInit == x = 0\nNext == x\' = x + 1 /\\ Assert(x < 2, "too big")',
                       "INIT Init\nNEXT Next\n", extends="Naturals, TLC")
    r = cli(spec)
    assert r.exit_code == 14
    assert 'The first argument of Assert evaluated to FALSE; the second argument was: "too big"' in r.output


def test_assert_in_init_is_75(tmp_path):
    spec = write_model(tmp_path, 'VARIABLE x\nInit == x = 0 /\\ Assert(FALSE, "boom")\nNext == x\' = x',
                       "INIT Init\nNEXT Next\n", extends="Naturals, TLC")
    assert cli(spec).exit_code == 75


def test_action_level_invariant_is_76(tmp_path):
    r = cli(write_model(tmp_path, COUNTER + "Inv == x' >= 0", "INIT Init\nNEXT Next\nINVARIANT Inv\n"))
    assert r.exit_code == 76
    assert "The invariant Inv is not a state predicate" in r.output and "M.cfg:3:11" in r.output


def test_non_boolean_invariant_is_an_evaluation_error(tmp_path):
    r = cli(write_model(tmp_path, COUNTER + "Inv == x + 1", "INIT Init\nNEXT Next\nINVARIANT Inv\n"))
    assert r.exit_code == 75 and "TLC expected a boolean value" in r.output and "M.tla:6:8" in r.output


def test_constant_invariant(tmp_path):
    r = cli(write_model(tmp_path, COUNTER + "Inv == 1 > 2", "INIT Init\nNEXT Next\nINVARIANT Inv\n"))
    assert r.exit_code == 151 and "The invariant of Inv is equal to FALSE" in r.output
    # A constant TRUE invariant is dropped, as TLC does (with a warning there).
    ok = check(tmp_path, COUNTER + "Small == x < 2\nInv == 1 < 2",
               "INIT Init\nNEXT Next\nCONSTRAINT Small\nINVARIANT Inv\n")
    assert ok.verdict == "ok"


def test_box_state_predicate_property_is_an_invariant_violation(tmp_path):
    body = COUNTER + "Spec == Init /\\ [][Next]_x\nP == [](x < 2)\nSmall == x < 4"
    r = check(tmp_path, body, "SPECIFICATION Spec\nPROPERTY P\nCONSTRAINT Small\n")
    assert (r.verdict, r.violated, r.exit_code) == ("invariant", "P", 12)


def test_state_predicate_property_holds_on_initial_states_only(tmp_path):
    body = "VARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\nSpec == Init /\\ [][Next]_x\nP == x = 0"
    assert check(tmp_path, body, "SPECIFICATION Spec\nPROPERTY P\n").verdict == "ok"
    bad = body.replace("Init == x = 0", "Init == x \\in {0, 1}")
    assert check(tmp_path, bad, "SPECIFICATION Spec\nPROPERTY P\n").verdict == "temporal_property"


# -- VIEW, ALIAS, POSTCONDITION, SYMMETRY ------------------------------------------------------

def test_view_fingerprints_the_view(tmp_path):
    body = "VARIABLES x, t\nInit == x = 0 /\\ t = 0\nNext == x' = (x + 1) % 3 /\\ t' = (t + 1) % 5\nV == x"
    r = check(tmp_path, body, "INIT Init\nNEXT Next\nVIEW V\n")
    assert (r.generated, r.distinct, r.depth) == (4, 3, 3)  # TLC, probe checking/view_reduces
    full = check(tmp_path, body, "INIT Init\nNEXT Next\n")
    assert (full.generated, full.distinct, full.depth) == (16, 15, 15)


def test_alias_changes_how_counterexample_states_print(tmp_path):
    spec = write_model(tmp_path, COUNTER + "Inv == x < 2\nAl == [x |-> x, double |-> 2 * x]",
                       "INIT Init\nNEXT Next\nINVARIANT Inv\nALIAS Al\n")
    r = cli(spec)
    assert r.exit_code == 12
    assert "/\\ double = 4" in r.output and "*/\\ double = 2" in r.output


def test_postcondition(tmp_path):
    body = 'VARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x\' = x + 1\nPost == TLCGet("stats").distinct = {n}'
    cfg = "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\nPOSTCONDITION Post\n"
    assert check(tmp_path, body.format(n=3), cfg, extends="Naturals, TLC").verdict == "ok"
    bad = check(tmp_path, body.format(n=4), cfg, extends="Naturals, TLC")
    assert (bad.verdict, bad.exit_code) == ("postcondition", 10)
    assert bad.message == "Postcondition Post at line 6, col 9 to line 6, col 36 of module M is false."  # TLC's
    const = cli(write_model(tmp_path, body.replace('TLCGet("stats").distinct = {n}', "TRUE"), cfg))
    # TLC accepts it at start and crashes when it evaluates it, after the search (exit 255)
    assert const.exit_code == 255 and "The post condition Post cannot be a constant." in const.output
    assert "3 states generated, 3 distinct states found" in const.output


def test_symmetry_with_permutations(tmp_path):
    body = "CONSTANT P\nVARIABLE s\nInit == s = {}\nNext == \\E p \\in P : s' = s \\cup {p}\nSym == Permutations(P)"
    cfg = "CONSTANT P = {p1, p2, p3}\nINIT Init\nNEXT Next\n"
    r = check(tmp_path, body, cfg + "SYMMETRY Sym\n", extends="Naturals, TLC")
    assert (r.generated, r.distinct, r.depth) == (13, 4, 4)  # TLC, probe checking/symmetry_sets
    full = check(tmp_path, body, cfg, extends="Naturals, TLC")
    assert full.distinct == 8


def test_json_report_carries_the_exit_code(tmp_path):
    spec = write_model(tmp_path, COUNTER + "ASSUME FALSE", "INIT Init\nNEXT Next\n")
    out = tmp_path / "r.json"
    assert cli(spec, "--json", str(out)).exit_code == 10
    report = json.loads(out.read_text())
    assert report["verdict"] == "assumption" and report["exit_code"] == 10
