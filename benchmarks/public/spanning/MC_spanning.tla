---- MODULE MC_spanning ----
EXTENDS spanning
Neighbors == {<<1, 2>>, <<1, 3>>}
============================
