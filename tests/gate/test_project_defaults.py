"""Command defaults come from ``[tool.phalanx-verify]`` of the nearest pyproject.toml, not from
the current directory being the repository's root (phalanx_verify/project.py); bad values are
one positioned line with the key path and exit 151."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_gate.drift_cli import drift
from phalanx_verify.cli import main
from phalanx_verify.project import find_project

ROOT = Path(__file__).resolve().parents[2]


def test_the_repository_project_is_found_from_a_subfolder() -> None:
    project = find_project(ROOT / "spec" / "mutants")
    assert project.root == ROOT
    assert project.optional_path("campaign") == ROOT / "spec" / "campaign.toml"
    drift = project.section("drift", ("traces", "specs", "lifecycle-specs"))
    assert drift.path("traces", "elsewhere") == ROOT / "traces"
    assert drift.paths("lifecycle-specs", []) == [ROOT / "spec" / "RRPLifecycle.tla"]


def test_without_a_project_defaults_are_the_current_directorys(tmp_path: Path) -> None:
    project = find_project(tmp_path)
    assert project.root == tmp_path and project.file is None
    assert project.section("drift", ()).paths("specs", ["a.tla"]) == [tmp_path / "a.tla"]
    assert project.optional_path("campaign") is None


def test_drift_from_another_folder_uses_the_projects_traces_and_specs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT / "spec" / "mutants")
    r = CliRunner().invoke(drift, ["--suite", "lifecycle", "--seeds", "0", "--etcd", "off"])
    assert r.exit_code == 0, r.output
    assert "golden vs RRPLifecycle.tla (3 traces)" in r.output and "drift: OK" in r.output


def test_a_projects_own_settings_are_relative_to_its_pyproject(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "golden").mkdir()
    for name in ("lifecycle-seed1.ndjson",):
        (tmp_path / "golden" / name).write_bytes((ROOT / "traces" / name).read_bytes())
    (tmp_path / "pyproject.toml").write_text(
        '[tool.phalanx-verify.drift]\ntraces = "golden"\n'
        f'lifecycle-specs = ["{ROOT / "spec" / "RRPLifecycle.tla"}"]\n')
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    r = CliRunner().invoke(drift, ["--suite", "lifecycle", "--seeds", "0", "--etcd", "off"])
    assert "golden vs RRPLifecycle.tla (1 traces)" in r.output, r.output
    assert r.exit_code == 1 and "never seen" in r.output  # one short trace cannot cover the lifecycle


@pytest.mark.parametrize(("table", "line", "message"), [
    ('[tool.phalanx-verify.drift]\nspecs = "spec/RRP.tla"\n', 2, "tool.phalanx-verify.drift.specs: must be an array"),
    ('[tool.phalanx-verify.drift]\n\ntrace = "t"\n', 3, "tool.phalanx-verify.drift.trace: unknown key"),
    ('[tool.phalanx-verify]\ndrift = 3\n', 2, "tool.phalanx-verify.drift: must be a table"),
    ('[tool.phalanx-verify\n', 1, "pyproject.toml is not valid TOML"),
])
def test_a_bad_setting_is_one_positioned_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: str,
                                              line: int, message: str) -> None:
    (tmp_path / "pyproject.toml").write_text(table)
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(drift, ["--seeds", "0", "--etcd", "off"])
    out = r.output.strip()
    assert r.exit_code == 151 and len(out.splitlines()) == 1, r.output
    assert out.startswith(f"{tmp_path / 'pyproject.toml'}:{line}:") and message in out, out


def test_campaign_default_comes_from_the_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT / "spec" / "mutants")
    r = CliRunner().invoke(main, ["tlc", "campaign", "--only", "no-such-entry"])
    assert r.exit_code == 2 and "no campaign entry matches" in r.output, r.output  # loaded, none selected
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["tlc", "campaign"])
    assert r.exit_code == 2 and "no CAMPAIGN_FILE given" in r.output, r.output
