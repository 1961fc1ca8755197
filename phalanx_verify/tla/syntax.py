"""The project's own small typed TLA+ syntax tree.

tree-sitter gives a concrete syntax tree with many node kinds; every engine of the toolkit
(checker, trace replayer, z3 translation) reads this smaller tree instead, so there is one
place that decides what a TLA+ construct means. Built-in operators keep the tree-sitter node
kind as their name (``cup``, ``plus``, ``subseteq``...), which already folds the ASCII and
Unicode spellings together.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class Pos:
    """A source position, 1-based like TLC's and SANY's messages.

    A node read from a file also knows where it ends (its last character, 0 where a position is
    made up), for the ranges TLC names things by (``location``). Where it ends takes no part in
    equality: a position is where an expression starts."""

    file: str
    line: int
    col: int
    end_line: int = field(default=0, compare=False)
    end_col: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def location(self, module: str | None = None) -> str:
        """SANY's Location.toString(), TLC's name for an expression it has no other name for:
        ``line 8, col 19 to line 8, col 29 of module M``, the end column inclusive; where the
        end is not known, only the start (``start``). ``module`` defaults to the stem of the
        file, which SANY prints for the text of a module nested in another file too."""
        if not self.end_line:
            return self.start(module)
        module = Path(self.file).stem if module is None else module
        return f"line {self.line}, col {self.col} to line {self.end_line}, col {self.end_col} of module {module}"

    def start(self, module: str | None = None) -> str:
        """Where the expression starts, in TLC's words: ``line 8, col 19 of module M``."""
        module = Path(self.file).stem if module is None else module
        return f"line {self.line}, col {self.col} of module {module}"


class Expr:
    """Base of expressions; every node carries the position of its first character."""

    __slots__ = ()
    pos: Pos


@dataclass(frozen=True, slots=True)
class Num(Expr):
    pos: Pos
    value: int


@dataclass(frozen=True, slots=True)
class Str(Expr):
    pos: Pos
    value: str


@dataclass(frozen=True, slots=True)
class Bool(Expr):
    pos: Pos
    value: bool


@dataclass(frozen=True, slots=True)
class Name(Expr):
    """A reference to a name: bound variable, constant, variable, zero-arity operator,
    or an operator passed as an argument. ``name`` may carry an instance prefix (``R!Spec``)."""

    pos: Pos
    name: str


@dataclass(frozen=True, slots=True)
class Apply(Expr):
    """Application of a user operator (``Op(a, b)``, ``R!Op(a)``) or a built-in one, whose
    name is the tree-sitter node kind (``plus``, ``cup``, ``lnot``, ``Cardinality``...).
    ``args_pos`` is where a user operator's argument list opens: SANY reports a wrong number of
    arguments there, not at the name."""

    pos: Pos
    op: str
    args: tuple[Expr, ...]
    args_pos: Pos | None = None


@dataclass(frozen=True, slots=True)
class And(Expr):
    pos: Pos
    items: tuple[Expr, ...]
    # written as a bulleted list (SANY's $ConjList, one argument per item) rather than with the
    # infix operator (left-associative and binary: a /\\ b /\\ c is (a /\\ b) /\\ c), which
    # decides what a subexpression selector Op!n names
    bullets: bool = False


@dataclass(frozen=True, slots=True)
class Or(Expr):
    pos: Pos
    items: tuple[Expr, ...]
    bullets: bool = False  # as And's


@dataclass(frozen=True, slots=True)
class If(Expr):
    pos: Pos
    cond: Expr
    then: Expr
    else_: Expr


@dataclass(frozen=True, slots=True)
class Case(Expr):
    pos: Pos
    arms: tuple[tuple[Expr, Expr], ...]
    other: Expr | None


@dataclass(frozen=True, slots=True)
class Bound:
    """``x, y \\in S`` (each name ranges over S) or ``<<a, b>> \\in S`` (a tuple pattern)."""

    names: tuple[str, ...]
    tuple_pattern: bool
    set: Expr | None  # None for unbounded quantifiers / CHOOSE


