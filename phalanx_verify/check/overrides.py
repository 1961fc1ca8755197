"""What a TLC model file does to the spec's names, applied as TLC's SpecProcessor applies it.

- ``C = v`` gives the declared constant C its value; ``Op = v`` replaces the body of the
  ordinary definition Op by the value v; an assignment to any other name (a variable, a name
  the spec does not have, ``r1 = r1`` declaring a model value) is ignored, as TLC ignores it.
- ``F(1) = 2  F(2) = 4`` gives a constant operator F its value point by point (a table).
- ``C <- Op`` substitutes an operator for a constant (the compiler resolves it), ``Def <- Op``
  replaces the definition Def by Op: the name now resolves to Op's definition. The operator
  must exist and take as many arguments; a ``<-`` naming nothing the spec declares is an error.
  A standard-module operator the spec sees can be replaced too (``Seq <- BoundedSeq``).
- ``Op <- [Mod]Other`` and ``Op = [Mod]v`` do the same to the definitions of module Mod only
  (wherever Mod is extended or instantiated); Other comes from the root module.

A definition is rewritten where the compiler resolves it (``Scope.defs``), so every use of the
name, from any module, sees the override and the compiler needs no notion of it. A value
becomes a definition whose body names a constant of the root scope holding the value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..tla import std_arity
from ..tla import syntax as ast
from ..tla.config import ModelConfig
from ..tla.errors import ConfigError
from ..tla.modules import STANDARD_MODULES, Scope
from ..tla.values import make_fcn


def apply_overrides(root: Scope, cfg: ModelConfig) -> dict[str, Any]:
    """Rewrite the scopes for the model's overrides; returns the constant values the compiler
    needs (the declared constants' and one per overridden value)."""
    constants: dict[str, Any] = {}
    declared = {c.name: c.arity for c in root.constants}
    for c in root.constants:
        if c.name not in cfg.constants and c.name not in cfg.substitutions and c.name not in cfg.operator_values:
            raise ConfigError(f"The constant parameter {c.name} is not assigned a value by the "
                              "configuration file.", ast.Pos(cfg.path, 1, 1))
    for name, table in cfg.operator_values.items():
        _tabulate(root, name, table, constants, cfg)
    for name, value in cfg.constants.items():
        if name in declared:
            constants[name] = value
        elif name in root.defs and isinstance(root.defs[name][0], ast.OpDef | ast.FunDef):
            _set_value(root, root, name, value, constants, cfg)
    for name, target in cfg.substitutions.items():
        if target in cfg.substitutions and (name in declared or name in root.defs):
            raise _chained(target, cfg, name)
        replacement = _target(root, name, target, cfg, _wanted_arity(root, declared, name))
        if name in declared:
            _check_arity(declared[name], replacement[0], name, target, cfg)
            if target not in root.defs:
                # A standard operator, which the compiler cannot call by name: the constant
                # becomes the definition that applies it.
                root.constants[:] = [c for c in root.constants if c.name != name]
                root.defs[name] = replacement
        elif name in root.defs:
            _check_arity(_arity(root.defs[name][0]), replacement[0], name, target, cfg)
            root.defs[name] = replacement
        elif _std_name(root, name):
            # A standard-module operator (Seq <- BoundedSeq, Nat <- MyNat): TLC overrides the one
            # definition node all modules share, so an instantiated module's Seq changes too.
            for scope in root.reachable():
                if name not in scope.defs and _std_name(scope, name):
                    scope.defs[name] = replacement
        else:
            raise ConfigError(f"In the configuration file, the identifier {name} does not appear in the "
                              "specification.", cfg.pos_of(name))
    for (module, name), target in cfg.module_substitutions.items():
        if (module, target) in cfg.module_substitutions:
            raise _chained(target, cfg, name)
        replacement = _target(root, name, target, cfg, _wanted_arity(root, declared, name))
        found = [scope for scope in _scopes(root) if _defined_in(scope, name, module)]
        if not found and _std_name(root, name):
            # Nat <- [ZSequences]ZSeqNat with Nat the standard operator ZSequences imports: TLC
            # overrides the one definition node all modules share, so every Nat changes.
            for scope in _scopes(root):
                scope.defs[name] = replacement
            continue
        if not found:
            raise ConfigError(f"{name} <- [{module}]{target}: module {module} defines no {name}",
                              cfg.pos_of(name))
        for scope in found:
            _check_arity(_arity(scope.defs[name][0]), replacement[0], name, target, cfg)
            scope.defs[name] = replacement
    for (module, name), value in cfg.module_constants.items():
        for scope in _scopes(root):
            if _defined_in(scope, name, module):
                _set_value(root, scope, name, value, constants, cfg, module)
    return constants


def _chained(target: str, cfg: ModelConfig, name: str) -> ConfigError:
    """``N <- Def`` beside ``Def <- Def3``: TLC substitutes one step only, and refuses the chain
    (SpecProcessor, for the root module's constants and definitions and per module)."""
    return ConfigError(f"In the configuration file, the identifier {target} appears on the right-hand side "
                       "of a <- after already appearing on the left-hand side of one.", cfg.pos_of(name))


def _set_value(root: Scope, scope: Scope, name: str, value: Any, constants: dict[str, Any],
               cfg: ModelConfig, module: str = "") -> None:
    """Make ``name`` in ``scope`` a definition whose value is ``value``."""
    holder = f"{name}__cfg_{module}" if module else f"{name}__cfg"
    pos = cfg.pos_of(name)
    root.constants.append(ast.Param(holder))
    constants[holder] = value
    scope.defs[name] = (ast.OpDef(pos, name, (), ast.Name(pos, holder)), root)


def _tabulate(root: Scope, name: str, table: dict[tuple, Any], constants: dict[str, Any],
              cfg: ModelConfig) -> None:
    """``CONSTANT F(_)`` given as ``F(1) = 2  F(2) = 4``: F becomes the definition
    ``F(a) == T[a]`` over the table T; outside the points given it is an evaluation error."""
    pos = cfg.pos_of(name)
    decl = next((c for c in root.constants if c.name == name), None)
    arities = {len(args) for args in table}
    if decl is None or arities != {decl.arity}:
        raise ConfigError(f"{name}(...) = ...: the spec declares no constant operator {name} with "
                          f"{'/'.join(map(str, sorted(arities)))} arguments", pos)
    root.constants.remove(decl)
    holder = f"{name}__cfg"
    root.constants.append(ast.Param(holder))
    constants[holder] = make_fcn({args[0] if len(args) == 1 else args: v for args, v in table.items()})
    params = tuple(ast.Param(f"a{i}") for i in range(decl.arity))
    body = ast.FuncApp(pos, ast.Name(pos, holder), tuple(ast.Name(pos, p.name) for p in params))
    root.defs[name] = (ast.OpDef(pos, name, params, body), root)


def _target(root: Scope, name: str, target: str, cfg: ModelConfig, arity: int) -> tuple[ast.Definition, Scope]:
    """The definition ``name <- target`` puts in place of ``name`` (which takes ``arity``
    arguments). A standard operator (``PLen <- Len``, ``Plus <- +``) has no definition in the
    scopes, so it gets one: ``name(a0, ...) == <the standard operator applied to a0, ...>``."""
    entry = root.defs.get(target)
    if entry is None and _std_name(root, target):
        pos = cfg.pos_of(name)
        params = tuple(ast.Param(f"a{i}") for i in range(std_arity(target) or arity))
        args = tuple(ast.Name(pos, p.name) for p in params)
        body = ast.Apply(pos, target, args) if params else ast.Name(pos, target)
        return ast.OpDef(pos, name, params, body), root
    if entry is None or isinstance(entry[0], ast.InstanceDef):
        raise ConfigError(f"The configuration file substitutes for {name} with the undefined identifier "
                          f"{target}.", cfg.pos_of(name))
    return entry


def _wanted_arity(root: Scope, declared: dict[str, int], name: str) -> int:
    """How many arguments ``name``, which the model substitutes, takes in the spec."""
    if name in declared:
        return declared[name]
    if name in root.defs:
        return _arity(root.defs[name][0])
    return std_arity(name) or 0


def _arity(defn: ast.Definition) -> int:
    return len(defn.params) if isinstance(defn, ast.OpDef) else 0


def _check_arity(want: int, defn: ast.Definition, name: str, target: str, cfg: ModelConfig) -> None:
    if _arity(defn) != want:
        raise ConfigError(f"The configuration file substitutes for {name} with {target} of different number "
                          "of arguments.", cfg.pos_of(name))


def _std_name(scope: Scope, name: str) -> bool:
    return any(name in STANDARD_MODULES[m] for m in scope.std)


def _defined_in(scope: Scope, name: str, module: str) -> bool:
    """Does ``scope`` resolve ``name`` to a definition written in module ``module``?"""
    entry = scope.defs.get(name)
    return entry is not None and Path(entry[0].pos.file).stem == module


def _scopes(root: Scope) -> list[Scope]:
    """The root scope and every instance scope below it."""
    out, todo = [], [root]
    while todo:
        scope = todo.pop()
        out.append(scope)
        todo.extend(inst for _, inst in scope.instances.values())
    return out
