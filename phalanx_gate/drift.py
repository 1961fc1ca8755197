"""The drift gate: the reference engines' behaviour against the specs, as a CI check.

Two suites, one per engine and spec family (:data:`SUITES`):

- ``rrp``: the RRP engine's traces against spec/RRP.tla and its refinement spec/RRPResume.tla
  (the traces carry both specs' variables, see phalanx_ref/rrp_records.py): RRP checks the
  protocol, RRPResume also that every Restore loaded the newest manifest sealed below the new
  epoch, which RRP cannot see;
- ``lifecycle``: the lifecycle engine's traces (drain, defragmentation, resize, preemption,
  phalanx_ref/lifecycle_engine.py) against spec/RRPLifecycle.tla with its cfg's properties,
  RefinesRRP included (every lifecycle step is an RRP step, a widened one, or stutters on
  RRP's variables).

For each suite the gate replays the golden traces of ``traces/`` (a trace goes to the suite whose
engine records against the spec its header names), then fresh traces for several seeds on the
in-memory store, and on a throw-away etcd when the binary is there. It passes only with zero
divergences and every action of each spec's Next seen at least once (so a workload that stopped
exercising, say, Abort or Preempt fails the gate instead of passing vacuously).
"""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from phalanx_ref.lifecycle_engine import LifecycleEngine
from phalanx_ref.lifecycle_trace import LIFECYCLE_SPEC_PATH, record_lifecycle
from phalanx_ref.lifecycle_workload import LifecycleConfig
from phalanx_ref.rrp_records import Keys
from phalanx_ref.store.base import Store, StoreUnavailable
from phalanx_ref.store.etcd import EtcdStore
from phalanx_ref.store.etcd_server import EtcdServer, etcd_binary
from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.trace_emit import SPEC_PATH, record
from phalanx_verify.tla.errors import UsageError
from phalanx_verify.trace.cli import print_result, summary_line
from phalanx_verify.trace.format import TraceReader
from phalanx_verify.trace.replay import ModelCache, Replayer, ReplayResult

EXIT_GATE = 1
Recorder = Callable[[Store, Path, int, Keys | None], Any]
"""Runs one seeded workload on a store and writes its trace (a store outage past the workload's
retries raises StoreUnavailable)."""


@dataclass(frozen=True)
class Suite:
    """One engine and the specs its traces replay against. ``records`` is the spec file the
    engine's trace headers name (how a golden trace finds its suite); ``specs`` are paths
    relative to the project's root unless absolute; ``golden`` names its golden traces."""

    name: str
    records: str
    specs: tuple[Path, ...]
    record: Recorder
    golden: str

    def golden_name(self, seed: int) -> str:
        return f"{self.golden}{seed}.ndjson"


def _record_rrp(store: Store, path: Path, seed: int, keys: Keys | None) -> Any:
    return record(store, path, seed, keys=keys)


def lifecycle_recorder(cfg: LifecycleConfig | None = None,
                       engine_cls: type[LifecycleEngine] = LifecycleEngine) -> Recorder:
    """The lifecycle engine's runs (an engine subclass, such as a mutant, runs the same workload)."""
    def run(store: Store, path: Path, seed: int, keys: Keys | None) -> Any:
        return record_lifecycle(store, path, seed, cfg, engine_cls, keys)
    return run


SUITES: dict[str, Suite] = {
    "rrp": Suite("rrp", SPEC_PATH.name, (Path("spec/RRP.tla"), Path("spec/RRPResume.tla")), _record_rrp,
                 "memory-seed"),
    "lifecycle": Suite("lifecycle", LIFECYCLE_SPEC_PATH.name, (Path("spec/RRPLifecycle.tla"),),
                       lifecycle_recorder(), "lifecycle-seed"),
}


@dataclass
class DriftReport:
    results: list[tuple[str, ReplayResult]] = field(default_factory=list)
    required: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def actions(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for _, r in self.results:
            total.update(r.actions)
        return total

    def actions_of(self, spec: str) -> Counter[str]:
        """Steps per action in the replays against ``spec`` (the gate's coverage check is per
        spec: an action one spec never matched is a gap even if the other spec matched it)."""
        total: Counter[str] = Counter()
        for _, r in self.results:
            if r.spec == spec:
                total.update(r.actions)
        return total

    @property
    def divergent(self) -> list[ReplayResult]:
        return [r for _, r in self.results if r.divergences]

    @property
    def exit_code(self) -> int:
        if self.divergent:
            return self.divergent[0].exit_code
        return EXIT_GATE if self.problems else 0

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.exit_code == 0, "problems": self.problems, "actions": dict(self.actions),
                "traces": [{"source": src, **r.as_json()} for src, r in self.results]}


