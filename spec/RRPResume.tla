---------------- MODULE RRPResume ----------------
(* RRP plus the manifest each job resumed from. The paper's Invariant 1 only asks that SOME seal
   below the new epoch exists, which the initial seal of epoch 0 always provides; section 6.1
   says which one Restore loads: the newest sealed manifest with epoch <= e, e+1 being the new
   epoch. This module records that choice in `resumed` and checks it (ResumeNewest), and it
   refines RRP: every step is an RRP step on RRP's variables, and RRP's fairness holds
   (RefinesRRP). Only Restore is written out here; the other actions are RRP's own, through the
   instance, so the refinement check has exactly one hand-written action to hold to the spec. *)
EXTENDS Naturals, FiniteSets
CONSTANTS Job, Leaf, None, MaxFail
VARIABLES live, epoch, phase, alloc, sealed, plan, failCount, resumed
R == INSTANCE RRP
vars == <<live, epoch, phase, alloc, sealed, plan, failCount, resumed>>
\* The epochs j may resume from after a commit to epoch[j], and the newest of them.
Below(j) == { e \in sealed[j] : e < epoch[j] }
Newest(S) == CHOOSE e \in S : \A f \in S : f <= e
\* The instance call comes last in Init and in each action: the built-in engine loses the caller's
\* names after an instance call inside a conjunction; the order does not change the meaning.
Init == resumed = [j \in Job |-> 0] /\ R!Init
Fail(l) == UNCHANGED resumed /\ R!Fail(l)
Detect(j) == UNCHANGED resumed /\ R!Detect(j)
Plan(j) == UNCHANGED resumed /\ R!Plan(j)
Commit(j) == UNCHANGED resumed /\ R!Commit(j)
Abort(j) == UNCHANGED resumed /\ R!Abort(j)
Seal(j) == UNCHANGED resumed /\ R!Seal(j)
Restore(j) == /\ phase[j] = "Restore" /\ Below(j) # {}
              /\ resumed' = [resumed EXCEPT ![j] = Newest(Below(j))]
              /\ phase' = [phase EXCEPT ![j] = "Run"]
              /\ UNCHANGED <<live, epoch, alloc, sealed, plan, failCount>>
Next == \/ \E l \in Leaf : Fail(l)
        \/ \E j \in Job : Detect(j) \/ Plan(j) \/ Commit(j) \/ Abort(j) \/ Seal(j) \/ Restore(j)
Fairness == \A j \in Job : /\ WF_vars(Detect(j)) /\ WF_vars(Plan(j)) /\ WF_vars(Commit(j)) /\ WF_vars(Abort(j)) /\ WF_vars(Restore(j))
Spec == Init /\ [][Next]_vars /\ Fairness
(* properties: RRP's, read through the instance (a cfg cannot name R!X) *)
TypeOK == R!TypeOK /\ resumed \in [Job -> Nat]
SealBound == R!SealBound
RunWitness == R!RunWitness
RestoreReady == R!RestoreReady
EpochMonotone == R!EpochMonotone
ReformLive == R!ReformLive
NoSteal == R!NoSteal
SealFenced == R!SealFenced
\* Section 6.1: a running job at epoch e > 0 resumed from exactly the newest manifest sealed
\* under an epoch below e (seals made since are of epoch e itself, so Below(j) is still the set
\* Restore chose from).
ResumeNewest == \A j \in Job : (phase[j] = "Run" /\ epoch[j] > 0) => resumed[j] = Newest(Below(j))
\* Refinement: Spec => R!Spec, RRP's fairness included.
RefinesRRP == R!Spec
=============================================
