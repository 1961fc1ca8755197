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
