"""The lifecycle's records in the store and their mapping to spec/RRPLifecycle.tla's variables;
the one table from the engine's event names to the spec's action names.

Records added to RRP's (rrp_records.py), under the same root ``R``:

======================  ==========================================  ==========================
key                     value (canonical JSON)                      written by
======================  ==========================================  ==========================
R suspect/{leaf}        {"signal": "xid"|"ecc"|...}                 the health agent (Suspect);
                                                                    deleted by Heal
R tpl/{job}             {"cause": c, "target": n}  (+ "hold":       every trigger (Detect and
                        leaves a defragmentation keeps free)        the lifecycle's), and Init
R step/_health          {"action": "Suspect"|"Heal", ...}           the health agent
======================  ==========================================  ==========================

Mapping to the lifecycle spec's variables, beside RRP's:

- ``suspect``   = { l : suspect/{l} exists }
- ``target[j]`` = tpl/{j}.target  (the size, in leaves, of the job's current template; 0 for a
  job suspended or finished)
- ``cause[j]``  = tpl/{j}.cause   (the trigger of the job's latest reformation)
- ``events``    = how many Suspect, Defrag and Resize steps the history holds so far (the bound
  MaxEvents counts them, as failCount counts the injector's failures).
"""

from __future__ import annotations

import json
from typing import Any

from phalanx_ref.rrp_records import Keys, encode

HEALTH = "_health"
"""The actor name of the health agent's ``step/`` record (job names never start with _)."""

COUNTED = frozenset({"Suspect", "Defrag", "Resize"})
"""Spec actions that MaxEvents bounds (their steps advance ``events``)."""

SPEC_ACTION: dict[str, tuple[str, dict[str, str]]] = {
    # engine event  -> (spec action, engine parameter -> spec parameter)
    "Detect": ("Detect", {}),
    "Drain": ("Drain", {}),
    "Defrag": ("Defrag", {}),
    "Resize": ("Resize", {}),
    "Preempt": ("Preempt", {"gang": "h"}),
    "Resume": ("Resume", {}),
    "Finish": ("Finish", {}),
    "Plan": ("Plan", {}),
    "Commit": ("Commit", {}),
    "Abort": ("Abort", {}),
    "Seal": ("Seal", {}),
    "Restore": ("Restore", {}),
    "Suspect": ("Suspect", {}),
    "Heal": ("Heal", {}),
}
"""The engine's event vocabulary and its names in spec/RRPLifecycle.tla: the only place a
renamed spec action or parameter needs a change (the trace emitter reads it)."""


def spec_step(action: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """An engine step record's (action, params) in the spec's vocabulary."""
    name, rename = SPEC_ACTION.get(action, (action, {}))
    return name, {rename.get(k, k): v for k, v in params.items()}


def suspect_key(keys: Keys, leaf: str) -> str:
    return f"{keys.root}suspect/{leaf}"


def tpl_key(keys: Keys, job: str) -> str:
    return f"{keys.root}tpl/{job}"


def tpl_value(cause: str, target: int, hold: list[str] | None = None) -> str:
    rec: dict[str, Any] = {"cause": cause, "target": target}
    if hold:
        rec["hold"] = hold
    return encode(rec)


def lifecycle_state(records: dict[str, str], keys: Keys, jobs: list[str], size: int,
                    events: int) -> dict[str, Any]:
    """The lifecycle variables at a revision, as plain values: suspect (a set of leaf names),
    target and cause (dicts by job), events."""
    suspect: set[str] = set()
    target = dict.fromkeys(jobs, size)
    cause = dict.fromkeys(jobs, "none")
    for key, value in records.items():
        kind, *rest = keys.split(key)
        if kind == "suspect":
            suspect.add(rest[0])
        elif kind == "tpl":
            rec = json.loads(value)
            target[rest[0]], cause[rest[0]] = rec["target"], rec["cause"]
    return {"suspect": frozenset(suspect), "target": target, "cause": cause, "events": events}
