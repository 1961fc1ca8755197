"""The built-in checker against real TLC on public TLA+ specs (issue 17: "the specs users bring").

Each model of ``benchmarks/public/manifest.json`` (copied from tlaplus/Examples, MIT licence, with
its source path and the counts a real TLC run gave) is checked the way a user runs it: the whole
command, ``python3 -m phalanx_verify.cli check SPEC -config CFG -workers 1`` (interpreter start,
parsing and compiling included), and, when a jar is given, ``java -cp JAR tlc2.TLC -workers 1
-cleanup -config CFG SPEC`` in a scratch copy of the folder (JVM start included). Printed per
model: the built-in's counts against the recorded TLC counts, wall and CPU seconds of both (CPU:
user+sys of the child process, from getrusage), and the ratio built-in / TLC of each. On a loaded
machine only the CPU columns mean something; the load average is printed at start and end.

    python3 benchmarks/public_bench.py [--only DieHard,Chameneos] [--tla2tools JAR] [--json R.json]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from phalanx_verify.tla import native

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = Path(__file__).resolve().parent / "public"
MANIFEST = PUBLIC / "manifest.json"
TIMEOUT = 1800.0


def load_manifest() -> list[dict]:
    return json.loads(MANIFEST.read_text())["models"]


def _child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess, float, float]:
    """Run ``cmd``; its result, wall seconds and CPU seconds (the child's user+sys)."""
    cpu, start = _child_cpu(), time.monotonic()
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    return out, time.monotonic() - start, _child_cpu() - cpu


def run_builtin(entry: dict) -> dict:
    """The built-in on one model: exit code, counts (from its --json report), seconds."""
    folder = PUBLIC / entry["name"]
    with tempfile.TemporaryDirectory(prefix="public-bench-") as tmp:
        report = Path(tmp) / "report.json"
        cmd = [sys.executable, "-m", "phalanx_verify.cli", "check", str(folder / entry["spec"]),
               "-config", str(folder / entry["cfg"]), "-workers", "1", "-q", "--json", str(report)]
        out, wall, cpu = timed(cmd, ROOT)
        data = json.loads(report.read_text()) if report.exists() else {}
    return {"exit": out.returncode, "generated": data.get("generated"), "distinct": data.get("distinct"),
            "depth": data.get("depth"), "wall": wall, "cpu": cpu,
            "error": None if report.exists() else (out.stderr or out.stdout).strip().splitlines()[-1:]}


_GENERATED = re.compile(r"([\d,]+) states generated, ([\d,]+) distinct states found")
_DEPTH = re.compile(r"The depth of the complete state graph search is (\d+)")


def run_tlc(entry: dict, jar: Path) -> dict:
    """Real TLC on one model, in a scratch copy of its folder (TLC writes states/ there)."""
    with tempfile.TemporaryDirectory(prefix="public-bench-tlc-") as tmp:
        work = Path(tmp) / entry["name"]
        shutil.copytree(PUBLIC / entry["name"], work)
        cmd = ["java", "-XX:+UseParallelGC", "-cp", str(jar), "tlc2.TLC", "-workers", "1", "-cleanup",
               "-config", entry["cfg"], entry["spec"]]
        out, wall, cpu = timed(cmd, work)
    counts = _GENERATED.findall(out.stdout)
    depth = _DEPTH.findall(out.stdout)
    return {"exit": out.returncode, "wall": wall, "cpu": cpu,
            "generated": int(counts[-1][0].replace(",", "")) if counts else None,
            "distinct": int(counts[-1][1].replace(",", "")) if counts else None,
            "depth": int(depth[-1]) if depth else None}


def agrees(entry: dict, got: dict) -> bool:
    want = entry["tlc"]
    return all(got[k] == want[k] for k in ("exit", "generated", "distinct", "depth"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="comma-separated model names")
    ap.add_argument("--tla2tools", type=Path, default=os.environ.get("PHALANX_TLA2TOOLS"),
                    help="tla2tools.jar: also time real TLC (default: $PHALANX_TLA2TOOLS, else the built-in only)")
    ap.add_argument("--json", dest="json_path", type=Path)
    args = ap.parse_args()
    entries = load_manifest()
    if args.only:
        names = set(args.only.split(","))
        entries = [e for e in entries if e["name"] in names]
    jar = Path(args.tla2tools) if args.tla2tools else None
    # Byte-compiled as pip leaves an installed package (TLC's jar holds compiled classes too): a
    # machine with PYTHONDONTWRITEBYTECODE set would otherwise compile every module on every run.
    compileall.compile_dir(ROOT / "phalanx_verify", quiet=1)
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f} at start; TLC: {jar or 'not run (no --tla2tools)'}")
    built = native.current()  # what the child processes load (tla/native.py)
    print(f"built-in evaluator: {f'native ({built})' if built else 'plain Python (no native build for these sources: phalanx-verify build-native)'}")
    print(f"{'model':30} {'distinct':>9} {'counts':>6} {'ours s':>7} {'ours cpu':>8} {'TLC s':>7} {'TLC cpu':>8} "
          f"{'x wall':>6} {'x cpu':>6}  shape")
    rows, totals = [], {"ours_wall": 0.0, "ours_cpu": 0.0, "tlc_wall": 0.0, "tlc_cpu": 0.0}
    for e in entries:
        ours = run_builtin(e)
        tlc = run_tlc(e, jar) if jar else None
        ok = "equal" if agrees(e, ours) else "DIFFER"
        totals["ours_wall"] += ours["wall"]
        totals["ours_cpu"] += ours["cpu"]
        cols = f"{ours['wall']:>7.1f} {ours['cpu']:>8.1f}"
        if tlc is not None:
            totals["tlc_wall"] += tlc["wall"]
            totals["tlc_cpu"] += tlc["cpu"]
            cols += (f" {tlc['wall']:>7.1f} {tlc['cpu']:>8.1f} {ours['wall'] / tlc['wall']:>6.2f}"
                     f" {ours['cpu'] / max(tlc['cpu'], 1e-9):>6.2f}")
        else:
            cols += f" {'-':>7} {'-':>8} {'-':>6} {'-':>6}"
        print(f"{e['name']:30} {e['tlc']['distinct']:>9,} {ok:>6} {cols}  {e['shape']}", flush=True)
        if ok != "equal":
            print(f"    built-in: exit {ours['exit']}, {ours['generated']} generated, {ours['distinct']} distinct, "
                  f"depth {ours['depth']} {ours['error'] or ''}; TLC recorded: {e['tlc']}")
        rows.append({"name": e["name"], "counts_equal": ok == "equal", "builtin": ours, "tlc": tlc})
    line = f"{'total':30} {'':>9} {'':>6} {totals['ours_wall']:>7.1f} {totals['ours_cpu']:>8.1f}"
    if jar:
        line += (f" {totals['tlc_wall']:>7.1f} {totals['tlc_cpu']:>8.1f} {totals['ours_wall'] / totals['tlc_wall']:>6.2f}"
                 f" {totals['ours_cpu'] / max(totals['tlc_cpu'], 1e-9):>6.2f}")
    print(line)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    if args.json_path:
        args.json_path.write_text(json.dumps({"rows": rows, "totals": totals, "native": built is not None}, indent=2))


if __name__ == "__main__":
    main()
