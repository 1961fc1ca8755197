"""Fast-path equivalence of the parallel search: on every probe of the TLC conformance corpus
(tests/conformance/corpus) about checking, models, liveness and the TLC module (the other areas
are one-state value probes), ``check --workers 2`` gives the report ``--workers 1`` gives: exit
code, verdict, violated property, counts (also where a violation stopped the search), queue and
counterexample. Probes whose model needs the sequential search (liveness, VIEW, TLCSet) must say
so, and every other probe with states must have run on two workers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import phalanx_verify.check.parallel as parallel
from phalanx_verify.cli import main

PROBES = Path(__file__).parents[1] / "conformance" / "corpus"
AREAS = ("checking", "config", "liveness", "tlcmodule")
NAMES = sorted(e["probe"] for e in json.loads((PROBES / "expected.json").read_text())
               if e["probe"].split("/")[0] in AREAS)



@pytest.fixture(autouse=True)
def every_level_on_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """These models are small: without this their levels would be expanded in the coordinator."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN", 1)


def run(probe: str, workers: int, tmp_path: Path) -> tuple[int, dict]:
    area, name = probe.split("/")
    out = tmp_path / f"r{workers}.json"
    result = CliRunner().invoke(main, ["check", str(PROBES / area / f"{name}.tla"), "-c",
                                       str(PROBES / area / f"{name}.cfg"), "-q", "--workers", str(workers),
                                       "--json", str(out)])
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(out.read_text()) if out.exists() else {}


def comparable(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in ("seconds", "peak_rss_mb", "extra")}


@pytest.mark.parametrize("probe", NAMES)
def test_two_workers_report_what_one_reports(probe: str, tmp_path: Path) -> None:
    code1, one = run(probe, 1, tmp_path)
    code2, two = run(probe, 2, tmp_path)
    assert code2 == code1
    assert comparable(two) == comparable(one)
    if two and two["distinct"] and "sequential" not in two["extra"] and two["verdict"] != "assumption":
        assert two["extra"]["workers"] == 2


RANDOM_ELEMENT = """---- MODULE RandomElement ----
EXTENDS Integers, TLC
VARIABLE x, y
Init == /\\ x = RandomElement(1..1000)
        /\\ y = 0
Next == /\\ \\/ x' = RandomElement(1..1000)
           \\/ x' = x
        /\\ y' = y + 1
Spec == Init /\\ [][Next]_<<x,y>>
Inv == y < 10
====
"""


def test_random_draws_run_on_the_sequential_search(tmp_path: Path) -> None:
    """TLC's test-model/RandomElement (TLC: exit 12, Inv violated at depth 11; its counts follow
    its seed). The parallel search rebuilds a counterexample by evaluating Init and Next again,
    where RandomElement draws other values (it failed on this model): the sequential search
    runs it, and says why."""
    (tmp_path / "RandomElement.tla").write_text(RANDOM_ELEMENT)
    (tmp_path / "RandomElement.cfg").write_text("SPECIFICATION Spec\nINVARIANT Inv\n")
    out = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["check", str(tmp_path / "RandomElement.tla"), "-q", "--workers", "2",
                                       "--json", str(out)])
    assert "Traceback" not in result.output
    assert result.exit_code == 12, result.output
    report = json.loads(out.read_text())
    assert report["depth"] == 11 and "RandomElement" in report["extra"]["sequential"]


def test_states_that_differ_by_minus_one_and_minus_two_are_two(tmp_path: Path) -> None:
    """TLC's test-model/suite/test47 (x from -1 down to -3): TLC finds 4 states generated, 3
    distinct, depth 3; two workers found 2 and 1, taking x = -2 for the x = -1 seen before."""
    (tmp_path / "T.tla").write_text("---- MODULE T ----\nEXTENDS Integers\nVARIABLE x\nInit == x = -1\n"
                                    "Next == x' = IF x = -3 THEN x ELSE x - 1\n====\n")
    (tmp_path / "T.cfg").write_text("INIT Init\nNEXT Next\n")
    out = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["check", str(tmp_path / "T.tla"), "-q", "--workers", "2", "--json", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert (report["generated"], report["distinct"], report["depth"], report["extra"]["workers"]) == (4, 3, 3, 2)
