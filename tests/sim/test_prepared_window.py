"""The first seed keeps its repairs prepared, and recovers through the RRP engine, on its last
failures only (``prepared_failures``): a paused PreparedPlanner prepares nothing, and when it
resumes it holds the repairs a never-paused planner holds; a §8.3 run with the window takes the
same decisions as a run through the engine with prepared repairs throughout."""

from __future__ import annotations

import csv
import random
from dataclasses import replace
from pathlib import Path

from phalanx_ref.hdfb import Job, Planner, TopologyPolicy
from phalanx_ref.prepared import PreparedPlanner
from phalanx_ref.sim.bench_planner import BenchResult, inject_failures
from phalanx_ref.sim.params import TestbedParams
from phalanx_ref.sim.recovery import EngineRecovery
from phalanx_ref.sim.report import write_samples
from phalanx_ref.sim.scale import run_scale
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
WINDOW_ONLY = ("prepared_failures", "repairs_prepared_per_failure", "engine_recoveries", "engine_steps",
               "engine_revisions_per_recovery", "engine_cache_events")
"""Figures that count the window's own work (the prepared path's, the engine's), so differ with it."""


def _run(prepared_last: int | None) -> tuple[BenchResult, list[MemoryStore]]:
    stores: list[MemoryStore] = []

    def recovery(planner: Planner) -> EngineRecovery:
        stores.append(MemoryStore(0))
        return EngineRecovery(planner, store=stores[-1])

    res = run_scale(TB, seed=5, failures=120, quality_events=20, recovery=recovery, alternatives=True,
                    prepared_last=prepared_last)
    return res, stores


def test_window_changes_no_decision(tmp_path: Path) -> None:
    """The first seed's window (prepared repairs and the RRP engine on the last failures only, the
    planner's search and commit before them) takes the decisions a run through the engine with
    prepared repairs throughout takes: same outcomes, level preserved, ranks migrated, samples."""
    full, _ = _run(None)
    window, stores = _run(30)
    a, b = _deterministic(full), _deterministic(window)
    for d in (a, b):
        for key in WINDOW_ONLY:
            d["figures"].pop(key, None)  # type: ignore[union-attr]
    assert a == b
    f, g = full.figures, window.figures
    assert len(stores) == 1 and g["recovery"] == "engine"  # the engine was built once, at the window
    assert g["engine_recoveries"] == 30 + 2 * 12 and f["engine_recoveries"] == 120 + 2 * 12  # + the companions
    assert g["engine_guard_failures"] == 0 and g["engine_audited_alloc_records"] == f["engine_audited_alloc_records"]
    assert g["prepared_failures"] == 30 and "prepared_failures" not in f
    assert len(window.samples["replan_ns"]) == 30 and len(full.samples["replan_ns"]) == 120
    assert len(window.samples["prep_ns"]) == 30 and len(window.samples["apply_ns"]) == 30
    assert len(window.samples["replan_search_ns"]) == 120  # the search: every failure
    assert g["replan_search_differs"] == 0 and g["repairs_prepared_per_failure"] > 0
    assert "replan_gc_off_median_us" in g  # the companions after the window time the prepared lookup
    write_samples({5: window}, tmp_path)  # one row per failure: the window's columns fill the last rows
    rows = list(csv.DictReader((tmp_path / "samples_failures.csv").open()))
    assert len(rows) == 120 and all(r["replan_search_ns"] for r in rows)
    assert [bool(r["replan_ns"]) for r in rows] == [False] * 90 + [True] * 30
    assert [int(r["apply_ns"]) for r in rows[90:]] == window.samples["apply_ns"]
