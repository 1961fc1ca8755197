"""Each proof run builds its z3 terms in its own z3 context (prove/z3env.py), so a run in a
process that has already used z3 answers as it would alone: the same rows, z3 units included."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
import z3

from phalanx_verify.check.model import load_model
from phalanx_verify.prove import inductive
from phalanx_verify.prove.crosscheck import TranslationCheck, agreement
from phalanx_verify.prove.report import Result

SPEC = Path(__file__).resolve().parents[2] / "spec"


def _mutant() -> list[Result]:
    """RRPInd's CommitNoEpoch mutant for every cluster size: witnesses of the premises, and a CTI
    found at the cfg's cluster and pinned into the unbounded query."""
    return inductive.prove_inductive(SPEC / "mutants" / "CommitNoEpoch.tla", SPEC / "RRPInd.cfg",
                                     ind_module=SPEC / "RRPInd.tla", unbounded=True)


def _rows(results: list[Result]) -> list[dict[str, Any]]:
    """The results without their CPU seconds (z3 units, the measure that repeats, stay)."""
    return [{k: v for k, v in asdict(r).items() if k != "seconds"} for r in results]


def _unrelated_z3_work() -> None:
    """Terms and a quantified query in z3's main context, as other code of the process makes."""
    xs = z3.Ints(" ".join(f"u{i}" for i in range(40)))
    f = z3.Function("uf", z3.IntSort(), z3.IntSort())
    y = z3.Int("y")
    s = z3.Solver()
    s.add(z3.ForAll([y], f(y) > y), *[f(x) < xs[(i + 1) % len(xs)] for i, x in enumerate(xs)])
    s.set("rlimit", 2_000_000)
    s.check()


def test_the_same_proof_twice_in_one_process_gives_the_same_rows() -> None:
    first = _rows(_mutant())
    _unrelated_z3_work()
    second = _rows(_mutant())
    assert first == second
    assert any(r["result"] == "cti" and r["witness"] for r in first)


def test_a_run_builds_nothing_in_z3s_main_context(monkeypatch: pytest.MonkeyPatch) -> None:
    """z3's Python API falls back on its main context wherever no context is given (a sort, a
    literal, an empty And, a solver); made to fail there, a bounded and an unbounded proof and
    the translation check still run, so none of their terms took that fallback."""
    def no_main_context() -> z3.Context:
        raise AssertionError("a z3 object built in z3's main context")

    monkeypatch.setattr(z3.z3, "main_ctx", no_main_context)
    with pytest.raises(AssertionError):
        z3.BoolVal(True)  # the fallback is the one this test closes
    bounded = inductive.prove_inductive(SPEC / "RRPInd.tla")
    assert bounded and all(r.ok for r in bounded)
    assert [r.obligation for r in _mutant() if not r.ok] == ["IndNext Commit(j)"]
    model = load_model(SPEC / "RRPInd.tla", SPEC / "RRPInd_L6.cfg")
    states = list(dict.fromkeys(model.init()))
    assert agreement(model, states, check=TranslationCheck(model)).ok

