"""TLCExt!AssertError(err, exp), TLC's test model Github696, and the lookups it exercises.

AssertError was refused (exit 150). TLC's override (TLCExt.assertError) evaluates ``exp`` and is
TRUE iff that fails with an exception whose getMessage() is exactly ``err``: line breaks and its
pretty printer's layout (tlc2.pprint, ported in phalanx_verify/tla/pprint.py) included. Every
expected figure and message below is from real TLC runs (TLC2 2026.12.05, -workers 1) of these
very models.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.tla.pprint import ppr

from .specs import check_model

VERDICTS = """---- MODULE AE ----
EXTENDS Integers, TLCExt, Sequences, TLC
VARIABLE x
ASSUME PrintT(<<
  AssertError("The first argument of Assert evaluated to FALSE; the second argument was:\\n\\"boom\\"", Assert(FALSE, "boom")),
  AssertError("The first argument of Assert evaluated to FALSE; the second argument was:\\n\\"boom\\"\\n", Assert(FALSE, "boom")),
  AssertError("Attempted to apply Head to the empty sequence.", Head(<<>>)),
  AssertError("Attempted to apply Tail to the empty sequence.", Tail(<<>>)),
  AssertError("Attempted to apply Head to the empty sequence", Head(<<>>)),
  AssertError("The second argument of \\\\div is 0.", 1 \\div 0),
  AssertError("Attempted to access index 3 of tuple\\n<<1, 2>>\\nwhich is out of bounds.", <<1, 2>>[3]),
  AssertError("In applying the function\\n(1 :> 1 @@ 2 :> 2 @@ 3 :> 3),\\nthe first argument is:\\n7\\nwhich is not in its domain.\\n", [n \\in {1, 2, 3} |-> n][7]),
  AssertError("In applying the function\\n<<1, 2, 3>>,\\nthe first argument is:\\n7\\nwhich is not in its domain.\\n", [n \\in {1, 2, 3} |-> n][7]),
  AssertError("foo", 1 + 1),
  AssertError("foo", Assert(TRUE, "x"))
>>)
Init == x = 0
Next == x' = x
====
"""


def test_assert_error_verdicts_are_tlcs(tmp_path: Path) -> None:
    """TLC prints <<TRUE, FALSE, TRUE, TRUE, FALSE, TRUE, TRUE, FALSE, TRUE, FALSE, FALSE>> and
    checks the model (exit 0, 2 generated, 1 distinct): a text must match to the last line
    break, and an expression that evaluates makes AssertError FALSE."""
    code, rep, out = check_model(tmp_path, "AE", "INIT Init\nNEXT Next\n", VERDICTS)
    assert "<<TRUE, FALSE, TRUE, TRUE, FALSE, TRUE, TRUE, FALSE, TRUE, FALSE, FALSE>>" in out, out
    assert (code, rep["generated"], rep["distinct"]) == (0, 2, 1), out


def test_assert_error_of_an_error_whose_text_is_not_known_stops(tmp_path: Path) -> None:
    """TLC's text for [a |-> 1].b is not one the checker reproduces to the character: it stops
    with exit 150 and one line naming the construct, rather than guess TLC's verdict."""
    spec = ('---- MODULE U ----\nEXTENDS TLCExt\nASSUME AssertError("Attempted to select nonexistent field '
            '\\"b\\" from the record\\n[a |-> 1]", [a |-> 1].b)\n====\n')
    code, _, out = check_model(tmp_path, "U", "\n", spec)
    assert code == 150, out
    assert "unsupported construct: AssertError (module TLCExt)" in out, out


GITHUB696 = Path(__file__).with_name("tlc_models") / "Github696.tla"


def test_github696_as_tlc(tmp_path: Path) -> None:
    """TLC's test-model/Github696: both AssertErrors hold (the function over -32..32 printed over
    65 lines), then the invariant's EXCEPT looks the B_ value up among 64 A_ keys by binary
    search: exit 75, 'Attempted to compare the differently-typed model values A_31 and B_a', 1
    generated, 1 distinct, 1 left, depth 1, and the state prints its keys in the order
    TLCModelValue made them (A_0, A_1, A_2, ..., not A_0, A_1, A_10)."""
    code, rep, out = check_model(tmp_path, "Github696", "INIT Init\nNEXT Next\nINVARIANT Inv\n",
                                 GITHUB696.read_text())
    assert code == 75, out
    assert "Attempted to compare the differently-typed model values A_31 and B_a" in out, out
    assert (rep["generated"], rep["distinct"], rep["queue"]) == (1, 1, 1), out
    assert 'v = (A_0 :> "A_0" @@ A_1 :> "A_1" @@ A_2 :> "A_2" @@ A_3 :> "A_3"' in out, out


