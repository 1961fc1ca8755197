"""The whole lifecycle on RRP's store operations (paper section 7, seed 003): every trigger is a
Detect with another verdict, and every placement change is RRP's Plan -> Commit -> Restore.

The engine extends :class:`~phalanx_ref.engine.Engine`; spec/RRPLifecycle.tla is what it is held
to (records and their mapping: lifecycle_records.py). What it adds, each as one guarded
transaction (a failed guard writes nothing; the caller re-reads and decides again):

- Detect   (e, Run) -> (e, Plan), cause "fail"     guard: an assigned leaf's worker is gone
- Drain    (e, Run) -> (e, Plan), cause "drain"    guard: an assigned leaf is suspect
- Defrag, Resize, Preempt, Resume, Finish: the scheduler's verdicts, (e, Run) -> (e, Plan) with
  the job's new template size in tpl/{job}; each guard is the spec's enabling condition as etcd
  compares: a set condition is held by witnesses read from the view (a free healthy live leaf
  for "Spare # {}", for "Spare = {}" the reason each leaf is not spare), and every compare keeps
  holding only while the condition does.
- Plan: HDF-B on a planner that quarantines dead and suspect leaves, of at most the target size
  (the repair path for a failure or a drain, a fresh placement otherwise; none for target 0).
  Guard: RRP's, and no planned leaf suspect.
- Commit: RRP's guard and no planned leaf suspect; a planned leaf turned suspect is an Abort.
- the health agent: Suspect(l) puts suspect/{l} while l is live; Heal(l) deletes it.

The scheduler's choices (which job to move, preempt, resize) are the workload's; the engine
checks them against the store, so a stale choice fails its guard.
"""

from __future__ import annotations

import json

from phalanx_ref.engine import Engine, View, rebuild_planner
from phalanx_ref.hdfb import Job, Placement, Planner
from phalanx_ref.lifecycle_records import HEALTH, suspect_key, tpl_key, tpl_value
from phalanx_ref.rrp_records import Keys, encode, epoch_value, leaf_index, worker_of
from phalanx_ref.store.base import Compare, Delete, Put, Store, absent, value_is
from phalanx_ref.topology import Topology


def present(key: str) -> Compare:
    """The key exists (create revision above 0)."""
    return Compare(key, "create", ">", 0)


