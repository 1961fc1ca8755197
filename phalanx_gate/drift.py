"""The drift gate: the reference engine's behaviour against the spec, as a CI check.

Replays the golden traces in ``traces/``, then generates fresh traces from the engine
(phalanx_ref) for several seeds on the in-memory store, and on a throw-away etcd when the
binary is there, and replays them too. Each trace is replayed against every spec given, by
default spec/RRP.tla and its refinement spec/RRPResume.tla (the traces carry both specs'
variables, see phalanx_ref/rrp_records.py): RRP checks the protocol, RRPResume also checks that
every Restore loaded the newest manifest sealed below the new epoch, which RRP cannot see. It
passes only with zero divergences and every action of each spec's Next seen at least once (so a
workload that stopped exercising, say, Abort fails the gate instead of passing vacuously).
"""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from phalanx_ref.rrp_records import Keys
from phalanx_ref.store.base import Store, StoreUnavailable
from phalanx_ref.store.etcd_server import EtcdServer, etcd_binary
from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.trace_emit import record
from phalanx_verify.tla.errors import UsageError
from phalanx_verify.trace.cli import print_result, summary_line
from phalanx_verify.trace.replay import ModelCache, Replayer, ReplayResult

EXIT_GATE = 1
DEFAULT_SPECS = (Path("spec/RRP.tla"), Path("spec/RRPResume.tla"))


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


def run_drift(traces_dir: Path, seeds: int, first_seed: int, etcd_mode: str, specs: Sequence[Path],
              keep: Path | None, echo: Callable[[str], None] = print) -> DriftReport:
    """Replay golden and fresh traces against each of ``specs``; see the module docstring."""
    if not specs:
        raise UsageError("no spec to replay against")
    for spec in specs:
        if not spec.exists():
            raise UsageError(f"spec {spec} not found")
    replayers = [Replayer(ModelCache(spec)) for spec in specs]
    report = DriftReport()

    def check(source: str, path: Path | None) -> None:
        if path is None:  # the store stayed unreachable: no trace, and the gate fails
            report.problems.append(f"{source}: the store stayed unreachable; a fresh trace was not recorded")
            return
        for replayer in replayers:
            res = replayer.replay(path)
            report.results.append((source, res))
            print_result(res, False)

    golden = sorted(traces_dir.glob("*.ndjson")) if traces_dir.is_dir() else []
    if not golden:
        report.problems.append(f"no golden traces in {traces_dir}")
    for path in golden:
        check("golden", path)
    _summary(report, "golden", echo)
    with tempfile.TemporaryDirectory(prefix="phalanx-drift-") as tmp:
        out = keep or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        seed_range = range(first_seed, first_seed + seeds)
        for seed in seed_range:
            check("memory", _fresh(MemoryStore(seed), out / f"memory-{seed}.ndjson", seed))
        _summary(report, "memory", echo)
        if etcd_mode != "off":
            if etcd_binary() is None:
                msg = "etcd binary not found (apt-get install etcd-server): fresh etcd traces skipped"
                if etcd_mode == "require":
                    report.problems.append(msg)
                else:
                    echo(f"note: {msg}")
            else:
                from phalanx_ref.store.etcd import EtcdStore

                with EtcdServer() as srv:
                    store = EtcdStore(srv.endpoint)
                    try:
                        for seed in seed_range:
                            check("etcd", _fresh(store, out / f"etcd-{seed}.ndjson", seed, Keys(f"drift{seed}/")))
                    finally:
                        store.close()
                _summary(report, "etcd", echo)
    seen = report.actions
    report.required = sorted({a for _, r in report.results for a in r.next_actions})
    for spec in sorted({r.spec for _, r in report.results}):
        of_spec = report.actions_of(spec)
        needed = sorted({a for _, r in report.results if r.spec == spec for a in r.next_actions})
        missing = [a for a in needed if not of_spec.get(a)]
        if missing:
            report.problems.append(f"action(s) of Next never seen: {', '.join(missing)} "
                                   f"(replaying against {Path(spec).name})")
    total_steps = sum(r.steps for _, r in report.results)
    echo(summary_line(f"drift ({len(report.results)} replays)", total_steps,
                      sum(r.seconds for _, r in report.results), dict(seen), sum(len(r.divergences)
                                                                               for _, r in report.results)))
    for p in report.problems:
        echo(f"drift: FAIL: {p}")
    echo("drift: OK" if report.exit_code == 0 else "drift: FAILED")
    return report


def write_golden(traces_dir: Path, seeds: list[int]) -> list[Path]:
    """(Re)generate the golden traces: small in-memory runs, deterministic per seed."""
    traces_dir.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        record(MemoryStore(seed), traces_dir / f"memory-seed{seed}.ndjson", seed)
    return [traces_dir / f"memory-seed{seed}.ndjson" for seed in seeds]


def _fresh(store: Store, path: Path, seed: int, keys: Keys | None = None) -> Path | None:
    """A fresh engine trace, or None when the store stayed unreachable past the workload's
    retries (the gate then fails with that problem instead of a traceback)."""
    try:
        record(store, path, seed, keys=keys)
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


__all__ = ["DEFAULT_SPECS", "DriftReport", "run_drift", "write_golden"]
