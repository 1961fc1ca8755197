"""Benchmark of the liveness searches on one explored state graph: the fixed-form fast path
(P ~> Q for RRP's ReformLive) against the general tableau search on the same obligations.

The graph is explored once; each search runs ``--repeat`` times and the best time is printed
(the machine's other load only adds time). Not a test: times depend on the machine.

    python3 benchmarks/liveness_bench.py [--spec spec/RRP.tla] [--cfg spec/RRP_L6.cfg] [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from phalanx_verify.check.bfs import explore  # noqa: E402
from phalanx_verify.check.fairness import FairnessTracker  # noqa: E402
from phalanx_verify.check.liveness import check_liveness  # noqa: E402
from phalanx_verify.check.model import Liveness, load_model  # noqa: E402
from phalanx_verify.check.report import Report  # noqa: E402
from phalanx_verify.check.temporal import general_obligation  # noqa: E402


def best_of(repeat: int, run) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default=str(ROOT / "spec" / "RRP.tla"))
    ap.add_argument("--cfg", default=str(ROOT / "spec" / "RRP_L6.cfg"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    model = load_model(args.spec, args.cfg)
    fast = [ob for p in model.properties for ob in p.liveness if ob.kind != "general"]
    general = [Liveness("general", ob.name, general=general_obligation(model, part), part=part)
               for ob in fast if (part := ob.part) is not None]
    tracker = FairnessTracker(model, list(model.fairness))
    t = time.perf_counter()
    space = explore(model, Report("bench"), fairness=tracker)
    assert space is not None, "explore keeps the graph when given a fairness tracker"
    explore_s = time.perf_counter() - t
    kinds = [f.kind for f in model.fairness]

    def check(obs: list[Liveness]) -> None:
        for ob in obs:
            check_liveness(model, space, ob, kinds)

    print(f"{Path(args.spec).name} {Path(args.cfg).name}: {len(space.states)} states, "
          f"{len(space.edge_dst)} edges, {len(fast)} obligations ({', '.join(sorted({o.kind for o in fast}))})")
    print(f"explore with the graph kept: {explore_s:.2f} s")
    print(f"fast path:      {best_of(args.repeat, lambda: check(fast)):.2f} s (best of {args.repeat})")
    print(f"general search: {best_of(args.repeat, lambda: check(general)):.2f} s (best of {args.repeat})")
    print(f"python {platform.python_version()} on {platform.machine()}, {platform.node()}")


if __name__ == "__main__":
    main()
