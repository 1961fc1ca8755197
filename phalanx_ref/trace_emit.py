"""Emit an RRP run as an NDJSON trace of spec steps, rebuilt from the store's history.

The trace is read back from the store, not from the engine's own account: the initial records,
then every revision after them, in revision order (the store's linearization order). Each
revision is one spec step. Its action and witnesses come from the ``step/{job}`` record written
in the same transaction; a revision that only deletes a worker's lease key is ``Fail(l)``; any
other revision is an error (some write outside the protocol). The spec variables after each
step come from the mapping in rrp_records.py.

Format (one JSON object per line; TLA+ values in ITF, model values as their names)::

    {"kind": "header", "spec": "spec/RRP.tla", "sha256": ...,
     "specs": {"spec/RRP.tla": sha256, "spec/RRPResume.tla": sha256}, "constants": {...},
     "model_values": [...], "variables": [...RRP's..., "resumed"], "source": {...}}
    {"kind": "init", "state": {"live": {"#set": [...]}, "epoch": {"#map": [...]}, ...}}
    {"kind": "step", "n": 1, "action": "Plan", "params": {"j": "j1", "P": {"#set": [...]}},
     "revision": 42, "state": {...}}
    {"kind": "end", "steps": N}

The states carry RRP's variables and spec/RRPResume.tla's ``resumed`` (see rrp_records.py):
the default replay (``spec``) hides ``resumed``; ``--spec spec/RRPResume.tla`` checks it too.

This module writes ITF itself because phalanx_ref never imports phalanx_verify; the replayer
reads it with phalanx_verify's from_itf.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from phalanx_ref.engine_mutants import engine_class
from phalanx_ref.rrp_records import Keys, SpecState, leaf_of_worker, spec_state
from phalanx_ref.store.base import Store
from phalanx_ref.workload import RunResult, Workload, WorkloadConfig

NONE = "None"
SPEC_PATH = Path(__file__).resolve().parent.parent / "spec" / "RRP.tla"
RESUME_SPEC_PATH = SPEC_PATH.with_name("RRPResume.tla")


class EmitError(RuntimeError):
    """The store's history holds a write that is not a spec step."""


def _set(xs: Any, key: Any = None) -> dict[str, list[Any]]:
    return {"#set": sorted(xs, key=key)}


def _map(d: dict[Any, Any], value: Any = lambda v: v) -> dict[str, list[Any]]:
    return {"#map": [[k, value(v)] for k, v in sorted(d.items(), key=lambda kv: _order(kv[0]))]}


def _order(name: str) -> tuple[str, int]:
    """Sort ``l10`` after ``l9`` (TLC sorts model values by name; the order is cosmetic)."""
    return (name[0], int(name[1:])) if name[1:].isdigit() else (name, 0)


def state_itf(s: SpecState) -> dict[str, Any]:
    """The spec variables of ``s`` as ITF (jobs, leaves and None are model values)."""
    return {
        "live": _set(s.live, _order),
        "epoch": _map(s.epoch),
        "phase": _map(s.phase),
        "alloc": _map(s.alloc, lambda v: NONE if v is None else v),
        "sealed": _map(s.sealed, lambda v: _set(v)),
        "plan": _map(s.plan, lambda v: _set(v, _order)),
        "failCount": s.failCount,
        "resumed": _map(s.resumed),
    }


def _shown(spec: Path) -> str:
    try:
        return str(spec.relative_to(SPEC_PATH.parent.parent))
    except ValueError:
        return str(spec)


def _sha256(spec: Path) -> str:
    return hashlib.sha256(spec.read_bytes() if spec.exists() else b"").hexdigest()


