"""``phalanx-sim topology SLICES.yaml [--fabric F.yaml] [--json]``: the tree the planner sees,
compiled from Kubernetes DRA ResourceSlices (``kubectl get resourceslices -o yaml``, a file or
``-`` for stdin) and the admin's fabric description (phalanx_ref/resourceslice.py).

It lives under ``phalanx-sim`` because phalanx_verify never imports phalanx_ref. Exit codes:
0 compiled; 151 a malformed or inconsistent slice or fabric file (one line: the file with
line:col or the key path, the slice and device); 2 usage (a missing file, bad flags).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

import click

from phalanx_ref.resourceslice import ResourceSliceError, load_topology
from phalanx_ref.topology import Topology

EXIT_INPUT = 151
"""A bad input file: the code phalanx-verify gives a configuration error (TLC's 151)."""


def describe(t: Topology) -> dict[str, Any]:
    """Levels (name, domains, leaves per domain, bandwidth tier) and the tree down to level 1."""
    levels = []
    for h in sorted(t.levels, reverse=True):
        caps = Counter(t.cap[v] for v in t.nodes_at_level[h])
        levels.append({"level": h, "name": t.level_names[h] if h < len(t.level_names) else f"level{h}",
                       "domains": len(t.nodes_at_level[h]), "leaves_per_domain": dict(sorted(caps.items())),
                       "bandwidth_gbps": t.bandwidth.get(h)})
    nodes: list[dict[str, Any]] = []
    by_id: dict[int, dict[str, Any]] = {}
    for v, name in enumerate(t.node_name):  # parents come before their children (pre-order ids)
        node = {"name": name, "level": t.level[v], "leaves": t.cap[v], "children": []}
        by_id[v] = node
        (by_id[t.parent[v]]["children"] if t.parent[v] >= 0 else nodes).append(node)
    rails: dict[int, set[int]] = {}
    for x in range(t.n_leaves):
        rails.setdefault(t.leaf_domain[x], set()).add(t.rail[x])
    for v, rs in rails.items():
        by_id[v]["rails"] = sorted(rs)
        del by_id[v]["children"]
    return {"generation": t.generation, "leaves": t.n_leaves, "levels": levels, "tree": nodes}


def _render(d: dict[str, Any]) -> list[str]:
    out = [f"{d['leaves']:,} GPUs, generation {d['generation']}"]
    for lv in d["levels"]:
        per = lv["leaves_per_domain"]
        sizes = ", ".join(str(c) if len(per) == 1 else f"{c} (x{n})" for c, n in per.items())
        out.append(f"  level {lv['level']} {lv['name']:<14} {lv['domains']:>6,} domain(s), GPUs per domain: "
                   f"{sizes}; {lv['bandwidth_gbps']:g} GB/s per GPU")
    out.append("tree:")

    def walk(node: dict[str, Any], indent: int) -> None:
        rails = f", rails {node['rails'][0]}..{node['rails'][-1]}" if node.get("rails") else ""
        out.append(f"{'  ' * indent}{node['name']} (level {node['level']}, {node['leaves']} GPUs{rails})")
        for c in node.get("children", []):
            walk(c, indent + 1)

    for root in d["tree"]:
        walk(root, 1)
    return out


def _read(path: str, what: str) -> bytes:
    try:
        return sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()  # noqa: SIM115
    except OSError as e:
        click.echo(f"usage error: cannot read {what} {path}: {e.strerror}", err=True)
        sys.exit(2)


@click.command("topology")
@click.argument("slices", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--fabric", type=click.Path(dir_okay=False),
              help="Fabric description (pods -> rail groups -> nodes, rails, generation, bandwidth); "
                   "without it every node is in one rail group of one pod.")
@click.option("--json", "as_json", is_flag=True, help="Print the tree as JSON instead of text.")
def topology(slices: str, fabric: str | None, as_json: bool) -> None:
    """Compile DRA ResourceSlices (a file, or - for stdin) into the planner's tree and print its
    levels, domains, leaf counts and bandwidth tiers."""
    slices_text = _read(slices, "ResourceSlices")
    fabric_text = _read(fabric, "fabric description") if fabric else None
    try:
        t = load_topology(slices_text, fabric_text, "<stdin>" if slices == "-" else slices, fabric or "<fabric>")
    except ResourceSliceError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_INPUT)
    d = describe(t)
    click.echo(json.dumps(d, indent=2) if as_json else "\n".join(_render(d)))
