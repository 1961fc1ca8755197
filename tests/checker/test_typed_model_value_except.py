"""EXCEPT at a key outside the function's domain, where typed model values meet: TLC looks the
key up all the same (FcnRcdValue's select compares it with each key), and a typed model value
compared with a model value of another type, or with a non-model value, is its error. Reduced
from TLC's Github696 (its invariant ``v = [v EXCEPT ![b] = 42]``, b a B_ value among A_ keys),
where we answered 'no error' (exit 0). Exit codes, messages and counts recorded from TLC."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

HEAD = ("EXTENDS TLC, TLCExt, Naturals, Sequences\nb == TLCModelValue(\"B_a\")\n"
        "S4 == { TLCModelValue(\"A_\" \\o ToString(n)) : n \\in 0..3 }\n")


def run(tmp_path, body: str, cfg: str):
    (tmp_path / "E.tla").write_text(f"---- MODULE E ----\n{HEAD}{body}\n====\n")
    (tmp_path / "E.cfg").write_text(cfg)
    return CliRunner().invoke(main, ["check", str(tmp_path / "E.tla"), "--workers", "1"])


@pytest.mark.parametrize(("assumption", "message"), [
    ("[f EXCEPT ![b] = 2] = f", "Attempted to check equality of the differently-typed model values A_0 and B_a"),
    ("[f EXCEPT ![3] = 2] = f", "Attempted to check equality of typed model value A_0 and non-model value"),
    # two clauses: TLC's message names A_1 here (recorded)
    ("[f EXCEPT ![b] = 2, ![TLCModelValue(\"A_1\")] = 3] # f",
     "Attempted to check equality of the differently-typed model values A_1 and B_a"),
])
def test_except_outside_the_domain_compares_as_tlc(tmp_path, assumption, message):
    r = run(tmp_path, f"f == [mv \\in S4 |-> 1]\nASSUME {assumption}", "\n")
    assert r.exit_code == 10, r.output
    assert "Evaluating assumption line 6, col 8 to line 6" in r.output, r.output
    assert message in r.output, r.output


def test_invariant_with_such_an_except_fails_as_tlc(tmp_path):
    """Github696's model on four A_ values: TLC exit 75 on the initial state (1 generated,
    1 distinct, 1 left, depth 1)."""
    r = run(tmp_path, "VARIABLE v\nInit == v = [ mv \\in S4 |-> ToString(mv) ]\nNext == UNCHANGED v\n"
                      "Inv == v = [ v EXCEPT ![b] = 42 ]", "INIT Init\nNEXT Next\nINVARIANT Inv\n")
    assert r.exit_code == 75, r.output
    assert "Attempted to check equality of the differently-typed model values A_0 and B_a" in r.output, r.output
    assert "1 states generated, 1 distinct states found, 1 states left on queue." in r.output, r.output
    assert "The depth of the complete state graph search is 1." in r.output, r.output
