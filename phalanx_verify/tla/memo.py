"""Remembered results of operators of constant level, per model.

Such an operator reads no variable, so its value is a function of its arguments, and specs call
it again and again on the same arguments: TLCSailfish's Linearize(dag, l) walks sub-DAGs that
stay the same from state to state, and every successor of a state linearizes the state's DAG;
MacroQuicksort's PermsOf(A) filters [S -> S] for every state, on the few arrays A can be. Kept:
a RECURSIVE operator, and one whose body ranges over a set (``ranges``); a cheap body (a record,
arithmetic) costs less than the look-up. TLC keeps none of them; the value is the same.
An argument tuple found by Python equality is confirmed with values.same (Python's 1 == TRUE).
A model that can observe how often an operator is evaluated (printing, TLC's registers, random
choices, the clock, I/O) remembers nothing: TLC evaluates every call.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import syntax as ast
from .modules import STANDARD_MODULES, Scope
from .values import Fcn, Interval, ModelValue, TypedModelValue, same

# Built-ins whose evaluation has an effect or a varying value.
_OBSERVING = frozenset({
    "Print", "PrintT", "JavaTime", "RandomElement", "TLCGet", "TLCSet", "TLCGetOrDefault",
    "TLCGetAndSet", "CounterExample", "ToTrace", "RandomSubset", "RandomSetOfSubsets",
    "RandomSubsetSet", "TestRandomSetOfSubsets", "IOExec", "IOExecTemplate", "IOEnvExec",
    "IOEnvExecTemplate", "IOEnv", "Serialize", "Deserialize", "JsonSerialize", "JsonDeserialize",
    "ndJsonSerialize", "ndJsonDeserialize",
}) | STANDARD_MODULES["_Possible"]  # the counters of _POSSIBLE

LIMIT = 1 << 14  # results kept per operator; the table is emptied when full
MISSING = object()


def observing(root: Scope) -> bool:
    """Does any definition or substitution of the model mention a built-in of _OBSERVING?"""
    seen: set[int] = set()
    todo = [root]
    while todo:
        scope = todo.pop()
        if id(scope) in seen:
            continue
        seen.add(id(scope))
        nodes: list[Any] = [d for d, _ in scope.defs.values()] + list((scope.subst or {}).values())
        if not _OBSERVING.isdisjoint(ast.names_in(tuple(nodes))):
            return True
        todo.extend(s for _, s in scope.defs.values())
        todo.extend(s for _, s in scope.instances.values())
    return False


# Values whose hash is cheap and enumerates nothing: a set's hash is kept by the set, and its
# members were hashed when it was built. A lazy set ([S -> T], SUBSET S) is hashed by
# enumerating it, which TLC may never do.
_HASHED = frozenset({int, str, bool, ModelValue, TypedModelValue, frozenset, Interval})


# Constructs that evaluate their body once per element of a set.
_RANGING = (ast.SetFilter, ast.SetMap, ast.Quant, ast.Choose, ast.FuncLit)


def ranges(node: Any) -> bool:
    """Does the tree range over a set anywhere (a filter, a map, a quantifier, a CHOOSE, a
    function literal)? Calls of other operators are not followed: each is remembered itself."""
    todo = [node]
    while todo:
        x = todo.pop()
        if isinstance(x, _RANGING):
            return True
        if isinstance(x, tuple):
            todo.extend(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, ast.Pos | type):
            todo.extend(getattr(x, f.name) for f in dataclasses.fields(x))
    return False


def _cheap(v: Any) -> bool:
    t = type(v)
    if t in _HASHED or (t is Fcn and v._hash is not None):
        return True
    if t is tuple:
        return all(map(_cheap, v))
    if t is Fcn:
        return all(map(_cheap, v.keys())) and all(map(_cheap, v.values()))
    return False


def forced(args: tuple, thunks: tuple[int, ...]) -> tuple | None:
    """The key of a call whose arguments at ``thunks`` are passed unevaluated: their values,
    or None where one fails to evaluate. Such a call is not kept, and its body evaluates them
    only where it reads them, as TLC; a thunk remembers the value it evaluated to, so the
    body does not evaluate it again."""
    try:
        return tuple(a() if i in thunks else a for i, a in enumerate(args))
    except Exception:  # any failure: the body meets it again only where it reads the argument
        return None


def remembered(table: dict, key: tuple | None) -> Any:
    """The value kept for these arguments, or MISSING (also for arguments not _cheap to hash,
    or no key, which are not kept)."""
    if key is None or not all(map(_cheap, key)):
        return MISSING
    hit = table.get(key)
    if hit is not None and (hit[0] is key or same(hit[0], key)):
        return hit[1]
    return MISSING


def remember(table: dict, key: tuple | None, value: Any) -> None:
    if key is not None and all(map(_cheap, key)):
        if len(table) >= LIMIT:
            table.clear()
        table[key] = (key, value)
