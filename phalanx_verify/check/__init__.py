"""The explicit-state model checker: a TLC model loaded from the TLA+ AST (``load_model``), the
breadth-first search (one worker or several), liveness under fairness, simulation, coverage,
and the report that prints counterexamples as TLC does. It imports only ``phalanx_verify.tla``.

``__all__`` is the package's API: what other packages may import, from here or from the module
that defines it (tests/test_import_rules.py enforces that nothing else is imported)."""

from .bfs import explore
from .controls import FP_POLYNOMIALS, CheckOptions, bounded_sets, run_check, write_outputs
from .coverage import Coverage, coverage_text
from .coverage_table import coverage_table
from .fingerprints import collision_text
from .model import Model, Part, load_model
from .parallel import SearchOptions, workers_option
from .report import PROPERTY_SEPARATOR, Report, Trace, TraceStep, Verdict
from .run import check_model, peak_rss_mb
from .simulation import DEFAULT_DEPTH, simulation_summary

__all__ = [
    "PROPERTY_SEPARATOR",
    # a model and checking it
    "load_model", "Model", "Part", "check_model", "explore", "run_check", "bounded_sets", "CheckOptions", "SearchOptions",
    "workers_option", "FP_POLYNOMIALS", "DEFAULT_DEPTH", "simulation_summary",
    # what a run reports
    "Report", "Verdict", "Trace", "TraceStep", "write_outputs", "Coverage", "coverage_text", "coverage_table",
    "collision_text", "peak_rss_mb",
]
