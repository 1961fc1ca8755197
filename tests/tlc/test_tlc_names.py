"""How TLC names violated properties, and the built-in engine and the TLC backend with it.

TLC names a violated PROPERTY that is another module's definition by that definition: on the
DrainMovesWorkers lifecycle mutant (``NoSteal == R!NoSteal``) real TLC printed ``Action property
R!NoSteal is violated.`` (recorded in tests/reference/tlc/drainmovesworkers_L3). Both the backend
and the built-in engine give that name, so ``--engine both`` agrees, and positions.property_of
maps it back to the cfg's NoSteal (what a campaign's kill is by).
And TLC names every temporal property false on the one lasso it found, which the built-in now
does too (check/lasso.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from phalanx_verify.check.model import Model
from phalanx_verify.check.run import check_model
from phalanx_verify.tla.config import parse_config_file
from phalanx_verify.tlc.agree import engine_differences
from phalanx_verify.tlc.output import parse_tool_output
from phalanx_verify.tlc.positions import property_named, property_of
from tests.tlc.tlc_helpers import REF, needs_ref

FOLDER = REF / "drainmovesworkers_L3"
SPEC = FOLDER / "DrainMovesWorkers.tla"
CFG = FOLDER / "model.cfg"
VARS = ["live", "epoch", "phase", "alloc", "sealed", "plan", "failCount", "suspect", "target", "cause", "events"]


def tlc_report():
    return parse_tool_output((FOLDER / "tool.out").read_text(), "DrainMovesWorkers", VARS, str(SPEC), str(CFG))


@needs_ref
def test_tlc_name_of_an_instance_definition_is_both_engines_and_maps_to_the_cfg_property() -> None:
    assert "Action property R!NoSteal is violated." in (FOLDER / "tool.out").read_text()
    r = tlc_report()
    assert (r.verdict, r.violated, r.exit_code, len(r.trace.steps)) == ("action_property", "R!NoSteal", 13, 3)
    builtin = check_model(Model(SPEC, parse_config_file(CFG)), "DrainMovesWorkers")
    assert (builtin.verdict, builtin.violated) == ("action_property", "R!NoSteal")
    assert builtin.summary() == "Action property R!NoSteal is violated."
    assert engine_differences(builtin, r) == []  # same verdict and name (a stopped search: no counts)
    assert property_of(SPEC, parse_config_file(CFG).properties, "R!NoSteal") == "NoSteal"


@needs_ref
def test_a_definition_no_property_reaches_stays_unmapped() -> None:
    props = parse_config_file(CFG).properties
    assert property_named(SPEC, props, "R!NoSteal") == "NoSteal"
    assert property_named(SPEC, props, "NoSteal") == "NoSteal"
    assert property_named(SPEC, ["EpochMonotone", "SuspectAvoided"], "R!NoSteal") is None
    assert property_named(SPEC, props, "R!NoSuchDefinition") is None


# One lasso, every property false on it (TLC's post-hoc attribution, check/lasso.py): the
# liveness mutants under RRPLifecycle_live_gang.cfg with all four leads-to properties. TLC's
# messages, from TLC runs (-workers 1); PreemptUnfair's whole output is recorded in
# tests/reference/tlc/preemptunfair_live.
FOUR = "ReformLive DrainLive GangPlaced PreemptedRuns"
TLC_SAYS = {
    "PreemptUnfair": "Temporal properties ReformLive and GangPlaced were violated.",
    "ResumeUnfair": "Temporal property PreemptedRuns was violated.",
    "DrainEvacuates": "Temporal properties ReformLive, DrainLive, and GangPlaced were violated.",
}
ROOT = Path(__file__).resolve().parents[2]


@needs_ref
def test_tlc_names_every_property_its_lasso_violates_and_the_backend_reads_them() -> None:
    folder = REF / "preemptunfair_live"
    assert TLC_SAYS["PreemptUnfair"] in (folder / "tool.out").read_text()
    r = parse_tool_output((folder / "tool.out").read_text(), "PreemptUnfair", VARS,
                          str(folder / "PreemptUnfair.tla"), str(folder / "model.cfg"))
    assert (r.verdict, r.violated, r.exit_code) == ("temporal_property", "ReformLive, GangPlaced", 13)
    assert r.summary() == TLC_SAYS["PreemptUnfair"]


@pytest.mark.parametrize("mutant", sorted(TLC_SAYS))
def test_the_builtin_names_the_same_properties_as_tlc(mutant: str, tmp_path: Path) -> None:
    for src in (ROOT / "spec" / "mutants" / f"{mutant}.tla", ROOT / "spec" / "RRP.tla"):
        (tmp_path / src.name).write_text(src.read_text())
    cfg = (ROOT / "spec" / "RRPLifecycle_live_gang.cfg").read_text()
    (tmp_path / "model.cfg").write_text(re.sub(r"(?m)^PROPERTIES .*$", f"PROPERTIES {FOUR}", cfg))
    r = check_model(Model(tmp_path / f"{mutant}.tla", parse_config_file(tmp_path / "model.cfg")), mutant)
    assert r.summary() == TLC_SAYS[mutant]
    assert r.trace.loop in ("stuttering", "back_to")
