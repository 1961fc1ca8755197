"""CPU per §8.3 recovery, the full report's critical path (its first seed recovers 12,000 node
failures through the RRP engine), without running the whole report.

Usage: python benchmarks/sim_recovery_bench.py [--pods 64] [--failures 300] [--warmup 400]
       [--paths engine,engine-plain,planner,replay] [--profile N]

For each recovery path it fills the §8 testbed (seed 0, the report's fill), builds the path, runs
``--warmup`` failures (the engine's store then remembers most of the guards, as it does over the
report's 12,000), then times ``--failures`` more and prints CPU milliseconds per failure (process
time: what the path costs, which on a shared machine the wall time does not show), the wall time
beside it, and the CPU of the fill and of the path's set-up. Paths: ``engine`` (EngineRecovery on
the in-memory store), ``engine-plain`` (the same on a store that checks every compare every time,
``MemoryStore(memo=False)``), ``planner`` (PlannerRecovery: Replan + commit), ``replay`` (the
planner paused, ``bench_planner.replay_failures``: how a part of the report's first seed reaches
its start; ``seeds.REPLAY_COST`` is its CPU against ``engine``'s). It also prints a digest of the
final placements: equal across paths, or a path decided differently. ``--profile N``: a cProfile
of each path's timed failures, its N costliest functions (own time) printed after its line (the
profiler slows the run; the ms figures are then not the path's). Asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import os
import platform
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # time this checkout, not an installed copy
from phalanx_ref.hdfb import Planner  # noqa: E402
from phalanx_ref.prepared import PreparedPlanner  # noqa: E402
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


def bench(path: str, tb: TestbedParams, warmup: int, failures: int, profile: int) -> None:
    pt, wall = time.process_time, time.perf_counter
    t0 = pt()
    planner = bp._planner(build_testbed(tb), tb)
    rng = random.Random(0)
    bp.fill(planner, rng, tb.fill_target, tb.max_gangs, bp.BenchResult(), tb)
    t1 = pt()
    if path == "replay":
        assert isinstance(planner, PreparedPlanner)
        planner.pause()

        def run(n: int) -> None:
            bp.replay_failures(planner, rng, n)
    else:
        rec = PATHS[path](planner)

        def run(n: int) -> None:
            bp.inject_failures(planner, rng, n, bp.BenchResult(), rec)
    t2 = pt()
    run(warmup)
    prof = cProfile.Profile() if profile else None
    c0, w0 = pt(), wall()
    if prof is not None:
        prof.enable()
    run(failures)
    if prof is not None:
        prof.disable()
    cpu, w = pt() - c0, wall() - w0
    digest = hashlib.sha256(repr(sorted((j, sorted(p.leaves), p.template_index)
                                        for j, p in planner.placements.items())).encode()).hexdigest()[:12]
    print(f"{path:<13} {1e3 * cpu / failures:8.2f} ms CPU/failure  {1e3 * w / failures:8.2f} ms wall/failure  "
          f"fill {t1 - t0:5.1f} s CPU  set-up {t2 - t1:5.1f} s CPU  placements {digest}", flush=True)
    if prof is not None:
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(profile)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pods", type=int, default=64)
    ap.add_argument("--failures", type=int, default=300)
    ap.add_argument("--warmup", type=int, default=400)
    ap.add_argument("--paths", default="engine,engine-plain,planner,replay")
    ap.add_argument("--profile", type=int, default=0, metavar="N")
    a = ap.parse_args()
    paths = a.paths.split(",")
    unknown = [p for p in paths if p not in (*PATHS, "replay")]
    if unknown or a.pods < 1 or a.failures < 1 or a.warmup < 0 or a.profile < 0:
        ap.error(f"--paths from {', '.join(PATHS)}, replay; --pods and --failures at least 1, --warmup and "
                 "--profile at least 0")
    tb = replace(TestbedParams(), pods=a.pods)
    print(f"§8.3 recoveries, {a.pods} pods ({tb.pods * tb.rail_groups_per_pod * tb.nodes_per_rail_group * tb.gpus_per_node:,} "
          f"GPUs), {a.failures} failures timed after {a.warmup}; python {platform.python_implementation()} "
          f"{sys.version.split()[0]}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    for p in paths:
        bench(p, tb, a.warmup, a.failures, a.profile)


if __name__ == "__main__":
    main()
