"""The TLC conformance corpus: 338 small probes, each with real TLC's recorded outcome.

``corpus/`` is a copy of the corpus written for this project (its README says how the outcomes
were recorded: TLC2 2026.12.01, rev cc6b616), kept here so that CI holds the checker to it
without ../shared. Agreement is judged as the corpus's compare.py judges it: the exit code
(TLC's catch-all 255 may be our 150 or 151 with a positioned message), the counts on exit 0,
and the kind and name of a violation (only the kind where TLC named none).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

CORPUS = Path(__file__).parent / "corpus"
EXPECTED = {e["probe"]: e for e in json.loads((CORPUS / "expected.json").read_text())}

# Probes that still differ, with the reason. Strict: a probe that starts to agree fails here
# until it is taken off this list.
OPEN: dict[str, str] = {}

# How a violation is named in expected.json, and how our --json report names it.
_KINDS = ("action property", "invariant", "property")


def run_probe(probe: str, tmp_path: Path) -> tuple[int, dict, str]:
    area, name = probe.split("/")
    folder = CORPUS / area
    out = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["check", str(folder / f"{name}.tla"), "-c", str(folder / f"{name}.cfg"),
                                       "-q", "--json", str(out)])
    assert "Traceback" not in result.output
    report = json.loads(out.read_text()) if out.exists() else {}
    return result.exit_code, report, result.output


def split_verdict(verdict: str) -> tuple[str, str | None]:
    """'action property Foo' -> ('action property', 'Foo'); 'property' -> ('property', None)."""
    for kind in _KINDS:
        if verdict == kind:
            return kind, None
        if verdict.startswith(kind + " "):
            return kind, verdict[len(kind) + 1:]
    return verdict, None


def disagreement(e: dict, code: int, report: dict) -> str | None:
    if e["tlc_exit"] == 255 and code in (150, 151):
        return None
    if code != e["tlc_exit"]:
        return f"exit {code}, TLC {e['tlc_exit']}"
    if code == 0:
        got = (report["generated"], report["distinct"], report["depth"])
        want = (e["generated"], e["distinct"], e["depth"])
        return None if got == want else f"counts {got}, TLC {want}"
    if code in (12, 13):
        kind, name = split_verdict(e["verdict"])
        if name is not None and report.get("violated") != name:
            return f"violated {report.get('violated')}, TLC {name}"
        if (kind == "invariant") != (report.get("verdict") == "invariant"):
            return f"verdict {report.get('verdict')}, TLC {e['verdict']}"
    return None


def test_corpus_is_complete():
    """Every probe listed has its module and model here, and every module is listed."""
    listed = {(CORPUS / e["tla"]) for e in EXPECTED.values()} | {(CORPUS / e["cfg"]) for e in EXPECTED.values()}
    assert all(p.exists() for p in listed)
    assert set(CORPUS.glob("*/*.tla")) | set(CORPUS.glob("*/*.cfg")) == listed
    assert len(EXPECTED) == 338


def test_split_verdict():
    assert split_verdict("action property") == ("action property", None)
    assert split_verdict("action property Safe") == ("action property", "Safe")
    assert split_verdict("invariant TypeOK") == ("invariant", "TypeOK")
    assert split_verdict("property") == ("property", None)


def test_disagreement_is_detected():
    """The judge itself fails on a different exit code, different counts and a wrong name."""
    e = {"tlc_exit": 0, "generated": 2, "distinct": 1, "depth": 1, "verdict": "ok"}
    assert disagreement(e, 12, {}) is not None
    assert disagreement(e, 0, {"generated": 3, "distinct": 1, "depth": 1}) is not None
    inv = {"tlc_exit": 12, "verdict": "invariant Inv"}
    assert disagreement(inv, 12, {"verdict": "invariant", "violated": "Other"}) is not None
    assert disagreement(inv, 12, {"verdict": "invariant", "violated": "Inv"}) is None


@pytest.mark.parametrize("probe", sorted(EXPECTED))
def test_probe_agrees_with_tlc(probe, tmp_path):
    code, report, output = run_probe(probe, tmp_path)
    why = disagreement(EXPECTED[probe], code, report)
    if probe in OPEN:
        assert why is not None, f"{probe} now agrees with TLC: take it off OPEN"
        pytest.xfail(OPEN[probe])
    assert why is None, f"{probe}: {why}\n{output}"
