"""The planner's lifecycle decisions: health-aware placement (suspect leaves never placed on until
healed, spares included), drain, defragmentation, preemption choice, grow and shrink; with
Hypothesis sequences, and the health-blind mutant caught."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phalanx_ref.audit import audit_allocator, audit_placements
from phalanx_ref.hdfb import QUARANTINE, Job, Placement, Planner, TopologyPolicy
from phalanx_ref.lifecycle_plan import (
    choose_defrag,
    choose_preemption,
    drain,
    fragmentation,
    gang_order,
    grow,
    largest_free_order,
    shrink,
)
from phalanx_ref.mutants import LIFECYCLE_MUTANTS
from phalanx_ref.topology import hgx_a100
from tests.ref.hdfb_checks import random_job, random_policy, random_topology


def node_jobs(planner: Planner, names: str) -> None:
    for n in names:
        p = planner.place(Job(n, [(8, 1, 1)]))
        assert p is not None
        planner.commit(p)


def spared_cluster(cls: type[Planner] = Planner) -> Planner:
    """4 nodes of 8 GPUs, one spare node for the cluster, the other three taken by jobs a, b, c."""
    t = hgx_a100(2, 2, 1)
    planner = cls(t, TopologyPolicy(spare_level=t.depth, spare_count=1, spare_order=3))
    node_jobs(planner, "abc")
    return planner


def state(planner: Planner) -> tuple:
    return dict(planner.alloc.free), dict(planner.alloc.records), dict(planner.spares_under[0])


def test_a_suspect_leaf_in_a_spare_is_never_a_repair_target() -> None:
    planner = spared_cluster()
    spare = next(iter(planner.spares_under[0]))
    planner.mark_suspect([spare + 2])
    assert planner.alloc.owner(spare + 2) == QUARANTINE
    a = planner.placements["a"]
    assert planner.replan("a", range(min(a.leaves), min(a.leaves) + 8)) is None  # nothing clean is left
    planner.heal([spare + 2])
    q = planner.replan("a", range(min(a.leaves), min(a.leaves) + 8))
    assert q is not None and spare + 2 in q.leaves  # healed: usable again, the spare is back
    assert not audit_allocator(planner) + audit_placements(planner)


def test_the_health_blind_mutant_repairs_onto_the_suspect_leaf() -> None:
    planner = spared_cluster(LIFECYCLE_MUTANTS["suspect-spare-kept"])
    spare = next(iter(planner.spares_under[0]))
    planner.mark_suspect([spare + 2])
    a = planner.placements["a"]
    q = planner.replan("a", range(min(a.leaves), min(a.leaves) + 8))
    assert q is not None and spare + 2 in q.leaves


def test_drain_moves_a_job_off_its_suspect_leaf_and_quarantines_it() -> None:
    t = hgx_a100(2, 2, 1)
    planner = Planner(t)
    node_jobs(planner, "ab")
    victim = min(planner.placements["a"].leaves) + 3
    planner.mark_suspect([victim])
    assert planner.suspect_of("a") == [victim] and planner.suspect_of("b") == []
    assert drain(planner, "b") is None
    q = drain(planner, "a")
    assert q is not None and victim not in q.leaves
    planner.commit(q)
    assert planner.alloc.owner(victim) == QUARANTINE and planner.suspect_of("a") == []


def fragmented() -> Planner:
    """32 leaves, eight 4-leaf jobs; then every other job leaves: 16 leaves free, no free node."""
    planner = Planner(hgx_a100(2, 2, 1))
    for i in range(8):
        p = planner.place(Job(f"j{i}", [(4, 1, 1)]))
        assert p is not None
        planner.commit(p)
    for i in range(0, 8, 2):
        planner.release(f"j{i}")
    return planner


def test_fragmentation_measures_free_leaves_outside_aligned_blocks() -> None:
    planner = fragmented()
    assert largest_free_order(planner) == 2
    assert fragmentation(planner, 2) == 0.0 and fragmentation(planner, 3) == 1.0
    empty = Planner(hgx_a100(2, 2, 1))
    assert fragmentation(empty, 5) == 0.0 and largest_free_order(empty) == 5


def test_defrag_moves_the_cheapest_job_to_free_a_block_of_the_gangs_order() -> None:
    planner = fragmented()
    big = Job("big", [(8, 1, 1)])
    assert planner.place(big) is None and gang_order(big) == 3
    before = state(planner)
    move = choose_defrag(planner, big)
    assert state(planner) == before  # pure
    assert move is not None and move.cost == 4
    cur = planner.placements[move.job]
    assert not move.placement.leaves & move.room.leaves and move.placement.leaves != cur.leaves
    planner.commit(move.placement)
    assert largest_free_order(planner) >= 3
    p = planner.place(big)
    assert p is not None
    assert choose_defrag(planner, big) is None  # it fits: nothing to move


def test_preemption_reclaims_the_lowest_priority_job_shrinking_it_when_it_can() -> None:
    planner = Planner(hgx_a100(2, 2, 1))
    for name, tpls in (("hi", [(8, 1, 1)]), ("mid", [(8, 1, 1)]), ("lo", [(1, 1, 8), (1, 1, 4)]),
                       ("lo2", [(8, 1, 1)])):
        p = planner.place(Job(name, tpls))
        assert p is not None
        planner.commit(p)
    gang = Job("urgent", [(4, 1, 1)])
    prio = {"hi": 9, "mid": 5, "lo": 1, "lo2": 1}
    before = state(planner)
    pre = choose_preemption(planner, gang, prio, 7)
    assert state(planner) == before
    assert pre is not None and pre.victim == "lo"  # lowest priority, ties to the name
    assert pre.placement is not None and pre.placement.template_index == 1  # shrunk, not suspended
    assert not pre.placement.leaves & pre.room.leaves
    assert choose_preemption(planner, gang, prio, 1) is None  # nobody below priority 1
    planner.release("lo")
    planner.commit(planner.place(Job("lo", [(8, 1, 1)])))
    pre = choose_preemption(planner, Job("urgent", [(8, 1, 1)]), prio, 7)
    assert pre is not None and pre.victim == "lo" and pre.placement is None  # one template: suspended


def test_grow_and_shrink_switch_templates_and_stay_off_suspect_leaves() -> None:
    planner = Planner(hgx_a100(2, 2, 1))
    p = planner.place(Job("e", [(1, 1, 16), (1, 1, 8), (1, 1, 4)]))
    assert p is not None and p.template_index == 0
    planner.commit(p)
    assert grow(planner, "e") is None
    s = shrink(planner, "e")
    assert s is not None and s.template_index == 1 and s.templates == p.templates
    planner.commit(s)
    assert s.leaves == frozenset(range(8))
    planner.mark_suspect([9, 20])
    assert grow(planner, "e") is None  # each free 16-block has a suspect leaf
    planner.heal([20])
    g = grow(planner, "e")
    assert g is not None and g.template_index == 0 and g.leaves == frozenset(range(16, 32))
    planner.commit(g)
    assert not audit_allocator(planner) + audit_placements(planner)


def lifecycle_sequence(cls: type[Planner], seed: int, steps: int = 30) -> None:
    """Random marks, heals, admissions, failures, drains, resizes, defragmentations and
    preemptions; after each decision: no newly acquired leaf is suspect, a drain leaves no suspect
    leaf in the footprint, deciding changed nothing, and the allocator audits clean."""
    rng = random.Random(seed)
    topo = random_topology(rng)
    planner = cls(topo, random_policy(rng, topo))
    names = iter(f"j{i}" for i in range(10_000))
    prio: dict[str, int] = {}

    def take(q: Placement | None, old: frozenset[int]) -> None:
        if q is None:
            return
        fresh = q.leaves - old
        assert not fresh & planner.suspect, f"{q.kind} of {q.job} places onto suspect {sorted(fresh & planner.suspect)}"
        planner.commit(q)

    for _ in range(steps):
        op = rng.random()
        live = sorted(planner.placements)
        before = state(planner)
        if op < 0.2:
            planner.mark_suspect(rng.sample(range(topo.n_leaves), min(topo.n_leaves, rng.randint(1, 3))))
        elif op < 0.3 and planner.suspect:
            planner.heal(rng.sample(sorted(planner.suspect), 1))
        elif op < 0.5 or not live:
            job = random_job(rng, next(names))
            prio[job.name] = rng.randint(0, 3)
            take(planner.place(job), frozenset())
        else:
            job = rng.choice(live)
            old = planner.placements[job].leaves
            kind = rng.choice(["fail", "drain", "grow", "shrink", "defrag", "preempt"])
            if kind == "fail":
                q = planner.replan(job, [rng.choice(sorted(old))])
            elif kind == "drain":
                q = drain(planner, job)
            elif kind in ("grow", "shrink"):
                q = (grow if kind == "grow" else shrink)(planner, job)
            else:
                gang = random_job(rng, "waiting")
                choice = choose_defrag(planner, gang) if kind == "defrag" else choose_preemption(planner, gang, prio, 2)
                q = None
                if choice is not None:
                    assert not choice.room.leaves & planner.suspect
                    job = choice.job if kind == "defrag" else choice.victim
                    old, q = planner.placements[job].leaves, choice.placement
            assert state(planner) == before, f"the {kind} decision changed the planner"
            if q is None and kind == "preempt" and choice is not None:
                planner.release(job)  # suspended to zero leaves
            take(q, old)
            if kind == "drain" and q is not None:
                assert not planner.suspect_of(job), "a drained job still holds a suspect leaf"
        problems = audit_allocator(planner) + audit_placements(planner)
        assert not problems, problems[:3]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_no_lifecycle_decision_ever_places_onto_a_suspect_leaf(seed: int) -> None:
    lifecycle_sequence(Planner, seed)


@pytest.mark.parametrize("name", sorted(LIFECYCLE_MUTANTS))
def test_each_lifecycle_mutant_is_caught_by_the_sequences(name: str) -> None:
    for seed in range(400):
        try:
            lifecycle_sequence(LIFECYCLE_MUTANTS[name], seed)
        except AssertionError:
            return
    pytest.fail(f"planner mutant {name} survived 400 random lifecycle sequences")
