"""Drift campaign: many seeded engine runs (4 jobs, 32 leaves, MaxFail 6), every trace replayed
against spec/RRP.tla. Prints transitions, divergences, each action's count, engine throughput
(store + planner + trace emission) and replay throughput, and the environment.

Usage: python benchmarks/engine_campaign.py [--transitions 100000] [--store memory|etcd]
       [--first-seed 0] [--keep DIR] [--restart-every N]   (etcd only: stop/start etcd mid-run)
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from phalanx_ref.rrp_records import Keys
from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.trace_emit import record
from phalanx_verify.trace.replay import ModelCache, Replayer

SPEC = Path(__file__).resolve().parents[1] / "spec" / "RRP.tla"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--transitions", type=int, default=100_000)
    ap.add_argument("--store", choices=["memory", "etcd"], default="memory")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--keep", type=Path)
    ap.add_argument("--restart-every", type=int, default=0, help="etcd: restart etcd in every N-th run")
    a = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; store {a.store}")
    replayer = Replayer(ModelCache(SPEC))
    out = a.keep or Path(tempfile.mkdtemp(prefix="engine-campaign-"))
    out.mkdir(parents=True, exist_ok=True)
    server = store = None
    if a.store == "etcd":
        from phalanx_ref.store.etcd import EtcdStore
        from phalanx_ref.store.etcd_server import EtcdServer
        server = EtcdServer()
        server.start()
        store = EtcdStore(server.endpoint)
    actions: Counter[str] = Counter()
    steps = divergences = runs = unavailable = 0
    engine_s = replay_s = 0.0
    seed = a.first_seed
    try:
        while steps < a.transitions:
            path = out / f"{a.store}-{seed}.ndjson"
            on_op = None
            if server is not None and a.restart_every and runs % a.restart_every == 0:
                def on_op(op: int, srv=server) -> None:
                    if op == 30:
                        srv.stop()
                    elif op == 40:
                        srv.start()
            t0 = time.perf_counter()
            run = record(store or MemoryStore(seed), path, seed, keys=Keys(f"c{seed}/"), on_op=on_op)
            engine_s += time.perf_counter() - t0
            unavailable += run.unavailable
            res = replayer.replay(path)
            replay_s += res.seconds
            if res.divergences:
                divergences += len(res.divergences)
                print(res.divergences[0].line_text())
            actions.update(res.actions)
            steps += res.steps
            runs += 1
            seed += 1
            if not a.keep:
                path.unlink()
    finally:
        if store is not None:
            store.close()
        if server is not None:
            server.cleanup()
        if not a.keep:
            out.rmdir()
    print(f"runs {runs} (seeds {a.first_seed}..{seed - 1}), transitions {steps:,}, divergences {divergences}")
    print("actions: " + ", ".join(f"{k} {v:,}" for k, v in sorted(actions.items())))
    print(f"engine: {steps / engine_s:,.0f} transitions/s ({engine_s:.1f} s, store + planner + trace emission)")
    print(f"replay: {steps / replay_s:,.0f} transitions/s ({replay_s:.1f} s)")
    if a.store == "etcd":
        print(f"operations that found etcd down (restarts): {unavailable}")
    return 1 if divergences else 0


if __name__ == "__main__":
    sys.exit(main())
