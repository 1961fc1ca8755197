"""DOMAIN f is made once per function object and handed on by EXCEPT (Fcn._dom): specs test
``i \\in DOMAIN log[n]`` for every index of a function literal. A function made otherwise
(``@@``, a literal) has its own. The counts are real TLC's on the same module (no error, 11
generated, 6 distinct, depth 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main
from phalanx_verify.tla.valuetypes import Fcn

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


def _check(tmp_path: Path) -> str:
    (tmp_path / "Dom.tla").write_text(SPEC)
    (tmp_path / "Dom.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "Dom.tla"), "--workers", "1"])
    return f"exit {r.exit_code}\n{r.output}"


def test_kept_domains_give_tlcs_counts(tmp_path: Path) -> None:
    out = _check(tmp_path)
    assert out.startswith("exit 0"), out
    assert "11 states generated, 6 distinct states found, 0 states left on queue." in out
    assert "The depth of the complete state graph search is 4." in out


def test_a_wrong_kept_domain_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An EXCEPT that handed on a wrong domain breaks the invariant: the test above can fail."""
    real = Fcn.updated

    def wrong(self: Fcn, key: object, value: object) -> Fcn:
        new = real(self, key, value)
        new._dom = frozenset({"c"})
        return new
    monkeypatch.setattr(Fcn, "updated", wrong)
    out = _check(tmp_path)
    assert out.startswith("exit 12") and "Invariant Inv is violated" in out, out
