"""The first seed's failures run in parts, one worker job each (``seeds.part_bounds``): a part
replays the failures before it on a paused PreparedPlanner, which prepares nothing and, resumed,
holds the repairs a never-paused planner holds; the parts joined (``merge_parts``) give what one
run through the RRP engine with prepared repairs throughout gives."""

from __future__ import annotations

import csv
import random
from dataclasses import replace
from pathlib import Path

import pytest

from phalanx_ref.hdfb import Job, Planner, TopologyPolicy
from phalanx_ref.prepared import PreparedPlanner
from phalanx_ref.sim import seeds
from phalanx_ref.sim.bench_planner import BenchResult, inject_failures, merge_parts
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.recovery import EngineCounts, EngineRecovery, PlannerSummary
from phalanx_ref.sim.report import write_samples
from phalanx_ref.sim.scale import run_scale
from phalanx_ref.sim.seeds import REPLAY_COST, Runs, SeedJob, part_bounds, run_one
from phalanx_ref.store.memory import MemoryStore
from phalanx_ref.topology import hgx_h100
from tests.ref.hdfb_checks import check_prepared
from tests.sim.test_recovery_fast_path import _deterministic

POLICY = TopologyPolicy(spare_level=4, spare_count=1, spare_order=3)


def _filled(seed: int) -> PreparedPlanner:
    rng = random.Random(seed)
    pl = PreparedPlanner(hgx_h100(8, 4, 4), POLICY)
    for i in range(40):
        p = pl.place(Job(f"g{i}", [(8, 1, rng.choice([1, 2, 4, 8, 16]))]))
        if p is not None:
            pl.commit(p)
    return pl


def _fail_and_heal(pl: Planner, rng: random.Random, n: int) -> None:
    """``n`` node failures through the simulator's own loop: Replan, commit (or release), heal."""
    inject_failures(pl, rng, n, BenchResult())


def _records(pl: PreparedPlanner) -> list[object]:
    return [None if r is None else (r[0], r[1], sorted(r[2].leaves), r[2].template_index) for r in pl._prepared]


def test_paused_planner_prepares_nothing_and_resumes_as_if_never_paused() -> None:
    paused, steady = _filled(3), _filled(3)
    assert _records(paused) == _records(steady) and check_prepared(paused) > 20
    paused.pause()
    assert not any(paused._prepared)
    rng_a, rng_b = random.Random(11), random.Random(11)
    _fail_and_heal(paused, rng_a, 30)
    _fail_and_heal(steady, rng_b, 30)
    assert not any(paused._prepared), "a paused planner prepared repairs"
    assert {j: p.leaves for j, p in paused.placements.items()} == {j: p.leaves for j, p in steady.placements.items()}
    paused.resume()
    assert _records(paused) == _records(steady)
    assert check_prepared(paused) > 20  # the records are used by Replan and equal the search
    _fail_and_heal(paused, rng_a, 20)  # and are kept current after the resume
    _fail_and_heal(steady, rng_b, 20)
    assert _records(paused) == _records(steady)


TB = replace(TestbedParams(pods=2), max_gangs=30)
FAILURES, COMPANIONS = 120, 2 * 12


def _run(part: tuple[int, int] | None) -> tuple[BenchResult, list[MemoryStore]]:
    stores: list[MemoryStore] = []

    def recovery(planner: Planner) -> EngineRecovery:
        stores.append(MemoryStore(0))
        return EngineRecovery(planner, store=stores[-1])

    res = run_scale(TB, seed=5, failures=FAILURES, quality_events=20, recovery=recovery, alternatives=True,
                    table5=False, part=part)  # Table 5 on the filled state runs apart (as in the report)
    return res, stores


def _split(parts: int) -> tuple[BenchResult, list[BenchResult]]:
    runs = [_run(b)[0] for b in part_bounds(FAILURES, parts, COMPANIONS)]
    earlier = [replace(r, figures=dict(r.figures), samples=dict(r.samples)) for r in runs[:-1]]
    merge_parts(runs[:-1], runs[-1])
    return runs[-1], earlier


