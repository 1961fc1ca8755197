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

import functools
import multiprocessing
import os
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

from .boundary import load_guarded
from .check.coverage import Coverage
from .check.model import load_model
from .check.report import Report, Verdict
from .check.run import check_model
from .executor import dask_results
from .tla.config import parse_config_file
from .tla.errors import ConfigError, ParseError, SemanticError, TLAError
from .tlc.agree import engine_differences
from .tlc.positions import property_of
from .tlc.run import TLCFailure, TLCOptions, run_tlc
from .tomlfile import KeyPath, TomlFile, type_name

_VERDICTS = [Verdict.OK, Verdict.DEADLOCK, Verdict.INVARIANT, Verdict.ACTION_PROPERTY, Verdict.TEMPORAL_PROPERTY,
             Verdict.ERROR]
"""The verdicts a campaign run may expect."""


@dataclass
class Expectation:
    verdict: Verdict
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
    coverage: bool = False          # count what each action did (TLC's -coverage; built-in engine)


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


_EXPECT_INTS = ("generated", "distinct", "depth", "trace_length")
_EXPECT_KEYS = ("verdict", "violated", *_EXPECT_INTS, "source")
_RUN_KEYS = ("config", "model", "tags", "properties", "tlc")
_TLC_TYPES = get_type_hints(TLCOptions)


def _expectation(f: TomlFile, raw: dict[str, Any], path: KeyPath) -> Expectation:
    verdict = f.get(raw, "verdict", path, str)
    if verdict not in _VERDICTS:
        raise f.error((*path, "verdict"), f"must be one of {', '.join(sorted(_VERDICTS))}, got {verdict!r}")
    verdict = Verdict(verdict)
    f.only_keys(raw, _EXPECT_KEYS, path)
    counts = {k: f.get(raw, k, path, int, None) for k in _EXPECT_INTS}
    for k, v in counts.items():
        if v is not None and v < 0:
            raise f.error((*path, k), f"must not be negative, got {v}")
    return Expectation(verdict, f.get(raw, "violated", path, str, None), source=f.get(raw, "source", path, str, ""),
                       **counts)


def _hint_matches(value: Any, hint: Any) -> bool:
    """Does a TOML value fit a TLCOptions field's type hint (bool is not an int; an int is a float)?"""
    if get_origin(hint) in (Union, UnionType):
        return any(_hint_matches(value, h) for h in get_args(hint))
    if get_origin(hint) is list:
        return isinstance(value, list) and all(_hint_matches(v, get_args(hint)[0]) for v in value)
    if hint in (int, float) and isinstance(value, bool):
        return False
    return isinstance(value, (int, float) if hint is float else hint)


def _tlc_table(f: TomlFile, table: dict[str, Any], path: KeyPath) -> dict[str, Any]:
    """A ``tlc`` table of TLC options, every key known and of its field's type."""
    raw = f.get(table, "tlc", path, dict, {})
    for key, value in raw.items():
        name = key.replace("-", "_")
        if name not in _TLC_TYPES:
            raise f.error((*path, "tlc", key), f"unknown TLC option (known: {', '.join(sorted(_TLC_TYPES))})")
        if not _hint_matches(value, _TLC_TYPES[name]):
            raise f.error((*path, "tlc", key), f"must be {_TLC_TYPES[name]}, got {type_name(value)}")
    return raw


def _property_sets(f: TomlFile) -> list[PropertySet]:
    sets: list[PropertySet] = []
    for i, s in enumerate(f.tables(f.data, "properties", ())):
        path: KeyPath = ("properties", i)
        f.only_keys(s, ("name", "about", "extends", "must_kill"), path)
        extends = f.get(s, "extends", path, str, None)
        if extends not in (None, *(x.name for x in sets)):
            raise f.error((*path, "extends"), f"{extends!r} is not a property set declared before it")
        sets.append(PropertySet(f.get(s, "name", path, str), f.get(s, "about", path, str, ""), extends,
                                f.get(s, "must_kill", path, bool, False)))
    return sets or [PropertySet("default")]


