"""Fast-path equivalence on the CI campaign: for every model and mutant that ``spec/campaign.toml``
tags ci, the safety search on two workers gives the 1-worker report: verdict, violated property,
counts (where a violation stopped the search too), queue and counterexample. Temporal properties
are left out (--no-liveness): test_parallel_liveness.py compares the liveness graph's verdicts and
lassos; the last test checks that every model with them runs on the parallel search."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.campaign import Run, load_campaign
from phalanx_verify.check.model import load_model
from phalanx_verify.check.parallel import SearchOptions, parallel_supported
from phalanx_verify.check.report import Report
from phalanx_verify.check.run import _LivenessRunner, check_model

ROOT = Path(__file__).parents[2]
# Every CI campaign model twice (1 and 2 workers) is about 15 minutes on 2 cores: run it with
# -m parallel_campaign; the default run keeps the probe and violation-position equivalences.
pytestmark = pytest.mark.parallel_campaign

RUNS = [r for r in load_campaign(ROOT / "spec" / "campaign.toml").runs if "ci" in r.tags]


def report_of(run: Run, workers: int) -> Report:
    return check_model(load_model(run.spec, run.config, run.lib), check_liveness_props=False,
                       search=SearchOptions(workers))


def seven_leaves(run: Run) -> bool:
    return run.config.name == "RRP.cfg"


@pytest.mark.parametrize("run", [pytest.param(r, marks=pytest.mark.slow) if seven_leaves(r) else r for r in RUNS],
                         ids=[r.name for r in RUNS])
def test_two_workers_equal_one_on_the_ci_campaign(run: Run) -> None:
    one, two = report_of(run, 1), report_of(run, 2)
    assert two.extra["workers"] == 2 and "sequential" not in two.extra
    assert (two.verdict, two.violated, two.message) == (one.verdict, one.violated, one.message)
    assert (two.generated, two.distinct, two.depth, two.queue) == (one.generated, one.distinct, one.depth, one.queue)
    assert (two.trace.to_json() if two.trace else None) == (one.trace.to_json() if one.trace else None)


def test_the_campaign_has_violations_to_compare() -> None:
    verdicts = {report_of(r, 2).verdict for r in RUNS if r.mutant and r.expect.verdict in ("invariant", "deadlock")
                and not seven_leaves(r)}
    assert {"invariant", "deadlock"} <= verdicts


def test_liveness_models_run_in_parallel() -> None:
    live = [r for r in RUNS if r.expect.verdict == "temporal_property"]
    assert live
    for run in live:
        model = load_model(run.spec, run.config, run.lib)
        runner = _LivenessRunner(model, Report("live"))
        assert parallel_supported(model, runner.inputs) is None
