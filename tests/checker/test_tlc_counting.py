"""The counting experiments of ../shared/reference/tlc-semantics.md, run on the built-in engine:
each figure here is what real TLC printed for the same spec."""

from tests.checker.specs import check


def test_generated_counts_every_binding(tmp_path):
    r = check(tmp_path, """VARIABLE x
Init == x \\in {0, 1}
Next == \\/ x < 3 /\\ x' = x + 1
        \\/ \\E k \\in {1, 2, 3} : x' = x
        \\/ x = 3 /\\ x' = 0""", "INIT Init\nNEXT Next\n")
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 18, 4, 3)


def test_initial_states_generated_per_binding(tmp_path):
    r = check(tmp_path, """VARIABLES x, y
Init == \\E k \\in {1, 2, 3} : x = 0 /\\ y \\in {0, 1}
Next == UNCHANGED <<x, y>>""", "INIT Init\nNEXT Next\n")
    # 6 initial states generated, 2 distinct; each distinct state has one (stuttering) successor.
    assert (r.generated, r.distinct, r.depth) == (6 + 2, 2, 1)


def test_depth_counts_levels_from_one(tmp_path):
    r = check(tmp_path, "VARIABLE x\nInit == x = 0\nNext == x < 4 /\\ x' = x + 1",
              "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n")
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 5, 5, 5)


def test_deadlock_is_checked_by_default(tmp_path):
    r = check(tmp_path, "VARIABLE x\nInit == x = 0\nNext == x < 4 /\\ x' = x + 1", "INIT Init\nNEXT Next\n")
    assert r.verdict == "deadlock" and r.exit_code == 11
    assert [s.state for s in r.trace.steps] == [(0,), (1,), (2,), (3,), (4,)]


def test_constraint_prunes_exploration_not_generation(tmp_path):
    r = check(tmp_path, "VARIABLE x\nInit == x = 0\nNext == x' = x + 1\nC == x < 3",
              "INIT Init\nNEXT Next\nCONSTRAINT C\n")
    assert (r.verdict, r.generated, r.distinct, r.depth) == ("ok", 4, 3, 3)


def test_invariant_violation_gives_shortest_trace(tmp_path):
    r = check(tmp_path, """VARIABLES x, y
Init == \\E k \\in {1, 2, 3} : x = 0 /\\ y \\in {0, 1}
Next == x < 2 /\\ x' = x + 1 /\\ y' = y
Inv == x < 2""", "INIT Init\nNEXT Next\nINVARIANT Inv\n")
    assert r.verdict == "invariant" and r.violated == "Inv" and r.exit_code == 12
    assert len(r.trace.steps) == 3
    assert [s.state[0] for s in r.trace.steps] == [0, 1, 2]


def test_liveness_stuttering_counterexample(tmp_path):
    r = check(tmp_path, """VARIABLE x
Init == x = 0
A == x = 0 /\\ x' = 1
B == x = 1 /\\ x' = 2
Next == A \\/ B \\/ (x = 2 /\\ x' = 2)
Spec == Init /\\ [][Next]_x /\\ WF_x(A)
Prop == <>(x = 2)""", "SPECIFICATION Spec\nPROPERTY Prop\n")
    assert r.verdict == "temporal_property" and r.violated == "Prop" and r.exit_code == 13
    assert (r.generated, r.distinct, r.depth) == (4, 3, 3)
    assert [s.state for s in r.trace.steps] == [(0,), (1,)]
    assert r.trace.loop == "stuttering"
    assert r.trace.steps[1].action.startswith("A ")


def test_liveness_holds_when_fairness_covers_it(tmp_path):
    r = check(tmp_path, """VARIABLE x
Init == x = 0
A == x = 0 /\\ x' = 1
B == x = 1 /\\ x' = 2
Next == A \\/ B \\/ (x = 2 /\\ x' = 2)
Spec == Init /\\ [][Next]_x /\\ WF_x(A) /\\ WF_x(B)
Prop == <>(x = 2)""", "SPECIFICATION Spec\nPROPERTY Prop\n")
    assert r.verdict == "ok"


def test_liveness_cycle_counterexample_back_to_state(tmp_path):
    # Under WF of the whole Next, x cycles 0 -> 1 -> 0 forever and never reaches 2.
    r = check(tmp_path, """VARIABLE x
Init == x = 0
Next == \\/ x = 0 /\\ x' = 1
        \\/ x = 1 /\\ x' = 0
        \\/ x = 1 /\\ x' = 2
        \\/ x = 2 /\\ x' = 2
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
Prop == <>(x = 2)""", "SPECIFICATION Spec\nPROPERTY Prop\n")
    assert r.verdict == "temporal_property"
    assert r.trace.loop == "back_to" and r.trace.back_to == 1


GO_CYCLE = """VARIABLE x
Init == x = 0
Go == x = 1 /\\ x' = 2
Next == \\/ x = 0 /\\ x' = 1
        \\/ x = 1 /\\ x' = 0
        \\/ Go
        \\/ x = 2 /\\ x' = 2
Spec == Init /\\ [][Next]_x /\\ WF_x(Next) /\\ {fair}_x(Go)
Prop == <>(x = 2)"""


def test_strong_fairness_rules_out_the_cycle(tmp_path):
    # Go is enabled infinitely often (at x = 1) but not continuously: only SF forces it.
    cfg = "SPECIFICATION Spec\nPROPERTY Prop\n"
    assert check(tmp_path, GO_CYCLE.format(fair="SF"), cfg).verdict == "ok"
    assert check(tmp_path, GO_CYCLE.format(fair="WF"), cfg, name="W").verdict == "temporal_property"


def test_action_property_violation(tmp_path):
    r = check(tmp_path, """VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3
Spec == Init /\\ [][Next]_x
Mono == [][x' >= x]_x""", "SPECIFICATION Spec\nPROPERTY Mono\n")
    assert r.verdict == "action_property" and r.exit_code == 13
    assert [s.state[0] for s in r.trace.steps] == [0, 1, 2, 0]


def test_leads_to_and_infinitely_often(tmp_path):
    body = """VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3
Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
LT == (x = 1) ~> (x = 0)
IO == []<>(x = 2)
EA == <>[](x = 2)"""
    ok = check(tmp_path, body, "SPECIFICATION Spec\nPROPERTIES LT IO\n")
    assert ok.verdict == "ok"
    bad = check(tmp_path, body, "SPECIFICATION Spec\nPROPERTIES EA\n", name="N")
    assert bad.verdict == "temporal_property" and bad.violated == "EA"
