"""VIEW together with SYMMETRY, and VIEW under a temporal property (found by random specs run
against TLC; each figure recorded from a real TLC run, TLC2 2026.12.05, -workers 1 -deadlock).

With both, TLC permutes the view, not the state (TLCStateMut.fingerPrint): two states are one
when their views lie in one orbit. The built-in took the view of the state's own orbit
representative, which is not a function of the view's orbit: its counts followed Python's hash
seed (12/3 on some seeds, TLC's 9/2 on others). Under a temporal property, a VIEW that makes two
different states one is refused (exit 150): TLC decides the property's atoms on the successor
it found, the graph here on the state kept, and the built-in reported a violation where TLC
finds none."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SYM_VIEW = """---- MODULE SymView ----
EXTENDS TLC
CONSTANTS S, none
VARIABLES held, last
Init == held = {} /\\ last = none
A0 == \\E p \\in S : last' = p /\\ UNCHANGED held
A4 == \\E p \\in S : p \\notin held /\\ held' = held \\cup {p} /\\ UNCHANGED last
Next == A0 \\/ A4
Sym == Permutations(S)
View == last
====
"""
SYM_VIEW_CFG = "CONSTANTS\n  S = {s1, s2}\n  none = none\nINIT Init\nNEXT Next\nSYMMETRY Sym\nVIEW View\n"

VIEW_LIVE = """---- MODULE ViewLive ----
VARIABLES x, y
Init == x = 0 /\\ y = 0
Next == x = 0 /\\ x' = 1 /\\ UNCHANGED y
Spec == Init /\\ [][Next]_<<x, y>> /\\ WF_<<x, y>>(Next)
View == y
Live == <>(x = 1)
====
"""


def _check(folder: Path, name: str, spec: str, cfg: str, seed: str) -> tuple[int, dict, str]:
    (folder / f"{name}.tla").write_text(spec)
    (folder / f"{name}.cfg").write_text(cfg)
    out = folder / "r.json"
    out.unlink(missing_ok=True)
    r = subprocess.run([sys.executable, "-m", "phalanx_verify.cli", "check", str(folder / f"{name}.tla"),
                        "-workers", "1", "-deadlock", "-q", "--json", str(out)],
                       capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}, timeout=300)
    return r.returncode, (json.loads(out.read_text()) if out.exists() else {}), r.stdout + r.stderr


@pytest.mark.parametrize("seed", ["0", "1", "2", "3"])
def test_symmetry_permutes_the_view_on_every_hash_seed(tmp_path: Path, seed: str) -> None:
    code, report, out = _check(tmp_path, "SymView", SYM_VIEW, SYM_VIEW_CFG, seed)
    assert code == 0, out
    assert (report["generated"], report["distinct"], report["depth"]) == (9, 2, 2)


def test_a_view_merging_states_under_a_temporal_property_is_refused(tmp_path: Path) -> None:
    code, _report, out = _check(tmp_path, "ViewLive", VIEW_LIVE, "SPECIFICATION Spec\nVIEW View\nPROPERTY Live\n", "0")
    assert code == 150, out  # TLC: no error (2 generated, 1 distinct); never a violation here
    assert "ViewLive.cfg:2:6" in out and "unsupported construct: a temporal property under a VIEW" in out
