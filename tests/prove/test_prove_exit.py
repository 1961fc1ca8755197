"""The exit code of ``prove`` is decided by the verdict and kind enums, never by the text of an
obligation: a CTI of an action property alone exits 13, of anything else 12, z3 unknown 75."""

from __future__ import annotations

import json

import pytest

from phalanx_verify.prove.cli import exit_code
from phalanx_verify.prove.report import Kind, Result, Verdict, to_json


def _r(verdict: Verdict, kind: Kind, name: str = "x") -> Result:
    return Result(name, "i", verdict, 0.0, kind=kind)


@pytest.mark.parametrize(("results", "code"), [
    ([_r(Verdict.PROVED, Kind.CONSECUTION), _r(Verdict.SKIPPED, Kind.LIVENESS)], 0),
    ([_r(Verdict.CTI, Kind.ACTION_PROPERTY)], 13),
    # The old prefix test decided by the name: an action-property CTI named like a step is still 13,
    # and an invariant CTI whose name starts with "Step " is still 12.
    ([_r(Verdict.CTI, Kind.ACTION_PROPERTY, "IndNext A")], 13),
    ([_r(Verdict.CTI, Kind.CONSECUTION, "Step A |= P")], 12),
    ([_r(Verdict.CTI, Kind.ACTION_PROPERTY), _r(Verdict.CTI, Kind.INVARIANT)], 12),
    ([_r(Verdict.VACUOUS, Kind.ACTION_PROPERTY)], 12),
    ([_r(Verdict.COUNTEREXAMPLE, Kind.LEMMA)], 12),
    ([_r(Verdict.NO_COUNTEREXAMPLE, Kind.REFUTATION), _r(Verdict.REFUTED, Kind.REFUTATION)], 12),
    ([_r(Verdict.UNKNOWN, Kind.CONSECUTION)], 75),
    ([_r(Verdict.CTI, Kind.ACTION_PROPERTY), _r(Verdict.UNKNOWN, Kind.CONSECUTION)], 75),
])
def test_exit_code_from_enums(results: list[Result], code: int) -> None:
    assert exit_code(results) == code


def test_json_spells_verdict_and_kind() -> None:
    out = json.loads(to_json([_r(Verdict.NO_COUNTEREXAMPLE, Kind.REFUTATION)]))
    assert out["results"][0]["result"] == "no counterexample" and out["results"][0]["kind"] == "refutation"
    assert out["ok"] is False
