"""f[x] with x outside DOMAIN f: TLC's message depends on how f was made (a constructor as
evaluated, a table, a tuple, a record: phalanx_verify/tla/outside.py). Each case is an invariant
of a one-state model; TLC 2026.12.01 (rev cc6b616) exits 75 on each with the message recorded
here (its line breaks written as spaces)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checker.specs import check_model

CASES = [
    # a constructor applied where it is written, in a LET, as an operator's result, as a
    # state-level definition, changed by EXCEPT, under IF: TLC's FcnLambdaValue
    ('[i \\in 1..2 |-> 0][3] = 0',
     "In applying the function <<0, 0>>, the first argument is: 3 which is not in its domain."),
    ('LET g == [i \\in 1..2 |-> 0] IN g[3] = 0',
     "In applying the function <<0, 0>>, the first argument is: 3 which is not in its domain."),
    ('F(2)[3] = 0', "In applying the function <<0, 0>>, the first argument is: 3 which is not in its domain."),
    ('G[3] = 0', "In applying the function <<0, 0>>, the first argument is: 3 which is not in its domain."),
    ('[[i \\in 1..2 |-> 0] EXCEPT ![1] = 5][3] = 0',
     "In applying the function <<5, 0>>, the first argument is: 3 which is not in its domain."),
    ('[i \\in {"x","y"} |-> 0]["z"] = 0',
     'In applying the function [x |-> 0, y |-> 0], the first argument is: "z" which is not in its domain.'),
    ('[i \\in 1..2 |-> 0]["a"] = 0', 'Attempted to check if the value: "a" is in the integer interval 1..2'),
    ('[i \\in {"x","y"} |-> 0][1] = 0', 'Attempted to check equality of string "x" with non-string: 1'),
    ('LET f[i \\in 1..3] == IF i = 1 THEN 1 ELSE f[i-1] IN f[4] = 0',
     "In applying the function <<1, 1, 1>>, the first argument is: 4 which is not in its domain."),
    ('[<<a, b>> \\in {1} \\X {2} |-> 0][<<3, 3>>] = 0',
     "In applying the function (<<1, 2>> :> 0), the first argument is: <<3, 3>> which is not in its domain."),
    ('[i \\in 1..2, j \\in {"a"} |-> 0][1, "b"] = 0',
     'In applying the function (<<1, "a">> :> 0 @@ <<2, "a">> :> 0), the argument number 2 is: "b" which is '
     'not in the function\'s domain {<<1, "a">>, <<2, "a">>}.'),
    ('[i \\in 1..2, j \\in {"a"} |-> 0][7] = 0',
     'In applying the function (<<1, "a">> :> 0 @@ <<2, "a">> :> 0), the argument list is: 7 which does not '
     'match its formal parameter.'),
    # a constant definition TLC computed at startup, and :> and @@: a table (FcnRcdValue)
    ('H[3] = 0', "Attempted to apply function: <<0, 0>> to argument 3, which is not in the domain of the function."),
    ('H["a"] = 0', 'Attempted to apply function with integer domain to the non-integer argument "a"'),
    ('fact[6] = 0', "Attempted to apply function: (0 :> 1 @@ 1 :> 1 @@ 2 :> 2) to argument 6, which is not in "
                    "the domain of the function."),
    ('(1 :> 2 @@ 3 :> 4)[5] = 0',
     "Attempted to apply function: (1 :> 2 @@ 3 :> 4) to argument 5, which is not in the domain of the function."),
    ('(1 :> 2)["a"] = 0', 'Attempted to check equality of integer 1 with non-integer: "a"'),
    # tuples (TupleValue) and records (RecordValue)
    ('<<1,2>>[3] = 0', "Attempted to access index 3 of tuple <<1, 2>> which is out of bounds."),
    ('Append(<<1>>, 2)[0] = 0', "Attempted to access index 0 of tuple <<1, 2>> which is out of bounds."),
    ('<<1,2>>["a"] = 0', 'Attempted to access tuple at a non integral index: "a"'),
    ('[a |-> 1, b |-> 2]["c"] = 0', "Attempted to access nonexistent field 'c' of record [a |-> 1, b |-> 2]"),
    ('R["c"] = 0', "Attempted to access nonexistent field 'c' of record [a |-> 1, b |-> 2]"),
    ('[a |-> 1][1] = 0', "Attempted to access record by a non-string argument: 1"),
    ('[a |-> 1]["a", "b"] = 0', 'Attempted to access record by a non-string argument: <<"a", "b">>'),
]

SPEC = """---- MODULE M ----
EXTENDS Naturals, Sequences, TLC
VARIABLE st
Init == st = 0
Next == UNCHANGED st
F(n) == [i \\in 1..n |-> 0]
G == [i \\in 1..2 |-> st]
H == [i \\in 1..2 |-> 0]
R == [a |-> 1, b |-> 2]
fact[n \\in 0..2] == IF n = 0 THEN 1 ELSE n * fact[n - 1]
Inv == {inv}
====
"""


@pytest.mark.parametrize(("inv", "message"), CASES)
def test_outside_the_domain_says_what_tlc_says(tmp_path: Path, inv: str, message: str) -> None:
    code, report, output = check_model(tmp_path, "M", "INIT Init\nNEXT Next\nINVARIANT Inv\n",
                                       SPEC.format(inv=inv))
    assert code == 75, output
    assert report["message"].partition("evaluation error: ")[2] == message, output
