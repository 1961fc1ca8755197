"""``phalanx-verify prove``: z3 proofs of inductive invariants (``inductive``), the campaign's spec
mutants held to them (``mutants``, prove/mutants.py), and the commands
other packages register under the entry-point group ``phalanx_verify.prove_commands`` (the
Phalanx layer's ``hdfb``, see phalanx_gate/cli.py).

Exit codes follow the checker's: 0 every obligation proved, 12 an invariant obligation failed
(a CTI or a lemma counterexample), 13 only action-property obligations failed, 75 z3 answered
unknown, 150/151 translation or config errors (one line with file:line:col).
"""

from __future__ import annotations

import json
import sys
from importlib.metadata import entry_points

import click
from rich.console import Console

from ..tla.errors import EXIT_EVAL, EXIT_INVARIANT, EXIT_OK, EXIT_PROPERTY, TLAError
from .report import REFUTING, Kind, Result, Verdict, print_table, to_json

_out = Console(highlight=False, width=None if sys.stdout.isatty() else 160)


def finish(results: list[Result], as_json: bool, title: str) -> None:
    if as_json:
        click.echo(to_json(results))
    else:
        print_table(results, _out, title)
    sys.exit(exit_code(results))


def exit_code(results: list[Result]) -> int:
    """0 all proved; 12 a refuted invariant obligation or a vacuous one; 13 only action
    properties refuted (TLC's split between invariants and action properties); 75 z3 unknown."""
    failed = [r for r in results if not r.ok]
    if not failed:
        return EXIT_OK
    refuted = [r for r in failed if r.result in REFUTING]
    if any(r.result is Verdict.VACUOUS or r.kind is not Kind.ACTION_PROPERTY for r in refuted):
        return EXIT_INVARIANT
    if refuted and len(refuted) == len(failed):
        return EXIT_PROPERTY
    return EXIT_EVAL


class _PluginGroup(click.Group):
    """A group that adds its plugin commands when first asked for its commands, not at import:
    a plugin may itself import this module (for ``finish``)."""

    def _load(self) -> None:
        if not getattr(self, "_plugins_loaded", False):
            self._plugins_loaded = True
            load_plugins(self)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._load()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        self._load()
        return super().get_command(ctx, name)


@click.group(cls=_PluginGroup)
def prove() -> None:
    """z3 proofs: inductive invariants of a spec (and registered plugins: HDF-B lemmas)."""


@prove.command()
@click.argument("spec", type=click.Path(dir_okay=False), default="spec/RRPInd.tla")
@click.option("--config", "config", type=click.Path(dir_okay=False), default=None,
              help="TLC model (.cfg) giving the constants; default SPEC with .cfg")
@click.option("--inv", default="IndInv", show_default=True, help="candidate inductive invariant")
@click.option("--ind", "ind_module", type=click.Path(exists=True, dir_okay=False), default=None,
              help="module defining the candidate over the same variables (e.g. spec/RRPInd.tla for a mutant)")
@click.option("--timeout", default=60.0, show_default=True, help="seconds per z3 query")
@click.option("--unbounded", is_flag=True,
              help="prove for every finite size of the cfg's sets of model values (Job, Leaf) and every "
                   "natural value of its integer constants; a CTI is printed as a small cluster")
@click.option("--json", "as_json", is_flag=True, help="print the results as JSON")
def inductive(spec: str, config: str | None, inv: str, ind_module: str | None, timeout: float,
              unbounded: bool, as_json: bool) -> None:
    """IndInit, IndNext per sub-action (a CTI names it), IndProp per invariant, and every action
    property as IndInv /\\ Next => property."""
    from .inductive import prove_inductive

    try:
        results = prove_inductive(spec, config, inv, ind_module, timeout, unbounded)
    except TLAError as err:
        click.echo(err.line(), err=True)
        sys.exit(err.exit_code)
    finish(results, as_json, f"prove inductive {spec} --inv {inv}{' --unbounded' if unbounded else ''}")


def load_plugins(group: click.Group, entry_group: str = "phalanx_verify.prove_commands") -> None:
    """Add the click commands other packages register under ``entry_group`` (the Phalanx layer's
    ``prove hdfb``): this package imports none of them. A plugin that fails to import is
    skipped, so a broken layer cannot take the generic commands down."""
    for ep in entry_points(group=entry_group):
        if ep.name in group.commands:
            continue
        try:
            cmd = ep.load()
        except ImportError as err:
            click.echo(f"phalanx-verify: prove plugin {ep.name} not loaded: {err}", err=True)
            continue
        group.add_command(cmd, ep.name)


@prove.command()
@click.argument("campaign", type=click.Path(dir_okay=False), default="spec/campaign.toml")
@click.option("--only", multiple=True, help="only this mutant (repeatable)")
@click.option("--timeout", default=60.0, show_default=True, help="seconds per z3 query")
@click.option("--unbounded", is_flag=True, help="every cluster size (see prove inductive --unbounded)")
@click.option("--json", "as_json", is_flag=True, help="print the outcome of every mutant as JSON")
def mutants(campaign: str, only: tuple[str, ...], timeout: float, unbounded: bool, as_json: bool) -> None:
    """Every spec mutant of the campaign's manifest held to the inductive candidate of the spec it
    mutates: a mutant some campaign run kills by a safety violation must get a CTI, any other must
    leave every obligation proved. Exit 0 when the prover agrees with the manifest on each, 1 on
    any mismatch (as ``tlc campaign``)."""
    from .mutants import prove_mutant, registry

    try:
        todo = [m for m in registry(campaign) if not only or m.name in only]
        missing = set(only) - {m.name for m in todo}
        if missing:
            click.echo(f"{campaign}: no mutant named {', '.join(sorted(missing))}", err=True)
            sys.exit(2)
        done = [prove_mutant(m, timeout, unbounded) for m in todo]
    except TLAError as err:
        click.echo(err.line(), err=True)
        sys.exit(err.exit_code)
    rows = [{"mutant": m.name, "candidate": m.candidate.name if m.candidate else None,
             "expected": "cti" if m.must_fail else "proved", "killed_by": m.killed_by,
             "agrees": m.agrees and m.candidate is not None,
             "first_failure": (f"{f.obligation}: {f.result}" if (f := m.first_failure()) else None)}
            for m in done]
    if as_json:
        click.echo(json.dumps({"mutants": rows, "ok": all(r["agrees"] for r in rows)}, indent=2))
    else:
        for r in rows:
            mark = "agrees" if r["agrees"] else "MISMATCH" if r["candidate"] else "no candidate"
            click.echo(f"{r['mutant']:20s} {r['candidate'] or '-':18s} expected {r['expected']:6s} "
                       f"{mark:12s} {r['first_failure'] or 'every obligation proved'}")
    sys.exit(0 if all(r["agrees"] for r in rows) else 1)
