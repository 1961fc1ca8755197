"""``phalanx-verify prove hdfb``: registered into the generic ``prove`` group through the
``phalanx_verify.prove_commands`` entry point (pyproject.toml), so the toolkit imports nothing
of the Phalanx layer."""

from __future__ import annotations

import click

from phalanx_verify.prove.cli import finish


@click.command()
@click.option("--max-leaves", default=64, show_default=True, help="largest generated tree")
@click.option("--mutants/--no-mutants", default=True, help="also find each planner mutant's counterexample")
@click.option("--timeout", default=60.0, show_default=True, help="seconds per z3 query")
@click.option("--json", "as_json", is_flag=True, help="print the results as JSON")
def hdfb(max_leaves: int, mutants: bool, timeout: float, as_json: bool) -> None:
    """Theorem 2 (precise, and the naive form's counterexample), Propositions 1 and 2, and the
    planner mutants, on every bounded tree shape (trees are the planner's Topology)."""
    from .hdfb_proofs import run_hdfb

    finish(run_hdfb(max_leaves, mutants, timeout), as_json, "prove hdfb")
