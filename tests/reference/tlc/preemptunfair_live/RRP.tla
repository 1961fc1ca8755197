---------------- MODULE RRP ----------------
EXTENDS Naturals, FiniteSets
CONSTANTS Job, Leaf, None, MaxFail
VARIABLES live, epoch, phase, alloc, sealed, plan, failCount
vars == <<live, epoch, phase, alloc, sealed, plan, failCount>>
Assigned(j) == { l \in Leaf : alloc[l] = j }
Feasible(j, P) == /\ P # {} /\ P \subseteq live /\ \A l \in P : alloc[l] \in {None, j}
CommitGuard(j) == \A l \in plan[j] : alloc[l] \in {None, j}
Init == /\ live = Leaf
        /\ epoch = [j \in Job |-> 0]
        /\ phase = [j \in Job |-> "Run"]
        /\ alloc \in { f \in [Leaf -> Job \cup {None}] : \A j \in Job : Cardinality({l \in Leaf : f[l] = j}) >= MaxFail + 1 }
        /\ sealed = [j \in Job |-> {0}]
        /\ plan = [j \in Job |-> {}]
        /\ failCount = 0
Fail(l) == /\ failCount < MaxFail /\ l \in live /\ live' = live \ {l} /\ failCount' = failCount + 1 /\ UNCHANGED <<epoch, phase, alloc, sealed, plan>>
Detect(j) == /\ phase[j] = "Run" /\ Assigned(j) \ live # {} /\ phase' = [phase EXCEPT ![j] = "Plan"] /\ UNCHANGED <<live, epoch, alloc, sealed, plan, failCount>>
Plan(j) == /\ phase[j] = "Plan" /\ \E P \in SUBSET Leaf : (Feasible(j, P) /\ plan' = [plan EXCEPT ![j] = P]) /\ phase' = [phase EXCEPT ![j] = "Commit"] /\ UNCHANGED <<live, epoch, alloc, sealed, failCount>>
Commit(j) == /\ phase[j] = "Commit" /\ CommitGuard(j)
   /\ alloc' = [l \in Leaf |-> IF l \in plan[j] THEN j ELSE IF alloc[l] = j THEN None ELSE alloc[l]]
   /\ epoch' = [epoch EXCEPT ![j] = @ + 1] /\ phase' = [phase EXCEPT ![j] = "Restore"] /\ UNCHANGED <<live, sealed, plan, failCount>>
Abort(j) == /\ phase[j] = "Commit" /\ ~CommitGuard(j) /\ phase' = [phase EXCEPT ![j] = "Plan"] /\ UNCHANGED <<live, epoch, alloc, sealed, plan, failCount>>
Seal(j) == /\ phase[j] = "Run" /\ sealed' = [sealed EXCEPT ![j] = @ \cup {epoch[j]}] /\ UNCHANGED <<live, epoch, phase, alloc, plan, failCount>>
Restore(j) == /\ phase[j] = "Restore" /\ \E e \in sealed[j] : e < epoch[j] /\ phase' = [phase EXCEPT ![j] = "Run"] /\ UNCHANGED <<live, epoch, alloc, sealed, plan, failCount>>
Next == \/ \E l \in Leaf : Fail(l)
        \/ \E j \in Job : Detect(j) \/ Plan(j) \/ Commit(j) \/ Abort(j) \/ Seal(j) \/ Restore(j)
Fairness == \A j \in Job : /\ WF_vars(Detect(j)) /\ WF_vars(Plan(j)) /\ WF_vars(Commit(j)) /\ WF_vars(Abort(j)) /\ WF_vars(Restore(j))
Spec == Init /\ [][Next]_vars /\ Fairness
(* properties *)
TypeOK == /\ live \subseteq Leaf /\ epoch \in [Job -> Nat] /\ phase \in [Job -> {"Run","Plan","Commit","Restore"}] /\ alloc \in [Leaf -> Job \cup {None}] /\ sealed \in [Job -> SUBSET Nat] /\ plan \in [Job -> SUBSET Leaf] /\ failCount \in 0..MaxFail
SealBound == \A j \in Job : sealed[j] # {} /\ \A e \in sealed[j] : e <= epoch[j]
RunWitness == \A j \in Job : (phase[j] = "Run" /\ epoch[j] > 0) => \E e \in sealed[j] : e < epoch[j]
RestoreReady == \A j \in Job : phase[j] = "Restore" => \E e \in sealed[j] : e < epoch[j]
EpochMonotone == [][\A j \in Job : epoch'[j] >= epoch[j]]_vars
ReformLive == \A j \in Job : (phase[j] # "Run") ~> (phase[j] = "Run")
(* Strengthened properties. The paper argues these in words, but none of its checked properties
   can fail on the bugs they exclude (spec/mutants/manifest.toml: CommitNoGuard, SealNoPhaseGuard).
   Same formulations as the real-TLC recording reference/tlc/commitnoguard_nosteal_L7. *)
\* Invariant 2 in words: a job loses a leaf only in its own commit step (release and claim in one
\* transition), so no other job's commit can take its leaves.
NoSteal == [][\A j \in Job : \A l \in Leaf : (alloc[l] = j /\ alloc'[l] # j) => (phase[j] = "Commit" /\ phase'[j] = "Restore")]_vars
\* Lemma 1 (fencing): no manifest is sealed for an epoch whose workers have not yet been restored.
SealFenced == \A j \in Job : phase[j] = "Restore" => epoch[j] \notin sealed[j]
=============================================
