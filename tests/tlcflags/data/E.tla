---- MODULE E ----
\* An Assert that fails on the third step, and (NextDiv) a division by zero on the seventh.
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0
Next == x' = IF x = 2 THEN (IF Assert(FALSE, "x reached 2") THEN 3 ELSE 3) ELSE x + 1
NextDiv == x' = 10 \div (2 - x)
====
