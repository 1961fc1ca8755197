"""``phalanx-verify drift``: the drift gate's command, added to the generic ``phalanx-verify``
through the ``phalanx_verify.commands`` entry point (pyproject.toml), so the toolkit imports
nothing of the Phalanx layer.

Its defaults are the project's, not the current directory's: ``[tool.phalanx-verify.drift]`` of
the nearest pyproject.toml (``traces``, ``specs`` for the RRP engine's traces, ``lifecycle-specs``
for the lifecycle engine's), paths relative to that file (phalanx_verify/project.py).

Exit codes: 0 the gate passed; 13 a step diverged (12 an invariant); 1 a gate condition failed
(an action of Next never seen, no golden trace of a suite, the store stayed unreachable, no etcd
with ``--etcd require``); 150 a malformed golden trace; 151 a bad pyproject.toml value; 2 usage.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from phalanx_verify.project import find_project
from phalanx_verify.tla.errors import TLAError

from .drift import SUITES, run_drift, with_specs, write_golden

KEYS = ("traces", "specs", "lifecycle-specs")
"""The keys of [tool.phalanx-verify.drift]."""


@click.command()
@click.option("--traces", "traces_dir", type=click.Path(file_okay=False),
              help="Golden traces to replay (default: drift.traces of [tool.phalanx-verify], else traces).")
@click.option("--seeds", default=8, show_default=True, help="Fresh runs per store and suite.")
@click.option("--first-seed", default=0, show_default=True)
@click.option("--etcd", "etcd_mode", type=click.Choice(["auto", "require", "off"]), default="auto",
              show_default=True, help="Also generate traces on a real etcd (auto: when the binary is present).")
@click.option("--suite", "suites", multiple=True, type=click.Choice(sorted(SUITES)),
              help="Run only this suite (repeatable; default: every suite).")
@click.option("--spec", "specs", multiple=True, type=click.Path(dir_okay=False),
              help="Spec to replay every RRP engine trace against (repeatable; default: drift.specs, else "
                   "spec/RRP.tla and its refinement spec/RRPResume.tla).")
@click.option("--lifecycle-spec", "lifecycle_specs", multiple=True, type=click.Path(dir_okay=False),
              help="Spec to replay every lifecycle engine trace against (repeatable; default: "
                   "drift.lifecycle-specs, else spec/RRPLifecycle.tla).")
@click.option("--keep", type=click.Path(file_okay=False), help="Keep the fresh traces in this directory.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the gate's report as JSON.")
@click.option("--regenerate-golden", "golden_seeds", multiple=True, type=int,
              help="Rewrite the golden traces of the selected suites from the engines with these seeds "
                   "first (repeatable).")
def drift(traces_dir: str | None, seeds: int, first_seed: int, etcd_mode: str, suites: tuple[str, ...],
          specs: tuple[str, ...], lifecycle_specs: tuple[str, ...], keep: str | None, json_path: str | None,
          golden_seeds: tuple[int, ...]) -> None:
    """The CI gate: replay the golden traces and fresh engine traces of each suite against its
    specs; fail on any divergence or on an action of a spec's Next never seen."""
    try:
        project = find_project().section("drift", KEYS)
        rrp, life = SUITES["rrp"], SUITES["lifecycle"]
        chosen = {
            "rrp": with_specs(rrp, [Path(s) for s in specs] or project.paths("specs", [str(p) for p in rrp.specs])),
            "lifecycle": with_specs(life, [Path(s) for s in lifecycle_specs] or
                                    project.paths("lifecycle-specs", [str(p) for p in life.specs])),
        }
        selected = [chosen[name] for name in (suites or sorted(SUITES))]
        golden = Path(traces_dir) if traces_dir else project.path("traces", "traces")
        if golden_seeds:
            for path in write_golden(golden, list(golden_seeds), selected):
                click.echo(f"wrote {path}")
        report = run_drift(golden, seeds, first_seed, etcd_mode, selected, Path(keep) if keep else None,
                           echo=click.echo)
    except TLAError as err:
        click.echo(err.line(), err=True)
        sys.exit(err.exit_code)
    if json_path:
        Path(json_path).write_text(json.dumps(report.as_json(), indent=2) + "\n")
    sys.exit(report.exit_code)
