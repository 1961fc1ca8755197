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


def assume_outcome(folder: Path, expr: str, extends: str, tlc: str, defs: str = "") -> None:
    """Check ``ASSUME PrintT(expr)`` (after ``defs``) against what TLC gave: ``tlc`` is the value
    it printed (exit 0) or, for a message of an error (starting with one of TLC's openings), the
    text of its evaluation error (exit 10, compared with line breaks as spaces)."""
    code, _, out = check_model(folder, "A", "", f"---- MODULE A ----\nEXTENDS {extends}\n{defs}"
                                                f"ASSUME PrintT({expr})\n====\n")
    if tlc.startswith(("Attempted", "Applying", "The ", "Size of", "In ", "Overflow", "Cannot")):
        assert code == 10 and tlc in " ".join(out.split()), out
    else:
        assert code == 0 and tlc in out, out
