"""Helpers to write small specs and models into a temporary directory and check them."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.check.report import Report
from phalanx_verify.check.run import check_files
from phalanx_verify.cli import main


def write_model(tmp: Path, body: str, cfg: str, name: str = "M", extends: str = "Naturals") -> Path:
    spec = tmp / f"{name}.tla"
    spec.write_text(f"---- MODULE {name} ----\nEXTENDS {extends}\n{body}\n====\n")
    (tmp / f"{name}.cfg").write_text(cfg)
    return spec


def check(tmp: Path, body: str, cfg: str, **kw: str) -> Report:
    return check_files(write_model(tmp, body, cfg, **kw))


def check_model(folder: Path, name: str, cfg: str, spec: str | None = None) -> tuple[int, dict, str]:
    """Write ``name``.cfg (and ``name``.tla when ``spec`` is given), check it with one worker;
    (exit code, the --json report or {} when none was written, the output)."""
    if spec is not None:
        (folder / f"{name}.tla").write_text(spec)
    (folder / f"{name}.cfg").write_text(cfg)
    out = folder / "r.json"
    r = CliRunner().invoke(main, ["check", str(folder / f"{name}.tla"), "-c", str(folder / f"{name}.cfg"),
                                  "-q", "--json", str(out), "--workers", "1"])
    assert "Traceback" not in r.output
    return r.exit_code, (json.loads(out.read_text()) if out.exists() else {}), r.output
