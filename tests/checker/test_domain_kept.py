"""DOMAIN f is made once per function object and handed on by EXCEPT (Fcn._dom): specs test
``i \\in DOMAIN log[n]`` for every index of a function literal. A function made otherwise
(``@@``, a literal) has its own. The counts are real TLC's on the same module (no error, 11
generated, 6 distinct, depth 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.tla.valuetypes import Fcn

from .specs import check_model

SPEC = """---- MODULE Dom ----
EXTENDS Naturals, TLC
VARIABLES f, g
Init == f = [n \\in {"a", "b"} |-> 0] /\\ g = f
Next == \\/ f["a"] < 2 /\\ f' = [f EXCEPT !["a"] = @ + 1] /\\ g' = f
        \\/ g' = f @@ ("c" :> f["a"]) /\\ UNCHANGED f
Inv == /\\ DOMAIN f = {"a", "b"}
       /\\ "c" \\notin DOMAIN f
       /\\ \\A k \\in DOMAIN g : k \\in {"a", "b", "c"}
       /\\ "c" \\in DOMAIN g => g["c"] = g["a"]
====
"""


def _check(tmp_path: Path) -> tuple[int, dict, str]:
    return check_model(tmp_path, "Dom", "INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n", SPEC)


def test_kept_domains_give_tlcs_counts(tmp_path: Path) -> None:
    code, rep, out = _check(tmp_path)
    assert (code, rep["generated"], rep["distinct"], rep["depth"]) == (0, 11, 6, 4), out


def test_a_wrong_kept_domain_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An EXCEPT that handed on a wrong domain breaks the invariant: the test above can fail."""
    real = Fcn.updated

    def wrong(self: Fcn, key: object, value: object) -> Fcn:
        new = real(self, key, value)
        new._dom = frozenset({"c"})
        return new
    monkeypatch.setattr(Fcn, "updated", wrong)
    code, rep, out = _check(tmp_path)
    assert code == 12 and rep["violated"] == "Inv", out
