"""Values as TLC prints them come back as the project's values (equal to the built-in engine's)."""

import pytest

from phalanx_verify.tla.values import NAT, Fcn, ModelValue, format_value
from phalanx_verify.tlc.values import TLCValueError, parse_values

J1, J2 = ModelValue("j1"), ModelValue("j2")


@pytest.mark.parametrize("text, value", [
    ("(j1 :> 0 @@ j2 :> 0)", Fcn({J1: 0, J2: 0})),
    ("( l1 :> j1 @@\n  l2 :> none )", Fcn({ModelValue("l1"): J1, ModelValue("l2"): ModelValue("none")})),
    ("{l1, l2}", frozenset({ModelValue("l1"), ModelValue("l2")})),
    ('"Run"', "Run"),
    ('"say \\"hi\\""', 'say "hi"'),
    ("[a |-> 1, b |-> <<1, 2>>]", Fcn({"a": 1, "b": (1, 2)})),
    ("<<1, 2>>", (1, 2)),
    ("(1 :> 5 @@ 2 :> 6)", (5, 6)),  # a 1..n function is a sequence, as in the engine
    ("<<>>", ()),
    ("{}", frozenset()),
    ("-3", -3),
    ("TRUE", True),
    ("{<<j1, {}>>, <<j2, {0}>>}", frozenset({(J1, frozenset()), (J2, frozenset({0}))})),
    ("Nat", NAT),
])
def test_value(text, value):
    assert parse_values([text]) == [value]


def test_many_values_at_once_keep_their_order():
    texts = ["1", "{j1}", "<<j2>>", '"x"']
    assert [format_value(v) for v in parse_values(texts)] == texts


@pytest.mark.parametrize("text, why", [
    ("{1, 2", "not a TLA+ expression"),
    ("x == 2", "not a TLA+ expression"),
    ("1\nW == 2", "several definitions"),
    ("", "not a TLA+ expression"),
    ('1 :> 2 @@ "x"', "expected a function"),
])
def test_broken_value_fails_naming_it(text, why):
    with pytest.raises(TLCValueError) as info:
        parse_values(["1", text], ["first", "second"])
    line = info.value.line()
    assert why in line and "second" in line and "\n" not in line
