"""Benchmark of the built-in engine on the RRP models, next to real TLC's figures.

Each row runs in its own process so its peak memory is its own. Prints a table and the
environment; `--json PATH` writes the figures. Not a test: times depend on the machine and
its load (TLC's reference times were taken with no other load).

    python3 benchmarks/checker_bench.py [--rows L6,L7s,L7,NoAbort7]
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
SPEC = ROOT / "spec"

# name: (spec, cfg, TLC 1 worker s, TLC 2 workers s, TLC note)
ROWS = {
    "L6": ("RRP.tla", "RRP_L6.cfg", 10.5, None, "6 leaves, full"),
    "L6s": ("RRP.tla", "RRP_L6_safety.cfg", 2.2, 2.5, "6 leaves, safety only"),
    "L7s": ("RRP.tla", "RRP_L7_safety.cfg", 25.1, 16.6, "7 leaves, safety only"),
    "L7": ("RRP.tla", "RRP.cfg", 184.7, 108.9, "7 leaves, full"),
    "NoAbort7": ("mutants/NoAbort.tla", "RRP.cfg", 66.7, 48.8, "NoAbort, 7 leaves, to its counterexample"),
}

_CHILD = """
import json, sys
from phalanx_verify.check.run import check_files
r = check_files(sys.argv[1], sys.argv[2])
print(json.dumps({"verdict": r.verdict, "violated": r.violated, "generated": r.generated,
                  "distinct": r.distinct, "depth": r.depth, "seconds": r.seconds,
                  "peak_rss_mb": r.peak_rss_mb}))
"""


def run_row(spec: str, cfg: str) -> dict:
    out = subprocess.run([sys.executable, "-c", _CHILD, str(SPEC / spec), str(SPEC / cfg)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", default="L6,L6s,L7s,L7,NoAbort7", help="comma-separated: " + ", ".join(ROWS))
    ap.add_argument("--json", dest="json_path")
    args = ap.parse_args()
    load = os.getloadavg()[0]
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {load:.2f} at start")
    header = f"{'model':44} {'generated':>10} {'distinct':>9} {'depth':>5} {'verdict':18} " \
             f"{'seconds':>8} {'states/s':>9} {'peak MB':>8} {'TLC 1w':>7} {'TLC 2w':>7}"
    print(header)
    results = {}
    for name in args.rows.split(","):
        spec, cfg, tlc1, tlc2, note = ROWS[name]
        r = run_row(spec, cfg)
        results[name] = {**r, "tlc_1_worker_s": tlc1, "tlc_2_workers_s": tlc2, "model": note}
        verdict = r["verdict"] + (f" {r['violated']}" if r["violated"] else "")
        rate = r["generated"] / r["seconds"] if r["seconds"] else 0
        print(f"{note:44} {r['generated']:>10,} {r['distinct']:>9,} {r['depth']:>5} {verdict:18} "
              f"{r['seconds']:>8.1f} {rate:>9,.0f} {r['peak_rss_mb']:>8,.0f} {tlc1:>7.1f} "
              f"{tlc2 if tlc2 is not None else float('nan'):>7.1f}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at end (TLC figures: ../shared/reference/tlc-rrp.md)")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
