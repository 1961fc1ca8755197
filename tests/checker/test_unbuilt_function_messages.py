"""How TLC prints a function constructor whose domain cannot be enumerated (FcnLambdaValue:
``[n \\in Int |-> <expression line 3, col 35 to line 3, col 35 of module M>]``, a tuple pattern's
domain a product printed in parentheses, ``x, y \\in S`` by its first name), here in
Cardinality's error, which TLC words the same for any value it cannot count. We printed
``<operator>`` and said 'non-set value'. Messages recorded from TLC runs of these modules (TLC
breaks the line after 'of the value'; our messages are one line)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main


@pytest.mark.parametrize(("argument", "shown"), [
    ("[n \\in Int |-> n]", "[n \\in Int |-> <expression line 3, col 35 to line 3, col 35 of module M>]"),
    ("[x \\in Nat, y \\in Int |-> x]",
     "[x \\in Nat, y \\in Int |-> <expression line 3, col 46 to line 3, col 46 of module M>]"),
    ("[<<a, b>> \\in Nat \\X Nat |-> a]",
     "[<<a, b>> \\in (Nat \\X Nat) |-> <expression line 3, col 49 to line 3, col 49 of module M>]"),
    ("[x, y \\in Nat |-> x]", "[x \\in Nat |-> <expression line 3, col 38 to line 3, col 38 of module M>]"),
    ("[s \\in Seq({1}) |-> s]", "[s \\in Seq({1}) |-> <expression line 3, col 40 to line 3, col 40 of module M>]"),
    ("1", "1"),
])
def test_cardinality_error_prints_the_value_as_tlc(tmp_path, argument, shown):
    (tmp_path / "M.tla").write_text("---- MODULE M ----\nEXTENDS Naturals, Integers, Sequences, FiniteSets\n"
                                    f"ASSUME Cardinality({argument}) = 1\n====\n")
    (tmp_path / "M.cfg").write_text("\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "M.tla"), "--workers", "1"])
    assert r.exit_code == 10, r.output
    assert f"Attempted to compute cardinality of the value {shown}\n" in r.output, r.output


@pytest.mark.parametrize(("arguments", "number", "shown"), [("5, \"z\"", 1, "5"), ("1, \"z\"", 2, "\"z\"")])
def test_constructor_of_two_arguments_prints_its_pairs_in_tlc_order(tmp_path, arguments, number, shown):
    """TLC prints [a \\in {3, 1}, b \\in {"y", "x"} |-> a] with the first argument varying fastest
    (FcnParams.elements), its domain sorted; we printed the pairs sorted. Recorded from TLC."""
    (tmp_path / "M.tla").write_text("---- MODULE M ----\nEXTENDS Naturals\n"
                                    f"ASSUME [a \\in {{3, 1}}, b \\in {{\"y\", \"x\"}} |-> a][{arguments}] = 1\n====\n")
    (tmp_path / "M.cfg").write_text("\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "M.tla"), "--workers", "1"])
    assert r.exit_code == 10, r.output
    assert ("In applying the function (<<1, \"x\">> :> 1 @@ <<3, \"x\">> :> 3 @@ <<1, \"y\">> :> 1 @@ "
            f"<<3, \"y\">> :> 3), the argument number {number} is: {shown} which is not in the function's domain "
            "{<<1, \"x\">>, <<1, \"y\">>, <<3, \"x\">>, <<3, \"y\">>}.") in r.output, r.output
