"""ENABLED through an instance's substitutions, as TLC evaluates it.

A property ``R!Spec`` with ``R == INSTANCE A WITH b <- x + y`` carries ``WF_b(Next)``: TLC
evaluates ENABLED <<Next>>_b in a context branched at the property, where a primed variable of
the instance is cut off from its substitution and becomes a free variable of the partial
successor, bound by name (``b' = 1 /\\ b' = 2`` is not enabled, ``b' > 5`` is an error). The
expected outcomes below were recorded from real TLC runs (TLC2 2026.12.01, ``-workers 1``): the
concrete spec only stutters at x = y = 0, so the property is violated exactly where TLC finds
ENABLED <<Next>>_b true. Also a definition read primed before every variable is assigned
(``Foo' = 2`` with Foo == x + 1): TLC looks variables up by name, so it works when Foo reads
only assigned ones and fails when it reads an unassigned one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .specs import check_model

CONCRETE = """---- MODULE M ----
EXTENDS Naturals
VARIABLE x, y
Init == x = 0 /\\ y = 0
Next == UNCHANGED <<x, y>>
Spec == Init /\\ [][Next]_<<x, y>>
R == INSTANCE A WITH b <- x + y
Refines == R!Spec
====
"""

ABSTRACT = """---- MODULE A ----
EXTENDS Naturals
VARIABLE b
Init == b = 0
Next == {next}
Spec == Init /\\ [][Next]_b /\\ WF_b(Next)
====
"""


check = check_model


@pytest.mark.parametrize(("action", "tlc_exit"), [
    ("b' = 7", 13),
    ("b' = b + 1", 13),
    ("b' \\in {1, 2} /\\ b' = 2", 13),
    ("b' = b", 0),                       # <<Next>>_b needs b' # b
    ("b' = 0", 0),
    ("b' \\in {0}", 0),
    ("b' = b + 1 /\\ b' = 9", 0),        # the first conjunct binds b', the second compares
    ("b' = 1 /\\ b' = 2", 0),
])
def test_enabled_binds_the_instance_variable_by_name(tmp_path: Path, action: str, tlc_exit: int) -> None:
    (tmp_path / "M.tla").write_text(CONCRETE)
    (tmp_path / "A.tla").write_text(ABSTRACT.format(next=action))
    code, rep, out = check(tmp_path, "M", "SPECIFICATION Spec\nPROPERTY Refines\n")
    assert code == tlc_exit, out
    assert (rep["generated"], rep["distinct"]) == (2, 1)  # TLC: 2 generated, 1 distinct
    if tlc_exit == 13:
        assert rep["violated"] == "Refines"


def test_enabled_reading_an_unbound_instance_variable_is_an_error(tmp_path: Path) -> None:
    """TLC: "In evaluation, the identifier b is either undefined or not an operator.", exit 255,
    its code for an error while it builds the liveness graph (check/errorexit.py). Never a
    verdict."""
    (tmp_path / "M.tla").write_text(CONCRETE)
    (tmp_path / "A.tla").write_text(ABSTRACT.format(next="b' > 5"))
    code, _rep, out = check(tmp_path, "M", "SPECIFICATION Spec\nPROPERTY Refines\n")
    assert code == 255, out
    assert "In evaluation, the identifier b is either undefined or not an operator." in out


PARTIAL = """---- MODULE P ----
EXTENDS Naturals
VARIABLE x, y
Foo == x + 1
Bar == y + 1
Init == x = 0 /\\ y = 0
Next == x' = 1 /\\ {read}' = 2 /\\ y' = 0
====
"""


def test_a_definition_read_primed_before_every_variable_is_assigned(tmp_path: Path) -> None:
    (tmp_path / "P.tla").write_text(PARTIAL.format(read="Foo"))
    code, rep, out = check(tmp_path, "P", "INIT Init\nNEXT Next\n")
    assert (code, rep["generated"], rep["distinct"], rep["depth"]) == (0, 3, 2, 2), out  # TLC's figures
    (tmp_path / "P.tla").write_text(PARTIAL.format(read="Bar"))
    code, rep, out = check(tmp_path, "P", "INIT Init\nNEXT Next\n")
    assert code == 75 and "y" in out, out  # TLC: evaluation error at y (line 5, col 8)
    assert (rep["generated"], rep["distinct"]) == (1, 1)


ABSTRACT_VARS = """---- MODULE A2 ----
EXTENDS Naturals
VARIABLE m, b
vars == <<m, b>>
Init == m = 0 /\\ b = 0
Next == \\/ m < 2 /\\ m' = m + 1 /\\ b' = b
        \\/ m = 2 /\\ UNCHANGED vars
Spec == Init /\\ [][Next]_vars /\\ WF_vars(Next)
====
"""

CONCRETE_VARS = """---- MODULE M2 ----
EXTENDS Naturals
VARIABLE m, x
Init == m = 0 /\\ x = 0
Next == \\/ m < 2 /\\ m' = m + 1 /\\ x' = x
        \\/ m = 2 /\\ UNCHANGED <<m, x>>
Spec == Init /\\ [][Next]_<<m, x>> /\\ WF_<<m, x>>(Next)
R == INSTANCE A2 WITH b <- x * 2
Refines == R!Spec
====
"""


def test_unchanged_of_a_definition_inside_enabled(tmp_path: Path) -> None:
    """UNCHANGED vars in the instance (m by implicit substitution, b <- x * 2): TLC's
    enabledUnchanged binds each variable to its current value, the substitution's for b (the
    shape of the public MisraReachability model's Refines). TLC: ok, 4 generated, 3 distinct,
    depth 3; the checker used to stop with "m' is not determined"."""
    (tmp_path / "A2.tla").write_text(ABSTRACT_VARS)
    (tmp_path / "M2.tla").write_text(CONCRETE_VARS)
    code, rep, out = check(tmp_path, "M2", "SPECIFICATION Spec\nPROPERTY Refines\n")
    assert (code, rep["generated"], rep["distinct"], rep["depth"]) == (0, 4, 3, 3), out
