"""Static name resolution as SANY (TLC's front end) does it, before anything is evaluated.

TLC refuses a module, with exit 150, when a name is used before its definition (unless declared
RECURSIVE), when an operator is defined twice or a definition clashes with one it EXTENDS
(``Len`` in a module that extends Sequences), when a bound variable or LET definition reuses a
visible name, when an operator is used with the wrong number of arguments or as a value, and
when a symbol such as ``\\div`` is used without the standard module that defines it. A checker
that accepted such a module would give a verdict TLC never gives, so these checks run on every
module a model loads.

Standard modules are described by the names they export, not by their source: TLC ships them
inside its jar, and most of their operators are built into the evaluator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import syntax as ast
from .errors import SemanticError
from .instances import UNSUPPORTED
from .parse import display

# Operator symbols are named by their tree-sitter node kind (see parse.py).
STD_EXPORTS: dict[str, frozenset[str]] = {
    "Naturals": frozenset({"Nat", "plus", "minus", "mul", "pow", "lt", "gt", "leq", "geq", "mod", "div",
                           "dots_2"}),
    "Integers": frozenset({"Int", "negative"}),
    "Reals": frozenset({"Real", "slash", "Infinity"}),
    "Sequences": frozenset({"Seq", "Len", "circ", "Append", "Head", "Tail", "SubSeq", "SelectSeq"}),
    "FiniteSets": frozenset({"IsFiniteSet", "Cardinality"}),
    "TLC": frozenset({"Print", "PrintT", "Assert", "JavaTime", "TLCGet", "TLCSet", "map_to", "compose",
                      "Permutations", "SortSeq", "RandomElement", "Any", "ToString", "TLCEval"}),
    "Bags": frozenset({"IsABag", "BagToSet", "SetToBag", "BagIn", "EmptyBag", "oplus", "ominus", "BagUnion",
                       "sqsubseteq", "SubBag", "BagOfAll", "BagCardinality", "CopiesIn"}),
    "TLCExt": frozenset({"AssertEq", "AssertError", "TLCGetOrDefault", "TLCGetAndSet", "Trace",
                         "CounterExample", "ToTrace", "TLCModelValue", "TLCDefer", "TLCNoOp", "PickSuccessor",
                         "TLCCache", "TLCFP", "TLCEvalDefinition"}),
    "Randomization": frozenset({"RandomSubset", "RandomSetOfSubsets", "TestRandomSetOfSubsets"}),
    "RealTime": frozenset({"RTBound", "RTnow", "now"}),
    "Json": frozenset({"ToJson", "ToJsonArray", "ToJsonObject", "JsonSerialize", "JsonDeserialize",
                       "ndJsonSerialize", "ndJsonDeserialize"}),
    # TLC's module behind the cfg's _POSSIBLE (check/possible.py), which a spec may EXTEND to read the counts
    "_Possible": frozenset({"_Track", "_Counts", "_CheckName", "_PrintCounts"}),
}
# What a standard module EXTENDS (its LOCAL INSTANCEs are not exported, as in TLC's own files).
STD_EXTENDS: dict[str, tuple[str, ...]] = {"Integers": ("Naturals",), "Reals": ("Integers",), "Bags": ("TLC",)}

# Arity of standard operators written by name (symbols are checked by the parser's shape).
_STD_ARITY = {
    "Seq": 1, "Len": 1, "Append": 2, "Head": 1, "Tail": 1, "SubSeq": 3, "SelectSeq": 2,
    "IsFiniteSet": 1, "Cardinality": 1, "Print": 2, "PrintT": 1, "Assert": 2, "JavaTime": 0, "TLCGet": 1,
    "TLCSet": 2, "Permutations": 1, "SortSeq": 2, "RandomElement": 1, "Any": 0, "ToString": 1, "TLCEval": 1,
    "_Track": 2, "_Counts": 0, "_CheckName": 1, "_PrintCounts": 0,
    "ToJson": 1, "ToJsonArray": 1, "ToJsonObject": 1, "JsonSerialize": 2, "JsonDeserialize": 1,
    "ndJsonSerialize": 2, "ndJsonDeserialize": 1,
    "Nat": 0, "Int": 0, "Real": 0,
}
# Standard operators that take an operator argument: (name, argument index) -> its arity.
_STD_HIGHER_ORDER = {("SelectSeq", 1): 1, ("SortSeq", 1): 2, ("BagOfAll", 0): 1, ("TLCGetAndSet", 1): 2}
# Symbols the language itself defines: no module needed.
_LANGUAGE_OPS = frozenset({
    "eq", "neq", "in", "notin", "cup", "cap", "setminus", "subseteq", "supseteq", "lnot", "implies", "equiv",
    "iff", "powerset", "union", "domain", "times", "land", "lor", "subset", "supset", "cdot", "plus_arrow", "leads_to",
})
ALWAYS_VISIBLE = frozenset({"BOOLEAN", "STRING", "TRUE", "FALSE"})

# How SANY spells a symbol in its messages.
_SPELLING = {
    "plus": "+", "minus": "-", "mul": "*", "pow": "^", "lt": "<", "gt": ">", "leq": "\\leq", "geq": "\\geq",
    "mod": "%", "div": "\\div", "dots_2": "..", "negative": "-.", "circ": "\\o", "map_to": ":>",
    "compose": "@@", "oplus": "(+)", "ominus": "(-)", "sqsubseteq": "\\sqsubseteq", "slash": "/",
}


def std_closure(names: Iterable[str]) -> set[str]:
    """The standard modules visible through EXTENDS of ``names`` (Integers brings Naturals)."""
    out: set[str] = set()
    todo = list(names)
    while todo:
        m = todo.pop()
        if m in out or m not in STD_EXPORTS:
            continue
        out.add(m)
        todo.extend(STD_EXTENDS.get(m, ()))
    return out


def std_arity(op: str) -> int | None:
    """How many arguments the standard operator ``op`` takes, None when no table says: the
    prefix symbol -. one, the other symbols of standard modules two."""
    if op in _STD_ARITY:
        return _STD_ARITY[op]
    if op == "negative":
        return 1
    return 2 if op in _SPELLING else None


def spelling(op: str) -> str:
    return _SPELLING.get(op, op)


def _fun_key(name: str) -> str:
    """Where a LET's (or a definition's own body's) locals note the number of parameters of
    the function ``name`` is defined with (no identifier has a '[')."""
    return name + "["


def _fun_params(d: ast.FunDef) -> int:
    """SANY's number of bound symbols of a function definition: a tuple pattern is one."""
    return sum(1 if b.tuple_pattern else len(b.names) for b in d.bounds)


