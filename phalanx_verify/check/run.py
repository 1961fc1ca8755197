"""One model-checking run on the built-in engine: safety by BFS; liveness on the explored graph,
between BFS levels whenever the graph has doubled (so violations stop the search early, as in
TLC) and once more on the complete graph."""

from __future__ import annotations

import resource
import time
from collections.abc import Sequence
from pathlib import Path

from ..tla.errors import TLAError
from ..tla.runtime import clear_memos
from .bfs import ProgressFn, StateSpace, explore
from .fairness import FairnessTracker
from .liveness import check_liveness
from .model import Fairness, Liveness, Model, load_model
from .report import Report

PERIODIC_FIRST = 5000  # explored states before the first periodic liveness check


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


class _LivenessRunner:
    """Holds the obligations and runs them on (a prefix of) the state graph."""

    def __init__(self, model: Model, report: Report) -> None:
        self.model, self.report = model, report
        fairs: list[Fairness] = list(model.fairness)
        self.obligations: list[tuple[str, Liveness, dict]] = []
        for prop in model.properties:
            for ob in prop.liveness:
                extra: dict = {}
                if ob.fairness is not None:
                    extra["bit"] = len(fairs)
                    fairs.append(ob.fairness)
                self.obligations.append((prop.name, ob, extra))
        self.tracker = FairnessTracker(model, fairs)
        # Only the spec's own conditions constrain which cycles are behaviours.
        self.kinds = [f.kind for f in model.fairness]
        self.checked_at = 0

    def run(self, space: StateSpace) -> bool:
        """Check every obligation; record the first violation. True when none is violated."""
        self.checked_at = space.explored
        for prop_name, ob, extra in self.obligations:
            trace = check_liveness(self.model, space, ob, self.kinds, extra)
            if trace is not None:
                self.report.verdict = "temporal_property"
                self.report.violated = prop_name
                self.report.trace = trace
                self.report.extra["obligation"] = ob.name
                return False
        return True

    def periodic(self, space: StateSpace) -> bool:
        if space.explored >= max(PERIODIC_FIRST, 2 * self.checked_at):
            return self.run(space)
        return True


def check_model(model: Model, name: str | None = None, progress: ProgressFn | None = None,
                check_liveness_props: bool = True) -> Report:
    report = Report(model=name or f"{model.spec_path.name}:{Path(model.cfg.path).name}")
    start = time.monotonic()
    live = None
    if check_liveness_props and any(p.liveness for p in model.properties):
        live = _LivenessRunner(model, report)
    try:
        space = explore(model, report, fairness=live.tracker if live else None, progress=progress,
                        on_level=live.periodic if live else None)
        if space is not None and live is not None:
            live.run(space)
    except TLAError as err:
        report.verdict, report.message = "error", err.line()
    finally:
        clear_memos()  # a campaign runs many models in one process: keep none of this one's values
    report.seconds = time.monotonic() - start
    report.peak_rss_mb = peak_rss_mb()
    return report


def check_files(spec: str | Path, config: str | Path | None = None, progress: ProgressFn | None = None,
                liveness: bool = True, lib: Sequence[Path] = ()) -> Report:
    """Load and check; load errors propagate as TLAError (parse 150, config 151). ``lib``: module
    directories searched after the spec's own."""
    return check_model(load_model(spec, config, lib), progress=progress, check_liveness_props=liveness)
