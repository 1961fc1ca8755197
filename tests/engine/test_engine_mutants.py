"""Each engine mutant that spec/RRP.tla can see is rejected by replay at the step where it goes
wrong (restore_oldest is visible only to the refinement: tests/engine/test_engine_resume.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_ref.engine import Engine
from phalanx_ref.engine_mutants import MUTANTS, engine_class
from tests.engine.trace_helpers import MUTANT_STEP, SPEC, assert_first_difference, first_divergent_run


def test_every_mutant_is_listed():
    assert set(MUTANT_STEP) == set(MUTANTS)


@pytest.mark.parametrize("mutant", sorted(m for m, (rrp, _) in MUTANT_STEP.items() if rrp))
def test_mutant_rejected_at_its_step(tmp_path, mutant):
    seed, path, res = first_divergent_run(tmp_path, mutant, SPEC)
    d = res.divergences[0]
    assert d.kind == "step" and d.action.startswith(MUTANT_STEP[mutant][0] + "("), d.line_text()
    assert res.exit_code == 13 and d.diff
    assert_first_difference(tmp_path, seed, path, d, SPEC)


def test_production_engine_carries_no_mutant():
    """Mutants live in engine_mutants.py as subclasses: the engine's source names none of them."""
    source = (Path(__file__).parents[2] / "phalanx_ref" / "engine.py").read_text(encoding="utf-8")
    assert [m for m in MUTANTS if m in source] == []
    assert "self.mutant" not in source


@pytest.mark.parametrize("mutant", sorted(MUTANTS))
def test_each_mutant_overrides_one_step(mutant):
    """One deliberate bug each: a mutant changes exactly one (or, for a guard and its Abort
    witness, two) of the engine's step methods and adds nothing else."""
    cls = MUTANTS[mutant]
    own = {name for name in vars(cls) if callable(vars(cls)[name])}
    assert own and all(hasattr(Engine, name) for name in own), own
    assert len(own) <= 2


def test_an_unknown_mutant_is_refused():
    assert engine_class(None) is Engine
    with pytest.raises(ValueError, match="unknown engine mutant 'nope'"):
        engine_class("nope")
