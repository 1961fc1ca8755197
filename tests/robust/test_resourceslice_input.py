"""ResourceSlice and fabric YAML: hostile or broken input is one ResourceSliceError line naming
the file (with line:col, or the key path), the slice, the device and the key; exit 151 from
``phalanx-sim topology``. And the command prints the compiled tree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from phalanx_ref.resourceslice import ResourceSliceError, load_topology
from phalanx_ref.sim.cli import main as sim_main
from tests.ref.resourceslice_docs import FABRIC, gpu_slice, listing

GOOD = listing([gpu_slice(f"n{i}", f"clique-n{i}") for i in range(4)])


def topology(tmp_path: Path, slices: str | bytes, fabric: str | None = FABRIC, *extra: str):
    path = tmp_path / "slices.yaml"
    path.write_bytes(slices if isinstance(slices, bytes) else slices.encode())
    args = ["topology", str(path), *extra]
    if fabric is not None:
        (tmp_path / "fabric.yaml").write_text(fabric)
        args += ["--fabric", str(tmp_path / "fabric.yaml")]
    r = CliRunner().invoke(sim_main, args)
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise AssertionError(f"uncaught {type(r.exception).__name__}: {r.exception}")
    return r


def with_attr(name: str, value: object) -> str:
    """The good listing with one attribute of n0's gpu-3 replaced (value None: removed)."""
    doc = yaml.safe_load(GOOD)
    attrs = doc["items"][0]["spec"]["devices"][3]["attributes"]
    if value is None:
        attrs.pop(f"gpu.nvidia.com/{name}")
    else:
        attrs[f"gpu.nvidia.com/{name}"] = value
    return yaml.safe_dump(doc)


def test_the_tree_is_printed_as_text_and_json(tmp_path):
    r = topology(tmp_path, GOOD)
    assert r.exit_code == 0, r.output
    assert "32 GPUs, generation hgx-h100" in r.output and "level 3 rail_group" in r.output
    assert "nvl:clique-n3 (level 1, 8 GPUs, rails 0..7)" in r.output
    d = json.loads(topology(tmp_path, GOOD, FABRIC, "--json").output)
    assert [lv["domains"] for lv in d["levels"]] == [1, 1, 2, 4]
    assert [lv["bandwidth_gbps"] for lv in d["levels"]] == [6.25, 25.0, 50.0, 900.0]
    flat = json.loads(topology(tmp_path, GOOD, None, "--json").output)
    assert flat["leaves"] == 32 and flat["levels"][2] == {"level": 3, "name": "rail_group", "domains": 1,
                                                          "leaves_per_domain": {"32": 1}, "bandwidth_gbps": 50.0}


def test_stdin(tmp_path):
    r = CliRunner().invoke(sim_main, ["topology", "-"], input=GOOD)
    assert r.exit_code == 0 and "32 GPUs" in r.output
    r = CliRunner().invoke(sim_main, ["topology", "-"], input="items: [")
    assert r.exit_code == 151 and r.output.startswith("<stdin>:1:")


SLICE_CASES = [
    (with_attr("index", {"string": "x"}), "items[0].spec.devices[3].attributes.gpu.nvidia.com/index.string",
     "device 'gpu-3' on node 'n0': attribute index: must be an integer"),
    (with_attr("index", {"int": 2}), "items[0].spec.devices[3].attributes.gpu.nvidia.com/index.int",
     "index 2 is also device 'gpu-2'"),
    (with_attr("cliqueId", {}), "items[0].spec.devices[3].attributes.gpu.nvidia.com/cliqueId",
     "attribute cliqueId must hold one typed value"),
    (with_attr("cliqueId", {"string": ["a"]}), "gpu.nvidia.com/cliqueId.string", "must be a string"),
    (with_attr("rail", {"int": True}), "gpu.nvidia.com/rail.int", "attribute rail: must be an integer"),
    (GOOD.replace("kind: List", "kind: List\nitems: []", 1), "slices.yaml:", "duplicate key 'items'"),
    ("a: &x [1, 2]\nb: *x\n", "slices.yaml:2:4", "alias *x"),
    ("items: " + "[" * 2000 + "]" * 2000, "slices.yaml:1:", "nested deeper than"),
    ("x: " + "9" * 5000, "slices.yaml:1:4", "integer too long"),
    (GOOD.encode().replace(b"n0-gpu", b"n0-\xffgpu", 1), "slices.yaml:", "byte 0xff is not UTF-8"),
    ("- 1\n- 2\n", "slices.yaml: <top level>", "expected a ResourceSlice object"),
    (GOOD.replace("devices:", "devices: 5\n    xdevices:", 1), "items[0].spec.devices", "must be a list"),
]


@pytest.mark.parametrize("slices, where, needle", SLICE_CASES)
def test_bad_slices_are_one_line(tmp_path, slices, where, needle):
    r = topology(tmp_path, slices)
    assert r.exit_code == 151, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and where in lines[0] and needle in lines[0], lines
    assert lines[0].startswith(str(tmp_path / "slices.yaml")), lines[0]


FABRIC_CASES = [
    ("cluster: x\nbandwidth: {1: fast}\npods: {p: {r: [n0, n1, n2, n3]}}\n", "bandwidth.1",
     "bandwidth (GB/s): must be an integer or a number, got 'fast'"),
    ("bandwidth: {1: 5, 3: 50, 4: 25, 5: 6}\npods: {p: {r: [n0, n1, n2, n3]}}\n", "bandwidth",
     "must strictly decrease"),
    ("generation: [x]\npods: {p: {r: [n0, n1, n2, n3]}}\n", "generation", "must be a string"),
    ("pods: {p: [n0]}\n", "pods.p", "must be a mapping"),
    ("pods: {p: {r: [n0, {a: 1}]}}\n", "pods.p.r[1]", "node name: must be a string"),
    ("rails: ['0']\npods: {p: {r: [n0]}}\n", "rails[0]", "rail: must be an integer"),
]


@pytest.mark.parametrize("fabric, where, needle", FABRIC_CASES)
def test_bad_fabric_is_one_line(tmp_path, fabric, where, needle):
    r = topology(tmp_path, GOOD, fabric)
    assert r.exit_code == 151, r.output
    line = r.output.strip()
    assert line.startswith(f"{tmp_path / 'fabric.yaml'}: {where}: ") and needle in line, line


def test_a_bad_bandwidth_is_a_resourceslice_error():
    with pytest.raises(ResourceSliceError) as e:
        load_topology(GOOD, FABRIC.replace("cluster: east", "cluster: east\nbandwidth: {1: 1, 3: 2, 4: 3, 5: 4}"))
    assert type(e.value) is ResourceSliceError and e.value.key == "bandwidth"
