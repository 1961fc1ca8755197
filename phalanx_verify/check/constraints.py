"""The state constraints (CONSTRAINT) of a successor, skipping those its parent settles.

TLC evaluates every CONSTRAINT on every successor of every explored state, seen before or
not, so a constraint costs as much as the whole next-state relation on a model whose
constraint walks a log (CheckpointCoordination's ``OpenIndices /= {}``). A constraint is a
function of the variables it reads (tla/reads.py), and the state being explored satisfied
every constraint, or it would not have been explored; so a successor that shares those
variables with it (the same objects: a step hands on what it leaves unchanged) satisfies the
constraint too, and evaluating it again could neither fail nor raise. A constraint whose reads
cannot be bounded (TLCGet, RandomElement, ENABLED) is evaluated every time, and so are the
counters of _POSSIBLE, which count each evaluation and come after the constraints.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..tla.compile import Ctx
from ..tla.reads import ReadsAnalysis
from .model import Model


def successor_constraints(model: Model) -> Callable[[tuple, tuple], bool]:
    """``holds(t, s)``: do the constraints (and _POSSIBLE's counters) hold on t, a successor of
    the explored state s? As ``all(c(t) for c in model.constraints)``, in that order, stopping
    at the first that fails."""
    analysis = ReadsAnalysis(model.compiler)
    nvars = len(model.variables)
    ns: dict[str, Any] = {}
    lines = ["def holds(t, s):"]
    if nvars:
        lines += ["    " + "".join(f"t{i}, " for i in range(nvars)) + "= t",
                  "    " + "".join(f"s{i}, " for i in range(nvars)) + "= s"]
    for k, c in enumerate(model.constraints):
        ns[f"_c{k}"] = c
        expr = model.constraint_exprs[k] if k < len(model.constraint_exprs) else None
        reads = None if expr is None else analysis.of(expr, Ctx(model.scope))
        test = f"    if not _c{k}(t): return False"
        if reads is None:
            lines.append(test)
        elif reads:  # (a constant constraint held on s, so it holds)
            lines += ["    if not (" + " and ".join(f"t{i} is s{i}" for i in sorted(reads)) + "):",
                      "    " + test]
    lines.append("    return True")
    exec(compile("\n".join(lines) + "\n", "<constraints>", "exec"), ns)
    holds: Callable[[tuple, tuple], bool] = ns["holds"]
    return holds
