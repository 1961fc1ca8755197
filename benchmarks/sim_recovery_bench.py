"""CPU per §8.3 recovery, the full report's critical path (its first seed recovers 12,000 node
failures through the RRP engine), without running the whole report.

Usage: python benchmarks/sim_recovery_bench.py [--pods 64] [--failures 300] [--warmup 400]
       [--paths engine,engine-plain,planner]

For each recovery path it fills the §8 testbed (seed 0, the report's fill), builds the path, runs
``--warmup`` failures (the engine's store then remembers most of the guards, as it does over the
report's 12,000), then times ``--failures`` more and prints CPU milliseconds per failure (process
time: what the path costs, which on a shared machine the wall time does not show), the wall time
beside it, and the CPU of the fill and of the path's set-up. Paths: ``engine`` (EngineRecovery on
the in-memory store), ``engine-plain`` (the same on a store that checks every compare every time,
``MemoryStore(memo=False)``), ``planner`` (PlannerRecovery: Replan + commit). It also prints a
digest of the final placements: equal across paths, or a path decided differently. Asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # time this checkout, not an installed copy
from phalanx_ref.hdfb import Planner  # noqa: E402
from phalanx_ref.sim import bench_planner as bp  # noqa: E402
from phalanx_ref.sim.params import TestbedParams  # noqa: E402
from phalanx_ref.sim.recovery import EngineRecovery, PlannerRecovery, Recovery  # noqa: E402
from phalanx_ref.sim.scale import build_testbed  # noqa: E402
from phalanx_ref.store.memory import MemoryStore  # noqa: E402

PATHS: dict[str, Callable[[Planner], Recovery]] = {
    "engine": EngineRecovery,
    "engine-plain": lambda planner: EngineRecovery(planner, store=MemoryStore(0, memo=False)),
    "planner": PlannerRecovery,
}


def bench(path: str, tb: TestbedParams, warmup: int, failures: int) -> None:
    pt, wall = time.process_time, time.perf_counter
    t0 = pt()
    planner = bp._planner(build_testbed(tb), tb)
    rng = random.Random(0)
    bp.fill(planner, rng, tb.fill_target, tb.max_gangs, bp.BenchResult(), tb)
    t1 = pt()
    rec = PATHS[path](planner)
    t2 = pt()
    bp.inject_failures(planner, rng, warmup, bp.BenchResult(), rec)
    c0, w0 = pt(), wall()
    bp.inject_failures(planner, rng, failures, bp.BenchResult(), rec)
    cpu, w = pt() - c0, wall() - w0
    digest = hashlib.sha256(repr(sorted((j, sorted(p.leaves), p.template_index)
                                        for j, p in planner.placements.items())).encode()).hexdigest()[:12]
    print(f"{path:<13} {1e3 * cpu / failures:8.2f} ms CPU/failure  {1e3 * w / failures:8.2f} ms wall/failure  "
          f"fill {t1 - t0:5.1f} s CPU  set-up {t2 - t1:5.1f} s CPU  placements {digest}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pods", type=int, default=64)
    ap.add_argument("--failures", type=int, default=300)
    ap.add_argument("--warmup", type=int, default=400)
    ap.add_argument("--paths", default="engine,engine-plain,planner")
    a = ap.parse_args()
    paths = a.paths.split(",")
    unknown = [p for p in paths if p not in PATHS]
    if unknown or a.pods < 1 or a.failures < 1 or a.warmup < 0:
        ap.error(f"--paths from {', '.join(PATHS)}; --pods and --failures at least 1, --warmup at least 0")
    tb = replace(TestbedParams(), pods=a.pods)
    print(f"§8.3 recoveries, {a.pods} pods ({tb.pods * tb.rail_groups_per_pod * tb.nodes_per_rail_group * tb.gpus_per_node:,} "
          f"GPUs), {a.failures} failures timed after {a.warmup}; python {platform.python_implementation()} "
          f"{sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    for p in paths:
        bench(p, tb, a.warmup, a.failures)


if __name__ == "__main__":
    main()
