"""Error positions against SANY's and TLC's for the same input (issue 14): a module without its
closing ==== or with an error on line 2 is not reported at 1:1.

The expected positions are SANY's (tla2sany.SANY, "Encountered ... at line L, column C") and TLC's
(ConfigFileException "at line L"; TLC gives no column for a .cfg), run on these very inputs.
"""

from __future__ import annotations

import pytest

from tests.robust.robust_helpers import error_line, run_cli

HEAD = "---- MODULE M ----\nEXTENDS Integers\nVARIABLE x\n"
NEXT = "Next == x' = x\n"
CFG = "INIT Init\nNEXT Next\n"


@pytest.mark.parametrize("spec, where, needle", [
    # SANY: Was expecting "==== or more Module body" Encountered "<EOF>" at line 5, column 19
    (HEAD + "Init == x = 0\nNext == x' = x + 1\n", "5:19", "missing ===="),
    # ... at line 7, column 1: the last character of the file, a line break
    (HEAD + "Init == x = 0\nNext == x' = x + 1\n\n\n", "7:1", "missing ===="),
    # ... Encountered "<EOF>" at line 4, column 13 (a definition left unfinished, no ====)
    (HEAD + "Init == x = \n", "4:13", "unexpected end of file"),
    # Encountered "====" at line 5, column 1
    (HEAD + "Init == x = \n====\n", "5:1", "===="),
    # Encountered "y" at line 2, column 12
    ("---- MODULE M ----\nVARIABLE x y\nInit == x = 0\n" + NEXT + "====\n", "2:12", "'y'"),
    # Encountered "<EOF>" at line 2, column 1: no module at all
    ("\n\n", "2:1", "no MODULE found"),
    # Precedence conflict between ops \land in block line 4, col 15 ... and \lor
    (HEAD + "Init == x = 0 /\\ x = 1 \\/ x = 2\n" + NEXT + "====\n", "4:15", "\\land and \\lor"),
    # Precedence conflict between ops \div in block line 4, col 15 ... and -
    (HEAD + "Init == x = 7 \\div -2\n" + NEXT + "====\n", "4:15", "\\div and -"),
    # Precedence conflict between ops = in block line 4, col 11 ... and =
    (HEAD + "Init == x = 1 = TRUE\n" + NEXT + "====\n", "4:11", "= and ="),
    # line 4, col 9 to line 4, col 9 of module M: Unknown operator: `y'.
    (HEAD + "Init == y = 0\n" + NEXT + "====\n", "4:9", "Unknown operator: `y'"),
    # A wrong number of arguments is at the argument list (SANY: the "(" to ")" node), the first
    # in the source when there are two: line 5, col 14 to line 5, col 22 ... The operator F
    # requires 2 arguments.
    (HEAD + "F(a, b) == a + b\nInit == x = F(1, 2, 3) + F(1)\n" + NEXT + "====\n", "5:14",
     "The operator F requires 2 arguments."),
    # line 5, col 16 to line 6, col 4: the list opens after spaces, on the name's line
    (HEAD + "F(a, b) == a + b\nInit == x = F  (\n  1)\n" + NEXT + "====\n", "5:16", "requires 2 arguments"),
    # line 4, col 38 to line 4, col 40: a LET operator
    (HEAD + "Init == x = LET G(a, b) == a + b IN G(1)\n" + NEXT + "====\n", "4:38", "G requires 2 arguments"),
    # line 4, col 13 to line 4, col 18: an operator parameter
    (HEAD + "H(f(_)) == f(1, 2)\nInit == x = H(LAMBDA a: a)\n" + NEXT + "====\n", "4:13",
     "f requires 1 arguments"),
    # line 5, col 13 to line 5, col 13: a name without arguments is at the name
    (HEAD + "F(a, b) == a + b\nInit == x = F\n" + NEXT + "====\n", "5:13", "F requires 2 arguments"),
])
def test_spec_errors_are_where_sany_puts_them(tmp_path, spec, where, needle):
    (tmp_path / "M.tla").write_text(spec)
    (tmp_path / "M.cfg").write_text(CFG)
    error_line(run_cli("check", str(tmp_path / "M.tla"), "-q"), 150, f"M.tla:{where}: ", needle)


@pytest.mark.parametrize("cfg, where, needle", [
    ("INIT Init\nNEXT Next\nCONSTANT N =\n", "3:13", "unexpected end of file"),  # TLC: at line 3
    ("INIT Init\nNEXT Next\nCONSTANT N = {1, 2\n", "3:19", "unexpected end of file"),  # TLC: at line 3
    ("INIT Init\nNEXT Next\nCONSTANT N = 3\nFOO Bar\n", "4:5", "expected '=' or '<-'"),  # TLC: at line 4
    ("INIT Init\nNEXT Next\nCONSTANT N 3\n", "3:12", "expected '=' or '<-'"),  # TLC: at line 3
    # TLC: at line 1, "The keyword INIT was not followed by an identifier."
    ("NEXT Next\nCONSTANT N = 3\nINIT\n", "3:1", "The keyword INIT was not followed by an identifier."),
])
def test_model_errors_are_on_tlcs_line(tmp_path, cfg, where, needle):
    (tmp_path / "M.tla").write_text("---- MODULE M ----\nCONSTANT N\nVARIABLE x\nInit == x = 0\n" + NEXT + "====\n")
    (tmp_path / "M.cfg").write_text(cfg)
    # a cfg file TLC's ModelConfig cannot read: its ConfigFileException, TLC's catch-all exit 255
    error_line(run_cli("check", str(tmp_path / "M.tla"), "-q"), 255, f"M.cfg:{where}: ", needle)


def test_a_missing_model_file_is_tlcs_config_file_exception(tmp_path):
    # TLC: "... when trying to read the configuration file M.cfg: File not found.", exit 255
    # (fuzz12 MissingCfg; was 151)
    (tmp_path / "M.tla").write_text(HEAD + "Init == x = 0\n" + NEXT + "====\n")
    error_line(run_cli("check", str(tmp_path / "M.tla"), "-q"), 255, "M.cfg:1:1: ", "cannot read")
