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


@pytest.mark.parametrize(("assumption", "message"), [
    ("b \\in S4", "Attempted to compare the differently-typed model values B_a and A_2"),
    ("b \\notin S4", "Attempted to compare the differently-typed model values B_a and A_2"),
    ("LET f == [mv \\in S4 |-> 1] IN b \\in DOMAIN f",
     "Attempted to compare the differently-typed model values B_a and A_2"),
    # TLC: 'Attempted to check equality of the differently-typed model values A_0 and B_a' and
    # '... of the typed model value B_a and the non-model value 1' (a set made where it is tested
    # is searched member by member, by equality): the error, worded otherwise here
    ("b \\in { TLCModelValue(\"A_\" \\o ToString(n)) : n \\in 0..63 }", None),
    ("b \\in {1, 2, 3}", None),
])
def test_typed_model_value_outside_a_set_fails_as_tlc(tmp_path, assumption, message):
    """A typed model value tested against a set of model values of another type (or of
    non-model values): TLC's search of the set fails (exit 10 in an ASSUME) where we answered
    FALSE, a verdict TLC does not give. Recorded from TLC."""
    r = run(tmp_path, f"ASSUME {assumption}", "\n")
    assert r.exit_code == 10, r.output
    assert "Evaluating assumption line 5, col 8 to line 5" in r.output, r.output
    if message is not None:
        assert message in r.output, r.output