@dataclass(frozen=True, slots=True)
class Quant(Expr):
    pos: Pos
    kind: str  # "forall" | "exists"
    bounds: tuple[Bound, ...]
    body: Expr


@dataclass(frozen=True, slots=True)
class Choose(Expr):
    pos: Pos
    bound: Bound
    body: Expr


@dataclass(frozen=True, slots=True)
class SetEnum(Expr):
    pos: Pos
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class SetFilter(Expr):
    pos: Pos
    bound: Bound
    pred: Expr


@dataclass(frozen=True, slots=True)
class SetMap(Expr):
    pos: Pos
    expr: Expr
    bounds: tuple[Bound, ...]


@dataclass(frozen=True, slots=True)
class FuncLit(Expr):
    pos: Pos
    bounds: tuple[Bound, ...]
    body: Expr


@dataclass(frozen=True, slots=True)
class FuncApp(Expr):
    pos: Pos
    func: Expr
    args: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class FuncSet(Expr):
    pos: Pos
    domain: Expr
    range: Expr


@dataclass(frozen=True, slots=True)
class RecordLit(Expr):
    pos: Pos
    fields: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True, slots=True)
class RecordSet(Expr):
    pos: Pos
    fields: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True, slots=True)
class Field(Expr):
    pos: Pos
    record: Expr
    name: str


@dataclass(frozen=True, slots=True)
class ExceptStep:
    """One step of an EXCEPT path: ``[a, b]`` (function argument) or ``.f`` (record field)."""

    args: tuple[Expr, ...] | None
    field: str | None


@dataclass(frozen=True, slots=True)
class Except(Expr):
    pos: Pos
    func: Expr
    updates: tuple[tuple[tuple[ExceptStep, ...], Expr], ...]


@dataclass(frozen=True, slots=True)
class At(Expr):
    """``@`` inside an EXCEPT value: the old value at the updated path."""

    pos: Pos


@dataclass(frozen=True, slots=True)
class Tuple(Expr):
    pos: Pos
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Prime(Expr):
    pos: Pos
    expr: Expr


@dataclass(frozen=True, slots=True)
class Unchanged(Expr):
    pos: Pos
    expr: Expr


@dataclass(frozen=True, slots=True)
class Enabled(Expr):
    pos: Pos
    expr: Expr


@dataclass(frozen=True, slots=True)
class StepAction(Expr):
    """``[A]_v`` (``angle`` False: A or v unchanged) and ``<<A>>_v`` (A and v changed)."""

    pos: Pos
    action: Expr
    sub: Expr
    angle: bool


@dataclass(frozen=True, slots=True)
class Fairness(Expr):
    pos: Pos
    kind: str  # "WF" | "SF"
    sub: Expr
    action: Expr


@dataclass(frozen=True, slots=True)
class Temporal(Expr):
    """``[]e`` (always), ``<>e`` (eventually), ``a ~> b`` (leads_to)."""

    pos: Pos
    op: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Let(Expr):
    pos: Pos
    defs: tuple[Definition, ...]
    body: Expr


@dataclass(frozen=True, slots=True)
class Label(Expr):
    """``lab(x, y) :: expr``. Only in ``Module.labelled`` (a selector ``Op!lab`` names it): the
    trees the toolkit evaluates have them removed (``unlabelled``)."""

    pos: Pos
    name: str
    params: tuple[str, ...]
    expr: Expr


@dataclass(frozen=True, slots=True)
class Lambda(Expr):
    pos: Pos
    params: tuple[str, ...]
    body: Expr


@dataclass(frozen=True, slots=True)
class Param:
    """An operator parameter; ``arity`` > 0 for higher-order parameters like ``A(_)``."""

    name: str
    arity: int = 0


