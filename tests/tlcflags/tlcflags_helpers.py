"""Shared by the tests of TLC's controls: the data folder and the check command run in-process."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from phalanx_verify.cli import main

DATA = Path(__file__).parent / "data"


def check(*args: str) -> Result:
    """``phalanx-verify check ARGS`` through click's runner (stdout and stderr kept apart)."""
    return CliRunner().invoke(main, ["check", *args], catch_exceptions=False)
