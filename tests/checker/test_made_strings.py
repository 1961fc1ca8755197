"""Strings made while checking (``\\o``, SubSeq, ToString) sort in the order they were made, as
TLC's strings sort by the order UniqueString interned them (runtime.made_string). A set or a
CHOOSE over such strings follows it: CHOOSE t \\in {"q" \\o "b", "q" \\o "a"} : TRUE is "qb" in
TLC. Where the checker evaluates over a set in Python's order first (runtime._any_order_first,
choose_unique), the strings made there are unplaced again and made in TLC's order, so the
output is the same under any PYTHONHASHSEED. Every printed line below is real TLC's
(TLC2 2026.12.01) for the same module."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SPEC = """---- MODULE R ----
EXTENDS Sequences, TLC
Names == {"b", "a", "c", "e", "d"}
ASSUME PrintT({"x" \\o "z", "x" \\o "y"})
ASSUME PrintT(CHOOSE s \\in {"q" \\o "b", "q" \\o "a"} : TRUE)
ASSUME PrintT({ToString(<<2>>), ToString(<<1>>)})
ASSUME PrintT({SubSeq("mnop", 3, 4), SubSeq("mnop", 1, 2)})
ASSUME PrintT({"zz" \\o "1", "zz" \\o "0", "q" \\o "a"})
ASSUME \\A s \\in Names : Len(s \\o "z") = 2
ASSUME PrintT({s \\o "z" : s \\in Names})
ASSUME PrintT({s \\o "x" : s \\in Names})
ASSUME PrintT(CHOOSE t \\in {s \\o "y" : s \\in Names} : TRUE)
ASSUME PrintT(CHOOSE t \\in Names : t \\o "w" = "aw")
ASSUME PrintT({"a" \\o "w", "b" \\o "w", "c" \\o "w", "d" \\o "w", "e" \\o "w"})
ASSUME PrintT({t \\in Names : t \\o "v" # "qq"})
ASSUME PrintT({"e" \\o "v", "a" \\o "v", "c" \\o "v", "d" \\o "v", "b" \\o "v"})
====
"""

TLC_PRINTS = [
    '{"xz", "xy"}',
    '"qb"',
    '{"<<2>>", "<<1>>"}',
    '{"op", "mn"}',
    '{"qa", "zz1", "zz0"}',
    '{"ez", "dz", "az", "bz", "cz"}',
    '{"ex", "dx", "ax", "bx", "cx"}',
    '"ey"',
    '"a"',
    '{"aw", "ew", "dw", "bw", "cw"}',
    '{"e", "d", "a", "b", "c"}',
    '{"ev", "dv", "av", "bv", "cv"}',
]


@pytest.mark.parametrize("seed", ["0", "1", "7"])
def test_made_strings_sort_as_made(tmp_path: Path, seed: str) -> None:
    (tmp_path / "R.tla").write_text(SPEC)
    (tmp_path / "R.cfg").write_text("\n")
    code = "import sys; from phalanx_verify.cli import main; sys.argv[0] = 'phalanx-verify'; main()"
    r = subprocess.run([sys.executable, "-c", code, "check", str(tmp_path / "R.tla"), "--workers", "1"],
                       env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
    printed = [ln for ln in (r.stdout + r.stderr).splitlines() if ln[:1] in '{"']
    assert printed == TLC_PRINTS
