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
