"""Model values in TLC's order: TLC orders them by when their names were first read
(UniqueString's token number) and reads the cfg before the spec, so ``P = {b, a}`` puts b
first, whatever the names. Quantifiers, CHOOSE and printing follow that order. Ordering by name
gave a wrong verdict (CHOOSE p \\in {b, a} : TRUE is b in TLC, was a here) and wrong counts at a
violation. Outcomes recorded from real TLC runs (TLC2 2026.12.01, -workers 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model

CHOOSER = """---- MODULE D ----
EXTENDS TLC
CONSTANT P
VARIABLE x
Init == x = CHOOSE p \\in P : TRUE
Next == UNCHANGED x
Inv == ToString(x) # "a"
====
"""

# The public model (tlaplus/Examples, specifications/MissionariesAndCannibals, by L. Lamport).
MISSIONARIES = """---------------------- MODULE MissionariesAndCannibals ----------------------
EXTENDS Integers, FiniteSets
CONSTANTS Missionaries, Cannibals
VARIABLES bank_of_boat, who_is_on_bank
TypeOK == /\\ bank_of_boat \\in {"E","W"}
          /\\ who_is_on_bank \\in
                [{"E","W"} -> SUBSET (Cannibals \\cup Missionaries)]
Init == /\\ bank_of_boat = "E"
        /\\ who_is_on_bank = [i \\in {"E","W"} |->
                               IF i = "E" THEN Cannibals \\cup Missionaries
                                          ELSE  {} ]
IsSafe(S) == \\/ S \\subseteq Cannibals
             \\/ Cardinality(S \\cap Cannibals) =< Cardinality(S \\cap Missionaries)
OtherBank(b) == IF b = "E" THEN "W" ELSE "E"
Move(S,b) == /\\ Cardinality(S) \\in {1,2}
             /\\ LET newThisBank  == who_is_on_bank[b] \\ S
                    newOtherBank == who_is_on_bank[OtherBank(b)] \\cup S
                IN  /\\ IsSafe(newThisBank)
                    /\\ IsSafe(newOtherBank)
                    /\\ bank_of_boat' = OtherBank(b)
                    /\\ who_is_on_bank' =
                         [i \\in {"E","W"} |-> IF i = b THEN newThisBank
                                                       ELSE newOtherBank]
Next == \\E S \\in SUBSET who_is_on_bank[bank_of_boat] :
            Move(S, bank_of_boat)
Solution == who_is_on_bank["E"] /= {}
====
"""


def check(folder: Path, name: str, spec: str, cfg: str) -> tuple[int, dict, str]:
    return check_model(folder, name, cfg, spec)


def test_choose_takes_the_model_value_the_cfg_names_first(tmp_path: Path) -> None:
    code, rep, out = check(tmp_path, "D", CHOOSER, "CONSTANT P = {b, a}\nINIT Init\nNEXT Next\nINVARIANT Inv\n")
    assert (code, rep["generated"], rep["distinct"]) == (0, 2, 1), out  # TLC: ok, x = b
    code, rep, out = check(tmp_path, "D", CHOOSER, "CONSTANT P = {a, b}\nINIT Init\nNEXT Next\nINVARIANT Inv\n")
    assert (code, rep["violated"]) == (12, "Inv"), out  # TLC: x = a violates Inv


@pytest.mark.parametrize("cannibals", ["c1, c2, c3", "a1, a2, a3", "z1, z2, z3"])
def test_counts_at_a_violation_do_not_depend_on_the_names(tmp_path: Path, cannibals: str) -> None:
    """TLC: Invariant Solution is violated, 225 generated, 61 distinct, 11 on the queue, for
    every naming of the cannibals (the missionaries, named first in the cfg, come first); by
    name, c1..c3 came before m1..m3 and the search stopped after 226."""
    cfg = (f"CONSTANTS\n  Missionaries = {{m1, m2, m3}}\n  Cannibals = {{{cannibals}}}\n"
           "INIT Init\nNEXT Next\nINVARIANTS\n  TypeOK\n  Solution\n")
    code, rep, out = check(tmp_path, "MissionariesAndCannibals", MISSIONARIES, cfg)
    assert (code, rep["violated"], rep["generated"], rep["distinct"], rep["queue"]) == \
        (12, "Solution", 225, 61, 11), out
