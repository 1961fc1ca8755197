"""Errors the user sees as one line with a position, and the TLC exit code that goes with them.

Scripts written for TLC branch on its exit codes, so every failure class here carries the code
TLC would give (tlc2.output.EC.ExitStatus; see ../shared/reference/tlc/): 150 for parse and
semantic errors, 151 for configuration errors, 75 for errors found while evaluating, 76 for an
INVARIANT that is not a state predicate, 77 for temporal properties that are tautologies, 2 for
usage errors. The verdicts have their own codes:
10 a false ASSUME or POSTCONDITION, 11 deadlock, 12 safety, 13 liveness or action property,
14 a failed Assert while computing successors.
"""

from __future__ import annotations

from .syntax import Pos

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_ASSUMPTION = 10
EXIT_DEADLOCK = 11
EXIT_INVARIANT = 12
EXIT_PROPERTY = 13
EXIT_ASSERT = 14
EXIT_EVAL = 75
EXIT_SAFETY_EVAL = 76
EXIT_LIVENESS_EVAL = 77
EXIT_PARSE = 150
EXIT_CONFIG = 151
EXIT_TLC_ERROR = 255
EXIT_INTERRUPTED = 130
"""Ctrl-C: the shell's code for a command ended by SIGINT (128 + 2); not TLC's."""


