"""RRP's records in the store (paper Figure 1) and their mapping to the spec's variables.

Key layout, under a per-cluster root prefix ``R`` (e.g. ``"rrp/"``):

======================  ==========================================  ==========================
key                     value (canonical JSON)                      written by
======================  ==========================================  ==========================
R alloc/{leaf}          {"epoch": e, "job": j}  (absent = free;      Commit only
                        e: the epoch of the Commit that claimed it)
R epoch/{job}           {"e": e, "phase": "Run"|"Plan"|...}         every engine step of job
R plan/{job}            {"leaves": [...], "tpl": i}                 Plan
R seal/{job}/{e}        {"manifest": sha256, "token": e}            Seal (create-once)
R resume/{job}          {"e": e}  (absent = 0: the job's start)     Restore
R lease/{worker}        {"leaf": leaf}, attached to the worker's     set-up (and a simulated
                        lease                                       node's repair); deleted by
                                                                    lease expiry or revoke
R step/{job}            {"action": A, "params": {...}}              every engine txn of job
======================  ==========================================  ==========================

Leaves are the spec's names ``l0..l{n-1}`` (leaf i is planner leaf id i); the worker on leaf
``l5`` is ``w5``. ``step/{job}`` makes each transaction self-describing: the action and the
witnesses of its existential choices (Plan's P, Restore's e) travel in the same revision as
the change, so a trace can be rebuilt from the store's history alone, in revision order, even
when a client lost the reply to its own write.

Mapping to the spec's variables at a revision (:func:`spec_state`):

- ``live``      = { l : lease/{w(l)} exists }
- ``epoch[j]``  = epoch/{j}.e,  ``phase[j]`` = epoch/{j}.phase
- ``alloc[l]``  = alloc/{l}.job, or None when the key is absent
- ``sealed[j]`` = { e : seal/{j}/{e} exists }
- ``plan[j]``   = set(plan/{j}.leaves)  (the job's whole planned footprint; {} before any Plan)
- ``failCount`` = the failure injector's counter: lease deletions so far of workers that the
  injector killed (not derived from ``live``, so a lease lost by accident is a divergence).
- ``resumed[j]`` = resume/{j}.e, the epoch of the manifest j's last Restore loaded; 0 while the
  key is absent (a job starts from the initial seal of epoch 0). This is spec/RRPResume.tla's
  variable, not RRP's.

Which variables a trace carries: both sets, always (:data:`SpecState.VARIABLES`, RRP's seven
then ``resumed``). The replayer hides trace variables the replayed spec does not declare, so
the same trace replays against RRP (``resumed`` hidden: RRP checks only that *some* seal below
the new epoch exists, through Restore's logged witness ``e``) and against RRPResume, the
refinement that also checks Restore loaded exactly the newest seal below the new epoch.
``resumed`` is a record of its own, not a field of epoch/{j}, because the guards compare
epoch/{j} by value (:func:`epoch_value`) and must keep doing so.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any


def encode(value: dict[str, Any]) -> str:
    """Canonical JSON, so a value compare in a guard matches exactly what was written."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def leaf_name(i: int) -> str:
    """Interned: the engine and its cache look leaves up by name in 131K-entry dicts, and an
    identical key object is found without comparing the text (one memory read fewer per leaf)."""
    return sys.intern(f"l{i}")


def leaf_index(name: str) -> int:
    return int(name[1:])


def worker_of(leaf: str) -> str:
    return "w" + leaf[1:]


def leaf_of_worker(worker: str) -> str:
    return "l" + worker[1:]


@dataclass(frozen=True)
class Keys:
    """The key layout under one root prefix."""

    root: str = "rrp/"

    def alloc(self, leaf: str) -> str:
        return f"{self.root}alloc/{leaf}"

    def epoch(self, job: str) -> str:
        return f"{self.root}epoch/{job}"

    def plan(self, job: str) -> str:
        return f"{self.root}plan/{job}"

    def seal(self, job: str, e: int) -> str:
        return f"{self.root}seal/{job}/{e}"

    def seals(self, job: str) -> str:
        return f"{self.root}seal/{job}/"

    def lease(self, worker: str) -> str:
        return f"{self.root}lease/{worker}"

    def resume(self, job: str) -> str:
        return f"{self.root}resume/{job}"

    def step(self, job: str) -> str:
        return f"{self.root}step/{job}"

    def split(self, key: str) -> tuple[str, ...]:
        """``R alloc/l3`` -> ("alloc", "l3"); ``R seal/j1/2`` -> ("seal", "j1", "2")."""
        if not key.startswith(self.root):
            raise ValueError(f"key {key!r} is outside root {self.root!r}")
        return tuple(key[len(self.root):].split("/"))


def epoch_value(e: int, phase: str) -> str:
    return encode({"e": e, "phase": phase})


@dataclass
class SpecState:
    """The spec's variables as plain Python values (sets are frozensets of names)."""

    live: frozenset[str]
    epoch: dict[str, int]
    phase: dict[str, str]
    alloc: dict[str, str | None]
    sealed: dict[str, frozenset[int]]
    plan: dict[str, frozenset[str]]
    failCount: int  # noqa: N815 - the spec's variable name
    resumed: dict[str, int]

    RRP_VARIABLES = ("live", "epoch", "phase", "alloc", "sealed", "plan", "failCount")
    """spec/RRP.tla's variables."""
    VARIABLES = (*RRP_VARIABLES, "resumed")
    """What a trace carries: RRP's variables and spec/RRPResume.tla's ``resumed``."""


def spec_state(records: dict[str, str], keys: Keys, jobs: list[str], leaves: list[str],
               fail_count: int) -> SpecState:
    """Map the store's records (key -> value, everything under ``keys.root``) to spec variables."""
    live: set[str] = set()
    epoch: dict[str, int] = {}
    phase: dict[str, str] = {}
    alloc: dict[str, str | None] = dict.fromkeys(leaves)
    sealed: dict[str, set[int]] = {j: set() for j in jobs}
    plan: dict[str, frozenset[str]] = dict.fromkeys(jobs, frozenset())
    resumed: dict[str, int] = dict.fromkeys(jobs, 0)
    for key, value in records.items():
        kind, *rest = keys.split(key)
        if kind == "lease":
            live.add(leaf_of_worker(rest[0]))
        elif kind == "epoch":
            rec = json.loads(value)
            epoch[rest[0]], phase[rest[0]] = rec["e"], rec["phase"]
        elif kind == "alloc":
            alloc[rest[0]] = json.loads(value)["job"]
        elif kind == "seal":
            sealed[rest[0]].add(int(rest[1]))
        elif kind == "plan":
            plan[rest[0]] = frozenset(json.loads(value)["leaves"])
        elif kind == "resume":
            resumed[rest[0]] = json.loads(value)["e"]
    return SpecState(frozenset(live), epoch, phase, alloc, {j: frozenset(s) for j, s in sealed.items()},
                     plan, fail_count, resumed)
