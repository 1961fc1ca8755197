"""numpy, loaded when first used rather than when the checker is imported.

The fingerprint search, its spill files, checkpoints and the liveness graph keep states in
numpy arrays; a one-worker breadth-first search uses none of them, and importing numpy was
about 90 ms of every ``check -workers 1`` (a third of the command's imports), start-up that a
user pays on each small model. importlib's LazyLoader executes the module on its first
attribute access, which the searches that use it make at once.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType
from typing import TYPE_CHECKING


def _lazy(name: str) -> ModuleType:
    """The module ``name``, registered now and executed on its first attribute access (or as
    already imported)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"No module named {name!r}")
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:
    import numpy as np
else:
    np = _lazy("numpy")

__all__ = ["np"]
