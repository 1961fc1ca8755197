---------------- MODULE RRPLifecycleInd ----------------
(* The inductive invariant of RRPLifecycle, for `phalanx-verify prove inductive` (z3): RRP's own
   (RRPInd.tla: TypeOK, SealBound, RunWitness, RestoreReady, SealFenced, already inductive for
   RRP's Next) plus PreemptAfterSeal. Proving it over the lifecycle's Next, one obligation per
   sub-action, is what carries RRP's invariants over to the widened steps (Reform, Withdraw,
   Vacate; LIFECYCLE.md): every trigger, the health agent, and the empty plan of a suspension.
   The action properties (EpochMonotone, NoSteal, SuspectAvoided, RefinesRRP) are proved as
   IndInv /\ step => property. *)
EXTENDS RRPLifecycle
IndInv == /\ TypeOK
          /\ SealBound
          /\ RunWitness
          /\ RestoreReady
          /\ SealFenced
          /\ PreemptAfterSeal
\* PreemptAfterSeal without SealBound: not inductive (a seal above the epoch would be the newest).
PreemptAfterSealAlone == TypeOK /\ PreemptAfterSeal
=============================================
