"""Report sections beyond the paper's tables: each names the work it needs (run in a worker process
beside the §8.3 seeds, or in the report's own process) and how its result becomes tables and plots.

``report.make_report`` runs every section of ``report.SECTIONS`` whose ``enabled`` accepts the
configuration; a module adds its section there. ``run`` must be a module-level function (it is
sent to a worker process) and takes the :class:`~phalanx_ref.sim.report.ReportConfig`; ``build``
gets the configuration, ``run``'s result and the output directory, writes its plots there and
returns its tables and the plot files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from phalanx_ref.sim.report import ReportConfig
    from phalanx_ref.sim.tables import Table


@dataclass(frozen=True)
class Section:
    """One part of the report (see the module docstring)."""

    name: str
    run: Callable[[ReportConfig], Any]
    build: Callable[[ReportConfig, Any, Path], tuple[list[Table], list[Path]]]
    enabled: Callable[[ReportConfig], bool]
    worker: bool = True
    """Run in a worker process (testbed experiments); False: in the report's process, beside the
    Monte Carlo tables."""
