"""NDJSON traces of spec steps: reading with positioned errors, and writing.

A trace is a header line (spec path and sha256, constants, model values, variable names, and
optionally ``specs``: the sha256 of every spec the trace is meant to replay against), the
initial state, one line per step: ``{"kind": "step", "n": k, "action": A, "params": {...},
"state": {...}}``, and an end line ``{"kind": "end", "steps": N}``, so a file cut short at a
line boundary is reported as truncated instead of passing as a shorter run. TLA+ values are ITF
(see tla/values.py). The reader streams, so a trace of any length is replayed in constant
memory, and every error names the trace file and line.

A trace may carry more variables than a spec declares: the variables of a refinement (the RRP
engine's traces carry spec/RRPResume.tla's ``resumed`` besides spec/RRP.tla's variables). The
replayer hides the variables the replayed spec does not declare (the abstract spec's view of a
refining behaviour), and rejects a trace that lacks one the spec declares, so traces written
before ``resumed`` existed still replay against RRP and get a one-line error against RRPResume.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..textfile import MAX_DIGITS, decode_utf8, long_integer
from ..tla.errors import EXIT_PARSE, TLAError
from ..tla.syntax import Pos
from ..tla.values import ModelValue, from_itf, to_itf
from .itf import ITFError, check_itf


class TraceError(TLAError):
    """A malformed trace: bad JSON, a missing field, an unknown name."""

    exit_code = EXIT_PARSE
    kind = "trace error"


@dataclass
class Header:
    spec: str
    sha256: str | None
    constants: dict[str, Any]
    model_values: dict[str, ModelValue]
    variables: list[str]
    raw: dict[str, Any]
    specs: dict[str, str] = field(default_factory=dict)
    """Spec path (as recorded) -> sha256, for each spec the trace is meant for; {} in traces
    written before the field existed, whose one spec is ``spec``/``sha256``."""

    def sha256_for(self, spec: Path) -> str | None:
        """The recorded sha256 of ``spec`` (matched by file name: the recorded paths are
        relative to wherever the trace was written), else the header's own ``sha256``."""
        for name, sha in self.specs.items():
            if Path(name).name == spec.name:
                return sha
        return self.sha256


@dataclass
class Step:
    """One step line, decoded; ``line`` is its 1-based line number in the file."""

    n: int
    line: int
    action: str
    params: dict[str, Any]
    state: dict[str, Any]
    raw: dict[str, Any]


