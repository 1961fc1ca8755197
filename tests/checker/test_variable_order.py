"""TLC's order of a spec's variables (tla/varorder.py): the reverse of a java.util.Hashtable's
enumeration of SANY's symbol table. Each expected order is the one TLC printed states in
(TLC2 2026.12.05, -dump); the two 54/55-definition specs differ only by one definition, which
grows the table (191 to 383 buckets) and so reorders the variables."""

from __future__ import annotations

from pathlib import Path

import pytest

from phalanx_verify.tla.parse import parse_module_text
from phalanx_verify.tla.varorder import JavaHashtable, java_hash, tlc_variable_order
from tests.checker.specs import check_model

ROOT = Path(__file__).resolve().parents[2]


def _dummies(k: int) -> str:
    return ("---- MODULE V ----\nEXTENDS Naturals\nVARIABLES alpha, beta, gamma\n"
            "Init == alpha = 0 /\\ beta = 0 /\\ gamma = 0\nNext == UNCHANGED <<alpha, beta, gamma>>\n"
            + "".join(f"D{i} == {i}\n" for i in range(k)) + "====\n")


@pytest.mark.parametrize(("text", "tlc"), [
    ((ROOT / "spec" / "RRP.tla").read_text(), ["live", "epoch", "alloc", "phase", "failCount", "plan", "sealed"]),
    (_dummies(54), ["alpha", "gamma", "beta"]),
    (_dummies(55), ["gamma", "alpha", "beta"]),
    ("---- MODULE S ----\nEXTENDS TLC\nCONSTANTS S, none\nVARIABLES held, last\nInit == held = {} /\\ last = none\n"
     "Next == UNCHANGED <<held, last>>\nSym == Permutations(S)\nView == last\n====\n", ["last", "held"]),
])
def test_the_order_is_tlcs(text: str, tlc: list[str]) -> None:
    assert tlc_variable_order(parse_module_text(text, "M.tla"), lambda name: pytest.fail(name)) == tlc


def test_an_instance_leaves_the_order_unknown() -> None:
    text = _dummies(3).replace("D0 == 0", "N == INSTANCE Naturals")
    assert tlc_variable_order(parse_module_text(text, "M.tla"), lambda name: pytest.fail(name)) is None


def test_the_table_grows_and_enumerates_as_javas() -> None:
    assert java_hash("held") == 3198773 and java_hash("\\leq") == 2847804  # jshell: "held".hashCode(), ...
    table = JavaHashtable()
    for name in ("a", "l", "w"):  # 97, 108, 119: one bucket of 11, newest first in its chain
        table.put(name)
    assert list(table.elements()) == ["w", "l", "a"]  # jshell: Collections.list(hashtable.keys())
    for i in range(6):
        table.put(f"k{i}")
    assert len(table.table) == 23  # the ninth entry found the count at the threshold, 8


def test_a_counterexample_prints_its_variables_in_tlcs_order(tmp_path: Path) -> None:
    """TLC printed this trace's states as gamma, alpha, beta (the table of 145 symbols has 383
    buckets); the built-in printed them as declared."""
    spec = _dummies(55).replace("Next == UNCHANGED <<alpha, beta, gamma>>",
                                "Next == alpha' = alpha + 1 /\\ UNCHANGED <<beta, gamma>>\nInv == alpha < 1")
    code, _report, out = check_model(tmp_path, "V", "INIT Init\nNEXT Next\nINVARIANT Inv\n", spec)
    assert code == 12, out
    lines = [ln.split("=")[0].strip(" */\\") for ln in out.splitlines() if ln.lstrip(" *").startswith("/\\")]
    assert lines[:3] == ["gamma", "alpha", "beta"], out
