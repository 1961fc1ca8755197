"""Benchmark of the parallel fingerprint search (check --workers N, issue 17), next to the
sequential search.

Each row runs in its own process. Printed per row: the counts (to see they are the exact ones),
wall seconds, CPU seconds of the coordinator (its main thread's, so the memory sampler's own
CPU is not counted: sampling three processes every 0.2 s cost seconds over a long run) and of its
worker processes (getrusage of the children), the peak
of the summed resident memory of the process tree, sampled every 0.2 s at first and every 2 s
after a few minutes (see sample(); the sampler's CPU is in the JSON's cpu_other) (an over-estimate: pages
the forked workers share with the coordinator count twice, and so do the memory-mapped files of
the seen set and the frontier, which the kernel can drop), the peak of the summed anonymous
resident memory (RssAnon: what cannot be dropped or re-read from a file; shared pages still count
once per process), the same two as proportional set sizes (Pss and Pss_Anon of
/proc/PID/smaps_rollup: a page shared by k processes counts 1/k in each, so the sums are what the
tree holds), and the largest single
process's peak (ru_maxrss of the coordinator, and the largest of its workers). On a loaded machine compare
CPU seconds, not wall seconds; the wall ratio is only meaningful when nothing else runs.

    python3 benchmarks/scale_bench.py [--rows L7s,J3L9] [--workers 1,2] [--json R.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODELS = Path(__file__).resolve().parent / "scale_models"

# name: (spec, cfg, note)
ROWS = {
    "L6s": (ROOT / "spec" / "RRP.tla", ROOT / "spec" / "RRP_L6_safety.cfg", "2 jobs, 6 leaves, safety"),
    "L7s": (ROOT / "spec" / "RRP.tla", ROOT / "spec" / "RRP_L7_safety.cfg", "2 jobs, 7 leaves, safety"),
    "L6": (ROOT / "spec" / "RRP.tla", ROOT / "spec" / "RRP_L6.cfg", "2 jobs, 6 leaves, full (with liveness)"),
    "L7": (ROOT / "spec" / "RRP.tla", ROOT / "spec" / "RRP.cfg", "2 jobs, 7 leaves, full (with liveness)"),
    "J3L8": (ROOT / "spec" / "RRP.tla", MODELS / "RRP_J3L8_safety.cfg", "3 jobs, 8 leaves, MaxFail 1, safety"),
    "J3L9": (ROOT / "spec" / "RRP.tla", MODELS / "RRP_J3L9_safety.cfg", "3 jobs, 9 leaves, MaxFail 1, safety"),
    "J3L10": (ROOT / "spec" / "RRP.tla", MODELS / "RRP_J3L10_safety.cfg", "3 jobs, 10 leaves, MaxFail 1, safety"),
    "J3L11": (ROOT / "spec" / "RRP.tla", MODELS / "RRP_J3L11_safety.cfg", "3 jobs, 11 leaves, MaxFail 1, safety"),
}

_CHILD = """
import json, resource, sys, threading, time
import psutil
from phalanx_verify.check.parallel import SearchOptions
from phalanx_verify.check.run import check_files

peak, peak_anon, peak_pss, peak_pss_anon = [0], [0], [0], [0]
stop = threading.Event()
def fields(path, names):
    with open(path) as f:
        found = dict(line.split(":", 1) for line in f if line.split(":", 1)[0] in names)
    return [int(found[n].split()[0]) * 1024 for n in names]
