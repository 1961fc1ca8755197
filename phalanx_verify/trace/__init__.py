"""Implementation traces (NDJSON, values in ITF) replayed against a spec: each step checked
against Next with the logged action and witnesses as hints, each state against the invariants.

``__all__`` is the package's API: what other packages may import, from here or from the module
that defines it (tests/test_import_rules.py enforces that nothing else is imported)."""

from .cli import print_result, summary_line, trace
from .format import TraceReader
from .replay import ModelCache, Replayer, ReplayResult

__all__ = ["Replayer", "ReplayResult", "ModelCache", "TraceReader", "trace", "print_result", "summary_line"]
