"""The order of a spec's variables in TLC's states.

TLC keeps a state's values in the order ``ModuleNode.getVariableDecls`` gives, which is the
reverse of the order a ``java.util.Hashtable`` enumerates the root module's symbol table in
(SANY's Context): every symbol of the module in one table, the 72 built-in operators of TLA+
first, then what the EXTENDed modules export, then the module's own declarations and
definitions. That order shows wherever TLC compares or prints states variable by variable:
under SYMMETRY with a VIEW, TLC evaluates the view on the least permutation of the state,
comparing variable after variable in this order (TLCStateMut.fingerPrint), and it prints
states in it. It depends on the table's capacity (so on the number of symbols) and on the
Java hash of each name; it is reproduced here by a faithful model of the Hashtable, fed with
the names SANY puts into it (checked against TLC on specs of 54 and 55 definitions, whose
orders differ by the table's growth).

Where the module holds what is not modelled here (an INSTANCE, an inner module, a user
definition of an operator symbol), the order is unknown: ``tlc_variable_order`` answers None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from . import syntax as ast
from .interning import BUILTIN_OPERATORS
from .modules import STANDARD_MODULES
from .parse import IDENT_MARK, SYMBOL_KINDS

# BuiltInOperators.Properties, in its order (Context.initialize adds them in it; each module's
# table starts as a copy made by walking that list backwards, Context.duplicate)
BUILTINS = BUILTIN_OPERATORS

# What EXTENDS of each standard module adds (its non-LOCAL symbols as SANY names them, in the
# order of its own table: the modules it EXTENDS first), from the modules shipped in tla2tools
_NATURALS = ("Nat", "+", "-", "*", "^", "<", ">", "\\leq", "\\geq", "%", "\\div", "..")
_INTEGERS = (*_NATURALS, "Int", "-.")
_REALS = (*_INTEGERS, "Real", "/", "Infinity")
_TLC = ("Print", "PrintT", "Assert", "JavaTime", "TLCGet", "TLCSet", ":>", "@@", "Permutations", "SortSeq",
        "RandomElement", "Any", "ToString", "TLCEval")
STD_SYMBOLS: dict[str, tuple[str, ...]] = {
    "Naturals": _NATURALS,
    "Integers": _INTEGERS,
    "Reals": _REALS,
    "Sequences": ("Seq", "Len", "\\o", "Append", "Head", "Tail", "SubSeq", "SelectSeq"),
    "FiniteSets": ("IsFiniteSet", "Cardinality"),
    "TLC": _TLC,
    "Bags": (*_TLC, "IsABag", "BagToSet", "SetToBag", "BagIn", "EmptyBag", "\\oplus", "\\ominus", "BagUnion",
             "\\sqsubseteq", "SubBag", "BagOfAll", "BagCardinality", "CopiesIn"),
    "TLCExt": ("AssertEq", "AssertError", "TLCGetOrDefault", "TLCGetAndSet", "Trace", "CounterExample", "ToTrace",
               "TLCModelValue", "TLCDefer", "TLCNoOp", "PickSuccessor", "TLCCache", "TLCFP", "TLCEvalDefinition"),
    "Randomization": ("RandomSubset", "RandomSetOfSubsets", "TestRandomSetOfSubsets"),
    "Json": ("ToJson", "ToJsonArray", "ToJsonObject", "JsonSerialize", "JsonDeserialize", "ndJsonSerialize",
             "ndJsonDeserialize"),
    "RealTime": (*_REALS, "now", "RTBound", "RTnow"),
}


def java_hash(s: str) -> int:
    """Java's String.hashCode (UniqueString.hashCode is its string's)."""
    h = 0
    b = s.encode("utf-16-be")  # Java's chars are UTF-16 code units
    for i in range(0, len(b), 2):
        h = (31 * h + (b[i] << 8 | b[i + 1])) & 0xFFFFFFFF
    return h


class JavaHashtable:
    """The part of java.util.Hashtable that decides its order: capacity 11, load factor 0.75,
    each new entry at the head of its bucket's chain, rehash to 2n+1 before an insertion that
    finds the count at the threshold, and enumeration from the last bucket to the first."""

    def __init__(self) -> None:
        self.table: list[list[str]] = [[] for _ in range(11)]  # each chain, head first
        self.threshold = 8
        self.count = 0
        self.keys: set[str] = set()

    def put(self, key: str) -> None:
        if key in self.keys:
            return  # (a new value for a present key changes no order)
        if self.count >= self.threshold:
            self._rehash()
        self.table[(java_hash(key) & 0x7FFFFFFF) % len(self.table)].insert(0, key)
        self.keys.add(key)
        self.count += 1

    def _rehash(self) -> None:
        old = self.table
        self.table = [[] for _ in range(2 * len(old) + 1)]
        self.threshold = int(len(self.table) * 0.75)
        for chain in reversed(old):  # for (i = oldCapacity; i-- > 0;), each chain from its head
            for key in chain:
                self.table[(java_hash(key) & 0x7FFFFFFF) % len(self.table)].insert(0, key)

    def elements(self) -> Iterator[str]:
        for chain in reversed(self.table):
            yield from chain


def tlc_variable_order(root: ast.Module, parse: Callable[[str], ast.Module], skip: frozenset[str] = frozenset()
                       ) -> list[str] | None:
    """The root module's variables in TLC's order, or None where it cannot be told here.
    ``parse`` gives the module of a name the root EXTENDS (not a standard one); ``skip``, names
    the checker added to the root that TLC's module does not have (its -inv expressions)."""
    table = JavaHashtable()
    for name in reversed(BUILTINS):
        table.put(name)
    own = _symbols(root, parse, set(), skip, exported=False)
    if own is None:
        return None
    for name in own:
        table.put(name)
    ours = {_sany(n): n for n in [*root.variables, *_extended_variables(root, parse, set())]}
    found = [ours[n] for n in table.elements() if n in ours]
    found.reverse()  # ModuleNode.getVariableDecls
    return found if len(found) == len(ours) else None


