"""Goodput end to end: the renewal half (ETTR, the share of wall time spent training) combined
with the placement half (how much slower each step runs on the repaired placement).

Model: the job of the renewal model runs at the fast design's ETTR (its recovery time R does not
depend on where the repair lands: every method here replaces one node). After each failure the
job runs on a repaired placement until the next failure; a step on it takes
``(1 - f) + f * inflation`` of the pre-failure step time, where ``inflation`` is the step-
communication inflation of a Table 5 event of that method and ``f`` the share of a step that is
exposed communication before the failure (``TestbedParams.step_comm_fraction``). Up-times are
independent of the placement drawn (Poisson failures), so the expected goodput over the run is
``ETTR * E[1 / step factor]``, exactly. The restart baseline places the whole job afresh after
each failure, at the pre-failure quality (step factor 1).
"""

from __future__ import annotations

import numpy as np

from phalanx_ref.sim.bench_planner import BenchResult
from phalanx_ref.sim.montecarlo import McResult
from phalanx_ref.sim.tables import Table, k_label

LABELS = {"hdfb": "Phalanx Replan (HDF-B)", "blind": "topology-blind", "navigator": "GangNavigator (seed 003)",
          "navigator_fair": "GangNavigator, fair"}


def step_factors(inflation: list[float], comm_fraction: float) -> np.ndarray:
    """Step time on the repaired placement over the pre-failure step time, per event."""
    return (1.0 - comm_fraction) + comm_fraction * np.asarray(inflation, dtype=float)


def goodput_table(res: BenchResult, fast: McResult, baseline: McResult, comm_fraction: float) -> Table:
    """Effective training throughput over the run, per recovery method, relative to a failure-free
    run on the pre-failure placement."""
    t = Table("goodput", f"Goodput over a {fast.params.horizon_days:g}-day run at {k_label(fast.n_gpus)} GPUs: ETTR "
              f"x mean step speed on the repaired placements (exposed communication {comm_fraction:.0%} of a step)",
              ["recovery", "ETTR (measured)", "mean step factor", "p95 step factor", "mean speed 1/factor",
               "goodput", "goodput vs HDF-B"])
    rows: list[tuple[str, list[float]]] = []  # (label, ETTR, step factor mean and p95, speed, goodput)
    for key, label in LABELS.items():
        xs = res.samples.get(f"{key}_inflation", [])
        if not xs:
            continue
        f = step_factors(xs, comm_fraction)
        speed = float(np.mean(1.0 / f))
        rows.append((f"{label}, {fast.design.name}", [fast.mean, float(f.mean()), float(np.quantile(f, 0.95)),
                                                      speed, fast.mean * speed]))
    rows.append((f"restart baseline ({baseline.design.name}: fresh placement)",
                 [baseline.mean, 1.0, 1.0, 1.0, baseline.mean]))
    ref = rows[0][1][4] if rows[0][0].startswith(LABELS["hdfb"]) else None
    t.rows = [[label, *xs, None if ref is None else xs[4] / ref] for label, xs in rows]
    t.notes += ["Step factors come from this run's Table 5 events (gangs of >= 64 ranks); ETTR from a Monte "
                f"Carlo of {fast.params.runs} runs. The recovery time is the design's for every placement method.",
                "The exposed-communication share is a choice (scenario key testbed.step_comm_fraction, see "
                "params.TestbedParams)."]
    return t
