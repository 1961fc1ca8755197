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
    bandwidth: {1: 900, 3: 50, 4: 25, 5: 12.5}   # optional; else the generation's tiers
    pods:                           # spine pods (level 4) -> rail groups (level 3) -> nodes
      pod0: {rg0: [node-a, node-b], rg1: [node-c]}

Without a fabric description every node is put in one rail group of one pod (:func:`flat_fabric`).
NVLink domains become level-1 nodes (one per HGX node; one per NVL72 rack, spanning its trays).

The input is untrusted: any malformed or inconsistent input raises :class:`ResourceSliceError`,
one line naming the file, the key path (``items[3].spec.devices[2].attributes.index``), the
slice and the device; YAML syntax errors carry the line and column. The YAML reader refuses
aliases (an alias to a list can multiply a small file into a huge one), duplicate keys (YAML
silently keeps the last) and nesting deeper than :data:`MAX_DEPTH` (the composer recurses). The
compiler is a pure function, so nothing is ever half-built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError

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
T = TypeVar("T")
MAX_DEPTH = 64
"""Deepest YAML nesting accepted; a ResourceSlice listing is about 8 levels deep."""


class ResourceSliceError(TopologyError):
    """Malformed or inconsistent ResourceSlice / fabric input: one line with the source (file and
    line:col, or the file), the key path, and the slice and device it concerns."""

    def __init__(self, message: str, key: str = "", source: str = "") -> None:
        self.message, self.key, self.source = message, key, source
        super().__init__(": ".join(p for p in (source, key, message) if p))

    def located(self, source: str) -> ResourceSliceError:
        """The same error attributed to ``source`` (a file name) when it has none yet."""
        return self if self.source else ResourceSliceError(self.message, self.key, source)


# ---- YAML --------------------------------------------------------------------------------------
class _Loader(yaml.SafeLoader):
    """Safe YAML that refuses aliases, duplicate keys and deep nesting (see the module docstring)."""

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise ComposerError(None, None, f"alias *{event.anchor}: YAML aliases are not accepted",
                                event.start_mark)  # type: ignore[arg-type]  # the C loader's Mark, same fields
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[str] = set()
        for key_node, _ in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                if key_node.value in seen:
                    raise ConstructorError(None, None, f"duplicate key {key_node.value!r}", key_node.start_mark)
                seen.add(key_node.value)
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: Any) -> int:
        try:
            return super().construct_yaml_int(node)
        except ValueError as e:  # over 4,300 digits
            raise ConstructorError(None, None, f"integer too long ({len(node.value)} characters)",
                                   node.start_mark) from e


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