@dataclass(frozen=True, slots=True)
class OpDef:
    pos: Pos
    name: str
    params: tuple[Param, ...]
    body: Expr
    local: bool = False
    recursive: bool = False


@dataclass(frozen=True, slots=True)
class FunDef:
    """``f[x \\in S] == e``: a possibly recursive function definition."""

    pos: Pos
    name: str
    bounds: tuple[Bound, ...]
    body: Expr
    local: bool = False


@dataclass(frozen=True, slots=True)
class InstanceDef:
    """``I == INSTANCE M WITH a <- e`` (named) or a bare ``INSTANCE M`` (name None).

    An instance hoisted from a call site or a LET (see instances.py) also carries ``defaults``,
    the expressions that replace M's same-named constants or variables where the ``WITH`` does
    not (the instance's arguments), ``shadowed``, the names bound where it was written,
    which its implicit substitutions must not mean, and ``bound``, the names bound by a
    quantifier where ``I(s)!Op`` is written that its arguments mention: the hoisted instance's
    own parameters, passed at each use (TLC evaluates the substitutions in the context of the
    call, where s has its value)."""

    pos: Pos
    name: str | None
    module: str
    params: tuple[Param, ...]
    subs: tuple[tuple[str, Expr], ...]
    local: bool = False
    defaults: tuple[tuple[str, Expr], ...] = ()
    shadowed: frozenset[str] = frozenset()
    bound: tuple[str, ...] = ()
    # Those of ``bound`` that TLC reads by name, not as values: an operator's parameter
    # ("parameter") or a LET definition without parameters ("let"), with their kind.
    bound_kinds: tuple[tuple[str, str], ...] = ()


Definition = OpDef | FunDef | InstanceDef


@dataclass(slots=True)
class Module:
    name: str
    file: str
    pos: Pos
    extends: tuple[str, ...] = ()
    extends_pos: dict[str, Pos] = field(default_factory=dict)  # where each EXTENDS name is written
    constants: list[Param] = field(default_factory=list)
    variables: list[str] = field(default_factory=list)
    defs: list[Definition] = field(default_factory=list)
    assumes: list[Expr] = field(default_factory=list)
    recursive: set[str] = field(default_factory=set)
    # Every declaration in source order, for checks that depend on it (a name is visible only
    # after its declaration): ("constant", Param), ("variable", str), ("recursive", str),
    # ("definition", Definition) or ("assume", Expr).
    units: list[tuple[str, object]] = field(default_factory=list)
    # Modules written inside this one (``---- MODULE Inner ----`` before this module ends).
    inner: list[Module] = field(default_factory=list)
    # Where the item of a bulleted list of one item starts: SANY keeps such a list as an
    # operator with one operand, which this tree drops, and a selector Op!1 counts it.
    sole_items: set[Pos] = field(default_factory=set)
    # Those of them that are the item of a disjunction list (\/ F), which TLC's processConfigProps
    # does not take apart as it does a conjunction list of one.
    sole_disjuncts: set[Pos] = field(default_factory=set)
    # Subexpression selectors into a definition of another module (EXTENDed or instantiated),
    # made definitions of that module once it is loaded (modules.Loader).
    selections: list[Selection] = field(default_factory=list)
    # The bodies of the definitions written with labels, labels kept (their ``defs`` have none).
    labelled: dict[str, Expr] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Selection:
    """``Init!1`` (``I!Op(a)!2!<<``) where Init (Op) is defined in another module: the reference
    names the definition ``name`` that loading makes of the selected subexpression in the module
    defining ``target`` (reached through the instances ``via``, none for an EXTENDed module)."""

    pos: Pos
    name: str
    via: tuple[str, ...]
    target: str
    steps: tuple[Any, ...]  # subexpr.Step
    # I!Op!lab written as a plain reference, which may as well be an operator of an instance of
    # an instance: a selector only if the loader finds Op an operator (else nothing to define)
    optional: bool = False


