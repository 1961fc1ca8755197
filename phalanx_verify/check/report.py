"""Results of a model-checking run, shared by the built-in engine and the real-TLC backend, so
that both print and serialise verdicts, counts and counterexamples identically."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from ..tla import ppr
from ..tla.errors import EXIT_ASSUMPTION, EXIT_DEADLOCK, EXIT_EVAL, EXIT_INVARIANT, EXIT_OK, EXIT_PROPERTY
from ..tla.values import Fcn, format_value, to_itf


class Verdict(StrEnum):
    """How a run ended, the same for both engines. A str enum: reports in JSON, the campaign
    files and the tables spell a verdict as its value, and its exit code is TLC's."""

    OK = "ok"
    DEADLOCK = "deadlock"
    INVARIANT = "invariant"                  # an INVARIANT, or []P with P a state predicate
    ACTION_PROPERTY = "action_property"
    TEMPORAL_PROPERTY = "temporal_property"
    ASSUMPTION = "assumption"
    POSTCONDITION = "postcondition"
    ERROR = "error"

    @property
    def exit_code(self) -> int:
        """TLC's exit code (an error's own code may differ: see Report.error_exit)."""
        return VERDICT_EXIT[self]


VERDICT_EXIT = {
    Verdict.OK: EXIT_OK,
    Verdict.DEADLOCK: EXIT_DEADLOCK,
    Verdict.INVARIANT: EXIT_INVARIANT,
    Verdict.ACTION_PROPERTY: EXIT_PROPERTY,
    Verdict.TEMPORAL_PROPERTY: EXIT_PROPERTY,
    Verdict.ASSUMPTION: EXIT_ASSUMPTION,
    Verdict.POSTCONDITION: EXIT_ASSUMPTION,
    Verdict.ERROR: EXIT_EVAL,
}


@dataclass
class TraceStep:
    state: tuple
    action: str | None  # None for the initial state


@dataclass
class Trace:
    variables: list[str]
    steps: list[TraceStep]
    loop: str | None = None        # None (finite), "stuttering", or "back_to"
    back_to: int | None = None     # 1-based index of the state the lasso returns to
    back_action: str | None = None  # the action of the step back (TLC: "Back to state 2: <A ...>")
    # With an ALIAS: per state, the (field, printed value) pairs shown instead of the variables.
    aliased: list[list[tuple[str, str]]] | None = None
    safety: bool = False  # the finite counterexample of a temporal property's safety part
    # The order the variables print in: TLC's order of its states' variables (tla/varorder.py),
    # as indices into ``variables``; None: as declared (where TLC's is not known)
    order: list[int] | None = None

    def shown(self, i: int) -> list[tuple[str, str]]:
        """The (name, printed value) pairs the ``i``-th state (0-based) prints as."""
        if self.aliased is not None:
            return self.aliased[i]
        state = self.steps[i].state
        return [(self.variables[j], format_value(state[j], normalized=True))
                for j in (range(len(self.variables)) if self.order is None else self.order)]

    def to_json(self) -> dict[str, Any]:
        """ITF: {"vars": [...], "states": [{"#meta": {...}, var: value}], "loop": index}."""
        states = []
        for i, st in enumerate(self.steps):
            entry: dict[str, Any] = {"#meta": {"index": i, "action": st.action or "Init"}}
            entry.update({v: to_itf(x) for v, x in zip(self.variables, st.state, strict=True)})
            states.append(entry)
        out: dict[str, Any] = {"vars": self.variables, "states": states}
        if self.loop == "back_to" and self.back_to is not None:
            out["loop"] = self.back_to - 1
        elif self.loop == "stuttering":
            out["loop"] = len(self.steps) - 1
            out["#meta"] = {"stuttering": True}
        return out

    def render(self, bare: bool = False) -> str:
        """TLC-like text, with the variables that changed in a step marked by '*'. ``bare``: a
        state violating an invariant or property initially, printed as TLC prints it after
        "... is violated by the initial state:", without its "State 1: <Initial predicate>"."""
        lines = []
        prev: dict[str, str] | None = None
        for i, st in enumerate(self.steps, 1):
            head = "<Initial predicate>" if st.action is None else f"<{st.action}>"
            if not bare:
                lines.append(f"State {i}: {head}")
            shown = self.shown(i - 1)
            for name, text in shown:
                mark = "*" if prev is not None and prev.get(name) != text else " "
                # a value longer than TLC's line width broken over lines as TLC's Values.ppr does
                lines.append(text if name is None else f"{mark}/\\ {name} = {ppr(text)}")  # (None: a VIEW's text)
            lines.append("")
            prev = dict(shown)
        note = self.loop_line()
        if note is not None:
            lines.append(note)
        return "\n".join(lines)

    def loop_line(self) -> str | None:
        """TLC's line for how the lasso goes on after its last state: stuttering forever, or the
        step back into the loop (StatePrinter.printBackToState); None for a finite trace."""
        if self.loop == "stuttering":
            return f"State {len(self.steps) + 1}: Stuttering"
        if self.loop != "back_to":
            return None
        if self.back_action is None:
            return f"Back to state {self.back_to}."
        return f"Back to state {self.back_to}: <{self.back_action}>"


