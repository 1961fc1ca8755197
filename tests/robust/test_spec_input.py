"""The .tla/.cfg boundary of the commands: non-UTF-8 bytes, over-long integer literals and deep
nesting are one positioned line with TLC's code (150 spec, 151 model), or simply work."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.robust.robust_helpers import error_line, run_cli

SPEC = "---- MODULE A ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 3 /\\ x' = x + 1\n====\n"
CFG = "INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n"


def write(tmp_path: Path, spec: bytes | str = SPEC, cfg: bytes | str = CFG) -> str:
    for name, body in (("A.tla", spec), ("A.cfg", cfg)):
        (tmp_path / name).write_bytes(body if isinstance(body, bytes) else body.encode())
    return str(tmp_path / "A.tla")


@pytest.mark.parametrize("spec, cfg, code, where, needle", [
    (SPEC.encode().replace(b"x = 0", b"x = \xff0"), CFG, 150, "A.tla:4:13", "byte 0xff is not UTF-8"),
    (SPEC, CFG.encode().replace(b"Init", b"In\xffit"), 151, "A.cfg:1:8", "byte 0xff is not UTF-8"),
    (SPEC.replace("x = 0", "x = " + "9" * 5000), CFG, 150, "A.tla:4:13", "integer literal of 5,000 digits"),
    (SPEC, CFG + "CONSTANT N = " + "9" * 5000 + "\n", 151, "A.cfg:4:14", "integer literal of 5,000 digits"),
    (SPEC.replace("x = 0", "x = " + "IF TRUE THEN " * 3000 + "0" + " ELSE 1" * 3000), CFG, 150,
     f"A.tla:4:{13 + 2999 * 13 + 3}", "nested"),  # at the innermost IF's TRUE, not at 1:1
    (SPEC.replace("x = 0", "x = " + "{" * 3000 + "0" + "}" * 3000), CFG, 150, "A.tla:4:3012",
     "brackets nested 3,000 levels deep (at most 200)"),
    (SPEC, CFG + "CONSTANT N = " + "{" * 100 + "}" * 100 + "\n", 151, "A.cfg:4:113",
     "brackets nested 100 levels deep (at most 32)"),
])
def test_bad_spec_or_model_is_one_positioned_line(tmp_path, spec, cfg, code, where, needle):
    line = error_line(run_cli("check", write(tmp_path, spec, cfg), "-q"), code, needle)
    assert line.startswith(str(tmp_path / where)), line


def test_deeply_parenthesised_expressions_are_checked(tmp_path):
    """5,000 levels of parentheses: past Python's default recursion limit, loaded on a big stack."""
    r = run_cli("check", write(tmp_path, SPEC.replace("x = 0", "x = " + "(" * 5000 + "0" + ")" * 5000)), "-q")
    assert r.exit_code == 0 and "4 distinct states" in r.output, r.output


def test_a_broken_spec_fails_its_campaign_run_and_the_others_still_run(tmp_path):
    write(tmp_path, SPEC.encode().replace(b"Next ==", b"Next \xfe=="))
    (tmp_path / "B.tla").write_text(SPEC.replace("MODULE A", "MODULE B"))
    (tmp_path / "c.toml").write_text("".join(f'[[model]]\nname = "{m}"\nspec = "{m}.tla"\nconfig = "A.cfg"\n'
                                             'expect = { verdict = "ok" }\n' for m in "AB"))
    r = run_cli("tlc", "campaign", str(tmp_path / "c.toml"), "-q")
    assert r.exit_code == 1, r.output
    mismatch = [ln for ln in r.output.splitlines() if ln.startswith("MISMATCH A: ")]
    assert len(mismatch) == 1 and f"{tmp_path / 'A.tla'}:5:6: parse error: byte 0xfe is not UTF-8" in mismatch[0]
    assert "1 passed, 1 failed" in r.output
