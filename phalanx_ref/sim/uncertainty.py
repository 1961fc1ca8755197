"""How much §8.3 and Table 5 move: within one seed (binomial intervals for proportions, bootstrap
intervals for percentiles) and across seeds (mean and Student-t interval of the per-seed figures).

One seed is one fill and one failure sequence; the paper reports one run. The report runs several
seeds (``seeds.run_seeds``) and states both kinds of interval beside the paper's figure.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import numpy as np

from phalanx_ref.sim.bench_planner import BenchResult
from phalanx_ref.sim.tables import PAPER_SCALE, PAPER_TABLE5, Table

Z95 = 1.959963984540054
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086)
"""Two-sided 95% Student-t quantiles for 1 .. 20 degrees of freedom."""


def t975(df: int) -> float:
    """The 97.5% Student-t quantile (normal beyond 20 degrees of freedom, within 5%)."""
    return T975[df - 1] if df <= len(T975) else Z95


def mean_ci(xs: Sequence[float]) -> tuple[float, float | None]:
    """Mean and 95% half-width of the mean (Student t); no half-width for one value."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, None
    return m, t975(len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson 95% interval of a proportion k/n, in percent."""
    if n == 0:
        return float("nan"), float("nan")
    p, z2 = k / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return 100.0 * (centre - half), 100.0 * (centre + half)


def bootstrap(xs: Sequence[float], q: float, seed: int = 0, rounds: int = 1000) -> tuple[float, float]:
    """Percentile-bootstrap 95% interval of ``percentile(xs, q)`` (the report's percentile rule)."""
    a = np.sort(np.asarray(xs, dtype=float))
    if a.size == 0:
        return float("nan"), float("nan")
    rng = np.random.default_rng(seed)
    idx = np.sort(rng.integers(0, a.size, (rounds, a.size)), axis=1)
    at = min(a.size - 1, int(q * a.size))
    stats = a[idx[:, at]]
    return float(np.quantile(stats, 0.025)), float(np.quantile(stats, 0.975))


# (figure key, paper figure, how to get its within-seed interval: sample key and percentile, or
# a proportion)
FIGURES: tuple[tuple[str, float | None, str, float], ...] = (
    ("level_preserved_pct", PAPER_SCALE["level_preserved_pct"], "by_size", 0.0),
    *[(f"{m}_{what}", PAPER_TABLE5[m][i] if m in PAPER_TABLE5 else None, sample, q)
      for m in ("hdfb", "blind", "navigator_fair")
      for i, (what, sample, q) in enumerate((("inflation_median", f"{m}_inflation", 0.5),
                                            ("inflation_p95", f"{m}_inflation", 0.95),
                                            ("level_preserved_pct", f"event_{m}_level_preserved", -1.0)))],
    ("replan_median_us", PAPER_SCALE["replan_median_us"], "replan_ns", 0.5),
    ("replan_search_median_us", PAPER_SCALE["replan_median_us"], "replan_search_ns", 0.5),
    ("place_carve_median_us", PAPER_SCALE["place_median_us"], "place_carve_ns", 0.5),
)


def within_seed(res: BenchResult, sample: str, q: float) -> tuple[float, float]:
    """95% interval of one seed's figure: Wilson for proportions, bootstrap for percentiles."""
    if sample == "by_size":
        n = sum(r for r, _ in res.by_size.values())
        return wilson(sum(k for _, k in res.by_size.values()), n)
    xs = res.samples.get(sample, [])
    if q < 0:  # per-event 0/1 outcomes (nan: the method found no repair)
        kept = [x for x in xs if x == x]
        return wilson(int(sum(kept)), len(kept))
    scale = 1e3 if sample.endswith("_ns") else 1.0
    lo, hi = bootstrap([x / scale for x in xs], q)
    return lo, hi


def uncertainty_table(results: dict[int, BenchResult]) -> Table:
    """Every headline figure of §8.3/Table 5: the first seed's value and its within-seed interval,
    then the mean, 95% interval, min and max over the seeds."""
    seeds = list(results)
    first = results[seeds[0]]
    t = Table("uncertainty", f"§8.3 and Table 5 across {len(seeds)} seeds ({', '.join(map(str, seeds))}); "
              f"the report's tables are seed {seeds[0]}",
              ["figure", f"seed {seeds[0]}", "within-seed 95% low", "within-seed 95% high", "seeds mean",
               "seeds 95% +/-", "seeds min", "seeds max", "seeds with it", "paper"])
    for key, paper, sample, q in FIGURES:
        if key not in first.figures:
            continue
        vals = [float(r.figures[key]) for r in results.values() if key in r.figures]
        lo, hi = within_seed(first, sample, q)
        m, half = mean_ci(vals)
        t.rows.append([key, float(first.figures[key]), lo, hi, m, half, min(vals), max(vals), len(vals), paper])
    t.notes += ["Within one seed: Wilson intervals for the level-preserved proportions, percentile-bootstrap "
                "intervals (1,000 resamples) for the medians and p95s; across seeds: Student-t interval of "
                "the per-seed figures.",
                "Percentiles everywhere in the report: the sorted sample at index floor(q n).",
                "Only the first seed keeps prepared repairs (seeds.py): replan_median_us, the prepared lookup, "
                "is its alone; elsewhere every Replan is the search (replan_search_median_us), timed as the "
                "Replan after the planner's recovery, except on the first seed, where it is timed after the "
                "lookup and the chosen recovery (the engine's): the spread across seeds includes that "
                "difference."]
    return t