def parse_yaml(text: str | bytes, source: str, stream: bool = False) -> Any:
    """Parsed YAML (a list of documents when ``stream``); every failure a positioned error."""
    if isinstance(text, bytes):
        raw = text
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            head = raw[:e.start]
            line, col = head.count(b"\n") + 1, len(head) - head.rfind(b"\n")
            raise ResourceSliceError(f"byte 0x{raw[e.start]:02x} is not UTF-8", source=f"{source}:{line}:{col}") \
                from None
    try:
        return list(yaml.load_all(text, _Loader)) if stream else yaml.load(text, _Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f"{source}:{mark.line + 1}:{mark.column + 1}" if mark else source
        raise ResourceSliceError(f"YAML: {e.problem or e.context}", source=where) from None
    except yaml.YAMLError as e:
        raise ResourceSliceError(f"YAML: {str(e).splitlines()[0]}", source=source) from None


# ---- typed access -----------------------------------------------------------------------------
def _want(value: Any, kind: type | tuple[type, ...], key: str, what: str = "") -> Any:
    """``value`` if it is of ``kind`` (bool is never an int here), else the error naming ``key``."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        names = " or ".join({dict: "a mapping", list: "a list", str: "a string", int: "an integer",
                             float: "a number"}.get(k, k.__name__) for k in kinds)
        text = repr(value)
        raise ResourceSliceError(f"{what}{': ' if what else ''}must be {names}, got "
                                 f"{text if len(text) <= 40 else text[:37] + '...'}", key)
    return value


def _attrs(device: Mapping[str, Any], key: str, what: str) -> dict[str, tuple[Any, str]]:
    """Attribute name -> (value, key path), the driver prefix stripped (``gpu.nvidia.com/uuid`` ->
    ``uuid``) except on ``resource.kubernetes.io/...`` standard attributes. A DRA attribute is a
    one-entry mapping (``{int: 3}``, ``{string: x}``); an empty or multi-entry one is refused."""
    if "attributes" in device:
        raw, at = device["attributes"], f"{key}.attributes"
    else:
        basic = _want(device.get("basic") or {}, dict, f"{key}.basic", what)
        raw, at = basic.get("attributes"), f"{key}.basic.attributes"
    out: dict[str, tuple[Any, str]] = {}
    for name, val in _want(raw or {}, dict, at, what).items():
        k = f"{at}.{name}"
        short = str(name) if str(name).startswith("resource.kubernetes.io/") else str(name).rsplit("/", 1)[-1]
        if isinstance(val, Mapping):
            if len(val) != 1:
                raise ResourceSliceError(f"{what}: attribute {short} must hold one typed value "
                                         f"({{int: 3}}, {{string: x}}), got {len(val)} entries", k)
            (kind, val), = val.items()
            k = f"{k}.{kind}"
        out[short] = (_want(val, (str, int, float, bool), k, f"{what}: attribute {short}"), k)
    return out


def _items(docs: Iterable[Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """(key path, object) of every ResourceSlice in the documents."""
    docs = list(docs)
    items: list[tuple[str, Mapping[str, Any]]] = []
    for n, doc in enumerate(docs):
        prefix = f"[document {n}]" if len(docs) > 1 else ""
        if doc is None:
            continue
        _want(doc, dict, prefix or "<top level>", "expected a ResourceSlice object or List")
        if doc.get("kind") == "List":
            for i, item in enumerate(_want(doc.get("items") or [], list, f"{prefix}items")):
                items.append((f"{prefix}items[{i}]", _want(item, dict, f"{prefix}items[{i}]")))
        else:
            items.append((prefix, doc))
    return items


def _infer_generation(product: str) -> str:
    p = product.upper()
    if "GB200" in p or "GB300" in p:
        return "gb200-nvl72"
    if "A100" in p:
        return "hgx-a100"
    return "hgx-h100"


def _node_places(fabric: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Node -> (pod, rail group), in the fabric's order."""
    pods = _want(fabric.get("pods"), dict, "pods", "fabric: pod -> rail group -> nodes")
    node_place: dict[str, tuple[str, str]] = {}
    for pod, groups in pods.items():
        for rg, nodes in _want(groups, dict, f"pods.{pod}", "rail group -> node list").items():
            for i, node in enumerate(_want(nodes or [], list, f"pods.{pod}.{rg}", "node list")):
                _want(node, str, f"pods.{pod}.{rg}[{i}]", "node name")
                if node in node_place:
                    raise ResourceSliceError(f"node {node!r} listed in two rail groups", f"pods.{pod}.{rg}[{i}]")
                node_place[node] = (str(pod), str(rg))
    return node_place


def _bandwidth(fabric: Mapping[str, Any], gen: str) -> dict[int, float]:
    raw = fabric.get("bandwidth")
    if raw is None:
        return dict(GENERATIONS[gen])
    out = {}
    for level, value in _want(raw, dict, "bandwidth", "level -> GB/s").items():
        _want(level, int, f"bandwidth.{level}", "a level")
        _want(value, (int, float), f"bandwidth.{level}", "bandwidth (GB/s)")
        if not value > 0:
            raise ResourceSliceError(f"bandwidth (GB/s) must be positive, got {value}", f"bandwidth.{level}")
        out[level] = float(value)
    return out


def _located(source: str, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, its ResourceSliceError attributed to ``source``."""
    try:
        return fn(*args)
    except ResourceSliceError as e:
        raise e.located(source) from None


def compile_topology(slices: Iterable[Any], fabric: Mapping[str, Any] | None, slices_source: str = "",
                     fabric_source: str = "") -> Topology:
    """Compile parsed slice documents and a parsed fabric description (None: :func:`flat_fabric`)
    into a Topology; errors are attributed to ``slices_source`` or ``fabric_source``."""
    items = _located(slices_source, _items, slices)
    fab = flat_fabric(items) if fabric is None else fabric
    node_place, rails = _located(fabric_source, _fabric_parts, fab)
    domains, domain_rg, product = _located(slices_source, _devices, items, node_place, rails)
    return _located(fabric_source, _build, fab, domains, domain_rg, product, node_place)


def _fabric_parts(fabric: Any) -> tuple[dict[str, tuple[str, str]], set[int]]:
    _want(fabric, dict, "<top level>", "fabric description")
    rails = _want(fabric.get("rails") or [], list, "rails")
    return _node_places(fabric), {_want(r, int, f"rails[{i}]", "rail") for i, r in enumerate(rails)}


Placed = tuple[str, int, str, int]  # node, index, leaf name, rail


def _devices(items: list[tuple[str, Mapping[str, Any]]], node_place: dict[str, tuple[str, str]],
             rails: set[int]) -> tuple[dict[str, list[Placed]], dict[str, tuple[str, str]], str]:
    """The GPUs of every slice by NVLink domain, each domain's rail group, and the first product name."""
    domains: dict[str, list[Placed]] = {}
    domain_rg: dict[str, tuple[str, str]] = {}
    seen_uuid: dict[str, str] = {}
    seen_dev: set[tuple[str, str]] = set()
    seen_index: dict[tuple[str, int], str] = {}
    product = ""
    for key, obj in items:
        meta = _want(obj.get("metadata") or {}, dict, f"{key}.metadata")
        name = meta.get("name", "<unnamed>")
        what = f"ResourceSlice {name!r}"
        if obj.get("kind", "ResourceSlice") != "ResourceSlice":
            raise ResourceSliceError(f"{what}: kind {obj.get('kind')!r} is not ResourceSlice", f"{key}.kind")
        spec = _want(obj.get("spec") or {}, dict, f"{key}.spec", what)
        node = spec.get("nodeName")
        if not node:
            raise ResourceSliceError(f"{what}: spec.nodeName is missing", f"{key}.spec")
        _want(node, str, f"{key}.spec.nodeName", what)
        if node not in node_place:
            raise ResourceSliceError(f"{what}: node {node!r} is not in the fabric description", f"{key}.spec.nodeName")
        for d, dev in enumerate(_want(spec.get("devices") or [], list, f"{key}.spec.devices", what)):
            dkey = f"{key}.spec.devices[{d}]"
            _want(dev, dict, dkey, f"{what}: a device")
            dname = dev.get("name")
            if not dname:
                raise ResourceSliceError(f"{what}: a device has no name", dkey)
            dname = str(_want(dname, (str, int), f"{dkey}.name", what))
            dwhat = f"{what}, device {dname!r} on node {node!r}"
            a = _attrs(dev, dkey, dwhat)
            if a.get("type", ("gpu", ""))[0] != "gpu":
                continue
            uuid = a.get("uuid", (None, ""))[0]
            uuid = None if uuid in (None, "") else str(uuid)
            if (node, dname) in seen_dev or (uuid and uuid in seen_uuid):
                raise ResourceSliceError(f"{what}: duplicate device {dname!r} (uuid {uuid}) on node {node!r}",
                                         f"{dkey}.name")
            seen_dev.add((node, dname))
            if uuid:
                seen_uuid[uuid] = dname
            found = next((a[k] for k in NVLINK_KEYS if a.get(k, ("", ""))[0] not in (None, "")), None)
            if found is None:
                raise ResourceSliceError(f"{dwhat} has no NVLink domain id (attribute {NVLINK_KEYS[0]})", dkey)
            clique = str(_want(found[0], (str, int), found[1], f"{dwhat}: NVLink domain id"))
            index_val, index_key = a.get("index", (len(domains.get(clique, [])), f"{dkey}.attributes"))
            index = _want(index_val, int, index_key, f"{dwhat}: attribute index")
            if (node, index) in seen_index:
                raise ResourceSliceError(f"{dwhat}: index {index} is also device {seen_index[node, index]!r}'s",
                                         index_key)
            seen_index[node, index] = dname
            rail_val, rail_key = a.get("rail", (index, index_key))
            rail = _want(rail_val, int, rail_key, f"{dwhat}: attribute rail")
            if rails and rail not in rails:
                raise ResourceSliceError(f"{dwhat} has unknown rail {rail}", rail_key)
            if domain_rg.setdefault(clique, node_place[node]) != node_place[node]:
                raise ResourceSliceError(f"{what}: NVLink domain {clique!r} spans rail groups "
                                         f"{domain_rg[clique]} and {node_place[node]}", found[1])
            domains.setdefault(clique, []).append((node, index, f"{node}/{dname}", rail))
            product = product or str(a.get("productName", ("", ""))[0])
    if not domains:
        raise ResourceSliceError("no GPU devices found in the ResourceSlices", "<top level>")
    return domains, domain_rg, product


def _build(fabric: Mapping[str, Any], domains: dict[str, list[Placed]], domain_rg: dict[str, tuple[str, str]],
           product: str, node_place: dict[str, tuple[str, str]]) -> Topology:
    gen = _want(fabric.get("generation") or _infer_generation(product), str, "generation")
    if gen not in GENERATIONS:
        raise ResourceSliceError(f"unknown generation {gen!r} (known: {', '.join(sorted(GENERATIONS))})",
                                 "generation")
    node_order = {n: i for i, n in enumerate(node_place)}
    pods: dict[str, dict[str, list[Domain | Gpu]]] = {}
    for clique in sorted(domains, key=lambda c: min(node_order[d[0]] for d in domains[c])):
        gpus = sorted(domains[clique], key=lambda d: (node_order[d[0]], d[1], d[2]))
        pod, rg = domain_rg[clique]
        pods.setdefault(pod, {}).setdefault(rg, []).append(
            Domain(1, f"nvl:{clique}", [Gpu(n, rail=r) for _, _, n, r in gpus]))
    root = Domain(5, str(fabric.get("cluster", "cluster")), [
        Domain(4, pod, [Domain(3, f"{pod}/{rg}", doms) for rg, doms in rgs.items()]) for pod, rgs in pods.items()])
    bandwidth = _bandwidth(fabric, gen)
    try:
        return Topology(root, bandwidth, generation=gen)
    except TopologyError as e:  # e.g. tiers that do not decrease with the level
        raise ResourceSliceError(str(e), "bandwidth" if "bandwidth" in str(e) else "pods") from None


def flat_fabric(items: list[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """The fabric assumed without a description: one pod, one rail group, the slices' nodes in
    the order they appear (leaf/spine membership is not in the slices, so nothing finer is known)."""
    nodes: dict[str, None] = {}
    for _key, obj in items:
        spec = obj.get("spec")
        if isinstance(spec, Mapping) and isinstance(spec.get("nodeName"), str):
            nodes[spec["nodeName"]] = None
    return {"pods": {"pod": {"rail-group": list(nodes)}}}


def load_topology(slices_yaml: str | bytes, fabric_yaml: str | bytes | None,
                  slices_source: str = "<slices>", fabric_source: str = "<fabric>") -> Topology:
    """Parse YAML text (``kubectl get resourceslices -o yaml`` output and the fabric file, or None)
    and compile it; errors name ``slices_source`` or ``fabric_source``."""
    docs = parse_yaml(slices_yaml, slices_source, stream=True)
    fabric = parse_yaml(fabric_yaml, fabric_source) if fabric_yaml is not None else None
    return compile_topology(docs, fabric, slices_source, fabric_source)
