"""Results of proof obligations: one record per obligation, a readable table and JSON.

Each result has a ``Verdict`` and the ``Kind`` of obligation it answers; the exit code is decided
from those two enums (``cli.exit_code``), never from the obligation's text. A result is
``proved`` (z3 says the negation is unsatisfiable), ``cti`` (a counterexample to induction: two
states and the action), ``counterexample`` (a planner lemma fails on a concrete free state),
``unknown`` (z3 gave up or timed out) or ``vacuous`` (a premise is unsatisfiable, so the
obligation would hold for no reason). A statement expected to fail (a naive lemma, a mutant) is
``refuted`` when its counterexample is found, ``no counterexample`` otherwise. Success is
``proved``, ``refuted`` or ``skipped`` (liveness, which is the model checker's job).
"""

from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass, field
from enum import Enum, StrEnum
from typing import Any

import z3
from rich.console import Console
from rich.table import Table


class Verdict(StrEnum):
    """What z3's answer means for one obligation (the strings are the JSON and table spelling)."""

    PROVED = "proved"
    CTI = "cti"
    COUNTEREXAMPLE = "counterexample"
    UNKNOWN = "unknown"
    VACUOUS = "vacuous"
    REFUTED = "refuted"
    NO_COUNTEREXAMPLE = "no counterexample"
    SKIPPED = "skipped"


SUCCESS = (Verdict.PROVED, Verdict.REFUTED, Verdict.SKIPPED)
# A failure that shows the statement false (a model was found), as opposed to z3 giving up.
REFUTING = (Verdict.CTI, Verdict.COUNTEREXAMPLE, Verdict.NO_COUNTEREXAMPLE, Verdict.VACUOUS)


class Kind(Enum):
    """Which obligation a result answers; an action property's CTI exits 13, the others 12."""

    SATISFIABLE = "premise satisfiable"     # Init, or Inv /\ A: the guard against vacuity
    INITIATION = "initiation"               # Init => Inv, Init => P
    CONSECUTION = "consecution"             # Inv /\ A => Inv'
    INVARIANT = "invariant"                 # Inv => P
    ACTION_PROPERTY = "action property"     # Inv /\ A => P for [][P]_v
    LIVENESS = "liveness"                   # skipped: the model checker's job
    LEMMA = "lemma"                         # a statement expected to hold (HDF-B)
    REFUTATION = "refutation"               # a statement expected to fail (naive lemma, mutant)


@dataclass
class Result:
    obligation: str
    instance: str
    result: Verdict
    seconds: float      # CPU seconds of the process that decided it (z3 runs in it), not wall time
    detail: str = ""
    witness: dict[str, Any] = field(default_factory=dict)
    kind: Kind = Kind.LEMMA
    z3_units: int = 0   # z3's resource count spent: the same on every run, unlike seconds

    @property
    def ok(self) -> bool:
        return self.result in SUCCESS


def verdict(check: z3.CheckSatResult, if_sat: Verdict = Verdict.CTI,
            if_unsat: Verdict = Verdict.PROVED) -> Verdict:
    """The verdict of a query: by default its satisfiability refutes the obligation (the query is
    the negation); a satisfiability check passes ``if_sat=PROVED, if_unsat=VACUOUS``."""
    if check == z3.unsat:
        return if_unsat
    if check == z3.sat:
        return if_sat
    return Verdict.UNKNOWN


def print_table(results: list[Result], console: Console, title: str) -> None:
    table = Table(title=title)
    for col in ("obligation", "instance", "result", "seconds"):
        table.add_column(col, justify="right" if col == "seconds" else "left")
    for r in results:
        style = "green" if r.ok else "red"
        table.add_row(r.obligation, r.instance, f"[{style}]{r.result}[/{style}]", f"{r.seconds:.2f}")
    console.print(table)
    for r in results:
        if not r.ok and r.detail:
            console.print(f"[bold]{r.obligation}[/bold] ({r.instance}): {r.result}")
            console.print(r.detail, markup=False, highlight=False)


def to_json(results: list[Result], interrupted: bool = False) -> str:
    """The results; ``interrupted``: a Ctrl-C stopped the run, these are the obligations it finished."""
    rows = [{**asdict(r), "result": r.result.value, "kind": r.kind.value, "ok": r.ok} for r in results]
    return json.dumps({"results": rows, "interrupted": interrupted,
                       "ok": all(r.ok for r in results) and not interrupted}, indent=2)


CTRL_C: list[int] = []
"""The Ctrl-Cs of a proof run, as ``cli.collect``'s SIGINT handler notes them (and then raises
KeyboardInterrupt as Python would). Where the interrupt lands decides whether it propagates: in a
destructor (z3's ``__del__`` calling ``Z3_dec_ref``) Python only reports it, and code that catches
everything drops it; the note stays, and :func:`solve` stops the run at the next query."""


def solve(solver: z3.Solver) -> z3.CheckSatResult:
    """``solver.check()`` with every Ctrl-C kept. Left to itself, z3 takes SIGINT during a check:
    it cancels the query and answers unknown, or, when the query finishes first, the interrupt is
    simply gone and the proof runs on. So the check runs in a worker thread with z3's own handler
    off (``ctrl_c``), and this thread waits in short slices, where Python's handler runs: on Ctrl-C
    it cuts the query short (``Solver.interrupt``) and raises KeyboardInterrupt here. One that did
    not propagate (CTRL_C) stops the run at the next query."""
    if CTRL_C:
        raise KeyboardInterrupt
    solver.set(ctrl_c=False)
    answer: list[z3.CheckSatResult] = []
    failure: list[BaseException] = []
    running, done = threading.Event(), threading.Event()

    def check() -> None:
        running.set()
        try:
            answer.append(solver.check())
        except BaseException as err:  # handed to the waiting thread, raised there
            failure.append(err)
        finally:
            done.set()

    # Completion is an Event, not Thread.join/is_alive: on Python 3.11 a Ctrl-C landing in
    # Thread.join releases the running thread's own lock and marks it stopped, and a check left
    # running races with the next query on the context and crashes the process.
    interrupted = False
    try:
        threading.Thread(target=check, name="z3-check", daemon=True).start()
        while not done.wait(0.05):
            pass
    except KeyboardInterrupt:
        interrupted = True
    finally:
        # Never leave a check running. A Ctrl-C landing anywhere here (even a second one) cuts
        # it short with the solver's own interrupt, sent again until it has returned (it applies
        # only to a check under way). A thread a Ctrl-C kept from starting never sets running.
        while not done.is_set():
            try:
                if not running.wait(1.0):
                    break
                if interrupted:
                    solver.interrupt()
                done.wait(0.05)
            except KeyboardInterrupt:
                interrupted = True
    if interrupted:
        raise KeyboardInterrupt
    if failure:
        raise failure[0]
    if CTRL_C:  # noted by a handler whose raise was swallowed while this thread waited
        raise KeyboardInterrupt
    return answer[0]
