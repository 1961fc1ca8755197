---------------- MODULE RRPInd ----------------
(* The inductive invariant of RRP, for `phalanx-verify prove inductive` (z3). It extends RRP and
   changes nothing of it: IndInv is the conjunction of the safety invariants, and it is already
   inductive. The paper's invariants need each other: RestoreReady alone is not inductive (a
   Commit from a state whose seals lie above the epoch), and neither is SealFenced (a Commit to an
   epoch already sealed); SealBound, which bounds every seal by the epoch, closes both. NoSteal and
   EpochMonotone are action properties, proved as IndInv /\ Next => property. *)
EXTENDS RRP
IndInv == /\ TypeOK
          /\ SealBound
          /\ RunWitness
          /\ RestoreReady
          /\ SealFenced
\* The candidates the issue names as not inductive on their own (each needs SealBound).
RestoreReadyAlone == TypeOK /\ RestoreReady
SealFencedAlone == TypeOK /\ SealFenced
=============================================
