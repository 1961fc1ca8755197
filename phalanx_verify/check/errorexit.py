"""TLC's exit code for an error met during the search, by where the search was.

TLC decides it in its worker (tlc2.tool.Worker, ModelChecker.doNextFailed/doNextEvalFailed)
and maps its error code to an exit status (tlc2.output.EC.ExitStatus), so the same evaluation
error exits differently by where it happens (recorded from TLC runs in
tests/checker/test_error_exit_codes.py):

- in the initial states (Init, invariants on them): the error's own code (75 mostly);
- while the successors of a state are computed (the next-state relation, CONSTRAINT,
  ACTION_CONSTRAINT, action properties): a failed Assert is 14, an error raised in the Java
  code of a standard module's operator (ModuleEvalError) 255, any other 75;
- in an invariant checked on a successor: 76 (TLC_INVARIANT_EVALUATION_FAILED), unless the
  successor is outside the model (a CONSTRAINT or ACTION_CONSTRAINT fails on it): then as in
  the successors (TLC prints "unable to fingerprint" there: the state was never fingerprinted);
  and unless TLC's re-run of that state's successors meets another error (replay.py);
- a stack overflow (StackOverflow) after the initial states: 255 wherever it happens;
- while the liveness graph is built or checked (ENABLED of a fairness condition, a property's
  predicate): 255, whatever the error; those sites raise a LivenessEvalError, which says so.
"""

from __future__ import annotations

from enum import Enum

from ..tla.errors import (
    EXIT_ASSERT,
    EXIT_SAFETY_EVAL,
    EXIT_TLC_ERROR,
    AssertionFailure,
    EvalError,
    ModuleEvalError,
    StackOverflow,
    TLAError,
)


class Where(Enum):
    SUCCESSORS = "successors"
    INVARIANT = "invariant on a successor"
    OUTSIDE = "invariant on a successor outside the model"


def error_exit(err: TLAError, where: Where) -> int:
    """The exit code TLC gives ``err`` raised at ``where`` after the initial states."""
    if not isinstance(err, EvalError):  # a configuration or level problem found late
        return err.exit_code
    if isinstance(err, StackOverflow):
        return EXIT_TLC_ERROR
    if where is Where.INVARIANT:
        return EXIT_SAFETY_EVAL
    if isinstance(err, AssertionFailure):
        return EXIT_ASSERT
    if isinstance(err, ModuleEvalError):
        return EXIT_TLC_ERROR
    return err.exit_code
