"""§8.3/Table 5 over several seeds, one process per seed (the machine's cores used in parallel).

The first seed is the report's run: the recovery path chosen (``--recovery``, the RRP engine by
default) with prepared repairs on every failure and the companion runs, Table 5 with seed 003's
navigator (~60 ms per event at 131,072 GPUs) and under the alternative settings too (on the
filled state Table 5 is a job of its own, :func:`run_table5`, merged back by :meth:`Runs.wait`:
the same seed fills the same way), the prepared repairs with the search timed beside them, and
the GC-off and call-floor companion runs. Its recoveries are most of the report's work (an RRP
engine recovery costs about ten times a planner's), so its failures run in ``parts`` jobs
(:func:`part_bounds`): each part fills, replays the failures before it through the planner alone
(``bench_planner.replay_failures``: the same draws and decisions, at a twentieth of the cost), builds
the engine on that state and measures its own failures; the last part also runs the companions.
:meth:`Runs.wait` joins the parts in failure order (``bench_planner.merge_parts``), so every
figure is the whole run's, as if one process had run it.

The other seeds run without those, with the planner's recovery on a planner that prepares nothing
(the plain ``hdfb.Planner``: every Replan is the search, the paper's Replan): the engine's Plan
*is* the planner's Replan (``EngineRecovery`` checks every decision against it) and the prepared
repair is the search's answer (the first seed checks it on every failure), so the decisions, and
with them every quality figure, are the same; only the apply and heal timings differ (and the
lookup, which the other seeds do not have), and those are reported for the first seed. Workers
report progress through a queue the parent reads (``on_progress(seed, what, done)``).
"""

from __future__ import annotations

import multiprocessing as mp
import multiprocessing.queues
import os
import queue
import time
from collections import Counter
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, TypeAlias

from phalanx_ref.sim.bench_planner import BenchResult, merge_parts, merge_table5
from phalanx_ref.sim.params import TestbedParams

ProgressFn = Callable[[int, str, int], None]
ProgressQueue: TypeAlias = "multiprocessing.queues.Queue[tuple[int, str, int]]"
"""(seed, what, how many more done) from the workers to the parent."""
PROGRESS_EVERY = 100
"""A worker reports every this many failures or events (a queue put costs ~10 us)."""
REPLAY_COST = 0.04
"""CPU of a failure replayed through the planner alone, against a failure recovered through the RRP
engine with prepared repairs: 1.25 ms against 30.6 ms on the 131,072-GPU testbed
(``benchmarks/sim_recovery_bench.py --paths engine,replay``, load average ~10). How
:func:`part_bounds` balances the parts."""

_progress: ProgressQueue | None = None


@dataclass(frozen=True)
class SeedJob:
    """One seed's run of :func:`scale.run_scale`."""

    tb: TestbedParams
    seed: int
    failures: int
    quality_events: int
    recovery: str
    first: bool
    """The report's own seed: Table 5 with seed 003's navigator and under the alternative settings."""
    table5: bool = True
    """Table 5 on the filled state in this job; False when it runs as its own job (:func:`run_table5`)."""
    part: tuple[int, int] | None = None
    """The failures this job measures, ``(start, stop)``, when the seed's run is split (None: all)."""


def _init(q: ProgressQueue) -> None:
    global _progress
    _progress = q


def _counter(seed: int, what: str) -> Callable[[], None]:
    done = [0]

    def tick() -> None:
        done[0] += 1
        if _progress is not None and done[0] % PROGRESS_EVERY == 0:
            _progress.put((seed, what, PROGRESS_EVERY))  # a count to add: a seed's parts report apart

    return tick


FINISHED = "finished"
"""What a job puts on the progress queue after its last count: one process's puts arrive in
order, so the parent that has seen every job's marker has seen every count (a future can be done
while the worker's queue thread still holds the last counts)."""


def _cpu_timed(fn: Callable[..., Any], *args: object) -> tuple[float, Any]:
    """``fn(*args)`` and the CPU time its worker spent on it (seconds)."""
    t0 = time.process_time()
    try:
        out = fn(*args)
    finally:
        if _progress is not None:
            _progress.put((-1, FINISHED, 0))
    return time.process_time() - t0, out


def run_one(job: SeedJob) -> BenchResult:
    """One seed (in a worker process, or here)."""
    from phalanx_ref.sim.scale import RECOVERIES, run_scale

    return run_scale(job.tb, job.seed, job.failures, job.quality_events, RECOVERIES[job.recovery],
                     _counter(job.seed, "failures"), _counter(job.seed, "events"), job.first, job.first,
                     prepared=job.first, companions=job.first, table5=job.table5, part=job.part)