# A name's meaning at a point: ("op", arity, where) for operators, constants and variables,
# ("instance", arity, where) for named instances, ("std", arity, where) for standard operators.
Entry = tuple[str, int, object]


class _Module:
    """One module's checker: the names it makes visible, in definition order."""

    def __init__(self, mod: ast.Module, load: Callable[[str, ast.Pos], ast.Module],
                 done: dict[str, dict[str, Entry]], params: dict[object, tuple[int, ...]],
                 functions: dict[object, int]) -> None:
        self.mod = mod
        self.load = load
        self.done = done
        self.params = params
        self.functions = functions  # a function definition's place -> its number of parameters
        self.vis: dict[str, Entry] = {}
        self.exported: dict[str, Entry] = {}
        self.instance_of: dict[str, str] = {}  # named instance -> the module it instantiates

    def run(self) -> dict[str, Entry]:
        mod = self.mod
        for ext in mod.extends:
            for name, entry in self._extended(ext, mod.extends_pos.get(ext, mod.pos)).items():
                self.vis.setdefault(name, entry)
                self.exported.setdefault(name, entry)
        for kind, unit in mod.units:
            if kind == "constant":
                c = unit
                assert isinstance(c, ast.Param)
                self._declare(c.name, ("op", c.arity, ("const", mod.name, c.name)), mod.pos, export=True)
            elif kind == "variable":
                # TLC accepts a variable declared twice (see the conformance probe).
                self.vis[unit] = self.exported[unit] = ("op", 0, ("var", mod.name, unit))  # type: ignore[index]
            elif kind == "recursive":
                self.vis.setdefault(unit, ("op", -1, ("rec", mod.name, unit)))  # type: ignore[arg-type]
            elif kind == "definition":
                self._definition(unit)  # type: ignore[arg-type]
            elif kind == "cite":
                for name, pos in unit:  # type: ignore[attr-defined]
                    self._use(name, 0, pos, {}, as_value=False, passed=True)
            else:
                self.expr(unit, {})  # type: ignore[arg-type]
        return self.exported

    def _extended(self, name: str, pos: ast.Pos) -> dict[str, Entry]:
        if name in STD_EXPORTS:
            out: dict[str, Entry] = {}
            for m in std_closure([name]):
                for op in STD_EXPORTS[m]:
                    out[op] = ("std", _STD_ARITY.get(op, -1), ("std", m, op))
            return out
        if name not in self.done:
            self.done[name] = {}  # a cycle of EXTENDS ends here
            self.done[name] = _Module(self.load(name, pos), self.load, self.done, self.params, self.functions).run()
        return self.done[name]

    def _declare(self, name: str, entry: Entry, pos: ast.Pos, export: bool) -> None:
        old = self.vis.get(name)
        if old is not None and old[2] != entry[2] and not (old[0] == "op" and old[1] == -1):
            raise SemanticError(f"Operator {display(name)} already defined or declared.", pos)
        self.vis[name] = entry
        if export:
            self.exported[name] = entry

    def _definition(self, d: ast.Definition) -> None:
        mod = self.mod.name
        if isinstance(d, ast.OpDef):
            rec = d.name in self.mod.recursive
            locals_ = {p.name: p.arity for p in d.params}
            self._params(d.params, d.pos)
            if not rec:
                self._check_free(d.name, d.pos)
            self.expr(d.body, locals_)
            self._declare(d.name, ("op", len(d.params), ("def", mod, d.name, d.pos)), d.pos, export=not d.local)
        elif isinstance(d, ast.FunDef):
            self._check_free(d.name, d.pos)
            locals_ = self._bounds(d.bounds, {}, d.pos)
            self.expr(d.body, {**locals_, d.name: 0, _fun_key(d.name): _fun_params(d)})
            where = ("def", mod, d.name, d.pos)
            self.functions[where] = _fun_params(d)
            self._declare(d.name, ("op", 0, where), d.pos, export=not d.local)
        else:
            self._instance(d)

    def _instance(self, d: ast.InstanceDef) -> None:
        if d.module in STD_EXPORTS:
            exports = self._extended(d.module, d.pos)
        else:
            if d.module not in self.done:
                self.done[d.module] = {}
                self.done[d.module] = _Module(self.load(d.module, d.pos), self.load, self.done, self.params, self.functions).run()
            exports = self.done[d.module]
        locals_ = {p.name: p.arity for p in d.params} | dict.fromkeys(d.bound, 0)
        for _, e in d.subs + d.defaults:
            if isinstance(e, ast.Name):
                self._use(e.name, 0, e.pos, locals_, as_value=False, passed=True)  # may be an operator
            else:
                self.expr(e, locals_)
        if d.name is None:
            for name, entry in exports.items():
                if entry[2][0] in ("const", "var"):  # type: ignore[index]
                    continue  # substituted, not redefined
                # A name the module already defines keeps its definition (SANY accepts this;
                # the TLA+ examples use it to re-annotate an instantiated definition).
                self.vis.setdefault(name, entry)
                if not d.local:
                    self.exported.setdefault(name, entry)
        else:
            self._declare(d.name, ("instance", len(d.params), ("inst", self.mod.name, d.name, d.pos)), d.pos,
                          export=not d.local)
            self.instance_of[d.name] = d.module

    def _check_free(self, name: str, pos: ast.Pos) -> None:
        old = self.vis.get(name)
        if old is not None and not (old[0] == "op" and old[1] == -1):
            raise SemanticError(f"Operator {display(name)} already defined or declared.", pos)

    def _params(self, params: tuple[ast.Param, ...], pos: ast.Pos) -> None:
        for p in params:
            if p.name in self.vis:  # a standard module's definition too (_+_ beside Naturals' +)
                raise SemanticError(f"Multiply-defined symbol '{spelling(display(p.name))}': this definition or declaration "
                                    f"conflicts with an earlier one.", pos)

    def _fresh(self, names: Iterable[str], locals_: dict[str, int], pos: ast.Pos) -> None:
        """SANY's rule for the parameters of a LAMBDA or a LET operator, as for bound names: none
        may reuse a name already defined, declared or bound where it is written."""
        for n in names:
            if n in locals_ or n in self.vis:
                raise SemanticError(f"Multiply-defined symbol '{spelling(display(n))}': this definition or declaration "
                                    f"conflicts with an earlier one.", pos)

    def _bounds(self, bounds: tuple[ast.Bound, ...], locals_: dict[str, int], pos: ast.Pos) -> dict[str, int]:
        for b in bounds:
            if b.set is not None:
                self.expr(b.set, locals_)
        inner = dict(locals_)
        for b in bounds:
            for n in b.names:
                if n in inner or n in self.vis:
                    raise SemanticError(f"Multiply-defined symbol '{spelling(display(n))}': this definition or declaration "
                                        f"conflicts with an earlier one.", pos)
                inner[n] = 0
        return inner

    # -- expressions ------------------------------------------------------------------------
    def expr(self, e: ast.Expr, locals_: dict[str, int]) -> None:
        # An explicit stack: deeply nested input must not exhaust Python's recursion limit.
        # Children are pushed last first, so the first error in the source is the one reported
        # (SANY's first).
        stack: list[tuple[ast.Expr, dict[str, int]]] = [(e, locals_)]
        while stack:
            x, loc = stack.pop()
            stack.extend(reversed(list(self._node(x, loc))))

    def _node(self, e: ast.Expr, loc: dict[str, int]) -> Iterable[tuple[ast.Expr, dict[str, int]]]:
        if isinstance(e, ast.Name):
            self._use(e.name, 0, e.pos, loc, as_value=True)
            return ()
        if isinstance(e, ast.Apply):
            target = self._use(e.op, len(e.args), e.pos, loc, as_value=False, args_pos=e.args_pos)
            out = []
            for i, a in enumerate(e.args):
                need = self._param_arity(e.op, target, i)
                if isinstance(a, ast.Name) and need != 0:
                    # An operator passed to a higher-order parameter (or to one whose arity is
                    # unknown here, such as a LET operator's or SelectSeq's).
                    self._use(a.name, need or 0, a.pos, loc, as_value=need is None, passed=True)
                    continue
                if isinstance(a, ast.Lambda) and need is not None and need != len(a.params):
                    raise SemanticError(f"Lambda expression with arity {len(a.params)} used as argument {i + 1} "
                                        f"of operator `{e.op}', but an operator of arity {need} is required.",
                                        a.pos)
                out.append((a, loc))
            return out
        if isinstance(e, ast.Quant | ast.FuncLit | ast.SetMap):
            inner = self._bounds(e.bounds, loc, e.pos)
            return [((e.expr if isinstance(e, ast.SetMap) else e.body), inner)]
        if isinstance(e, ast.Choose | ast.SetFilter):
            inner = self._bounds((e.bound,), loc, e.pos)
            return [((e.body if isinstance(e, ast.Choose) else e.pred), inner)]
        if isinstance(e, ast.Let):
            inner = dict(loc)
            recursive = {d.name for d in e.defs if isinstance(d, ast.OpDef) and d.recursive}
            for r in recursive:
                inner[r] = -1
            for d in e.defs:
                if d.name in loc or (d.name in self.vis and self.vis[d.name][0] != "std" and d.name not in recursive):
                    raise SemanticError(f"Operator {display(d.name)} already defined or declared.", d.pos)
                if isinstance(d, ast.OpDef):
                    self._fresh((p.name for p in d.params), inner, d.pos)
                    self.expr(d.body, {**inner, **{p.name: p.arity for p in d.params}})
                    inner[d.name] = len(d.params)
                elif isinstance(d, ast.FunDef):
                    self.expr(d.body, {**self._bounds(d.bounds, inner, d.pos), d.name: 0,
                                       _fun_key(d.name): _fun_params(d)})
                    inner[d.name] = 0
                    inner[_fun_key(d.name)] = _fun_params(d)
                else:
                    for _, x in d.subs:
                        self.expr(x, inner)
                    if d.name is not None:
                        inner[d.name] = -2  # an instance
            return [(e.body, inner)]
        if isinstance(e, ast.FuncApp) and len(e.args) >= 2 and isinstance(e.func, ast.Name):
            self._function_arguments(e.func.name, len(e.args), e.pos, loc)
        if isinstance(e, ast.Lambda):
            self._fresh(e.params, loc, e.pos)
            inner = dict(loc)
            for p in e.params:
                inner[p] = 0
            return [(e.body, inner)]
        return [(c, loc) for c in ast.operands(e)]

    def _function_arguments(self, name: str, nargs: int, pos: ast.Pos, loc: dict[str, int]) -> None:
        """SANY's rule for ``f[a, b, ...]`` where f is defined as a function (``f[x \\in S] ==``):
        two or more arguments must be exactly its parameters (a tuple pattern is one); one
        argument may be their tuple."""
        if name in loc:
            params = loc.get(_fun_key(name))
        else:
            entry = self.vis.get(name)
            params = self.functions.get(entry[2]) if entry is not None else None
        if params is not None and params != nargs:
            raise SemanticError(f"Function '{name}' is defined with {params} parameters, but is applied to {nargs} "
                                "arguments.", pos)

    def _use(self, name: str, nargs: int, pos: ast.Pos, loc: dict[str, int], as_value: bool,
             passed: bool = False, args_pos: ast.Pos | None = None) -> Entry | int | None:
        """What ``name`` refers to, its arity checked: a wrong number of arguments is SANY's
        error, at the argument list when there is one (``args_pos``), else at the name."""
        wrong_arity = args_pos or pos
        if "!" in name:
            head, _, rest = name.partition("!")
            if head not in loc and head not in self.vis:
                raise SemanticError(f"Unknown operator: `{display(head)}'.", pos)
            target = rest.split("!", 1)[0]
            module = self.instance_of.get(head) if head not in loc else None
            exports = None if module is None else self._extended(module, pos) if module in STD_EXPORTS \
                else self.done.get(module)
            if exports:  # (empty: a module still being checked, in a cycle)
                entry = exports.get(target)
                if entry is None or entry[2][0] in ("const", "var"):  # type: ignore[index]
                    # I!Op names a definition the instantiated module exports: not a LOCAL one,
                    # nor its constants and variables, nor a name it lacks (SANY: at the name
                    # after "!"; fuzz12 InstanceVarRef, InstanceUnknownOp)
                    raise SemanticError(f"Unknown operator: `{display(target)}'.", pos)
            return None
        if name in loc:
            arity = loc[name]
            if arity > 0 and nargs != arity and not passed:
                raise SemanticError(f"The operator {display(name)} requires {arity} arguments.", wrong_arity)
            return arity
        entry = self.vis.get(name)
        if entry is None:
            if name in ALWAYS_VISIBLE or name in _LANGUAGE_OPS or ((passed or not as_value) and name in _BUILTIN_FORMS) \
                    or name == UNSUPPORTED:
                return None
            if name in _SPELLING:
                raise SemanticError(f"Could not find declaration or definition of symbol '{spelling(name)}'.",
                                    pos)
            raise SemanticError(f"Unknown operator: `{display(name)}'.", pos)
        kind, arity, _ = entry
        if kind == "instance" or arity < 0 or nargs == arity:
            return entry
        if passed:
            if as_value or nargs == 0:
                return entry  # the required arity is unknown here
            raise SemanticError(f"The operator {display(name)} of arity {arity} is passed where an operator of "
                                f"arity {nargs} is required.", pos)
        raise SemanticError(f"The operator {display(name)} requires {arity} arguments.", wrong_arity)


    def _param_arity(self, op: str, target: Entry | int | None, i: int) -> int | None:
        """The arity required of argument i by the operator applied (None when unknown)."""
        if target is None and op in _LANGUAGE_OPS:
            return 0
        if isinstance(target, tuple) and target[0] == "std":
            return _STD_HIGHER_ORDER.get((op, i), 0)
        if not isinstance(target, tuple) or target[0] != "op":
            return None
        params = self.params.get(target[2])
        if params is not None and i < len(params):
            return params[i]
        return None


