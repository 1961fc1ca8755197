"""Checking given states and steps against the spec (the trace replayer's evaluator)."""

from pathlib import Path

from phalanx_verify.check.model import Model, load_model
from phalanx_verify.tla.config import parse_config_text
from phalanx_verify.tla.values import Fcn, ModelValue

SPEC = Path(__file__).resolve().parents[2] / "spec"


def test_every_explored_step_is_accepted_and_others_rejected():
    model = load_model(SPEC / "RRP.tla", SPEC / "RRP_L6.cfg")
    inits = list(model.init())
    assert all(model.check_init(s) for s in inits)
    seen = 0
    for s in inits[:3]:
        succs = list(model.next(s))
        for lab, args, t in succs:
            labels = model.check_step(s, t)
            assert model.labels[lab].render(args) in labels
            seen += 1
        # A successor of another initial state is not a step from s.
        other = next(t for _, _, t in model.next(inits[-1]) if t not in {u for _, _, u in succs})
        assert model.check_step(s, other) == []
    assert seen > 10


def _forty_leaves() -> tuple[Model, list[ModelValue], tuple]:
    """RRP at 40 leaves (SUBSET Leaf has 2^40 elements, [Leaf -> Job \\cup {None}] 3^40) and a
    state where l0 has failed and j1 is in Plan."""
    leaves = ", ".join(f"l{i}" for i in range(40))
    cfg = parse_config_text(f"SPECIFICATION Spec\nCONSTANTS\n Job = {{j1, j2}}\n Leaf = {{{leaves}}}\n"
                            " None = none\n MaxFail = 2\n", "big.cfg")
    model = Model(SPEC / "RRP.tla", cfg)
    L = [ModelValue(f"l{i}") for i in range(40)]
    j1, j2 = ModelValue("j1"), ModelValue("j2")
    alloc = Fcn({leaf: (j1 if i < 20 else j2) for i, leaf in enumerate(L)})
    jobs = (j1, j2)
    s = (frozenset(L[1:]), Fcn(dict.fromkeys(jobs, 0)), Fcn({j1: "Plan", j2: "Run"}), alloc,
         Fcn(dict.fromkeys(jobs, frozenset({0}))), Fcn(dict.fromkeys(jobs, frozenset())), 1)
    return model, L, s


def test_witness_binds_the_existential_without_enumerating():
    model, L, s = _forty_leaves()
    j1, j2 = ModelValue("j1"), ModelValue("j2")
    alloc = s[3]
    start = (frozenset(L), s[1], Fcn(dict.fromkeys((j1, j2), "Run")), alloc, s[4], s[5], 0)
    assert model.check_init(start)
    assert not model.check_init(s)
    P = frozenset(L[1:20])
    t = (s[0], s[1], Fcn({j1: "Commit", j2: "Run"}), alloc, s[4], Fcn({j1: P, j2: frozenset()}), 1)
    assert model.check_step(s, t, {"P": P}) == ["Plan(j1)"]
    # A witness that contradicts the step, or a plan with someone else's leaf, is rejected.
    assert model.check_step(s, t, {"P": frozenset(L[1:5])}) == []
    bad = (s[0], s[1], t[2], alloc, s[4], Fcn({j1: P | {L[25]}, j2: frozenset()}), 1)
    assert model.check_step(s, bad, {"P": P | {L[25]}}) == []


def test_unlogged_witness_does_not_enumerate_when_the_step_is_another_action():
    # A Fail step while j1 is in Plan: Plan's \E P \in SUBSET Leaf must be ruled out by its
    # conjuncts that do not mention P (phase' = ...), before any enumeration.
    model, L, s = _forty_leaves()
    t = (frozenset(L[2:]),) + s[1:6] + (2,)
    assert model.check_step(s, t) == ["Fail(l1)"]
