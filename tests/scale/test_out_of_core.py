"""The pieces that let the fingerprint search outgrow memory: the seen set's runs as memory-mapped
files merged by streaming, spilled columns for a level's candidates and states, and TLC's -fp
(another fingerprint function: other fingerprints, the same counts)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import phalanx_verify.check.fingerprints as fingerprints
import phalanx_verify.check.parallel as parallel
import phalanx_verify.check.spill as spill
from phalanx_verify.check.model import load_model
from phalanx_verify.check.parallel import SearchOptions
from phalanx_verify.check.run import check_model
from phalanx_verify.cli import main

ROOT = Path(__file__).parents[2]
SPEC = ROOT / "spec" / "RRP.tla"
CFG = ROOT / "spec" / "RRP_L6_safety.cfg"


@pytest.mark.parametrize("on_disk", [False, True])
def test_fingerprint_set_merges_runs_exactly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on_disk: bool) -> None:
    """Runs of every size relation, merged in slices of 7 values: membership and the smallest gap
    equal those of the plain sorted union; on disk every run is a memory map and no merged-away
    file is left behind."""
    monkeypatch.setattr(fingerprints, "MERGE_SLICE", 7)
    rng = np.random.default_rng(17)
    values = rng.choice(np.arange(-(10 ** 6), 10 ** 6, dtype=np.int64), 5000, replace=False)
    seen = fingerprints.FingerprintSet(tmp_path if on_disk else None)
    added = 0
    for size in (1, 3, 100, 7, 2000, 50, 1, 1838):
        seen.add_new(values[added:added + size])
        added += size
        assert len(seen) == added
        assert all(len(a) > 2 * len(b) for a, b in zip(seen.runs, seen.runs[1:], strict=False))  # log n runs
    assert seen.contains(values[:added]).all() and not seen.contains(values[added:]).any()
    assert seen.min_distance() == int(np.diff(np.sort(values[:added])).min())
    assert len(seen.runs) == 1
    if on_disk:
        assert isinstance(seen.runs[0], np.memmap)
        assert sorted(p.name for p in tmp_path.iterdir()) == [Path(seen.paths[0]).name]


def test_merge_sorted_against_numpy() -> None:
    rng = np.random.default_rng(3)
    for na, nb in ((0, 5), (5, 0), (1, 3000), (3000, 1), (2500, 2600)):
        both = rng.choice(10 ** 7, na + nb, replace=False).astype(np.int64)
        a, b = np.sort(both[:na]), np.sort(both[na:])
        out = np.zeros(na + nb, dtype=np.int64)
        fingerprints.merge_sorted(a, b, out)
        assert (out == np.sort(both)).all()


def test_a_column_spills_to_its_file_and_reads_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spill, "SPILL_BYTES", 64)
    rows = np.arange(300, dtype=np.int32).reshape(100, 3)
    col = spill.Column(tmp_path / "rows", np.int32, 3)
    for lo in range(0, 100, 9):
        col.append(rows[lo:lo + 9])
    assert col.spilled > 0 and len(col) == 100
    frozen = col.freeze()
    assert isinstance(frozen, np.memmap) and (frozen == rows).all()
    col.discard()
    assert not (tmp_path / "rows").exists()
    small = spill.Column(tmp_path / "small", np.int64)
    small.append(np.arange(3))
    assert not isinstance(small.freeze(), np.memmap) and not (tmp_path / "small").exists()


@pytest.mark.parametrize("on_disk", [False, True])
def test_sorted_parts_become_one_run(tmp_path: Path, on_disk: bool) -> None:
    """add_sorted takes a level's per-bucket sorted fingerprints (one range each, in order) as
    one run, as add_new would the same values unsorted."""
    rng = np.random.default_rng(5)
    values = np.sort(rng.choice(np.arange(-(10 ** 6), 10 ** 6, dtype=np.int64), 3000, replace=False))
    seen = fingerprints.FingerprintSet(tmp_path if on_disk else None)
    seen.add_new(values[::3])
    rest = np.setdiff1d(values, values[::3])
    seen.add_sorted([rest[:10], rest[10:10], rest[10:1500], rest[1500:]])
    assert len(seen) == len(values) and seen.contains(values).all() and not seen.contains(values + 1).all()
    assert all((np.diff(np.asarray(run)) > 0).all() for run in seen.runs)


def test_read_and_settle_keep_rows_out_of_the_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A level filled through a writable map is re-mapped read-only with the same rows
    (settle), and its rows read from the file (read) equal the map's, slice by slice, whether
    the array is a map or in memory."""
    monkeypatch.setattr(spill, "SPILL_BYTES", 64)
    rows = np.arange(3 * 50, dtype=np.int32).reshape(50, 3)
    filled = spill.empty(tmp_path / "level.npy", rows.shape, np.int32)
    assert isinstance(filled, np.memmap) and filled.mode != "r"
    filled[:] = rows
    settled = spill.settle(filled)
    assert isinstance(settled, np.memmap) and settled.mode == "r" and (settled == rows).all()
    ids = spill.store(tmp_path / "ids", np.arange(50, dtype=np.int64) * 7)
    for a, want in ((settled, rows), (rows, rows), (ids, np.arange(50) * 7)):
        for lo, hi in ((0, 7), (7, 50), (45, 60), (50, 60)):
            assert (spill.read(a, lo, hi) == want[lo:hi]).all() and len(spill.read(a, lo, hi)) == len(want[lo:hi])


