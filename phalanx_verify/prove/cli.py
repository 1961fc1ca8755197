"""``phalanx-verify prove``: z3 proofs of inductive invariants (``inductive``), and the commands
other packages register under the entry-point group ``phalanx_verify.prove_commands`` (the
Phalanx layer's ``hdfb``, see phalanx_gate/cli.py); the toolkit's CLI adds ``mutants``
(phalanx_verify/mutant_proofs.py, which joins campaigns to proofs).

Exit codes follow the checker's: 0 every obligation proved, 12 an invariant obligation failed
(a CTI or a lemma counterexample), 13 only action-property obligations failed, 75 z3 answered
unknown, 150/151 translation or config errors (one line with file:line:col).
"""

from __future__ import annotations

import ctypes
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console

from ..plugins import PluginGroup
from ..project import find_project
from ..tla.errors import (
    EXIT_EVAL,
    EXIT_INTERRUPTED,
    EXIT_INVARIANT,
    EXIT_OK,
    EXIT_PROPERTY,
    TLAError,
    UsageError,
)
from .limits import DEFAULT_RLIMIT, Limits
from .report import CTRL_C, REFUTING, Kind, Result, Verdict, print_table, to_json

_out = Console(highlight=False, width=None if sys.stdout.isatty() else 160)


def finish(results: list[Result], as_json: bool, title: str, interrupted: bool = False) -> None:
    """Print the results (a table, or JSON) and exit with their code; after a Ctrl-C, the
    obligations decided before it, marked interrupted, and 130."""
    if as_json:
        click.echo(to_json(results, interrupted))
    else:
        print_table(results, _out, title + (" (INTERRUPTED: Ctrl-C)" if interrupted else ""))
    sys.exit(EXIT_INTERRUPTED if interrupted else exit_code(results))


def collect(work: Callable[[], object]) -> bool:
    """Run ``work``, which appends each result to a list as it is decided; True when a Ctrl-C
    stopped it (the list then holds what was decided before it, for ``finish``). The SIGINT
    handler notes each Ctrl-C (report.CTRL_C) before raising it, so one that lands in a
    destructor, where Python only reports it, still stops the run (at the next query) and is not
    printed as a traceback."""
    previous_hook = sys.unraisablehook

    def quiet(unraisable: sys.UnraisableHookArgs) -> None:
        if not _is_ctrl_c(unraisable.exc_value):
            previous_hook(unraisable)

    def on_ctrl_c(signum: int, frame: object) -> None:
        CTRL_C.append(signum)
        raise KeyboardInterrupt

    sys.unraisablehook = quiet
    previous_handler = signal.signal(signal.SIGINT, on_ctrl_c)
    stopped = False
    try:
        work()
    except KeyboardInterrupt:
        stopped = True
    except ctypes.ArgumentError as err:
        if not _is_ctrl_c(err):
            raise
        stopped = True
    finally:
        signal.signal(signal.SIGINT, previous_handler)
        sys.unraisablehook = previous_hook
    stopped = stopped or bool(CTRL_C)  # one that did not propagate, after the last query
    CTRL_C.clear()
    return stopped


def _is_ctrl_c(exc: BaseException | None) -> bool:
    """A Ctrl-C, also as ctypes wraps one that lands while z3's bindings convert a call's
    arguments (ArgumentError "argument 2: KeyboardInterrupt"), in a query or in a destructor
    (AstRef.__del__'s Z3_dec_ref: a CI run printed its traceback)."""
    return isinstance(exc, KeyboardInterrupt) or (
        isinstance(exc, ctypes.ArgumentError) and "KeyboardInterrupt" in str(exc))


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


class _ProveGroup(PluginGroup):
    """``prove``, with the commands other packages register (``prove hdfb``)."""

    entry_group = "phalanx_verify.prove_commands"


@click.group(cls=_ProveGroup)
def prove() -> None:
    """z3 proofs: inductive invariants of a spec (and registered plugins: HDF-B lemmas)."""


@prove.command()
@click.argument("spec", type=click.Path(dir_okay=False), required=False)
@click.option("--config", "config", type=click.Path(dir_okay=False), default=None,
              help="TLC model (.cfg) giving the constants; default SPEC with .cfg")
@click.option("--inv", default="IndInv", show_default=True, help="candidate inductive invariant")
@click.option("--ind", "ind_module", type=click.Path(exists=True, dir_okay=False), default=None,
              help="module defining the candidate over the same variables (e.g. spec/RRPInd.tla for a mutant)")
@click.option("--rlimit", type=int, default=DEFAULT_RLIMIT, show_default=True,
              help="z3 resource units per query (deterministic, unlike a time limit)")
@click.option("--timeout", type=float, default=None, help="also stop each z3 query after this many wall seconds")
@click.option("--unbounded", is_flag=True,
              help="prove for every finite size of the cfg's sets of model values (Job, Leaf) and every "
                   "natural value of its integer constants; a CTI is printed as a small cluster")
@click.option("--json", "as_json", is_flag=True, help="print the results as JSON")
def inductive(spec: str | None, config: str | None, inv: str, ind_module: str | None, rlimit: int,
              timeout: float | None, unbounded: bool, as_json: bool) -> None:
    """IndInit, IndNext per sub-action (a CTI names it), IndProp per invariant, and every action
    property as IndInv /\\ Next => property. Without SPEC: ``spec`` of
    [tool.phalanx-verify.prove] in the project's pyproject.toml."""
    from .inductive import prove_inductive

    results: list[Result] = []
    title = f"prove inductive {spec or ''} --inv {inv}{' --unbounded' if unbounded else ''}"
    try:
        path = Path(spec) if spec else find_project().section("prove", ("spec",)).optional_path("spec")
        if path is None:
            raise UsageError("no SPEC given, and no spec = \"...\" in [tool.phalanx-verify.prove] "
                             "of a pyproject.toml above the current directory")
        title = f"prove inductive {path} --inv {inv}{' --unbounded' if unbounded else ''}"
        interrupted = collect(lambda: prove_inductive(path, config, inv, ind_module, Limits(rlimit, timeout),
                                                      unbounded, results=results))
    except TLAError as err:
        click.echo(err.line(), err=True)
        sys.exit(err.exit_code)
    except KeyboardInterrupt:  # while loading, before any obligation
        interrupted = True
    finish(results, as_json, title, interrupted)
