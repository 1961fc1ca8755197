"""The public specs of benchmarks/public_bench.py: the built-in's exit code, states generated,
distinct states and depth on each equal the counts a real TLC run gave (recorded in
benchmarks/public/manifest.json from TLC cc6b616 at 1 worker; see /work/notes/public in the
session that made them). Models that take the built-in more than a few CPU seconds are marked
slow.

On a model TLC stops at a violation the states generated and distinct at that point depend on
the order in which a level is explored; the built-in explores in TLC's order (sets iterated in
TLC's order, model values ordered as TLC reads them, under SYMMETRY the state as found), so
those counts are compared too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from phalanx_verify.check.run import check_files

PUBLIC = Path(__file__).parents[2] / "benchmarks" / "public"
MODELS = json.loads((PUBLIC / "manifest.json").read_text())["models"]


def _param(entry: dict) -> object:
    return pytest.param(entry, id=entry["name"], marks=[pytest.mark.slow] if entry.get("slow") else [])


def test_the_benchmark_has_ten_models_of_different_shapes() -> None:
    assert len(MODELS) >= 10
    assert len({m["shape"] for m in MODELS}) == len(MODELS)
    for m in MODELS:
        folder = PUBLIC / m["name"]
        assert (folder / m["spec"]).is_file() and (folder / m["cfg"]).is_file()
        assert m["source"].startswith("tlaplus/Examples@")


@pytest.mark.parametrize("entry", [_param(m) for m in MODELS])
def test_builtin_counts_equal_tlc(entry: dict) -> None:
    folder = PUBLIC / entry["name"]
    report = check_files(folder / entry["spec"], folder / entry["cfg"])
    want = entry["tlc"]
    assert (report.exit_code, report.depth) == (want["exit"], want["depth"])
    assert (report.generated, report.distinct) == (want["generated"], want["distinct"])
