---- MODULE S2 ----
\* A 20 x 20 torus: no deadlock; Inv fails at one state, 15 steps deep (the "deep bug").
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
IncX == x' = (x + 1) % 20 /\ UNCHANGED y
IncY == y' = (y + 1) % 20 /\ UNCHANGED x
Next == IncX \/ IncY
Inv == ~(x = 12 /\ y = 3)
TypeOK == x \in 0..19 /\ y \in 0..19
Step == [][x' # x \/ y' # y]_<<x, y>>
====
