"""Time of the full ``phalanx-sim report`` (the issue's goal: the paper's scenario, 5 seeds, under
5 minutes on 2 cores), and where the time goes.

Usage: python benchmarks/sim_report_bench.py [OUTDIR] [-- extra phalanx-sim report flags]

Runs the report into OUTDIR (default: a temporary directory) and prints the wall time, the CPU
time of the report's own process and of every worker job (from report.json; the first seed's
failures run in several jobs, ``part/SEED/i`` and ``seed/SEED``, added up on a line of their own),
and the load average. On a shared machine the wall time measures the other users too; the CPU times do not
(although a loaded machine also makes each CPU second slower). From them it prints a lower bound
on the wall time on an idle machine with this many cores: the longest job, or all CPU spread
evenly over the cores, whichever is larger (the jobs run in parallel beside the report's own
Monte Carlo). It asserts nothing.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # time this checkout, not an installed copy
from phalanx_ref.sim.cli import main  # noqa: E402


def bench(outdir: Path, flags: list[str]) -> None:
    load0 = os.getloadavg()
    t0 = time.perf_counter()
    try:
        main(["report", str(outdir), *flags], standalone_mode=False)
    finally:
        wall = time.perf_counter() - t0
    timings = json.loads((outdir / "report.json").read_text())["timings_s"]
    jobs = {k.split(" ", 1)[1]: v for k, v in timings.items() if k.startswith("worker_cpu_s ")}
    parent = timings["report_process_cpu_s"]
    cores = os.cpu_count() or 1
    total = parent + sum(jobs.values())
    print(f"phalanx-sim report {' '.join(flags) or '(the paper scenario, defaults)'}")
    print(f"python {platform.python_implementation()} {sys.version.split()[0]}, {cores} cores, load average "
          f"{load0[0]:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(f"wall {wall:.0f} s (report's own total {timings['total_s']:.0f} s)")
    print(f"CPU: report process {parent:.0f} s (Monte Carlo, tables, plots), workers {sum(jobs.values()):.0f} s, "
          f"total {total:.0f} s")
    for name, cpu in sorted(jobs.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<28} {cpu:8.1f} s CPU")
    first = json.loads((outdir / "report.json").read_text())["seed"]
    parts = [cpu for name, cpu in jobs.items() if name == f"seed/{first}" or name.startswith(f"part/{first}/")]
    if len(parts) > 1:
        print(f"  first seed's failures, {len(parts)} parts: {sum(parts):.1f} s CPU in all")
    bound = max(max(jobs.values(), default=0.0), total / cores)
    print(f"lower bound on an idle machine with {cores} cores: {bound:.0f} s (longest job, or CPU / cores)")
    for key in ("monte_carlo_s", "scale_wait_s"):
        if key in timings:
            print(f"{key}: {timings[key]:.0f} s wall")


if __name__ == "__main__":
    args = sys.argv[1:]
    extra = args[args.index("--") + 1:] if "--" in args else []
    given = args[:args.index("--")] if "--" in args else args
    if given:
        bench(Path(given[0]), extra)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            bench(Path(tmp), extra)
