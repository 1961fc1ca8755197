"""CONSTRAINTs on successors (check/constraints.py) and TLC's depth where a search stops on a
successor it does not store.

A successor that shares with its parent the variables a constraint reads is taken to satisfy
it without evaluation; one that changed them, or a constraint that reads TLCGet, is evaluated.
TLC's reported depth is the level of the last state written to its trace: where a violation is
found on a successor outside the model (an invariant under CONSTRAINT) or seen before (an
action property) and no state of the next level was stored yet, it is the parent's level.
Every count and depth here was recorded from a real TLC run (TLC2 2026.12.04, -workers 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

TWO = """---- MODULE A ----
EXTENDS Naturals, TLC
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == \\/ x' = (x + 1) % 4 /\\ UNCHANGED y
        \\/ y' = y + 1 /\\ UNCHANGED x
Small == y < 3
Inv == x + y < 6
====
"""

LEVEL = """---- MODULE A ----
EXTENDS Naturals, TLC
VARIABLES x
Init == x = 0
Next == x' = (x + 1) % 10
Level == TLCGet("level") < 5
====
"""

STEP = """---- MODULE A ----
EXTENDS Naturals
VARIABLES x
Up == [][x' > x]_x  \\* fails on the step 2 -> 0
Spec == x = 0 /\\ [][x' = (x + 1) % 3]_x
====
"""

CASES = [
    # y < 3 reads y only: the x-steps keep it, the y-steps are evaluated (y = 3 is outside)
    (TWO, "INIT Init\nNEXT Next\nCONSTRAINT Small\n", 0, 25, 12, 6),
    # TLCGet("level") reads no variable yet is evaluated on every successor
    (LEVEL, "INIT Init\nNEXT Next\nCONSTRAINT Level\n", 0, 5, 4, 4),
    # the invariant fails on <<3, 3>>, outside the model, found from level 6 before any state of
    # level 7 was stored: TLC's depth is 6
    (TWO, "INIT Init\nNEXT Next\nCONSTRAINT Small\nINVARIANT Inv\n", 12, 25, 12, 6),
    # the action property fails on the step 2 -> 0, to a state seen before: depth 3
    (STEP, "SPECIFICATION Spec\nPROPERTY Up\n", 13, 4, 3, 3),
]


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(("spec", "cfg", "tlc_exit", "generated", "distinct", "depth"), CASES)
def test_counts_and_depth_are_tlcs(tmp_path: Path, spec: str, cfg: str, tlc_exit: int, generated: int,
                                   distinct: int, depth: int, workers: int) -> None:
    (tmp_path / "A.tla").write_text(spec)
    (tmp_path / "A.cfg").write_text(cfg)
    out = tmp_path / "r.json"
    r = CliRunner().invoke(main, ["check", str(tmp_path / "A.tla"), "-c", str(tmp_path / "A.cfg"),
                                  "-q", "--json", str(out), "--workers", str(workers)])
    assert r.exit_code == tlc_exit, r.output
    report = json.loads(out.read_text())
    assert (report["generated"], report["distinct"], report["depth"]) == (generated, distinct, depth), r.output