def renamed(node: Any, name: str, new: str) -> Any:
    """A copy of a syntax tree in which the operator or name ``name`` is called ``new``."""
    def rename(e: Name | Apply) -> Expr | None:
        if isinstance(e, Apply):
            args = renamed(e.args, name, new)
            return Apply(e.pos, new if e.op == name else e.op, args) if e.op == name or args is not e.args \
                else None
        return Name(e.pos, new) if e.name == name else None
    return rewritten(node, rename)


def rewritten(node: Any, fn: Any) -> Any:
    """A copy of a syntax tree in which each Name or Apply ``e`` for which ``fn(e)`` is not None
    is replaced by it. A replacement is not rewritten again: ``fn`` handles its children."""
    if isinstance(node, Name | Apply):
        got = fn(node)
        if got is not None:
            return got
    return mapped(node, lambda child: rewritten(child, fn))


def mapped(node: Any, fn: Any) -> Any:
    """``node`` with ``fn`` applied to each of its children (the items of a tuple, the fields of a
    syntax node). Trees are immutable: unchanged subtrees are shared, so a node whose children all
    come back as themselves comes back as itself."""
    if isinstance(node, tuple):
        items = tuple(fn(x) for x in node)
        return node if all(a is b for a, b in zip(items, node, strict=True)) else items
    if not dataclasses.is_dataclass(node) or isinstance(node, Pos | type):
        return node
    changes = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        got = fn(value)
        if got is not value:
            changes[f.name] = got
    return dataclasses.replace(node, **changes) if changes else node


def unlabelled(node: Any) -> Any:
    """A copy of a syntax tree without its labels (``lab :: e`` is ``e``)."""
    if isinstance(node, Label):
        return unlabelled(node.expr)
    return mapped(node, unlabelled)


def nodes(node: Any) -> Iterator[Any]:
    """Every node of a tree (and the tuples and plain values holding or held by them), in no
    particular order."""
    todo = [node]
    while todo:
        x = todo.pop()
        yield x
        if isinstance(x, tuple):
            todo.extend(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, Pos | type):
            todo.extend(getattr(x, f.name) for f in dataclasses.fields(x))


def operands(e: Expr) -> list[Expr]:
    """The sub-expressions of ``e`` read in its own scope: none for the forms that bind names
    (quantifiers, LET, LAMBDA, operator application), which callers take apart themselves."""
    out: list[Expr] = []
    if isinstance(e, And | Or | SetEnum | Tuple):
        out.extend(e.items)
    elif isinstance(e, If):
        out += [e.cond, e.then, e.else_]
    elif isinstance(e, Case):
        for c, v in e.arms:
            out += [c, v]
        if e.other is not None:
            out.append(e.other)
    elif isinstance(e, FuncApp):
        out += [e.func, *e.args]
    elif isinstance(e, FuncSet):
        out += [e.domain, e.range]
    elif isinstance(e, RecordLit | RecordSet):
        out += [v for _, v in e.fields]
    elif isinstance(e, Field):
        out.append(e.record)
    elif isinstance(e, Except):
        out.append(e.func)
        for path, v in e.updates:
            for st in path:
                out.extend(st.args or ())
            out.append(v)
    elif isinstance(e, Prime | Unchanged | Enabled):
        out.append(e.expr)
    elif isinstance(e, StepAction):
        out += [e.action, e.sub]
    elif isinstance(e, Fairness):
        out += [e.sub, e.action]
    elif isinstance(e, Temporal):
        out.extend(e.args)
    return out


def names_in(node: Any) -> set[str]:
    """Every name and operator a tree mentions, bound ones included (an upper bound of its free
    names, which is what a caller asking "may this mean one of those names?" wants)."""
    out: set[str] = set()
    for x in nodes(node):
        if isinstance(x, Name):
            out.add(x.name)
        elif isinstance(x, Apply):
            out.add(x.op)
    return out
