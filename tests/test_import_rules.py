"""The import rules of docs/architecture.md, read from the source with ``ast`` (every import,
function-level ones included):

- layers: each unit imports only the units below it (``MAY_IMPORT``); the generic toolkit
  (``phalanx_verify``) imports nothing of the Phalanx implementation (``phalanx_ref``) or of the
  Phalanx layer (``phalanx_gate``), ``phalanx_ref`` imports neither, and nothing imports the CLI;
- public names: a name imported from another package of ``phalanx_verify`` must be in that
  package's ``__all__`` (imported from the package or from the module defining it), every such
  package declares one, and no underscored name crosses a unit's boundary;
- the planner is pure: its modules import neither the engine nor the store (nor the simulator).

``KNOWN_VIOLATIONS`` lists what still breaks them while other branches move code: it must match exactly, so an entry that no longer applies
fails too and is removed when the move is merged.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PACKAGES = ("phalanx_verify.tla", "phalanx_verify.check", "phalanx_verify.trace", "phalanx_verify.tlc",
            "phalanx_verify.prove")
"""The packages of the generic toolkit; each states its API in ``__all__``."""

SUPPORT = "phalanx_verify.support"
SUPPORT_MODULES = {f"phalanx_verify.{m}" for m in ("boundary", "textfile", "tomlfile", "progress", "executor",
                                                   "tlcargs", "project", "plugins")}
"""Top-level helpers of phalanx_verify (input files, error lines, progress, executors, the
project's command defaults, entry-point commands) that any of its packages may use; they import
only the semantics."""

MAY_IMPORT: dict[str, set[str]] = {
    "phalanx_verify.tla": set(),
    SUPPORT: {"phalanx_verify.tla"},
    "phalanx_verify.check": {"phalanx_verify.tla", SUPPORT},
    "phalanx_verify.trace": {"phalanx_verify.tla", "phalanx_verify.check", SUPPORT},
    "phalanx_verify.tlc": {"phalanx_verify.tla", "phalanx_verify.check", SUPPORT},
    "phalanx_verify.prove": {"phalanx_verify.tla", "phalanx_verify.check", SUPPORT},
    "phalanx_verify": {*PACKAGES, SUPPORT},
    "phalanx_gate": {*PACKAGES, SUPPORT, "phalanx_verify", "phalanx_ref"},
    "phalanx_ref": set(),
}
"""Which unit may import which (besides itself): the layers, lowest first."""

PLANNER = {f"phalanx_ref.{m}" for m in ("topology", "buddy", "hdfb", "prepared", "mutants", "lifecycle_plan",
                                        "audit", "cost")}
"""The pure planner: these import only each other within phalanx_ref."""

CLI = "phalanx_verify.cli"

KNOWN_VIOLATIONS: set[str] = set()


def module_name(path: str) -> str:
    """``phalanx_verify/check/bfs.py`` -> ``phalanx_verify.check.bfs`` (a package: its name)."""
    parts = list(Path(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def unit_of(module: str) -> str | None:
    """The unit a module belongs to (None: not the project's)."""
    if module in SUPPORT_MODULES:
        return SUPPORT
    for pkg in PACKAGES:
        if module == pkg or module.startswith(pkg + "."):
            return pkg
    top = module.split(".")[0]
    return top if top in MAY_IMPORT else None


@cache
def imports(path: str, source: str) -> tuple[tuple[str, str | None], ...]:
    """Every (module, name) ``path`` imports; name None for ``import module``. Relative imports
    are resolved against ``path``'s package. Cached: each case below plants one import."""
    here = module_name(path).split(".")
    package = here if path.endswith("__init__.py") else here[:-1]
    out: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.Import):
            out += [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            out += [(module, a.name) for a in node.names]
    return tuple(out)


@cache
def declared_all(source: str) -> frozenset[str] | None:
    """The names of a module's literal ``__all__``, None without one."""
    for node in ast.parse(source).body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.List | ast.Tuple)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)):
            return frozenset(e.value for e in node.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str))
    return None


