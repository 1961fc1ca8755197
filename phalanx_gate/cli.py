"""``phalanx-verify prove hdfb``: registered into the generic ``prove`` group through the
``phalanx_verify.prove_commands`` entry point (pyproject.toml), so the toolkit imports nothing
of the Phalanx layer."""

from __future__ import annotations

import click

from phalanx_verify.check import workers_option
from phalanx_verify.prove import Limits, Result, collect, finish


@click.command()
@click.option("--max-leaves", default=64, show_default=True, help="largest generated tree")
@click.option("--mutants/--no-mutants", default=True, help="also find each planner mutant's counterexample")
@click.option("--rlimit", type=int, default=None,
              help="z3 resource units per query (deterministic, unlike a time limit); default: "
                   "phalanx_gate.hdfb_proofs.HDFB_RLIMIT, measured for these lemmas")
@click.option("--timeout", type=float, default=None, help="also stop each z3 query after this many wall seconds")
@click.option("--jobs", callback=lambda _c, _p, v: workers_option(v), default="auto", show_default=True,
              help="worker processes deciding obligations side by side (a number, or auto: the machine's "
                   "cores); the report is the same for any number")
@click.option("--json", "as_json", is_flag=True, help="print the results as JSON")
def hdfb(max_leaves: int, mutants: bool, rlimit: int | None, timeout: float | None, jobs: int, as_json: bool) -> None:
    """Theorem 2 (precise, and the naive form's counterexample), Propositions 1 and 2, and the
    planner mutants, on every bounded tree shape (trees are the planner's Topology). Ctrl-C
    prints the obligations decided so far and exits 130."""
    from .hdfb_proofs import HDFB_RLIMIT, run_hdfb

    limits = Limits(HDFB_RLIMIT if rlimit is None else rlimit, timeout)
    results: list[Result] = []
    interrupted = collect(lambda: run_hdfb(max_leaves, mutants, limits, results, jobs))
    finish(results, as_json, "prove hdfb", interrupted)
