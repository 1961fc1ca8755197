"""The compiled evaluator modules (phalanx_verify/tla/native.py): a build is loaded only for the
sources it was made from, never when stale or turned off, and where one is loaded the checker
gives the same outputs as plain Python, down to the last line, on models of different shapes,
passing and failing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from phalanx_verify.tla import native

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT / "benchmarks" / "public"


def test_a_build_is_found_only_under_its_fingerprint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = {native.DIR_ENV: str(tmp_path)}
    assert native.current(env) is None  # nothing built
    folder = native.build_dir(env)
    assert folder.parent == tmp_path and folder.name == native.fingerprint()
    folder.mkdir()
    (folder / native.STAMP).write_text("0" * 24 + "\n")  # a stamp of other sources
    assert native.current(env) is None
    (folder / native.STAMP).write_text(folder.name + "\n")
    assert native.current(env) == folder
    assert native.current({**env, native.PURE_ENV: "1"}) is None
    assert native.current({**env, native.PURE_ENV: "0"}) == folder
    path: list[str] = []
    monkeypatch.setenv(native.DIR_ENV, str(tmp_path))
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    assert native.activate(path) and path == [str(folder)]


def test_any_edit_of_the_package_changes_the_fingerprint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "tla"
    shutil.copytree(Path(native.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    monkeypatch.setattr(native, "_HERE", copy)
    before = native.fingerprint()
    assert before == native.fingerprint()
    values = copy / "values.py"  # not a compiled module: the compiled ones bind to its names
    values.write_text(values.read_text() + "\n# edited\n")
    assert native.fingerprint() != before


def _run(args: list[str], pure: bool) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop(native.PURE_ENV, None)
    if pure:
        env[native.PURE_ENV] = "1"
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=600, check=False)


# Public models of different shapes (records, sequences, sets of tuples, strings, model values,
# RECURSIVE, liveness, SYMMETRY), passing and violated; a few seconds each.
MODELS = [
    ("DieHard", "MCDieHarder.tla", "MCDieHarder.cfg"),
    ("Stones", "Stones.tla", "Stones.cfg"),
    ("2PCwithBTM", "2PCwithBTM.tla", "2PCwithBTM.cfg"),
    ("InnerFIFO", "MCInnerFIFO.tla", "MCInnerFIFO.cfg"),
    ("acp-NB-wrong", "ACP_NB_WRONG_TLC.tla", "ACP_NB_WRONG_TLC.cfg"),
    ("AlternatingBit", "MCAlternatingBit.tla", "MCAlternatingBit.cfg"),  # SYMMETRY (tla/orbits.py)
]


@pytest.mark.skipif(native.current() is None, reason="no native build for these sources (phalanx-verify build-native)")
def test_the_build_is_loaded_and_checks_as_plain_python_does() -> None:
    probe = ["-c", "from phalanx_verify.tla import native; print(native.active())"]
    assert _run(probe, pure=False).stdout.strip() == "True"
    assert _run(probe, pure=True).stdout.strip() == "False"
    for folder, spec, cfg in MODELS:
        base = PUBLIC / folder
        if not (base / spec).is_file():
            pytest.fail(f"{base / spec} is gone: update MODELS")
        args = ["-m", "phalanx_verify.cli", "check", str(base / spec), "-config", str(base / cfg),
                "-workers", "1", "-q"]
        compiled, plain = _run(args, pure=False), _run(args, pure=True)

        def lines(out: subprocess.CompletedProcess) -> list[str]:
            return [x for x in out.stdout.splitlines() if not x.startswith("Finished in")]
        assert (compiled.returncode, lines(compiled)) == (plain.returncode, lines(plain)), folder
        assert "states generated" in compiled.stdout, compiled.stdout + compiled.stderr
