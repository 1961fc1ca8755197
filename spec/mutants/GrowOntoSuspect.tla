---------------- MODULE GrowOntoSuspect ----------------
\* MUTANT of RRPLifecycle.tla: a grow (a resize to more leaves than the job holds) skips the health check in Plan and Commit.
(* The whole lifecycle of a job as RRP epoch transitions (paper section 7, seed 003): failure,
   drain on a health verdict, defragmentation, elastic resize, checkpoint-before-preempt.

   Every placement change is RRP's Plan -> Commit -> Restore with RRP's guards; a trigger only
   moves a job from Run to Plan (it is a Detect with a different verdict) and may change the
   job's template size `target`, which bounds the next Plan. RRP's actions are used through the
   instance R wherever the lifecycle does not change them, so what is hand-written here is
   exactly what the lifecycle adds. Where a lifecycle step is not an RRP step, it is one of three
   widened RRP steps (Reform, Withdraw, Vacate below), each RRP's own effect on RRP's variables
   under a weaker guard; RefinesRRP checks that, and spec/LIFECYCLE.md argues why RRP's proved
   invariants survive the widening.

   Abstractions (argued in LIFECYCLE.md): a template is its size (1..Size leaves; 0 is a job
   suspended or finished); topology is abstracted away, so "consolidating" is any feasible plan
   chosen after a defragmentation verdict, which a safety property cannot tell from any other
   plan; priority is two classes, the gangs in High over the rest; the fragmentation monitor,
   the health agent and the capacity manager are nondeterministic, bounded by MaxEvents. *)
EXTENDS Naturals, FiniteSets
CONSTANTS Job, Leaf, None, MaxFail,
          High,       \* the high-priority gangs: waiting for their first placement at Init
          Size,       \* the full template size of every gang (leaves)
          MaxEvents   \* bound on health verdicts, defragmentations and resizes (like MaxFail)
VARIABLES live, epoch, phase, alloc, sealed, plan, failCount,
          suspect,    \* leaves a health agent marked Suspect (never placed on until healed)
          target,     \* [Job -> 0..Size]: the size of the job's current template
          cause,      \* [Job -> Cause]: the trigger of the job's latest reformation
          events      \* the lifecycle events so far that MaxEvents bounds
R == INSTANCE RRP
rrpvars == <<live, epoch, phase, alloc, sealed, plan, failCount>>
vars == <<live, epoch, phase, alloc, sealed, plan, failCount, suspect, target, cause, events>>
Cause == {"none", "arrive", "fail", "drain", "defrag", "resize", "preempt", "resume", "finish"}

Assigned(j) == R!Assigned(j)
\* Free leaves a plan may use: live, healthy, held by nobody.
Spare == { l \in live \ suspect : alloc[l] = None }
\* A high-priority gang waiting for capacity: it must be (re)placed and holds no leaf it could
\* keep (at Init; or after failures or health verdicts took every leaf it had).
Waiting(h) == phase[h] = "Plan" /\ target[h] > 0 /\ Assigned(h) \cap (live \ suspect) = {}
\* Health-aware placement: RRP's Feasible, no suspect leaf, no more leaves than the template;
\* a template of size 0 (suspended, finished) plans no leaf at all.
Healthy(P) == P \cap suspect = {}
Grows(j) == cause[j] = "resize" /\ target[j] > Cardinality(Assigned(j))
Fits(j, P) == IF target[j] = 0 THEN P = {}
              ELSE R!Feasible(j, P) /\ (Healthy(P) \/ Grows(j)) /\ Cardinality(P) <= target[j]
\* The commit re-checks health: a leaf may turn suspect between Plan and Commit.
CommitGuard(j) == R!CommitGuard(j) /\ (Healthy(plan[j]) \/ Grows(j))

\* A trigger: j leaves Run for Plan because of `why`, with template size n.
Trigger(j, why, n) == /\ phase[j] = "Run"
                      /\ phase' = [phase EXCEPT ![j] = "Plan"]
                      /\ cause' = [cause EXCEPT ![j] = why]
                      /\ target' = [target EXCEPT ![j] = n]
                      /\ UNCHANGED <<live, epoch, alloc, sealed, plan, failCount, suspect>>

