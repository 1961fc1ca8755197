"""``phalanx-verify trace replay`` and ``phalanx-verify drift`` (registered in ../cli.py).

Exit codes: 0 every trace is a behaviour of the spec; 13 a step (or the initial state) is not;
12 an invariant fails; 150 a malformed trace (one line with file:line); 2 bad usage. The drift
gate exits 1 when its own conditions fail (an action of Next never seen, no etcd when required).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..tla.errors import TLAError
from .replay import ModelCache, Replayer, ReplayResult


def _fail(err: TLAError) -> None:
    click.echo(err.line(), err=True)
    sys.exit(err.exit_code)


def print_result(res: ReplayResult, show_all: bool) -> None:
    """A divergence as its one positioned line, the variable diff indented under it."""
    for w in res.warnings:
        click.echo(f"warning: {w}", err=True)
    for d in res.divergences if show_all else res.divergences[:1]:
        click.echo(d.line_text())
        for line in d.diff:
            click.echo(f"    {line}")


def summary_line(label: str, steps: int, seconds: float, actions: dict[str, int], divergences: int) -> str:
    rate = steps / seconds if seconds else 0.0
    acts = ", ".join(f"{k} {v:,}" for k, v in sorted(actions.items()))
    return (f"{label}: {steps:,} transitions, {divergences} divergence(s), {rate:,.0f} transitions/s"
            f"{' [' + acts + ']' if acts else ''}")


@click.group()
def trace() -> None:
    """Implementation traces (NDJSON, ITF values) against the spec."""


@trace.command()
@click.argument("traces", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--spec", type=click.Path(dir_okay=False), help="Spec to replay against (default: the header's).")
@click.option("--all", "show_all", is_flag=True, help="Report every divergence, not only the first.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the results as JSON ('-': stdout).")
@click.option("--strict", is_flag=True, help="A spec sha256 differing from the header's is an error.")
def replay(traces: tuple[str, ...], spec: str | None, show_all: bool, json_path: str | None, strict: bool) -> None:
    """Check each TRACE: the initial state against Init, every step against Next, every state
    against the invariants. Reports the first divergence (step, action, variable diff)."""
    replayer = Replayer(ModelCache(spec), all_divergences=show_all, strict=strict)
    results: list[ReplayResult] = []
    try:
        for path in traces:
            res = replayer.replay(path)
            results.append(res)
            print_result(res, show_all)
            click.echo(summary_line(path, res.steps, res.seconds, dict(res.actions), len(res.divergences)))
    except TLAError as err:
        _fail(err)
    if len(results) > 1:
        total: dict[str, int] = {}
        for r in results:
            for k, v in r.actions.items():
                total[k] = total.get(k, 0) + v
        click.echo(summary_line(f"{len(results)} traces", sum(r.steps for r in results),
                                sum(r.seconds for r in results), total, sum(len(r.divergences) for r in results)))
    if json_path:
        text = json.dumps([r.as_json() for r in results], indent=2)
        if json_path == "-":
            click.echo(text)
        else:
            Path(json_path).write_text(text + "\n")
    codes = [r.exit_code for r in results if r.exit_code]
    sys.exit(codes[0] if codes else 0)


@click.command()
@click.option("--traces", "traces_dir", default="traces", show_default=True, type=click.Path(file_okay=False),
              help="Golden traces to replay.")
@click.option("--seeds", default=8, show_default=True, help="Fresh runs per store.")
@click.option("--first-seed", default=0, show_default=True)
@click.option("--etcd", "etcd_mode", type=click.Choice(["auto", "require", "off"]), default="auto",
              show_default=True, help="Also generate traces on a real etcd (auto: when the binary is present).")
@click.option("--spec", "specs", multiple=True, type=click.Path(dir_okay=False),
              help="Spec to replay every trace against (repeatable; default: spec/RRP.tla and its "
                   "refinement spec/RRPResume.tla).")
@click.option("--keep", type=click.Path(file_okay=False), help="Keep the fresh traces in this directory.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the gate's report as JSON.")
@click.option("--regenerate-golden", "golden_seeds", multiple=True, type=int,
              help="Rewrite the golden traces from the engine with these seeds first (repeatable).")
def drift(traces_dir: str, seeds: int, first_seed: int, etcd_mode: str, specs: tuple[str, ...], keep: str | None,
          json_path: str | None, golden_seeds: tuple[int, ...]) -> None:
    """The CI gate: replay the golden traces and fresh engine traces against each spec; fail on
    any divergence or on an action of a spec's Next never seen."""
    from phalanx_gate.drift import DEFAULT_SPECS, run_drift, write_golden

    if golden_seeds:
        for path in write_golden(Path(traces_dir), list(golden_seeds)):
            click.echo(f"wrote {path}")
    try:
        report = run_drift(Path(traces_dir), seeds, first_seed, etcd_mode,
                           [Path(s) for s in specs] or list(DEFAULT_SPECS), Path(keep) if keep else None,
                           echo=click.echo)
    except TLAError as err:
        _fail(err)
    if json_path:
        Path(json_path).write_text(json.dumps(report.as_json(), indent=2) + "\n")
    sys.exit(report.exit_code)