class TLAError(Exception):
    """Base class: a message, an optional position, and the exit code TLC would use."""

    exit_code = EXIT_EVAL
    kind = "error"

    def __init__(self, message: str, pos: Pos | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.pos = pos

    def __reduce__(self) -> tuple:
        # Keep the position when an error crosses a process boundary (parallel campaigns).
        return (self.__class__, (self.message, self.pos))

    def line(self) -> str:
        """The one-line rendering shown to users: ``file:line:col: kind: message``."""
        where = f"{self.pos}: " if self.pos else ""
        return f"{where}{self.kind}: {self.message}"

    def __str__(self) -> str:
        return self.line()


class ParseError(TLAError):
    exit_code = EXIT_PARSE
    kind = "parse error"


class NumberTooBig(ParseError):
    """An integer literal beyond TLC's 32 bits: TLC refuses it while it processes the spec,
    used or not ("TLC can't handle a number this big."), an error of TLC's own: exit 255."""

    exit_code = EXIT_TLC_ERROR


class SemanticError(TLAError):
    """Unknown names, wrong arity, unsupported constructs found before evaluation."""

    exit_code = EXIT_PARSE
    kind = "semantic error"


class ConfigError(TLAError):
    exit_code = EXIT_CONFIG
    kind = "config error"


class ConfigSyntaxError(ConfigError):
    """A cfg file TLC's ModelConfig cannot read (its ConfigFileException: a misspelled keyword,
    a missing ``=``, a second name after NEXT): TLC stops with its catch-all exit 255."""

    exit_code = EXIT_TLC_ERROR


class EvalError(TLAError):
    exit_code = EXIT_EVAL
    kind = "evaluation error"

    tlc_text: str | None = None
    """The text of TLC's exception (its getMessage()), where it is known to the character: the
    message above runs TLC's lines together, and TLCExt!AssertError compares the exact text."""

    def exact(self, text: str | None = None) -> EvalError:
        """This error, knowing TLC's exact text (``text``, or the message as it stands)."""
        self.tlc_text = self.message if text is None else text
        return self


class IncompleteSuccessor(EvalError):
    """A successor the next-state action leaves some variable of. TLC's worker counts it as
    generated before it finds that out, and shows it at the end of the trace, the variables
    left free as ``null``: ``partial`` is that state, ``label`` its action (ActionLabel slot)."""

    def __init__(self, message: str, pos: Pos | None = None, partial: tuple = (),
                 label: tuple[int, tuple] = (-1, ())) -> None:
        super().__init__(message, pos)
        self.partial = partial
        self.label = label

    def __reduce__(self) -> tuple:
        return (self.__class__, (self.message, self.pos, self.partial, self.label))

    @classmethod
    def of(cls, missing: tuple[str, ...], action: str | None, nactions: int, partial: tuple,
           label: tuple[int, tuple]) -> IncompleteSuccessor:
        """TLC's message (ModelChecker.doNextSetErr): the action is named only when the
        next-state relation has more than one."""
        by = f"action {action} of the next-state relation" if action and nactions > 1 else "the next-state action"
        which = "variable is" if len(missing) == 1 else "variables are"
        return cls(f"Successor state is not completely specified by {by}. The following {which} not defined: "
                   f"{', '.join(missing)}.", None, partial, label)


class ModuleEvalError(EvalError):
    """An error TLC raises as an EvalException in the Java code of a standard module's operator
    (division by zero, overflow, comparing a non-integer with <, Head of <<>>, Cardinality of
    an infinite set, ...). The same message as any evaluation error, but TLC's worker reports
    it by the operator's own error code when it stops the computation of successors, and that
    code maps to exit 255 (tlc2.output.EC.ExitStatus); in Init or an invariant it is 75."""


class JavaException(EvalError):
    """An error TLC meets as a Java exception of its own code, not as its EvalException or
    TLCRuntimeException (a set past -maxSetSize, a tuple pattern's failed cast): the same exit
    code where it stops the search, but where TLC catches only its own exceptions it passes
    through (Worker.doNextCheckLiveness: liveatoms.liveness_fails)."""


class SetSizeOverflow(EvalError):
    """A set with more elements than TLC's sizes (Java ints) hold: TLC's "Overflow when
    computing the number of elements", raised where it counts them. Never taken for the
    infinite set a lazy set's hash falls back from (values.LazySet.__hash__)."""


class StackOverflow(EvalError):
    """Evaluation nested deeper than the interpreter allows, TLC's StackOverflowError (an
    operator that calls itself through a cfg substitution, a recursive function without a base
    case): an evaluation error (75) in the initial states, TLC's general error (255) after them,
    invariants on successors included (check/errorexit.py)."""

    MESSAGE = ("This was a Java StackOverflowError. It was probably the result of an incorrect recursive function "
               "definition that caused TLC to enter an infinite loop when trying to compute the function or its "
               "application to an element in its putative domain.")


class StartupStackOverflow(StackOverflow):
    """TLC's StackOverflowError met before any state is computed: its SpecProcessor walks the
    subscript of the spec's [][Next]_v through tuples and definitions (SubscriptCollector), and
    a cfg redefinition can make that walk endless (vars <- ReDefVars, ReDefVars == <<vars, z>>).
    TLC's catch-all exit 255, before the initial states."""

    exit_code = EXIT_TLC_ERROR


class LivenessEvalError(EvalError):
    """An evaluation error while the liveness graph is built or checked (the ENABLED of a
    fairness condition, a property's state predicate): TLC's worker stops with a general error,
    exit 255, whatever the error."""

    exit_code = EXIT_TLC_ERROR


class UnsortableSet(EvalError):
    """A set whose members TLC cannot sort (values.UnsortedSet) met where a hash needs it
    sorted: a state's fingerprint, a member of a set."""


class InitialUnsortableSet(UnsortableSet):
    """An UnsortableSet met fingerprinting an initial state (``Init == x = {1, "a"}``): TLC's
    DoInitFunctor meets a bare RuntimeException there, reports "TLC threw an unexpected
    exception" and exits 255; the same set in a successor is 75 (TLC's replay finds it in an
    evaluation)."""

    exit_code = EXIT_TLC_ERROR


class IncompleteFairnessStep(EvalError):
    """WF_v(A) or SF_v(A) whose A leaves free a variable that v reads (``vars == <<a, b>>``,
    ``WF_vars(a' = a + 1)``): TLC evaluates ENABLED <<A>>_v on A's successors and fails reading
    v' (Tool.evalAppl: EC.TLC_STATE_NOT_COMPLETELY_SPECIFIED_LIVE, an unexpected exception)."""

    exit_code = EXIT_TLC_ERROR

    @classmethod
    def of(cls, variable: str) -> IncompleteFairnessStep:
        return cls(f"The action formula A appearing in a WF_v(A) or SF_v(A) operator does not specify the "
                   f"primed value of the variable {variable} occurring in the state formula v.")


class AssertionFailure(EvalError):
    """TLC's Assert(FALSE, msg): an evaluation error (75) in Init or an invariant, but its own
    verdict (14) when it fails while successors are computed (the checker tells which)."""


class StartupCrash(TLAError):
    """An input TLC crashes on while it sets the model up (a Java exception, as for SYMMETRY
    {}): TLC reports "TLC threw an unexpected exception" and exits 255."""

    exit_code = EXIT_TLC_ERROR


class IllegalStateError(EvalError):
    """An initial state that leaves a variable undetermined: TLC stops with "current state is
    not a legal state" and its catch-all exit code 255 (an incomplete successor is 75)."""

    exit_code = EXIT_TLC_ERROR


class CannotHandleError(TLAError):
    """A formula TLC's liveness translation refuses (TLC_LIVE_CANNOT_HANDLE_FORMULA), such as
    ``[]P`` with P a state predicate as a conjunct of the SPECIFICATION, or its tableau does
    (TLC_LIVE_WRONG_FORMULA_FORMAT: an action outside <>[]A and []<>A): exit 255."""

    exit_code = EXIT_TLC_ERROR


class TautologyError(TLAError):
    """Temporal properties whose negation TLC simplifies to FALSE (TLC_LIVE_FORMULA_TAUTOLOGY,
    exit 77): TLC refuses to search for a counterexample that cannot exist."""

    exit_code = EXIT_LIVENESS_EVAL

    def __init__(self, pos: Pos | None = None) -> None:
        super().__init__("Temporal formula is a tautology (its negation is unsatisfiable).", pos)


class LevelError(TLAError):
    """An INVARIANT that is not a state predicate (TLC: TLC_INVARIANT_VIOLATED_LEVEL, 76)."""

    exit_code = EXIT_SAFETY_EVAL
    kind = "semantic error"


class UsageError(TLAError):
    exit_code = EXIT_USAGE
    kind = "usage error"
