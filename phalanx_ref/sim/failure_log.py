"""The raw record of a run of §8.3 failures (every timed sample, the outcome counts) and the
figures the report derives from it.

The first seed's failures run in parts, each in a worker process of its own (``seeds.py``): a part
replays the failures before it through the planner alone and measures its own. Their logs are
joined in failure order (``a + b``, ``b`` the later part) and the figures computed once from the
whole, so that a median or a p99 is the whole run's, not a mix of the parts' figures.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field


def percentile(xs: Sequence[float], q: float) -> float:
    """The sample at rank ``q`` (nearest rank from below; NaN for no samples): the rule of every
    percentile the report prints from samples."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


@dataclass
class FailureLog:
    """One run of failures, sample by sample (``*_ns``: one per failure, in failure order)."""

    prepared: bool = False
    """The planner kept repairs prepared: the timed Replan is the lookup and the search is timed
    beside it on the same state; otherwise the timed Replan is the search (``search_ns``)."""
    replan_ns: list[float] = field(default_factory=list)
    """The timed Replan call (prepared path only)."""
    warm_ns: list[float] = field(default_factory=list)
    """The same call repeated at once (prepared path only)."""
    search_ns: list[float] = field(default_factory=list)
    apply_ns: list[float] = field(default_factory=list)
    heal_ns: list[float] = field(default_factory=list)
    prep_ns: list[float] = field(default_factory=list)
    """Preparation of repairs inside each failure's apply and heal (with a preparation clock)."""
    repairs_prepared: int = 0
    migrated: Counter[int] = field(default_factory=Counter)
    """Ranks migrated per repair -> repairs."""
    kinds: Counter[str] = field(default_factory=Counter)
    """Outcome per failure (the repair's kind, or ``queued``)."""
    preserved: int = 0
    differs: int = 0
    """Failures where the search's answer differs from the timed decision (prepared path)."""
    gc_hits: int = 0
    """Timed Replans during which the garbage collector ran."""
    by_size: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Gang size -> (repairs, level preserved)."""

    def __add__(self, later: FailureLog) -> FailureLog:
        if later.prepared != self.prepared:
            raise ValueError("a run with prepared repairs joined to one without")
        by_size = dict(self.by_size)
        for g, (n, ok) in later.by_size.items():
            m, good = by_size.get(g, (0, 0))
            by_size[g] = (m + n, good + ok)
        return FailureLog(self.prepared, self.replan_ns + later.replan_ns, self.warm_ns + later.warm_ns,
                          self.search_ns + later.search_ns, self.apply_ns + later.apply_ns,
                          self.heal_ns + later.heal_ns, self.prep_ns + later.prep_ns,
                          self.repairs_prepared + later.repairs_prepared, self.migrated + later.migrated,
                          self.kinds + later.kinds, self.preserved + later.preserved, self.differs + later.differs,
                          self.gc_hits + later.gc_hits, by_size)

    def samples(self) -> dict[str, list[float]]:
        """The per-failure samples the report exports (``samples_failures.csv``)."""
        return {"replan_ns": self.replan_ns, "replan_search_ns": self.search_ns, "apply_ns": self.apply_ns,
                "heal_ns": self.heal_ns, **({"prep_ns": self.prep_ns} if self.prep_ns else {})}

    def figures(self) -> dict[str, float | int | str]:
        """The §8.3 failure figures (latencies in us)."""
        f: dict[str, float | int | str] = {"failures": sum(self.kinds.values()), "prepared_repairs": self.prepared}
        for name, xs in (("replan", self.replan_ns), ("replan_search", self.search_ns)):
            if not xs:
                continue
            f[f"{name}_median_us"] = percentile(xs, 0.5) / 1e3
            f[f"{name}_p99_us"] = percentile(xs, 0.99) / 1e3
            f[f"{name}_max_us"] = max(xs) / 1e3
            f[f"{name}_mean_us"] = statistics.fmean(xs) / 1e3
        if self.prepared:
            f["replan_search_differs"] = self.differs
            if self.prep_ns:
                f["prep_per_failure_median_us"] = percentile(self.prep_ns, 0.5) / 1e3
                f["prep_per_failure_p99_us"] = percentile(self.prep_ns, 0.99) / 1e3
                f["prep_per_failure_mean_us"] = statistics.fmean(self.prep_ns) / 1e3
                f["repairs_prepared_per_failure"] = self.repairs_prepared / len(self.prep_ns)
                f["replan_lookup_plus_prep_mean_us"] = (statistics.fmean(self.replan_ns) / 1e3
                                                        + statistics.fmean(self.prep_ns) / 1e3)
            f["replan_warm_median_us"] = percentile(self.warm_ns, 0.5) / 1e3
        f["replan_samples_with_gc"] = self.gc_hits
        for name, ys in (("repair_commit", self.apply_ns), ("heal", self.heal_ns)):
            f[f"{name}_median_us"] = percentile(ys, 0.5) / 1e3
            f[f"{name}_p99_us"] = percentile(ys, 0.99) / 1e3
        f["ranks_migrated"] = ", ".join(f"{k}x{v}" for k, v in sorted(self.migrated.items()))
        f["outcomes"] = ", ".join(f"{k} {v}" for k, v in sorted(self.kinds.items()))
        f["level_preserved_pct"] = 100.0 * self.preserved / max(1, sum(self.migrated.values()))
        return f
