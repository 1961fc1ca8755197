"""The alpha-beta step cost on hand-checked placements, and §8.3/Table 5 on a small testbed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from phalanx_ref.sim.commcost import StepCost
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.scale import build_testbed, run_scale, scale_table, table5

TB = TestbedParams(nodes_per_rail_group=4, rail_groups_per_pod=2, pods=2)  # 128 GPUs


@pytest.fixture(scope="module")
def cost() -> StepCost:
    return StepCost(build_testbed(TB), TB)


def tp_time(level_bw: float, alpha: float) -> float:
    return TB.tp_gb_per_step / level_bw + TB.tp_collectives_per_step * 2 * 7 * alpha


def test_testbed_shape() -> None:
    t = build_testbed(TB)
    assert t.n_leaves == TB.leaves == 128
    assert t.bandwidth == {1: 900.0, 3: 50.0, 4: 12.5, 5: 6.25}
    assert t.distance(0, 8) == 3 and t.distance(0, 32) == 4 and t.distance(0, 64) == 5


def test_tp_only_gang_in_one_node(cost: StepCost) -> None:
    assert cost.step_time((8, 1, 1), list(range(8))) == pytest.approx(tp_time(900.0, 2e-6))


def test_dp_pair_on_one_rail_vs_mismatched_rails(cost: StepCost) -> None:
    shard = TB.model_params * 2 / 8 / 1e9
    same_rail = list(range(8)) + list(range(8, 16))  # rank t+8 on the same GPU index of the next node
    dp_rail = shard / 50.0 + 2 * 5e-6  # 2(n-1)/n = 1 for n = 2
    assert cost.step_time((8, 1, 2), same_rail) == pytest.approx(tp_time(900.0, 2e-6) + dp_rail)
    crossed = list(range(8)) + [9, 10, 11, 12, 13, 14, 15, 8]  # DP peers on different rails
    dp_spine = shard / 12.5 + 2 * 7e-6
    assert cost.step_time((8, 1, 2), crossed) == pytest.approx(tp_time(900.0, 2e-6) + dp_spine)
    # switching the rail rule off (a broken rule) changes the answer back to the rail tier
    loose = StepCost(build_testbed(TB), replace(TB, rail_mismatch_level=0))
    assert loose.step_time((8, 1, 2), crossed) == pytest.approx(tp_time(900.0, 2e-6) + dp_rail)


def test_scattered_tp_group_runs_at_the_cluster_tier(cost: StepCost) -> None:
    scattered = [0, 1, 2, 3, 4, 5, 6, 64]  # one TP rank in the other pod
    assert cost.step_time((8, 1, 1), scattered) == pytest.approx(tp_time(6.25, 10e-6))


def test_pipeline_pairs_take_the_slowest_boundary(cost: StepCost) -> None:
    layout = list(range(8)) + list(range(8, 16)) + list(range(64, 72))  # stages 0,1 near; 1,2 cross pods
    got = cost.step_time((8, 3, 1), layout)
    pp = TB.pp_gb_per_step / 6.25 + TB.pp_messages_per_step * 10e-6
    assert got == pytest.approx(tp_time(900.0, 2e-6) + pp)


def test_scale_on_a_small_testbed() -> None:
    tb = replace(TestbedParams(pods=2), max_gangs=30)
    res = run_scale(tb, seed=3, failures=200, quality_events=60)
    f = res.figures
    assert f["failures"] == 200 and f["leaves"] == tb.leaves
    assert f["ranks_migrated"].startswith("8x")  # a node failure moves one TP group of 8 ranks
    # Table 5 runs on the filled state: on this 2-pod testbed most gangs sit in one rail group and
    # the spare node is in another, so HDF-B's repair may escalate the DP tier (rail to pod); a
    # blind repair also scatters the TP group off NVLink.
    assert f["quality_state"] == "filled"
    assert f["blind_inflation_median"] > 1.5
    assert f["hdfb_inflation_median"] <= f["blind_inflation_median"]
    assert f["hdfb_level_preserved_pct"] >= f["blind_level_preserved_pct"]
    assert len(res.samples["replan_ns"]) == 200
    s, q = scale_table(res), table5(res)
    assert [r[0] for r in q.rows][:2] == ["Phalanx Replan (HDF-B)", "Topology-blind"]
    assert q.rows[0][2] == 1.0 and q.rows[1][2] == 8.89  # paper columns hold the paper's figures
    rows = {r[0]: r for r in s.rows}
    # the fill's targets are the paper's inputs: in the paper column, no measured value, no diff
    assert rows["utilization: target (input)"][1:4] == [None, 0.904, None]
    assert rows["utilization: reached by the fill"][1] == f["utilization"]
    assert rows["gangs: reached by the fill"][1:4] == [f["gangs"], None, None]
    # Replan both ways on the same states: the search agrees with the prepared repair, costs more
    assert f["replan_search_differs"] == 0 and len(res.samples["replan_search_ns"]) == 200
    assert f["replan_search_median_us"] > f["replan_median_us"]
    assert rows["replan_search_median_us"][4].startswith("yes") and rows["replan_median_us"][4].startswith("no")
    assert f["repairs_prepared_per_failure"] > 0 and f["prep_per_failure_mean_us"] > 0
    assert f["place_carve_median_us"] > f["place_median_us"]
    # the fair navigator sees HDF-B's spares and the gang's footprint: it preserves the level at
    # least as often as seed 003's navigator
    assert f["navigator_fair_level_preserved_pct"] >= f["navigator_level_preserved_pct"]
    assert len(q.rows) == 4 and len(set(q.columns)) == len(q.columns)
