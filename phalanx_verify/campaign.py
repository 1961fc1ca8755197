"""TLC-compatible campaigns: every model and mutant of a campaign file, checked and compared
with its expected verdict (and TLC's counts where the reference run completed).

A campaign file (TOML) lists ``[[model]]`` runs and names a mutant manifest whose
``[[mutant]]`` entries each carry ``[[mutant.run]]`` expectations per model. Paths are relative
to the file that names them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .check.report import Report
from .check.run import check_files
from .tla.errors import ConfigError
from .tla.syntax import Pos

_VERDICTS = {"ok", "deadlock", "invariant", "action_property", "temporal_property", "error"}


@dataclass
class Expectation:
    verdict: str
    violated: str | None = None
    generated: int | None = None
    distinct: int | None = None
    depth: int | None = None
    trace_length: int | None = None
    source: str = ""


@dataclass
class Run:
    name: str
    spec: Path
    config: Path
    expect: Expectation
    tags: list[str] = field(default_factory=list)
    note: str = ""


@dataclass
class Outcome:
    run: Run
    report: Report
    problems: list[str]

    @property
    def passed(self) -> bool:
        return not self.problems


def _expectation(raw: dict[str, Any], where: str) -> Expectation:
    verdict = raw.get("verdict")
    if verdict not in _VERDICTS:
        raise ConfigError(f"{where}: verdict must be one of {sorted(_VERDICTS)}, got {verdict!r}")
    known = {"verdict", "violated", "generated", "distinct", "depth", "trace_length", "source"}
    unknown = set(raw) - known
    if unknown:
        raise ConfigError(f"{where}: unknown expectation keys {sorted(unknown)}")
    return Expectation(**raw)


def load_campaign(path: str | Path) -> list[Run]:
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read campaign {p}: {exc.strerror}", Pos(str(p), 1, 1)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"campaign {p} is not valid TOML: {exc}", Pos(str(p), 1, 1)) from None
    runs: list[Run] = []
    for i, m in enumerate(data.get("model", [])):
        where = f"{p}: model #{i + 1}"
        try:
            runs.append(Run(m["name"], p.parent / m["spec"], p.parent / m["config"],
                            _expectation(m.get("expect", {}), where), m.get("tags", []), m.get("note", "")))
        except KeyError as exc:
            raise ConfigError(f"{where}: missing key {exc}", Pos(str(p), 1, 1)) from None
    if "mutants" in data:
        runs.extend(load_mutants(p.parent / data["mutants"]))
    return runs


def load_mutants(path: Path) -> list[Run]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read mutant manifest {path}: {exc.strerror}", Pos(str(path), 1, 1)) from None
    runs = []
    for m in data.get("mutant", []):
        for r in m.get("run", []):
            where = f"{path}: mutant {m.get('name')}"
            expect = {k: v for k, v in r.items() if k not in ("config", "model", "tags")}
            runs.append(Run(f"{m['name']} ({r['model']})", path.parent / m["module"], path.parent / r["config"],
                            _expectation(expect, where), r.get("tags", []), m.get("change", "")))
    return runs


def compare(run: Run, report: Report) -> list[str]:
    e = run.expect
    problems = []
    if report.verdict != e.verdict:
        problems.append(f"verdict {report.verdict} (expected {e.verdict})")
    if e.violated and report.violated != e.violated:
        problems.append(f"violated {report.violated} (expected {e.violated})")
    if report.complete:
        for key in ("generated", "distinct", "depth"):
            want = getattr(e, key)
            got = getattr(report, key)
            if want is not None and want != got:
                problems.append(f"{key} {got:,} (expected {want:,})")
    if e.trace_length is not None:
        got_len = len(report.trace.steps) if report.trace else 0
        if got_len != e.trace_length:
            problems.append(f"trace length {got_len} (expected {e.trace_length})")
    if report.verdict == "error" and report.message:
        problems.append(report.message)
    return problems


def run_campaign(runs: list[Run], progress: Callable[[Run], Callable[[dict], None] | None] | None = None,
                 on_done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    outcomes = []
    for run in runs:
        report = check_files(run.spec, run.config, progress=progress(run) if progress else None)
        report.model = run.name
        outcome = Outcome(run, report, compare(run, report))
        outcomes.append(outcome)
        if on_done:
            on_done(outcome)
    return outcomes
