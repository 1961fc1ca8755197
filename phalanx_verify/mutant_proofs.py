"""``phalanx-verify prove mutants``: the campaign's spec mutants, proved or refuted: the same
registry the model checker's campaign reads (the campaign file and the mutant manifest it names),
not a second list. It joins campaigns to proofs, so it lives beside ``campaign.py``, above the
``prove`` package (which knows nothing of campaigns), and joins the ``prove`` group in cli.py.

Each mutant is held to the inductive candidate written for the spec it mutates: the ``*Ind.tla``
module next to the campaign file that declares the same variables (RRPInd for RRP's mutants,
RRPResumeInd for RRPResume's), with that module's cfg. What the prover must say follows from the
manifest's verdicts: a mutant some run kills by a safety violation (an invariant or an action
property) breaks an obligation with a CTI, since a reachable violation can satisfy no inductive
invariant that implies the property; a mutant killed only by a temporal property or a deadlock,
or argued equivalent, leaves every safety obligation proved (the candidate is still inductive
for its Next). A mismatch either way is reported, so neither the prover nor the manifest can
drift from the other unnoticed.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import click

from .campaign import load_campaign
from .project import find_project
from .prove import DEFAULT_LIMITS, DEFAULT_RLIMIT, REFUTING, Limits, Result, Verdict, prove_inductive
from .tla import syntax as ast
from .tla.errors import EXIT_USAGE, ConfigError, TLAError, UsageError
from .tla.modules import Loader

SAFETY_VERDICTS = ("invariant", "action_property")


@dataclass
class MutantProof:
    """One mutant of the registry under its inductive candidate."""

    name: str
    module: Path
    lib: tuple[Path, ...]           # where its INSTANCEd modules are found (the campaign's folder)
    candidate: Path | None          # the *Ind.tla module over the same variables, if any
    must_fail: bool                 # some campaign run kills it by a safety violation
    killed_by: list[str] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)

    @property
    def refuted(self) -> bool:
        """Some obligation failed with a model (a CTI or a vacuous premise), none unknown."""
        failed = [r for r in self.results if not r.ok]
        return bool(failed) and all(r.result in REFUTING for r in failed)

    @property
    def proved(self) -> bool:
        return bool(self.results) and all(r.ok for r in self.results)

    @property
    def agrees(self) -> bool:
        """The prover's answer is the one the manifest's verdicts call for."""
        return self.refuted if self.must_fail else self.proved

    def first_failure(self) -> Result | None:
        return next((r for r in self.results if r.result is not Verdict.PROVED and not r.ok), None)


def registry(campaign: str | Path) -> list[MutantProof]:
    """Every mutant of the campaign's manifest with its candidate and expectation (not yet run)."""
    camp = load_campaign(campaign)
    folder = Path(campaign).resolve().parent
    candidates = [(p, _variables(p, ())) for p in sorted(folder.glob("*Ind.tla"))]
    out: dict[str, MutantProof] = {}
    for run in camp.runs:
        if run.mutant is None:
            continue
        m = out.get(run.mutant)
        if m is None:
            variables = _variables(run.spec, run.lib)
            cand = next((p for p, vs in candidates if vs == variables), None)
            m = out[run.mutant] = MutantProof(run.mutant, run.spec, run.lib, cand, False)
        if run.expect.verdict in SAFETY_VERDICTS:
            m.must_fail = True
            violated = run.expect.violated or run.expect.verdict
            if violated not in m.killed_by:
                m.killed_by.append(violated)
    return list(out.values())


def prove_mutant(m: MutantProof, limits: Limits = DEFAULT_LIMITS, unbounded: bool = False) -> MutantProof:
    """Run every obligation of the mutant's candidate (with the candidate's cfg) on the mutant."""
    if m.candidate is None:
        return m
    with tempfile.TemporaryDirectory() as tmp:
        spec = rebase(m.candidate, m.module.stem, Path(tmp))
        m.results = prove_inductive(spec, m.candidate.with_suffix(".cfg"), limits=limits,
                                    unbounded=unbounded, lib=[m.candidate.parent, m.module.parent, *m.lib])
    return m


def rebase(candidate: Path, mutant: str, folder: Path) -> Path:
    """The candidate module with the spec it EXTENDS replaced by the mutant, written to ``folder``.
    The candidate's cfg may name definitions of the candidate module itself (RRPResumeInd's
    RefinesRRPSafety), which a mutant does not define, so the mutant is proved through a copy of
    the candidate that extends it (``<Mutant>_<Candidate>``) rather than beside it."""
    text = candidate.read_text()
    at = re.search(r"^EXTENDS\s+([^\n]*)$", text, re.MULTILINE)
    bases = [n.strip() for n in at.group(1).split(",")] if at else []
    base = next((n for n in bases if (candidate.parent / f"{n}.tla").exists()), None)
    if at is None or base is None:
        raise ConfigError(f"{candidate.name} extends no spec module next to it, so it cannot be "
                          f"rebased on the mutant {mutant}", ast.Pos(str(candidate), 1, 1))
    name = f"{mutant}_{candidate.stem}"
    line = re.sub(rf"\b{re.escape(base)}\b", mutant, at.group(0))
    text = text[:at.start()] + line + text[at.end():]
    text = re.sub(rf"MODULE\s+{re.escape(candidate.stem)}\b", f"MODULE {name}", text, count=1)
    out = folder / f"{name}.tla"
    out.write_text(text)
    return out


def _variables(path: Path, lib: tuple[Path, ...]) -> list[str]:
    scope = Loader([path.parent, *lib]).load_root(path)
    return list(scope.variables)


@click.command()
@click.argument("campaign", type=click.Path(dir_okay=False), required=False)
@click.option("--only", multiple=True, help="only this mutant (repeatable)")
@click.option("--rlimit", type=int, default=DEFAULT_RLIMIT, show_default=True,
              help="z3 resource units per query (deterministic, unlike a time limit)")
@click.option("--timeout", type=float, default=None, help="also stop each z3 query after this many wall seconds")
@click.option("--unbounded", is_flag=True, help="every cluster size (see prove inductive --unbounded)")
@click.option("--json", "as_json", is_flag=True, help="print the outcome of every mutant as JSON")
def mutants(campaign: str | None, only: tuple[str, ...], rlimit: int, timeout: float | None, unbounded: bool,
            as_json: bool) -> None:
    """Every spec mutant of the campaign's manifest held to the inductive candidate of the spec it
    mutates: a mutant some campaign run kills by a safety violation must get a CTI, any other must
    leave every obligation proved. Exit 0 when the prover agrees with the manifest on each, 1 on
    any mismatch (as ``tlc campaign``). Without CAMPAIGN: ``campaign`` of [tool.phalanx-verify]
    in the project's pyproject.toml."""
    try:
        path = Path(campaign) if campaign else find_project().optional_path("campaign")
        if path is None:
            raise UsageError("no CAMPAIGN given, and no campaign = \"...\" in [tool.phalanx-verify] "
                             "of a pyproject.toml above the current directory")
        todo = [m for m in registry(path) if not only or m.name in only]
        missing = set(only) - {m.name for m in todo}
        if missing:
            click.echo(f"{path}: no mutant named {', '.join(sorted(missing))}", err=True)
            sys.exit(EXIT_USAGE)
        done = [prove_mutant(m, Limits(rlimit, timeout), unbounded) for m in todo]
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


__all__ = ["MutantProof", "mutants", "prove_mutant", "rebase", "registry"]
