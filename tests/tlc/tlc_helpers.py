"""Helpers for the TLC tests: the real-TLC recordings and a fake TLC (a real subprocess replaying them)."""

import os
import shutil
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from phalanx_verify.tlc.run import TLCOptions

REF = Path(__file__).resolve().parents[1] / "reference" / "tlc"  # recorded real-TLC facts, copied from ../shared
RECORDINGS = sorted(p.name for p in REF.iterdir() if p.is_dir()) if REF.exists() else []
needs_ref = pytest.mark.skipif(not REF.exists(), reason="shared/reference not beside the clone")


def model_copy(tmp_path: Path, name: str) -> tuple[Path, Path]:
    """The recorded RRP.tla and model.cfg copied as RRP.tla/RRP.cfg (tool.out paths are
    normalised, so the recording's own folder is not what TLC saw)."""
    folder = tmp_path / name
    folder.mkdir()
    spec, cfg = folder / "RRP.tla", folder / "RRP.cfg"
    shutil.copy(REF / name / "RRP.tla", spec)
    shutil.copy(REF / name / "model.cfg", cfg)
    return spec, cfg


def make_jar(path: Path, with_tlc: bool = True) -> Path:
    """A real jar (zip); with the entry that makes it TLC's, or without it."""
    with zipfile.ZipFile(path, "w") as jar:
        jar.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n")
        if with_tlc:
            jar.writestr("tlc2/TLC.class", b"\xca\xfe\xba\xbe")
    return path


@dataclass
class FakeTLC:
    jar: Path
    java: Path
    argv_file: Path
    pid_file: Path

    def options(self, **kw) -> TLCOptions:
        return TLCOptions(jar=str(self.jar), java=str(self.java), **kw)

    def argv(self) -> list[str]:
        return self.argv_file.read_text().splitlines()


@pytest.fixture
def fake_tlc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Returns play(recording, mode="play", exit=None) -> FakeTLC, with the environment set."""
    java = tmp_path / "bin" / "java"
    java.parent.mkdir()
    java.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{Path(__file__).with_name("fake_java.py")}" "$@"\n')
    java.chmod(0o755)
    fake = FakeTLC(make_jar(tmp_path / "tla2tools.jar"), java, tmp_path / "argv.txt", tmp_path / "pids.txt")
    monkeypatch.setenv("FAKE_TLC_ARGV", str(fake.argv_file))
    monkeypatch.setenv("FAKE_TLC_PIDS", str(fake.pid_file))

    def play(recording: str, mode: str = "play", exit: int | None = None) -> FakeTLC:
        monkeypatch.setenv("FAKE_TLC_DIR", str(REF / recording))
        monkeypatch.setenv("FAKE_TLC_MODE", mode)
        if exit is None:
            monkeypatch.delenv("FAKE_TLC_EXIT", raising=False)
        else:
            monkeypatch.setenv("FAKE_TLC_EXIT", str(exit))
        return fake

    return play


def alive(pid: int) -> bool:
    """True while a process exists and is not a zombie."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z")
