"""Topology compiler from DRA ResourceSlices (kubectl -o yaml shape) and a fabric description."""

import pytest
import yaml

from phalanx_ref.resourceslice import ResourceSliceError, load_topology
from tests.ref.resourceslice_docs import FABRIC, gpu_slice, listing


def test_hgx_slices_compile_to_the_generator_shape() -> None:
    t = load_topology(listing([gpu_slice(f"n{i}", f"clique-n{i}") for i in range(4)]), FABRIC)
    assert t.n_leaves == 32 and t.levels == (1, 3, 4, 5) and t.generation == "hgx-h100"
    assert t.bandwidth[1] == 900.0 and t.roots == [(0, 5)]
    assert t.leaf_names[9] == "n1/gpu-1" and t.rail[9] == 1 and t.lca_level(0, 9) == 3
    assert t.leaf_id("n3/gpu-7") == 31
    assert t.to_networkx().number_of_nodes() == 32 + 4 + 2 + 1 + 1


def test_nvl72_clique_spans_trays_of_one_rack() -> None:
    slices = [gpu_slice(f"tray{i}", "rack-a", n=4, product="NVIDIA GB200", rail_of=lambda i: i % 4) for i in range(18)]
    fabric = yaml.safe_dump({"rails": [0, 1, 2, 3], "pods": {"p": {"rg": [f"tray{i}" for i in range(18)]}}})
    t = load_topology(listing(slices), fabric)
    assert t.generation == "gb200-nvl72" and t.n_leaves == 72 and t.roots == [(0, 6), (64, 3)]
    assert t.lca_level(0, 71) == 1


@pytest.mark.parametrize("slices, needle", [
    ([gpu_slice("n0", "c0"), gpu_slice("n0", "c0")], "duplicate device"),
    ([gpu_slice("n0", None)], "has no NVLink domain id"),
    ([gpu_slice("n0", "c0", rail_of=lambda i: i + 3)], "unknown rail"),
    ([gpu_slice("n9", "c9")], "not in the fabric"),
    ([gpu_slice("n0", "shared"), gpu_slice("n2", "shared")], "spans rail groups"),
])
def test_bad_input_is_one_line_naming_the_object(slices: list[dict], needle: str) -> None:
    with pytest.raises(ResourceSliceError) as e:
        load_topology(listing(slices), FABRIC)
    msg = str(e.value)
    assert needle in msg and "\n" not in msg and "ResourceSlice '" in msg


def test_yaml_errors_and_missing_fabric() -> None:
    with pytest.raises(ResourceSliceError, match="^<slices>:1:"):
        load_topology("items: [", FABRIC)
    with pytest.raises(ResourceSliceError, match="pods"):
        load_topology(listing([gpu_slice("n0", "c0")]), "cluster: x")
