"""Replan: Proposition 2 (blast radius), escalation, template fallback; planning is pure."""

from phalanx_ref.audit import audit_allocator, audit_placements
from phalanx_ref.hdfb import Job, Planner, TopologyPolicy
from phalanx_ref.topology import hgx_h100


def _planner(spare_level: int) -> Planner:
    return Planner(hgx_h100(4, 2, 2), TopologyPolicy(spare_level=spare_level, spare_count=1, spare_order=3))


def test_prop2_single_failure_moves_one_node_keeps_b_touches_nobody_else() -> None:
    pl = _planner(3)  # one spare node per rail group: the premise for a rail-group gang
    p = pl.place(Job("j", [(8, 1, 2)]))
    pl.commit(p)
    filler = pl.place(Job("f", [(8, 1, 1)]))
    pl.commit(filler)
    leaf = p.rank_leaf[3]
    state = (dict(pl.alloc.free), dict(pl.alloc.records))
    q = pl.replan("j", [leaf])
    assert (dict(pl.alloc.free), dict(pl.alloc.records)) == state  # Replan is pure
    assert q.kind == "repair" and q.level == p.level == 3
    assert q.migrated == tuple(range(8))
    assert q.rank_leaf[8:] == p.rank_leaf[8:]
    pl.commit(q)
    assert pl.alloc.owner(leaf) == ("quarantine",)
    assert not audit_allocator(pl) and not audit_placements(pl)


def test_pod_spare_for_rail_group_gang_raises_b() -> None:
    pl = _planner(4)  # spare per pod only: the premise fails for a gang spanning one full rail group
    p = pl.place(Job("j", [(8, 1, 4)]))
    pl.commit(p)
    assert p.base == ((0, 5),) and p.level == 3
    q = pl.replan("j", [p.rank_leaf[0]])
    assert q.kind == "repair" and q.migrated == tuple(range(8))
    assert q.moves == ((0, 56, 3),) and q.level == 4  # the pod's spare: DP tier rises rail -> pod


def test_escalation_then_fallback_to_next_template() -> None:
    pl = Planner(hgx_h100(2, 1, 1))  # 16 GPUs, no spares
    p = pl.place(Job("j", [(8, 1, 2), (8, 1, 1)]))
    pl.commit(p)
    q = pl.replan("j", [0])  # nowhere to repair: shrink to the next template on the healthy node
    assert q.kind == "fallback" and q.template == (8, 1, 1) and q.base == ((8, 3),)
    pl.commit(q)
    assert pl.alloc.owner(0) == ("quarantine",)
    assert pl.replan("j", [8]) is None  # nothing left: the job must be queued
    assert not audit_allocator(pl) and not audit_placements(pl)


def test_multiple_failures_get_distinct_repairs() -> None:
    pl = _planner(3)
    p = pl.place(Job("j", [(8, 1, 2)]))
    pl.commit(p)
    q = pl.replan("j", [p.rank_leaf[0], p.rank_leaf[8]])
    targets = [dst for _, dst, _ in q.moves]
    assert len(set(targets)) == 2
    pl.commit(q)
    assert not audit_allocator(pl) and not audit_placements(pl)
