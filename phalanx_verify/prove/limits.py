"""What one z3 query may spend, and the solver that keeps to it.

The budget is z3's resource limit (``rlimit``): a count of the solver's own steps, the same on
every run of the same query, so a proof that holds on an idle machine holds on a loaded CI
runner too. A wall-clock timeout made the answer depend on the load: a query that z3 decides
in a CPU second answered "unknown" when the machine was busy enough (test_prove_unbounded,
CI). A wall timeout remains available for a user who wants one, on top of the rlimit.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from .report import solve

DEFAULT_RLIMIT = 20_000_000
"""z3 resource units per query. Measured with benchmarks/prove_bench.py: the most any proved
obligation of RRPInd, RRPResumeInd and RRPLifecycleInd spends (bounded and --unbounded) is far
below it, while a query that exhausts it runs for tens of CPU seconds."""


@dataclass(frozen=True)
class Limits:
    """The budget of each z3 query: ``rlimit`` resource units (0: none, for a benchmark that
    bounds time instead), and at most ``timeout_s`` wall seconds when given (None: no wall
    limit, so the answer does not depend on the load)."""

    rlimit: int = DEFAULT_RLIMIT
    timeout_s: float | None = None

    def solver(self, seed: int = 0) -> z3.Solver:
        """A fresh solver with this budget and the random seed of z3's search."""
        s = z3.Solver()
        s.set("rlimit", self.rlimit)
        if self.timeout_s is not None:
            s.set("timeout", int(self.timeout_s * 1000))
        s.set("random_seed", seed)
        return s


DEFAULT_LIMITS = Limits()


def check(s: z3.Solver) -> tuple[z3.CheckSatResult, int]:
    """``s.check()`` and the resource units it spent. z3 counts them per context, across every
    solver of the process, so the spend is the count after the check less the count before."""
    before = _count(s)
    res = solve(s)
    return res, _count(s) - before


def _count(s: z3.Solver) -> int:
    stats = s.statistics()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0
