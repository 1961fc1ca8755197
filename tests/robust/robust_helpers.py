"""Shared checks for hostile-input tests: the CLI answers with one positioned line, a documented
exit code, and never a traceback."""

from __future__ import annotations

import re

from click.testing import CliRunner, Result

from phalanx_verify.cli import main

POSITION = re.compile(r"^\S+:\d+:\d+: ")
"""``file:line:col: `` at the start of a line: where the user must look."""


def run_cli(*args: str, input: bytes | str | None = None) -> Result:
    """Invoke ``phalanx-verify`` in-process; an exception escaping the command fails the test."""
    result = CliRunner().invoke(main, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"uncaught {type(result.exception).__name__}: {result.exception}\n{result.output}")
    assert "Traceback" not in result.output
    return result


def error_line(result: Result, code: int, *needles: str) -> str:
    """The one error line of a failed run: exit ``code``, positioned, containing every needle."""
    assert result.exit_code == code, (result.exit_code, result.output)
    lines = [ln for ln in result.output.splitlines() if POSITION.match(ln)]
    assert len(lines) == 1, result.output
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]
