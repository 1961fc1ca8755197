"""One model-checking run on the built-in engine: safety by BFS, then liveness on the graph."""

from __future__ import annotations

import resource
import time
from pathlib import Path

from ..tla.errors import TLAError
from .bfs import ProgressFn, explore
from .liveness import check_liveness, fairness_info
from .model import Model, load_model
from .report import Report


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def check_model(model: Model, name: str | None = None, progress: ProgressFn | None = None,
                check_liveness_props: bool = True) -> Report:
    report = Report(model=name or f"{model.spec_path.name}:{Path(model.cfg.path).name}")
    start = time.monotonic()
    needs_graph = check_liveness_props and any(p.liveness for p in model.properties)
    space = explore(model, report, keep_graph=needs_graph, progress=progress)
    if space is not None and needs_graph:
        try:
            fairs = [fairness_info(model, space, f) for f in model.fairness]
            for prop in model.properties:
                for obligation in prop.liveness:
                    trace = check_liveness(model, space, fairs, obligation)
                    if trace is not None:
                        report.verdict = "temporal_property"
                        report.violated = prop.name
                        report.trace = trace
                        report.extra["obligation"] = obligation.name
                        break
                if report.verdict != "ok":
                    break
        except TLAError as err:
            report.verdict, report.message = "error", err.line()
    report.seconds = time.monotonic() - start
    report.peak_rss_mb = peak_rss_mb()
    return report


def check_files(spec: str | Path, config: str | Path | None = None, progress: ProgressFn | None = None,
                liveness: bool = True) -> Report:
    """Load and check; load errors propagate as TLAError (parse 150, config 151)."""
    return check_model(load_model(spec, config), progress=progress, check_liveness_props=liveness)
