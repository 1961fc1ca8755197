"""Trace replay: is a recorded behaviour a behaviour of the spec?

The initial state is checked against Init, each step (s, t) against Next, and each state against
the model's invariants (and [][A]_v properties on each step), all through the model's one TLA+
semantics (:meth:`Model.check_init`, :meth:`Model.check_step`). Nothing is enumerated: the
logged parameters (``j``, ``l``, Plan's ``P``, Restore's ``e``...) are bound as witnesses of the
existential quantifiers of the same name after a membership test, existentials the step does
not log are bound to a value in no set (see LoggedOnly), and Init is evaluated as a predicate. The replayer knows nothing about RRP: the model comes from the trace header's
constants and the spec's own .cfg (behaviour, invariants, properties).

Trace variables the spec does not declare are hidden (listed in ``ReplayResult.hidden``): the
RRP engine's traces carry spec/RRPResume.tla's ``resumed`` as well, so one trace replays
against RRP (which cannot tell which seal Restore loaded, only that one below the new epoch
exists) and against its refinement RRPResume (which checks it was the newest).

A step is checked against [Next]_v, as the behaviour spec Init /\\ [][Next]_v says: a step that is
not a Next step but leaves v unchanged (v is the spec's subscript, or every variable with
INIT/NEXT) is a stuttering step of the replayed spec, accepted and counted (``stutters``, with a
warning naming it); typically a step that changed only hidden variables (the RRP engine writes
none: its Restore also moves the phase).
"""

from __future__ import annotations

import dataclasses
import hashlib
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..boundary import load_guarded
from ..check.model import Model
from ..tla import syntax as ast
from ..tla.config import ModelConfig, parse_config_file
from ..tla.errors import EXIT_INVARIANT, EXIT_OK, EXIT_PROPERTY, ConfigError
from ..tla.sameness import same
from ..tla.values import Fcn, ModelValue, fcn_as_dict, format_value
from .format import Header, TraceError, TraceReader
from .replay_props import StepProperty, step_properties


@dataclass
class Divergence:
    """Where a trace stops being a behaviour of the spec. ``step`` 0 is the initial state."""

    trace: str
    line: int
    step: int
    action: str
    kind: str  # "init" | "step" | "invariant" | "property"
    message: str
    diff: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return EXIT_INVARIANT if self.kind == "invariant" else EXIT_PROPERTY

    def line_text(self) -> str:
        return f"{self.trace}:{self.line}:1: divergence at step {self.step} ({self.action}): {self.message}"


@dataclass
class ReplayResult:
    trace: str
    spec: str = ""
    steps: int = 0
    seconds: float = 0.0
    actions: Counter[str] = field(default_factory=Counter)
    divergences: list[Divergence] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    next_actions: list[str] = field(default_factory=list)  # names of the sub-actions of Next
    hidden: list[str] = field(default_factory=list)  # trace variables the spec does not declare
    stutters: int = 0  # steps accepted as stuttering steps of [Next]_v

    @property
    def exit_code(self) -> int:
        return self.divergences[0].exit_code if self.divergences else EXIT_OK

    def as_json(self) -> dict[str, Any]:
        return {"trace": self.trace, "spec": self.spec, "hidden": self.hidden, "steps": self.steps,
                "stutters": self.stutters, "seconds": round(self.seconds, 6),
                "actions": dict(sorted(self.actions.items())), "warnings": self.warnings,
                "divergences": [dataclasses.asdict(d) for d in self.divergences]}


NOT_LOGGED = ModelValue("<not logged>")
"""The value of an existential the trace did not log: a member of no set, so that branch is
simply not a match (the alternative, enumerating e.g. SUBSET Leaf, is what replay must avoid)."""


class LoggedOnly(dict):
    """Witnesses for check_step: every existential variable is bound, to its logged value when
    the step's params name it, else to NOT_LOGGED. So the whole of Next is checked, but only
    sub-actions whose existential choices the trace supplies can match, and none is enumerated."""

    def __contains__(self, name: object) -> bool:
        return True

    def __missing__(self, name: str) -> ModelValue:
        return NOT_LOGGED


@dataclass
class Loaded:
    """A model ready for replay: the names of Next's sub-actions (read before the properties
    were compiled, which adds the labels of what they mention) and its action properties."""

    model: Model
    next_names: frozenset[str]
    properties: list[StepProperty]


