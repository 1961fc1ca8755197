"""Scenario files (the paper's §8 is the defaults; bad files fail with the key's path) and the
sweep command over a renewal and a testbed parameter."""

from __future__ import annotations

import csv
import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from phalanx_ref.sim import tables
from phalanx_ref.sim.cli import main
from phalanx_ref.sim.params import MonteCarloParams, RenewalParams
from phalanx_ref.sim.report import ReportConfig
from phalanx_ref.sim.scenario import DEFAULT_SCENARIO, ScenarioError, config_from, load, read, with_value
from phalanx_ref.sim.sweep import parse_value, run_sweep

SMALL_TESTBED = """
[report]
quality_events = 30
[testbed]
nodes_per_rail_group = 4
rail_groups_per_pod = 2
pods = 2
max_gangs = 30
gang_sizes = [32, 64]
gang_weights = [1, 1]
"""


def test_the_shipped_scenario_is_the_code_defaults() -> None:
    cfg = load()
    assert replace(cfg, scenario=None) == ReportConfig()
    assert cfg.renewal.is_paper and cfg.scenario["file"] == str(DEFAULT_SCENARIO)


def test_a_changed_value_reaches_its_parameter_and_drops_the_paper_columns() -> None:
    raw = with_value(read(DEFAULT_SCENARIO), "renewal.m_gpu_hours", 25_000.0)
    cfg = config_from(raw, "s.toml")
    assert cfg.renewal.m_gpu_hours == 25_000.0 and not cfg.renewal.is_paper
    t, _ = tables.table3(MonteCarloParams(runs=10, horizon_days=5), rp=cfg.renewal)
    assert all(row[6] is None and row[10] is None for row in t.rows)  # no paper figure for another M


@pytest.mark.parametrize(("text", "message"), [
    ("[testbed]\nbogus = 1\n", "s.toml: testbed.bogus: unknown parameter"),
    ("[montecarlo]\nruns = 3\n", "s.toml: [montecarlo]: unknown section"),
    ("[monte_carlo]\nruns = 1\n", "s.toml: monte_carlo: need at least 2 runs"),
    ("[renewal]\nfast = \"nope\"\n", "s.toml: renewal.fast: 'nope' is not a key of [renewal.designs]"),
    ("[renewal]\ntable3 = [[16384, \"phalanx\"]]\n", "s.toml: renewal: crossover_baseline must be one of"),
    ("report = 3\n", "s.toml: report: expected a table"),
    ("[testbed.bandwidth_gbs]\nx = 3\n", "s.toml: testbed.bandwidth_gbs: levels must be integers"),
])
def test_bad_scenarios_name_the_key(text: str, message: str) -> None:
    import tomllib

    with pytest.raises(ScenarioError) as e:
        config_from(tomllib.loads(text), "s.toml")
    assert str(e.value).startswith(message), str(e.value)


def test_cli_scenario_errors_are_one_line(tmp_path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[testbed]\npods = \n")
    out = CliRunner().invoke(main, ["report", str(tmp_path / "r"), "--scenario", str(bad)])
    assert out.exit_code == 2 and "bad.toml" in out.output and "line 2, column" in out.output
    assert "Traceback" not in out.output
    bad.write_text("[testbed]\nbogus = 1\n")
    out = CliRunner().invoke(main, ["report", str(tmp_path / "r"), "--scenario", str(bad)])
    assert out.exit_code == 2 and "testbed.bogus: unknown parameter" in out.output


def test_cli_flags_override_the_scenario(tmp_path) -> None:
    s = tmp_path / "s.toml"
    s.write_text("[monte_carlo]\nruns = 30\nhorizon_days = 5.0\n[report]\nsweep_runs = 12\n")
    out = CliRunner().invoke(main, ["report", str(tmp_path / "r"), "--scenario", str(s), "--no-scale",
                                    "--runs", "10"])
    assert out.exit_code == 0, out.output
    meta = json.loads((tmp_path / "r" / "report.json").read_text())
    assert meta["monte_carlo"]["runs"] == 10  # the flag
    assert meta["monte_carlo"]["horizon_days"] == 5.0 and meta["sweep_runs"] == 12  # the scenario
    assert meta["scenario"]["contents"]["report"] == {"sweep_runs": 12}


def test_failure_rate_sweep_lowers_every_ettr() -> None:
    t, curves = tables.failure_rate_sweep(MonteCarloParams(runs=40, horizon_days=20), rp=RenewalParams())
    assert [r[0] for r in t.rows] == list(tables.FAILURE_RATE_FACTORS)
    for sw in curves:  # more failures, less training: the Monte Carlo and eq. 3 both fall
        assert all(a > b for a, b in zip(sw.mean, sw.mean[1:], strict=False)), sw.label
        assert all(a > b for a, b in zip(sw.eq3, sw.eq3[1:], strict=False)), sw.label
    rp = RenewalParams()  # the paper's measured Table 3 figure is marked at its own failure rate only
    assert [sw.paper for sw in curves] == [{1.0: tables.PAPER_TABLE3[(n, d.name)][1]} for n, d in rp.table3]
    _, other = tables.failure_rate_sweep(MonteCarloParams(runs=4, horizon_days=5), rp=replace(rp, m_gpu_hours=25_000))
    assert all(not sw.paper for sw in other)  # another scenario: no paper figures


def test_cli_sweep_of_a_renewal_parameter(tmp_path) -> None:
    out = CliRunner().invoke(main, ["sweep", str(tmp_path / "w"), "renewal.m_gpu_hours", "25000", "100000",
                                    "--runs", "20"])
    assert out.exit_code == 0, out.output
    rows = list(csv.DictReader((tmp_path / "w" / "sweep.csv").open()))
    assert len(rows) == 2 * 6
    by = {(r["value"], r["figure"]): float(r["measured"]) for r in rows}
    assert by[("25000", "131K Phalanx")] < by[("100000", "131K Phalanx")]
    assert (tmp_path / "w" / "sweep.png").read_bytes()[:4] == b"\x89PNG"
    out = CliRunner().invoke(main, ["sweep", str(tmp_path / "w"), "report.seeds", "1", "2"])
    assert out.exit_code == 2 and "SECTION.KEY" in out.output


def test_sweep_of_a_testbed_parameter(tmp_path) -> None:
    import tomllib

    raw = tomllib.loads(SMALL_TESTBED)
    table, curves = run_sweep(raw, "small.toml", "testbed.spare_nodes_per_pod", [0, 1])
    assert len(table.rows) == 2 * 9 and {c.label for c in curves} >= {"HDF-B level preserved %"}
    with pytest.raises(ScenarioError, match="spare_nodes_per_podd: unknown parameter"):
        run_sweep(raw, "small.toml", "testbed.spare_nodes_per_podd", [1])


def test_values_parse_as_toml_literals() -> None:
    assert parse_value("2.5") == 2.5 and parse_value("[4, 16]") == [4, 16]
    assert parse_value('"leaf"') == "leaf" and parse_value("leaf") == "leaf"


def test_a_run_the_engine_cannot_take_is_one_line(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from phalanx_ref.sim import report
    from phalanx_ref.sim.recovery import RecoveryDiverged

    def diverges(*_: object, **__: object) -> None:  # what a worker raises for a job left without room
        raise RecoveryDiverged("g7: no placement; RRP would wait in Plan for capacity")

    monkeypatch.setattr(report, "make_report", diverges)
    out = CliRunner().invoke(main, ["report", str(tmp_path / "r"), "--no-scale"])
    assert out.exit_code == 1 and "RecoveryDiverged: g7: no placement" in out.output
    assert "Traceback" not in out.output
