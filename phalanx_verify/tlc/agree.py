"""Engine agreement: the built-in engine and real TLC must give the same verdict and, for runs
that searched the whole state space, the same distinct states, generated states and depth.

Counts of a run stopped at a violation depend on exploration order (TLC's own counts vary with
its worker count), so they are compared only when both runs completed.
"""

from __future__ import annotations

from ..check.report import Report


def _verdict(r: Report) -> str:
    return r.verdict + (f" ({r.violated})" if r.violated else "")


def engine_differences(first: Report, second: Report) -> list[str]:
    """Every disagreement between two reports of the same model, each naming both engines'
    figures (e.g. ``distinct states: builtin 43,070, tlc 43,071``); empty when they agree."""
    a, b = first.engine, second.engine
    diffs = []
    if (first.verdict, first.violated) != (second.verdict, second.violated):
        diffs.append(f"verdict: {a} {_verdict(first)}, {b} {_verdict(second)}")
    if first.complete and second.complete:
        for key, label in (("distinct", "distinct states"), ("generated", "generated states"),
                           ("depth", "depth")):
            x, y = getattr(first, key), getattr(second, key)
            if x != y:
                diffs.append(f"{label}: {a} {x:,}, {b} {y:,}")
    return diffs
