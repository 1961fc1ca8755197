"""``phalanx-verify prove``: z3 proofs of inductive invariants (``inductive``), and the commands
other packages register under the entry-point group ``phalanx_verify.prove_commands`` (the
Phalanx layer's ``hdfb``, see phalanx_gate/cli.py).

Exit codes follow the checker's: 0 every obligation proved, 12 an invariant obligation failed
(a CTI or a lemma counterexample), 13 only action-property obligations failed, 75 z3 answered
unknown, 150/151 translation or config errors (one line with file:line:col).
"""

from __future__ import annotations

import sys
from importlib.metadata import entry_points

import click
from rich.console import Console

from ..tla.errors import EXIT_EVAL, EXIT_INTERRUPTED, EXIT_INVARIANT, EXIT_OK, EXIT_PROPERTY, TLAError
from .report import Result, print_table, to_json

_out = Console(highlight=False, width=None if sys.stdout.isatty() else 160)


def finish(results: list[Result], as_json: bool, title: str, interrupted: bool = False) -> None:
    """Print the results (a table, or JSON) and exit with their code; after a Ctrl-C, the
    obligations decided before it, marked interrupted, and 130."""
    if as_json:
        click.echo(to_json(results, interrupted))
    else:
        print_table(results, _out, title + (" (INTERRUPTED: Ctrl-C)" if interrupted else ""))
    sys.exit(EXIT_INTERRUPTED if interrupted else exit_code(results))


def exit_code(results: list[Result]) -> int:
    failed = [r for r in results if not r.ok]
    if not failed:
        return EXIT_OK
    if any(r.result == "vacuous" or (r.result in ("cti", "counterexample", "no counterexample")
                                     and not r.obligation.startswith("Step ")) for r in failed):
        return EXIT_INVARIANT
    if all(r.result == "cti" for r in failed):
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

    title = f"prove inductive {spec} --inv {inv}{' --unbounded' if unbounded else ''}"
    results: list[Result] = []
    try:
        prove_inductive(spec, config, inv, ind_module, timeout, unbounded, results)
    except TLAError as err:
        click.echo(err.line(), err=True)
        sys.exit(err.exit_code)
    except KeyboardInterrupt:
        finish(results, as_json, title, interrupted=True)
    finish(results, as_json, title)


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
