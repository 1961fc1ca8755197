"""TLC names a violated PROPERTY that is another module's definition by that definition: on the
DrainMovesWorkers lifecycle mutant (``NoSteal == R!NoSteal``) real TLC printed ``Action property
R!NoSteal is violated.`` (recorded in tests/reference/tlc/drainmovesworkers_L3). The backend maps
it back to the cfg's NoSteal, the name the built-in engine gives, so ``--engine both`` agrees."""

from __future__ import annotations

from pathlib import Path

from tlc_helpers import REF, needs_ref

from phalanx_verify.check.model import Model
from phalanx_verify.check.run import check_model
from phalanx_verify.tla.config import parse_config_file
from phalanx_verify.tlc.agree import engine_differences
from phalanx_verify.tlc.output import parse_tool_output
from phalanx_verify.tlc.positions import property_named

FOLDER = REF / "drainmovesworkers_L3"
SPEC = FOLDER / "DrainMovesWorkers.tla"
CFG = FOLDER / "model.cfg"
VARS = ["live", "epoch", "phase", "alloc", "sealed", "plan", "failCount", "suspect", "target", "cause", "events"]


def tlc_report(spec: Path | None, cfg: Path | None):
    return parse_tool_output((FOLDER / "tool.out").read_text(), "DrainMovesWorkers", VARS,
                             str(spec) if spec else None, str(cfg) if cfg else None)


@needs_ref
def test_tlc_name_of_an_instance_definition_maps_to_the_cfg_property() -> None:
    assert "Action property R!NoSteal is violated." in (FOLDER / "tool.out").read_text()
    raw = tlc_report(None, None)  # without the model, the backend keeps TLC's name
    assert (raw.verdict, raw.violated) == ("action_property", "R!NoSteal")
    r = tlc_report(SPEC, CFG)
    assert (r.verdict, r.violated, r.exit_code, len(r.trace.steps)) == ("action_property", "NoSteal", 13, 3)
    builtin = check_model(Model(SPEC, parse_config_file(CFG)), "DrainMovesWorkers")
    assert (builtin.verdict, builtin.violated) == ("action_property", "NoSteal")
    assert engine_differences(builtin, r) == []  # same verdict and property (a stopped search: no counts)


@needs_ref
def test_a_definition_no_property_reaches_stays_unmapped() -> None:
    props = parse_config_file(CFG).properties
    assert property_named(SPEC, props, "R!NoSteal") == "NoSteal"
    assert property_named(SPEC, props, "NoSteal") == "NoSteal"
    assert property_named(SPEC, ["EpochMonotone", "SuspectAvoided"], "R!NoSteal") is None
    assert property_named(SPEC, props, "R!NoSuchDefinition") is None
