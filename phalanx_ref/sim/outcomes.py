"""What a recovery decision did to a job, in the words the report's failure experiments use.

Replan repairs the failed blocks from a spare or free block of the nearest enclosing domain that
has one (escalating a level at a time); when some block has no repair it places the job afresh,
with its current template or a later, smaller one (template shrink); when nothing fits the job
waits (``None``: RRP stays in Plan until capacity returns). The testbed's levels: 1 node, 3 rail
group, 4 pod, 5 cluster; a repair drawn at the cluster level comes from another pod.
"""

from __future__ import annotations

from collections import Counter

from phalanx_ref.hdfb import Placement

LEVEL_NAMES = {1: "node", 3: "rail group", 4: "pod", 5: "another pod"}
OUTCOMES = ("repair: node", "repair: rail group", "repair: pod", "repair: another pod", "fresh placement",
            "shrunk template", "waits")
"""Every outcome, in the order of escalation."""


def outcome(q: Placement | None, cur: Placement) -> str:
    """The outcome of decision ``q`` for the job placed as ``cur`` (one of :data:`OUTCOMES`)."""
    if q is None:
        return "waits"
    if q.kind == "repair":
        return f"repair: {LEVEL_NAMES.get(q.repair_level or 0, 'another pod')}"
    return "shrunk template" if q.template_index > cur.template_index else "fresh placement"


def shares(counts: Counter[str]) -> list[float | None]:
    """Each outcome's share of the decisions, in percent, in :data:`OUTCOMES` order."""
    n = sum(counts.values())
    return [100.0 * counts[o] / n if n else None for o in OUTCOMES]
