"""Lifecycle runs as NDJSON traces of spec/RRPLifecycle.tla steps (same format as trace_emit.py).

The emitter is RRP's (trace_emit.Emitter) with the lifecycle's constants (High, Size,
MaxEvents), its variables (suspect, target, cause, events: lifecycle_records.py), and the
engine's event names mapped to the spec's through lifecycle_records.SPEC_ACTION.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from phalanx_ref.lifecycle_engine import LifecycleEngine
from phalanx_ref.lifecycle_records import COUNTED, lifecycle_state, spec_step
from phalanx_ref.lifecycle_workload import LifecycleConfig, LifecycleWorkload
from phalanx_ref.rrp_records import Keys, SpecState
from phalanx_ref.store.base import Store
from phalanx_ref.trace_emit import SPEC_PATH, Emitter, RunResult, _order, _set

LIFECYCLE_SPEC_PATH = SPEC_PATH.with_name("RRPLifecycle.tla")
VARIABLES = ("suspect", "target", "cause", "events")


class LifecycleEmitter(Emitter):
    spec = LIFECYCLE_SPEC_PATH
    refinements = ()

    def __init__(self, store: Store, run: RunResult, cfg: LifecycleConfig) -> None:
        super().__init__(store, run)
        self.cfg = cfg
        self.events = 0

    def constants(self) -> dict[str, Any]:
        return {**super().constants(), "High": _set(self.cfg.gang_names(), _order), "Size": self.cfg.size,
                "MaxEvents": self.cfg.max_events}

    def variables(self) -> list[str]:
        return [*SpecState.VARIABLES, *VARIABLES]

    def action(self, step_rec: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        name, params = spec_step(step_rec["action"], step_rec["params"])
        self.events += name in COUNTED
        return super().action({"action": name, "params": params})

    def state(self, records: dict[str, str], fails: int) -> dict[str, Any]:
        run = self.run
        extra = lifecycle_state(records, run.keys, run.jobs, self.cfg.size, self.events)
        return {**super().state(records, fails), "suspect": _set(extra["suspect"], _order),
                "target": {"#map": [[j, extra["target"][j]] for j in sorted(run.jobs, key=_order)]},
                "cause": {"#map": [[j, extra["cause"][j]] for j in sorted(run.jobs, key=_order)]},
                "events": extra["events"]}


def record_lifecycle(store: Store, path: Path, seed: int, cfg: LifecycleConfig | None = None,
                     engine_cls: type[LifecycleEngine] = LifecycleEngine, keys: Keys | None = None,
                     source: dict[str, Any] | None = None) -> RunResult:
    """Run one seeded lifecycle workload on ``store`` and write its trace to ``path``."""
    cfg = cfg or LifecycleConfig()
    run = LifecycleWorkload(store, cfg, seed, keys, engine_cls).run()
    write_lifecycle(store, run, cfg, path, {"seed": seed, "engine": engine_cls.__name__, **(source or {})})
    return run


def write_lifecycle(store: Store, run: RunResult, cfg: LifecycleConfig, path: Path,
                    source: dict[str, Any]) -> int:
    """Write the trace of a lifecycle run (a whole workload, or steps driven by hand)."""
    with open(path, "w", encoding="utf-8") as out:
        return LifecycleEmitter(store, run, cfg).write(out, {"store": type(store).__name__, **source})
