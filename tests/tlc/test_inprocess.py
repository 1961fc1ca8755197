"""In-process TLC through JPype, on a fake tlc2.TLC compiled from FakeTLC.java: a fresh class
loader per model, TLC's entry points rather than main, the same Report as the subprocess path."""

import builtins
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from phalanx_verify.tla.errors import UsageError
from phalanx_verify.tlc.output import parse_tool_output
from phalanx_verify.tlc.run import TLCOptions, run_tlc, spec_variables
from tests.tlc.tlc_helpers import REF, model_copy, needs_ref

pytestmark = needs_ref


@pytest.fixture(scope="module")
def fake_jar(tmp_path_factory) -> Path:
    pytest.importorskip("jpype", reason="jpype1 is not installed (optional 'tlc' extra)")
    if shutil.which("javac") is None:
        pytest.skip("no javac to build the fake tlc2.TLC")
    out = tmp_path_factory.mktemp("fake-tlc")
    src = out / "tlc2" / "TLC.java"
    src.parent.mkdir()
    shutil.copy(Path(__file__).with_name("FakeTLC.java"), src)
    subprocess.run(["javac", "--release", "11", "-d", str(out / "classes"), str(src)], check=True)
    jar = out / "tla2tools.jar"
    with zipfile.ZipFile(jar, "w") as z:
        z.write(out / "classes" / "tlc2" / "TLC.class", "tlc2/TLC.class")
    return jar


def options(jar: Path, name: str) -> TLCOptions:
    return TLCOptions(jar=str(jar), jvm_mode="inprocess", args=["-fakerecording", str(REF / name)])


def two_models_in_one_process(tmp: str, jar: str) -> None:
    """The body of the test below, run in a Python process of its own: the JVM it starts cannot
    be stopped, and its native threads would make every later search of the test session stay
    in one process (check/parallel.fork_safe)."""
    for name in ("commitnoepoch_L7", "noseal_L6", "base_L6"):
        spec, cfg = model_copy(Path(tmp), name)
        seen: list[str] = []
        report = run_tlc(spec, cfg, options(Path(jar), name), progress=seen.append)
        want = parse_tool_output((REF / name / "tool.out").read_text(), name, spec_variables(spec))
        assert (report.verdict, report.generated, report.distinct, report.trace) == (
            want.verdict, want.generated, want.distinct, want.trace)
        assert seen and "seconds" in seen[-1]
    print("three models checked in one JVM")


def test_two_models_in_one_python_process(tmp_path, fake_jar):
    code = f"from tests.tlc.test_inprocess import two_models_in_one_process as t; t({str(tmp_path)!r}, {str(fake_jar)!r})"
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2],
                         capture_output=True, text=True, timeout=600, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "three models checked in one JVM" in out.stdout


def test_inprocess_rejects_what_it_cannot_do(tmp_path, fake_jar):
    spec, cfg = model_copy(tmp_path, "base_L6")
    with pytest.raises(UsageError, match="timeout needs --jvm subprocess"):
        run_tlc(spec, cfg, TLCOptions(jar=str(fake_jar), jvm_mode="inprocess", timeout=5))


def test_missing_jpype_is_one_line(tmp_path, monkeypatch, fake_tlc):
    real_import = builtins.__import__

    def no_jpype(name, *args, **kwargs):
        if name == "jpype":
            raise ImportError("no jpype")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_jpype)
    spec, cfg = model_copy(tmp_path, "base_L6")
    with pytest.raises(UsageError) as info:
        run_tlc(spec, cfg, fake_tlc("base_L6").options(jvm_mode="inprocess"))
    assert info.value.exit_code == 2 and "pip install jpype1" in info.value.line()
