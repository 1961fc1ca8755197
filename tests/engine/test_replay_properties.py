"""Action properties in trace replay are decided with the step's logged witnesses
(phalanx_verify/trace/replay_props.py): on lifecycle runs small enough to enumerate (8 leaves,
2^8 plans) the decision equals the value semantics the model checker uses (TLC's), on every
recorded step and on a corrupted twin of it; at 32 leaves StrictlyRRP is decided without
enumerating RRP's Plan and fails at the first trigger, as the spec's own model says it must."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from phalanx_ref.lifecycle_trace import record_lifecycle
from phalanx_ref.lifecycle_workload import LifecycleConfig
from phalanx_ref.store.memory import MemoryStore
from phalanx_verify.tla.values import Fcn
from phalanx_verify.trace.format import TraceReader
from phalanx_verify.trace.replay import LoggedOnly, ModelCache, Replayer

ROOT = Path(__file__).resolve().parents[2]
PROPS = ("EpochMonotone", "NoSteal", "SuspectAvoided", "RefinesRRP", "StrictlyRRP")
TRIGGERS = ("Drain", "Defrag", "Resize", "Preempt", "Resume", "Finish")


def lifecycle_with(tmp: Path, props: tuple[str, ...]) -> ModelCache:
    """RRPLifecycle with a cfg whose PROPERTIES are ``props`` (the replay reads the spec's .cfg)."""
    for name in ("RRPLifecycle.tla", "RRP.tla"):
        (tmp / name).write_text((ROOT / "spec" / name).read_text())
    cfg = (ROOT / "spec" / "RRPLifecycle.cfg").read_text().split("PROPERTIES")[0]
    (tmp / "RRPLifecycle.cfg").write_text(cfg + "PROPERTIES " + " ".join(props) + "\n")
    return ModelCache(tmp / "RRPLifecycle.tla")


def corrupted(variables: list[str], s: tuple, t: tuple) -> list[tuple]:
    """Twins of the step's t: its first held leaf given to another holder, and (once some job
    has moved on) the newest epoch set back below s's."""
    def put(name: str, key: object, value: object) -> tuple:
        i = variables.index(name)
        return (*t[:i], Fcn({**t[i], key: value}), *t[i + 1:])

    alloc, epoch = t[variables.index("alloc")], s[variables.index("epoch")]
    leaf = next(k for k, v in sorted(alloc.items(), key=str) if str(v) != "None")
    out = [put("alloc", leaf, next(v for v in alloc.values() if v != alloc[leaf]))]
    job = max(epoch, key=lambda j: epoch[j])
    return out + [put("epoch", job, epoch[job] - 1)] if epoch[job] > 0 else out


def test_witness_decision_equals_the_value_semantics_on_small_runs(tmp_path: Path) -> None:
    cache = lifecycle_with(tmp_path, PROPS)
    cfg = LifecycleConfig(jobs=2, nodes_per_rail_group=1, rail_groups=1, size=4, max_fail=1, max_ops=400)
    outcomes: Counter[tuple[str, bool]] = Counter()
    for seed in range(4):
        path = tmp_path / f"small{seed}.ndjson"
        record_lifecycle(MemoryStore(seed), path, seed, cfg)
        with TraceReader(str(path)) as r:
            loaded = cache.load(r.header, str(path))
            model = loaded.model
            values = [f for p in model.properties for _, f in p.action_props]
            assert [p.name for p in loaded.properties] == list(PROPS)
            s = tuple(r.init[v] for v in model.variables)
            for step in r.steps():
                t = tuple(step.state[v] for v in model.variables)
                for u in (t, *corrupted(model.variables, s, t)):
                    for prop, value in zip(loaded.properties, values, strict=True):
                        decided = prop.holds(s, u, LoggedOnly(step.params))
                        assert decided == bool(value(s, u)), (prop.name, step.n, step.action)
                        outcomes[prop.name, decided] += 1
                s = t
    for name in PROPS:  # every property was seen holding and failing
        assert outcomes[name, True] and outcomes[name, False], (name, outcomes)


def test_strictly_rrp_fails_at_the_first_trigger_at_32_leaves(tmp_path: Path) -> None:
    path = tmp_path / "life.ndjson"
    record_lifecycle(MemoryStore(1), path, 1)
    res = Replayer(lifecycle_with(tmp_path, ("StrictlyRRP",))).replay(path)
    first = res.divergences[0]
    assert first.kind == "property" and "StrictlyRRP" in first.message and first.action.startswith(TRIGGERS)
    assert "logged witnesses: " in first.message and "j=j" in first.message
    with TraceReader(str(path)) as r:
        before = [s.action for s in r.steps()][:first.step - 1]
    assert not set(before) & set(TRIGGERS)  # the steps before it were RRP steps (or stutters)
