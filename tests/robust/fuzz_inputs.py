"""Mutations of real input files for the fuzz tests, and the checks every outcome must pass.

An input is a seed file plus a short list of mutations, each a tuple of small integers drawn by
Hypothesis (so failures shrink to one mutation at one place): truncation, byte flips, token
insertion, deep nesting around a value, huge numbers, a value of the wrong type, a duplicated
key or line, and non-UTF-8 bytes. :func:`outcome_problem` says what is wrong with a command's
answer: an uncaught exception, an exit code outside the command's documented set, or an error
without a position (file:line:col) or key path.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner, Result
from hypothesis import strategies as st

from phalanx_ref.sim.cli import main as sim_main
from phalanx_verify.cli import main as verify_main

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path(__file__).resolve().parent / "fuzz_seeds"

Mutation = tuple[int, int, int]  # (operator, place, parameter), each reduced modulo its range

TOKENS: dict[str, list[bytes]] = {
    "tla": [b"==", b"/\\", b"\\/", b"(", b")", b"{", b"}", b"[", b"]", b"<<", b">>", b"\\E q \\in Job :",
            b"IF", b"THEN", b"ELSE", b"LET", b"IN", b"CHOOSE", b"EXCEPT", b"!", b"@", b"'", b"----", b"====",
            b"MODULE", b"VARIABLE", b"CONSTANT", b"\\in", b"..", b"->", b"|->", b"SUBSET", b"UNION", b"DOMAIN",
            b'"', b"(*", b"*)", b"\\*", b"\t", b"\r\n", "\u2200".encode(), b"\\A", b"WF_vars(Next)", b"[]",
            b"<>", b"~>", b"0", b"-1", b"ASSUME FALSE", b"Assert(FALSE, \"x\")", b"1 \\div 0", b"INSTANCE RRP"],
    "cfg": [b"CONSTANT", b"CONSTANTS", b"INIT", b"NEXT", b"SPECIFICATION", b"INVARIANT", b"PROPERTY",
            b"SYMMETRY", b"CHECK_DEADLOCK", b"TRUE", b"FALSE", b"=", b"<-", b"{", b"}", b",", b"\\*", b"(*",
            b'"', b"[", b"]", b"Perms", b"1", b"-", b"CONSTRAINT", b"ACTION_CONSTRAINT", b"\n"],
    "trace": [b"{", b"}", b"[", b"]", b",", b":", b'"#set"', b'"#tup"', b'"#map"', b'"#bigint"', b'"kind"',
              b'"step"', b'"init"', b'"end"', b"null", b"true", b"1e999", b"-0", b'"\\ud800"', b"NaN", b"\n",
              b'"n": 1, ', b'"spec": "/etc/passwd", '],
    "campaign": [b"[[model]]", b"[model]", b"[[mutant]]", b"[[mutant.run]]", b"[tlc]", b"=", b"[", b"]", b"{",
                 b"}", b'"', b"'''", b"\n", b"#", b'tags = "ci"\n', b"spec = 5\n", b"1979-05-27", b"inf", b"nan",
                 b"0x10", b"true", b"../", b'"../../x.tla"', b'mutants = "../m.toml"\n'],
    "slices": [b"&a ", b"*a", b"<<: *a", b"- ", b": ", b"{", b"}", b"[", b"]", b"!!python/object ",
               b"!!binary ", b"---\n", b"...\n", b"|", b">", b"\t", b"? ", b"%YAML 1.1\n", b"~", b"null", b".inf",
               b"0o17", b"0x1F", b"'", b'"', b"\n"],
}
BRACKETS: dict[str, list[tuple[bytes, bytes]]] = {
    "tla": [(b"(", b")"), (b"<<", b">>"), (b"{", b"}"), (b"IF TRUE THEN ", b" ELSE 0")],
    "cfg": [(b"{", b"}")],
    "trace": [(b"[", b"]"), (b'{"#set": [', b"]}"), (b'{"a": ', b"}")],
    "campaign": [(b"[", b"]"), (b"{ a = ", b" }")],
    "slices": [(b"[", b"]"), (b"{a: ", b"}"), (b"- ", b"")],
}
VALUE = {  # where a value starts, for nesting, huge numbers and wrong types
    "tla": re.compile(rb"\b\d+\b"),
    "cfg": re.compile(rb"\b\d+\b|\{[^}\n]*\}"),
    "trace": re.compile(rb'(?<=: )(-?\d+|"[^"]*"|true|false|null)'),
    "campaign": re.compile(rb'(?<== )(-?\d+|"[^"\n]*"|true|false|\[[^\]\n]*\]|\{[^}\n]*\})'),
    "slices": re.compile(rb"(?<=: )[^\n{}\[\]]+$|(?<=- )[^\n:]+$", re.M),
}
DEPTHS = (10, 100, 1000, 3000, 10000)
HUGE = [b"9" * 5000, b"1" + b"0" * 18, b"-" + b"9" * 30, b"1e999", b"2147483648", b"-2147483649", b"99999999999"]
WRONG = [b"5", b'"x"', b"[]", b"{}", b"true", b"1.5", b"null", b"[1, \"a\"]", b'{"#set": "abc"}', b"-1"]
BAD_BYTES = [b"\xff", b"\xfe", b"\xc3", b"\x80", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf"]
OPERATORS = ("truncate", "flip", "token", "nest", "huge", "wrong_type", "duplicate", "non_utf8")


def mutations() -> st.SearchStrategy[list[Mutation]]:
    """One to three mutations; operator, place and parameter as unbounded-looking small ints."""
    one = st.tuples(st.integers(0, len(OPERATORS) - 1), st.integers(0, 2**16), st.integers(0, 2**16))
    return st.lists(one, min_size=1, max_size=3)


def mutate(kind: str, data: bytes, muts: list[Mutation]) -> bytes:
    for op, place, param in muts:
        data = _apply(kind, OPERATORS[op], data, place, param)
    return data


def _apply(kind: str, op: str, data: bytes, place: int, param: int) -> bytes:
    at = place % (len(data) + 1)
    values = list(VALUE[kind].finditer(data))
    value = values[place % len(values)] if values else None
    if op == "truncate":
        return data[:at]
    if op == "flip":
        return data[:at] + bytes([data[at] ^ (1 + param % 255)]) + data[at + 1:] if at < len(data) else data
    if op == "token":
        return data[:at] + TOKENS[kind][param % len(TOKENS[kind])] + data[at:]
    if op == "non_utf8":
        return data[:at] + BAD_BYTES[param % len(BAD_BYTES)] + data[at:]
    if op == "duplicate":
        lines = data.split(b"\n")
        i = place % len(lines)
        if kind == "trace" and lines[i].startswith(b'{"'):  # a duplicate key inside one JSON object
            key = lines[i][1:].split(b",", 1)[0]
            return b"\n".join([*lines[:i], b"{" + key + b", " + lines[i][1:], *lines[i + 1:]])
        return b"\n".join([*lines[:i + 1], lines[i], *lines[i + 1:]])
    if value is None:
        return data
    s, e = value.span()
    if op == "nest":
        opening, closing = BRACKETS[kind][param % len(BRACKETS[kind])]
        depth = DEPTHS[param // 7 % len(DEPTHS)]
        return data[:s] + opening * depth + data[s:e] + closing * depth + data[e:]
    if op == "huge":
        return data[:s] + HUGE[param % len(HUGE)] + data[e:]
    return data[:s] + WRONG[param % len(WRONG)] + data[e:]  # wrong_type


# ---- running one input -----------------------------------------------------------------------
@dataclass(frozen=True)
class Kind:
    """How one input kind is fed to its command, and the command's documented exit codes;
    ``errors`` are the codes whose message must carry a position or key path."""

    seed: Path
    run: Callable[[Path, bytes], Result]
    codes: frozenset[int]
    errors: frozenset[int]
    key_paths: bool = False


def _invoke(cli, args: list[str]) -> Result:
    return CliRunner().invoke(cli, args)


def _check_spec(tmp: Path, data: bytes) -> Result:
    (tmp / "RRP.tla").write_bytes(data)
    (tmp / "RRP.cfg").write_bytes((SEEDS / "RRP_tiny.cfg").read_bytes())
    return _invoke(verify_main, ["check", str(tmp / "RRP.tla"), "-q"])


def _check_cfg(tmp: Path, data: bytes) -> Result:
    (tmp / "RRP.tla").write_bytes((ROOT / "spec" / "RRP.tla").read_bytes())
    (tmp / "RRP.cfg").write_bytes(data)
    return _invoke(verify_main, ["check", str(tmp / "RRP.tla"), "-q"])


def _replay(tmp: Path, data: bytes) -> Result:
    (tmp / "t.ndjson").write_bytes(data)
    return _invoke(verify_main, ["trace", "replay", str(tmp / "t.ndjson"), "--spec", str(ROOT / "spec" / "RRP.tla")])


def _campaign(tmp: Path, data: bytes) -> Result:
    """A mutated campaign file beside the real manifest; only loaded (--only matches nothing)."""
    (tmp / "mutants").mkdir()
    (tmp / "mutants" / "manifest.toml").write_bytes((ROOT / "spec" / "mutants" / "manifest.toml").read_bytes())
    (tmp / "campaign.toml").write_bytes(data)
    return _invoke(verify_main, ["tlc", "campaign", str(tmp / "campaign.toml"), "--only", "\x00none", "-q"])


def _manifest(tmp: Path, data: bytes) -> Result:
    (tmp / "mutants").mkdir()
    (tmp / "mutants" / "manifest.toml").write_bytes(data)
    (tmp / "campaign.toml").write_bytes((ROOT / "spec" / "campaign.toml").read_bytes())
    return _invoke(verify_main, ["tlc", "campaign", str(tmp / "campaign.toml"), "--only", "\x00none", "-q"])


def _topology(tmp: Path, data: bytes) -> Result:
    (tmp / "slices.yaml").write_bytes(data)
    return _invoke(sim_main, ["topology", str(tmp / "slices.yaml"), "--fabric", str(SEEDS / "fabric.yaml")])


def _fabric(tmp: Path, data: bytes) -> Result:
    (tmp / "fabric.yaml").write_bytes(data)
    return _invoke(sim_main, ["topology", str(SEEDS / "slices.yaml"), "--fabric", str(tmp / "fabric.yaml")])


CHECK_CODES = frozenset({0, 10, 11, 12, 13, 14, 75, 150, 151, 255})
KINDS: dict[str, tuple[str, Kind]] = {  # name -> (mutation vocabulary, how to run it)
    "tla": ("tla", Kind(ROOT / "spec" / "RRP.tla", _check_spec, CHECK_CODES, frozenset({75, 150, 151, 255}))),
    "cfg": ("cfg", Kind(SEEDS / "RRP_tiny.cfg", _check_cfg, CHECK_CODES, frozenset({75, 150, 151, 255}))),
    "trace": ("trace", Kind(ROOT / "traces" / "memory-seed1.ndjson", _replay, frozenset({0, 12, 13, 75, 150}),
                            frozenset({75, 150}))),
    "campaign": ("campaign", Kind(ROOT / "spec" / "campaign.toml", _campaign, frozenset({2, 151}),
                                  frozenset({151}))),
    "manifest": ("campaign", Kind(ROOT / "spec" / "mutants" / "manifest.toml", _manifest, frozenset({2, 151}),
                                  frozenset({151}))),
    "slices": ("slices", Kind(SEEDS / "slices.yaml", _topology, frozenset({0, 151}), frozenset({151}), True)),
    "fabric": ("slices", Kind(SEEDS / "fabric.yaml", _fabric, frozenset({0, 151}), frozenset({151}), True)),
}
SEARCH_STOPPED = "Interrupted (Ctrl-C): the search stopped"
POSITIONED = re.compile(r"^\S+:\d+:\d+: ", re.M)
KEY_PATH = re.compile(r"^\S+: [^:\n]+: ", re.M)


def run_input(name: str, muts: list[Mutation]) -> tuple[bytes, Result]:
    vocabulary, kind = KINDS[name]
    data = mutate(vocabulary, kind.seed.read_bytes(), muts)
    with tempfile.TemporaryDirectory(prefix="phalanx-fuzz-") as tmp:
        return data, kind.run(Path(tmp), data)


def outcome_problem(name: str, result: Result) -> str | None:
    """What is wrong with a command's answer to a hostile input, or None."""
    kind = KINDS[name][1]
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"uncaught {type(result.exception).__name__}: {str(result.exception)[:200]}"
    if "Traceback" in result.output:
        return "a traceback in the output"
    if result.exit_code == 130 and SEARCH_STOPPED in result.output:
        return None  # a mutation made the state space huge: the search ran and stopped on Ctrl-C
    if result.exit_code not in kind.codes:
        return f"exit code {result.exit_code} outside {sorted(kind.codes)}: {result.output[-300:]}"
    if result.exit_code in kind.errors:
        if not (POSITIONED.search(result.output) or kind.key_paths and KEY_PATH.search(result.output)):
            return f"an error without a position or key path: {result.output[-300:]}"
    return None


def describe(data: bytes) -> str:
    """A failing input, short enough for an assertion message."""
    return json.dumps(data[:300].decode("utf-8", "replace"))