def test_parts_joined_are_the_whole_run(tmp_path: Path) -> None:
    """Three parts, each replaying the failures before it and building the engine where it starts,
    joined in failure order: every deterministic figure, sample, repair by gang size and Table 5
    alternative is the single run's, and so are the engine's counts (its recoveries, transactions,
    store revisions per recovery, cache events, the final audit)."""
    whole, stores = _run(None)
    split, earlier = _split(3)
    a, b = _deterministic(whole), _deterministic(split)
    fa, fb = a["figures"], b["figures"]
    assert isinstance(fa, dict) and isinstance(fb, dict)
    assert fb.pop("failure_parts") == 3
    # A resumed planner prepares afresh; a never-paused one keeps the dependencies of repairs it has
    # dropped and re-prepares a few blocks needlessly on them (prepared.PreparedPlanner.resume):
    # the one figure the parts move, by a few per cent at most.
    whole_n, split_n = fa.pop("repairs_prepared_per_failure"), fb.pop("repairs_prepared_per_failure")
    assert isinstance(whole_n, float) and isinstance(split_n, float)
    assert 0.97 * whole_n <= split_n <= whole_n
    assert a == b
    f = split.figures
    assert len(stores) == 1 and f["recovery"] == "engine"
    assert f["engine_recoveries"] == FAILURES + COMPANIONS and f["engine_guard_failures"] == 0
    assert f["replan_search_differs"] == 0 and f["repairs_prepared_per_failure"] > 0
    assert "replan_gc_off_median_us" in f and "replan_floor_median_us" in f  # the last part's companions
    for key in ("replan_ns", "replan_search_ns", "apply_ns", "heal_ns", "prep_ns"):
        assert len(split.samples[key]) == FAILURES, key
    # the earlier parts measured only their own failures, and nothing else
    assert [r.figures["failures"] for r in earlier] == [b - a for a, b in part_bounds(FAILURES, 3, COMPANIONS)[:-1]]
    assert all("replan_gc_off_median_us" not in r.figures and not r.alternatives for r in earlier)
    assert split.samples["apply_ns"][-len(earlier[0].samples["apply_ns"]):] != earlier[0].samples["apply_ns"]
    assert split.samples["apply_ns"][:len(earlier[0].samples["apply_ns"])] == earlier[0].samples["apply_ns"]
    write_samples({5: split}, tmp_path)  # one row per failure, every column full
    rows = list(csv.DictReader((tmp_path / "samples_failures.csv").open()))
    assert len(rows) == FAILURES and all(r["replan_ns"] and r["replan_search_ns"] and r["prep_ns"] for r in rows)


def test_merge_refuses_parts_that_do_not_belong_together() -> None:
    last, _ = _run((60, FAILURES))
    other, _ = _run((0, 60))
    other.figures["gangs"] = int(other.figures["gangs"]) + 1  # another fill
    with pytest.raises(RuntimeError, match="filled differently"):
        merge_parts([other], last)
    assert last.log is not None
    with pytest.raises(ValueError, match="prepared"):
        _ = replace(last.log, prepared=False) + last.log
    with pytest.raises(TypeError):
        _ = EngineCounts() + PlannerSummary()
    with pytest.raises(ValueError, match="table5=False"):
        run_scale(TB, seed=5, failures=FAILURES, quality_events=20, part=(0, 60))


@pytest.mark.parametrize("failures,parts,companions", [(10_000, 1, 2_000), (10_000, 2, 2_000), (10_000, 4, 2_000),
                                                       (120, 3, 24), (5, 10, 0), (1, 2, 0)])
def test_part_bounds_cover_the_run_at_about_equal_cost(failures: int, parts: int, companions: int) -> None:
    bounds = part_bounds(failures, parts, companions)
    assert bounds[0][0] == 0 and bounds[-1][1] == failures and len(bounds) == min(parts, failures)
    assert all(a < b == c for (a, b), (c, _) in zip(bounds, bounds[1:] + [(bounds[-1][1], 0)], strict=True))
    costs = [b - a + REPLAY_COST * a for a, b in bounds]
    costs[-1] += companions
    if failures >= 100:
        assert max(costs) - min(costs) <= 2, costs  # equal up to rounding


def test_the_report_runs_the_first_seed_in_parts_and_joins_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the worker pool as the report submits them (``Runs.seeds``): the first seed in 2
    parts plus its Table 5 job, a second seed whole; ``wait`` returns one result per seed, the first
    one's failure figures those of the seed run in one job, and the progress adds the parts up."""
    tb = replace(TB, pods=1)
    monkeypatch.setattr(seeds, "PROGRESS_EVERY", 10)  # the workers are forked from here
    runs = Runs(workers=2)
    runs.seeds(tb, [5, 6], 60, 10, "engine", parts=2)
    assert sorted(map(str, runs.futures)) == ["('part', 5, 0)", "('seed', 5)", "('seed', 6)", "('table5', 5)"]
    seen: dict[tuple[int, str], int] = {}
    got = runs.wait(lambda s, what, done: seen.__setitem__((s, what), done))
    assert sorted(map(str, got)) == ["('seed', 5)", "('seed', 6)"]
    whole = run_one(SeedJob(tb, 5, 60, 10, "engine", True, table5=False))
    a, b = _deterministic(whole)["figures"], _deterministic(got[("seed", 5)])["figures"]
    assert isinstance(a, dict) and isinstance(b, dict)
    assert b.pop("failure_parts") == 2 and b["hdfb_inflation_median"] > 0  # Table 5 merged back too
    assert {k: v for k, v in b.items() if k in a and k != "repairs_prepared_per_failure"} == {
        k: v for k, v in a.items() if k != "repairs_prepared_per_failure"}
    assert got[("seed", 6)].figures["recovery"] == "planner" and "failure_parts" not in got[("seed", 6)].figures
    assert seen[6, "failures"] == 60  # each part reports its own failures: the parent adds them up
    assert seen[5, "failures"] == sum((b - a) // 10 * 10 for a, b in part_bounds(60, 2, 12)) > 30
    assert set(runs.cpu_s) >= {("part", 5, 0), ("seed", 5)}
