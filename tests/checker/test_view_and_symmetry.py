"""VIEW together with SYMMETRY, and VIEW under a temporal property (found by random specs run
against TLC; each figure recorded from a real TLC run, TLC2 2026.12.05, -workers 1 -deadlock).

With both, TLC evaluates the view on the least permutation of the state in its order of values,
its variables compared in the order of TLC's state (TLCStateMut.fingerPrint), the order of
SANY's symbol table (tla/varorder.py; SymView's state is <<last, held>>). Taking the view's
orbit instead (the previous rule) gave SymView's counts but 25/4 where TLC has 105/19
(SymView5). A module whose order of variables is not known here (an INSTANCE) is refused, 150.
Under a temporal property, a VIEW that makes two different states one is refused (exit 150):
TLC decides the property's atoms on the successor it found, the graph here on the state kept,
and the built-in reported a violation where TLC finds none. SYMMETRY of the empty set crashes
TLC (exit 255)."""

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


SV1 = """---- MODULE SV1 ----
EXTENDS TLC
CONSTANTS S, none
VARIABLE st
Init == st = <<{}, none>>
A0 == \\E p \\in S : st' = <<st[1], p>>
A4 == \\E p \\in S : p \\notin st[1] /\\ st' = <<st[1] \\cup {p}, st[2]>>
Next == A0 \\/ A4
Sym == Permutations(S)
View == st[2]
====
"""
SV_CFG = "CONSTANTS\n  S = {s1, s2, s3}\n  none = none\nINIT Init\nNEXT Next\nSYMMETRY Sym\nVIEW View\n"


@pytest.mark.parametrize("seed", ["0", "1", "2", "3"])
def test_symmetry_evaluates_the_view_on_tlcs_least_member(tmp_path: Path, seed: str) -> None:
    code, report, out = _check(tmp_path, "SymView", SYM_VIEW, SYM_VIEW_CFG, seed)
    assert code == 0, out
    assert (report["generated"], report["distinct"], report["depth"]) == (9, 2, 2)


@pytest.mark.parametrize("seed", ["0", "1"])
@pytest.mark.parametrize(("view", "tlc"), [("st[2]", (22, 4, 4)), ("st[1]", (19, 4, 4))])
def test_symmetry_with_a_view_of_one_variable(tmp_path: Path, seed: str, view: str, tlc: tuple) -> None:
    code, report, out = _check(tmp_path, "SV1", SV1.replace("View == st[2]", f"View == {view}"), SV_CFG, seed)
    assert code == 0, out
    assert (report["generated"], report["distinct"], report["depth"]) == tlc


SYM_VIEW5 = """---- MODULE SymView5 ----
EXTENDS Naturals, Sequences, FiniteSets, TLC
CONSTANTS S, none
VARIABLES held, owner, cnt, last, q
vars == <<held, owner, cnt, last, q>>
Init == held = {} /\\ owner = [p \\in S |-> none] /\\ cnt = 0 /\\ last = none /\\ q = <<>>
A0 == held' = {p \\in S : owner[p] # none} /\\ UNCHANGED <<owner, cnt, last, q>>
A1 == \\E p \\in S : p \\notin held /\\ held' = held \\cup {p} /\\ UNCHANGED <<owner, cnt, last, q>>
A2 == held # {} /\\ last' = (CHOOSE p \\in held : TRUE) /\\ UNCHANGED <<held, owner, cnt, q>>
A3 == \\E p \\in S : owner' = [o \\in S |-> IF o = p THEN last ELSE owner[o]] /\\ UNCHANGED <<held, cnt, last, q>>
A4 == Len(q) < 2 /\\ \\E p \\in S \\ held : q' = Append(q, p) /\\ UNCHANGED <<held, owner, cnt, last>>
Next == A0 \\/ A1 \\/ A2 \\/ A3 \\/ A4
Spec == Init /\\ [][Next]_vars
Sym == Permutations(S)
View == <<owner, last, q>>
Inv0 == owner \\in [S -> S \\cup {none}]
====
"""
SYM_VIEW5_CFG = ("CONSTANTS\n  S = {s1, s2}\n  none = none\nSPECIFICATION Spec\nSYMMETRY Sym\nVIEW View\n"
                 "INVARIANT Inv0\n")


@pytest.mark.parametrize("seed", ["0", "1"])
def test_symmetry_with_a_view_of_five_variables(tmp_path: Path, seed: str) -> None:
    code, report, out = _check(tmp_path, "SymView5", SYM_VIEW5, SYM_VIEW5_CFG, seed)
    assert code == 0, out
    assert (report["generated"], report["distinct"], report["depth"]) == (105, 19, 7)  # TLC's order: owner, last, held, cnt, q


def test_symmetry_with_a_view_where_the_order_is_unknown_is_refused(tmp_path: Path) -> None:
    spec = SYM_VIEW.replace("View == last", "View == last\nN == INSTANCE Naturals")
    code, _report, out = _check(tmp_path, "SymView", spec, SYM_VIEW_CFG, "0")
    assert code == 150, out
    assert "SymView.cfg:7:6" in out and "unsupported construct: SYMMETRY with a VIEW" in out


def test_symmetry_of_the_empty_set_crashes_tlc(tmp_path: Path) -> None:
    code, _report, out = _check(tmp_path, "SymView", SYM_VIEW.replace("Sym == Permutations(S)", "Sym == {}"),
                                SYM_VIEW_CFG.replace("VIEW View\n", ""), "0")
    assert code == 255, out  # TLC: java.lang.IllegalArgumentException in MVPerms.permutationSubgroup
    assert "TLC threw an unexpected exception" in out


def test_a_view_merging_states_under_a_temporal_property_is_refused(tmp_path: Path) -> None:
    code, _report, out = _check(tmp_path, "ViewLive", VIEW_LIVE, "SPECIFICATION Spec\nVIEW View\nPROPERTY Live\n", "0")
    assert code == 150, out  # TLC: no error (2 generated, 1 distinct); never a violation here
    assert "ViewLive.cfg:2:6" in out and "unsupported construct: a temporal property under a VIEW" in out
