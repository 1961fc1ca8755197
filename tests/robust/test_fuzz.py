"""Hypothesis-driven fuzzing of the five input kinds (spec .tla, model .cfg, NDJSON trace,
campaign TOML and its mutant manifest, ResourceSlice and fabric YAML): mutations of real files,
each answered with no traceback, a documented exit code, and errors with a position or key path.

A few seconds per kind in the normal run (derandomized, so CI is reproducible); the long budget
(PHALANX_FUZZ_EXAMPLES inputs per kind, default 10,000) runs with ``pytest -m fuzz -s``.

Long run of 2 December 2026 (2-core machine shared by seven agents, load 11 to 17, each kind at
nice 19): 10,000 inputs of every kind, 0 tracebacks, 0 hangs, 0 undocumented exit codes, 0
errors without a position or key path. CPU (user + sys) per kind: .tla 609 s, .cfg 553 s,
traces 946 s, campaign TOML 149 s, mutant manifest 230 s, ResourceSlices 397 s, fabric 577 s.
"""

from __future__ import annotations

import os
import resource
import signal
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings

from tests.robust.fuzz_inputs import KINDS, Mutation, describe, mutations, outcome_problem, run_input

SMALL = {"tla": 10, "cfg": 10, "trace": 8, "campaign": 60, "manifest": 40, "slices": 60, "fabric": 40}
LONG = int(os.environ.get("PHALANX_FUZZ_EXAMPLES", "10000"))
HANG_CPU_SECONDS = 30.0
"""After this much CPU time the watchdog presses Ctrl-C. A search that a mutation made huge then
stops and reports (allowed); anything else still running (loading, replaying) is a hang, which
shows as exit 130 without the search's report. CPU time, not wall time: with eight agents on two
cores an input that needs 3 s of CPU can take 30 s of wall time."""
HANG_WALL_SECONDS = 600.0
"""A hang that does not use the CPU (waiting on something) is caught after this long."""
MEMORY_BYTES = 6 * 2**30
"""Address space for the fuzzing process: a mutation that makes a set or a state space huge
ends in MemoryError (reported by the command as out of memory) instead of the OOM killer."""


@contextmanager
def watchdog(cpu_seconds: float, wall_seconds: float) -> Iterator[None]:
    """Ctrl-C (KeyboardInterrupt) after that much CPU time of the process, or wall time."""
    def fire(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    timers = ((signal.SIGPROF, signal.ITIMER_PROF, cpu_seconds), (signal.SIGALRM, signal.ITIMER_REAL, wall_seconds))
    old = [signal.signal(sig, fire) for sig, _, _ in timers]
    for _, timer, seconds in timers:
        signal.setitimer(timer, seconds)
    try:
        yield
    finally:
        for (sig, timer, _), handler in zip(timers, old, strict=True):
            signal.setitimer(timer, 0)
            signal.signal(sig, handler)


@contextmanager
def memory_cap(limit: int) -> Iterator[None]:
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (min(limit, hard) if hard != resource.RLIM_INFINITY else limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def fuzz(name: str, examples: int, derandomize: bool, report_every: int = 0) -> tuple[int, list[str]]:
    """Run ``examples`` mutated inputs of kind ``name``; returns how many ran and the problems.

    The small budget stops at the first problem (Hypothesis shrinks it to one mutation). With
    ``report_every`` (the long budget) every problem is printed when found and the run goes on,
    so one run of hours counts every class it meets instead of stopping at the first; a line
    every ``report_every`` inputs tells the figure of a run cut short."""
    seen = [0]
    problems: list[str] = []

    @settings(max_examples=examples, deadline=None, database=None, derandomize=derandomize,
              suppress_health_check=list(HealthCheck))
    @given(mutations())
    def one(muts: list[Mutation]) -> None:
        seen[0] += 1
        if report_every and seen[0] % report_every == 0:
            print(f"fuzz {name}: {seen[0]:,} inputs so far, {len(problems)} problems", flush=True)
        with memory_cap(MEMORY_BYTES), watchdog(HANG_CPU_SECONDS, HANG_WALL_SECONDS):
            data, result = run_input(name, muts)
        problem = outcome_problem(name, result)
        if problem is None:
            return
        message = f"{name} input {describe(data)} ({muts}): {problem}"
        assert report_every, message
        problems.append(message)
        print(f"fuzz {name}: PROBLEM {message}", flush=True)

    one()
    return seen[0], problems


@pytest.mark.parametrize("name", sorted(KINDS))
def test_fuzz_small_budget(name):
    ran, problems = fuzz(name, SMALL[name], derandomize=True)
    assert ran > 0 and not problems


FOUND = [  # inputs the long budget found, each a regression test of its fix
    ("tla", [(3, 0, 556)], 0),  # 10,000 parentheses around a number on one line: 2.5 s of CPU in
    # tree-sitter (quadratic in the tokens of a line), past the watchdog under load; now 0.2 s
]


@pytest.mark.parametrize("name, muts, code", FOUND)
def test_inputs_the_long_budget_found(name, muts, code):
    with memory_cap(MEMORY_BYTES), watchdog(HANG_CPU_SECONDS, HANG_WALL_SECONDS):
        data, result = run_input(name, muts)
    assert outcome_problem(name, result) is None and result.exit_code == code, result.output[-300:]


@pytest.mark.fuzz
@pytest.mark.timeout(0)  # its length is PHALANX_FUZZ_EXAMPLES: no hang guard
@pytest.mark.parametrize("name", sorted(KINDS))
def test_fuzz_long_budget(name):
    ran, problems = fuzz(name, LONG, derandomize=False, report_every=250)
    print(f"\nfuzz {name}: {ran:,} inputs, {len(problems)} problems")
    assert not problems, "\n".join(problems)