def load_campaign(path: str | Path) -> Campaign:
    """The runs of a campaign file and of the mutant manifest it names. Every path in either file
    must stay inside the campaign file's folder; every failure is a positioned ConfigError."""
    f = TomlFile(path, "campaign")
    root = f.path.parent
    f.only_keys(f.data, ("mutants", "properties", "model", "tlc"), ())
    sets = _property_sets(f)
    names = [s.name for s in sets]
    runs: list[Run] = []
    for i, m in enumerate(f.tables(f.data, "model", ())):
        where: KeyPath = ("model", i)
        f.only_keys(m, ("name", "spec", "config", "expect", "tags", "note", "properties", "tlc"), where)
        name = f.get(m, "name", where, str)
        runs.append(Run(name, f.inside(f.get(m, "spec", where, str), (*where, "spec"), root, ".tla"),
                        f.inside(f.get(m, "config", where, str), (*where, "config"), root, ".cfg"),
                        _expectation(f, f.get(m, "expect", where, dict), (*where, "expect")),
                        f.strings(m, "tags", where), f.get(m, "note", where, str, ""),
                        _set_name(f, m, names, where), model=name, tlc=_tlc_table(f, m, where)))
    mutants = f.get(f.data, "mutants", (), str, None)
    if mutants is not None:
        runs.extend(load_mutants(f.inside(mutants, ("mutants",), root, ".toml"), sets, root))
    for run in runs:
        run.lib = (root,)
    tlc = TLCOptions.from_mapping(_tlc_table(f, f.data, ()), f"{f.path} [tlc]")
    for run in runs:  # a typo in a run's TLC options is reported now, not after hours of checking
        TLCOptions.from_mapping(run.tlc, f"{run.name} tlc", base=tlc)
    return Campaign(runs, sets, tlc)


def _set_name(f: TomlFile, raw: dict[str, Any], names: list[str], path: KeyPath) -> str:
    name = f.get(raw, "properties", path, str, names[0] if len(names) == 1 else None)
    if name not in names:
        raise f.error((*path, "properties"), f"must be one of {', '.join(names)}, got {name!r}")
    return name


def closure(sets: list[PropertySet], name: str) -> list[str]:
    """The set and every set it extends, nearest first."""
    by_name = {s.name: s for s in sets}
    out = [name]
    while by_name[out[-1]].extends is not None:
        out.append(by_name[out[-1]].extends)  # type: ignore[arg-type]
    return out


def load_mutants(path: Path, sets: list[PropertySet], root: Path | None = None) -> list[Run]:
    """The runs of a mutant manifest; its paths must stay under ``root`` (default: its folder)."""
    f = TomlFile(path, "mutant manifest")
    root = root or f.path.parent
    f.only_keys(f.data, ("mutant",), ())
    names = [s.name for s in sets]
    runs = []
    for i, m in enumerate(f.tables(f.data, "mutant", ())):
        where: KeyPath = ("mutant", i)
        f.only_keys(m, ("name", "module", "change", "equivalent", "run"), where)
        name = f.get(m, "name", where, str)
        module = f.inside(f.get(m, "module", where, str), (*where, "module"), root, ".tla")
        change = f.get(m, "change", where, str, "")
        mruns = []
        for k, r in enumerate(f.tables(m, "run", where)):
            at: KeyPath = (*where, "run", k)
            props = _set_name(f, r, names, at)
            model = f.get(r, "model", at, str)
            expect = {key: v for key, v in r.items() if key not in _RUN_KEYS}
            mruns.append(Run(f"{name} ({model}, {props})", module,
                             f.inside(f.get(r, "config", at, str), (*at, "config"), root, ".cfg"),
                             _expectation(f, expect, at), f.strings(r, "tags", at), change, props, name, model,
                             _tlc_table(f, r, at)))
        _check_kill_claim(f, m, mruns, sets, where)
        runs.extend(mruns)
    return runs


def _check_kill_claim(f: TomlFile, m: dict[str, Any], runs: list[Run], sets: list[PropertySet],
                      where: KeyPath) -> None:
    """A mutant either dies under every must_kill set on some model, or carries the argument that
    it is equivalent (and then dies nowhere)."""
    killed_by = {r.properties for r in runs if r.expect.verdict is not Verdict.OK}
    equivalent = f.get(m, "equivalent", where, str, "")
    for s in sets:
        if not s.must_kill:
            continue
        killed = bool(killed_by & set(closure(sets, s.name)))
        if not killed and not equivalent:
            raise f.error(where, f"mutant {m['name']} survives property set {s.name} on every model; kill it "
                                 "or argue it equivalent (key `equivalent`)")
        if killed and equivalent:
            raise f.error(where, f"mutant {m['name']} is argued equivalent, yet expected to be killed under "
                                 f"{s.name}")


def violated_property(run: Run, report: Report) -> str | None:
    """What a run's violation is a kill by, as expectations name it: the cfg's PROPERTY that the
    name of a violated action or temporal property stands for (both engines give TLC's, which
    may be a source range inside it or a definition it reaches, such as R!NoSteal), else the
    name reported (an invariant's, or one no PROPERTY contains)."""
    name = report.violated
    if name is None or report.verdict not in (Verdict.ACTION_PROPERTY, Verdict.TEMPORAL_PROPERTY):
        return name
    return _property_named(run.spec, run.config, run.lib, name) or name


