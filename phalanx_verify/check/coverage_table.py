"""Coverage across the runs of a campaign, as one table: a row per run with how many of its
actions were enabled, the ones never enabled (in red: a model or a property set that never
exercises an action is suspect) and the action taken least. Every action's figures are in the
run's JSON report (``extra.coverage``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rich.table import Table


class _Outcome(Protocol):
    """What the table reads of a campaign outcome (campaign.Outcome)."""

    run: Any
    report: Any


def coverage_table(outcomes: Sequence[_Outcome]) -> Table:
    table = Table(title="Coverage per run (built-in engine; TLC's -coverage)")
    for col, just in (("run", "left"), ("enabled", "right"), ("never enabled", "left"), ("least taken", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for o in outcomes:
        cov = o.report.extra.get("coverage")
        if not cov:
            continue
        actions = cov["actions"]
        never = [a["name"] for a in actions if a["never_enabled"]]
        taken = [a for a in actions if not a["never_enabled"]]
        least = min(taken, key=lambda a: a["generated"], default=None)
        table.add_row(o.run.name, f"{len(taken)} of {len(actions)}",
                      f"[red]{', '.join(never)}[/red]" if never else "",
                      f"{least['name']} ({least['generated']:,} steps)" if least else "")
    table.caption = "a run stopped by a violation counts only the part of the state space it explored"
    return table
