"""TLC's standard module Json (phalanx_verify/tla/json_module.py). Every expected text and value
here is what real TLC (TLC2 2026.12.04, tla2tools built from tlaplus/tlaplus) printed or wrote
for the same expression; the spec JSON_SPEC as a whole checks with exit 0 under TLC."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .specs import check_model

# Each ASSUME holds in TLC. The strings are TLA+ literals, so a JSON quote is written \\".
JSON_SPEC = r"""---- MODULE Js ----
EXTENDS Json, TLC, Integers, Sequences
CONSTANT Dir
ASSUME ToJson([b |-> 1, a |-> <<TRUE, "x">>]) = "{\"b\":1,\"a\":[true,\"x\"]}"
ASSUME ToJson({[b |-> 1, a |-> 2]}) = "[{\"b\":1,\"a\":2}]"
ASSUME ToJson(<<>>) = "[]" /\ ToJson({}) = "[]"
ASSUME ToJson([i \in {0, 1} |-> i]) = "{\"0\":0,\"1\":1}"
ASSUME ToJson([i \in 1..3 |-> i]) = "[1,2,3]"
ASSUME ToJson([s \in {"z", "a"} |-> s]) = "{\"a\":\"a\",\"z\":\"z\"}"
ASSUME ToJson(<<1, 2>> :> 3) = "{\"<<1, 2>>\":3}"
ASSUME ToJson("a\"b\\c") = "\"a\\\"b\\\\c\""
ASSUME ToJson(-5) = "-5" /\ ToJson(1..3) = "[1,2,3]"
ASSUME ToJson([{1, 2} -> BOOLEAN]) = "[[false,false],[false,true],[true,false],[true,true]]"
ASSUME ToJson(SUBSET {1, 2}) = "[[],[1],[2],[1,2]]"
ASSUME ToJsonObject([a |-> 1]) = "{\"a\":1}"
ASSUME ToJsonObject(1 :> "b" @@ 0 :> "c") = "{\"0\":\"c\",\"1\":\"b\"}"
ASSUME ToJson("b" :> 1 @@ "a" :> 2) = "{\"b\":1,\"a\":2}"
ASSUME ToJsonArray({3, 1}) = "[1,3]" /\ ToJsonArray(<<{3, 1}>>) = "[[1,3]]"
ASSUME JsonSerialize(Dir \o "/out.json", [a |-> 1, b |-> {2}])
ASSUME ndJsonSerialize(Dir \o "/out.ndjson", <<[a |-> 1], 2, "s">>)
ASSUME JsonDeserialize(Dir \o "/in.json") = [z |-> <<1, 2, TRUE, "s">>, a |-> [k |-> <<>>], n |-> 1]
ASSUME ndJsonDeserialize(Dir \o "/in.ndjson") = <<1, <<1, 2>>, [b |-> 1, a |-> 2]>>
ASSUME ToString(ndJsonDeserialize(Dir \o "/in.ndjson")) = "<<1, <<1, 2>>, [b |-> 1, a |-> 2]>>"
====
"""


def _files(tmp_path: Path) -> None:
    (tmp_path / "in.json").write_text('{"z": [1, 2.7, true, "s"], "a": {"k": []}, "n": 4294967297}')
    (tmp_path / "in.ndjson").write_text('1\n\n  [1,2]  \n{"b":1,"a":2}\n')


def test_values_to_json_and_back_as_tlc(tmp_path: Path) -> None:
    _files(tmp_path)
    code, _report, out = check_model(tmp_path, "Js", f'CONSTANT Dir = "{tmp_path}"\n', JSON_SPEC)
    assert code == 0, out
    # TLC wrote exactly these files.
    assert (tmp_path / "out.json").read_text() == '{"a":1,"b":[2]}'
    assert (tmp_path / "out.ndjson").read_text() == '{"a":1}\n2\n"s"\n'


@pytest.mark.parametrize("wrong", [
    'ASSUME ToJson([b |-> 1, a |-> 2]) = "{\\"a\\":2,\\"b\\":1}"',  # fields keep the order they were written in
    'ASSUME ToJson([i \\in {0, 1} |-> i]) = "[0,1]"',  # a function not on 1..n is an object
    'ASSUME JsonDeserialize(Dir \\o "/in.json").z[2] = 3',  # a fraction is truncated, as Java's intValue
    'ASSUME ToJson(<<"a">>) = "[a]"',
    'ASSUME ToJson(1 :> "b" @@ 0 :> "c") = "{\\"1\\":\\"b\\",\\"0\\":\\"c\\"}"',  # integer keys: sorted
])
def test_a_wrong_expectation_is_a_false_assumption(tmp_path: Path, wrong: str) -> None:
    _files(tmp_path)
    spec = JSON_SPEC.replace("====", wrong + "\n====")
    code, _report, out = check_model(tmp_path, "Js", f'CONSTANT Dir = "{tmp_path}"\n', spec)
    assert code == 10 and "is false" in out, out


@pytest.mark.parametrize(("expr", "code", "message"), [
    # TLC: "The second argument of JsonSerialize should be a sequence or record, but instead it is: 1"
    ('JsonSerialize(Dir \\o "/o.json", 1)', 10, "should be a sequence or record, but instead it is: 1"),
    ('ndJsonSerialize(Dir \\o "/o.json", [a |-> 1])', 10, "should be a sequence, but instead it is: [a |-> 1]"),
    # TLC: an exception in the Java override ("Cannot convert value: unsupported value type ...")
    ('ToJson(Nat)', 10, "Attempted to apply the operator overridden by the Java method tlc2.module.Json.toJson"),
    ('ToJsonObject({1})', 10, "Cannot convert value: unsupported value type {1}"),
    ('JsonDeserialize(Dir \\o "/missing.json")', 10, "(No such file or directory)"),
    ('JsonDeserialize(Dir \\o "/null.json")', 10, "Cannot convert value: unsupported JSON value null"),
    # Where this checker cannot tell the two values TLC tells apart, it stops instead of guessing.
    ('ToJsonObject(<<7, 8>>)', 150, "unsupported construct: ToJsonObject"),
    ('ToJsonArray([a |-> 1])', 150, "unsupported construct: ToJsonArray"),
])
def test_errors_as_tlc(tmp_path: Path, expr: str, code: int, message: str) -> None:
    (tmp_path / "null.json").write_text("null")
    spec = f"---- MODULE Je ----\nEXTENDS Json, TLC, Integers, Sequences\nCONSTANT Dir\nASSUME PrintT({expr})\n====\n"
    got, _report, out = check_model(tmp_path, "Je", f'CONSTANT Dir = "{tmp_path}"\n', spec)
    assert got == code and message in " ".join(out.split()), out


def test_json_names_need_the_module(tmp_path: Path) -> None:
    spec = "---- MODULE Jn ----\nEXTENDS TLC\nASSUME ToJson(1) = \"1\"\n====\n"
    code, _report, out = check_model(tmp_path, "Jn", "", spec)
    assert code == 150, out  # SANY: Unknown operator: `ToJson'.


def test_the_written_text_is_json(tmp_path: Path) -> None:
    """What JsonSerialize writes reads back with any JSON parser, strings escaped as Gson does."""
    spec = ('---- MODULE Jw ----\nEXTENDS Json, Sequences\nCONSTANT Dir\n'
            'ASSUME JsonSerialize(Dir \\o "/w/deep.json", <<"q\\"uote", "back\\\\slash", [k |-> {"b", "a"}]>>)\n====\n')
    code, _report, out = check_model(tmp_path, "Jw", f'CONSTANT Dir = "{tmp_path}"\n', spec)
    assert code == 0, out
    assert json.loads((tmp_path / "w" / "deep.json").read_text()) == ['q"uote', "back\\slash", {"k": ["a", "b"]}]