def _sany(name: str) -> str:
    """SANY's name for a user identifier of the syntax tree (parse.ident)."""
    return name.replace(IDENT_MARK, "")


def _symbols(mod: ast.Module, parse: Callable[[str], ast.Module], seen: set[str], skip: frozenset[str],
             exported: bool) -> list[str] | None:
    """The names ``mod`` puts into its table after the built-ins, in order: what its EXTENDS
    merge (Context.mergeExtendContext), then its own declarations and definitions; with
    ``exported``, without its LOCAL ones (what a module that EXTENDS it receives)."""
    if mod.inner:
        return None
    out: list[str] = []
    for ext in mod.extends:
        if ext in STD_SYMBOLS:
            out += STD_SYMBOLS[ext]
        elif ext in STANDARD_MODULES:
            return None  # one whose symbols are not listed here (_Possible)
        elif ext in seen:
            continue
        else:
            seen.add(ext)
            got = _symbols(parse(ext), parse, seen, frozenset(), exported=True)
            if got is None:
                return None
            out += got
    for kind, unit in mod.units:
        if kind in ("constant", "variable", "recursive"):
            out.append(_sany(unit.name if isinstance(unit, ast.Param) else str(unit)))
        elif kind == "definition":
            if isinstance(unit, ast.InstanceDef) or not isinstance(unit, ast.OpDef | ast.FunDef):
                return None
            if unit.name in SYMBOL_KINDS:
                return None  # a user operator symbol: SANY's name for it is not kept here
            if unit.name not in skip and not (exported and unit.local):
                out.append(_sany(unit.name))
    return out


def _extended_variables(mod: ast.Module, parse: Callable[[str], ast.Module], seen: set[str]) -> set[str]:
    """The variables ``mod`` receives through EXTENDS."""
    out: set[str] = set()
    for ext in mod.extends:
        if ext in STANDARD_MODULES:
            out |= {"now"} if ext == "RealTime" else set()
        elif ext not in seen:
            seen.add(ext)
            inner = parse(ext)
            out |= set(inner.variables) | _extended_variables(inner, parse, seen)
    return out