@functools.lru_cache(maxsize=256)
def _property_named(spec: Path, config: Path, lib: tuple[Path, ...], name: str) -> str | None:
    """The cfg's PROPERTY that TLC's ``name`` stands for (tlc/positions.property_of), None if
    none. Remembered: a campaign asks for each run's twice (compare, set_verdicts), and each
    answer reads the cfg and parses the spec."""
    try:
        properties = parse_config_file(config).properties
    except TLAError:
        return None
    return property_of(spec, properties, name, lib)


def compare(run: Run, report: Report) -> list[str]:
    e = run.expect
    problems = []
    if report.verdict != e.verdict:
        problems.append(f"verdict {report.verdict} (expected {e.verdict})")
    if e.violated and violated_property(run, report) != e.violated:
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
    if report.verdict is Verdict.ERROR and report.message:
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
        try:
            model = load_guarded(lambda: load_model(run.spec, run.config, run.lib), run.spec, run.config)
        except (ParseError, SemanticError, ConfigError) as err:  # this run fails; the campaign goes on
            report = Report(model=run.name, verdict=Verdict.ERROR, message=err.line(), complete=False)
            return report, compare(run, report)
        coverage = Coverage(model) if run.coverage else None
        report = check_model(model, progress=progress, observer=coverage)
        if coverage is not None:
            report.extra["coverage"] = coverage.finish().to_json()
    report.model = run.name
    problems = compare(run, report)
    if engine == "both":
        other = run_tlc(run.spec, run.config, opts, progress=progress, lib=run.lib)
        problems += [f"engine agreement: {d}" for d in engine_differences(report, other)]
        report.extra["tlc"] = other.to_json()
    return report, problems


class CampaignInterrupted(Exception):
    """Ctrl-C during a campaign: ``outcomes`` holds the runs that finished, in campaign order."""

    def __init__(self, outcomes: list[Outcome]) -> None:
        super().__init__("campaign interrupted")
        self.outcomes = outcomes


def _ignore_sigint() -> None:
    """In a worker: Ctrl-C (sent to the whole process group) is the parent's to handle, which
    then ends every worker; a worker that caught it would report the run failed and take the next."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _check_run_in_child(args: tuple[int, Run, str, TLCOptions | None]) -> tuple[int, tuple[Report, list[str]]]:
    i, run, engine, tlc = args
    try:
        return i, check_run(run, engine, tlc)
    except TLCFailure as e:
        if e.exit_code == 128 + signal.SIGTERM:  # the pool is ending this worker and TLC is ended:
            os._exit(e.exit_code)                # leave, or the pool would wait for it forever
        raise


def run_campaign(runs: list[Run], progress: Callable[[Run], Callable[[dict], None] | None] | None = None,
                 on_done: Callable[[Outcome], None] | None = None, engine: str = "builtin",
                 tlc: TLCOptions | None = None, jobs: int = 1, executor: str = "local",
                 address: str | None = None) -> list[Outcome]:
    """Check every run. With ``jobs`` > 1 runs are checked side by side in worker processes
    (one model per process: the search itself is single-threaded, the campaign is not);
    progress lines are then not shown, only each run's completion. ``executor`` "dask" sends
    the runs to a Dask cluster (at ``address``, else a local one of ``jobs`` processes; see
    executor.py). Ctrl-C ends the workers at once and raises CampaignInterrupted with the
    outcomes of the runs that finished."""
    outcomes: list[Outcome] = []

    def finish(run: Run, result: tuple[Report, list[str]]) -> None:
        outcome = Outcome(run, *result)
        outcomes.append(outcome)
        if on_done:
            on_done(outcome)

    order = {id(r): i for i, r in enumerate(runs)}
    try:
        if executor == "dask":
            for i, result in dask_results(_check_run_in_child, [(i, r, engine, tlc) for i, r in enumerate(runs)],
                                          address, jobs):
                finish(runs[i], result)
        elif jobs <= 1 or len(runs) <= 1:
            for run in runs:
                result = check_run(run, engine, tlc, progress(run) if progress else None)
                if result[0].extra.get("interrupted"):  # the search caught the Ctrl-C itself
                    raise KeyboardInterrupt
                finish(run, result)
        else:
            with multiprocessing.get_context("fork").Pool(min(jobs, len(runs)), _ignore_sigint) as pool:
                try:
                    for i, result in pool.imap_unordered(_check_run_in_child,
                                                         [(i, r, engine, tlc) for i, r in enumerate(runs)]):
                        finish(runs[i], result)
                except KeyboardInterrupt:
                    pool.terminate()  # SIGTERM to every worker, then joined: nothing keeps running
                    raise
    except KeyboardInterrupt:
        outcomes.sort(key=lambda o: order[id(o.run)])
        raise CampaignInterrupted(outcomes) from None
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
        killed = r.verdict is not Verdict.OK
        own.setdefault((o.run.mutant, o.run.model), {})[o.run.properties] = SetVerdict(
            killed, (violated_property(o.run, r) or r.verdict) if killed else None,
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
