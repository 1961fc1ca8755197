"""A counterexample's values print as TLC's states print them (TLCStateMut.toString: each value
through Values.ppr): a value longer than the line width (80) broken over lines, a space inside
its delimiters, the lines after the first indented by the printer. Found by random specs run
against TLC (fuzz11 C2, PrettyPrint); the expected text is real TLC's (TLC2 2026.12.07)."""

from __future__ import annotations

from pathlib import Path

from .specs import check_model

SPEC = """---- MODULE P ----
EXTENDS Integers
VARIABLES v, w, z, s
Init == /\\ v = {<<"aaaaaaaaaaaaaaaaaaaa", 1>>, <<"bbbbbbbbbbbbbbbbbbbbbbbb", 2>>, <<"cccccccccccccccccccccccc", 3>>}
        /\\ w = [i \\in 0..20 |-> i * 100]
        /\\ z = [a |-> "aaaaaaaaaaaaaaaaaaaaaaaaa", b |-> "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", c |-> "cccccccccccccccccccccccccc"]
        /\\ s = <<1, 2>>
Next == UNCHANGED <<v, w, z, s>>
Inv == s = <<>>
====
"""

# TLC's "Invariant Inv is violated by the initial state:" block
TLC_STATE = """/\\ s = <<1, 2>>
/\\ v = { <<"aaaaaaaaaaaaaaaaaaaa", 1>>,
  <<"bbbbbbbbbbbbbbbbbbbbbbbb", 2>>,
  <<"cccccccccccccccccccccccc", 3>> }
/\\ w = ( 0 :> 0 @@
  1 :> 100 @@
  2 :> 200 @@
  3 :> 300 @@
  4 :> 400 @@
  5 :> 500 @@
  6 :> 600 @@
  7 :> 700 @@
  8 :> 800 @@
  9 :> 900 @@
  10 :> 1000 @@
  11 :> 1100 @@
  12 :> 1200 @@
  13 :> 1300 @@
  14 :> 1400 @@
  15 :> 1500 @@
  16 :> 1600 @@
  17 :> 1700 @@
  18 :> 1800 @@
  19 :> 1900 @@
  20 :> 2000 )
/\\ z = [ a |-> "aaaaaaaaaaaaaaaaaaaaaaaaa",
  b |-> "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
  c |-> "cccccccccccccccccccccccccc" ]
"""


def test_long_values_break_as_in_tlc(tmp_path: Path) -> None:
    code, _, out = check_model(tmp_path, "P", "INIT Init\nNEXT Next\nINVARIANT Inv\n", SPEC)
    assert code == 12, out
    lines = out.splitlines()
    first = lines.index("Invariant Inv is violated by the initial state:") + 1  # then the bare state, as TLC
    shown = lines[first:lines.index("", first)]
    # each variable's line carries the built-in's change mark (a space or '*') before TLC's text
    assert all(line[0] in " *" for line in shown if line.lstrip().startswith("/\\"))
    assert "\n".join(line[1:] if line.lstrip().startswith("/\\") else line for line in shown) + "\n" == TLC_STATE