# Internal Apply forms the parser builds that are not user-visible operator names.
_BUILTIN_FORMS = frozenset({"prime", "always", "eventually", "enabled", "unchanged"})


def check_module(root: ast.Module, load: Callable[[str, ast.Pos], ast.Module]) -> None:
    """Raise SemanticError (exit 150) where SANY would reject the module or one it uses."""
    _Module(root, load, {root.name: {}}, _param_arities(root, load), {}).run()


def _param_arities(root: ast.Module, load: Callable[[str, ast.Pos], ast.Module]) -> dict[object, tuple[int, ...]]:
    """Each definition's parameter arities, so a higher-order argument can be checked."""
    out: dict[object, tuple[int, ...]] = {}
    seen: set[str] = set()
    todo = [root]
    while todo:
        mod = todo.pop()
        if mod.name in seen:
            continue
        seen.add(mod.name)
        for d in mod.defs:
            if isinstance(d, ast.OpDef):
                out[("def", mod.name, d.name, d.pos)] = tuple(p.arity for p in d.params)
        uses = [(name, mod.extends_pos.get(name, mod.pos)) for name in mod.extends]
        uses += [(d.module, d.pos) for d in mod.defs if isinstance(d, ast.InstanceDef)]
        for name, pos in uses:
            if name not in STD_EXPORTS and name not in seen:
                todo.append(load(name, pos))
    return out
