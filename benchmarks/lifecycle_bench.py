"""Replan and Commit latency of a drain at 131,072 leaves, beside the failure path's (issue 16).

The testbed of paper section 8.3 (HDF-B planner, one spare node per pod, filled to about 90%),
then alternating events on random nodes of random gangs:

- failure: ``replan(job, node)`` (the node's leaves failed), ``commit``, then the node is healed;
- drain:   ``mark_suspect(node)`` (the health verdict), ``drain(job)`` (the same Replan, its suspect
  leaves as the failed ones), ``commit``, then the node is healed.

Prints medians and p99s (perf_counter_ns around each call) and the process CPU time of each
path. Not a test: figures depend on the machine and its load (on a shared 2-core machine, read
the CPU times and the ratio of the two paths, not the absolute latencies).

    python3 benchmarks/lifecycle_bench.py [--events 2000] [--seed 0] [--small]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from phalanx_ref.hdfb import Planner  # noqa: E402
from phalanx_ref.lifecycle_plan import drain  # noqa: E402
from phalanx_ref.sim.bench_planner import DEFAULT_MIX, BenchResult, _planner, fill, percentile  # noqa: E402
from phalanx_ref.topology import hgx_a100, testbed_131k  # noqa: E402

NODE = 8


def pick(planner: Planner, rng: random.Random) -> tuple[str, range]:
    """A random gang and a random whole node of its footprint."""
    while True:
        job = rng.choice(sorted(planner.placements))
        starts = sorted({x - x % NODE for x in planner.placements[job].leaves})
        s = rng.choice(starts)
        if all(x in planner.placements[job].leaves for x in range(s, s + NODE)):
            return job, range(s, s + NODE)


def run_path(planner: Planner, job: str, node: range, draining: bool) -> tuple[list[int], bool]:
    """One failure (Replan, Commit) or drain (verdict, Replan, Commit) of ``node`` of ``job``:
    the duration of each call (ns), and whether a repair was committed (else the job is released)."""
    pc = time.perf_counter_ns
    marks = [pc()]
    if draining:
        planner.mark_suspect(node)
        marks.append(pc())
        q = drain(planner, job)
    else:
        q = planner.replan(job, node)
    marks.append(pc())
    if q is not None:
        planner.commit(q)
    marks.append(pc())
    if q is None:
        planner.release(job)
    return [b - a for a, b in zip(marks, marks[1:], strict=False)], q is not None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--small", action="store_true", help="4 pods (8,192 GPUs) instead of 64")
    args = ap.parse_args()
    topo = hgx_a100(32, 8, 4) if args.small else testbed_131k()
    planner = _planner(topo, DEFAULT_MIX)
    rng = random.Random(args.seed)
    res = BenchResult()
    fill(planner, rng, 0.904, 100_000, res)
    steps = {"failure": ("fail_replan", "fail_commit"), "drain": ("drain_verdict", "drain_replan", "drain_commit")}
    ns: dict[str, list[float]] = {k: [] for names in steps.values() for k in names}
    cpu = dict.fromkeys(steps, 0.0)
    skipped = 0
    for i in range(args.events):
        job, node = pick(planner, rng)
        path = "drain" if i % 2 else "failure"
        c0 = time.process_time()
        took, repaired = run_path(planner, job, node, path == "drain")
        cpu[path] += time.process_time() - c0
        for k, t in zip(steps[path], took, strict=True):
            ns[k].append(t)
        skipped += not repaired
        planner.heal(node)
    print(f"lifecycle bench: {topo.n_leaves:,} leaves, utilization {res.figures['utilization']:.3f}, "
          f"{args.events} events (half failures, half drains), seed {args.seed}, {skipped} without a repair")
    print(f"{'step':<16}{'median us':>12}{'p99 us':>12}")
    for k, xs in ns.items():
        print(f"{k:<16}{percentile(xs, 0.5) / 1e3:>12.1f}{percentile(xs, 0.99) / 1e3:>12.1f}")
    print(f"process CPU: failure path {cpu['failure']:.3f} s, drain path {cpu['drain']:.3f} s "
          f"({args.events // 2} events each, verdict + Replan + Commit)")
    print(f"python {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
          f"{platform.node()}; wall-clock latencies are not meaningful under load")


if __name__ == "__main__":
    main()
