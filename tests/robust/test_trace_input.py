"""NDJSON traces: a broken or hostile trace is one TraceError line (exit 150) with the file, line
and column or the key path; a header cannot hang replay or make it print another file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.robust.robust_helpers import error_line, run_cli

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "traces" / "memory-seed1.ndjson"
SPEC = str(ROOT / "spec" / "RRP.tla")


def lines() -> list[str]:
    return GOLDEN.read_text().splitlines()


def write(tmp_path: Path, body: list[str] | bytes) -> str:
    path = tmp_path / "t.ndjson"
    if isinstance(body, bytes):
        path.write_bytes(body)
    else:
        path.write_text("\n".join(body) + "\n")
    return str(path)


def with_header(**changes) -> list[str]:
    body = lines()
    header = json.loads(body[0])
    for key, value in changes.items():
        if key.startswith("const_"):
            header["constants"][key[6:]] = value
        else:
            header[key] = value
    return [json.dumps(header), *body[1:]]


def test_the_golden_trace_replays():
    r = run_cli("trace", "replay", str(GOLDEN), "--spec", SPEC)
    assert r.exit_code == 0 and "0 divergence(s)" in r.output, r.output


@pytest.mark.parametrize("body, where, needle", [
    (with_header(const_MaxFail=10**18), "t.ndjson:1:1", "header.constants.MaxFail: integer 1000000000000000000"),
    (with_header(const_MaxFail={"#bigint": "9" * 5000}), "t.ndjson:1:1", "header.constants.MaxFail"),
    (with_header(constants=[1]), "t.ndjson:1:1", "header.constants: wrong type"),
    (with_header(variables="live"), "t.ndjson:1:1", "header.variables"),
    (with_header(model_values=[1, 2]), "t.ndjson:1:1", "header.model_values"),
    (with_header(const_Job={"#map": 5}), "t.ndjson:1:1", "header.constants.Job.#map: must be a list, not an integer"),
    (lines()[:1] + ['{"kind": "init", "state": ' + "[" * 100000 + "]" * 100000 + "}"], "t.ndjson:2:1",
     "nested too deeply"),
    (lines()[:2] + ['{"kind": "step", "n": 1, "n": 2}'], "t.ndjson:3:1", "duplicate key 'n'"),
    (lines()[:2] + ['{"kind": "step", "n": ' + "9" * 5000 + "}"], "t.ndjson:3:1", "malformed JSON"),
    (lines()[:2] + ['{"kind": "step", "n": "1"}'], "t.ndjson:3:1", "step 1 has no action"),
    (lines()[:3], "t.ndjson:4:1", "truncated trace"),
])
def test_broken_trace_is_one_positioned_line(tmp_path, body, where, needle):
    r = run_cli("trace", "replay", write(tmp_path, body), "--spec", SPEC)
    line = error_line(r, 150, needle)
    assert line.startswith(str(tmp_path / where)), line


def test_non_utf8_byte_is_positioned(tmp_path):
    body = "\n".join(lines()).encode().replace(b'"kind": "init"', b'"kind": "in\xe9t"', 1)
    error_line(run_cli("trace", "replay", write(tmp_path, body), "--spec", SPEC), 150,
               "t.ndjson:2:13: trace error: byte 0xe9 is not UTF-8")


@pytest.mark.parametrize("named", ["/etc/passwd", "../../../../etc/passwd", "spec/../../x.tla", "README.md"])
def test_header_cannot_name_an_arbitrary_file(tmp_path, named):
    r = run_cli("trace", "replay", write(tmp_path, with_header(spec=named)))
    error_line(r, 150, "header.spec", "--spec")
    assert "root:" not in r.output and "Phalanx" not in r.output


def with_live(value: object) -> list[str]:
    """The golden trace up to its initial state, whose variable ``live`` is ``value``."""
    init = json.loads(lines()[1])
    init["state"]["live"] = value
    return [lines()[0], json.dumps(init)]


@pytest.mark.parametrize("value, needle", [  # ITF as Apalache's ADR-015 defines it
    ({"#set": "abc"}, "variable live.#set: must be a list, not the string 'abc'"),  # not the set {a, b, c}
    ({"#tup": {"a": 1}}, "variable live.#tup: must be a list, not an object"),
    ({"#map": [[1]]}, "variable live.#map[0]: must be a [key, value] pair, not a list of 1"),
    ({"#map": [[1, {"#set": [None]}]]}, "variable live.#map[0][1].#set[0]: null is not an ITF value"),
    ({"#bigint": "12x"}, "variable live.#bigint: must be a string of decimal digits"),
    ({"#bigint": 12}, "variable live.#bigint: must be a string of decimal digits (with an optional '-'), not an "
                      "integer"),
    ({"#unserializable": "<fn>"}, "variable live.#unserializable: a value the trace's writer could not serialise"),
    ({"#set": [1], "x": 2}, "variable live: an object with '#set' has no other key, this one has 2 keys"),
    ({"#sets": [1]}, "variable live: unknown ITF tag '#sets'"),
    ({"a": [1.5]}, "variable live.a[0]: the number 1.5 (ITF has integers only) is not an ITF value"),
    (2**60, "variable live: integer 1152921504606846976 is beyond ±(2^53 - 1)"),
])
def test_values_that_are_not_itf_name_their_key_path(tmp_path, value, needle):
    r = run_cli("trace", "replay", write(tmp_path, with_live(value)), "--spec", SPEC)
    line = error_line(r, 150, needle)
    assert line.startswith(str(tmp_path / "t.ndjson:2:1")), line
