"""Scenario files: every parameter of a ``phalanx-sim report`` in one TOML file.

Sections: ``[report]`` (ReportConfig's run sizes), ``[monte_carlo]`` (MonteCarloParams),
``[renewal]`` (RenewalParams, with the designs under ``[renewal.designs.<key>]`` and referred to
by key), ``[testbed]`` (TestbedParams; levels as keys of ``bandwidth_gbs`` and ``alpha_s``). A
section or key left out keeps the code's default; an unknown one is an error. The paper's §8 is
``scenarios/paper_s8.toml``, the default scenario, equal to the code's defaults (tested).

Errors are one line: ``FILE: section.key: problem`` (or tomllib's line and column for syntax).
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import fields, replace
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from phalanx_ref.sim.params import (
    AGGRESSIVE_REMOTE,
    PHALANX,
    PHALANX_TAU1,
    RESTART_REMOTE,
    Design,
    MonteCarloParams,
    RenewalParams,
    TestbedParams,
)
from phalanx_ref.sim.report import ReportConfig

DEFAULT_SCENARIO: Traversable = files("phalanx_ref.sim").joinpath("scenarios", "paper_s8.toml")
"""The paper's §8, package data (pyproject's ``package-data``): found the same way from a wheel
install as from the repository."""
SECTIONS = ("report", "monte_carlo", "renewal", "testbed")
SWEEPABLE = ("monte_carlo", "renewal", "testbed")
REPORT_KEYS = ("seed", "seeds", "failures", "first_seed_parts", "quality_events", "recovery", "sweep_runs", "trend_pods", "sensitivity",
               "correlated_events", "exhaustion_pods", "exhaustion_share")


class ScenarioError(ValueError):
    """A scenario that cannot be read or does not describe valid parameters (one line)."""


def read(path: Path | Traversable) -> dict[str, Any]:
    """The scenario file's tables, as TOML gives them."""
    try:
        return tomllib.loads(path.read_text())
    except OSError as e:
        raise ScenarioError(f"{path}: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{path}: {e}") from None


def _check_keys(where: str, table: dict[str, Any], known: tuple[str, ...] | list[str]) -> None:
    for key in table:
        if key not in known:
            raise ScenarioError(f"{where}.{key}: unknown parameter (known: {', '.join(known)})")


def _levels(where: str, table: Any) -> dict[int, float]:
    if not isinstance(table, dict):
        raise ScenarioError(f"{where}: expected a table of level = value")
    try:
        return {int(k): float(v) for k, v in table.items()}
    except (TypeError, ValueError):
        raise ScenarioError(f"{where}: levels must be integers and values numbers") from None


def _build(cls: type, where: str, table: dict[str, Any], **converted: object) -> Any:
    names = [f.name for f in fields(cls)]
    _check_keys(where, table, names)
    kw = {k: tuple(v) if isinstance(v, list) else v for k, v in table.items()} | converted
    try:
        return cls(**kw)
    except (TypeError, ValueError) as e:
        raise ScenarioError(f"{where}: {e}") from None


DEFAULT_DESIGNS = {"restart_remote": RESTART_REMOTE, "aggressive_remote": AGGRESSIVE_REMOTE, "phalanx": PHALANX,
                   "phalanx_tau1": PHALANX_TAU1}
"""The paper's Table 3 designs by key; a scenario's ``[renewal.designs.<key>]`` adds or replaces."""


def _renewal(where: str, table: dict[str, Any]) -> RenewalParams:
    table = dict(table)
    designs_raw = table.pop("designs", {})
    designs: dict[str, Design] = dict(DEFAULT_DESIGNS)
    for key, d in designs_raw.items():
        designs[key] = _build(Design, f"{where}.designs.{key}", d)

    def design(ref: Any, at: str) -> Design:
        if not isinstance(ref, str) or ref not in designs:
            raise ScenarioError(f"{at}: {ref!r} is not a key of [{where}.designs] ({', '.join(designs) or 'none'})")
        return designs[ref]

    def config(pair: Any, at: str) -> tuple[int, Design]:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)):
            raise ScenarioError(f"{at}: expected [GPUs, design key], got {pair!r}")
        return pair[0], design(pair[1], at)

    conv: dict[str, object] = {}
    if "table3" in table:
        conv["table3"] = tuple(config(p, f"{where}.table3[{i}]") for i, p in enumerate(table["table3"]))
    if "fast" in table:
        conv["fast"] = design(table["fast"], f"{where}.fast")
    if "crossover_baseline" in table:
        conv["crossover_baseline"] = config(table["crossover_baseline"], f"{where}.crossover_baseline")
    return _build(RenewalParams, where, table, **conv)


def config_from(raw: dict[str, Any], source: str) -> ReportConfig:
    """A ReportConfig from a scenario's tables (``source`` names the file in errors)."""
    try:
        for key in raw:
            if key not in SECTIONS:
                raise ScenarioError(f"[{key}]: unknown section (known: {', '.join(SECTIONS)})")
        for key in SECTIONS:
            if not isinstance(raw.get(key, {}), dict):
                raise ScenarioError(f"{key}: expected a table")
        rep = dict(raw.get("report", {}))
        _check_keys("report", rep, REPORT_KEYS)
        seed = rep.get("seed", 0)
        mc = _build(MonteCarloParams, "monte_carlo", raw.get("monte_carlo", {}), seed=seed)
        renewal = _renewal("renewal", raw.get("renewal", {}))
        tb_raw = raw.get("testbed", {})
        conv = {k: _levels(f"testbed.{k}", tb_raw[k]) for k in ("bandwidth_gbs", "alpha_s") if k in tb_raw}
        tb = _build(TestbedParams, "testbed", tb_raw, **conv)
        if "trend_pods" in rep:
            rep["trend_pods"] = tuple(rep["trend_pods"])
        return _build(ReportConfig, "report", rep, mc=mc, renewal=renewal, tb=tb,
                      scenario={"file": source, "contents": raw})
    except ScenarioError as e:
        raise ScenarioError(f"{source}: {e}") from None


def load(path: Path | Traversable | None = None) -> ReportConfig:
    """The scenario at ``path`` (default: the paper's §8)."""
    path = path or DEFAULT_SCENARIO
    return config_from(read(path), str(path))


def with_value(raw: dict[str, Any], param: str, value: object) -> dict[str, Any]:
    """A copy of a scenario's tables with ``section.key`` (or ``section.key.sub``) set to value."""
    parts = param.split(".")
    if len(parts) < 2 or parts[0] not in SWEEPABLE:
        raise ScenarioError(f"{param}: expected SECTION.KEY with SECTION one of {', '.join(SWEEPABLE)}")
    out = copy.deepcopy(raw)
    table = out
    for p in parts[:-1]:
        table = table.setdefault(p, {})
        if not isinstance(table, dict):
            raise ScenarioError(f"{param}: {p} is not a table")
    table[parts[-1]] = value
    return out


def reseeded(cfg: ReportConfig, seed: int) -> ReportConfig:
    """The same scenario with another seed (the Monte Carlo's too)."""
    return replace(cfg, seed=seed, mc=replace(cfg.mc, seed=seed))