def search(fp: int | None, workers: int = 2):
    return check_model(load_model(SPEC, CFG), search=SearchOptions(workers, fp=fp))


def test_fp_changes_the_fingerprints_never_the_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """TLC's -fp picks another fingerprint function: the states' fingerprints (and so the
    smallest gap behind TLC's "actual" collision estimate) differ, the counts do not."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN", 1)
    state = next(iter(load_model(SPEC, CFG).init()))
    assert len({fingerprints.state_fingerprint(state, fp) for fp in (None, 0, 1, 2)}) == 4
    runs = {fp: search(fp) for fp in (None, 5, 6)}
    assert len({(r.verdict, r.generated, r.distinct, r.depth) for r in runs.values()}) == 1
    assert runs[5].generated > 0 and runs[5].extra["fp"] == 5
    assert len({r.extra["fingerprint_collision"]["actual"] for r in runs.values()}) == 3


def test_fp_is_part_of_a_checkpoint(tmp_path: Path) -> None:
    """A seen set built with one fingerprint function cannot go on with another."""
    args = ["check", str(SPEC), "-c", str(CFG), "-q", "--workers", "2"]
    made = CliRunner().invoke(main, [*args, "-fp", "3", "--checkpoint", str(tmp_path), "--checkpoint-minutes", "0"])
    assert made.exit_code == 0, made.output
    other = CliRunner().invoke(main, [*args, "--fp", "4", "--recover", str(tmp_path)])
    assert other.exit_code == 2 and "its fp differs" in other.output and "Traceback" not in other.output
    same = CliRunner().invoke(main, [*args, "--fp", "3", "--recover", str(tmp_path)])
    assert same.exit_code == 0, same.output


def test_negative_integers_have_fingerprints_of_their_own() -> None:
    """CPython's hash(-1) is hash(-2): fingerprinting an integer by it made the states x = -1
    and x = -2 one state of the parallel search (TLC's test-model/suite/test47, see
    tests/scale/test_parallel_probes.py)."""
    values = range(-70, 70)
    assert len({fingerprints.value_fingerprint(v) for v in values}) == len(values)
    assert fingerprints.state_fingerprint((-1,)) != fingerprints.state_fingerprint((-2,))


def test_the_round_of_checks_holds_no_list_of_the_level(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker checks a level's new states reading their ids, rows and parents a chunk at a
    time: while it checks them, what it holds beyond what it held before the round does not
    grow with the level. A list of all the ids (40 bytes a state) made RRP 3 x 10's workers
    0.9 GB bigger each through its widest level."""
    n = 200_000
    (tmp_path / "Wide.tla").write_text(
        f"---- MODULE Wide ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x = 0 /\\ x' \\in 1..{n}\n"
        "Inv == x >= 0\n====\n")
    (tmp_path / "Wide.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Inv\nCHECK_DEADLOCK FALSE\n")
    grown: list[int] = []
    at_start: list[int] = []
    assign, checks = parallel._Worker.assign, parallel.StateChecks

    def measured_assign(self: parallel._Worker) -> parallel.Event | None:
        at_start.append(tracemalloc.get_traced_memory()[0])
        return assign(self)

    def measured_checks(model: object) -> object:
        inner = checks(model)

        def check(t: tuple, *parent: tuple) -> object:
            if len(grown) < len(at_start):
                grown.append(tracemalloc.get_traced_memory()[0] - at_start[-1])
            return inner(t, *parent)
        return check

    monkeypatch.setattr(parallel._Worker, "assign", measured_assign)
    monkeypatch.setattr(parallel, "StateChecks", measured_checks)
    tracemalloc.start()
    try:  # one worker with a checkpoint: the fingerprint search, in this process
        r = check_model(load_model(tmp_path / "Wide.tla", tmp_path / "Wide.cfg"),
                        search=SearchOptions(1, checkpoint=tmp_path / "ck", checkpoint_minutes=1000.0))
    finally:
        tracemalloc.stop()
    assert (r.verdict.value, r.distinct, r.generated) == ("ok", n + 1, n + 1)
    assert len(grown) == 1  # at the first state checked in the round of the wide level
    assert grown[0] < 8 * n, grown
