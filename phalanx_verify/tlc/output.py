"""TLC's ``-tool`` output read into the report objects the built-in engine produces.

In ``-tool`` mode TLC wraps each message in ``@!@!@STARTMSG code:severity @!@!@`` ...
``@!@!@ENDMSG code @!@!@``; text outside the markers is SANY's (parse and semantic errors) or the
JVM's (exceptions). The codes used here are listed in ../shared/reference/tlc/README.md. Reading
is incremental (``ToolOutput.feed``) so the subprocess driver can show progress while TLC runs;
``build_report`` turns the whole output into a Report, or raises the TLAError the built-in
engine would raise for the same bad spec or model (parse 150, config 151).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..check.report import PROPERTY_SEPARATOR, Report, Trace, TraceStep, Verdict
from ..tla import Loader, interning
from ..tla.config import parse_config_file
from ..tla.errors import ConfigError, ParseError, TLAError
from ..tla.syntax import Pos
from .values import TLCValueError, parse_values

_START = re.compile(r"@!@!@STARTMSG (\d+):(\d+) @!@!@")
_END = re.compile(r"@!@!@ENDMSG (\d+) @!@!@")

# Message codes (tlc2.output.EC) this reader acts on.
VERSION, MODE, FINISHED, INIT_DONE, SUCCESS, DEPTH, STATS, PROGRESS = 2262, 2187, 2186, 2190, 2193, 2194, 2199, 2200
TRACE_HEADERS = {2121, 2264}
STATE, BACK_TO, STUTTERING = 2217, 2122, 2218
CONFIG_ERROR, PARSE_ERROR = 2229, 3002
SEVERITY_ERROR = 1

# The violation messages: the verdict each one stands for, and how it names the property.
_VIOLATIONS: list[tuple[re.Pattern[str], Verdict]] = [
    (re.compile(r"^Invariant (\S+) is violated"), Verdict.INVARIANT),
    # A property TLC names by its source range (see tlc/positions.py) comes before a named one.
    (re.compile(r"^Action property (line \d+, col \d+ to line \d+, col \d+ of module \S+) is violated"),
     Verdict.ACTION_PROPERTY),
    (re.compile(r"^Action property (\S+) is violated"), Verdict.ACTION_PROPERTY),
    (re.compile(r"^Temporal property (\S+) was violated"), Verdict.TEMPORAL_PROPERTY),
    # a property's state predicate, checked on the initial states (named as processConfigProps
    # names it: a definition, or a range)
    (re.compile(r"^Property (line \d+, col \d+ to line \d+, col \d+ of module \S+) is violated by the initial state"),
     Verdict.TEMPORAL_PROPERTY),
    (re.compile(r"^Property (\S+) is violated by the initial state"), Verdict.TEMPORAL_PROPERTY),
    # one lasso violating several (TLC's post-hoc attribution, see check/lasso.py): "A and B",
    # "A, B, and C"
    (re.compile(r"^Temporal properties (.+) were violated"), Verdict.TEMPORAL_PROPERTY),
    (re.compile(r"^Deadlock reached"), Verdict.DEADLOCK),
    (re.compile(r"^(?:Assumption .* is false|Evaluating assumption .* failed)"), Verdict.ASSUMPTION),
    (re.compile(r"^Postcondition .* is false"), Verdict.POSTCONDITION),
]
_LISTED = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
_COUNTS = re.compile(r"([\d,]+) states generated.*?([\d,]+) distinct states found.*?([\d,]+) states left on queue")
_PROGRESS_DEPTH = re.compile(r"^Progress\((\d+)\)")
_DEPTH = re.compile(r"search is (\d+)\.")
_FINISHED = re.compile(r"Finished in (\d+)ms")
_INIT_TWO = re.compile(r"([\d,]+) states generated, with ([\d,]+) of them distinct")
_INIT_ONE = re.compile(r"([\d,]+) distinct states? generated")
_STATE_HEAD = re.compile(r"^(\d+): (.*)$")
_SANY_POS = re.compile(r"line (\d+), col(?:umn)? (\d+)")


def _int(text: str) -> int:
    return int(text.replace(",", ""))


@dataclass
class Message:
    """One TLC message: its code, severity (0 info, 1 error, 4 trace state...), its text lines,
    and the 1-based output line where it starts (for error messages)."""

    code: int
    severity: int
    lines: list[str] = field(default_factory=list)
    line_no: int = 0

    @property
    def text(self) -> str:
        return "\n".join(self.lines).strip()

    def one_line(self) -> str:
        return " ".join(ln.strip() for ln in self.lines if ln.strip())


class ToolOutput:
    """Incremental reader: feed output lines as they come; messages and plain lines pile up."""

    def __init__(self, source: str = "TLC output") -> None:
        self.source = source
        self.messages: list[Message] = []
        self.plain: list[str] = []
        self._open: Message | None = None
        self._line_no = 0

    def feed(self, line: str) -> Message | None:
        """Take one line (with or without its newline); return the message it completes."""
        self._line_no += 1
        line = line.rstrip("\r\n")
        start = _START.search(line)
        if start is not None:
            self._text(line[:start.start()])
            self._open = Message(int(start.group(1)), int(start.group(2)), line_no=self._line_no)
            line = line[start.end():]
            if not line:
                return None
        end = _END.search(line)
        if end is not None and self._open is not None:
            self._text(line[:end.start()])
            done, self._open = self._open, None
            self.messages.append(done)
            return done
        self._text(line)
        return None

    def _text(self, text: str) -> None:
        if self._open is not None:
            self._open.lines.append(text)
        elif text:
            self.plain.append(text)

    def feed_text(self, text: str) -> ToolOutput:
        for line in text.splitlines():
            self.feed(line)
        return self

    @property
    def truncated(self) -> bool:
        """True when output stopped inside a message (TLC was killed while printing)."""
        return self._open is not None

    def codes(self) -> set[int]:
        return {m.code for m in self.messages}


def progress_of(msg: Message) -> dict[str, Any] | None:
    """A progress message (2200) as the dict the built-in engine passes to its progress callback
    (without ``seconds``, which the driver measures)."""
    if msg.code != PROGRESS:
        return None
    counts = _COUNTS.search(msg.text)
    depth = _PROGRESS_DEPTH.search(msg.text)
    if counts is None:
        return None
    return {"generated": _int(counts.group(1)), "distinct": _int(counts.group(2)),
            "queue": _int(counts.group(3)), "depth": int(depth.group(1)) if depth else 0}


def build_report(out: ToolOutput, model: str = "", variables: list[str] | None = None,
                 spec: str | None = None, config: str | None = None, lib: Sequence[Path] = ()) -> Report:
    """The Report for a finished TLC run.

    ``variables`` (the spec's declaration order) reorders trace states to the built-in engine's
    layout; TLC prints variables in its own order. Parse and config errors raise ParseError and
    ConfigError with a position, like the built-in engine; unreadable trace values raise
    TLCValueError. A violated property keeps the name TLC prints, as the built-in engine gives
    it (a source range, ``R!NoSteal``; positions.property_of tells the cfg's PROPERTY); several
    (``A and B``, ``A, B, and C``) become the built-in engine's ``A, B``. ``spec``, ``config`` and
    ``lib`` locate the model, whose names TLC prints sets and records in the order of.
    """
    report = Report(model=model, engine="tlc", complete=False, verdict=Verdict.ERROR,
                    message="TLC ended without a verdict (no success or violation message)")
    if spec is not None and config is not None:
        _read_names(Path(spec), config, lib)
    trace_msgs: list[Message] = []
    errors: list[Message] = []
    for msg in out.messages:
        code = msg.code
        if code == VERSION:
            report.extra["tlc_version"] = msg.one_line()
        elif code == MODE:
            report.extra["mode"] = msg.one_line()
        elif code == INIT_DONE:
            report.extra["initial_states"] = _initial_states(msg.text)
        elif code == STATS:
            counts = _COUNTS.search(msg.text)
            if counts:
                report.generated, report.distinct, report.queue = (_int(g) for g in counts.groups())
        elif code == DEPTH:
            depth = _DEPTH.search(msg.text)
            report.depth = int(depth.group(1)) if depth else report.depth
        elif code == FINISHED:
            ms = _FINISHED.search(msg.text)
            report.seconds = int(ms.group(1)) / 1000.0 if ms else report.seconds
        elif code == SUCCESS:
            report.verdict, report.message = Verdict.OK, None
        elif code in TRACE_HEADERS or code in (STATE, BACK_TO, STUTTERING):
            trace_msgs.append(msg)
        elif code == PARSE_ERROR:
            raise _parse_error(out, msg, spec)
        elif code == CONFIG_ERROR:
            raise ConfigError(msg.one_line(), _config_pos(msg.one_line(), config))
        elif msg.severity == SEVERITY_ERROR:
            errors.append(msg)
    violations = [(v, m) for v, m in ((_violation(m), m) for m in errors) if v is not None]
    if violations:
        (report.verdict, report.violated), report.message = violations[0][0], None
        if report.verdict in (Verdict.ASSUMPTION, Verdict.POSTCONDITION):
            report.message = violations[0][1].one_line()
        elif report.verdict is Verdict.TEMPORAL_PROPERTY and report.violated is not None:
            report.violated = PROPERTY_SEPARATOR.join(n for n in _LISTED.split(report.violated) if n)
    elif errors:
        report.verdict, report.message = Verdict.ERROR, f"TLC: {errors[0].one_line()}"
    if trace_msgs:
        report.trace = _trace(out, trace_msgs, variables)
    # TLC runs to the end on success; a temporal violation found in the final liveness check
    # (empty queue) also comes after a complete search. Safety violations stop it early.
    report.complete = report.verdict is Verdict.OK or (report.verdict is Verdict.TEMPORAL_PROPERTY and report.queue == 0)
    return report


def parse_tool_output(text: str, model: str = "", variables: list[str] | None = None,
                      spec: str | None = None, config: str | None = None, lib: Sequence[Path] = ()) -> Report:
    """Read a whole ``-tool`` output (e.g. a recording) into a Report."""
    return build_report(ToolOutput(model or "TLC output").feed_text(text), model, variables, spec, config, lib)


def _read_names(spec: Path, config: str, lib: Sequence[Path]) -> None:
    """A trace's sets and records print in TLC's order of names, which the model's cfg and
    modules decide (tla/interning.py): read them as TLC did. A model that does not load leaves
    the order as it was (its errors are TLC's to report)."""
    try:
        cfg = parse_config_file(config)
        Loader([spec.parent, *lib]).load_root(spec)
    except (TLAError, OSError):
        return
    interning.read_cfg(cfg.interned)


def _initial_states(text: str) -> dict[str, int]:
    two = _INIT_TWO.search(text)
    if two:
        return {"generated": _int(two.group(1)), "distinct": _int(two.group(2))}
    one = _INIT_ONE.search(text)
    n = _int(one.group(1)) if one else 0
    return {"generated": n, "distinct": n}


def _config_pos(text: str, config: str | None) -> Pos:
    """TLC names the offending entry but not its place: find that name in the model file."""
    if config is None:
        return Pos("model.cfg", 1, 1)
    try:
        lines = Path(config).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return Pos(config, 1, 1)
    for word in re.findall(r"[A-Za-z_]\w*", text):
        if word.islower() or word in ("The", "TLC"):
            continue  # prose, not a name from the model
        for i, ln in enumerate(lines, 1):
            m = re.search(rf"\b{re.escape(word)}\b", ln)
            if m:
                return Pos(config, i, m.start() + 1)
    return Pos(config, 1, 1)


def _violation(msg: Message) -> tuple[Verdict, str | None] | None:
    first = msg.lines[0].strip() if msg.lines else ""
    for pattern, verdict in _VIOLATIONS:
        m = pattern.search(first)
        if m:
            return verdict, (m.group(1) if m.groups() else None)
    return None


def _parse_error(out: ToolOutput, msg: Message, spec: str | None) -> ParseError:
    """SANY prints its diagnosis as plain text before message 3002: keep the first line that
    says what went wrong and the first position it names."""
    sany = [ln.strip() for ln in out.plain if ln.strip()]
    pos_match = next((m for m in (_SANY_POS.search(ln) for ln in sany) if m), None)
    pos = Pos(spec or "spec", int(pos_match.group(1)), int(pos_match.group(2))) if pos_match else \
        Pos(spec or "spec", 1, 1)
    detail = [ln for ln in sany if ln.startswith(("Was expecting", "Encountered", "Unknown operator",
                                                  "Multiply-defined", "Lexical error"))]
    if not detail:
        after = [ln for ln in sany if not ln.startswith(("Parsing file", "Semantic processing", "Linting"))]
        detail = after[:1] or [msg.one_line()]
    return ParseError("SANY: " + "; ".join(detail[:2]), pos)


def _trace(out: ToolOutput, msgs: list[Message], variables: list[str] | None) -> Trace:
    """States (2217) with their actions, and the lasso end: back to state (2122) or stuttering
    (2218). Values are read in one batch."""
    heads: list[str | None] = []
    texts: list[str] = []
    where: list[str] = []
    layout: list[list[str]] = []
    loop: str | None = None
    back_to: int | None = None
    for msg in msgs:
        head = _STATE_HEAD.match(msg.lines[0].strip()) if msg.lines else None
        if msg.code == STATE:
            if head is None or int(head.group(1)) != len(heads) + 1:
                raise TLCValueError(f"{out.source}:{msg.line_no}: trace state {len(heads) + 1} expected, "
                                    f"got {msg.lines[:1]!r}")
            action = head.group(2).strip()
            heads.append(None if action == "<Initial predicate>" else action.removeprefix("<").removesuffix(">"))
            names = []
            for name, text in _assignments(msg.lines[1:], out.source, msg.line_no):
                names.append(name)
                texts.append(text)
                where.append(f"{out.source}:{msg.line_no} (state {len(heads)}, {name})")
            layout.append(names)
        elif msg.code == BACK_TO and head is not None:
            loop, back_to = "back_to", int(head.group(1))
        elif msg.code == STUTTERING:
            loop = "stuttering"
    values = iter(parse_values(texts, where))
    printed = layout[0] if layout else []
    order = variables or printed
    steps = []
    for k, (names, action) in enumerate(zip(layout, heads, strict=True)):
        state = dict(zip(names, values, strict=False))
        if set(state) != set(order) or len(names) != len(order):
            raise TLCValueError(f"{out.source}: trace state {k + 1} has variables {sorted(names)}, "
                                f"expected {sorted(order)}")
        steps.append(TraceStep(tuple(state[v] for v in order), action))
    return Trace(list(order), steps, loop=loop, back_to=back_to)


def _assignments(lines: list[str], source: str, line_no: int) -> list[tuple[str, str]]:
    """``/\\ name = value`` conjuncts, each value possibly continued on following lines; a state
    of one variable is printed as a bare ``name = value``."""
    groups: list[list[str]] = []
    for ln in lines:
        if not ln.strip():
            continue
        if ln.startswith("/\\ ") or not groups:
            groups.append([ln.removeprefix("/\\ ")])
        else:
            groups[-1].append(ln)
    out = []
    for g in groups:
        name, sep, first = g[0].partition(" = ")
        if not sep or not name.strip().isidentifier():
            raise TLCValueError(f"{source}:{line_no}: expected 'name = value' in a trace state, got {g[0]!r}")
        out.append((name.strip(), "\n".join([first, *g[1:]])))
    return out
