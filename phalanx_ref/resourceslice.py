"""Topology compiler (paper §4.1): Kubernetes DRA ResourceSlices + a cluster fabric description
-> :class:`~phalanx_ref.topology.Topology`.

Input 1, the slices, exactly as ``kubectl get resourceslices -o yaml`` prints them (a ``List``
with ``items``, a single object, or a multi-document stream), ``apiVersion: resource.k8s.io/v1``
(``v1beta1``'s ``basic.attributes`` is accepted too). Per GPU device the compiler reads the
attributes ``uuid``, ``productName``, ``index``, ``resource.kubernetes.io/pcieRoot``, the NVLink
domain id (``cliqueId``; ``nvlinkDomain`` also accepted; the driver's domain prefix such as
``gpu.nvidia.com/`` may be present) and an optional ``rail`` (default: ``index``).

Input 2, the fabric description written by the cluster admin (leaf/spine membership)::

    cluster: prod-east
    generation: hgx-h100            # optional; else inferred from productName
    rails: [0, 1, 2, 3, 4, 5, 6, 7]
    pods:                           # spine pods (level 4) -> rail groups (level 3) -> nodes
      pod0: {rg0: [node-a, node-b], rg1: [node-c]}

NVLink domains become level-1 nodes (one per HGX node; one per NVL72 rack, spanning its trays).
Any malformed or inconsistent input raises :class:`ResourceSliceError` with a one-line message
naming the object; the compiler is a pure function, so nothing is ever half-built.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import yaml

from phalanx_ref.topology import (
    GB200_NVL72_BANDWIDTH,
    HGX_A100_BANDWIDTH,
    HGX_H100_BANDWIDTH,
    Domain,
    Gpu,
    Topology,
    TopologyError,
)

GENERATIONS = {"hgx-a100": HGX_A100_BANDWIDTH, "hgx-h100": HGX_H100_BANDWIDTH,
               "gb200-nvl72": GB200_NVL72_BANDWIDTH}
NVLINK_KEYS = ("cliqueId", "nvlinkDomain")


class ResourceSliceError(TopologyError):
    """Malformed or inconsistent ResourceSlice / fabric input (one line, names the object)."""


def _attrs(device: Mapping[str, Any]) -> dict[str, Any]:
    """Attribute values with the driver prefix stripped (``gpu.nvidia.com/uuid`` -> ``uuid``),
    except ``resource.kubernetes.io/...`` standard attributes, which keep their name."""
    raw = device.get("attributes") or (device.get("basic") or {}).get("attributes") or {}
    out: dict[str, Any] = {}
    for key, val in raw.items():
        name = key if key.startswith("resource.kubernetes.io/") else key.rsplit("/", 1)[-1]
        out[name] = next(iter(val.values())) if isinstance(val, Mapping) and val else val
    return out


def _items(docs: Iterable[Any]) -> list[Mapping[str, Any]]:
    items: list[Mapping[str, Any]] = []
    for doc in docs:
        if doc is None:
            continue
        if not isinstance(doc, Mapping):
            raise ResourceSliceError(f"expected a ResourceSlice object or List, got {type(doc).__name__}")
        items.extend(doc.get("items") or [] if doc.get("kind") == "List" else [doc])
    return items


def _infer_generation(product: str) -> str:
    p = product.upper()
    if "GB200" in p or "GB300" in p:
        return "gb200-nvl72"
    if "A100" in p:
        return "hgx-a100"
    return "hgx-h100"


def compile_topology(slices: Iterable[Any], fabric: Mapping[str, Any]) -> Topology:
    """Compile parsed slice documents and a parsed fabric description into a Topology."""
    if not isinstance(fabric, Mapping) or not isinstance(fabric.get("pods"), Mapping):
        raise ResourceSliceError("fabric description: missing 'pods' mapping (pod -> rail group -> nodes)")
    rails = set(fabric.get("rails") or [])
    node_place: dict[str, tuple[str, str]] = {}
    for pod, groups in fabric["pods"].items():
        if not isinstance(groups, Mapping):
            raise ResourceSliceError(f"fabric pod {pod!r}: expected rail group -> node list")
        for rg, nodes in groups.items():
            for node in nodes or []:
                if node in node_place:
                    raise ResourceSliceError(f"fabric: node {node!r} listed in two rail groups")
                node_place[node] = (str(pod), str(rg))

    domains: dict[str, list[tuple[str, int, str, int]]] = {}  # clique -> (node, index, name, rail)
    domain_rg: dict[str, tuple[str, str]] = {}
    seen_uuid: dict[str, str] = {}
    seen_dev: set[tuple[str, str]] = set()
    product = ""
    for obj in _items(slices):
        name = (obj.get("metadata") or {}).get("name", "<unnamed>")
        what = f"ResourceSlice {name!r}"
        if obj.get("kind", "ResourceSlice") != "ResourceSlice":
            raise ResourceSliceError(f"{what}: kind {obj.get('kind')!r} is not ResourceSlice")
        spec = obj.get("spec") or {}
        node = spec.get("nodeName")
        if not node:
            raise ResourceSliceError(f"{what}: spec.nodeName is missing")
        if node not in node_place:
            raise ResourceSliceError(f"{what}: node {node!r} is not in the fabric description")
        for dev in spec.get("devices") or []:
            dname = dev.get("name")
            if not dname:
                raise ResourceSliceError(f"{what}: a device has no name")
            a = _attrs(dev)
            if a.get("type", "gpu") != "gpu":
                continue
            uuid = a.get("uuid")
            if (node, dname) in seen_dev or (uuid and uuid in seen_uuid):
                raise ResourceSliceError(f"{what}: duplicate device {dname!r} (uuid {uuid}) on node {node!r}")
            seen_dev.add((node, dname))
            if uuid:
                seen_uuid[uuid] = dname
            clique = next((str(a[k]) for k in NVLINK_KEYS if a.get(k) not in (None, "")), None)
            if clique is None:
                raise ResourceSliceError(f"{what}: device {dname!r} on node {node!r} has no NVLink "
                                         f"domain id (attribute {NVLINK_KEYS[0]})")
            index = int(a.get("index", len(domains.get(clique, []))))
            rail = int(a.get("rail", index))
            if rails and rail not in rails:
                raise ResourceSliceError(f"{what}: device {dname!r} on node {node!r} has unknown rail {rail}")
            if domain_rg.setdefault(clique, node_place[node]) != node_place[node]:
                raise ResourceSliceError(f"{what}: NVLink domain {clique!r} spans rail groups "
                                         f"{domain_rg[clique]} and {node_place[node]}")
            domains.setdefault(clique, []).append((node, index, f"{node}/{dname}", rail))
            product = product or str(a.get("productName", ""))
    if not domains:
        raise ResourceSliceError("no GPU devices found in the ResourceSlices")
    gen = fabric.get("generation") or _infer_generation(product)
    if gen not in GENERATIONS:
        raise ResourceSliceError(f"fabric: unknown generation {gen!r} (known: {sorted(GENERATIONS)})")
    node_order = {n: i for i, n in enumerate(node_place)}
    pods: dict[str, dict[str, list[Domain]]] = {}
    for clique in sorted(domains, key=lambda c: min(node_order[d[0]] for d in domains[c])):
        gpus = sorted(domains[clique], key=lambda d: (node_order[d[0]], d[1], d[2]))
        pod, rg = domain_rg[clique]
        pods.setdefault(pod, {}).setdefault(rg, []).append(
            Domain(1, f"nvl:{clique}", [Gpu(n, rail=r) for _, _, n, r in gpus]))
    root = Domain(5, str(fabric.get("cluster", "cluster")), [
        Domain(4, pod, [Domain(3, f"{pod}/{rg}", doms) for rg, doms in rgs.items()]) for pod, rgs in pods.items()])
    return Topology(root, fabric.get("bandwidth") or GENERATIONS[gen], generation=gen)


def load_topology(slices_yaml: str, fabric_yaml: str) -> Topology:
    """Parse YAML text (``kubectl get resourceslices -o yaml`` output and the fabric file)."""
    try:
        docs = list(yaml.safe_load_all(slices_yaml))
        fabric = yaml.safe_load(fabric_yaml)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise ResourceSliceError(f"YAML parse error{where}: {getattr(e, 'problem', e)}") from None
    return compile_topology(docs, fabric)
