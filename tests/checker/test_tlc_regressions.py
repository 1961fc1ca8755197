"""Divergences from TLC found by running both checkers on TLC's own regression models, each
reduced to a small module written here.

Every expected outcome (exit code; states generated, distinct and depth on exit 0; else a phrase
of TLC's message) was recorded from TLC2 built from tlaplus/tlaplus at rev cc6b616 on the same
module and model, so the tests run without TLC."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main

# name: (module text after the header line, model, TLC exit, generated, distinct, depth,
#        a phrase of the error (exit != 0), what it shows)
CASES: dict[str, tuple[str, str, int, int | None, int | None, int | None, str | None, str]] = {
    "TabStops": ('EXTENDS Naturals, Sequences\nVARIABLE x\nInit == x = 0\nNext == x\' = 1 - x\n'
                 'Inv ==\n  \t/\\ IF x = 0 THEN TRUE ELSE x = \n\t\t\t1\n'
                 '  \t/\\ Len("a\tb") = 3 (* a\tcomment *)',
                 "INIT Init\nNEXT Next\nINVARIANT Inv",
                 0, 3, 2, 2, None,
                 "SANY puts a tab's next character at column 8k + 1: the line of three tabs is right "
                 "of the bullet written as two blanks and a tab; a tab inside a string is one character"),
    "PrefixAfterInfix": ("EXTENDS Naturals\nVARIABLES x, y\nInit == x = 0 /\\ y = TRUE\n"
                         "A ==\n/\\ y' = ~y\n/\\ x < 2\n/\\ x' = x + 1\nNext == A \\/ UNCHANGED <<x, y>>",
                         "INIT Init\nNEXT Next",
                         0, 6, 3, 3, None,
                         "y' = ~y parses: of the prefix operators only -, which is also infix, can conflict "
                         "with the infix operator before it (7 \\div -2)"),
    "ActionLevelProperty": ("EXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x < 2 /\\ x' = x + 1\n"
                            "Step == [Next]_x\nSpec == Init /\\ [][Next]_x",
                            "SPECIFICATION Spec\nPROPERTY Step",
                            151, None, None, None, "is an action-level formula (i.e., it contains no temporal operators)",
                            "an action-level PROPERTY is TLC's config error (exit 151), not a temporal formula"),
    'ArgAssign': ("EXTENDS Integers\nVARIABLES s, t\nPick(var, S) == \\E val \\in S : var = val /\\ var > 0\nAll(var, S) == \\A val \\in S : var = val /\\ var \\in S\nStep(var) == var \\in 0..3 /\\ var % 2 = 0\nInit == (Pick(s, 0..2) \\/ All(s, {5}) \\/ All(s, {6, 7})) /\\ t = 0\nNext == Step(s') /\\ t' = t + 1 /\\ t < 2",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 13, 7, 3, None,
        "an operator's parameter passed s (in Init) or s' (in Next) assigns it, as TLC substitutes the argument; the call's level is that of its arguments; \\A over a finite set in Init is the conjunction of its instances"),
    'Queued': ("EXTENDS Integers\nVARIABLES x, y\nInit == x = 0 /\\ y = 0 /\\ (x > -1 \\/ x > -2) /\\ \\A i \\in {1, 2} : i > 0 \\/ i > -1\nNext == \\/ x < 2 /\\ x' = x + 1 /\\ y' = y /\\ (x > -1 \\/ x > -2) /\\ \\E i \\in {1, 2} : i > 0\n        \\/ x < 2 /\\ (x > -1 \\/ x > -2) /\\ x' = x + 1 /\\ y' = 1 - y",
        'INIT Init\nNEXT Next\nCHECK_DEADLOCK FALSE',
        0, 10, 5, 3, None,
        "once every variable is determined, TLC evaluates the queued conjuncts as Booleans: a disjunction or \\E there is one successor, not one per way it holds (written before the assignments, it is one per way)"),
    'NoNext': ('EXTENDS Integers\nVARIABLE x\nInit == x \\in {1, 2}\nSpec == Init',
        'SPECIFICATION Spec',
        75, None, None, None, 'No next state actions defined to generate successor states from.',
        "a specification without [][Next]_v: the initial states are computed, then TLC's error"),
    'NoInit': ('EXTENDS Integers, TLCExt\nASSUME TLCCache(1 + 1, {}) = 2\nSpec == [][TRUE]_<<>>',
        'SPECIFICATION Spec',
        0, 0, 0, 0, None,
        "without an initial predicate and with nothing to check there is no initial state; TLCCache(e, c) is e"),
    'NoInitVars': ("VARIABLE x\nSpec == [][x' = x]_x",
        'SPECIFICATION Spec',
        151, None, None, None, 'did not specify the initial state predicate',
        "without an initial predicate, a variable makes it TLC's config error"),
    'NoNextInv': ('VARIABLE x\nInit == x = 1\nInv == x = 1',
        'INIT Init\nINVARIANT Inv',
        151, None, None, None, 'did not specify the next state predicate',
        "without NEXT, an invariant makes it TLC's config error"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_outcome_equals_tlc(tmp_path, name):
    text, cfg, code, generated, distinct, depth, phrase, _why = CASES[name]
    (tmp_path / f"{name}.tla").write_text(f"---- MODULE {name} ----\n{text}\n====\n")
    (tmp_path / f"{name}.cfg").write_text(cfg + "\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / f"{name}.tla"), "-c", str(tmp_path / f"{name}.cfg"),
                                  "--workers", "1"])
    assert "Traceback" not in r.output
    assert r.exit_code == code, r.output
    if code == 0:
        assert f"{generated} states generated, {distinct} distinct states found" in r.output, r.output
        assert f"The depth of the complete state graph search is {depth}." in r.output, r.output
    else:
        assert phrase is not None and phrase in r.output, r.output
