"""TLC reports depth 1 once an initial state was generated, even where none was kept (each
outside the CONSTRAINT), and 0 where Init has no state; the built-in reported 0 for the first.
Recorded from TLC2 2026.12.05 (found by random specs run against TLC)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model


@pytest.mark.parametrize(("init", "cfg", "tlc"), [
    ("x = 0", "CONSTRAINT Cons\n", (0, 1, 0, 1)),
    ("x = 0 /\\ FALSE", "", (0, 0, 0, 0)),
])
def test_the_depth_of_a_search_that_keeps_no_initial_state(tmp_path: Path, init: str, cfg: str,
                                                           tlc: tuple[int, int, int, int]) -> None:
    spec = f"---- MODULE S ----\nVARIABLE x\nInit == {init}\nNext == x' = x\nCons == x # 0\n====\n"
    code, report, out = check_model(tmp_path, "S", "INIT Init\nNEXT Next\n" + cfg, spec)
    assert (code, report["generated"], report["distinct"], report["depth"]) == tlc, out
