"""Temporal properties under SYMMETRY, checked on the graph TLC builds (check/orbitgraph.py).

TLC decides a property's atoms on each successor as generated, which under SYMMETRY is mostly
another member of its orbit than the state kept; the graph of the states kept hid a starving
process that TLC finds (fuzz12 SymLiveMiss). Every expected figure and message here is real
TLC's (2026.12, -workers 1)."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.check.model import load_model
from phalanx_verify.check.run import check_model
from phalanx_verify.cli import main
from phalanx_verify.tla.values import fcn_items
from tests.checker.liveness_lasso import is_fair_counterexample

MUTEX = r"""EXTENDS TLC
CONSTANT Proc
VARIABLES st, tok
vars == <<st, tok>>
Perms == Permutations(Proc)
Init == st = [p \in Proc |-> "idle"] /\ tok = {}
Try(p) == st[p] = "idle" /\ st' = [st EXCEPT ![p] = "wait"] /\ UNCHANGED tok
Enter(p) == st[p] = "wait" /\ tok = {} /\ st' = [st EXCEPT ![p] = "cs"] /\ tok' = {p}
Exit(p) == st[p] = "cs" /\ st' = [st EXCEPT ![p] = "idle"] /\ tok' = {}
Next == \E p \in Proc : Try(p) \/ Enter(p) \/ Exit(p)
Spec == Init /\ [][Next]_vars /\ \A p \in Proc : WF_vars(Enter(p)) /\ WF_vars(Exit(p))
P == \A p \in Proc : [](st[p] = "wait" => <>(st[p] # "wait"))
Starve == \A p \in Proc : st[p] = "wait" ~> st[p] = "cs"
Busy == []<>(tok # {})
Some == <>(\E p \in Proc : st[p] = "cs")
Exits == \A p \in Proc : st[p] = "cs" ~> st[p] = "idle"
Free == []<>(tok = {})
"""


def _write(tmp_path: Path, prop: str) -> tuple[Path, Path]:
    spec, cfg = tmp_path / "SymMutex.tla", tmp_path / "SymMutex.cfg"
    spec.write_text(f"---- MODULE SymMutex ----\n{MUTEX}====\n")
    cfg.write_text("CONSTANT Proc = {p1, p2}\nSPECIFICATION Spec\n"
                   f"PROPERTY {prop}\nSYMMETRY Perms\n")
    return spec, cfg


@pytest.mark.parametrize("prop", ["P", "Starve"])
def test_a_starving_process_is_found_as_tlc_finds_it(tmp_path, prop):
    """TLC: exit 13, 10 generated, 5 distinct, depth 4, the property named (the kept states'
    graph answered ok: the orbit of (idle, wait) is kept as (wait, idle), where p2 is not
    waiting)."""
    spec, cfg = _write(tmp_path, prop)
    r = CliRunner().invoke(main, ["check", str(spec), "-c", str(cfg), "--workers", "1"])
    assert r.exit_code == 13, r.output
    assert f"Temporal property {prop} was violated." in r.output, r.output
    assert "10 states generated, 5 distinct states found" in r.output, r.output
    assert "The depth of the complete state graph search is 4." in r.output, r.output


def test_the_lasso_is_a_behaviour_of_the_spec(tmp_path):
    """The counterexample's states are rebuilt as TLC prints them: each a successor of the one
    before (not the states kept, which are no path here), and the lasso a fair behaviour
    violating P."""
    spec, cfg = _write(tmp_path, "P")
    model = load_model(spec, cfg)
    report = check_model(model)
    assert report.verdict == "temporal_property" and report.trace is not None
    states = [step.state for step in report.trace.steps]
    for s, t in zip(states, states[1:], strict=False):
        assert any(u == t for _, _, u in model.next(s)), (s, t)
    # TLC's lasso: (idle,idle) (wait,idle) (wait,wait) (cs,wait) (idle,wait), back to state 3
    st = [tuple(v for _, v in sorted((str(k), v) for k, v in fcn_items(u[0]))) for u in states]
    assert st == [("idle", "idle"), ("wait", "idle"), ("wait", "wait"), ("cs", "wait"), ("idle", "wait")]
    assert (report.trace.loop, report.trace.back_to) == ("back_to", 3)
    assert is_fair_counterexample(model, "P", report.trace)


@pytest.mark.parametrize("prop, code", [
    ("Busy", 13), ("Some", 13),  # Try has no fairness: every process may stay idle
    # TLC: violated, though WF_vars(Exit(p)) makes every process in cs leave it: under SYMMETRY
    # a node's fairness is that of the orbit member it is expanded from, and the conditions of
    # p1 and p2 trade places; the checker answers as TLC does
    ("Exits", 13),
    ("Free", 0),
])
def test_other_properties_keep_tlc_verdicts(tmp_path, prop, code):
    """TLC: 10 generated, 5 distinct, depth 4 for each."""
    spec, cfg = _write(tmp_path, prop)
    r = CliRunner().invoke(main, ["check", str(spec), "-c", str(cfg), "--workers", "1"])
    assert r.exit_code == code, r.output
    assert "10 states generated, 5 distinct states found" in r.output, r.output
    assert "The depth of the complete state graph search is 4." in r.output, r.output
    if code:
        assert f"Temporal property {prop} was violated." in r.output, r.output


ORBIT = r"""EXTENDS TLC
CONSTANT Proc, p1
VARIABLES st, tok
vars == <<st, tok>>
Perms == Permutations(Proc)
Init == st = [p \in Proc |-> "idle"] /\ tok \in {{}, Proc}
Try(p) == st[p] = "idle" /\ st' = [st EXCEPT ![p] = "wait"] /\ UNCHANGED tok
Enter(p) == st[p] = "wait" /\ st' = [st EXCEPT ![p] = "cs"] /\ tok' = tok \cup {p}
Exit(p) == st[p] = "cs" /\ st' = [st EXCEPT ![p] = "idle"] /\ tok' = tok \ {p}
Next == \E p \in Proc : Try(p) \/ Enter(p) \/ Exit(p)
Spec == Init /\ [][Next]_vars /\ (\A p \in Proc : WF_vars(Enter(p))) /\ (\A p \in Proc : WF_vars(Exit(p)))
P0 == <>(st[p1] = "cs")
"""


def test_no_property_named_where_the_printed_lasso_satisfies_it(tmp_path):
    """TLC names the properties false on the lasso it prints; under SYMMETRY that lasso closes
    on another member of the loop state's orbit and can satisfy the property the search
    refuted: TLC then prints "Temporal properties were violated." (fuzz symlive 90000100038:
    exit 13, 107 generated, 35 distinct, depth 10; its lasso ends in (cs, wait, idle), whose
    Exit(p1) leads to (idle, wait, idle), in the orbit of state 2, (wait, idle, idle))."""
    spec, cfg = tmp_path / "Orb.tla", tmp_path / "Orb.cfg"
    spec.write_text(f"---- MODULE Orb ----\n{ORBIT}====\n")
    cfg.write_text("CONSTANT p1 = p1\nCONSTANT Proc = {p1, p2, p3}\nSPECIFICATION Spec\nPROPERTY P0\nSYMMETRY Perms\n")
    r = CliRunner().invoke(main, ["check", str(spec), "-c", str(cfg), "--workers", "1"])
    assert r.exit_code == 13, r.output
    assert "Temporal properties were violated." in r.output, r.output
    assert "107 states generated, 35 distinct states found" in r.output, r.output
    assert "The depth of the complete state graph search is 10." in r.output, r.output
