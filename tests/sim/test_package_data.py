"""The default scenario is package data: a build of the package carries it, and the package finds
it through importlib.resources from wherever it is installed (not from a path into the repository)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_default_scenario_is_the_package_resource() -> None:
    from phalanx_ref.sim.scenario import DEFAULT_SCENARIO

    resource = files("phalanx_ref.sim").joinpath("scenarios", "paper_s8.toml")
    assert str(DEFAULT_SCENARIO) == str(resource)
    assert DEFAULT_SCENARIO.read_text().startswith("# The Phalanx paper's section 8")


def test_a_build_carries_the_scenario_and_loads_it_from_there(tmp_path: Path) -> None:
    """setuptools' build_py copies exactly what a wheel would hold (packages + package-data); the
    built copy, first on the path in a fresh interpreter run outside the repository, loads its own
    scenario."""
    lib = tmp_path / "lib"
    build = [sys.executable, "-c", "import sys; from setuptools import setup; "
             f"sys.argv = ['setup.py', '-q', 'build_py', '--build-lib', {str(lib)!r}]; setup()"]
    subprocess.run(build, cwd=ROOT, check=True, capture_output=True)
    shipped = lib / "phalanx_ref" / "sim" / "scenarios" / "paper_s8.toml"
    assert shipped.read_text() == (ROOT / "phalanx_ref/sim/scenarios/paper_s8.toml").read_text()
    probe = ("import phalanx_ref.sim.scenario as s; cfg = s.load(); "
             "print(s.__file__); print(cfg.scenario['file']); print(cfg.failures)")
    env = {**os.environ, "PYTHONPATH": str(lib)}
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[0].startswith(str(lib)) and out[1] == str(shipped) and out[2] == "10000"
