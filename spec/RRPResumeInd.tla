---------------- MODULE RRPResumeInd ----------------
(* The inductive invariant of RRPResume, for `phalanx-verify prove inductive` (z3): RRP's (see
   RRPInd.tla) plus the resume invariant ResumeNewest and a type for `resumed`. ResumeNewest
   needs RunWitness (a running job past epoch 0 has a seal below its epoch, so Newest(Below(j))
   is a real maximum) and nothing more: a Seal in Run adds epoch[j], which is not below epoch[j],
   so Below(j) and its newest element stay put. *)
EXTENDS RRPResume
IndInv == /\ TypeOK
          /\ SealBound
          /\ RunWitness
          /\ RestoreReady
          /\ SealFenced
          /\ ResumeNewest
\* Refinement of RRP, safety part: Init and every step are RRP's (RRPResume's RefinesRRP is
\* R!Spec, whose fairness conjuncts are liveness and no inductive obligation).
RefinesRRPSafety == R!Init /\ [][R!Next]_R!vars
\* ResumeNewest with only the type invariant: not inductive (no witness below the epoch).
ResumeNewestAlone == TypeOK /\ ResumeNewest
=============================================
