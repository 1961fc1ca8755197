---------------- MODULE RRPResumeInd ----------------
(* The inductive invariant of RRPResume, for `phalanx-verify prove inductive` (z3): RRP's (see
   RRPInd.tla) plus the resume invariant ResumeNewest and one strengthening, NewestWitness.
   ResumeNewest itself rests on determinism: a Seal in Run adds epoch[j], which is not below
   epoch[j], so Below(j), and the CHOOSE over it, stay put. But Restore writes Newest(Below(j))
   into `resumed`, and TypeOK' needs it to be a natural: that a nonempty finite set of naturals
   has a maximum is induction, which z3 does not do. NewestWitness states it for the sets Below(j)
   and is inductive itself: Commit adds at most epoch[j] to Below(j), the new maximum when sealed
   (SealBound), and otherwise leaves the set alone. *)
EXTENDS RRPResume
NewestWitness == \A j \in Job : Below(j) # {} => Newest(Below(j)) \in Below(j)
IndInv == /\ TypeOK
          /\ SealBound
          /\ RunWitness
          /\ RestoreReady
          /\ SealFenced
          /\ ResumeNewest
          /\ NewestWitness
\* Refinement of RRP, safety part: Init and every step are RRP's (RRPResume's RefinesRRP is
\* R!Spec, whose fairness conjuncts are liveness and no inductive obligation).
RefinesRRPSafety == R!Init /\ [][R!Next]_R!vars
\* ResumeNewest with only the type invariant: not inductive (no witness below the epoch).
ResumeNewestAlone == TypeOK /\ ResumeNewest
=============================================
