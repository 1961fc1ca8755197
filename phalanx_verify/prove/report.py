"""Results of proof obligations: one record per obligation, a readable table and JSON.

A result is ``proved`` (z3 says the negation is unsatisfiable), ``cti`` (a counterexample to
induction: two states and the action), ``counterexample`` (a planner lemma fails on a concrete
free state), ``unknown`` (z3 gave up or timed out) or ``vacuous`` (a premise is unsatisfiable, so
the obligation would hold for no reason). A statement expected to fail (a naive lemma, a mutant)
is ``refuted`` when its counterexample is found, ``no counterexample`` otherwise. Success is
``proved``, ``refuted`` or ``skipped`` (liveness, which is the model checker's job).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

import z3
from rich.console import Console
from rich.table import Table


@dataclass
class Result:
    obligation: str
    instance: str
    result: str
    seconds: float
    detail: str = ""
    witness: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.result in ("proved", "refuted", "skipped")


def verdict(check: z3.CheckSatResult, failing: str = "cti") -> str:
    """The result name of a query whose satisfiability refutes the obligation."""
    if check == z3.unsat:
        return "proved"
    if check == z3.sat:
        return failing
    return "unknown"


def solve(solver: z3.Solver) -> z3.CheckSatResult:
    """``solver.check()`` with Ctrl-C kept: z3 takes SIGINT during a check (it cancels the query
    and answers unknown, "interrupted from keyboard"), so a proof run would go on with the next
    obligation; the interrupt is raised again here."""
    res = solver.check()
    if res == z3.unknown and solver.reason_unknown() == "interrupted from keyboard":
        raise KeyboardInterrupt
    return res


def print_table(results: list[Result], console: Console, title: str) -> None:
    table = Table(title=title)
    for col in ("obligation", "instance", "result", "seconds"):
        table.add_column(col, justify="right" if col == "seconds" else "left")
    for r in results:
        style = "green" if r.ok else "red"
        table.add_row(r.obligation, r.instance, f"[{style}]{r.result}[/{style}]", f"{r.seconds:.2f}")
    console.print(table)
    for r in results:
        if not r.ok and r.detail:
            console.print(f"[bold]{r.obligation}[/bold] ({r.instance}): {r.result}")
            console.print(r.detail, markup=False, highlight=False)


def to_json(results: list[Result], interrupted: bool = False) -> str:
    """The results; ``interrupted``: a Ctrl-C stopped the run, these are the obligations it finished."""
    return json.dumps({"results": [asdict(r) for r in results], "interrupted": interrupted,
                       "ok": all(r.ok for r in results) and not interrupted}, indent=2)
