------------------------------- MODULE TLAPS --------------------------------
(***************************************************************************)
(* The module that specifications with TLAPS proofs EXTEND, as the TLA+    *)
(* Proof System ships it: each name is a pragma naming a back-end prover   *)
(* that a BY or USE may cite, and means TRUE. A model checker evaluates    *)
(* none of it (a proof is not checked by TLC), so this module defines the  *)
(* names, with their arities, for specifications to be checked as TLC      *)
(* checks them with the TLAPS library on its path. Found after the         *)
(* directories of the specification and of --lib: a TLAPS.tla there wins. *)
(***************************************************************************)

SimpleArithmetic == TRUE
SMT == TRUE
SMTT(X) == TRUE
CVC3 == TRUE
CVC3T(X) == TRUE
CVC4 == TRUE
CVC4T(X) == TRUE
Yices == TRUE
YicesT(X) == TRUE
veriT == TRUE
veriTT(X) == TRUE
Zipper == TRUE
ZipperT(X) == TRUE
Z3 == TRUE
Z3T(X) == TRUE
Spass == TRUE
SpassT(X) == TRUE
LS4 == TRUE
LS4T(X) == TRUE
PTL == TRUE
Zenon == TRUE
ZenonT(X) == TRUE
Isa == TRUE
IsaT(X) == TRUE
IsaM(X) == TRUE
IsaMT(X, Y) == TRUE
IsaWithSetExtensionality == TRUE

THEOREM SetExtensionality == \A S, T : (\A x : x \in S <=> x \in T) => S = T
OBVIOUS

THEOREM NoSetContainsEverything == \A S : \E x : x \notin S
OBVIOUS

SlowZenon == TRUE
SlowerZenon == TRUE
VerySlowZenon == TRUE
SlowestZenon == TRUE
Auto == TRUE
SlowAuto == TRUE
SlowerAuto == TRUE
SlowestAuto == TRUE
Force == TRUE
SlowForce == TRUE
SlowerForce == TRUE
SlowestForce == TRUE
SimplifyAndSolve == TRUE
SlowSimplifyAndSolve == TRUE
SlowerSimplifyAndSolve == TRUE
SlowestSimplifyAndSolve == TRUE
Simplification == TRUE
SlowSimplification == TRUE
SlowerSimplification == TRUE
SlowestSimplification == TRUE
Blast == TRUE
SlowBlast == TRUE
SlowerBlast == TRUE
SlowestBlast == TRUE
AutoBlast == TRUE
AllProvers == TRUE
AllProversT(X) == TRUE
AllSMT == TRUE
AllSMTT(X) == TRUE
AllIsa == TRUE
AllIsaT(X) == TRUE
ExpandENABLED == TRUE
ExpandCdot == TRUE
AutoUSE == TRUE
Lambdify == TRUE
ENABLEDaxioms == TRUE
LevelComparison == TRUE
EnabledWrapper(Op(_)) == FALSE
CdotWrapper(Op(_)) == FALSE
Trivial == TRUE
=============================================================================