class LifecycleEngine(Engine):
    """RRP plus the lifecycle's triggers for ``jobs``; ``high`` are the high-priority gangs,
    ``size`` the full template size (leaves) of every gang."""

    def __init__(self, store: Store, keys: Keys, topo: Topology, jobs: dict[str, Job], high: frozenset[str],
                 size: int) -> None:
        super().__init__(store, keys, topo, jobs)
        self.high, self.size = high, size

    # ---- reading -----------------------------------------------------------------------------
    def tpl_of(self, view: View, job: str) -> tuple[str, int, list[str]]:
        """The job's (cause, target, leaves a defragmentation keeps free)."""
        kv = view.get(tpl_key(self.keys, job))
        assert kv is not None, f"job {job} has no tpl record"
        rec = json.loads(kv.value)
        return rec["cause"], rec["target"], rec.get("hold", [])

    def is_suspect(self, view: View, leaf: str) -> bool:
        return view.get(suspect_key(self.keys, leaf)) is not None

    def spare(self, view: View) -> list[str]:
        """The spec's Spare: live, healthy leaves held by nobody."""
        return [x for x in self.leaves if view.owner(x) is None and view.live(x) and not self.is_suspect(view, x)]

    def waiting(self, view: View, gang: str) -> bool:
        """The spec's Waiting(h): in Plan for a non-empty template, no live healthy leaf held."""
        _, phase = self.epoch_of(view, gang)
        return (phase == "Plan" and self.tpl_of(view, gang)[1] > 0
                and not any(view.live(x) and not self.is_suspect(view, x) for x in view.leaves_of(gang)))

    def planner(self, view: View) -> Planner:
        """A planner holding the view's allocation, dead and suspect leaves quarantined."""
        planner = rebuild_planner(view, self.keys, self.topo, self.jobs, self.leaves)
        planner.mark_suspect(leaf_index(x) for x in self.leaves if self.is_suspect(view, x))
        return planner

    def _planner_for(self, view: View, job: str) -> Planner:
        """The planner ``job``'s Plan decides on."""
        return self.planner(view)

    # ---- guards as compares ------------------------------------------------------------------
    def _spare_witness(self, view: View, leaf: str) -> list[Compare]:
        """``leaf`` is still free, live (the same worker) and healthy: Spare # {}."""
        alive = view.alive(leaf)
        assert alive is not None, f"{leaf} is not live"
        return [absent(self.keys.alloc(leaf)), alive, absent(suspect_key(self.keys, leaf))]

    def _not_spare(self, view: View, leaf: str) -> Compare:
        """Why ``leaf`` is not Spare, as a compare that holds while that reason does."""
        if view.owner(leaf) is not None:
            return present(self.keys.alloc(leaf))
        if self.is_suspect(view, leaf):
            return present(suspect_key(self.keys, leaf))
        assert not view.live(leaf), f"{leaf} is spare"
        return absent(self.keys.lease(worker_of(leaf)))

    def _unusable(self, view: View, leaf: str) -> Compare:
        """Why a held ``leaf`` is not live-and-healthy (dead, or suspect)."""
        if self.is_suspect(view, leaf):
            return present(suspect_key(self.keys, leaf))
        return absent(self.keys.lease(worker_of(leaf)))

    def _waiting_guard(self, view: View, gang: str) -> list[Compare]:
        """Waiting(gang) as read: its epoch and tpl records (only its own steps change them; a
        gang acquires leaves only in its Commit), and why each leaf it holds is unusable."""
        k = self.keys
        epoch, tpl = view.get(k.epoch(gang)), view.get(tpl_key(k, gang))
        assert epoch is not None and tpl is not None
        return [value_is(epoch.key, epoch.value), value_is(tpl.key, tpl.value),
                *(self._unusable(view, x) for x in view.leaves_of(gang))]

    # ---- a trigger: (e, Run) -> (e, Plan) ----------------------------------------------------
    def _trigger(self, view: View, job: str, action: str, cause: str, target: int, guard: list[Compare],
                 hold: list[str] | None = None, **params: object) -> str | None:
        k = self.keys
        e, phase = self.epoch_of(view, job)
        if phase != "Run":
            return None
        guard = [value_is(k.epoch(job), epoch_value(e, "Run")), *guard]
        ops = [Put(k.epoch(job), epoch_value(e, "Plan")), Put(tpl_key(k, job), tpl_value(cause, target, hold)),
               self._step(job, action, **params)]
        return action if self.store.txn(guard, ops).succeeded else None

    def _detect(self, view: View, job: str, e: int) -> str | None:
        """Run: Detect on a dead leaf (RRP's), else Drain on a suspect one."""
        k = self.keys
        target = self.tpl_of(view, job)[1]
        dead = view.dead(job)
        if dead:
            return self._trigger(view, job, "Detect", "fail", target,
                                 [absent(k.lease(worker_of(dead[0]))), view.free_or_mine(dead[0])])
        bad = [x for x in view.leaves_of(job) if self.is_suspect(view, x)]
        if bad:
            return self._drain(view, job, bad[0], target)
        return None

    def _drain(self, view: View, job: str, leaf: str, target: int) -> str | None:
        return self._trigger(view, job, "Drain", "drain", target,
                             [present(suspect_key(self.keys, leaf)), view.free_or_mine(leaf)])

    # ---- the scheduler's verdicts ------------------------------------------------------------
    def defrag(self, job: str, hold: list[str]) -> str | None:
        """Defrag(j): move ``job`` (holding leaves, not high-priority) while a healthy free leaf
        exists; its Plan keeps ``hold`` free (the room a waiting gang needs) when it can."""
        view = self.view()
        mine, spare = view.leaves_of(job), self.spare(view)
        if job in self.high or not mine or not spare:
            return None
        guard = [view.free_or_mine(mine[0]), *self._spare_witness(view, spare[0])]
        return self._trigger(view, job, "Defrag", "defrag", self.tpl_of(view, job)[1], guard, hold)

    def resize(self, job: str, n: int) -> str | None:
        """Resize(j, n): a template switch to size ``n`` (grow only while a healthy leaf is free)."""
        view = self.view()
        target = self.tpl_of(view, job)[1]
        if job in self.high or target == 0 or n == target or not 1 <= n <= self.size:
            return None
        guard: list[Compare] = []
        if n > target:
            spare = self.spare(view)
            if not spare:
                return None
            guard = self._spare_witness(view, spare[0])
        return self._trigger(view, job, "Resize", "resize", n, guard, n=n)

    def preempt(self, job: str, gang: str, n: int = 0, hold: list[str] | None = None) -> str | None:
        """Preempt(j, h, n): ``gang`` waits, no healthy leaf is free, and ``job``'s manifest of its
        current epoch is sealed: it reforms by its own Plan/Commit/Restore onto a smaller
        template of ``n`` leaves (its Plan keeps ``hold``, the gang's room, free when it can), or
        is suspended to zero leaves (``n`` = 0)."""
        view = self.view()
        e = self.epoch_of(view, job)[0]
        mine = view.leaves_of(job)
        if (job in self.high or gang not in self.high or not mine or self.spare(view)
                or not 0 <= n < self.tpl_of(view, job)[1]
                or not self.waiting(view, gang) or self.needs_seal(view, job, n)):
            return None
        guard = [view.free_or_mine(mine[0]), *self._seal_guard(job, e, n), *self._waiting_guard(view, gang),
                 *(self._not_spare(view, x) for x in self.leaves)]
        return self._trigger(view, job, "Preempt", "preempt", n, guard, hold, gang=gang, n=n)

    def needs_seal(self, view: View, job: str, n: int = 0) -> bool:
        """Checkpoint-before-preempt: the job's manifest of its current epoch is not sealed yet,
        so its writer must seal before the job can be preempted (to ``n`` leaves: shrunk or
        suspended, the ranks it gives up resume from that manifest)."""
        return view.get(self.keys.seal(job, self.epoch_of(view, job)[0])) is None

    def _seal_guard(self, job: str, e: int, n: int) -> list[Compare]:
        """Checkpoint-before-preempt: the manifest of the job's current epoch is sealed."""
        return [present(self.keys.seal(job, e))]

    def resume(self, job: str) -> str | None:
        """Resume(j): a preempted job, suspended or shrunk, comes back at full size once a
        healthy leaf is free and every high-priority gang runs (one still being placed comes
        first)."""
        view = self.view()
        cause, target, _ = self.tpl_of(view, job)
        spare = self.spare(view)
        if job in self.high or cause != "preempt" or target >= self.size or not spare or any(
                self.epoch_of(view, h)[1] != "Run" for h in self.high):
            return None
        guard = self._spare_witness(view, spare[0])
        guard += [value_is(self.keys.epoch(h), epoch_value(self.epoch_of(view, h)[0], "Run")) for h in sorted(self.high)]
        return self._trigger(view, job, "Resume", "resume", self.size, guard)

    def finish(self, gang: str) -> str | None:
        """Finish(h): the high-priority gang's work ends; it gives its leaves back by its Commit."""
        view = self.view()
        mine = view.leaves_of(gang)
        if gang not in self.high or not mine or self.tpl_of(view, gang)[1] == 0:
            return None
        return self._trigger(view, gang, "Finish", "finish", 0, [view.free_or_mine(mine[0])])

    # ---- the health agent --------------------------------------------------------------------
    def mark_suspect(self, leaf: str, signal: str = "xid") -> bool:
        """Suspect(l): a health verdict on a live leaf (its worker is still the one read)."""
        view = self.view()
        alive = view.alive(leaf)
        if alive is None or self.is_suspect(view, leaf):
            return False
        key = suspect_key(self.keys, leaf)
        ops = [Put(key, encode({"signal": signal})), self._agent_step("Suspect", l=leaf)]
        return self.store.txn([alive, absent(key)], ops).succeeded

    def heal(self, leaf: str) -> bool:
        """Heal(l): the leaf was repaired or cleared."""
        key = suspect_key(self.keys, leaf)
        return self.store.txn([present(key)], [Delete(key), self._agent_step("Heal", l=leaf)]).succeeded

    def _agent_step(self, action: str, **params: object) -> Put:
        return Put(self.keys.step(HEALTH), encode({"action": action, "params": params}))

    # ---- Plan and Commit ---------------------------------------------------------------------
    def _plan(self, view: View, job: str, e: int) -> str | None:
        """A target of 0 plans no leaf (suspend, finish); otherwise RRP's Plan on :meth:`replan`."""
        if self.tpl_of(view, job)[1] > 0:
            return super()._plan(view, job, e)
        k = self.keys
        cur = view.get(k.plan(job))
        tpl = 0 if cur is None else json.loads(cur.value)["tpl"]
        ops = [Put(k.epoch(job), epoch_value(e, "Commit")), Put(k.plan(job), encode({"leaves": [], "tpl": tpl})),
               self._step(job, "Plan", P=[])]
        return "Plan" if self.store.txn([value_is(k.epoch(job), epoch_value(e, "Plan"))], ops).succeeded else None

    def first_template(self, job: str, target: int) -> int:
        """The first of the job's templates whose gang is at most ``target`` leaves."""
        for i, (tp, pp, dp) in enumerate(self.jobs[job].templates):
            if tp * pp * dp <= target:
                return i
        raise ValueError(f"job {job} has no template of at most {target} leaves")

    def replan(self, view: View, job: str) -> Placement | None:
        """At most ``target`` leaves, none dead or suspect: a job placed anew (arrive, resume)
        gets Place; a failure or a drain is Replan's repair (its suspect and dead leaves are the
        failed ones); a template switch, a defragmentation or a preemption onto a smaller
        template is a fresh placement of the job's footprint (keeping ``hold`` free when it can:
        the room a defragmentation makes, or the preemptor's)."""
        cause, target, hold = self.tpl_of(view, job)
        planner = self._planner_for(view, job)
        first = self.first_template(job, target)
        spec = self.jobs[job]
        cur = planner.placements.get(job)
        if cur is None:
            return planner.place(spec, first)
        bad = planner.suspect_of(job)
        if cause in ("fail", "drain") and bad and cur.template_index >= first:
            return planner.replan(job, bad)
        stop = len(spec.templates)
        lowest = cur.template_index if cause == "defrag" else first  # a defragmentation keeps the size
        # the room's leaves still free or the job's own (its Plan gives those back first)
        free = [leaf_index(x) for x in hold if planner.alloc.owner(leaf_index(x)) in (None, job)]
        if free:
            p = planner.reshape(job, lowest, stop, [(x, 0) for x in free])
            if p is not None:
                return p
        return planner.reshape(job, lowest, stop)

    def _health_guard(self, view: View, job: str, plan: list[str]) -> list[Compare]:
        """Healthy(P): no planned leaf is suspect."""
        return [absent(suspect_key(self.keys, x)) for x in plan]

    def _unhealthy(self, view: View, job: str, plan: list[str]) -> Compare | None:
        """A planned leaf that is suspect, as a compare that holds while it is; None if none."""
        bad = [x for x in plan if self.is_suspect(view, x)]
        return present(suspect_key(self.keys, bad[0])) if bad else None

    def _plan_guard(self, view: View, job: str, plan: list[str]) -> list[Compare]:
        """Health-aware placement: no planned leaf is suspect at the Plan."""
        return self._health_guard(view, job, plan)

    def _commit_guard(self, view: View, job: str, plan: list[str]) -> list[Compare]:
        """The lifecycle's CommitGuard: RRP's, and no planned leaf turned suspect since the Plan."""
        return super()._commit_guard(view, job, plan) + self._health_guard(view, job, plan)

    def _abort_witness(self, view: View, job: str, plan: list[str]) -> Compare | None:
        witness = super()._abort_witness(view, job, plan)
        return witness if witness is not None else self._unhealthy(view, job, plan)
