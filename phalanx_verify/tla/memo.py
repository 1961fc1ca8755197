"""Remembered results of operators of constant level, per model.

Such an operator reads no variable, so its value is a function of its arguments, and specs call
it again and again on the same arguments: TLCSailfish's Linearize(dag, l) walks sub-DAGs that
stay the same from state to state, and every successor of a state linearizes the state's DAG;
MacroQuicksort's PermsOf(A) filters [S -> S] for every state, on the few arrays A can be. Kept:
a RECURSIVE operator, one whose body ranges over a set of functions or subsets (``ranges``),
and one whose value is such a set (``builds``); a table that seldom answers is switched off
(Table). TLC keeps none of them; the value is the same.
An argument tuple found by Python equality is confirmed with values.same (Python's 1 == TRUE),
or without a walk where both are known Boolean-free (sameness.known_bool_free).
A model that can observe how often an operator is evaluated (printing, TLC's registers, random
choices, the clock, I/O) remembers nothing: TLC evaluates every call.
"""

from __future__ import annotations

from typing import Any

from . import syntax as ast
from .modules import STANDARD_MODULES, Scope
from .sameness import known_bool_free, same
from .values import Fcn, Interval, ModelValue, TypedModelValue

# Built-ins whose evaluation has an effect or a varying value: an expression using one is
# evaluated each time TLC would (PrintT in an invariant prints on every state; TLCGet("level")
# differs between two states with the same variables; RandomElement draws again). The reads
# analysis (reads.py) takes such an expression to read the whole state.
OBSERVING = frozenset({
    "Print", "PrintT", "JavaTime", "RandomElement", "TLCGet", "TLCSet", "TLCGetOrDefault",
    "TLCGetAndSet", "CounterExample", "ToTrace", "RandomSubset", "RandomSetOfSubsets",
    "RandomSubsetSet", "TestRandomSetOfSubsets", "IOExec", "IOExecTemplate", "IOEnvExec",
    "IOEnvExecTemplate", "IOEnv", "Serialize", "Deserialize", "JsonSerialize", "JsonDeserialize",
    "ndJsonSerialize", "ndJsonDeserialize", "Trace",
}) | STANDARD_MODULES["_Possible"]  # the counters of _POSSIBLE

LIMIT = 1 << 14  # results kept per operator; the table is emptied when full
MISSING = object()


def observing(root: Scope) -> bool:
    """Does any definition or substitution of the model mention a built-in of OBSERVING?"""
    seen: set[int] = set()
    todo = [root]
    while todo:
        scope = todo.pop()
        if id(scope) in seen:
            continue
        seen.add(id(scope))
        nodes: list[Any] = [d for d, _ in scope.defs.values()] + list((scope.subst or {}).values())
        if not OBSERVING.isdisjoint(ast.names_in(tuple(nodes))):
            return True
        todo.extend(s for _, s in scope.defs.values())
        todo.extend(s for _, s in scope.instances.values())
    return False


# Values whose hash is cheap and enumerates nothing: a set's hash is kept by the set, and its
# members were hashed when it was built. A lazy set ([S -> T], SUBSET S) is hashed by
# enumerating it, which TLC may never do.
_HASHED = frozenset({int, str, bool, ModelValue, TypedModelValue, frozenset, Interval})


def ranges(node: Any) -> bool:
    """Does the tree range over a set of functions, records, tuples or subsets ([S -> T],
    [a : S], S \\X T, SUBSET S: exponential in S) anywhere, in a quantifier, a filter, a map,
    a CHOOSE or a function literal? Calls of other operators are not followed: each is
    remembered itself. Ranging over a plain set is not enough: such a call is cheap, and
    specs call it on ever-new arguments (TLCSailfish's Children(dag, v), 92% misses), where
    the look-up costs more than it saves."""
    return any(b.set is not None and _builds(b.set) for b in ast.nodes(node) if isinstance(b, ast.Bound))


def builds(node: Any) -> bool:
    """Is the operator's value itself a set of functions, records, tuples or subsets
    ([S -> T], [a : S], S \\X T, SUBSET S), under any LETs? Such a set is lazy and enumerates
    its members once per object (values._ProductLike), so handing back the object made for the
    same arguments spares every later use the enumeration: BufferedRandomAccessFile's action
    properties range over Array(SymbolOrArbitrary, len) == [elems : [1..len -> T]] on every
    transition."""
    while isinstance(node, ast.Let):
        node = node.body
    return _product_set(node)


def _builds(node: Any) -> bool:
    return any(map(_product_set, ast.nodes(node)))


def _product_set(node: Any) -> bool:
    """Does this node make a set of functions, records, tuples or subsets?"""
    return isinstance(node, ast.FuncSet | ast.RecordSet) or (
        isinstance(node, ast.Apply) and node.op in ("powerset", "times"))


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


class Table(dict):
    """The results kept for one operator, and how often they answered. A table that answers
    fewer than one call in HIT_RATIO of its first TRIAL is switched off for the run
    (TLCSailfish's Children(dag, v) on ever-new sub-DAGs: 92% misses), so its keys are no longer
    built, checked and hashed for nothing. One in four: GameOfLife's RECURSIVE Sum(f, S \\ {x})
    hits 11% of its calls, and keeping it cost half the run (102 s against 52 s without); the
    bench's other tables answer 70% or more, and Sailfish's one at 21% runs as fast either way."""

    __slots__ = ("asked", "found", "on")

    def __init__(self) -> None:
        super().__init__()
        self.asked = self.found = 0
        self.on = True


TRIAL = 2048
HIT_RATIO = 4


def key_for(key: tuple | None) -> tuple | None:
    """``key`` if it can be kept (every argument _cheap to hash), else None."""
    if key is None or not all(map(_cheap, key)):
        return None
    return key


def remembered(table: Table, key: tuple) -> Any:
    """The value kept for these arguments (a key_for), or MISSING."""
    table.asked += 1
    hit = table.get(key)
    if hit is not None and (hit[0] is key or (known_bool_free(key) and known_bool_free(hit[0]))
                            or same(hit[0], key)):
        table.found += 1
        return hit[1]
    if table.asked == TRIAL and table.found * HIT_RATIO < TRIAL:
        table.on = False
        table.clear()
    return MISSING


def remember(table: Table, key: tuple | None, value: Any) -> None:
    if key is not None and table.on:
        if len(table) >= LIMIT:
            table.clear()
        table[key] = (key, value)
