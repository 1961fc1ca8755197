"""ResourceSlice listings (kubectl -o yaml shape) and a fabric description, built in code for the
topology compiler's tests (tests/ref) and its hostile-input tests (tests/robust)."""

import yaml


def gpu_slice(node: str, clique: str | None, n: int = 8, product: str = "NVIDIA H100 80GB HBM3",
              rail_of=lambda i: i) -> dict:
    """One node's GPU ResourceSlice: n GPUs, their NVLink clique (None: no cliqueId) and rails."""
    devices = []
    for i in range(n):
        attrs = {"gpu.nvidia.com/type": {"string": "gpu"}, "gpu.nvidia.com/uuid": {"string": f"GPU-{node}-{i}"},
                 "gpu.nvidia.com/productName": {"string": product}, "gpu.nvidia.com/index": {"int": i},
                 "resource.kubernetes.io/pcieRoot": {"string": f"pci0000:{i:02x}"},
                 "gpu.nvidia.com/rail": {"int": rail_of(i)}}
        if clique is not None:
            attrs["gpu.nvidia.com/cliqueId"] = {"string": clique}
        devices.append({"name": f"gpu-{i}", "attributes": attrs})
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
            "metadata": {"name": f"{node}-gpu.nvidia.com-abcde"},
            "spec": {"driver": "gpu.nvidia.com", "nodeName": node, "pool": {"name": node, "generation": 1,
                                                                             "resourceSliceCount": 1},
                     "devices": devices}}


def listing(slices: list[dict]) -> str:
    """The slices as one `kubectl get resourceslices -o yaml` List."""
    return yaml.safe_dump({"apiVersion": "v1", "kind": "List", "items": slices, "metadata": {"resourceVersion": ""}})


FABRIC = yaml.safe_dump({"cluster": "east", "rails": list(range(8)),
                         "pods": {"pod0": {"rg0": ["n0", "n1"], "rg1": ["n2", "n3"]}}})
