""""states left on queue" where a search stops, as real TLC prints it (TLC2 2026.12.01,
``-workers 1``): the rest of the level and the new states found so far, without the state a
violation was found on (TLC checks a new state before it enqueues it), at 1 and 2 workers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

SPEC = """---- MODULE Q ----
EXTENDS Naturals
VARIABLE x
Init == x \\in {0, 1}
Next == x < 6 /\\ x' \\in {x + 1, x + 2, x + 3}
Inv == x # 4
Act == [][x' # 5]_x
====
"""


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(("cfg", "tlc"), [
    # (exit, generated, distinct, queue) from TLC's "... states left on queue." line
    ("INVARIANT Inv\n", (12, 8, 5, 2)),    # a new state violates an invariant
    ("", (11, 20, 9, 2)),                  # deadlock
    ("PROPERTY Act\n", (13, 11, 6, 2)),    # an action property, on a step to a new state
])
def test_queue_at_stop_is_tlcs(tmp_path: Path, cfg: str, tlc: tuple, workers: str) -> None:
    (tmp_path / "Q.tla").write_text(SPEC)
    (tmp_path / "Q.cfg").write_text("INIT Init\nNEXT Next\n" + cfg)
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Q.tla"), "-c", str(tmp_path / "Q.cfg"), "-q",
                                  "--json", str(out), "--workers", workers])
    rep = json.loads(out.read_text())
    assert (r.exit_code, rep["generated"], rep["distinct"], rep["queue"]) == tlc, r.output


# D: Next == \/ x' = x + 2 /\ x < 6  \/ \E k \in 1..2 : x' = x + k /\ x < 10 /\ x > 4, from 0:
# the state x = 10 is expanded after x = 9, which found x = 11, a state of the next level.
LEVELS = ("---- MODULE D ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\n"
          "Next == \\/ x' = x + 2 /\\ x < 6\n        \\/ \\E k \\in 1..2 : x' = x + k /\\ x < 10 /\\ x > 4\n{more}"
          "Inv == x = 10 => CHOOSE y \\in {{}} : TRUE\n====\n")


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(("more", "cfg", "tlc"), [
    # (exit, generated, distinct, queue, depth) as TLC printed them: its depth at a stop inside a
    # level is the level of the last state written to its trace, so x = 11's (7), not x = 10's
    ("", "", (11, 12, 9, 1, 7)),                                                   # deadlock at x = 10
    ("        \\/ x = 10 /\\ x' = CHOOSE y \\in {} : TRUE\n", "", (75, 12, 9, 1, 7)),  # error in Next at x = 10
    ("", "INVARIANT Inv\n", (76, 10, 8, 1, 6)),  # error in the invariant of x = 10, a new state
])
def test_depth_at_stop_is_tlcs(tmp_path: Path, more: str, cfg: str, tlc: tuple, workers: str) -> None:
    (tmp_path / "D.tla").write_text(LEVELS.format(more=more))
    (tmp_path / "D.cfg").write_text("INIT Init\nNEXT Next\n" + cfg)
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "D.tla"), "-c", str(tmp_path / "D.cfg"), "-q",
                                  "--json", str(out), "--workers", workers])
    rep = json.loads(out.read_text())
    assert (r.exit_code, rep["generated"], rep["distinct"], rep["queue"], rep["depth"]) == tlc, r.output


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(("init", "inv", "tlc"), [
    # (exit, generated, distinct, queue, depth) as TLC printed them: it enqueues an initial state
    # before it checks the invariants on it (DoInitFunctor), and counts it as generated
    ("x \\in {1, 0, 2}", "1 \\div x > 0", (75, 1, 1, 1, 1)),          # the first state (x = 0) fails
    ("x \\in {1, 0, 2}", "1 \\div (x - 1) # 7", (75, 2, 2, 2, 1)),    # the second (x = 1) fails
    ("x \\in {1, 0, 2} /\\ 1 \\div x > 0", "TRUE", (75, 0, 0, 0, 0)),  # Init itself fails
])
def test_counts_at_an_error_in_the_initial_states(tmp_path: Path, init: str, inv: str, tlc: tuple,
                                                  workers: str) -> None:
    (tmp_path / "I.tla").write_text(f"---- MODULE I ----\nEXTENDS Naturals\nVARIABLE x\nInit == {init}\n"
                                    f"Next == x' = x\nInv == {inv}\n====\n")
    (tmp_path / "I.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\n")
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "I.tla"), "-c", str(tmp_path / "I.cfg"), "-q",
                                  "--json", str(out), "--workers", workers])
    rep = json.loads(out.read_text())
    assert (r.exit_code, rep["generated"], rep["distinct"], rep["queue"], rep["depth"]) == tlc, r.output
