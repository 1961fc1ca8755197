"""An arithmetic operator given a non-integer: TLC's Integers module overrides +, -, *, ..,
\\div, %, ^ and unary - with Java methods whose parameters are IntValues, so the error is the
failed cast, naming the method and the class of the value, the second argument cast first
(compare._cast_int). The comparisons check their arguments themselves. Each case is an
invariant of a one-state model; TLC 2026.12.01 (rev cc6b616) exits 75 with the message
recorded here (its line breaks written as spaces), also when the spec extends Naturals only."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model

_OVERRIDE = ("Attempted to apply the operator overridden by the Java method public static tlc2.value.impl.{} "
             "tlc2.module.Integers.{}, but it produced the following error: Cannot cast tlc2.value.impl.{} to "
             "tlc2.value.impl.IntValue")
_TWO = "(tlc2.value.impl.IntValue,tlc2.value.impl.IntValue)"

CASES = [
    ("Integers", "1..TRUE = {}", _OVERRIDE.format("IntervalValue", "DotDot" + _TWO, "BoolValue")),
    ("Integers", '"a"..3 = {}', _OVERRIDE.format("IntervalValue", "DotDot" + _TWO, "StringValue")),
    ("Integers", "{1}..3 = {}", _OVERRIDE.format("IntervalValue", "DotDot" + _TWO, "SetEnumValue")),
    ("Integers", "1 + TRUE = 0", _OVERRIDE.format("IntValue", "Plus" + _TWO, "BoolValue")),
    ("Naturals", "1 + {1} = 0", _OVERRIDE.format("IntValue", "Plus" + _TWO, "SetEnumValue")),
    ("Integers", 'TRUE + "a" = 0', _OVERRIDE.format("IntValue", "Plus" + _TWO, "StringValue")),
    ("Integers", 'TRUE .. "a" = {}', _OVERRIDE.format("IntervalValue", "DotDot" + _TWO, "StringValue")),
    ("Integers", "TRUE \\div 2 = 0", _OVERRIDE.format("IntValue", "Divide" + _TWO, "BoolValue")),
    ("Integers", "5 % TRUE = 0", _OVERRIDE.format("IntValue", "Mod" + _TWO, "BoolValue")),
    ("Integers", '2 ^ "a" = 0', _OVERRIDE.format("IntValue", "Expt" + _TWO, "StringValue")),
    ("Integers", '"a" ^ TRUE = 0', _OVERRIDE.format("IntValue", "Expt" + _TWO, "BoolValue")),
    ("Integers", '-"a" = 0', _OVERRIDE.format("IntValue", "Neg(tlc2.value.impl.IntValue)", "StringValue")),
    ("Integers", '1 < "a"', 'The second argument of < should be an integer, but instead it is: "a"'),
]


@pytest.mark.parametrize(("extends", "inv", "message"), CASES)
def test_a_non_integer_fails_the_java_cast(tmp_path: Path, extends: str, inv: str, message: str) -> None:
    spec = (f"---- MODULE M ----\nEXTENDS {extends}\nVARIABLE st\nInit == st = 0\nNext == UNCHANGED st\n"
            f"Inv == {inv}\n====\n")
    code, report, output = check_model(tmp_path, "M", "INIT Init\nNEXT Next\nINVARIANT Inv\n", spec)
    assert code == 75, output
    assert report["message"].partition("evaluation error: ")[2] == message, output
