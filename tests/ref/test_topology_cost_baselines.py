"""Topology generators and validation, cost functions, baselines, and the phalanx-sim command."""

import json
import random

import pytest
from click.testing import CliRunner

from phalanx_ref.baselines.blind import blind_replace
from phalanx_ref.baselines.navigator import GangNavigator
from phalanx_ref.cost import bottleneck, footprint_level, step_comm_time, template_traffic, volume_cost
from phalanx_ref.hdfb import Job, Planner
from phalanx_ref.sim.cli import main
from phalanx_ref.topology import Domain, Gpu, Topology, TopologyError, gb200_nvl72, hgx_a100, hgx_h100


def test_generators_levels_and_bandwidth_classes() -> None:
    a, h, g = hgx_a100(), hgx_h100(), gb200_nvl72()
    assert a.bandwidth[1] == 600 and h.bandwidth[1] == 900 and g.bandwidth[1] == 1800
    assert a.levels == h.levels == g.levels == (1, 3, 4, 5)  # level 2 collapsed into level 1
    assert h.cap[h.nodes_at_level[1][0]] == 8 and g.cap[g.nodes_at_level[1][0]] == 72
    assert h.leaf_names[10] == "node1/gpu2" and h.rail[10] == 2 and g.rail[71] == 3
    assert h.distance(0, 7) == 1 and h.distance(0, 8) == 3 and h.distance(0, 64) == 5


@pytest.mark.parametrize("root, needle", [
    (Domain(3, "r", [Domain(1, "a", [Gpu("x")]), Domain(1, "a", [Gpu("y")])]), "duplicate name 'a'"),
    (Domain(3, "r", [Domain(1, "a", [])]), "has no children"),
    (Domain(3, "r", [Domain(4, "a", [Domain(1, "b", [Gpu("x")])])]), "not below its parent"),
    (Domain(3, "r", [Gpu("x")]), "level-1 domains"),
])
def test_bad_trees_are_rejected_by_name(root: Domain, needle: str) -> None:
    with pytest.raises(TopologyError, match=needle):
        Topology(root, {1: 900, 3: 50, 4: 25})


def test_bandwidth_must_decrease() -> None:
    with pytest.raises(TopologyError, match="strictly decrease"):
        Topology(Domain(3, "r", [Domain(1, "a", [Gpu("x")])]), {1: 50, 3: 900})


def test_costs_on_a_two_node_placement() -> None:
    t = hgx_h100(4, 2, 1)
    w = template_traffic(8, 1, 2)
    inside = list(range(16))
    assert bottleneck(t, inside, w) == 3 and footprint_level(t, inside) == 3
    across = list(range(8)) + list(range(32, 40))
    assert bottleneck(t, across, w) == 4
    assert volume_cost(t, across, w) > volume_cost(t, inside, w)
    scattered = [0, 9, 2, 3, 4, 5, 6, 7] + list(range(32, 40))  # a TP group leaves NVLink
    assert step_comm_time(t, (8, 1, 2), scattered) > step_comm_time(t, (8, 1, 2), across)


def test_baselines_return_valid_leaves() -> None:
    pl = Planner(hgx_h100(4, 2, 1))
    p = pl.place(Job("j", [(8, 1, 2)]))
    pl.commit(p)
    new = blind_replace(pl, p.rank_leaf, range(8), random.Random(1))
    assert len(set(new)) == 16 and not set(new[:8]) & p.leaves
    got = GangNavigator(pl).place(2, 8)
    assert got.level == 3 and not set(got.leaves) & p.leaves and got.score == 500 - 10
    assert GangNavigator(pl).place(1, 8).score == 1000


def test_bench_planner_cli_small(tmp_path) -> None:
    out = tmp_path / "b.json"
    r = CliRunner().invoke(main, ["bench", "planner", "--small", "--failures", "50", "--quality-events", "5",
                                  "--probes", "2", "--json", str(out)])
    assert r.exit_code == 0, r.output
    figs = json.loads(out.read_text())["figures"]
    assert figs["failures"] == 50 and "replan_p99_us" in figs and "timer_overhead_ns" in figs
    for key in ("place_floor_median_us", "replan_floor_median_us", "place_warm_median_us", "replan_warm_median_us"):
        assert figs[key] > 0, key  # measured, printed beside the figures they bound
    bad = CliRunner().invoke(main, ["bench", "planner", "--failures", "0"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output
