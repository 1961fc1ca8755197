---- MODULE S ----
\* Two bounded counters: every behaviour deadlocks at x = 20, y = 20 (40 steps).
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
IncX == x < 20 /\ x' = x + 1 /\ UNCHANGED y
IncY == y < 20 /\ y' = y + 1 /\ UNCHANGED x
Next == IncX \/ IncY
TRUEINV == TRUE
Live == <>(x = 20)
Spec == Init /\ [][Next]_<<x, y>>
FairSpec == Spec /\ WF_<<x, y>>(Next)
====
