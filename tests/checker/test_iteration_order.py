"""Successors are generated in TLC's order, whatever Python's string hashing: a search stopped by
a violation reports TLC's counts in every process. The public DieHard model (its jugs are the
strings "j1", "j2") gave 64 generated / 13 distinct under PYTHONHASHSEED=1 and TLC's 73 / 14
under others, because quantifiers ran over sets in Python's hash order. TLC's output for this
model (TLC2 2026.12.01, -workers 1): Invariant NotSolved is violated, 73 states generated, 14
distinct states found, 1 states left on queue, depth 7."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .specs import check_model

SPEC = """---- MODULE DH ----
EXTENDS Naturals
VARIABLE contents
Jug == {"j1", "j2"}
Capacity == [j \\in Jug |-> CASE j = "j1" -> 3 [] j = "j2" -> 5]
Goal == 4
Min(m, n) == IF m < n THEN m ELSE n
FillJug(j) == contents' = [contents EXCEPT ![j] = Capacity[j]]
EmptyJug(j) == contents' = [contents EXCEPT ![j] = 0]
JugToJug(j, k) == contents' = [contents EXCEPT ![j] = contents[j] - Min(contents[j], Capacity[k] - contents[k]),
                                               ![k] = contents[k] + Min(contents[j], Capacity[k] - contents[k])]
Init == contents = [j \\in Jug |-> 0]
Next == \\E j \\in Jug : \\/ FillJug(j)
                       \\/ EmptyJug(j)
                       \\/ \\E k \\in Jug \\ {j} : JugToJug(j, k)
NotSolved == \\A j \\in Jug : contents[j] # Goal
====
"""


@pytest.mark.parametrize("seed", ["1", "2", "3"])
def test_counts_at_a_violation_do_not_depend_on_the_hash_seed(tmp_path: Path, seed: str) -> None:
    (tmp_path / "DH.tla").write_text(SPEC)
    (tmp_path / "DH.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT NotSolved\n")
    out = tmp_path / "r.json"
    r = subprocess.run([sys.executable, "-m", "phalanx_verify.cli", "check", str(tmp_path / "DH.tla"), "-c",
                        str(tmp_path / "DH.cfg"), "-q", "--workers", "1", "--json", str(out)],
                       env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True,
                       cwd=Path(__file__).resolve().parents[2])
    rep = json.loads(out.read_text())
    assert (r.returncode, rep["violated"], rep["generated"], rep["distinct"], rep["queue"], rep["depth"]) == \
        (12, "NotSolved", 73, 14, 1, 7), r.stdout + r.stderr


SYMMETRIC = """---- MODULE S ----
EXTENDS Naturals, FiniteSets, TLC
CONSTANT P
VARIABLE c, last
Init == c = [p \\in P |-> 0] /\\ last = CHOOSE p \\in P : TRUE
Step(p) == c[p] < 3 /\\ c' = [c EXCEPT ![p] = c[p] + 1] /\\ last' = p
Reset(p) == c[p] = 2 /\\ c' = [c EXCEPT ![p] = 0] /\\ last' = p
Next == \\E p \\in P : Step(p) \\/ Reset(p)
Inv == Cardinality({p \\in P : c[p] = 3}) < 2
Sym == Permutations(P)
====
"""


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("seed", ["0", "1", "7"])
def test_symmetry_explores_the_state_found_not_its_representative(tmp_path: Path, seed: str, workers: str) -> None:
    """Under SYMMETRY TLC keys the seen set by the orbit but keeps and explores the successor
    as found. Exploring orbit representatives instead (chosen by Python hashes) found the
    violation after 86/36/15, 90/36/14 or 71/29/11 states depending on the process; TLC
    (TLC2 2026.12.01, -workers 1): 66 generated, 26 distinct, 9 left on the queue, depth 7."""
    (tmp_path / "S.tla").write_text(SYMMETRIC)
    (tmp_path / "S.cfg").write_text("CONSTANT P = {p1, p2, p3, p4}\nINIT Init\nNEXT Next\nINVARIANT Inv\n"
                                    "SYMMETRY Sym\n")
    out = tmp_path / "r.json"
    env = {**os.environ, "PYTHONHASHSEED": seed}
    r = subprocess.run([sys.executable, "-m", "phalanx_verify.cli", "check", "S.tla", "-c", "S.cfg", "-q",
                        "--json", str(out), "--workers", workers], cwd=tmp_path, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 12, r.stdout + r.stderr
    rep = json.loads(out.read_text())
    assert (rep["generated"], rep["distinct"], rep["queue"], rep["depth"]) == (66, 26, 9, 7)
    actions = [st["#meta"]["action"].split(" ")[0] for st in rep["trace"]["states"]]
    assert actions == ["Init"] + ["Step(p1)"] * 3 + ["Step(p2)"] * 3  # TLC's counterexample


TWO_BOUNDS = """---- MODULE Q ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x = 0 /\\ \\E i \\in {1, 2}, j \\in {1, 2} : x' = i * 10 + j
Inv == x # 21
====
"""


def test_the_first_bound_variable_varies_fastest(tmp_path: Path) -> None:
    """TLC's ContextEnumerator steps the first variable first: (1, 1), (2, 1), (1, 2), (2, 2),
    so x = 21 is the second successor. TLC (2026.12.01, -workers 1): Invariant Inv is violated,
    3 states generated, 3 distinct, 1 left on the queue; the other nesting gave 4. The public
    spanning model (\\E i, j \\in Proc) stopped at 23 generated where TLC stops at 19."""
    code, rep, out = check_model(tmp_path, "Q", "INIT Init\nNEXT Next\nINVARIANT Inv\n", TWO_BOUNDS)
    assert (code, rep["generated"], rep["distinct"], rep["queue"]) == (12, 3, 3, 1), out
