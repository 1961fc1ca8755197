"""Shared helpers: record an engine run as a trace file, replay it against spec/RRP.tla or its
refinement spec/RRPResume.tla, and find where a mutant's trace first goes wrong."""

from __future__ import annotations

from pathlib import Path

from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.trace_emit import record
from phalanx_ref.workload import RunResult
from phalanx_verify.trace.replay import Divergence, ModelCache, Replayer, ReplayResult

SPEC = Path(__file__).resolve().parents[2] / "spec" / "RRP.tla"
RESUME_SPEC = SPEC.with_name("RRPResume.tla")
_CACHES = {SPEC: ModelCache(SPEC), RESUME_SPEC: ModelCache(RESUME_SPEC)}
SEEDS = range(12)
"""Seeds a mutant gets to show its bug (each is a run of a few dozen steps)."""

# mutant -> the action of the first divergent step when replayed against (RRP, RRPResume);
# None: that spec accepts the mutant's traces
MUTANT_STEP: dict[str, tuple[str | None, str]] = {
    "commit_no_guard": ("Commit", "Commit"),
    "seal_stale": ("Seal", "Seal"),
    "restore_not_below": ("Restore", "Restore"),
    "restore_unsealed": ("Restore", "Restore"),
    "restore_oldest": (None, "Restore"),
    "epoch_no_increment": ("Commit", "Commit"),
    "detect_no_dead": ("Detect", "Detect"),
}


def memory_trace(tmp: Path, seed: int, mutant: str | None = None) -> tuple[Path, RunResult]:
    path = tmp / f"seed{seed}-{mutant or 'ok'}.ndjson"
    return path, record(MemoryStore(seed), path, seed, mutant=mutant)


def replay(path: Path, all_divergences: bool = False, spec: Path = SPEC) -> ReplayResult:
    return Replayer(_CACHES[spec], all_divergences=all_divergences).replay(path)


def first_divergent_run(tmp: Path, mutant: str, spec: Path) -> tuple[int, Path, ReplayResult]:
    """The first seed whose run of ``mutant`` does not replay against ``spec``."""
    for seed in SEEDS:
        path, _ = memory_trace(tmp, seed, mutant)
        res = replay(path, spec=spec)
        if res.divergences:
            return seed, path, res
    raise AssertionError(f"no seed made mutant {mutant} diverge from {spec.name}")


def assert_first_difference(tmp: Path, seed: int, path: Path, d: Divergence, spec: Path) -> None:
    """The divergent step is exactly the first step where the mutant acts differently: the
    correct engine's run of the same seed has the same steps before it, and replays cleanly."""
    ok_path, _ = memory_trace(tmp, seed)
    assert not replay(ok_path, spec=spec).divergences
    bad, good = path.read_text().splitlines(), ok_path.read_text().splitlines()
    first = d.line - 1  # 0-based index of the divergent line
    assert bad[2:first] == good[2:first] and bad[first] != good[first]
