"""TLC-compatible campaigns: every model and mutant of a campaign file, checked and compared
with its expected verdict (and TLC's counts where the reference run completed).

A campaign file (TOML) declares ``[[properties]]`` sets, lists ``[[model]]`` runs and names a
mutant manifest whose ``[[mutant]]`` entries each carry ``[[mutant.run]]`` expectations per model
and property set. Paths are relative to the file that names them.

Property sets exist so that a campaign can show what a property set fails to catch: every mutant
is reported killed or survived under each set. A set that ``extends`` another is that set plus
more properties, and its runs check only the added ones: a conjunction of properties fails iff
one conjunct does, so the union's verdict is the added run's violation or else the base set's,
and the base set's liveness check (the expensive part) is not repeated. A set marked
``must_kill`` is the one every mutant must die under unless the manifest argues it equivalent;
the manifest is rejected otherwise, so a surviving mutant is never left unexplained.
"""

from __future__ import annotations

import multiprocessing
import tomllib
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .check.report import Report
from .check.run import check_files
from .tla.errors import ConfigError
from .tla.syntax import Pos
from .tlc.agree import engine_differences
from .tlc.run import TLCOptions, run_tlc

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
class PropertySet:
    name: str
    about: str = ""
    extends: str | None = None      # the set this one adds properties to
    must_kill: bool = False         # every mutant not argued equivalent dies under this set


@dataclass
class Run:
    name: str
    spec: Path
    config: Path
    expect: Expectation
    tags: list[str] = field(default_factory=list)
    note: str = ""
    properties: str = ""            # the property set the run's config checks
    mutant: str | None = None       # the mutant's name, None for a model of the spec itself
    model: str = ""                 # the model's label within a mutant ("6 leaves")
    tlc: dict[str, Any] = field(default_factory=dict)  # TLC options for this run (real-TLC engine)
    # Module directories searched after the spec's own: the campaign file's directory, so a
    # mutant in spec/mutants/ that INSTANCEs RRP finds spec/RRP.tla (TLC: TLA-Library).
    lib: tuple[Path, ...] = ()


@dataclass
class Campaign:
    runs: list[Run]
    property_sets: list[PropertySet]
    tlc: TLCOptions = field(default_factory=TLCOptions)   # the file's [tlc] table


@dataclass
class SetVerdict:
    """A mutant on one model under one property set: killed or not, by what, and which run said so
    (``via`` names the base set when the verdict comes from the set this one extends)."""

    killed: bool
    violated: str | None = None
    trace_length: int | None = None
    via: str | None = None


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


def _read_toml(p: Path, what: str) -> dict[str, Any]:
    try:
        return tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read {what} {p}: {exc.strerror}", Pos(str(p), 1, 1)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{what} {p} is not valid TOML: {exc}", Pos(str(p), 1, 1)) from None


def _property_sets(raw: list[dict[str, Any]], p: Path) -> list[PropertySet]:
    sets: list[PropertySet] = []
    for i, s in enumerate(raw):
        where = f"{p}: properties #{i + 1}"
        unknown = set(s) - {"name", "about", "extends", "must_kill"}
        if "name" not in s or unknown:
            raise ConfigError(f"{where}: needs a name; unknown keys {sorted(unknown)}", Pos(str(p), 1, 1))
        if s.get("extends") not in (None, *(x.name for x in sets)):
            raise ConfigError(f"{where}: extends {s['extends']!r}, which is not declared before it",
                              Pos(str(p), 1, 1))
        sets.append(PropertySet(s["name"], s.get("about", ""), s.get("extends"), bool(s.get("must_kill"))))
    return sets or [PropertySet("default")]


def load_campaign(path: str | Path) -> Campaign:
    p = Path(path)
    data = _read_toml(p, "campaign")
    sets = _property_sets(data.get("properties", []), p)
    names = [s.name for s in sets]
    runs: list[Run] = []
    for i, m in enumerate(data.get("model", [])):
        where = f"{p}: model #{i + 1}"
        try:
            runs.append(Run(m["name"], p.parent / m["spec"], p.parent / m["config"],
                            _expectation(m.get("expect", {}), where), m.get("tags", []), m.get("note", ""),
                            _set_name(m, names, where), model=m["name"], tlc=m.get("tlc", {})))
        except KeyError as exc:
            raise ConfigError(f"{where}: missing key {exc}", Pos(str(p), 1, 1)) from None
    if "mutants" in data:
        runs.extend(load_mutants(p.parent / data["mutants"], sets))
    for run in runs:
        run.lib = (p.parent,)
    tlc = TLCOptions.from_mapping(data.get("tlc", {}), f"{p} [tlc]")
    for run in runs:  # a typo in a run's TLC options is reported now, not after hours of checking
        TLCOptions.from_mapping(run.tlc, f"{run.name} tlc", base=tlc)
    return Campaign(runs, sets, tlc)


def _set_name(raw: dict[str, Any], names: list[str], where: str) -> str:
    name = raw.get("properties", names[0] if len(names) == 1 else None)
    if name not in names:
        raise ConfigError(f"{where}: properties must be one of {names}, got {name!r}")
    return name


def closure(sets: list[PropertySet], name: str) -> list[str]:
    """The set and every set it extends, nearest first."""
    by_name = {s.name: s for s in sets}
    out = [name]
    while by_name[out[-1]].extends is not None:
        out.append(by_name[out[-1]].extends)  # type: ignore[arg-type]
    return out


