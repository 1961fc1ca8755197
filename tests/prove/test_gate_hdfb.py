"""HDF-B lemmas on small bounded trees (the planner's own Topology); each planner mutant and
naive statement is refuted; the command reaches `phalanx-verify prove` through an entry point."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import click
import pytest
from click.testing import CliRunner

from phalanx_gate.cli import hdfb
from phalanx_gate.hdfb_proofs import hdfb_obligations
from phalanx_gate.trees import Tree, bounded_trees, mixed_domains
from phalanx_ref.topology import gb200_nvl72
from phalanx_verify import plugins


def test_lemmas_hold_and_mutants_are_refuted_on_small_trees() -> None:
    small = [t for t in bounded_trees(16) if t.n <= 16]
    assert any(t.fanouts == (2, 3) for t in small) and any(t.name.startswith("mixed") for t in small)
    results = hdfb_obligations(small, mutants=True)
    assert all(r.ok for r in results), [r for r in results if not r.ok]
    by_name = {r.obligation: r for r in results}
    for name in ("Theorem 2 (naive: any 2^k free leaves)", "Prop 2 (ii) without B >= a+1",
                 "mutant scan-top-down vs Theorem 2", "mutant no-coalescing vs Prop 1 (i)",
                 "mutant no-coalescing vs Theorem 2 / Prop 1 (ii)", "mutant spare-outside-domain vs Prop 2 (ii)",
                 "mutant tp-group-split vs TP groups in level-1 domains"):
        assert by_name[name].result == "refuted", name
    proved = {(r.obligation, r.instance) for r in results if r.result == "proved"}
    for tree in ("2x3 (6 leaves)", "mixed 4+2+2 x2 (16 leaves)"):
        assert {("Theorem 2 (precise)", tree), ("Prop 1 (i) Release keeps the buddy invariant", tree),
                ("Prop 1 (i) Carve keeps the buddy invariant", tree),
                ("Prop 1 (ii) admission iff an aligned block is free", tree)} <= proved, tree


@pytest.mark.parametrize(("fanouts", "roots"), [
    ((8, 3), ((0, 4), (16, 3))),             # the example: the planner's roots, not (0,3),(8,3),(16,3)
    ((2, 3), ((0, 2), (4, 1))),
    ((72, 2), ((0, 6), (64, 3), (72, 6), (136, 3))),
])
def test_trees_are_the_planners_topology(fanouts: tuple[int, ...], roots: tuple[tuple[int, int], ...]) -> None:
    t = Tree.from_fanouts("t", fanouts)
    assert t.roots == roots == tuple(t.topo.roots)


def test_tree_shapes_and_levels() -> None:
    trees = bounded_trees(64)
    assert all(t.n <= 64 for t in trees if "like" not in t.name)
    assert any(t.fanouts == (2, 2, 2, 2) for t in trees) and any(t.fanouts == (8, 3) for t in trees)
    nvl = Tree.from_fanouts("nvl", (72, 2))
    assert nvl.lca_level((0, 6)) == 1 and nvl.groups_fit((64, 3), 8)
    m = mixed_domains()
    assert [len(r) for r in m.domain_ranges(1)] == [4, 2, 2, 4, 2, 2] and m.max_domain == 4
    assert m.lca_level((4, 1)) == 1 and m.lca_level((0, 2)) == 1
    # A real generator: NVL72 racks under rail groups, pods, cluster (levels 1, 3, 4, 5 -> 1..4).
    real = Tree("gb200", gb200_nvl72(racks_per_rail_group=2, rail_groups_per_pod=1, pods=1))
    assert real.depth == 4 and real.roots == nvl.roots and real.lca_level((0, 6)) == 1
    assert real.lca_level((64, 3)) == 1 and real.domain(2, 0) == real.domain(2, 143)


def test_the_command_is_an_entry_point_plugin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ep = EntryPoint(name="hdfb", value="phalanx_gate.cli:hdfb", group="phalanx_verify.prove_commands")
    monkeypatch.setattr(plugins, "entry_points", lambda group: [ep] if group == ep.group else [])
    group = click.Group("prove")
    plugins.load_plugins(group, ep.group)
    assert group.commands["hdfb"] is hdfb
    broken = EntryPoint(name="gone", value="phalanx_gate.no_such_module:cmd", group=ep.group)
    monkeypatch.setattr(plugins, "entry_points", lambda group: [broken])
    plugins.load_plugins(group, ep.group)
    assert "gone" not in group.commands and capsys.readouterr().err == ""  # not asked for: no noise
    plugins.load_plugins(group, ep.group, wanted="gone")
    assert "command gone (phalanx_gate.no_such_module:cmd) not loaded" in capsys.readouterr().err


def test_command_proves_a_small_tree_set() -> None:
    res = CliRunner().invoke(hdfb, ["--max-leaves", "4", "--no-mutants", "--json"])
    assert '"ok": true' in res.output and res.exit_code == 0, res.output