class Emitter:
    """Rebuilds one run's trace from the store's history. This class writes RRP's (and
    RRPResume's) variables; a protocol built on RRP (the lifecycle) subclasses it and adds its
    constants, variables, and its mapping of step records to spec actions."""

    spec: Path = SPEC_PATH
    refinements: tuple[Path, ...] = (RESUME_SPEC_PATH,)

    def __init__(self, store: Store, run: RunResult) -> None:
        self.store, self.run = store, run

    def constants(self) -> dict[str, Any]:
        run = self.run
        return {"Job": _set(run.jobs, _order), "Leaf": _set(run.leaves, _order), "None": NONE,
                "MaxFail": run.max_fail}

    def variables(self) -> list[str]:
        return list(SpecState.VARIABLES)

    def state(self, records: dict[str, str], fails: int) -> dict[str, Any]:
        """The spec variables (ITF) of the records after a step; ``fails`` is failCount."""
        run = self.run
        return state_itf(spec_state(records, run.keys, run.jobs, run.leaves, fails))

    def action(self, step_rec: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """A step record's spec action and parameters (ITF)."""
        return step_rec["action"], {k: _param(k, v) for k, v in step_rec["params"].items()}

    def header(self, source: dict[str, Any]) -> dict[str, Any]:
        """``spec`` is the default spec to replay against; ``specs`` gives the sha256 of it and of
        each refinement the trace also carries the variables of, so replaying against any of them
        warns only when that spec changed since the trace was recorded."""
        run = self.run
        return {
            "kind": "header", "spec": _shown(self.spec), "sha256": _sha256(self.spec),
            "specs": {_shown(p): _sha256(p) for p in (self.spec, *self.refinements)},
            "constants": self.constants(),
            "model_values": sorted(run.jobs, key=_order) + sorted(run.leaves, key=_order) + [NONE],
            "variables": self.variables(), "source": source,
        }

    def steps(self) -> Iterator[dict[str, Any]]:
        """The init line and one step line per revision in (start, end]."""
        run = self.run
        records = dict(run.initial)
        victims = set(run.failures)
        fails = 0
        yield {"kind": "init", "state": self.state(records, 0)}
        rev, batch = None, []
        n = 0
        for ev in self.store.history(run.keys.root, run.start_revision + 1, run.end_revision):
            if rev is not None and ev.revision != rev:
                n += 1
                line, fails = self._step(n, rev, batch, records, victims, fails)
                yield line
                batch = []
            rev = ev.revision
            batch.append(ev)
        if batch:
            line, _ = self._step(n + 1, rev, batch, records, victims, fails)
            yield line

    def _step(self, n: int, rev: int | None, batch: list, records: dict[str, str], victims: set[str],
              fails: int) -> tuple[dict[str, Any], int]:
        keys = self.run.keys
        step_rec = None
        for ev in batch:
            if ev.kind == "put":
                records[ev.kv.key] = ev.kv.value
                if keys.split(ev.kv.key)[0] == "step":
                    step_rec = json.loads(ev.kv.value)
            else:
                records.pop(ev.kv.key, None)
        if step_rec is not None:
            action, params = self.action(step_rec)
        elif len(batch) == 1 and batch[0].kind == "delete" and keys.split(batch[0].kv.key)[0] == "lease":
            leaf = leaf_of_worker(keys.split(batch[0].kv.key)[1])
            action, params = "Fail", {"l": leaf}
            if leaf in victims:  # the injector's counter; a lease lost otherwise is not a Fail
                fails += 1
        else:
            raise EmitError(f"revision {rev} ({', '.join(e.kind + ' ' + e.kv.key for e in batch)}) is no spec step")
        return {"kind": "step", "n": n, "action": action, "params": params, "revision": rev,
                "state": self.state(records, fails)}, fails

    def write(self, out: IO[str], source: dict[str, Any]) -> int:
        """Write the whole trace; returns the number of steps."""
        out.write(json.dumps(self.header(source)) + "\n")
        lines = 0
        for line in self.steps():
            out.write(json.dumps(line) + "\n")
            lines += 1
        n = lines - 1  # the init line is not a step
        out.write(json.dumps({"kind": "end", "steps": n}) + "\n")
        return n


def _param(name: str, value: Any) -> Any:
    if name == "P":
        return _set(value, _order)
    return value


def write_trace(out: IO[str], store: Store, run: RunResult, source: dict[str, Any]) -> int:
    """Write the whole RRP trace of ``run``; returns the number of steps."""
    return Emitter(store, run).write(out, source)


def record(store: Store, path: Path, seed: int, cfg: WorkloadConfig | None = None, keys: Keys | None = None,
           mutant: str | None = None, source: dict[str, Any] | None = None,
           on_op: Callable[[int], None] | None = None) -> RunResult:
    """Run one seeded workload on ``store`` and write its trace to ``path``; ``mutant`` names an
    engine of engine_mutants.MUTANTS (None: the correct engine), recorded in the header."""
    run = Workload(store, cfg or WorkloadConfig(), seed, keys, engine_class(mutant), on_op).run()
    with open(path, "w", encoding="utf-8") as out:
        write_trace(out, store, run, {"store": type(store).__name__, "seed": seed, "mutant": mutant,
                                      **(source or {})})
    return run