def load_mutants(path: Path, sets: list[PropertySet]) -> list[Run]:
    data = _read_toml(path, "mutant manifest")
    names = [s.name for s in sets]
    runs = []
    for m in data.get("mutant", []):
        where = f"{path}: mutant {m.get('name')}"
        try:
            mruns = []
            for r in m.get("run", []):
                props = _set_name(r, names, where)
                expect = {k: v for k, v in r.items() if k not in ("config", "model", "tags", "properties", "tlc")}
                mruns.append(Run(f"{m['name']} ({r['model']}, {props})", path.parent / m["module"],
                                 path.parent / r["config"], _expectation(expect, where), r.get("tags", []),
                                 m.get("change", ""), props, m["name"], r["model"], r.get("tlc", {})))
        except KeyError as exc:
            raise ConfigError(f"{where}: missing key {exc}", Pos(str(path), 1, 1)) from None
        _check_kill_claim(m, mruns, sets, where)
        runs.extend(mruns)
    return runs


def _check_kill_claim(m: dict[str, Any], runs: list[Run], sets: list[PropertySet], where: str) -> None:
    """A mutant either dies under every must_kill set on some model, or carries the argument that
    it is equivalent (and then dies nowhere)."""
    killed_by = {r.properties for r in runs if r.expect.verdict != "ok"}
    for s in sets:
        if not s.must_kill:
            continue
        killed = bool(killed_by & set(closure(sets, s.name)))
        if not killed and not m.get("equivalent"):
            raise ConfigError(f"{where}: survives property set {s.name} on every model; kill it or "
                              "argue it equivalent (key `equivalent`)")
        if killed and m.get("equivalent"):
            raise ConfigError(f"{where}: argued equivalent, yet expected to be killed under {s.name}")


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


def check_run(run: Run, engine: str = "builtin", tlc: TLCOptions | None = None,
              progress: Callable[[dict], None] | None = None) -> tuple[Report, list[str]]:
    """One run on the chosen engine: its report and every difference from the expectation
    (with ``both``, also every disagreement between the built-in engine and real TLC)."""
    opts = TLCOptions.from_mapping(run.tlc, f"{run.name} tlc", base=tlc) if engine != "builtin" else None
    if engine == "tlc":
        report = run_tlc(run.spec, run.config, opts, progress=progress, lib=run.lib)
    else:
        report = check_files(run.spec, run.config, progress=progress, lib=run.lib)
    report.model = run.name
    problems = compare(run, report)
    if engine == "both":
        other = run_tlc(run.spec, run.config, opts, progress=progress, lib=run.lib)
        problems += [f"engine agreement: {d}" for d in engine_differences(report, other)]
        report.extra["tlc"] = other.to_json()
    return report, problems


def _check_run_in_child(args: tuple[Run, str, TLCOptions | None]) -> tuple[Report, list[str]]:
    run, engine, tlc = args
    return check_run(run, engine, tlc)


def run_campaign(runs: list[Run], progress: Callable[[Run], Callable[[dict], None] | None] | None = None,
                 on_done: Callable[[Outcome], None] | None = None, engine: str = "builtin",
                 tlc: TLCOptions | None = None, jobs: int = 1) -> list[Outcome]:
    """Check every run. With ``jobs`` > 1 runs are checked side by side in worker processes
    (one model per process: the search itself is single-threaded, the campaign is not);
    progress lines are then not shown, only each run's completion."""
    outcomes: list[Outcome] = []

    def finish(run: Run, result: tuple[Report, list[str]]) -> None:
        outcome = Outcome(run, *result)
        outcomes.append(outcome)
        if on_done:
            on_done(outcome)

    if jobs <= 1 or len(runs) <= 1:
        for run in runs:
            finish(run, check_run(run, engine, tlc, progress(run) if progress else None))
        return outcomes
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        futures = {pool.submit(_check_run_in_child, (run, engine, tlc)): run for run in runs}
        for fut in as_completed(futures):
            finish(futures[fut], fut.result())
    order = {id(r): i for i, r in enumerate(runs)}
    outcomes.sort(key=lambda o: order[id(o.run)])
    return outcomes


def set_verdicts(outcomes: list[Outcome], sets: list[PropertySet]) -> dict[tuple[str, str], dict[str, SetVerdict]]:
    """For each (mutant, model) the verdict under each property set: killed if its own run or a run
    of a set it extends found a violation (see the module docstring); survived if all those runs
    ran and found none; absent if that cannot be told from the runs selected."""
    own: dict[tuple[str, str], dict[str, SetVerdict]] = {}
    for o in outcomes:
        if o.run.mutant is None:
            continue
        r = o.report
        killed = r.verdict != "ok"
        own.setdefault((o.run.mutant, o.run.model), {})[o.run.properties] = SetVerdict(
            killed, (r.violated or r.verdict) if killed else None,
            len(r.trace.steps) if killed and r.trace else None)
    out: dict[tuple[str, str], dict[str, SetVerdict]] = {}
    for key, runs in own.items():
        row: dict[str, SetVerdict] = {}
        for s in sets:
            names = closure(sets, s.name)
            chain = [runs.get(n) for n in names]
            hit = next(((n, v) for n, v in zip(names, chain, strict=True) if v and v.killed), None)
            if hit is not None:
                name, v = hit
                row[s.name] = SetVerdict(True, v.violated, v.trace_length, None if name == s.name else name)
            elif all(v is not None for v in chain):
                row[s.name] = SetVerdict(False)
        out[key] = row
    return out