def run_table5(job: SeedJob) -> BenchResult:
    """The first seed's Table 5 on the filled state, with seed 003's navigator and the alternative
    sampling, apart from its failures: the same seed fills the same way, so the events are the ones
    :func:`run_one` would draw; the two run on two cores (seed 003's navigator costs ~60 ms an event,
    the engine's recoveries most of the rest)."""
    from phalanx_ref.sim.scale import run_quality

    return run_quality(job.tb, job.seed, job.quality_events, seed003=True, alternatives=True,
                       on_quality=_counter(job.seed, "events"))


def part_bounds(failures: int, parts: int, companions: int) -> list[tuple[int, int]]:
    """``(start, stop)`` of each of ``parts`` consecutive parts of ``failures``, sized so that every
    part costs about the same: its failures, plus its replay of the failures before it
    (:data:`REPLAY_COST` each), plus, for the last, the ``companions`` failures run after them."""
    parts = max(1, min(parts, failures))

    def last_start(cost: float) -> float:  # every part but the last takes what ``cost`` leaves it
        start = 0.0
        for _ in range(parts - 1):
            start += cost - REPLAY_COST * start
        return start

    lo, hi = 0.0, float(failures + companions)
    for _ in range(60):  # bisect for the cost at which the last part costs as much as the others
        mid = (lo + hi) / 2
        start = last_start(mid)
        if REPLAY_COST * start + failures - start + companions > mid:
            lo = mid
        else:
            hi = mid
    cuts, start = [0], 0.0
    for _ in range(parts - 1):
        start += hi - REPLAY_COST * start
        cuts.append(min(failures, round(start)))
    cuts.append(failures)
    return [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]


class Runs:
    """Runs submitted to a process pool as they come (:meth:`submit`, longest first for balance);
    :meth:`wait` collects them, the caller's thread being free to do other work (the Monte Carlo)
    in between."""

    def __init__(self, workers: int | None = None) -> None:
        ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
        self.queue: ProgressQueue = ctx.Queue()
        self.pool = ProcessPoolExecutor(max(1, workers or os.cpu_count() or 1), mp_context=ctx,
                                        initializer=_init, initargs=(self.queue,))
        self.futures: dict[Hashable, Future[Any]] = {}
        self.cpu_s: dict[Hashable, float] = {}
        """CPU time of each job (seconds), after :meth:`wait`: what the speed goal is judged on
        when the machine is shared (wall times then measure the other users too)."""

    def submit(self, key: Hashable, fn: Callable[..., Any], *args: object) -> None:
        self.futures[key] = self.pool.submit(_cpu_timed, fn, *args)

    def seeds(self, tb: TestbedParams, seeds: list[int], failures: int, quality_events: int, recovery: str,
              parts: int = 1) -> None:
        """Submit §8.3/Table 5 for every seed under the key ``("seed", s)``, the first seed's failures
        in ``parts`` jobs (the earlier ones under ``("part", s, i)``; see the module docstring)."""
        for i, s in enumerate(seeds):
            apart = i == 0 and quality_events > 0 and tb.quality_state == "filled"
            job = SeedJob(tb, s, failures, quality_events, recovery if i == 0 else "planner", i == 0, not apart)
            bounds = part_bounds(failures, parts, 2 * (failures // 10)) if i == 0 else [(0, failures)]
            for k, b in enumerate(bounds):
                last = k == len(bounds) - 1
                self.submit(("seed", s) if last else ("part", s, k), run_one,
                            replace(job, part=None if len(bounds) == 1 else b))
            if apart:
                self.submit(("table5", s), run_table5, job)

    def wait(self, on_progress: ProgressFn | None = None) -> dict[Hashable, Any]:
        """Every result by key (a seed's Table 5 run apart merged into the seed's); a worker's
        exception is raised here."""
        done: Counter[tuple[int, str]] = Counter()
        finished = 0
        try:
            while finished < len(self.futures):
                try:
                    seed, what, more = self.queue.get(timeout=0.5)
                except queue.Empty:
                    if all(f.done() for f in self.futures.values()) and \
                            any(f.exception() is not None for f in self.futures.values()):
                        break  # a worker died before its marker (its exception is raised below)
                    continue
                if what == FINISHED:
                    finished += 1
                    continue
                done[seed, what] += more
                if on_progress is not None:
                    on_progress(seed, what, done[seed, what])
            out = {}
            for k, f in self.futures.items():
                self.cpu_s[k], out[k] = f.result()
            for s in sorted({k[1] for k in out if isinstance(k, tuple) and k[0] == "part"}):
                earlier = sorted(k for k in out if isinstance(k, tuple) and k[0] == "part" and k[1] == s)
                merge_parts([out.pop(k) for k in earlier], out[("seed", s)])
            for k in [k for k in out if isinstance(k, tuple) and k[0] == "table5"]:
                merge_table5(out[("seed", k[1])], out.pop(k))
            return out
        finally:
            self.pool.shutdown(cancel_futures=True)
