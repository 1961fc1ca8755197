---- MODULE M ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
IncX == x < 3 /\ x' = x + 1 /\ UNCHANGED y
IncY == y < 2 /\ y' = y + 1 /\ UNCHANGED x
Reset == x = 3 /\ y = 2 /\ x' = 0 /\ y' = 0
Never == x > 10 /\ x' = 0 /\ UNCHANGED y
Next == IncX \/ IncY \/ Reset \/ Never
Inv == x + y < 6
Inv2 == x < 3
====
