"""Checkpoints of the fingerprint search, as TLC's ``-checkpoint`` and ``-recover``.

Between two levels the whole search is: the seen fingerprints, the trace file (fingerprint and
parent of every state), the states of the next level with their ids, and the count of states
generated so far. A checkpoint writes these to ``DIR/checkpoint`` (through a temporary folder
renamed into place, so a crash while writing leaves the previous checkpoint whole); recovering
reads them back and the search goes on with the next level, ending with the counts an
uninterrupted run gives. Fingerprints do not depend on the process (fingerprints.py), so a
checkpoint is read by any later process. It records the spec's and model's sha256 and is
refused for another model.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..tla.errors import UsageError
from ..tla.syntax import Pos
from .lazynumpy import np
from .model import Model

FORMAT = 1


@dataclass
class Snapshot:
    """The search between two levels."""

    generated: int
    level_start: int
    level_size: int
    depth: int
    seen_runs: list[np.ndarray]
    states: list[tuple]
    ids: list[int]


def identity(model: Model, fp: int | None) -> dict[str, Any]:
    """What a checkpoint must match: the module, its variables, the spec's and model's text, and
    the fingerprint function (-fp), which the seen set was built with."""
    def sha(path: Path) -> str:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    return {"module": model.module_name, "variables": list(model.variables),
            "spec_sha256": sha(model.spec_path), "config_sha256": sha(Path(model.cfg.path)), "fp": fp}


def save(directory: Path, model: Model, snap: Snapshot, trace_files: tuple[Path, Path], fp: int | None) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    tmp, final, old = directory / "checkpoint.tmp", directory / "checkpoint", directory / "checkpoint.old"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    np.savez(tmp / "seen.npz", *snap.seen_runs)
    shutil.copyfile(trace_files[0], tmp / "trace-fp.bin")
    shutil.copyfile(trace_files[1], tmp / "trace-parent.bin")
    with open(tmp / "level.pkl", "wb") as f:
        pickle.dump((snap.states, snap.ids), f, protocol=pickle.HIGHEST_PROTOCOL)
    meta = {"format": FORMAT, "model": identity(model, fp), "generated": snap.generated,
            "level_start": snap.level_start, "level_size": snap.level_size, "depth": snap.depth}
    (tmp / "meta.json").write_text(json.dumps(meta, indent=2))
    shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        os.replace(final, old)
    os.replace(tmp, final)
    shutil.rmtree(old, ignore_errors=True)


def load(directory: Path, model: Model, trace_files: tuple[Path, Path], fp: int | None) -> Snapshot:
    """Read the checkpoint in ``directory`` (copying its trace file to ``trace_files``); a
    missing, damaged or foreign checkpoint is a usage error (exit 2) naming the file."""
    folder = directory / "checkpoint"
    meta_path = folder / "meta.json"
    try:
        meta = json.loads(meta_path.read_text())
    except FileNotFoundError:
        raise UsageError(f"no checkpoint in {directory} (expected {meta_path})", Pos(str(meta_path), 1, 1)) from None
    except (OSError, ValueError) as err:
        raise UsageError(f"the checkpoint cannot be read: {err}", Pos(str(meta_path), 1, 1)) from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise UsageError(f"not a checkpoint of this version (format {FORMAT})", Pos(str(meta_path), 1, 1))
    want = identity(model, fp)
    for key, value in want.items():
        if meta.get("model", {}).get(key) != value:
            raise UsageError(f"the checkpoint is of another model: its {key} differs from "
                             f"{model.spec_path.name} with {Path(model.cfg.path).name}", Pos(str(meta_path), 1, 1))
    try:
        with np.load(folder / "seen.npz") as runs:
            seen = [runs[f"arr_{i}"] for i in range(len(runs.files))]
        with open(folder / "level.pkl", "rb") as f:
            states, ids = pickle.load(f)  # noqa: S301 - our own file, checked against the model above
        shutil.copyfile(folder / "trace-fp.bin", trace_files[0])
        shutil.copyfile(folder / "trace-parent.bin", trace_files[1])
        return Snapshot(int(meta["generated"]), int(meta["level_start"]), int(meta["level_size"]),
                        int(meta["depth"]), seen, states, ids)
    except (OSError, ValueError, KeyError, EOFError, pickle.UnpicklingError) as err:
        raise UsageError(f"the checkpoint is damaged: {err}", Pos(str(folder), 1, 1)) from None
