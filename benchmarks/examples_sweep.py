"""Check the exhaustive-search models of a local clone of tlaplus/Examples against the TLC
figures their manifests record, and print a table: which agree (exit code and states
generated, distinct, depth), which stop at a module or construct the checker lacks, which
differ. A model that EXTENDS a community module (Functions, SequencesExt, ...) or a TLAPS
library module (FiniteSetTheorems, ...) is checked with the directories given by ``--lib``,
as the Examples' own CI gives TLC CommunityModules and tlapm's library.

    python benchmarks/examples_sweep.py --examples ~/src/Examples [--max-runtime 9] [--timeout 300]
        [--lib ~/src/CommunityModules/modules --lib ~/src/tlapm/library] [--only Paxos]

Nothing is downloaded: the clone is yours (git clone https://github.com/tlaplus/Examples). The
manifests' depths come from their own TLC runs and differ from real TLC's in a few models
(PrisonerLightUnknown, SpanTree, btree/kvstore, EWD840 report one or two more than
TLC 2026.12 at 1 worker), so a depth-only difference is listed apart from the rest."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

COUNTS = re.compile(r"(\d+) states generated, (\d+) distinct states found")
DEPTH = re.compile(r"depth of the complete state graph search is (\d+)")
MISSING = re.compile(r"cannot find module (\w+)")


def _seconds(runtime: str) -> int:
    try:
        h, m, s = (int(x) for x in runtime.split(":"))
    except ValueError:  # "unknown"
        return 1 << 30
    return h * 3600 + m * 60 + s


def models(examples: Path, max_runtime: int) -> list[tuple[Path, dict[str, Any]]]:
    """(spec path, manifest model entry) of each exhaustive-search model TLC ran within
    ``max_runtime`` seconds."""
    out = []
    for manifest in sorted(examples.glob("specifications/*/manifest.json")):
        for module in json.loads(manifest.read_text()).get("modules", []):
            for model in module.get("models", []):
                if model.get("mode") == "exhaustive search" and _seconds(model.get("runtime", "")) <= max_runtime:
                    out.append((examples / module["path"], model))
    return out


def run_one(examples: Path, spec: Path, model: dict[str, Any], timeout: int,
            libs: tuple[Path, ...] = ()) -> dict[str, Any]:
    """Our checker on one model, in a scratch copy of its folder (a run may write files)."""
    cfg = examples / model["path"]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "m"
        shutil.copytree(spec.parent, work)
        if cfg.parent != spec.parent:
            shutil.copytree(cfg.parent, work, dirs_exist_ok=True)
        cmd = [sys.executable, "-m", "phalanx_verify.cli", "check", spec.name, "-config", cfg.name, "-workers", "1",
               *(a for lib in libs for a in ("--lib", str(lib.resolve())))]
        try:
            p = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=timeout)
            code: int | str = p.returncode
            out = p.stdout + p.stderr
        except subprocess.TimeoutExpired:
            code, out = "timeout", ""
    counts, depth, missing = COUNTS.search(out), DEPTH.search(out), MISSING.search(out)
    return {"model": model["path"], "expected": model.get("result"), "exit": code,
            "tlc": [model.get("totalStates"), model.get("distinctStates"), model.get("stateDepth")],
            "ours": [int(counts[1]) if counts else None, int(counts[2]) if counts else None,
                     int(depth[1]) if depth else None],
            "missing_module": missing[1] if missing else None}


def verdict(r: dict[str, Any]) -> str:
    """agree, depth (only the manifest's depth differs), module (a module not found),
    unsupported (exit 150 naming a construct), timeout, or differ."""
    if r["exit"] == "timeout":
        return "timeout"
    if r["missing_module"]:
        return "module"
    if r["exit"] == 150:  # a construct the checker names as unsupported (a Java module override)
        return "unsupported"
    if r["expected"] != "success":  # a violation: any violation exit, no counts in the manifest
        return "agree" if r["exit"] not in (0, 150) else "differ"
    if r["exit"] != 0:
        return "differ"
    if r["tlc"][0] is None or r["tlc"] == r["ours"]:
        return "agree"
    return "depth" if r["tlc"][:2] == r["ours"][:2] else "differ"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=Path, required=True, help="a clone of tlaplus/Examples")
    ap.add_argument("--max-runtime", type=int, default=9, help="models TLC ran within this many seconds")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per model")
    ap.add_argument("--json", type=Path, help="write every result here")
    ap.add_argument("--lib", type=Path, action="append", default=[],
                    help="a directory of modules the models EXTEND (CommunityModules, tlapm's library)")
    ap.add_argument("--only", help="the models whose path contains this text")
    args = ap.parse_args()
    results = []
    for spec, model in models(args.examples, args.max_runtime):
        if args.only and args.only not in model["path"]:
            continue
        r = run_one(args.examples, spec, model, args.timeout, tuple(args.lib))
        r["verdict"] = verdict(r)
        results.append(r)
        print(f"{r['verdict']:8} {r['model']}  exit {r['exit']}  tlc {r['tlc']}  ours {r['ours']}"
              + (f"  (no module {r['missing_module']})" if r["missing_module"] else ""), flush=True)
    tally = {v: sum(r["verdict"] == v for r in results) for v in ("agree", "depth", "module", "unsupported", "timeout", "differ")}
    print(f"{len(results)} models: " + ", ".join(f"{n} {v}" for v, n in tally.items()))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