def state_records(variables: list[str], states: list[tuple]) -> tuple:
    """States as TLCExt!Trace shows them: records of the variables."""
    return tuple(Fcn(dict(zip(variables, u, strict=True))) for u in states)


@dataclass
class Report:
    model: str
    verdict: Verdict = Verdict.OK
    violated: str | None = None         # name of the violated invariant/property
    message: str | None = None
    error_exit: int | None = None       # TLC's exit code of an error verdict when it is not 75
    generated: int = 0
    distinct: int = 0
    depth: int = 0
    queue: int = 0
    seconds: float = 0.0
    peak_rss_mb: float = 0.0
    complete: bool = True               # counts are final (the search ran to the end)
    trace: Trace | None = None
    engine: str = "builtin"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def exit_code(self) -> int:
        if self.verdict is Verdict.ERROR and self.error_exit is not None:
            return self.error_exit
        if self.verdict is Verdict.TEMPORAL_PROPERTY and self.trace is not None and self.trace.safety:
            # A temporal property violated by a finite prefix ([](P => []Q)): TLC reports it as
            # the safety violation it is (LiveCheck: TLC_INVARIANT_VIOLATED_BEHAVIOR, exit 12).
            return VERDICT_EXIT[Verdict.INVARIANT]
        return Verdict(self.verdict).exit_code

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["trace"] = self.trace.to_json() if self.trace else None
        d["exit_code"] = self.exit_code
        return d

    def summary(self) -> str:
        if self.verdict is Verdict.OK:
            return "Model checking completed. No error has been found."
        what = {
            Verdict.DEADLOCK: "Deadlock reached.",
            Verdict.INVARIANT: f"Invariant {self.violated} is violated.",
            Verdict.ACTION_PROPERTY: f"Action property {self.violated} is violated.",
            Verdict.TEMPORAL_PROPERTY: (f"Property {self.violated} is violated by the initial state:"
                                        if self.extra.get("initial_predicate") else temporal_violation(self.violated)),
            Verdict.ASSUMPTION: f"Error: {self.message}",
            Verdict.POSTCONDITION: f"Error: {self.message}",
            Verdict.ERROR: f"Error: {self.message}",
        }[self.verdict]
        return what


PROPERTY_SEPARATOR = ", "
"""Between the names in ``Report.violated`` when one lasso violates several temporal properties."""


def temporal_violation(violated: str | None) -> str:
    """TLC's message (tlc2.output.MP, TLC_TEMPORAL_PROPERTY_VIOLATED) for the properties a lasso
    violates: ``Temporal property A was violated.``, ``Temporal properties A and B were
    violated.``, ``Temporal properties A, B, and C were violated.``."""
    if not violated:  # (a lasso on which TLC decides no property false, see check/lasso.py)
        return "Temporal properties were violated."
    names = violated.split(PROPERTY_SEPARATOR)
    if len(names) == 1:
        return f"Temporal property {names[0]} was violated."
    listed = " and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + ", and " + names[-1]
    return f"Temporal properties {listed} were violated."

