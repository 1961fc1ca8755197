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

    def solver(self, seed: int = 0, rlimit: int | None = None, ctx: z3.Context | None = None) -> z3.Solver:
        """A fresh solver with this budget (or ``rlimit`` units) and the random seed of z3's search,
        in ``ctx`` (None: z3's main context)."""
        s = z3.Solver(ctx=ctx)
        s.set("rlimit", self.rlimit if rlimit is None else rlimit)
        if self.timeout_s is not None:
            s.set("timeout", int(self.timeout_s * 1000))
        s.set("random_seed", seed)
        return s


DEFAULT_LIMITS = Limits()

PROBE_SHARE = 10
"""The unbounded mode tries each obligation with 1/PROBE_SHARE of the budget first (2 million
units by default) and looks for a concrete CTI at the cfg's cluster before it spends the rest:
z3 finds proofs for every size easily and models hardly ever, so a query that will end unknown
(an obligation with a CTI) spent the whole 20 million units, 25-65 CPU s, before the cheap
bounded search ran. Measured with benchmarks/prove_bench.py --only-unbounded: every query of a
proved obligation of RRPInd, RRPResumeInd and RRPLifecycleInd stays under the probe."""


class Budget:
    """The z3 units one obligation may still spend over all its queries: the proof attempt, the
    searches for a CTI or a witness at the cfg's cluster, a retry. Each query gets what is left at
    most, so no search loop can multiply the budget (RRPResumeInd's witness search could make 18
    full queries: 20 CPU minutes in one CI run)."""

    def __init__(self, units: int) -> None:
        self.left = units

    def grant(self, want: int) -> int:
        """The units a query may have: ``want`` (0: no limit of its own) within what is left."""
        return min(want, self.left) if want else self.left

    def spend(self, units: int) -> None:
        self.left = max(0, self.left - units)


def check(s: z3.Solver) -> tuple[z3.CheckSatResult, int]:
    """``s.check()`` and the resource units it spent. z3 counts them per context, across every
    solver of the process, so the spend is the count after the check less the count before."""
    before = _count(s)
    res = solve(s)
    return res, _count(s) - before


def _count(s: z3.Solver) -> int:
    stats = s.statistics()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0