class TraceReader:
    """``with TraceReader(path) as r: r.header; r.init (state dict, line); for step in r.steps()``."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        try:
            self._f: IO[bytes] = open(path, "rb")  # noqa: SIM115 - closed in close()
        except OSError as e:
            raise TraceError(f"cannot read trace: {e.strerror}", Pos(self.path, 1, 1)) from None
        self._lineno = 0
        self._prev: dict[str, tuple[Any, Any]] = {}
        self.header = self._header()
        init = self._next("the initial state")
        if init is None:
            raise self.error("truncated trace: no initial state after the header", self._lineno + 1)
        obj, line = init
        if obj.get("kind") != "init":
            raise self.error(f"expected the initial state (kind \"init\"), got kind {obj.get('kind')!r}", line)
        self.init_line = line
        self.init = self._state(obj, line)

    def error(self, message: str, line: int | None = None, col: int = 1) -> TraceError:
        return TraceError(message, Pos(self.path, line or self._lineno, col))

    def _next(self, what: str) -> tuple[dict[str, Any], int] | None:
        while True:
            data = self._f.readline()
            if not data:
                return None
            self._lineno += 1
            text = decode_utf8(data, self.path, TraceError, self._lineno)
            if not text.strip():
                continue
            try:
                obj = json.loads(text, object_pairs_hook=_no_duplicate_keys)
            except json.JSONDecodeError as e:
                raise self.error(f"malformed JSON in {what}: {e.msg}", col=e.colno) from None
            except RecursionError:
                raise self.error(f"{what} is nested too deeply") from None
            except ValueError as e:  # a duplicate key, or an integer over 4,300 digits
                m = long_integer(text)
                if m is not None:
                    raise self.error(f"integer literal of {len(m[0]):,} digits in {what} (at most {MAX_DIGITS:,})",
                                     col=m.start() + 1) from None
                raise self.error(f"malformed JSON in {what}: {e}") from None
            if not isinstance(obj, dict):
                raise self.error(f"{what} must be a JSON object")
            return obj, self._lineno

    def _header(self) -> Header:
        got = self._next("the header")
        if got is None:
            raise self.error("empty trace: no header line", 1)
        h, line = got
        if h.get("kind") != "header":
            raise self.error(f"the first line must be the header (kind \"header\"), got kind {h.get('kind')!r}", line)
        for name, kind in (("spec", str), ("constants", dict), ("variables", list)):
            if not isinstance(h.get(name), kind):
                raise self.error(f"header.{name}: {'missing' if name not in h else 'wrong type'} "
                                 f"(a {kind.__name__} is required)", line)
        for name in ("variables", "model_values"):
            if not all(isinstance(v, str) for v in h.get(name, [])) or not isinstance(h.get(name, []), list):
                raise self.error(f"header.{name}: must be a list of names (strings)", line)
        if h.get("sha256") is not None and not isinstance(h["sha256"], str):
            raise self.error("header.sha256: must be a string", line)
        mvs = {name: ModelValue(name) for name in h.get("model_values", [])}
        consts = {}
        for k, v in h["constants"].items():
            consts[k] = self._value(v, f"header.constants.{k}", line, mvs)
            big = _big_integer(consts[k])
            if big is not None:
                raise self.error(f"header.constants.{k}: integer {_short(big)} is beyond the replayable bound "
                                 f"{MAX_CONSTANT:,} (a spec may enumerate 0..N for a constant N)", line)
        specs = h.get("specs", {})
        if not isinstance(specs, dict) or not all(isinstance(v, str) for v in specs.values()):
            raise self.error("header.specs: must map spec paths to sha256 strings", line)
        return Header(h["spec"], h.get("sha256"), consts, mvs, list(h["variables"]), h, specs)

    def _value(self, j: Any, what: str, line: int, model_values: dict[str, ModelValue] | None = None) -> Any:
        try:
            check_itf(j)
        except ITFError as e:
            raise self.error(f"{what}{e.path}: {e.problem}", line) from None
        try:
            return from_itf(j, self.header.model_values if model_values is None else model_values)
        except (TLAError, TypeError, ValueError, AttributeError, KeyError) as e:
            raise self.error(f"{what} is not an ITF value: {_short(str(e))}", line) from None
        except RecursionError:
            raise self.error(f"{what} is nested too deeply", line) from None

    def _state(self, obj: dict[str, Any], line: int) -> dict[str, Any]:
        st = obj.get("state")
        if not isinstance(st, dict):
            raise self.error("line has no \"state\" object", line)
        missing = [v for v in self.header.variables if v not in st]
        if missing:
            raise self.error(f"state lacks variable(s) {', '.join(missing)}", line)
        extra = [v for v in st if v not in self.header.variables]
        if extra:
            raise self.error(f"state has unknown variable(s) {', '.join(extra)}", line)
        # a step changes few variables: reuse the decoded value when the JSON is the same
        prev = self._prev
        out = {}
        for v in self.header.variables:
            raw = st[v]
            old = prev.get(v)
            out[v] = old[1] if old is not None and _same_json(old[0], raw) else self._value(raw, f"variable {v}", line)
            prev[v] = (raw, out[v])
        return out

    def steps(self) -> Iterator[Step]:
        expect = 1
        while True:
            got = self._next(f"step {expect}")
            if got is None:
                raise self.error(f"truncated trace: it ends after step {expect - 1} without the end line",
                                 self._lineno + 1)
            obj, line = got
            if obj.get("kind") == "end":
                if obj.get("steps") != expect - 1:
                    raise self.error(f"the end line announces {obj.get('steps')} steps, the trace has {expect - 1}",
                                     line)
                if self._next("the end of the trace") is not None:
                    raise self.error("content after the end line")
                return
            if obj.get("kind") != "step":
                raise self.error(f"expected step {expect} (kind \"step\"), got kind {obj.get('kind')!r}", line)
            action = obj.get("action")
            if not isinstance(action, str) or not action:
                raise self.error(f"step {expect} has no action name", line)
            params = obj.get("params", {})
            if not isinstance(params, dict):
                raise self.error(f"step {expect}: \"params\" must be an object", line)
            n = obj.get("n", expect)
            if n != expect:
                raise self.error(f"step number {n} out of sequence (expected {expect}): lines lost or reordered",
                                 line)
            yield Step(expect, line, action,
                       {k: self._value(v, f"parameter {k}", line) for k, v in params.items()},
                       self._state(obj, line), obj)
            expect += 1

    def close(self) -> None:
        self._f.close()

    def __enter__(self) -> TraceReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


MAX_CONSTANT = 10**6
"""The largest integer (in absolute value) a trace header's constants may hold. A header is
untrusted input, and a spec may turn a constant N into the set 0..N (RRP's TypeOK does), so
``"MaxFail": 10**18`` would hang replay; the models traces come from are far smaller."""


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise ValueError(f"duplicate key {_short(repr(dup))}")
    return out


def _big_integer(value: Any) -> int | None:
    """An integer beyond MAX_CONSTANT anywhere in a decoded value (an iterative walk), else None."""
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_CONSTANT:
            return v
        if isinstance(v, frozenset | tuple):
            todo.extend(v)
        elif isinstance(v, dict):  # a TLA+ function (Fcn is a dict)
            todo.extend(v.keys())
            todo.extend(v.values())
    return None


def _short(text: object) -> str:
    s = str(text)
    return s if len(s) <= 60 else s[:57] + "..."


def write_line(out: IO[str], obj: dict[str, Any]) -> None:
    out.write(json.dumps(obj) + "\n")


def state_json(variables: list[str], state: tuple) -> dict[str, Any]:
    """A state tuple (in ``variables`` order) as the ITF object of a trace line."""
    return {v: to_itf(x) for v, x in zip(variables, state, strict=True)}


def _same_json(a: Any, b: Any) -> bool:
    """The same JSON value: Python's 1 == True would let a variable logged as true reuse the
    decoded 1 of the step before (and 0 for false)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(map(_same_json, a, b))
    return bool(a == b)