def violations(sources: dict[str, str]) -> set[str]:
    """The rules broken by ``sources`` (path relative to the repository -> text), one line each."""
    found: set[str] = set()
    apis = {pkg: declared_all(sources.get(pkg.replace(".", "/") + "/__init__.py", "")) for pkg in PACKAGES}
    for pkg, api in apis.items():
        init = pkg.replace(".", "/") + "/__init__.py"
        if api is None and init in sources:
            found.add(f"{init}: no __all__")
    for path, source in sources.items():
        me = module_name(path)
        mine = unit_of(me)
        for module, name in imports(path, source):
            target = unit_of(module)
            if target is None:
                continue
            if module == CLI or (name == "cli" and module == "phalanx_verify"):
                found.add(f"{path}: nothing imports the CLI")
            if me in PLANNER and module.startswith("phalanx_ref") and module not in PLANNER:
                found.add(f"{path}: the planner may not import {module}")
            if target == mine:
                continue
            if target not in MAY_IMPORT.get(mine or "", set()):
                found.add(f"{path}: {mine} may not import {module}")
                continue
            private = [p for p in [*module.split("."), name or ""] if p.startswith("_") and p != "__init__"]
            if private:
                found.add(f"{path}: imports the private {private[0]} of {module}")
            elif target in PACKAGES:
                # the name imported, or for ``import pkg.sub`` the submodule, must be in the API
                shown = name if name is not None else (module.split(".") + [""])[target.count(".") + 1]
                if shown and shown not in (apis[target] or ()):
                    found.add(f"{path}: {shown} from {module} is not in {target}.__all__")
    return found


def project_sources() -> dict[str, str]:
    return dict(_sources())


@cache
def _sources() -> tuple[tuple[str, str], ...]:
    return tuple((str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
                 for top in ("phalanx_verify", "phalanx_ref", "phalanx_gate") for p in sorted((ROOT / top).rglob("*.py")))


def test_the_tree_keeps_the_import_rules() -> None:
    found = violations(project_sources())
    assert sorted(found - KNOWN_VIOLATIONS) == [], "new import-rule violations (docs/architecture.md)"
    assert sorted(KNOWN_VIOLATIONS - found) == [], "fixed: remove these from KNOWN_VIOLATIONS"


@pytest.mark.parametrize(("path", "source", "expected"), [
    ("phalanx_verify/check/x.py", "from phalanx_ref.hdfb import Planner",
     "phalanx_verify/check/x.py: phalanx_verify.check may not import phalanx_ref.hdfb"),
    ("phalanx_verify/tla/x.py", "def f():\n    from ..check import model\n",
     "phalanx_verify/tla/x.py: phalanx_verify.tla may not import phalanx_verify.check"),
    ("phalanx_ref/engine.py", "import phalanx_verify.tla",
     "phalanx_ref/engine.py: phalanx_ref may not import phalanx_verify.tla"),
    ("phalanx_verify/check/x.py", "from ..tla.compile import _HOIST_OPS",
     "phalanx_verify/check/x.py: imports the private _HOIST_OPS of phalanx_verify.tla.compile"),
    ("phalanx_verify/check/x.py", "from ..tla.compile import Scope2",
     "phalanx_verify/check/x.py: Scope2 from phalanx_verify.tla.compile is not in phalanx_verify.tla.__all__"),
    ("phalanx_verify/trace/x.py", "from phalanx_verify.tla import bags",
     "phalanx_verify/trace/x.py: bags from phalanx_verify.tla is not in phalanx_verify.tla.__all__"),
    ("phalanx_verify/trace/x.py", "import phalanx_verify.tla.bags",
     "phalanx_verify/trace/x.py: bags from phalanx_verify.tla.bags is not in phalanx_verify.tla.__all__"),
    ("phalanx_gate/x.py", "from phalanx_verify.cli import main", "phalanx_gate/x.py: nothing imports the CLI"),
    ("phalanx_ref/hdfb.py", "from phalanx_ref.store.memory import MemoryStore",
     "phalanx_ref/hdfb.py: the planner may not import phalanx_ref.store.memory"),
])
def test_each_rule_catches_its_breach(path: str, source: str, expected: str) -> None:
    """The checker is not vacuous: one planted import breaking each rule is reported."""
    sources = project_sources()
    before = violations(sources)
    sources[path] = sources.get(path, "") + "\n" + source + "\n"
    assert violations(sources) - before == {expected}


def test_public_imports_pass() -> None:
    """An import of an API name, from the package or from its defining module, breaks nothing."""
    sources = project_sources()
    before = violations(sources)
    sources["phalanx_verify/check/x.py"] = ("from ..tla import syntax as ast\nfrom ..tla.compile import Ctx\n"
                                            "from phalanx_verify.tla import format_value\nfrom ..textfile import read_utf8\n")
    assert violations(sources) == before
