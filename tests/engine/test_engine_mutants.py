"""Each engine mutant that spec/RRP.tla can see is rejected by replay at the step where it goes
wrong (restore_oldest is visible only to the refinement: tests/engine/test_engine_resume.py)."""

from __future__ import annotations

import pytest

from phalanx_ref.engine import MUTANTS
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
