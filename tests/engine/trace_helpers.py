"""Shared helpers: record an engine run as a trace file and replay it."""

from __future__ import annotations

from pathlib import Path

from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.trace_emit import record
from phalanx_ref.workload import RunResult
from phalanx_verify.trace.replay import ModelCache, Replayer, ReplayResult

SPEC = Path(__file__).resolve().parents[2] / "spec" / "RRP.tla"
_CACHE = ModelCache(SPEC)


def memory_trace(tmp: Path, seed: int, mutant: str | None = None) -> tuple[Path, RunResult]:
    path = tmp / f"seed{seed}-{mutant or 'ok'}.ndjson"
    return path, record(MemoryStore(seed), path, seed, mutant=mutant)


def replay(path: Path, all_divergences: bool = False) -> ReplayResult:
    return Replayer(_CACHE, all_divergences=all_divergences).replay(path)
