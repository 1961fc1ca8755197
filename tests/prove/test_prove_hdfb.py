"""HDF-B lemmas on small bounded trees; each planner mutant and naive statement is refuted."""

from __future__ import annotations

from phalanx_verify.prove.hdfb import hdfb_obligations
from phalanx_verify.prove.trees import Tree, bounded_trees


def test_lemmas_hold_and_mutants_are_refuted_on_small_trees() -> None:
    small = [t for t in bounded_trees(16) if t.n <= 16]
    results = hdfb_obligations(small, mutants=True, timeout_s=60)
    assert all(r.ok for r in results), [r for r in results if not r.ok]
    by_name = {r.obligation: r for r in results}
    for name in ("Theorem 2 (naive: any 2^k free leaves)", "Prop 2 (ii) without B >= a+1",
                 "mutant scan-top-down vs Theorem 2", "mutant no-coalescing vs Prop 1 (i)",
                 "mutant no-coalescing vs Theorem 2 / Prop 1 (ii)", "mutant spare-outside-domain vs Prop 2 (ii)",
                 "mutant tp-group-split vs TP groups in level-1 domains"):
        assert by_name[name].result == "refuted", name
    proved = {r.obligation for r in results if r.result == "proved"}
    assert {"Theorem 2 (precise)", "Prop 1 (i) Release keeps the buddy invariant",
            "Prop 1 (ii) admission iff an aligned block is free", "Prop 2 (i)-(iii), failed block order 0"} <= proved


def test_tree_shapes() -> None:
    trees = bounded_trees(64)
    assert all(t.n <= 64 for t in trees if "like" not in t.name)
    assert any(t.fanouts == (2, 2, 2, 2) for t in trees) and any(t.fanouts == (8, 8) for t in trees)
    nvl = Tree("nvl", (72, 2))
    assert nvl.roots == ((0, 6), (64, 3), (72, 6), (136, 3))
    assert nvl.lca_level((0, 6)) == 1 and nvl.groups_fit((64, 3), 8)
