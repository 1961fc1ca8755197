"""The drift gate's lifecycle suite (phalanx_gate/drift.py): the lifecycle engine's golden and
fresh traces replay against spec/RRPLifecycle.tla with its properties (RefinesRRP included) and
cover every action of its Next; a corrupted lifecycle trace and every lifecycle engine mutant
fail the gate; the command reaches ``phalanx-verify`` through an entry point, and the generic
toolkit imports nothing of the Phalanx layer."""

from __future__ import annotations

import ast
import json
from importlib.metadata import EntryPoint
from pathlib import Path

import click
import pytest

from phalanx_gate import drift_cli
from phalanx_gate.drift import SUITES, lifecycle_suite, run_drift, with_specs
from phalanx_ref.lifecycle_engine import LifecycleEngine
from phalanx_ref.lifecycle_mutants import MUTANTS
from phalanx_ref.store.etcd_server import etcd_binary
from phalanx_verify import cli as verify_cli
from phalanx_verify import plugins

ROOT = Path(__file__).resolve().parents[2]
LIFECYCLE = with_specs(SUITES["lifecycle"], [ROOT / "spec" / "RRPLifecycle.tla"])
GOLDEN = ROOT / "traces"


def lifecycle_golden(tmp_path: Path) -> Path:
    """A folder with the lifecycle engine's golden traces only."""
    d = tmp_path / "golden"
    d.mkdir()
    for path in GOLDEN.glob("lifecycle-*.ndjson"):
        (d / path.name).write_bytes(path.read_bytes())
    return d


def test_lifecycle_suite_passes_and_covers_every_action(tmp_path: Path) -> None:
    lines: list[str] = []
    report = run_drift(lifecycle_golden(tmp_path), 2, 0, "off", [LIFECYCLE], None, echo=lines.append)
    assert report.exit_code == 0, report.problems + [d.line_text() for r in report.divergent for d in r.divergences]
    assert {r.spec for _, r in report.results} == {str(LIFECYCLE.specs[0])}
    assert {"golden", "memory"} == {src for src, _ in report.results}
    needed = set(report.required)
    assert {"Drain", "Defrag", "Resize", "Preempt", "Resume", "Finish", "Suspect", "Heal"} <= needed
    assert needed <= set(report.actions)
    assert "drift: OK" in lines


@pytest.mark.etcd
@pytest.mark.skipif(etcd_binary() is None, reason="etcd binary not found: apt-get install etcd-server")
def test_lifecycle_suite_on_etcd(tmp_path: Path) -> None:
    report = run_drift(lifecycle_golden(tmp_path), 1, 1, "require", [LIFECYCLE], None, echo=lambda _: None)
    assert report.exit_code == 0, report.problems
    assert any(src == "etcd" and r.steps > 20 for src, r in report.results)


def test_a_corrupted_lifecycle_trace_fails_the_gate(tmp_path: Path) -> None:
    golden = lifecycle_golden(tmp_path)
    path = golden / "lifecycle-seed1.ndjson"
    lines = path.read_text().splitlines()
    # the first Drain step also hands one of the drained job's leaves to another job
    i = next(n for n, x in enumerate(lines) if json.loads(x).get("action") == "Drain")
    step = json.loads(lines[i])
    job = step["params"]["j"]
    alloc = step["state"]["alloc"]["#map"]
    held = next(pair for pair in alloc if pair[1] == job)
    held[1] = next(j for _, j in alloc if j not in (job, "None"))
    lines[i] = json.dumps(step)
    path.write_text("\n".join(lines) + "\n")
    out: list[str] = []
    report = run_drift(golden, 0, 0, "off", [LIFECYCLE], None, echo=out.append)
    assert report.exit_code == 13 and "drift: FAILED" in out
    (bad,) = report.divergent
    assert bad.trace == str(path) and bad.divergences[0].line == i + 1 and bad.divergences[0].step == step["n"]


def default_gate(engine: type[LifecycleEngine], golden: Path) -> int:
    """The gate as `phalanx-verify drift` runs it by default (its seeds and first seed are read
    from the command's own option defaults), for ``engine``'s lifecycle suite, without etcd."""
    defaults = {p.name: p.default for p in drift_cli.drift.params}
    seeds, first = defaults["seeds"], defaults["first_seed"]
    assert isinstance(seeds, int) and isinstance(first, int) and seeds > 0
    suite = lifecycle_suite(engine, specs=LIFECYCLE.specs)
    return run_drift(golden, seeds, first, "off", [suite], None, echo=lambda _: None).exit_code


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_the_default_gate_catches_every_lifecycle_engine_mutant(name: str, tmp_path: Path) -> None:
    """No workload chosen for the mutant: the default seeds and the suite's directed scenarios."""
    assert default_gate(MUTANTS[name], lifecycle_golden(tmp_path)) in (12, 13)


def test_the_default_gate_passes_the_correct_engine(tmp_path: Path) -> None:
    assert default_gate(LifecycleEngine, lifecycle_golden(tmp_path)) == 0


def test_drift_is_an_entry_point_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    ep = EntryPoint(name="drift", value="phalanx_gate.drift_cli:drift", group=verify_cli.COMMANDS_GROUP)
    monkeypatch.setattr(plugins, "entry_points", lambda group: [ep] if group == ep.group else [])
    monkeypatch.setattr(verify_cli.main, "commands", dict(verify_cli.main.commands))
    verify_cli.main.commands.pop("drift", None)
    ctx = click.Context(verify_cli.main)
    assert verify_cli.main.get_command(ctx, "drift") is drift_cli.drift
    assert "drift" in verify_cli.main.list_commands(ctx) and "check" in verify_cli.main.list_commands(ctx)


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
    return out


def test_the_toolkit_imports_nothing_of_the_phalanx_layers() -> None:
    offenders = {str(p.relative_to(ROOT)): sorted(m for m in _imports(p) if m.split(".")[0] in
                                                  ("phalanx_ref", "phalanx_gate"))
                 for p in (ROOT / "phalanx_verify").rglob("*.py")}
    assert not {k: v for k, v in offenders.items() if v}
    assert not (ROOT / "phalanx_verify" / "drift.py").exists()
