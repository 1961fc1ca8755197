"""TLC's second look at a state whose successor's invariant failed to evaluate, which decides
the exit code.

When an invariant fails to *evaluate* on a new successor ``t`` of ``s`` (an evaluation error,
not FALSE), TLC's worker records the error (TLC_INVARIANT_EVALUATION_FAILED, exit 76) and stops;
``ModelChecker.modelCheck`` then runs ``doNext`` on ``s`` once more with a CallStackTool, to
print the stack of the expressions being evaluated. That re-run regenerates the successors of
``s`` as the search does: ``t`` is in the seen set now, so its invariants are not evaluated
again, but its action properties are; each later successor that is new is added to the seen
set (and the queue) and checked. So the exit code is decided by what comes after ``t``:

- a later new successor whose invariant fails to evaluate, or any error in the re-run (a
  later successor's constraint or action property, or the next-state relation itself): that
  error's own exit code, as for an error while successors are computed (75 mostly, 255 for an
  error of a standard module's Java code, 14 for a failed Assert);
- otherwise (the re-run ends, or stops at a violation, which it does not report): 76.

The states the re-run adds are counted as distinct (and queued once their checks pass), not as
generated. Recorded from TLC runs in tests/checker/test_error_exit_codes.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..tla.errors import EXIT_SAFETY_EVAL, TLAError
from .errorexit import Where, error_exit
from .invariants import StateChecks
from .model import Model

Successors = Iterator[tuple[Any, Any, tuple]]


def replay_exit(model: Model, checks: StateChecks, s: tuple, failed: tuple, rest: Successors,
                seen: Callable[[tuple], bool], add: Callable[[tuple, bool], None]) -> int:
    """TLC's exit code after ``failed``, a new successor of ``s``, failed to evaluate an
    invariant. ``rest``: the successors of ``s`` generated after ``failed``, in the search's
    order; ``seen(t)``: was t in the seen set when the error happened (or added since by
    ``add``); ``add(t, queued)``: store a new state the re-run finds, and queue it if TLC
    does (only once its checks passed)."""
    action_props = [f for _, f in model.action_checks]
    try:
        if not all(f(s, failed) for f in action_props):
            return EXIT_SAFETY_EVAL
        for _lab, _args, t in rest:
            in_model = all(c(t) for c in model.constraints) and all(c(s, t) for c in model.action_constraints)
            new = in_model and not seen(t)
            queued = False  # TLC enqueues a new state after its checks passed
            try:
                if (new or not in_model) and checks(t, s) is not None:
                    return EXIT_SAFETY_EVAL
                if not all(f(s, t) for f in action_props):
                    return EXIT_SAFETY_EVAL
                queued = True
            finally:
                if new:
                    add(t, queued)
    except TLAError as err:
        return error_exit(err, Where.SUCCESSORS)
    return EXIT_SAFETY_EVAL
