"""``phalanx-verify trace replay`` (registered in ../cli.py), and the result lines that the
Phalanx layer's drift gate (phalanx_gate/drift.py) prints too.

Exit codes: 0 every trace is a behaviour of the spec; 13 a step (or the initial state) is not;
12 an invariant fails; 150 a malformed trace (one line with file:line); 2 bad usage.
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