def test_pretty_printer_breaks_lines_as_tlc() -> None:
    """The text TLC's own Github696 expects for the function over -32..32, and its printer's
    refusal of a model value named with ``_`` (the text is left as it is)."""
    table = "(" + " @@ ".join(f"{i} :> {i}" for i in range(-32, 33)) + ")"
    want = "( -32 :> -32 @@\n" + "".join(f"  {i} :> {i} @@\n" for i in range(-31, 32)) + "  32 :> 32 )"
    assert ppr(table) == want
    long_mvs = "(" + " @@ ".join(f"A_{i} :> {i}" for i in range(30)) + ")"
    assert ppr(long_mvs) == long_mvs
    assert ppr("<<1, 2>>") == "<<1, 2>>"


HEAD = ('---- MODULE E ----\nEXTENDS TLC, TLCExt, Naturals, Sequences\nb == TLCModelValue("B_a")\n'
        + "".join(f'S{n} == {{ TLCModelValue("A_" \\o ToString(n)) : n \\in 0..{n - 1} }}\n' for n in (64, 40, 32, 31)))


@pytest.mark.parametrize(("body", "message"), [
    # a constant definition is a normalised table: 32 keys or more are searched by halves
    ("f == [mv \\in S64 |-> 1]\nASSUME [f EXCEPT ![b] = 2] = f",
     "Attempted to compare the differently-typed model values A_31 and B_a"),
    ("f == [mv \\in S64 |-> 1]\nASSUME f[b] = 1", "Attempted to compare the differently-typed model values A_31 and B_a"),
    ("f == [mv \\in S40 |-> 1]\nASSUME [f EXCEPT ![b] = 2] = f",
     "Attempted to compare the differently-typed model values A_19 and B_a"),
    ("f == [mv \\in S32 |-> 1]\nASSUME [f EXCEPT ![b] = 2] = f",
     "Attempted to compare the differently-typed model values A_15 and B_a"),
    ("f == [mv \\in S31 |-> 1]\nASSUME [f EXCEPT ![b] = 2] = f",
     "Attempted to check equality of the differently-typed model values A_0 and B_a"),
    ("f == [mv \\in S64 |-> 1]\nASSUME [f EXCEPT ![3] = 2] = f",
     "Attempted to compare the typed model value A_31 and non-model value 3"),
    # a constructor evaluated in place (or by a LET) is looked through key by key
    ("ASSUME [[mv \\in S64 |-> 1] EXCEPT ![b] = 2] # 3",
     "Attempted to check equality of the differently-typed model values A_0 and B_a"),
    ("ASSUME LET g == [mv \\in S64 |-> 1] IN [g EXCEPT ![b] = 2] # 3",
     "Attempted to check equality of the differently-typed model values A_0 and B_a"),
])
def test_lookup_of_a_typed_model_value_as_tlc(tmp_path: Path, body: str, message: str) -> None:
    code, _, out = check_model(tmp_path, "E", "\n", f"{HEAD}{body}\n====\n")
    assert code == 10, out
    assert message in out, out


def test_model_values_made_while_checking_come_in_the_order_made(tmp_path: Path) -> None:
    """TLC prints {A_0, A_1, A_2, ..., A_11}, and CHOOSE takes A_2 from the set without A_0 and
    A_1 (ordered by their characters, A_10 came first): the names are interned when made."""
    spec = ('---- MODULE M ----\nEXTENDS TLC, TLCExt, Naturals, Sequences\n'
            'S == { TLCModelValue("A_" \\o ToString(n)) : n \\in 0..11 }\n'
            'ASSUME PrintT(S)\nASSUME PrintT(CHOOSE s \\in S \\ {TLCModelValue("A_0"), TLCModelValue("A_1")} : TRUE)\n'
            '====\n')
    code, _, out = check_model(tmp_path, "M", "\n", spec)
    assert code == 0, out
    assert "{" + ", ".join(f"A_{i}" for i in range(12)) + "}" in out, out
    assert "\nA_2\n" in "\n" + out, out



def test_assert_error_of_a_lazily_failing_set_stops(tmp_path: Path) -> None:
    """TLC makes 1 \\cup 2 without error (its SetCupValue fails only when enumerated), so
    AssertError(<the enumeration's text>, 1 \\cup 2) is FALSE there (real TLC run); we fail
    making it, so the text we have is not TLC's to compare: exit 150, one line."""
    spec = ('---- MODULE AC ----\nEXTENDS TLCExt, TLC\nASSUME PrintT(AssertError("Attempted to enumerate S \\\\cup T '
            'when S:\\n1\\nand T:\\n2\\nare not both enumerable", 1 \\cup 2))\n====\n')
    code, _, out = check_model(tmp_path, "AC", "\n", spec)
    assert code == 150, out
    assert "unsupported construct: AssertError (module TLCExt)" in out, out