def run_drift(traces_dir: Path, seeds: int, first_seed: int, etcd_mode: str, suites: Sequence[Suite],
              keep: Path | None, echo: Callable[[str], None] = print) -> DriftReport:
    """Replay golden and fresh traces of each suite against its specs; see the module docstring."""
    if not suites:
        raise UsageError("no suite to run")
    for suite in suites:
        if not suite.specs:
            raise UsageError(f"suite {suite.name}: no spec to replay against")
        for spec in suite.specs:
            if not spec.exists():
                raise UsageError(f"spec {spec} not found")
    replayers = {s.name: [Replayer(ModelCache(spec)) for spec in s.specs] for s in suites}
    report = DriftReport()

    def check(suite: Suite, source: str, path: Path | None) -> None:
        if path is None:  # the store stayed unreachable: no trace, and the gate fails
            report.problems.append(f"{source} ({suite.name}): the store stayed unreachable; a fresh trace "
                                   "was not recorded")
            return
        for replayer in replayers[suite.name]:
            res = replayer.replay(path)
            report.results.append((source, res))
            print_result(res, False)

    golden = sorted(traces_dir.glob("*.ndjson")) if traces_dir.is_dir() else []
    if not golden:
        report.problems.append(f"no golden traces in {traces_dir}")
    selected = {s.name: s for s in suites}
    routed: Counter[str] = Counter()
    for path in golden:
        with TraceReader(str(path)) as r:
            recorded = Path(r.header.spec).name
        of = next((s for s in SUITES.values() if s.records == recorded), None)
        if of is None:
            report.problems.append(f"{path}: records against {recorded}, which no suite replays "
                                   f"(known: {', '.join(s.records for s in SUITES.values())})")
        elif of.name in selected:
            routed[of.name] += 1
            check(selected[of.name], "golden", path)
    report.problems += [f"no golden trace of the {name} engine in {traces_dir}" for name in selected
                        if golden and not routed[name]]
    _summary(report, "golden", echo)
    with tempfile.TemporaryDirectory(prefix="phalanx-drift-") as tmp:
        out = keep or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        seed_range = range(first_seed, first_seed + seeds)
        for suite in suites:
            for seed in seed_range:
                check(suite, "memory", _fresh(suite, MemoryStore(seed), out / f"memory-{suite.name}-{seed}.ndjson",
                                              seed))
        _summary(report, "memory", echo)
        if etcd_mode != "off":
            if etcd_binary() is None:
                msg = "etcd binary not found (apt-get install etcd-server): fresh etcd traces skipped"
                if etcd_mode == "require":
                    report.problems.append(msg)
                else:
                    echo(f"note: {msg}")
            else:
                with EtcdServer() as srv:
                    store = EtcdStore(srv.endpoint)
                    try:
                        for suite in suites:
                            for seed in seed_range:
                                check(suite, "etcd", _fresh(suite, store, out / f"etcd-{suite.name}-{seed}.ndjson",
                                                            seed, Keys(f"drift-{suite.name}{seed}/")))
                    finally:
                        store.close()
                _summary(report, "etcd", echo)
    _coverage(report)
    total_steps = sum(r.steps for _, r in report.results)
    echo(summary_line(f"drift ({len(report.results)} replays)", total_steps,
                      sum(r.seconds for _, r in report.results), dict(report.actions),
                      sum(len(r.divergences) for _, r in report.results)))
    for p in report.problems:
        echo(f"drift: FAIL: {p}")
    echo("drift: OK" if report.exit_code == 0 else "drift: FAILED")
    return report


def with_specs(suite: Suite, specs: Sequence[Path]) -> Suite:
    """``suite`` replayed against ``specs`` instead of its own (an empty list keeps its own)."""
    return replace(suite, specs=tuple(specs)) if specs else suite


def write_golden(traces_dir: Path, seeds: list[int], suites: Sequence[Suite] = tuple(SUITES.values())) -> list[Path]:
    """(Re)generate the golden traces: small in-memory runs, deterministic per seed."""
    traces_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for suite in suites:
        for seed in seeds:
            path = traces_dir / suite.golden_name(seed)
            suite.record(MemoryStore(seed), path, seed, None)
            written.append(path)
    return written


def _coverage(report: DriftReport) -> None:
    """Every action of each spec's Next must have been matched by some step replayed against it."""
    report.required = sorted({a for _, r in report.results for a in r.next_actions})
    for spec in sorted({r.spec for _, r in report.results}):
        of_spec = report.actions_of(spec)
        needed = sorted({a for _, r in report.results if r.spec == spec for a in r.next_actions})
        missing = [a for a in needed if not of_spec.get(a)]
        if missing:
            report.problems.append(f"action(s) of Next never seen: {', '.join(missing)} "
                                   f"(replaying against {Path(spec).name})")


def _fresh(suite: Suite, store: Store, path: Path, seed: int, keys: Keys | None = None) -> Path | None:
    """A fresh engine trace, or None when the store stayed unreachable past the workload's
    retries (the gate then fails with that problem instead of a traceback)."""
    try:
        suite.record(store, path, seed, keys)
    except StoreUnavailable:
        return None
    return path


def _summary(report: DriftReport, source: str, echo: Callable[[str], None]) -> None:
    """One line per spec for the traces of ``source``."""
    for spec in dict.fromkeys(r.spec for src, r in report.results if src == source):
        rs = [r for src, r in report.results if src == source and r.spec == spec]
        acts: Counter[str] = Counter()
        for r in rs:
            acts.update(r.actions)
        echo(summary_line(f"{source} vs {Path(spec).name} ({len(rs)} traces)", sum(r.steps for r in rs),
                          sum(r.seconds for r in rs), dict(acts), sum(len(r.divergences) for r in rs)))


__all__ = ["SUITES", "DriftReport", "Suite", "lifecycle_recorder", "run_drift", "with_specs", "write_golden"]
