"""`tlc campaign --engine tlc|both` through the CLI, against the fake TLC that replays a
recording: the real-TLC path gives the recorded verdict, and `both` reports any disagreement
between the engines as a failure showing both figures."""

from click.testing import CliRunner

from phalanx_verify.cli import main
from tests.tlc.tlc_helpers import model_copy, needs_ref

pytestmark = needs_ref


def campaign_file(tmp_path, spec, cfg, expect: str) -> str:
    path = tmp_path / "campaign.toml"
    path.write_text(f"""[[model]]
name = "recorded model"
spec = "{spec}"
config = "{cfg}"
expect = {expect}
""")
    return str(path)


def run(*args: str):
    result = CliRunner().invoke(main, ["tlc", "campaign", *args])
    assert "Traceback" not in result.output
    return result


def test_engine_tlc_and_both_agree_on_the_six_leaf_model(tmp_path, fake_tlc, monkeypatch):
    spec, cfg = model_copy(tmp_path, "noseal_L6")
    fake = fake_tlc("noseal_L6")
    monkeypatch.setenv("PHALANX_JAVA", str(fake.java))
    c = campaign_file(tmp_path, spec, cfg, '{ verdict = "deadlock", trace_length = 7 }')
    jar_opts = ["--tla2tools", str(fake.jar)]
    tlc = run(c, "--engine", "tlc", "-q", *jar_opts)
    assert tlc.exit_code == 0, tlc.output
    assert "tlc engine" in tlc.output and "1 passed, 0 failed" in tlc.output
    both = run(c, "--engine", "both", "-q", *jar_opts)
    assert both.exit_code == 0, both.output


def test_engine_both_reports_a_disagreement(tmp_path, fake_tlc, monkeypatch):
    # The fake "TLC" replays the NoSeal deadlock for the base spec, which the built-in engine
    # (correctly) checks as ok: the two engines disagree on the verdict.
    spec, cfg = model_copy(tmp_path, "base_L6")
    fake = fake_tlc("noseal_L6")
    monkeypatch.setenv("PHALANX_JAVA", str(fake.java))
    c = campaign_file(tmp_path, spec, cfg, '{ verdict = "ok" }')
    r = run(c, "--engine", "both", "-q", "--tla2tools", str(fake.jar))
    assert r.exit_code == 1
    assert "engine agreement: verdict" in r.output and "deadlock" in r.output


def test_missing_jar_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.delenv("PHALANX_TLA2TOOLS", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    spec, cfg = model_copy(tmp_path, "noseal_L6")
    r = run(campaign_file(tmp_path, spec, cfg, '{ verdict = "deadlock" }'), "--engine", "tlc")
    assert r.exit_code == 2
    assert "tla2tools.jar" in r.output
