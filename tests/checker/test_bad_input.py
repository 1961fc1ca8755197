"""Bad input gets one line with file:line:column, TLC's exit code, and no traceback."""

import re
from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.cli import main

REF = Path(__file__).resolve().parents[1] / "reference" / "tlc"  # recorded real-TLC facts, copied from ../shared
POSITION = re.compile(r"^\S+:\d+:\d+: ")


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def one_error_line(result) -> str:
    lines = [ln for ln in result.output.splitlines() if "error" in ln]
    assert len(lines) == 1, result.output
    assert POSITION.match(lines[0]), lines[0]
    return lines[0]


def write(tmp_path: Path, body: str, cfg: str = "INIT Init\nNEXT Next\n") -> Path:
    spec = tmp_path / "B.tla"
    spec.write_text(f"---- MODULE B ----\nEXTENDS Naturals\nVARIABLE x\n{body}\n====\n")
    (tmp_path / "B.cfg").write_text(cfg)
    return spec


def test_reference_parse_error():
    r = run("check", str(REF / "parse_error" / "RRP.tla"), "-c", str(REF / "parse_error" / "model.cfg"))
    assert r.exit_code == 150
    assert ":17:" in one_error_line(r)  # TLC: line 17 (in Detect)


def test_reference_cfg_error():
    r = run("check", str(REF / "cfg_error" / "RRP.tla"), "-c", str(REF / "cfg_error" / "model.cfg"))
    assert r.exit_code == 151
    assert "NoSuchInvariant" in one_error_line(r)


def test_unknown_operator(tmp_path):
    r = run("check", str(write(tmp_path, "Init == x = Foo(1)\nNext == x' = x")))
    assert r.exit_code == 150
    assert "B.tla:4:13" in one_error_line(r) and "Foo" in r.output


def test_unsupported_construct(tmp_path):
    r = run("check", str(write(tmp_path, "Init == x = 0\nNext == x' = \\E y : y")))
    assert r.exit_code == 150
    assert "unbounded" in one_error_line(r)


def test_evaluation_error(tmp_path):
    r = run("check", str(write(tmp_path, "Init == x = 0\nNext == x' = x \\div 0")))
    # TLC: 255 for a division by zero while successors are computed (test_error_exit_codes.py)
    assert r.exit_code == 255
    assert "second argument of \\div is 0" in one_error_line(r)


def test_cfg_substitutes_undeclared_name(tmp_path):
    # TLC ignores `Q = 1` for a name the spec does not declare (see test_tlc_checking_config),
    # but a substitution for it is TLC_CONFIG_ID_DOES_NOT_APPEAR_IN_SPEC.
    spec = write(tmp_path, "Init == x = 0\nNext == x' = x\nOne == 1", "INIT Init\nNEXT Next\nCONSTANT Q <- One\n")
    r = run("check", str(spec))
    assert r.exit_code == 151
    assert "B.cfg:3:10" in one_error_line(r)


def test_cfg_syntax_error(tmp_path):
    spec = write(tmp_path, "Init == x = 0\nNext == x' = x", "INIT Init\nNEXT Next\nCONSTANT Q ? 1\n")
    r = run("check", str(spec))
    assert r.exit_code == 255  # TLC's ConfigFileException ends in its catch-all exit
    one_error_line(r)


def test_missing_files(tmp_path):
    r = run("check", str(tmp_path / "Nope.tla"))
    assert r.exit_code == 150
    one_error_line(r)
    spec = write(tmp_path, "Init == x = 0\nNext == x' = x")
    r = run("check", str(spec), "-c", str(tmp_path / "nope.cfg"))
    assert r.exit_code == 255  # TLC: ConfigFileException "File not found", its catch-all exit
    one_error_line(r)


def test_successor_not_fully_specified(tmp_path):
    r = run("check", str(write(tmp_path, "VARIABLE y\nInit == x = 0 /\\ y = 0\nNext == x' = x")))
    assert r.exit_code == 75
    assert "The following variable is not defined: y." in one_error_line(r)


def test_campaign_with_bad_file(tmp_path):
    bad = tmp_path / "c.toml"
    bad.write_text("[[model]]\nname = 'x'\n")
    r = run("tlc", "campaign", str(bad))
    assert r.exit_code == 151
    assert "missing key" in r.output


def test_module_found_only_through_lib(tmp_path):
    """A module that INSTANCEs a module of another directory: a one-line positioned error (150)
    naming the module and where it was looked for, until --lib adds that directory."""
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "Base.tla").write_text("---- MODULE Base ----\nEXTENDS Naturals\nVARIABLE y\n"
                                               "Inc == y' = y + 1\n====\n")
    (tmp_path / "m").mkdir()
    spec = tmp_path / "m" / "Top.tla"
    spec.write_text("---- MODULE Top ----\nEXTENDS Naturals\nVARIABLE x\nB == INSTANCE Base WITH y <- x\n"
                    "Init == x = 0\nNext == x < 2 /\\ B!Inc\n====\n")
    (tmp_path / "m" / "Top.cfg").write_text("INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE\n")
    r = run("check", str(spec), "-q")
    assert r.exit_code == 150
    line = one_error_line(r)
    assert line.startswith(f"{spec}:4:") and "cannot find module Base" in line and "--lib" in line
    r = run("check", str(spec), "-q", "--lib", str(tmp_path / "lib"))
    assert r.exit_code == 0 and "3 distinct states" in r.output, r.output


def test_missing_extended_module_is_named_where_written(tmp_path: Path) -> None:
    """EXTENDS of a module that is nowhere: the error points at the name in the EXTENDS line
    (SANY: "Cannot find source file for module Nope imported in module E"), not at 1:1."""
    spec = tmp_path / "E.tla"
    spec.write_text("---- MODULE E ----\nEXTENDS Naturals, Nope\nVARIABLE x\nInit == x = 0\nNext == UNCHANGED x\n====\n")
    (tmp_path / "E.cfg").write_text("INIT Init\nNEXT Next\n")
    r = run("check", str(spec), "-q")
    assert r.exit_code == 150
    assert one_error_line(r).startswith(f"{spec}:2:19: ") and "cannot find module Nope" in r.output


def test_recursive_operator_passing_its_variable_under_its_own_name(tmp_path):
    """A RECURSIVE operator that assigns variables runs as a generator of its arguments
    (actions._gen_recursion); one that calls itself passing the variable by its own name (x,
    not the parameter v standing for it) is the same generator (actions._by_name_targets). It
    was refused (exit 150); TLC: exit 0, 3 generated, 2 distinct, depth 2 (real TLC run)."""
    spec = write(tmp_path, "RECURSIVE Flip(_, _, _)\nFlip(v, b, n) == IF n = 0 THEN v = ~b ELSE Flip(x, b, n - 1)\n"
                           "Init == Flip(x, FALSE, 1)\nNext == x' = ~x")
    r = run("check", str(spec))
    assert r.exit_code == 0, r.output
    assert "3 states generated, 2 distinct states found" in r.output, r.output


def test_java_module_override_is_unsupported(tmp_path):
    """TLC runs the static methods of a class named after a module in the spec's directory in
    place of its definitions (TLC's own UserModuleOverride model: exit 0 where the TLA+
    definitions give a liveness violation); the built-in cannot, so it says so."""
    spec = write(tmp_path, "Init == x = 0\nNext == x' = 1 - x")
    (tmp_path / "B.class").write_bytes(b"\xca\xfe\xba\xbe")
    r = run("check", str(spec))
    assert r.exit_code == 150
    assert "Java module override B.class" in one_error_line(r)
