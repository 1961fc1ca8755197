"""Unfolding an operator applied to formulas, as TLC passes arguments: by name.

TLC does not evaluate an argument before the call: ``MyNext([][Next]_v)`` and, in a property,
``abs!Property(Test, s)`` with ``Property(ns(_), a) == [](ns(a))`` are the operator's body with
the arguments' expressions in place of the parameters. The model's flattening of the
specification and properties (model.py) and the tableau's translation of general temporal
formulas (temporal.py) both unfold so; a body of another module is first written as an
expression of the caller's module (``lifted``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import fields, is_dataclass
from typing import Any

from ..tla import bindings
from ..tla import syntax as ast
from ..tla.modules import Scope


def substituted(body: ast.Expr, by_name: dict[str, ast.Expr]) -> ast.Expr:
    """``body`` with parameters replaced by the arguments' expressions; a higher-order
    parameter ``a(_)`` applied as ``a(e)`` becomes the operator passed (a name or a LAMBDA)
    applied to ``e``."""
    def fn(n: ast.Name | ast.Apply) -> ast.Expr | None:
        if isinstance(n, ast.Name):
            return by_name.get(n.name)
        arg = by_name.get(n.op)
        args = tuple(substituted(x, by_name) for x in n.args)
        if isinstance(arg, ast.Name):
            return dataclasses.replace(n, op=arg.name, args=args)
        if isinstance(arg, ast.Lambda):
            return substituted(arg.body, dict(zip(arg.params, args, strict=True)))
        return None
    return ast.rewritten(body, fn)


def lifted(name: str, defn: ast.OpDef, scope: Scope, args: tuple[ast.Expr, ...],
           caller: Scope) -> ast.Expr | None:
    """The body of ``defn``, a definition of the instance ``scope`` that ``caller`` names
    ``name`` (``abs!Double``), written as an expression of ``caller``: the parameters replaced
    by the arguments' expressions, the instance's variables and constants by their
    substitutions, and its definitions by their names seen from ``caller`` (``abs!Property``),
    as TLC substitutes them when it unfolds a temporal formula. None where that cannot be done
    exactly: an instance not made directly in ``caller``, or with parameters; a definition the
    prefixed name does not reach; a bound name of the body that an argument mentions (it would
    capture it)."""
    if scope.parent is not caller or scope.subst is None or bindings.threaded(scope):
        return None
    prefix = name[:name.rindex("!") + 1] if "!" in name else ""
    by_name = {p.name: a for p, a in zip(defn.params, args, strict=True)}
    if binders(defn.body) & set().union(*map(names, args)):
        return None
    subst = scope.subst
    failed: list[str] = []

    def fn(n: ast.Name | ast.Apply) -> ast.Expr | None:
        own = n.name if isinstance(n, ast.Name) else n.op
        passed = by_name.get(own, subst.get(own))  # a parameter's argument, or a substitution
        if isinstance(n, ast.Name):
            if passed is not None:
                return passed
            return dataclasses.replace(n, name=prefix + own) if own in scope.defs and _reaches(own) else None
        inner_args = tuple(ast.rewritten(x, fn) for x in n.args)
        if isinstance(passed, ast.Name):  # ns(a) with ns(_) a parameter, or a constant operator
            return dataclasses.replace(n, op=passed.name, args=inner_args)
        if isinstance(passed, ast.Lambda):
            return substituted(passed.body, dict(zip(passed.params, inner_args, strict=True)))
        if passed is not None:
            failed.append(own)
            return n
        return dataclasses.replace(n, op=prefix + own, args=inner_args) if own in scope.defs and _reaches(own) else None

    def _reaches(own: str) -> bool:
        """Does the prefixed name, seen from ``caller``, reach the instance's definition?"""
        target = bindings.resolve_def(prefix + own, caller)
        if target is None or target[0] is not scope.defs[own][0]:
            failed.append(own)
            return False
        return True
    out = ast.rewritten(defn.body, fn)
    return None if failed else out


def binders(node: Any) -> set[str]:
    """The names bound anywhere in a syntax tree (quantifiers, CHOOSE, set and function
    constructors, LET definitions and their parameters, LAMBDA parameters)."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, tuple):
            for y in x:
                walk(y)
            return
        if isinstance(x, ast.Bound):
            out.update(x.names)
        elif isinstance(x, ast.Lambda):
            out.update(x.params)
        elif isinstance(x, ast.OpDef | ast.FunDef):
            if x.name is not None:
                out.add(x.name)
            out.update(p.name for p in getattr(x, "params", ()))
        if is_dataclass(x) and not isinstance(x, ast.Pos | type):
            for f in fields(x):
                walk(getattr(x, f.name))
    walk(node)
    return out


def names(e: Any) -> set[str]:
    """Every identifier an expression mentions (operator names included)."""
    out: set[str] = set()
    todo = [e]
    while todo:
        x = todo.pop()
        if isinstance(x, ast.Name):
            out.add(x.name)
        elif isinstance(x, ast.Apply):
            out.add(x.op)
        if isinstance(x, tuple | list):
            todo.extend(x)
        elif is_dataclass(x) and not isinstance(x, ast.Pos):
            todo.extend(getattr(x, f.name) for f in fields(x))
    return out
