"""The planner's lifecycle decisions (paper section 7, seed 003): which job a defragmentation
moves, which job a preemption reclaims, and template switches (grow, shrink).

Each is a pure function of a :class:`~phalanx_ref.hdfb.Planner`: it plans on hypothetical states
inside :meth:`Planner.scratch` and returns a decision whose placement the caller commits like any
other (the RRP engine: Plan then Commit under the same guard). None of them places onto a suspect
leaf, because every placement goes through Place on a state where suspect leaves are quarantined.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from phalanx_ref.hdfb import Job, Placement, Planner
from phalanx_ref.topology import ceil_log2


def gang_order(job: Job, template_index: int = 0) -> int:
    """Order of the aligned block a template needs (ceil log2 of its gang size)."""
    tp, pp, dp = job.templates[template_index]
    return ceil_log2(tp * pp * dp)


def largest_free_order(planner: Planner) -> int:
    """Order of the largest free aligned block (-1 when nothing is free): the largest gang that
    Place can admit without the union path."""
    return planner.alloc.largest_free_order()


def fragmentation(planner: Planner, order: int) -> float:
    """Aligned fragmentation at ``order``: the share of free leaves that lie in no free aligned
    block of that order (0 when every free leaf could serve a gang of that order, 1 when none
    can; 0 when nothing is free, since there is nothing to consolidate)."""
    free = planner.alloc.nfree[0]
    if free == 0:
        return 0.0
    return 1.0 - (planner.alloc.chunks(order) << order) / free


@dataclass(frozen=True)
class Move:
    """A reformation of ``job`` onto ``placement`` that makes room for a waiting gang, which then
    fits on ``room`` (a footprint ``placement`` leaves free). ``cost``: ranks that migrate."""

    job: str
    placement: Placement
    room: Placement
    cost: int


@dataclass(frozen=True)
class Preemption:
    """Reclaim ``victim`` for a waiting gang: after sealing a checkpoint at its epoch it reforms
    onto ``placement`` (a smaller template), or is suspended to zero leaves when that is None;
    the gang then fits on ``room``."""

    victim: str
    placement: Placement | None
    room: Placement


def _room_without(planner: Planner, job: str, gang: Job) -> Placement | None:
    """Where ``gang`` would go if ``job`` gave its leaves back, or None."""
    with planner.scratch() as journal:
        planner.vacate(job, journal)
        return planner.place(gang)


def choose_defrag(planner: Planner, gang: Job) -> Move | None:
    """Defragmentation: when ``gang`` does not fit, the cheapest job to move (fewest migrated
    ranks, ties to the name) whose reformation, on its current template, leaves a footprint for
    the gang. None when the gang fits already, or no single move makes room."""
    if planner.place(gang) is not None:
        return None
    best: Move | None = None
    for name, cur in sorted(planner.placements.items()):
        room = _room_without(planner, name, gang)
        if room is None:
            continue
        q = planner.reshape(name, cur.template_index, cur.template_index + 1, room.blocks)
        if q is None:
            continue
        cost = len(q.migrated)
        if best is None or cost < best.cost:
            best = Move(name, q, room, cost)
    return best


def choose_preemption(planner: Planner, gang: Job, priority: Mapping[str, int], gang_priority: int) -> Preemption | None:
    """Checkpoint-before-preempt's choice: when ``gang`` does not fit, the lowest-priority job
    below ``gang_priority`` (ties to the name) whose leaves free enough capacity for it. The
    victim keeps the largest smaller template that still fits beside the gang, else it is
    suspended. None when the gang fits, or no single lower-priority job makes room."""
    if planner.place(gang) is not None:
        return None
    victims = sorted((priority.get(j, 0), j) for j in planner.placements if priority.get(j, 0) < gang_priority)
    for _, name in victims:
        room = _room_without(planner, name, gang)
        if room is None:
            continue
        cur = planner.placements[name]
        shrunk = None
        if cur.template_index + 1 < len(cur.templates):
            shrunk = planner.reshape(name, cur.template_index + 1, len(cur.templates), room.blocks)
        return Preemption(name, shrunk, room)
    return None


def grow(planner: Planner, job: str) -> Placement | None:
    """Elastic grow when capacity frees: the job's most preferred template larger than its
    current one that fits (the job's footprint may move), or None."""
    cur = planner.placements[job]
    if cur.template_index == 0:
        return None
    return planner.reshape(job, 0, cur.template_index)


def shrink(planner: Planner, job: str) -> Placement | None:
    """Elastic shrink under pressure: the job's next smaller template that fits, or None."""
    cur = planner.placements[job]
    if cur.template_index + 1 >= len(cur.templates):
        return None
    return planner.reshape(job, cur.template_index + 1, len(cur.templates))


def drain(planner: Planner, job: str) -> Placement | None:
    """Drain: Replan of ``job`` with its suspect leaves as the failed ones (the same Replan as
    a failure, before the hardware dies), or None when it holds no suspect leaf or nothing fits."""
    bad = planner.suspect_of(job)
    return planner.replan(job, bad) if bad else None
