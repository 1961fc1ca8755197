"""The first seed's Table 5, run as a job of its own, is the Table 5 the seed's own run measures."""

from __future__ import annotations

import pytest

from phalanx_ref.sim.bench_planner import BenchResult, merge_table5
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.seeds import SeedJob, run_one, run_table5

TB = TestbedParams(nodes_per_rail_group=8, rail_groups_per_pod=4, pods=4, max_gangs=40,
                   gang_sizes=(32, 64, 128, 256), gang_weights=(4, 3, 2, 1))


def _quality(f: dict[str, object]) -> dict[str, object]:
    """Table 5's figures that do not depend on timing."""
    return {k: v for k, v in f.items() if k.endswith(("_inflation_median", "_inflation_p95", "_level_preserved_pct"))
            or k in ("quality_events", "quality_sampling")}


def test_table5_apart_equals_table5_in_the_seed() -> None:
    together = run_one(SeedJob(TB, 3, 40, 30, "planner", True))
    failures = run_one(SeedJob(TB, 3, 40, 30, "planner", True, table5=False))
    assert "hdfb_inflation_median" not in failures.figures
    merge_table5(failures, run_table5(SeedJob(TB, 3, 40, 30, "planner", True)))
    assert _quality(failures.figures) == _quality(together.figures)
    assert failures.samples["event_navigator_inflation"] == together.samples["event_navigator_inflation"]
    assert list(failures.alternatives) == list(together.alternatives)  # sampling, then state
    assert _quality(failures.alternatives["quality_sampling=leaf"]) == _quality(
        together.alternatives["quality_sampling=leaf"])


def test_merge_refuses_a_different_fill() -> None:
    a = BenchResult(figures={"utilization": 0.9, "gangs": 10, "leaves": 128})
    b = BenchResult(figures={"utilization": 0.9, "gangs": 11, "leaves": 128})
    with pytest.raises(RuntimeError, match="filled differently"):
        merge_table5(a, b)