Init == /\ live = Leaf
        /\ epoch = [j \in Job |-> 0]
        \* RRP's, but a gang in High arrives waiting: no leaf, in Plan. The others hold at least
        \* MaxFail + 1 leaves, as in RRP (so failures alone never take all of a job's leaves).
        /\ phase = [j \in Job |-> IF j \in High THEN "Plan" ELSE "Run"]
        /\ alloc \in { f \in [Leaf -> Job \cup {None}] :
                         \A j \in Job : Cardinality({l \in Leaf : f[l] = j}) \in
                                         IF j \in High THEN {0} ELSE (MaxFail + 1)..Size }
        /\ sealed = [j \in Job |-> {0}]
        /\ plan = [j \in Job |-> {}]
        /\ failCount = 0
        /\ suspect = {}
        \* a gang's template is the full size; a running job's is the size it holds
        /\ target = [j \in Job |-> IF j \in High THEN Size ELSE Cardinality({l \in Leaf : alloc[l] = j})]
        /\ cause = [j \in Job |-> IF j \in High THEN "arrive" ELSE "none"]
        /\ events = 0

\* RRP's own actions. (The instance call comes last in each action, as in RRPResume.tla.)
Fail(l) == UNCHANGED <<suspect, target, cause, events>> /\ R!Fail(l)
Detect(j) == /\ cause' = [cause EXCEPT ![j] = "fail"] /\ UNCHANGED <<suspect, target, events>>
             /\ R!Detect(j)
Seal(j) == UNCHANGED <<suspect, target, cause, events>> /\ R!Seal(j)
Restore(j) == UNCHANGED <<suspect, target, cause, events>> /\ R!Restore(j)
\* RRP's Commit under the lifecycle's CommitGuard (RRP's, which R!Commit repeats, and healthy).
Commit(j) == /\ CommitGuard(j) /\ UNCHANGED <<suspect, target, cause, events>>
             /\ R!Commit(j)
\* RRP's Plan, the chosen P restricted by Fits (so an RRP Plan step whenever P # {}).
Plan(j) == /\ phase[j] = "Plan"
           /\ \E P \in SUBSET Leaf : Fits(j, P) /\ plan' = [plan EXCEPT ![j] = P]
           /\ phase' = [phase EXCEPT ![j] = "Commit"]
           /\ UNCHANGED <<live, epoch, alloc, sealed, failCount, suspect, target, cause, events>>
\* RRP's Abort under the lifecycle's CommitGuard (also when only the health check fails).
Abort(j) == /\ phase[j] = "Commit" /\ ~CommitGuard(j)
            /\ phase' = [phase EXCEPT ![j] = "Plan"]
            /\ UNCHANGED <<live, epoch, alloc, sealed, plan, failCount, suspect, target, cause, events>>

\* The health agent.
Suspect(l) == /\ events < MaxEvents /\ l \in live \ suspect
              /\ suspect' = suspect \cup {l} /\ events' = events + 1
              /\ UNCHANGED <<live, epoch, phase, alloc, sealed, plan, failCount, target, cause>>
Heal(l) == /\ l \in suspect /\ suspect' = suspect \ {l}
           /\ UNCHANGED <<live, epoch, phase, alloc, sealed, plan, failCount, target, cause, events>>

\* The triggers. Each is a Detect with another verdict: Run -> Plan, nothing else of RRP moves.
Drain(j) == Assigned(j) \cap suspect # {} /\ Trigger(j, "drain", target[j]) /\ UNCHANGED events
\* The fragmentation monitor's verdict: j, holding leaves, is moved while healthy free leaves
\* exist to consolidate into.
Defrag(j) == /\ j \notin High /\ events < MaxEvents /\ Assigned(j) # {} /\ Spare # {}
             /\ events' = events + 1 /\ Trigger(j, "defrag", target[j])
\* A template switch: grow (when capacity frees) or shrink (pressure, abstracted).
Resize(j, n) == /\ j \notin High /\ events < MaxEvents /\ target[j] > 0 /\ n # target[j]
                /\ (n > target[j] => Spare # {})
                /\ events' = events + 1 /\ Trigger(j, "resize", n)
\* Checkpoint-before-preempt: h waits and no healthy free leaf is left, so the lower-priority j,
\* whose manifest of its current epoch is sealed, reforms by its own Plan/Commit/Restore onto a
\* smaller template of n leaves, or is suspended to zero leaves (n = 0). Either way its Commit
\* gives back what the new template does not keep, and only then can h plan onto it.
Preempt(j, h, n) == /\ j \notin High /\ Waiting(h) /\ Spare = {} /\ Assigned(j) # {}
                    /\ n < target[j]
                    /\ epoch[j] \in sealed[j]
                    /\ Trigger(j, "preempt", n) /\ UNCHANGED events
\* A preempted job, suspended or shrunk, comes back at its full template once capacity returned
\* and every gang of higher priority runs (one still being placed comes first: a resume racing it
\* for the freed leaves could make it wait, and preempt, again and again).
Resume(j) == /\ j \notin High /\ cause[j] = "preempt" /\ target[j] < Size /\ Spare # {}
             /\ \A h \in High : phase[h] = "Run"
             /\ Trigger(j, "resume", Size) /\ UNCHANGED events
\* The preemptor's work ends: it gives its leaves back by its own Commit to zero leaves.
Finish(h) == /\ h \in High /\ Assigned(h) # {} /\ target[h] > 0
             /\ Trigger(h, "finish", 0) /\ UNCHANGED events

Next == \/ \E l \in Leaf : Fail(l) \/ Suspect(l) \/ Heal(l)
        \/ \E j \in Job : Detect(j) \/ Plan(j) \/ Commit(j) \/ Abort(j) \/ Seal(j) \/ Restore(j) \/ Drain(j)
        \* (quantified over the jobs each trigger is for, so no sub-action is FALSE by its guard)
        \/ \E j \in Job \ High : \/ Defrag(j) \/ Resume(j) \/ \E n \in 1..Size : Resize(j, n)
                                 \/ \E h \in High, n \in 0..(Size - 1) : Preempt(j, h, n)
        \/ \E j \in High : Finish(j)
\* RRP's fairness, and: a suspect leaf is eventually healed (repaired or cleared); a running job
\* eventually seals its current epoch (periodic checkpoints), so a victim can be preempted; a
\* drain, a preemption and a resume, once continuously (resp. repeatedly) possible, happen; the
\* preemptor's work is finite. See LIFECYCLE.md for why each is needed.
Fairness == /\ \A j \in Job : /\ WF_vars(Detect(j)) /\ WF_vars(Plan(j)) /\ WF_vars(Commit(j))
                              /\ WF_vars(Abort(j)) /\ WF_vars(Restore(j))
                              /\ WF_vars(Seal(j)) /\ WF_vars(Drain(j)) /\ WF_vars(Finish(j))
                              /\ WF_vars(\E h \in High, n \in 0..(Size - 1) : Preempt(j, h, n)) /\ SF_vars(Resume(j))
            /\ \A l \in Leaf : WF_vars(Heal(l))
Spec == Init /\ [][Next]_vars /\ Fairness

(* RRP's properties, read through the instance (a cfg cannot name R!X) *)
TypeOK == /\ R!TypeOK
          /\ suspect \subseteq Leaf /\ target \in [Job -> 0..Size] /\ cause \in [Job -> Cause]
          /\ events \in 0..MaxEvents
SealBound == R!SealBound
RunWitness == R!RunWitness
RestoreReady == R!RestoreReady
SealFenced == R!SealFenced
EpochMonotone == R!EpochMonotone
NoSteal == R!NoSteal
ReformLive == R!ReformLive

(* The lifecycle's properties *)
\* Health-aware placement: no step gives a job a leaf that is suspect.
SuspectAvoided == [][\A l \in Leaf : (alloc'[l] # None /\ alloc'[l] # alloc[l]) => l \notin suspect]_vars
\* Checkpoint-before-preempt: from its preemption until its workers are restored, a preempted
\* job's newest seal is the epoch it was preempted at (epoch[j] - 1 once its Commit moved on),
\* so it resumes from a manifest no older than the preemption.
Newest(S) == CHOOSE e \in S : \A f \in S : f <= e
PreemptAfterSeal == \A j \in Job : (cause[j] = "preempt" /\ phase[j] # "Run") =>
                        Newest(sealed[j]) = IF phase[j] = "Restore" THEN epoch[j] - 1 ELSE epoch[j]
\* Liveness: a drained job is back in Run; a waiting gang is placed; a preempted job runs again.
DrainLive == \A j \in Job : (cause[j] = "drain" /\ phase[j] # "Run") ~> (phase[j] = "Run")
GangPlaced == \A h \in High : Waiting(h) ~> (phase[h] = "Run")
PreemptedRuns == \A j \in Job : (cause[j] = "preempt") ~> (phase[j] = "Run" /\ Assigned(j) # {})

(* Unification. The three ways a lifecycle step may differ from an RRP step, each RRP's own
   effect on RRP's variables under a weaker guard: *)
\* RRP's Detect without "a leaf of j is dead": any trigger (Drain, Defrag, Resize, Preempt,
\* Resume, Finish).
Reform(j) == /\ phase[j] = "Run" /\ phase' = [phase EXCEPT ![j] = "Plan"]
             /\ UNCHANGED <<live, epoch, alloc, sealed, plan, failCount>>
\* RRP's Abort when the commit fails only the health check (a plan leaf turned suspect).
Withdraw(j) == /\ phase[j] = "Commit" /\ phase' = [phase EXCEPT ![j] = "Plan"]
               /\ UNCHANGED <<live, epoch, alloc, sealed, plan, failCount>>
\* RRP's Plan of the empty footprint (Feasible asks P # {}): a job suspended or finished.
Vacate(j) == /\ phase[j] = "Plan" /\ plan' = [plan EXCEPT ![j] = {}]
             /\ phase' = [phase EXCEPT ![j] = "Commit"]
             /\ UNCHANGED <<live, epoch, alloc, sealed, failCount>>
\* Every step is an RRP step, a widened RRP step, or leaves RRP's variables unchanged.
RefinesRRP == [][R!Next \/ \E j \in Job : Reform(j) \/ Withdraw(j) \/ Vacate(j)]_rrpvars
\* The strict form, which the triggers violate (a test shows the first such step is a trigger).
StrictlyRRP == [][R!Next]_rrpvars
=============================================
