"""Helpers to write small specs and models into a temporary directory and check them."""

from __future__ import annotations

from pathlib import Path

from phalanx_verify.check.report import Report
from phalanx_verify.check.run import check_files


def write_model(tmp: Path, body: str, cfg: str, name: str = "M", extends: str = "Naturals") -> Path:
    spec = tmp / f"{name}.tla"
    spec.write_text(f"---- MODULE {name} ----\nEXTENDS {extends}\n{body}\n====\n")
    (tmp / f"{name}.cfg").write_text(cfg)
    return spec


def check(tmp: Path, body: str, cfg: str, **kw: str) -> Report:
    return check_files(write_model(tmp, body, cfg, **kw))
