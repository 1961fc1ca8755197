"""f @@ g as TLC's CombineFcn (tlc2.module.TLC) computes it: each argument of g is looked up
among f's by equality, in order, so arguments of two kinds (a sequence's 1 against a record's
"a") are its error, raised in its Java method: "Attempted to check equality of string "a" with
non-string: 1". The built-in merged the two into a function of mixed arguments and answered
(found by random specs run against TLC; outcomes recorded from TLC2 2026.12.05)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model


@pytest.mark.parametrize(("expr", "tlc_exit"), [
    ("DOMAIN (f @@ [a |-> 1]) # {}", 75),  # f = <<0>>
    ("DOMAIN ([a |-> 1] @@ f) # {}", 75),
    ("(f @@ (2 :> 5)) = <<0, 5>>", 0),
    ("(<<>> @@ [a |-> 1]) = [a |-> 1]", 0),  # nothing to compare with
    ("(f @@ [a |-> 1] @@ <<>>) # <<>>", 75),
])
def test_combining_functions_of_two_kinds_of_arguments_fails(tmp_path: Path, expr: str, tlc_exit: int) -> None:
    spec = (f"---- MODULE C ----\nEXTENDS TLC\nVARIABLE f\nInit == f = <<0>>\nNext == UNCHANGED f\n"
            f"Inv == {expr}\n====\n")
    code, _report, out = check_model(tmp_path, "C", "INIT Init\nNEXT Next\nINVARIANT Inv\n", spec)
    assert code == tlc_exit, out
    if tlc_exit == 75:
        assert "tlc2.module.TLC.CombineFcn" in out and "Attempted to check equality of" in out