def sample():
    me = psutil.Process()
    while not stop.is_set():
        try:
            procs = [me, *me.children(recursive=True)]
            total = sum(p.memory_info().rss for p in procs)
            total_anon = sum(fields(f"/proc/{p.pid}/status", ["RssAnon"])[0] for p in procs)
            pss = [fields(f"/proc/{p.pid}/smaps_rollup", ["Pss", "Pss_Anon"]) for p in procs]
        except (psutil.Error, OSError, KeyError):
            total = total_anon = 0
            pss = []
        peak[0] = max(peak[0], total)
        peak_anon[0] = max(peak_anon[0], total_anon)
        peak_pss[0] = max(peak_pss[0], sum(p for p, _ in pss))
        peak_pss_anon[0] = max(peak_pss_anon[0], sum(a for _, a in pss))
        # every 0.2 s at first, every 2 s after a few minutes: reading smaps_rollup of processes
        # holding gigabytes walks their page tables, and sampling every 0.2 s took 470 CPU s of
        # a 2,200 s run on two cores (RRP 3 x 10), time the workers then did not have
        time.sleep(min(2.0, 0.2 + (time.monotonic() - start) / 100))
start, cpu_start = time.monotonic(), time.thread_time()
threading.Thread(target=sample, daemon=True).start()
r = check_files(sys.argv[1], sys.argv[2], search=SearchOptions(int(sys.argv[3])))
wall, cpu_self = time.monotonic() - start, time.thread_time() - cpu_start
stop.set()
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"verdict": r.verdict, "generated": r.generated, "distinct": r.distinct, "depth": r.depth,
                  "wall": wall, "cpu_self": cpu_self, "cpu_workers": kids.ru_utime + kids.ru_stime,
                  "cpu_other": me.ru_utime + me.ru_stime - cpu_self,  # imports before the clock, the sampler
                  "peak_tree_mb": peak[0] / 2**20, "peak_anon_mb": peak_anon[0] / 2**20,
                  "peak_pss_mb": peak_pss[0] / 2**20, "peak_pss_anon_mb": peak_pss_anon[0] / 2**20, "max_rss_self_mb": me.ru_maxrss / 1024,
                  "max_rss_worker_mb": kids.ru_maxrss / 1024, "sequential": r.extra.get("sequential"),
                  "collision": r.extra.get("fingerprint_collision")}))
"""


def run_row(spec: Path, cfg: Path, workers: int) -> dict:
    out = subprocess.run([sys.executable, "-c", _CHILD, str(spec), str(cfg), str(workers)], capture_output=True,
                         text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", default="L6s,L7s", help="comma-separated: " + ", ".join(ROWS))
    ap.add_argument("--workers", default="1,2", help="comma-separated worker counts (1 = the sequential search)")
    ap.add_argument("--json", dest="json_path")
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f} at start")
    print(f"{'model':40} {'w':>2} {'generated':>11} {'distinct':>10} {'depth':>5} {'wall s':>8} {'cpu s':>8} "
          f"{'(workers)':>9} {'peak MB':>8} {'anon MB':>8} {'pss MB':>8} {'pss anon':>8} {'max proc':>8}  note")
    results = []
    for name in args.rows.split(","):
        spec, cfg, note = ROWS[name]
        base = None
        for workers in (int(w) for w in args.workers.split(",")):
            r = run_row(spec, cfg, workers)
            cpu = r["cpu_self"] + r["cpu_workers"]
            base = base or r
            ratio = f"wall x{r['wall'] / base['wall']:.2f}, cpu x{cpu / (base['cpu_self'] + base['cpu_workers']):.2f}"
            extra = f"sequential: {r['sequential']}" if r["sequential"] else ratio
            print(f"{note:40} {workers:>2} {r['generated']:>11,} {r['distinct']:>10,} {r['depth']:>5} "
                  f"{r['wall']:>8.1f} {cpu:>8.1f} {r['cpu_workers']:>9.1f} {r['peak_tree_mb']:>8.0f} {r['peak_anon_mb']:>8.0f} "
                  f"{r['peak_pss_mb']:>8.0f} {r['peak_pss_anon_mb']:>8.0f} "
                  f"{max(r['max_rss_self_mb'], r['max_rss_worker_mb']):>8.0f}  {extra}",
                  flush=True)
            results.append({"row": name, "workers": workers, **r})
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