class ModelCache:
    """Models by (spec, constants): a drift run replays many traces of the same model."""

    def __init__(self, spec_override: str | Path | None = None) -> None:
        self.spec_override = Path(spec_override) if spec_override else None
        self._models: dict[tuple[str, str], Loaded] = {}

    def spec_path(self, header: Header, trace_path: str) -> Path:
        if self.spec_override is not None:
            return self.spec_override
        given = Path(header.spec)
        if given.is_absolute() or ".." in given.parts or given.suffix != ".tla":
            # the header is untrusted: it may only name a .tla file below the project or the
            # trace's folders, never an arbitrary file whose content a parse error would show
            raise TraceError(f"header.spec: {header.spec[:60]!r} must be a relative path to a .tla file "
                             "without '..' (or give the spec with --spec)", _pos(trace_path, 1))
        for base in (Path.cwd(), *Path(trace_path).resolve().parents):
            if (base / given).exists():
                return base / given
        raise TraceError(f"spec {header.spec} named by the header not found (use --spec)", _pos(trace_path, 1))

    def model(self, header: Header, trace_path: str) -> Model:
        return self.load(header, trace_path).model

    def load(self, header: Header, trace_path: str) -> Loaded:
        spec = self.spec_path(header, trace_path)
        key = (str(spec.resolve()), repr(sorted((k, format_value(v)) for k, v in header.constants.items())))
        if key not in self._models:
            try:
                model = load_guarded(lambda: Model(spec, _config(spec, header, trace_path)), spec,
                                     spec.with_suffix(".cfg"))
            except ConfigError as err:
                if err.pos is None or err.pos.file != trace_path:
                    raise  # the spec's own .cfg is wrong
                # the header's constants do not fit the spec: the trace is malformed, not a model file
                raise TraceError(f"header.constants: {err.message}", err.pos) from None
            names = frozenset(lab.name for lab in model.labels)
            self._models[key] = Loaded(model, names, step_properties(model))
        return self._models[key]


def _pos(path: str, line: int) -> ast.Pos:
    return ast.Pos(path, line, 1)


def _config(spec: Path, header: Header, trace_path: str) -> ModelConfig:
    """The spec's own .cfg (behaviour, invariants, properties) with the trace's constants."""
    cfg_path = spec.with_suffix(".cfg")
    if cfg_path.exists():
        cfg = parse_config_file(cfg_path)
        cfg.path = trace_path
        cfg.constants, cfg.substitutions, cfg.positions = dict(header.constants), {}, {}
        return cfg
    return ModelConfig(trace_path, constants=dict(header.constants), init="Init", next="Next")


def spec_strings(model: Model) -> frozenset[str]:
    """Every string literal of the spec's definitions: with the model values, the only strings a
    state of the spec can hold (used to name an unknown value in a corrupted trace)."""
    found: set[str] = set()
    seen: set[int] = set()

    def walk(x: Any) -> None:
        if id(x) in seen:
            return
        seen.add(id(x))
        if isinstance(x, ast.Str):
            found.add(x.value)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name))
        elif isinstance(x, list | tuple):
            for y in x:
                walk(y)

    # the definitions of the module and of every module it reaches through INSTANCE (a
    # refinement's states hold the strings of the instantiated spec, e.g. RRP's phases)
    for sc in model.scope.reachable():
        for defn, _scope in sc.defs.values():
            walk(defn)
    return frozenset(found)


def _unknown_strings(v: Any, known: frozenset[str]) -> list[str]:
    if isinstance(v, str):
        return [] if v in known else [v]
    if isinstance(v, frozenset | tuple):
        return [u for x in v for u in _unknown_strings(x, known)]
    if isinstance(v, Fcn):
        return [u for k, x in v.items() for u in _unknown_strings(k, known) + _unknown_strings(x, known)]
    return []


def diff_states(variables: list[str], s: tuple, t: tuple) -> list[str]:
    """One line per changed variable; functions and sets show only what changed."""
    out = []
    for name, a, b in zip(variables, s, t, strict=True):
        if a == b:
            continue
        if isinstance(a, Fcn | tuple) and isinstance(b, Fcn | tuple) and a and b:
            da, db = fcn_as_dict(a), fcn_as_dict(b)
            parts = [f"{format_value(k)}: {format_value(da.get(k))} -> {format_value(db.get(k))}"
                     for k in sorted(set(da) | set(db), key=format_value) if da.get(k) != db.get(k)]
            out.append(f"{name}: " + ", ".join(parts))
        elif isinstance(a, frozenset) and isinstance(b, frozenset):
            gone = ", ".join(sorted(format_value(x) for x in a - b))
            new = ", ".join(sorted(format_value(x) for x in b - a))
            out.append(f"{name}: " + "; ".join(p for p in (f"-{{{gone}}}" if gone else "",
                                                            f"+{{{new}}}" if new else "") if p))
        else:
            out.append(f"{name}: {format_value(a)} -> {format_value(b)}")
    return out


