"""Campaign TOML and mutant manifests: every wrong type, missing key, bad path or broken byte is
one ConfigError line (exit 151) with the file, line and column and the key path."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.campaign import load_campaign
from tests.robust.robust_helpers import error_line, run_cli

SPEC = "---- MODULE M ----\nVARIABLE x\nInit == x = 0\nNext == x' = x\n====\n"
GOOD_MODEL = """[[model]]
name = "m"
spec = "M.tla"
config = "M.cfg"
tags = ["ci"]
expect = { verdict = "ok", distinct = 1 }
"""


def campaign(tmp_path: Path, text: str, manifest: str | None = None) -> str:
    (tmp_path / "M.tla").write_text(SPEC)
    (tmp_path / "M.cfg").write_text("INIT Init\nNEXT Next\n")
    if manifest is not None:
        (tmp_path / "manifest.toml").write_text(manifest)
    path = tmp_path / "campaign.toml"
    path.write_text(text)
    return str(path)


def test_a_good_campaign_runs(tmp_path):
    r = run_cli("tlc", "campaign", campaign(tmp_path, GOOD_MODEL), "-q")
    assert r.exit_code == 0, r.output
    assert load_campaign(tmp_path / "campaign.toml").runs[0].tags == ["ci"]


@pytest.mark.parametrize("text, where, needle", [
    (GOOD_MODEL.replace('spec = "M.tla"', "spec = 5"), "campaign.toml:3:1", "model[0].spec: must be a string"),
    (GOOD_MODEL.replace('tags = ["ci"]', 'tags = "ci"'), "campaign.toml:5:1", "model[0].tags: must be an array"),
    (GOOD_MODEL.replace('verdict = "ok"', 'verdict = 1'), "campaign.toml:6:", "model[0].expect.verdict"),
    (GOOD_MODEL.replace("distinct = 1", 'distinct = "33"'), "campaign.toml:6:", "expect.distinct: must be an integer"),
    (GOOD_MODEL.replace("distinct = 1", "distinct = true"), "campaign.toml:6:", "must be an integer, got a boolean"),
    (GOOD_MODEL.replace('expect = { verdict = "ok", distinct = 1 }', 'expect = "ok"'), "campaign.toml:6:1",
     "model[0].expect: must be a table"),
    (GOOD_MODEL.replace("[[model]]", "[model]"), "campaign.toml:1:1", "write [[model]]"),
    (GOOD_MODEL + 'tlc = "x"\n', "campaign.toml:7:1", "model[0].tlc: must be a table"),
    (GOOD_MODEL + "tlc = { workers = [1] }\n", "campaign.toml:7:", "model[0].tlc.workers"),
    (GOOD_MODEL + "tlc = { worker = 2 }\n", "campaign.toml:7:", "unknown TLC option"),
    (GOOD_MODEL + 'colour = "red"\n', "campaign.toml:7:1", "model[0].colour: unknown key"),
    (GOOD_MODEL.replace('name = "m"\n', ""), "campaign.toml:1:1", "model[0]: missing key 'name'"),
    (GOOD_MODEL.replace('"M.tla"', '"../../etc/M.tla"'), "campaign.toml:3:1", "leaves the campaign's folder"),
    (GOOD_MODEL.replace('"M.tla"', '"/etc/passwd"'), "campaign.toml:3:1", "leaves the campaign's folder"),
    (GOOD_MODEL.replace('"M.cfg"', '"M.tla"'), "campaign.toml:4:1", "must name a .cfg file"),
    ('mutants = 5\n', "campaign.toml:1:1", "mutants: must be a string"),
    ("[[properties]]\nname = 'a'\nextends = 'b'\n", "campaign.toml:3:1", "properties[0].extends"),
    ("a = " + "[" * 5000 + "]" * 5000, "campaign.toml:1:", "nested too deeply"),
    (GOOD_MODEL + "x = " + "9" * 5000 + "\n", "campaign.toml:7:5", "integer literal too long"),
    (GOOD_MODEL + "name = 'twice'\n", "campaign.toml:7:", "not valid TOML"),
])
def test_wrong_campaign_is_one_positioned_line(tmp_path, text, where, needle):
    r = run_cli("tlc", "campaign", campaign(tmp_path, text), "-q")
    line = error_line(r, 151, needle)
    assert line.startswith(str(tmp_path / where)), line


def test_non_utf8_byte_is_positioned(tmp_path):
    path = Path(campaign(tmp_path, GOOD_MODEL))
    path.write_bytes(GOOD_MODEL.encode().replace(b'"m"', b'"m\xff"'))
    error_line(run_cli("tlc", "campaign", str(path)), 151, "campaign.toml:2:10", "0xff is not UTF-8")


MANIFEST = """[[mutant]]
name = "Same"
module = "M.tla"
  [[mutant.run]]
  model = "one"
  config = "M.cfg"
  verdict = "ok"
"""


@pytest.mark.parametrize("manifest, where, needle", [
    (MANIFEST.replace('"M.tla"', "5"), "manifest.toml:3:1", "mutant[0].module: must be a string"),
    (MANIFEST.replace('"one"', "5"), "manifest.toml:5:3", "mutant[0].run[0].model: must be a string"),
    (MANIFEST.replace('verdict = "ok"', 'verdict = "fine"'), "manifest.toml:7:3", "mutant[0].run[0].verdict"),
    (MANIFEST.replace('"M.cfg"', '"../../x.cfg"'), "manifest.toml:6:3", "leaves the campaign's folder"),
    (MANIFEST + '  generated = "33"\n', "manifest.toml:8:3", "run[0].generated: must be an integer"),
    (MANIFEST + '  tags = "ci"\n', "manifest.toml:8:3", "run[0].tags: must be an array"),
    (MANIFEST.replace("[[mutant.run]]", "[mutant.run]"), "manifest.toml:1:1", "write [[mutant.run]]"),
])
def test_wrong_manifest_is_one_positioned_line(tmp_path, manifest, where, needle):
    r = run_cli("tlc", "campaign", campaign(tmp_path, 'mutants = "manifest.toml"\n', manifest), "-q")
    line = error_line(r, 151, needle)
    assert line.startswith(str(tmp_path / where)), line


def test_manifest_outside_the_campaign_folder_is_refused(tmp_path):
    (tmp_path / "elsewhere.toml").write_text(MANIFEST)
    inner = tmp_path / "inner"
    inner.mkdir()
    r = run_cli("tlc", "campaign", campaign(inner, 'mutants = "../elsewhere.toml"\n'), "-q")
    error_line(r, 151, "campaign.toml:1:1", "leaves the campaign's folder")
