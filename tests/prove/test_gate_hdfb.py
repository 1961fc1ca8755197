"""HDF-B lemmas on small bounded trees (the planner's own Topology); each planner mutant and
naive statement is refuted; the command reaches `phalanx-verify prove` through an entry point."""

from __future__ import annotations

import json
from functools import partial
from importlib.metadata import EntryPoint
from typing import Any

import click
import pytest
import z3
from click.testing import CliRunner

from phalanx_gate import hdfb_proofs
from phalanx_gate.cli import hdfb
from phalanx_gate.hdfb_proofs import HDFB_LIMITS, Obligation, hdfb_obligations, prop1_step
from phalanx_gate.trees import Block, FreeList, Tree, bounded_trees, mixed_domains
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


def _rows(*args: str) -> list[dict[str, Any]]:
    """The --json rows of ``prove hdfb`` on the trees up to 12 leaves, all but their CPU seconds."""
    res = CliRunner().invoke(hdfb, ["--max-leaves", "12", "--json", *args])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)["results"]
    for r in rows:
        r.pop("seconds")
    return rows


def test_a_pool_reports_what_a_sequential_run_does() -> None:
    """Same rows, same order, same z3 units and counterexamples: each obligation is decided in z3
    contexts of its own, wherever and after whatever it runs."""
    sequential = _rows("--jobs", "1")
    assert any(r["witness"] or r["detail"] for r in sequential) and len(sequential) > 30
    assert _rows("--jobs", "2") == sequential


def _carve_leaving_the_halves_unlisted(tree: Tree, fl: FreeList, r: Block) -> dict[Block, z3.BoolRef]:
    post = dict(fl.listed)
    for c, v in fl.listed.items():
        if c[1] >= r[1] and c[0] <= r[0] < c[0] + (1 << c[1]):
            post[c] = z3.And(v, z3.Not(v))
    return post


@pytest.mark.parametrize("broken", ["carve", "release keeping the merged buddy", "release without coalescing"])
def test_prop1_refutes_a_broken_step(broken: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Prop. 1 (i) leaves out the post-state's parts a step does not change; a Carve or Release
    that gets the parts it changes wrong still gets a counterexample."""
    release = hdfb_proofs.release

    def keeping_the_buddy(tree: Tree, fl: FreeList, r: Block, coalesce: bool) -> dict[Block, z3.BoolRef]:
        post = release(tree, fl, r, coalesce)
        bud = tree.buddy(r)
        if bud is not None:
            post[bud] = fl.listed[bud]
        return post

    if broken == "carve":
        monkeypatch.setattr(hdfb_proofs, "carve", _carve_leaving_the_halves_unlisted)
    elif broken == "release keeping the merged buddy":
        monkeypatch.setattr(hdfb_proofs, "release", keeping_the_buddy)
    else:
        monkeypatch.setattr(hdfb_proofs, "release", lambda tree, fl, r, coalesce: release(tree, fl, r, False))
    lemma = Obligation(broken, partial(prop1_step, freed=broken != "carve"), (Tree.from_fanouts("4x2", (4, 2)),))
    result = lemma.decide(HDFB_LIMITS)
    assert result is not None and result.result == "counterexample", result