class Replayer:
    """Replays traces against their spec; ``all_divergences`` keeps going after the first."""

    def __init__(self, cache: ModelCache | None = None, all_divergences: bool = False, strict: bool = False) -> None:
        self.cache = cache or ModelCache()
        self.all = all_divergences
        self.strict = strict

    def replay(self, path: str | Path) -> ReplayResult:
        path = str(path)
        res = ReplayResult(path)
        t0 = time.perf_counter()
        with TraceReader(path) as r:
            loaded = self.cache.load(r.header, path)
            model, names = loaded.model, loaded.next_names
            res.spec = str(model.spec_path)
            self._check_sha(r.header, model, path, res)
            whole = model.next_part.expr.name if isinstance(model.next_part.expr, ast.Name) else None
            res.next_actions = sorted(names - {whole})
            order = model.variables
            missing = [v for v in order if v not in r.header.variables]
            if missing:
                raise TraceError(f"the trace lacks variable(s) {', '.join(missing)} of {model.spec_path.name} "
                                 f"(it has {', '.join(r.header.variables)})", _pos(path, 1))
            res.hidden = [v for v in r.header.variables if v not in order]
            s = tuple(r.init[v] for v in order)
            if not model.check_init(s):
                self._diverge(res, model, r.init_line, 0, "Init", "init", "the initial state does not satisfy Init",
                              s, None)
            self._invariants(res, model, r.init_line, 0, "Init", s)
            for step in r.steps():
                if res.divergences and not self.all:
                    break
                if step.action not in names:
                    raise TraceError(f"step {step.n}: unknown action {step.action!r} (the spec's Next has "
                                     f"{', '.join(sorted(names))})", _pos(path, step.line))
                t = tuple(step.state[v] for v in order)
                witnesses = LoggedOnly(step.params)
                labels = model.check_step(s, t, witnesses)
                if not labels and _stutters(model.subscript(s), model.subscript(t)):
                    res.stutters += 1
                    res.warnings.append(f"{path}:{step.line}: step {step.n} (logged as {step.action}) is a "
                                        f"stuttering step of {model.spec_path.name}: it changes none of its "
                                        "variables in the [Next]_v subscript")
                elif not labels:
                    self._diverge(res, model, step.line, step.n, _render(step.action, step.params), "step",
                                  "not a step of Next", s, t, step.params)
                else:
                    hinted = [x for x in labels if x.split("(")[0] == step.action]
                    res.actions[(hinted or labels)[0].split("(")[0]] += 1
                    if not hinted:
                        res.warnings.append(f"{path}:{step.line}: step {step.n} is logged as {step.action} "
                                            f"but is {' or '.join(labels)}")
                for prop in loaded.properties:
                    if not prop.holds(s, t, witnesses):
                        self._diverge(res, model, step.line, step.n, labels[0] if labels else step.action,
                                      "property", f"action property {prop.name} violated (existentials bound "
                                      f"to the step's logged witnesses: {_params(step.params) or 'none'})", s, t)
                self._invariants(res, model, step.line, step.n, labels[0] if labels else step.action, t)
                s = t
                res.steps = step.n
        res.seconds = time.perf_counter() - t0
        return res

    def _check_sha(self, header: Header, model: Model, path: str, res: ReplayResult) -> None:
        want = header.sha256_for(model.spec_path)
        if not want:
            return
        have = hashlib.sha256(model.spec_path.read_bytes()).hexdigest()
        if have != want:
            msg = f"{path}:1:1: the trace was recorded against a different {model.spec_path.name} (sha256 differs)"
            if self.strict:
                raise TraceError(msg.split(": ", 1)[1], _pos(path, 1))
            res.warnings.append(msg)

    def _invariants(self, res: ReplayResult, model: Model, line: int, n: int, action: str, s: tuple) -> None:
        for name, fn in model.invariants:
            if not fn(s):
                self._diverge(res, model, line, n, action, "invariant", f"invariant {name} is violated", s, None)

    def _diverge(self, res: ReplayResult, model: Model, line: int, n: int, action: str, kind: str, message: str,
                 s: tuple, t: tuple | None, params: dict[str, Any] | None = None) -> None:
        if res.divergences and not self.all:
            return
        known = spec_strings(model)
        for what, v in [*((f"parameter {k}", x) for k, x in (params or {}).items()),
                        *zip(model.variables, t if t is not None else s, strict=True)]:
            bad = _unknown_strings(v, known)
            if bad:
                raise TraceError(f"step {n}: unknown value {bad[0]!r} in {what} (neither a model value of "
                                 "the header nor a string of the spec)", _pos(res.trace, line))
        diff = diff_states(model.variables, s, t) if t is not None else \
            [f"{v} = {format_value(x)}" for v, x in zip(model.variables, s, strict=True)]
        res.divergences.append(Divergence(res.trace, line, n, action, kind, message, diff))


def _params(params: dict[str, Any]) -> str:
    return ", ".join(f"{k}={format_value(v)}" for k, v in params.items())


def _stutters(v: Any, w: Any) -> bool:
    """The subscript unchanged by a step: equal as TLA+ values (failCount 0 then false is a
    change, which Python's 0 == False would call a stutter)."""
    return v == w and same(v, w)


def _render(action: str, params: dict[str, Any]) -> str:
    return f"{action}({_params(params)})" if params else action


__all__ = ["Divergence", "Loaded", "ModelCache", "ReplayResult", "Replayer", "diff_states", "spec_strings"]

