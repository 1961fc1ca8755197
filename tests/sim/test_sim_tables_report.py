"""Tables keep paper and measured apart; the report writes every table and plot; the CLI runs."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from phalanx_ref.sim import tables
from phalanx_ref.sim.cli import main
from phalanx_ref.sim.params import MonteCarloParams
from phalanx_ref.sim.progress import Reporter
from phalanx_ref.sim.report import ReportConfig, fmt, make_report, markdown

SMALL = MonteCarloParams(runs=40, horizon_days=54)


@pytest.fixture(scope="module")
def t3() -> tuple[tables.Table, list]:
    return tables.table3(SMALL)


def test_table3_columns_keep_paper_and_measured_apart(t3) -> None:
    t, res = t3
    cols = t.columns
    i_model, i_diff, i_meas, i_paper = 6, 7, 8, 10
    assert cols[i_model] == "eq. 3 (paper)" and cols[i_meas] == "MC mean (measured)"
    for row, r in zip(t.rows, res, strict=True):
        assert row[i_diff] == 0.0  # closed form equals the paper to three decimals
        assert row[i_meas] == r.mean  # the measured column is this run's Monte Carlo mean
        assert row[i_meas] != row[i_paper]
        assert abs(row[i_meas] - row[i_paper]) < 0.01


def test_crossover_measured_near_paper(t3) -> None:
    _, res = t3
    t, x = tables.crossover(SMALL, res[3], tol_s=5.0)
    assert 1300 < x.r_s < 1500
    assert x.eq3_vs_paper_baseline_s == pytest.approx(1380, abs=2)
    assert [r[4] for r in t.rows] == [tables.PAPER_CROSSOVER_S] * 3


def test_markdown_marks_diffs_signed() -> None:
    t = tables.Table("x", "T", ["a", "measured", "paper", "diff"], [["r", 0.5, 0.4, 0.1], ["s", None, 1, None]])
    md = markdown(t)
    assert "| r | 0.5000 | 0.4000 | +0.1000 |" in md
    assert "| s |  | 1 |  |" in md
    assert fmt(1410.0) == "1410.0"


def test_report_without_scale_writes_tables_and_plots(tmp_path) -> None:
    cfg = ReportConfig(seed=1, mc=MonteCarloParams(runs=20, horizon_days=20), sweep_runs=10, scale=False)
    seen: list[str] = []
    files = make_report(tmp_path, cfg, seen.append)
    names = {p.name for p in files}
    for t in ("table3", "table4", "tau_sweep", "crossover"):
        assert {f"{t}.md", f"{t}.csv", f"{t}.json"} <= names
    assert {"ettr_vs_r.png", "ettr_vs_tau.png", "report.json", "report.md"} <= names
    assert (tmp_path / "ettr_vs_r.png").read_bytes()[:4] == b"\x89PNG"
    meta = json.loads((tmp_path / "report.json").read_text())
    assert meta["seed"] == 1 and meta["monte_carlo"]["runs"] == 20 and meta["testbed"] is None
    rows = list(csv.reader((tmp_path / "table4.csv").open()))
    assert rows[0][:4] == ["R (s)", "16K measured", "16K CI +/-", "16K paper"]
    assert float(rows[1][3]) == tables.PAPER_TABLE4[30.0][0]
    assert len(seen) >= 6 + 14 + 16


def test_cli_ettr_and_report(tmp_path) -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["ettr", "table3", "--runs", "10", "--horizon-days", "10"])
    assert out.exit_code == 0, out.output
    assert "Table 3" in out.output
    out = runner.invoke(main, ["ettr", "tau", "--checkpoint-grid", "bogus"])
    assert out.exit_code == 2
    out = runner.invoke(main, ["report", str(tmp_path / "r"), "--runs", "10", "--sweep-runs", "10",
                               "--horizon-days", "10", "--small", "--failures", "50", "--quality-events", "20",
                               "--seeds", "2", "--recovery", "planner", "--correlated-events", "5",
                               "--exhaustion-share", "0.02"])
    assert out.exit_code == 0, out.output
    written = {p.name for p in (tmp_path / "r").iterdir()}
    assert {"table5.md", "reformation_8_3.json", "inflation_cdf.png", "latency_hist.png", "uncertainty.csv",
            "sensitivity_8_4.csv", "sensitivity_monte_carlo.csv", "table5_scale_trend.csv", "report.html",
            "samples_failures.csv", "samples_events.csv", "samples_place.csv", "correlated_ettr.csv",
            "correlated_replan.csv", "correlated.png", "spare_exhaustion.csv", "spare_exhaustion_summary.csv",
            "spare_exhaustion.png"} <= written
    meta = json.loads((tmp_path / "r" / "report.json").read_text())
    assert meta["testbed"]["pods"] == 4 and meta["testbed"]["leaves"] == 8192
    assert meta["seeds"] == [0, 1] and len(meta["git_commit"]) >= 40
    assert meta["sections"] == ["correlated", "spare_exhaustion"] and meta["correlated_events"] == 5
    failures = list(csv.reader((tmp_path / "r" / "samples_failures.csv").open()))
    assert failures[0] == ["seed", "replan_ns", "replan_search_ns", "prep_ns", "apply_ns", "heal_ns"]
    assert [r[0] for r in failures[1:]] == ["0"] * 50 + ["1"] * 50  # one row per failure of each seed
    page = (tmp_path / "r" / "report.html").read_text()
    for name in meta["tables"]:
        assert f"id='{name}'" in page  # every table on the one page
    for name in meta["plots"]:
        assert f"src='{name}'" in page
    for t in meta["tables"]:  # unique headers in every CSV
        header = next(csv.reader((tmp_path / "r" / f"{t}.csv").open()))
        assert len(header) == len(set(header)), t


def test_cli_rejects_a_bad_testbed_config(tmp_path) -> None:
    cfg = tmp_path / "tb.json"
    cfg.write_text('{"no_such_param": 1}')
    out = CliRunner().invoke(main, ["report", str(tmp_path / "r"), "--testbed-config", str(cfg)])
    assert out.exit_code == 2 and "no_such_param" in out.output


def test_tables_refuse_repeated_column_names() -> None:
    with pytest.raises(ValueError, match="repeated column"):
        tables.Table("t", "T", ["median", "paper", "diff", "p95", "paper", "diff"])


def test_mc_sensitivity_shows_the_restart_baseline_drop(t3) -> None:
    t3_table, res = t3
    t = tables.mc_sensitivity(SMALL, res)
    cols = t.columns
    row = next(r for r in t.rows if r[0] == 131_072 and r[1] == "Aggressive remote")
    chosen, restart = row[cols.index("chosen mean (measured)")], row[cols.index("recovery_failures=restart mean")]
    assert chosen == res[3].mean  # the chosen column is Table 3's own run
    assert restart < chosen - 0.03  # a failure restarting a 15-min recovery costs ~0.06 at 131K (0.4028)


def test_progress_prints_lines_when_not_a_terminal() -> None:
    out = io.StringIO()
    rep = Reporter({"Monte Carlo": 3, "seed 0 failures": 10}, stream=out, every_s=0.0, tty=False)
    rep.advance("Monte Carlo", "table 3")
    rep.set("seed 0 failures", 7)
    rep.set("seed 0 failures", 10)
    rep.advance("Monte Carlo", "table 4")
    rep.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 5
    assert "Monte Carlo 1/3 (table 3)" in lines[0] and "seed 0 failures 7/10" in lines[1]
    assert "seed 0 failures" not in lines[3] and lines[3].endswith("(1 done)")  # finished tasks leave the line
    assert "Monte Carlo 2/3 (table 4)" in lines[-1] and "seed 0 failures 10/10" in lines[-1]  # the last: all
