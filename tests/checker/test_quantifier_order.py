"""\\A x \\in S : P is first evaluated over S in any order (runtime.forall): when P holds for every
element the order cannot show; so are set filters and set maps (runtime.collect), whose set does
not depend on the order, only which error comes first. Where it fails or raises for some element, TLC's order decides
which comes first, FALSE or the error. Outcomes recorded from real TLC (TLC2 2026.12.04) on
this module: the ASSUME holds, and the invariant's evaluation fails on the initial state with
"The second argument of \\div is 0." (exit 75). In Python's order of these sets 0 comes before
-30, TLC's first element, so a search that did not go back to TLC's order would answer the
other way round in both places."""

from __future__ import annotations

from pathlib import Path

from .specs import check_model

SPEC = r"""---- MODULE Fa ----
EXTENDS Integers
VARIABLE s
ASSUME ~(\A x \in {y - 30 : y \in 0..30} : IF x = -30 THEN FALSE ELSE 1 \div 0 = 1)
Init == s = {y - 30 : y \in 0..30}
Next == UNCHANGED s
Inv == \A x \in s : IF x = -30 THEN 1 \div 0 = 1 ELSE FALSE
Holds == \A x \in s : x <= 0
====
"""


def test_tlcs_first_element_decides_between_false_and_an_error(tmp_path: Path) -> None:
    code, report, out = check_model(tmp_path, "Fa", "INIT Init\nNEXT Next\nINVARIANT Inv\n", SPEC)
    assert code == 75 and "The second argument of \\div is 0." in out, out
    assert (report["generated"], report["distinct"]) == (1, 1)


def test_a_quantifier_that_holds_everywhere(tmp_path: Path) -> None:
    code, report, out = check_model(tmp_path, "Fa", "INIT Init\nNEXT Next\nINVARIANT Holds\n", SPEC)
    assert code == 0, out
    assert (report["generated"], report["distinct"], report["depth"]) == (2, 1, 1)


def test_python_order_differs_from_tlcs_here() -> None:
    """The premise of the tests above: without it they could not fail."""
    s = frozenset(y - 30 for y in range(31))
    assert next(iter(s)) != -30


# Both fail in TLC with the error of its first element, -30: "The second argument of \\div is 0."
# (exit 10, the ASSUME's evaluation failed); every other element fails with %'s error.
FILTER = r"""---- MODULE Fc ----
EXTENDS Integers
S == {y - 30 : y \in 0..30}
ASSUME {x \in S : IF x = -30 THEN 1 \div 0 = 1 ELSE x % 0 = 1} = {}
====
"""
MAP = r"""---- MODULE Fm ----
EXTENDS Integers
S == {y - 30 : y \in 0..30}
ASSUME {IF x = -30 THEN 1 \div 0 ELSE x % 0 : x \in S} = {}
====
"""


def test_a_set_filter_fails_with_tlcs_first_error(tmp_path: Path) -> None:
    code, _report, out = check_model(tmp_path, "Fc", "", FILTER)
    assert code == 10 and "The second argument of \\div is 0." in out, out


def test_a_set_map_fails_with_tlcs_first_error(tmp_path: Path) -> None:
    code, _report, out = check_model(tmp_path, "Fm", "", MAP)
    assert code == 10 and "The second argument of \\div is 0." in out, out