def test_tlcexttest_as_tlc(tmp_path: Path) -> None:
    """TLC's test-model/TLCExtTest: AssertError of two typed model values of different types
    compared, whose text TLC's ModelValue.equals gives exactly; with its Inv over the model
    values TLCModelValue makes: exit 0, 2 generated, 1 distinct (real TLC run). We stopped with
    exit 150 (the text not known to be exact)."""
    code, rep, out = check_model(tmp_path, "TLCExtTest", "SPECIFICATION Spec\nINVARIANT Inv\n",
                                 (Path(__file__).with_name("tlc_models") / "TLCExtTest.tla").read_text())
    assert (code, rep["generated"], rep["distinct"]) == (0, 2, 1), out


def test_assert_error_of_a_typed_model_value_against_another_value(tmp_path: Path) -> None:
    """TLC prints <<TRUE, FALSE>>: its text puts the other value on a line of its own."""
    spec = ('---- MODULE AT ----\nEXTENDS TLCExt, TLC\nASSUME PrintT(<<AssertError("Attempted to check equality of '
            'typed model value T_a and non-model value\\n1", TLCModelValue("T_a") = 1), AssertError("Attempted to '
            'check equality of typed model value T_a and non-model value 1", TLCModelValue("T_a") = 1)>>)\n====\n')
    code, _, out = check_model(tmp_path, "AT", "\n", spec)
    assert code == 0, out
    assert "<<TRUE, FALSE>>" in out, out


def test_assert_error_evaluates_its_expression_lazily(tmp_path: Path) -> None:
    """An operator's parameter, or a LET definition, given as AssertError's expression is
    evaluated inside it, where its error is caught: TLC prints <<TRUE, TRUE, FALSE, TRUE>>
    (real TLC run); the argument was evaluated at the call, its error stopping the run."""
    spec = ('---- MODULE AL ----\nEXTENDS TLCExt, TLC, Integers\n'
            'Op(x) == AssertError("The second argument of \\\\div is 0.", x)\n'
            'Op2(s, x) == x = 1 /\\ AssertError("The second argument of \\\\div is 0.", s)\n'
            'ASSUME PrintT(<<Op(1 \\div 0), LET m == 1 \\div 0 IN AssertError("The second argument of \\\\div is 0.", m), '
            'Op(2), Op2(3 \\div 0, 1)>>)\n====\n')
    code, _, out = check_model(tmp_path, "AL", "\n", spec)
    assert code == 0, out
    assert "<<TRUE, TRUE, FALSE, TRUE>>" in out, out


@pytest.mark.parametrize(("name", "spec", "figures"), [
    # TLC's test-model/ConstantRank2AssertError: x' = AssertError("no error", TRUE), FALSE
    ("ConstantRank2AssertError", None, (0, 3, 2)),
    # the expression's error caught: x' = TRUE
    ("CR", "---- MODULE CR ----\nEXTENDS TLCExt, Integers\nCONSTANT x0(_, _)\nVARIABLE x\nInit == x = TRUE\n"
           "Next == x' = x0(\"The second argument of \\\\div is 0.\", 1 \\div 0)\n====\n", (0, 2, 1)),
])
def test_assert_error_substituted_for_an_operator_constant(tmp_path: Path, name: str, spec: str | None,
                                                           figures: tuple[int, int, int]) -> None:
    """CONSTANT x0 <- AssertError (real TLC runs: exit, generated, distinct); refused before
    (exit 150, 'whose first argument is not a string literal')."""
    text = spec if spec is not None else (Path(__file__).with_name("tlc_models") / f"{name}.tla").read_text()
    code, rep, out = check_model(tmp_path, name, "INIT Init\nNEXT Next\nCONSTANT x0 <- AssertError\n", text)
    assert (code, rep["generated"], rep["distinct"]) == figures, out


def test_workers_place_no_new_names() -> None:
    """A worker of the parallel search (forked after the constants are computed) places no name
    TLCModelValue makes there: each would place it in the order it meets it, and the workers
    must sort names alike (such a name sorts by its characters among the names not read)."""
    from phalanx_verify.tla import interning

    try:
        interning.freeze_made()
        interning.made("Z_made_in_a_worker")
        assert "Z_made_in_a_worker" not in interning.RANK
    finally:
        interning._made_frozen[0] = False
