"""Fast-path equivalence for Replan's prepared repairs: on random instances, the prepared answer
equals the search's, whatever mutated the state (commit, release, heal, suspects, pure replans,
or the allocator directly)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phalanx_ref.hdfb import Job, Planner, PlannerError, TopologyPolicy
from phalanx_ref.mutants import MUTANTS
from phalanx_ref.prepared import PreparedPlanner
from phalanx_ref.topology import hgx_h100
from tests.ref.hdfb_checks import check_prepared, prepared, run_scenario, same_decision


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_prepared_repairs_equal_the_search_on_random_sequences(seed: int) -> None:
    run_scenario(PreparedPlanner, seed, extra=check_prepared)


def test_prepared_repairs_are_used_and_equal_under_mutants() -> None:
    """The preparation also follows overridden search steps (e.g. a mutant's spare lookup), and
    over these scenarios the fast path really answers (the comparison is not vacuous)."""
    hits = [0]

    def count(planner: Planner) -> None:
        assert isinstance(planner, PreparedPlanner)
        hits[0] += check_prepared(planner)

    for cls in (Planner, *MUTANTS.values()):
        for seed in range(8):
            try:
                run_scenario(prepared(cls), seed, extra=count)
            except Exception as e:  # a mutant may break the planner any way it likes, except this one
                assert cls is not Planner and "prepared repair" not in str(e), e
    assert hits[0] > 50


def test_failure_cycles_at_bench_shape() -> None:
    """The benchmark's cycle (fill, fail a node, replan, commit, heal into the spare) on a 1,024-GPU
    tree with one spare node per pod: every answer after every step equals the search's."""
    rng = random.Random(7)
    pl = PreparedPlanner(hgx_h100(8, 4, 4), TopologyPolicy(spare_level=4, spare_count=1, spare_order=3))
    for i in range(40):
        g = rng.choice([8, 16, 32, 64, 128])
        p = pl.place(Job(f"g{i}", [(8, 1, g // 8)]))
        if p is not None:
            pl.commit(p)
    assert check_prepared(pl) > 20
    for _ in range(25):
        leaf = rng.randrange(pl.topo.n_leaves)
        rec = pl.alloc.find_record(leaf)
        if rec is None or not isinstance(rec[2], str):
            continue
        job, dom = rec[2], pl.topo.leaf_domain[leaf]
        failed = [x for x in range(pl.topo.lo[dom], pl.topo.hi[dom]) if pl.alloc.owner(x) == job]
        q = pl.replan(job, failed)
        assert same_decision(q, pl._replan(job, tuple(failed)))
        if len(failed) == 8:  # the whole node, as the benchmark passes it
            assert pl.replan(job, range(failed[0], failed[0] + 8)) is q
        pl.commit(q) if q is not None else pl.release(job)
        pl.heal(failed)
        check_prepared(pl)


def test_direct_allocator_changes_drop_prepared_repairs() -> None:
    """A block taken behind the planner's back (straight from the allocator) changes the repair:
    the next replan notices and answers like the search."""
    pl = PreparedPlanner(hgx_h100(4, 2, 1))  # no spares: repairs come from free blocks
    p = pl.place(Job("j", [(8, 1, 1)]))
    pl.commit(p)
    s = p.base[0][0]
    leaves = list(range(s, s + 8))
    before = pl.replan("j", leaves)
    assert before is pl._prepared[s][2]
    dst = before.moves[0][1]
    pl.alloc.allocate(dst, 3, "outsider")
    after = pl.replan("j", leaves)
    assert after.moves[0][1] != dst and same_decision(after, pl._replan("j", tuple(leaves)))


def test_fast_path_answers_only_the_exact_block() -> None:
    """The prepared lookup is indexed by the first failed leaf: the block's leaves in another order,
    a part of them, or leaves that index the list from its end go to the search like any input; so
    do ranges other than the block's own (the range check reads only start, stop and step)."""
    pl = PreparedPlanner(hgx_h100(2, 1, 1))  # 16 GPUs, no spares: repairs come from free blocks
    p = pl.place(Job("j", [(8, 1, 1)]))
    pl.commit(p)
    s = p.base[0][0]
    leaves = list(range(s, s + 8))
    assert pl.replan("j", leaves) is pl._prepared[s][2]
    assert pl.replan("j", range(s, s + 8)) is pl._prepared[s][2]
    for failed in (leaves[::-1], leaves[:4], [leaves[1], leaves[0], *leaves[2:]], range(s, s + 4),
                   range(s, s + 8, 2), range(s + 7, s - 1, -1)):
        q = pl.replan("j", failed)
        assert q is not pl._prepared[s][2]
        assert same_decision(q, pl._replan("j", tuple(failed)))
        assert q is None or q.changes.quarantine == tuple(failed)
    wrapped = [x - pl.topo.n_leaves for x in leaves]  # -16..-9: the list's slots 0..7
    for bad in (wrapped, range(wrapped[0], wrapped[0] + 8), range(s, s + 9)):  # the last: one leaf not j's
        with pytest.raises(PlannerError):
            pl.replan("j", bad)


def test_repeated_repairs_keep_the_whole_history() -> None:
    """One job repaired over and over: each repair stores only its own migration, yet the
    committed placement's moves are the whole history in order, and its footprint and rank map
    equal those rebuilt from the base and that history (the history is read through ``prev``,
    which commit cuts to one step)."""
    pl = PreparedPlanner(hgx_h100(8, 4, 2), TopologyPolicy(spare_level=4, spare_count=1, spare_order=3))
    p = pl.place(Job("j", [(8, 1, 8)]))
    pl.commit(p)
    history = []
    rng = random.Random(3)
    for _ in range(30):
        cur = pl.placements["j"]
        s = rng.choice(cur.blocks)[0]
        failed = [x for x in range(s, s + 8) if pl.alloc.owner(x) == "j"]
        q = pl.replan("j", failed)
        assert q is not None and q.kind == "repair" and len(q.new_moves) == 1
        history += q.new_moves
        pl.commit(q)
        pl.heal(failed)
    cur = pl.placements["j"]
    assert cur.moves == tuple(history) and cur.prev is not None and cur.prev.prev is None
    rebuilt = type(cur)(cur.job, cur.templates, cur.template_index, cur.base, cur.dclass, cur.topo,
                        tuple(history))
    assert rebuilt.blocks == cur.blocks and rebuilt.rank_leaf == cur.rank_leaf
    assert set(cur.leaves) == {x for x in range(pl.topo.n_leaves) if pl.alloc.owner(x) == "j"}
