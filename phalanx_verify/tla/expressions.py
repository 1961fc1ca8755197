"""Expression code generation: a TLA+ expression becomes a Python expression over the value
representation of values.py, evaluated by the compiled code in ``Compiler.ns``.

One ``v_<Node>`` method per AST node kind (``val`` dispatches on the node's class); operator
definitions become Python functions (``op_N(s, *args)`` at state level, ``op_N(s, t, *args)`` at
action level, see ``func_for``), small state-level ones are inlined, closed constant
sub-expressions are computed once (``_hoist``). Names are looked up through bindings.py; where a
comparison or a truth test may be skipped is decided by kinds.py, how an operator is called by
its level (levels.py). Actions, which enumerate successors rather than compute a value, are
actions.py's; ENABLED calls into it.
"""

from __future__ import annotations

import ast as pyast
import builtins
import re
from dataclasses import dataclass, replace
from typing import Any

from . import compare as cmp
from . import memo, outside
from . import syntax as ast
from .bindings import (
    Constant,
    Ctx,
    Defined,
    Local,
    StateRef,
    Substituted,
    Variable,
    global_binding,
    substituted_op,
    substitution_ctx,
    thread_name,
    threaded,
    within,
)
from .byname import ByName
from .compilerbase import Code, emit_handlers, wrapped_def
from .errors import EvalError, SemanticError
from .formargs import FORMS
from .instances import UNSUPPORTED
from .kinds import StaticKinds, constructor_made
from .levels import LEVEL_ACTION, LEVEL_CONSTANT, LEVEL_STATE, LEVEL_TEMPORAL, Levels
from .modules import ALWAYS_VISIBLE, STANDARD_MODULES, Scope
from .parse import display
from .strictness import evaluated_first, evaluates
from .valuetypes import ModelValue, TypedModelValue

# Built-in operators written as symbols: node kind -> Python template.
_BINARY = {
    # Action composition A \cdot B: TLC stops with this error where it evaluates one (exit 75).
    "cdot": "_rt.fail('The current version of TLC does not support action composition.')",
    "plus": "_cmp.plus({0}, {1})", "minus": "_cmp.minus({0}, {1})", "mul": "_cmp.times({0}, {1})",
    "lt": "_cmp.less({0}, {1})", "gt": "_cmp.greater({0}, {1})", "leq": "_cmp.less_eq({0}, {1})",
    "geq": "_cmp.greater_eq({0}, {1})",
    "cup": "_cmp.union2({0}, {1})", "cap": "_cmp.intersect({0}, {1})", "setminus": "_cmp.setminus({0}, {1})",
    "div": "_cmp.div({0}, {1})", "mod": "_cmp.mod({0}, {1})", "dots_2": "_cmp.interval({0}, {1})",
    "subseteq": "_subseteq({0}, {1})", "supseteq": "_subseteq({1}, {0})",
    "map_to": "_rt.mapto({0}, {1})", "compose": "_rt.compose({0}, {1})",
    "circ": "_rt.concat({0}, {1})", "pow": "_cmp.power({0}, {1})",
}
# Operators on integers whose Python form is exact when both operands are integers that fit.
_INT_INLINE = {"plus": "+", "minus": "-", "mul": "*", "lt": "<", "gt": ">", "leq": "<=", "geq": ">="}
_INT_RESULT = {"plus", "minus", "mul"}
_UNARY = {
    "negative": "_cmp.negate({0})", "powerset": "_rt.powerset({0})",
    "union": "_rt.union({0})", "domain": "_rt.domain({0})",
}
_PY_TYPE = {"int": "int", "str": "str", "bool": "bool"}
_SORTED_KINDS = {"int", "str", "bool", "mv", "mvset"}  # static kinds whose values always sort
_FOR = "\x00for\x00"  # where a comprehension's for clauses go (no generated code holds a NUL)

# Standard-module operators called by name: name -> (module, arity, template).
_STD_CALLS = {
    "Cardinality": ("FiniteSets", 1, "_card({0})"),
    "IsFiniteSet": ("FiniteSets", 1, "_rt.is_finite_set({0})"),
    "Len": ("Sequences", 1, "_rt.seq_len({0})"),
    "Head": ("Sequences", 1, "_rt.head({0})"),
    "Tail": ("Sequences", 1, "_rt.tail({0})"),
    "Append": ("Sequences", 2, "_rt.append({0}, {1})"),
    "SubSeq": ("Sequences", 3, "_rt.subseq({0}, {1}, {2})"),
    "SelectSeq": ("Sequences", 2, "_rt.select_seq({0}, {1})"),
    "Seq": ("Sequences", 1, "_rt.seq_set({0})"),
    "Print": ("TLC", 2, "_rt.tlc_print({0}, {1})"),
    "PrintT": ("TLC", 1, "_rt.tlc_printt({0})"),
    "Assert": ("TLC", 2, "_rt.tlc_assert({0}, {1})"),
    "ToString": ("TLC", 1, "_rt.to_string({0})"),
    "Permutations": ("TLC", 1, "_rt.permutations({0})"),
    "SortSeq": ("TLC", 2, "_rt.sort_seq({0}, {1})"),
    "JavaTime": ("TLC", 0, "_rt.java_time()"),
    "TLCEval": ("TLC", 1, "{0}"),
    "Any": ("TLC", 0, "_rt.ANY"),
    "RandomElement": ("TLC", 1, "_rt.random_element({0})"),
    "TLCGet": ("TLC", 1, "_rt.tlc_get({0})"),
    "TLCSet": ("TLC", 2, "_rt.tlc_set({0}, {1})"),
    "RandomSubset": ("Randomization", 2, "_rt.random_subset({0}, {1})"),
    "_Track": ("_Possible", 2, "_rt.possible_track({0}, {1})"),
    "_Counts": ("_Possible", 0, "_rt.possible_counts()"),
    "_CheckName": ("_Possible", 1, "_rt.possible_check_name({0})"),
    "_PrintCounts": ("_Possible", 0, "_rt.tlc_printt(_rt.possible_counts())"),
    "RandomSetOfSubsets": ("Randomization", 3, "_rt.random_set_of_subsets({0}, {1}, {2})"),
    "AssertEq": ("TLCExt", 2, "_rt.assert_eq({0}, {1})"),
    "TLCNoOp": ("TLCExt", 1, "{0}"),
    "TLCCache": ("TLCExt", 2, "{0}"),  # of a non-constant expression; a constant one: runtime.tlc_cache
    "TLCGetOrDefault": ("TLCExt", 2, "_rt.tlc_get_or_default({0}, {1})"),
    "TLCGetAndSet": ("TLCExt", 4, "_rt.tlc_get_and_set({0}, {1}, {2}, {3})"),  # TLCExt: TLCCache(expression, closure) == expression
    "TLCModelValue": ("TLCExt", 1, "_rt.tlc_model_value({0})"),
    "CounterExample": ("TLCExt", 0, "_rt.COUNTER_EXAMPLE"),
    "ToTrace": ("TLCExt", 1, "_rt.to_trace({0})"),
    "Trace": ("TLCExt", 0, "_rt.trace()"),
    "PickSuccessor": ("TLCExt", 1, "_rt.pick_successor({0})"),
    "IsABag": ("Bags", 1, "_bags.is_a_bag({0})"),
    "BagToSet": ("Bags", 1, "_rt.domain({0})"),
    "SetToBag": ("Bags", 1, "_bags.set_to_bag({0})"),
    "BagIn": ("Bags", 2, "_bags.bag_in({0}, {1})"),
    "EmptyBag": ("Bags", 0, "()"),
    "oplus": ("Bags", 2, "_bags.plus({0}, {1})"),
    "ominus": ("Bags", 2, "_bags.minus({0}, {1})"),
    "BagUnion": ("Bags", 1, "_bags.union({0})"),
    "sqsubseteq": ("Bags", 2, "_bags.subbag_eq({0}, {1})"),
    "SubBag": ("Bags", 1, "_bags.sub_bags({0})"),
    "BagOfAll": ("Bags", 2, "_bags.bag_of_all({0}, {1})"),
    "BagCardinality": ("Bags", 1, "_bags.cardinality({0})"),
    "CopiesIn": ("Bags", 2, "_bags.copies_in({0}, {1})"),
    "ToJson": ("Json", 1, "_json.to_json({0})"),
    "ToJsonArray": ("Json", 1, "_json.to_json_array({0})"),
    "ToJsonObject": ("Json", 1, "_json.to_json_object({0})"),
    "JsonSerialize": ("Json", 2, "_json.json_serialize({0}, {1})"),
    "JsonDeserialize": ("Json", 1, "_json.json_deserialize({0})"),
    "ndJsonSerialize": ("Json", 2, "_json.nd_json_serialize({0}, {1})"),
    "ndJsonDeserialize": ("Json", 1, "_json.nd_json_deserialize({0})"),
}
_NON_BOOLEAN = "A non-boolean expression ({kind}) was used as "
# TLC's message for a value that is not a Boolean where one is needed (compare.truth formats it
# with the value's kind and text), without the expression TLC adds on a line of its own.
_COND_WHAT = {
    "IF": _NON_BOOLEAN + "the condition of an IF.", "CASE": _NON_BOOLEAN + "a condition of a CASE.",
    # Tool.eval: P /\ Q and P \/ Q written infix (OPCODE_land, lor: left-associative, binary),
    # and a bulleted list (OPCODE_cl, dl)
    "P /\\ Q": "Attempted to evaluate an expression of form P /\\ Q when P was {kind}.",
    "P /\\ Q, Q": "Attempted to evaluate an expression of form P /\\ Q when Q was {kind}.",
    "/\\ list": _NON_BOOLEAN + "a formula in a conjunction.",
    "P \\/ Q": "Attempted to evaluate an expression of form P \\/ Q when P was {kind}.",
    "P \\/ Q, Q": "Attempted to evaluate an expression of form P \\/ Q when Q was {kind}.",
    "\\/ list": _NON_BOOLEAN + "a formula in a disjunction.",
    "~": "Attempted to apply the operator ~ to a non-boolean ({kind})",
    "=>": "Attempted to evaluate an expression of form P => Q when P was {kind}.",
    "=>, Q": "Attempted to evaluate an expression of form P => Q when Q was {kind}.",
    "<=>": _NON_BOOLEAN + "an operand of <=>.", "\\A": _NON_BOOLEAN + "the body of \\A.",
    "\\E": _NON_BOOLEAN + "the body of \\E.", "filter": _NON_BOOLEAN + "the predicate of a set filter.",
    "CHOOSE": _NON_BOOLEAN + "the body of a CHOOSE.",
    # a conjunct of Init or Next that is no Boolean (Tool.getInitStates: its value printed)
    "action": "In computing initial states, TLC expected a boolean expression, but instead found {value}.",
    "action, next": "In computing next states, TLC expected a boolean expression, but instead found {value}.",
    "[A]_e": "Attempted to evaluate an expression of form [A]_e, but A was not a boolean.",
    "<A>_e": "Attempted to evaluate an expression of form <A>_e, but A was not a boolean.",
    # a property's atom, where TLC's liveness evaluates it (LNStateAST, LNAction)
    "state atom": "A state predicate was evaluated to a non-boolean value.",
    "action atom": "Encountered an action predicate that's not a boolean.",
}
# Operator symbols passed as arguments (SortSeq(s, <), F(SUBSET)): the operator as a Python callable.
_SYMBOL_VALUES = {
    **{op: f"(lambda _a, _b: {t.format('_a', '_b')})" for op, t in _BINARY.items()},
    **{op: f"(lambda _a: {t.format('_a')})" for op, t in _UNARY.items()},
    "eq": "(lambda _a, _b: _eq(_a, _b))", "neq": "(lambda _a, _b: not _eq(_a, _b))",
    "in": "(lambda _a, _b: _member(_a, _b))", "notin": "(lambda _a, _b: not _member(_a, _b))",
    "implies": "(lambda _a, _b: _rt.implies(_a, _b))", "equiv": "(lambda _a, _b: _rt.equiv(_a, _b))",
    "iff": "(lambda _a, _b: _rt.equiv(_a, _b))",
    "land": "(lambda _a, _b: _rt.land(_a, _b))", "lor": "(lambda _a, _b: _rt.lor(_a, _b))",
    "lnot": f"(lambda _a: not _truth(_a, {_COND_WHAT['~']!r}))",  # K(~), K(\lnot): as ~ written
}
_STD_CONSTANTS = {"Nat": ("Naturals", "_NAT"), "Int": ("Integers", "_INT"),
                  "BOOLEAN": (None, "_BOOLEAN"), "STRING": (None, "_STRING")}

# Python expressions cheap and side-effect free enough to evaluate twice.
_CALLED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\(\)")
_BUILTINS = frozenset(dir(builtins))
SIMPLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\[\d+\])?|'[^'\\]*'|-?\d+")

def _free_names(code: str) -> set[str]:
    """The names a Python expression reads and does not bind itself (lambda parameters,
    comprehension targets)."""
    read: set[str] = set()
    bound: set[str] = set()
    for node in pyast.walk(pyast.parse(code, mode="eval")):
        if isinstance(node, pyast.Name):
            (read if isinstance(node.ctx, pyast.Load) else bound).add(node.id)
        elif isinstance(node, pyast.arg):
            bound.add(node.arg)
    return read - bound


# The forms TLC's EC.TLC_ENCOUNTERED_FORMULA_IN_PREDICATE names (Tool.evalAppl).
_TEMPORAL_FORMS = {"always": "[]A", "eventually": "<>A", "leads_to": "a ~> b"}


def _unknown(name: str, scope: Scope, pos: ast.Pos) -> SemanticError:
    """A name nothing defines: a standard module's operator that the checker lacks (TLCExt's
    CounterExample, AssertError, ...) is named as unsupported, anything else as unknown."""
    if name in FORMS:  # see formargs.py
        return SemanticError(f"unsupported construct: {FORMS[name]} passed to an operator that is not defined at the "
                             "top level of its module", pos)
    module = next((m for m in sorted(scope.std) if name in STANDARD_MODULES.get(m, ())), None)
    if module is not None:
        return SemanticError(f"unsupported construct: {name} (module {module})", pos)
    return SemanticError(f"unknown operator {name}", pos)


# Built-ins whose value varies from one evaluation to the next (see Expressions._redrawn).
_VARYING = frozenset({"RandomElement", "RandomSubset", "RandomSetOfSubsets", "TestRandomSetOfSubsets",
                      "JavaTime"})
# Closed constant sub-expressions of these kinds are computed once (see Expressions._hoistable).
_HOIST_OPS = {"cup", "cap", "setminus", "dots_2", "powerset", "times", "union", "domain",
              "Seq", "Permutations", "Cardinality"}
_HOIST_NODES = (ast.FuncSet, ast.SetEnum, ast.SetFilter, ast.SetMap, ast.FuncLit, ast.RecordSet)
# Of those, the ones worth remembering per value of the bound names they mention (a set written
# out, {p}, is made faster than it is looked up); see Expressions._keyed_hoist.
_KEYED_NODES = (ast.FuncSet, ast.SetFilter, ast.SetMap, ast.FuncLit, ast.RecordSet)
_KEYABLE = frozenset({int, str, ModelValue})
KEYED_LIMIT = 1 << 10  # values kept per expression: with _kept_small, a million members at most


def _kept_small(v: Any) -> bool:
    """Is a value of a keyed hoist small enough to keep (a lazy set keeps no members)?"""
    return not isinstance(v, frozenset | dict | tuple) or len(v) <= KEYED_LIMIT


class _NotYet:
    """Marks a hoisted constant that has not been computed yet."""

    def __repr__(self) -> str:
        return "<not yet computed>"


NOT_YET = _NotYet()



@dataclass
class FuncInfo:
    """An operator definition compiled to the Python function ``pyname``."""

    pyname: str
    level: int
    defn: ast.Definition
    scope: Scope
    lazy: frozenset[str] = frozenset()  # parameters passed as thunks (see strictness.py)
    kept: frozenset[str] = frozenset()  # of those, the ones whose argument may make a function constructor


_NO_STATE = object()  # what no state is (see _last_state_cell)
# The types of arguments that key _args_cell: Python's equality on them is TLA+'s (a Boolean is
# left out: True == 1 in Python)
_MEMO_KEYS = frozenset({int, str, ModelValue, TypedModelValue})
_SCALAR_KINDS = frozenset({"int", "str", "mv"})  # static kinds (kinds.py) of such arguments
_READS_CELL_LIMIT = 1 << 14  # values kept per definition by _reads_cell; then it starts over
_ARGS_CELL_LIMIT = 1 << 17  # values kept per definition by _args_cell; then it starts over


def _emit_kept(code: Code, cell: str, idx: list[int], limit: int, indent: str) -> None:
    """Keep ``_v`` in the table ``cell`` under ``_k`` with the objects of the variables ``idx``
    it was made from (alive as long as the entry, so their ids stay theirs); the table starts
    over at ``limit`` entries. For _reads_cell and _args_cell."""
    code.emit(f"{indent}if len({cell}) >= {limit}:")
    code.emit(f"{indent}    {cell}.clear()")
    code.emit(f"{indent}{cell}[_k] = ((" + "".join(f"s[{i}], " for i in idx) + "), _v)")


class Expressions(Levels, StaticKinds):
    """Compiles expressions and operator definitions of one model to Python expressions."""

    _funcs: dict[tuple[int, int, frozenset[str], frozenset[str]], FuncInfo]  # (id(definition), id(scope), lazy, kept) -> its function
    _args_memo: dict[tuple[int, int], list[int] | None]  # (id(definition), id(scope)) -> _memo_args
    _strict: dict[tuple[int, int], tuple[bool, ...]]  # (id(definition), id(scope)) -> strict in each parameter
    _observing: bool | None = None  # memo.observing of the model, once asked
    _threads_exist: bool | None = None  # does the model hoist an instance with parameters (Scope.bound)?
    _by_name: ByName | None = None  # what the definitions read by name (byname.py), once asked
    _reads: Any = None  # the reads analysis (reads.py) of _reads_cell, once asked
    _pending: list[FuncInfo]  # functions named by compiled code, not yet emitted
    _hoisted: dict[tuple[Any, ...], str]  # (id(expression or definition), id(scope)[, keys]) -> its value's name
    _subst_names: dict[str, ast.Name]  # a constant -> the definition it is replaced by
    _pseudo: list[str]  # ENABLED's free instance variables, slots nvars.. (see _pseudo_index)
    _inline_depth: int
    _in_recursive_fundef: int  # how deep inside the bodies of recursive function definitions

    # -- operator functions -------------------------------------------------------------
    def func_for(self, defn: ast.Definition, scope: Scope, lazy: frozenset[str] = frozenset(),
                 kept: frozenset[str] = frozenset()) -> FuncInfo:
        """The Python function of ``defn`` in ``scope``, taking the parameters named in ``lazy``
        as thunks, those in ``kept`` evaluated as function constructors may be (see _kept)."""
        key = (id(defn), id(scope), lazy, kept)
        info = self._funcs.get(key)
        if info is None:
            lvl = self.def_level(defn, scope)
            info = FuncInfo(self.fresh(f"op_{defn.name}"), lvl, defn, scope, lazy, kept)
            self._funcs[key] = info
            self._pending.append(info)
        return info

    def _emit_func(self, code: Code, info: FuncInfo) -> None:
        defn = info.defn
        unpack = info.level >= LEVEL_STATE and self.nvars > 0
        ctx = Ctx(info.scope, cur=StateRef("s", unpacked=unpack),
                  nxt=StateRef("t") if info.level >= LEVEL_ACTION else None)
        params = ["s"] + (["t"] if info.level >= LEVEL_ACTION else [])
        params += [thread_name(sc, n) for sc, n in threaded(info.scope)]
        thunks: set[str] = set()
        if isinstance(defn, ast.OpDef):
            for p in defn.params:
                py = self.fresh(p.name)
                params.append(py)
                kind = "op" if p.arity else "thunk" if p.name in info.lazy else "value"
                ctx = ctx.bind(p.name, Local(py, kind, p.arity, constructs=p.name in info.kept))
                if kind == "thunk":
                    thunks.add(py)
            body = self.val(defn.body, ctx)
        else:
            assert isinstance(defn, ast.FunDef)
            body = self._fundef_value(defn, ctx, info.pyname)
        pidx = self.pos_index(defn.pos)
        code.emit(f"def {info.pyname}({', '.join(params)}):")
        code.depth += 1
        table = self._memo_table(info)
        if table is not None:
            key = f"({''.join(p + ', ' for p in params[1:])})"
            if thunks:  # the thunks' values, where they can be had
                key = f"_memo.forced({key}, {tuple(i for i, p in enumerate(params[1:]) if p in thunks)!r})"
            code.emit(f"_key = _memo.key_for({key}) if {table}.on else None")
            code.emit("if _key is not None:")
            code.emit(f"    _v = _memo.remembered({table}, _key)")
            code.emit("    if _v is not _memo.MISSING:")
            code.emit("        return _v")
        last = self._last_state_cell(info, params) if table is None else None
        by_args = self._args_cell(info) if table is None and last is None else None
        if by_args is not None:  # the value per (objects it reads, arguments): see _args_cell
            cell, idx = by_args
            values = params[1:]
            code.emit(f"_k = ({''.join(f'id(s[{i}]), ' for i in idx)}{''.join(v + ', ' for v in values)}) "
                      f"if {' and '.join(f'type({v}) in _MEMO_KEYS' for v in values)} else None")
            code.emit("if _k is not None:")
            code.emit(f"    _h = {cell}.get(_k)")
            code.emit("    if _h is not None:")
            code.emit("        return _h[1]")
        if table is not None or last is not None or by_args is not None:
            # a value kept for later uses is computed as TLC's eager evaluation gives it; where
            # that fails inside the function of an application, the use's own (runtime.KEEP)
            code.emit("_keep = _KEEP[0]")
            code.emit("if _keep:")
            code.emit(f"    _v = _rt.unkept(lambda: {info.pyname}({', '.join(params)}))")
            code.emit("    if _v is not _rt.UNKEPT:")
            code.emit("        return _v")
        if last is not None:  # (state, value) of the two states evaluated last
            code.emit(f"if s is {last}[0]:")
            code.emit(f"    return {last}[1]")
            code.emit(f"if s is {last}[2]:")
            code.emit(f"    return {last}[3]")
        by_reads = self._reads_cell(info) if last is not None else None
        if by_reads is not None:  # the value per combination of the objects it reads
            cell, idx = by_reads
            key = f"id(s[{idx[0]}])" if len(idx) == 1 else "(" + "".join(f"id(s[{i}]), " for i in idx) + ")"
            code.emit(f"_k = {key}")
            code.emit(f"_h = {cell}.get(_k)")
            code.emit("if _h is not None:")
            code.emit(f"    {last}[:] = s, _h[1], {last}[0], {last}[1]")
            code.emit("    return _h[1]")
        code.emit("try:")
        if unpack:
            code.emit("    " + self.unpack_line())
        code.emit(f"    {'_v =' if table is not None or last is not None or by_args is not None else 'return'} {body}")
        emit_handlers(code, pidx)
        if table is not None or last is not None or by_args is not None:
            code.emit("if _keep:")
            code.emit("    return _v")
        if by_reads is not None:
            _emit_kept(code, *by_reads, _READS_CELL_LIMIT, "")
        if by_args is not None:
            code.emit("if _k is not None:")
            _emit_kept(code, *by_args, _ARGS_CELL_LIMIT, "    ")
            code.emit("return _v")
        if table is not None:
            code.emit(f"_memo.remember({table}, _key, _v)")
            code.emit("return _v")
        elif last is not None:
            code.emit(f"{last}[:] = s, _v, {last}[0], {last}[1]")
            code.emit("return _v")
        code.depth -= 1

    def _last_state_cell(self, info: FuncInfo, params: list[str]) -> str | None:
        """The name of a cell keeping the value of a parameterless state-level definition for
        the state it was last evaluated in, made here; None for any other definition. The
        actions of one state call such a definition again and again (GameOfLife's ``sc``, a
        function of 36 points, built once per cell of the grid and passed to a recursive Sum
        whose remembered calls then compared it point by point), and its value is a function
        of the state alone. The cell keeps the last two states: an action reads such a
        definition both before and after its step (BufferedRandomAccessFile's refinement
        compares LogicalFileContent' with WriteToFile(LogicalFileContent, ...) for every
        argument of its action properties), and one slot would lose each to the other. States
        are tuples, and the cell holds the ones it was made for, so ``is`` cannot find a later
        state for them. Not in a model that observes its evaluations
        (TLCGet, RandomElement: memo.OBSERVING), where TLC's evaluation may differ each time."""
        defn = info.defn
        if info.level != LEVEL_STATE or len(params) != 1 or (isinstance(defn, ast.OpDef) and defn.params):
            return None
        if not self._unobserved():
            return None
        name = f"_last_{info.pyname}"
        self.ns[name] = [_NO_STATE, None, _NO_STATE, None]
        return name

    def _reads_cell(self, info: FuncInfo) -> tuple[str, list[int]] | None:
        """For a definition given a _last_state_cell, whose body ranges over a set (a quantifier,
        a set filter or map, CHOOSE, a function literal) and which reads only some of the
        variables (reads.py): the name of a table made here keeping its value per combination
        of the objects it reads, with the indices of those variables. Its value is a function
        of those variables, and states share the objects of equal values (bfs.Interner), so
        the successors of many states find it (MultiPaxos' ``terminated``, built from
        ``Range(observed)``, guards a loop of every state, while few states differ in
        ``observed``). Keyed by identity, and the entry keeps the objects alive, so no later
        object takes an id it was kept for; Python's 1 == TRUE cannot confuse it."""
        defn = info.defn
        if not isinstance(defn, ast.OpDef) or not any(isinstance(n, ast.Bound) for n in ast.nodes(defn.body)):
            return None
        from .reads import ReadsAnalysis  # built on the compiler this class is part of
        if self._reads is None:
            self._reads = ReadsAnalysis(self)  # type: ignore[arg-type]  # self is the Compiler
        reads = self._reads.of(defn.body, Ctx(info.scope))
        if not reads or len(reads) >= self.nvars:
            return None
        name = f"_reads_{info.pyname}"
        self.ns[name] = {}
        return name, sorted(reads)

    def _args_cell(self, info: FuncInfo) -> tuple[str, list[int]] | None:
        """For a definition _memo_args accepts, called with its parameters evaluated (no thunk,
        no kept constructor): the name of a table made here keeping its value per combination of
        the objects of the variables it reads and of its arguments, with the indices of those
        variables. Only arguments of types whose Python equality is TLA+'s (_MEMO_KEYS: no
        Boolean, whose True == 1) make a key; others are evaluated each time."""
        idx = None if info.lazy or info.kept else self._memo_args(info.defn, info.scope)
        if idx is None:
            return None
        name = f"_args_{info.pyname}"
        self.ns[name] = {}
        self.ns["_MEMO_KEYS"] = _MEMO_KEYS
        return name, idx

    def _memo_args(self, defn: ast.Definition, scope: Scope) -> list[int] | None:
        """The indices of the variables a state-level operator with value parameters reads, where
        its results are worth keeping by them and its arguments: its body ranges over a set (a
        quantifier, a set filter or map, CHOOSE, a function literal) and reads one variable of
        several. Such an operator is called, not inlined (_try_inline), where its arguments are
        known to be keys. Actions ask it of the same objects again and again (RRP's
        ``Assigned(j) == {l \\in Leaf : alloc[l] = j}``: states share the ``alloc`` of equal values,
        bfs.Interner, and each state asks it for every job; J3L8, pure Python: 39 s to 33 s).
        One variable: the combinations of two (RRP's CommitGuard reads alloc and plan) were
        found again too seldom to pay for the call and the table. None for any other
        definition, and in a model that observes its evaluations."""
        key = (id(defn), id(scope))
        if key in self._args_memo:
            return self._args_memo[key]
        found: list[int] | None = None
        if (isinstance(defn, ast.OpDef) and defn.params and not defn.recursive and self.nvars > 1
                and not any(p.arity for p in defn.params) and self.def_level(defn, scope) == LEVEL_STATE
                and any(isinstance(n, ast.Bound) for n in ast.nodes(defn.body)) and self._unobserved()):
            from .reads import ReadsAnalysis  # built on the compiler this class is part of
            if self._reads is None:
                self._reads = ReadsAnalysis(self)  # type: ignore[arg-type]  # self is the Compiler
            reads = self._reads.of(defn.body, self.bind_params(Ctx(scope), defn.params))
            if reads and len(reads) == 1:
                found = sorted(reads)
        self._args_memo[key] = found
        return found

    def _memo_table(self, info: FuncInfo) -> str | None:
        """The name of the table keeping the results of this operator (see memo.py), made
        here, or None where they are not kept: an operator of constant level with value
        parameters, RECURSIVE, ranging over a set or building one (a non-recursive one only when no
        argument is passed unevaluated, as the key would evaluate it), in a model that cannot observe
        its evaluations. Such an operator is not inlined (_try_inline)."""
        if not self._remembers(info.defn, info.level, info.lazy):
            return None
        name = f"_memo_{info.pyname}"
        self.ns[name] = memo.Table()
        self.ns["_memo"] = memo
        return name

    def _remembers(self, defn: ast.Definition, level: int, lazy: frozenset[str]) -> bool:
        """Are the results of ``defn`` kept (see _memo_table)?"""
        if not isinstance(defn, ast.OpDef) or not defn.params \
                or any(p.arity for p in defn.params) or level != LEVEL_CONSTANT:
            return False
        if not defn.recursive and (lazy or not (memo.ranges(defn.body) or memo.builds(defn.body))):
            return False
        return self._unobserved()

    def _fundef_value(self, defn: ast.FunDef, ctx: Ctx, pyname: str) -> str:
        recursive = mentions_any(defn.body, {defn.name})
        if not recursive:
            return self.v_FuncLit(ast.FuncLit(defn.pos, defn.bounds, defn.body), ctx)
        self._in_recursive_fundef += 1
        try:
            return self._recursive_fundef(defn, ctx)
        finally:
            self._in_recursive_fundef -= 1

    def _recursive_fundef(self, defn: ast.FunDef, ctx: Ctx) -> str:
        if len(defn.bounds) != 1 or len(defn.bounds[0].names) != 1 or defn.bounds[0].tuple_pattern:
            return self._recursive_fundef_n(defn, ctx)
        b = defn.bounds[0]
        x = self.fresh(b.names[0])
        dom = self.val(b.set, ctx)  # type: ignore[arg-type]
        inner = ctx.bind(b.names[0], Local(x, "value"))
        if not mentions_any(defn.body, {defn.name}):
            return f"_rt.fcn_built(lambda: _mkfcn({{{x}: {self.val(defn.body, inner)} for {x} in _iterate({dom})}}))"
        # A recursive function refers to itself by name: bind it to the RecFcn being built.
        self_name = self.fresh(defn.name)
        body = self.val(defn.body, inner.bind(defn.name, Local(self_name, "value", made=outside.LAMBDA)))
        form = self._form(ast.FuncLit(defn.pos, defn.bounds, defn.body), ctx)
        return f"_rt_recfcn({defn.name!r}, {dom}, {self._bound_now(f'lambda {self_name}, {x}: {body}')}, {form!r})"

    def _recursive_fundef_n(self, defn: ast.FunDef, ctx: Ctx) -> str:
        """f[a \\in S, b \\in T] == ... f[x, y] ...: a function of tuples over S \\X T."""
        sets: list[str] = []
        names: list[str] = []
        inner = ctx
        for b in defn.bounds:
            s = self.val(b.set, ctx)  # type: ignore[arg-type]
            if b.tuple_pattern:
                raise SemanticError("a recursive function definition with a tuple pattern", defn.pos)
            for n in b.names:
                py = self.fresh(n)
                sets.append(s)
                names.append(py)
                inner = inner.bind(n, Local(py, "value"))
        self_name = self.fresh(defn.name)
        x = self.fresh("x")
        body = self.val(defn.body, inner.bind(defn.name, Local(self_name, "value", made=outside.LAMBDA_N)))
        dom = f"_rt.product(({', '.join(sets)},))"
        fn = f"lambda {self_name}, {x}: (lambda {', '.join(names)}: {body})(*{x})"
        form = self._form(ast.FuncLit(defn.pos, defn.bounds, defn.body), ctx)
        return f"_rt_recfcn({defn.name!r}, {dom}, {self._bound_now(fn)}, {form!r})"

    def _bound_now(self, fn: str) -> str:
        """The lambda ``fn`` of a value evaluated later (a function over Nat, a set filtered
        from Nat, a recursive function) with the names it reads from around it bound to their
        values now: made in a loop (a comprehension), a Python closure would see the loop
        variable's last value, not its own iteration's."""
        free = sorted(_free_names(fn) - self.ns.keys() - _BUILTINS)
        if not free:
            return fn
        return f"(lambda {', '.join(free)}: {fn})({', '.join(free)})"

    # -- value expressions --------------------------------------------------------------
    def val(self, e: ast.Expr, ctx: Ctx) -> str:
        if ctx.implied:
            key = (id(e), id(ctx.scope), ctx.locals)
            for k, flag in ctx.implied:
                if k == key:
                    return f"({flag} or {self.val(e, replace(ctx, implied=()))})"
        if self._hoistable(e, ctx):
            return self._hoist(e, ctx)
        if (keyed := self._keyed_hoist(e, ctx)) is not None:
            return keyed
        method = getattr(self, "v_" + type(e).__name__)
        return method(e, ctx)

    def _hoistable(self, e: ast.Expr, ctx: Ctx) -> bool:
        """A closed constant expression worth computing once: a set or function built from
        constants (``Job \\cup {None}``, ``[Job -> Nat]``, ``0..MaxFail``) or a constant
        operator. It is computed on first use, so an error still surfaces only where TLC's
        would."""
        if isinstance(e, ast.Apply):
            if e.op not in _HOIST_OPS and self.resolve_def(e.op, ctx.scope) is None:
                return False
        elif isinstance(e, ast.Name):
            target = self.resolve_def(e.name, ctx.scope)
            if ctx.lookup(e.name) is not None or target is None or not isinstance(target[0], ast.OpDef) \
                    or target[0].params:
                return False
        elif not isinstance(e, _HOIST_NODES):
            return False
        if ctx.locals and mentions_any(e, {n for n, _ in ctx.locals}):
            return False
        if self._reaches_threads(e, ctx.scope):
            return False
        return self.level(e, ctx) == LEVEL_CONSTANT and not _mentions_at(e)

    def _reaches_threads(self, e: ast.Expr, scope: Scope) -> bool:
        """Does ``e``, read in ``scope``, reach a parameter of a hoisted instance (see
        bindings.threaded) through the definitions and substitutions it mentions? Its value
        then depends on where ``I(s)!Op`` is used: no constant, though of constant level."""
        if self._threads_exist is None:
            self._threads_exist = any(sc.bound for sc in self.root.reachable())
        if not self._threads_exist:
            return False
        todo = [(n, scope) for n in ast.names_in(e)]
        seen: set[tuple[str, int]] = set()
        while todo:
            name, sc = todo.pop()
            if (name, id(sc)) in seen:
                continue
            seen.add((name, id(sc)))
            if sc.subst is not None and name in sc.subst:
                names = ast.names_in(sc.subst[name])
                if names & set(sc.bound):
                    return True
                todo += [(n, sc.parent) for n in names]  # type: ignore[misc]  # an instance has a parent
                continue
            target = self.resolve_def(name, sc)
            if target is not None and not isinstance(target[0], ast.InstanceDef):
                todo += [(n, target[1]) for n in ast.names_in(target[0])]
        return False

    def _redrawn(self, use: ast.Name) -> bool:
        """Does a constant substituted by ``use`` (a definition of the root module) take a new
        value at each use in TLC: its definition reaches a built-in whose value varies
        (RandomElement, JavaTime, ...) and its body is not TLCEval(...)?"""
        defn, scope = self.resolve_def(use.name, self.root)  # type: ignore[misc]  # hoistable: resolved
        body = defn.body  # type: ignore[union-attr]  # hoistable: an OpDef
        if isinstance(body, ast.Apply) and body.op == "TLCEval":
            return False
        seen: set[int] = set()
        todo = [(body, scope)]
        while todo:
            e, sc = todo.pop()
            for n in ast.names_in(e):
                if n in _VARYING:
                    return True
                target = self.resolve_def(n, sc)
                if target is not None and id(target[0]) not in seen and isinstance(target[0], ast.OpDef | ast.FunDef):
                    seen.add(id(target[0]))
                    todo.append((target[0].body, target[1]))
        return False

    def _hoist(self, e: ast.Expr, ctx: Ctx) -> str:
        key = (id(e), id(ctx.scope))
        if isinstance(e, ast.Name):  # one value per definition, however many names reach it:
            # TLC evaluates a constant definition once, so TestGraph == RandomElement(...) is the
            # same graph whether reached by its name or through CONSTANT Graph <- TestGraph
            defn, scope = self.resolve_def(e.name, ctx.scope)  # type: ignore[misc]  # _hoistable resolved it
            key = (id(defn), id(scope))
        name = self._hoisted.get(key)
        if name is None:
            name = self._hoisted[key] = self.fresh("_K")
            method = getattr(self, "v_" + type(e).__name__)
            body = method(e, Ctx(ctx.scope, cur=StateRef("None")))
            self.ns[name] = NOT_YET
            pidx = self.pos_index(e.pos)
            # computed as TLC computes constants at startup (constructors built); where that
            # fails inside the function of an application, the use's own value, not kept
            self._extra_code.append(wrapped_def(f"{name}_compute", "", body, pidx)
                                    + f"def {name}_get():\n    global {name}\n"
                                      f"    v = _rt.unkept({name}_compute) if _KEEP[0] else {name}_compute()\n"
                                      f"    if v is _rt.UNKEPT:\n        return {name}_compute()\n"
                                      f"    {name} = v\n    return v\n")
        return f"({name} if {name} is not _NA else {name}_get())"

    def _keyed_hoist(self, e: ast.Expr, ctx: Ctx) -> str | None:
        """A set built from constants and bound values only (``Proc \\ {p}`` under
        ``\\E p \\in Proc``, ``{p} \\X Data``): its value remembered per value of those names,
        so that each state's quantifiers take the same set, whose members ``iterate`` has then
        already put in TLC's order. Only where the names are plain values (quantified, or value
        parameters) and, at run time, integers, strings or model values, whose Python equality
        is TLA+'s (1 = TRUE in Python); at most KEYED_LIMIT values, of at most as many
        members each, are kept per expression. Not in a model that observes its evaluations
        (memo.OBSERVING); an error is not kept, so it is raised at each evaluation, as TLC's."""
        if not ((isinstance(e, ast.Apply) and e.op in _HOIST_OPS and ctx.lookup(e.op) is None
                 and self.resolve_def(e.op, ctx.scope) is None) or isinstance(e, _KEYED_NODES)):
            return None
        if not ctx.locals or not self._unobserved():
            return None
        mentioned = ast.names_in(e)
        keys: dict[str, Local] = {}
        for n, _ in ctx.locals:
            loc = ctx.lookup(n)
            if n in mentioned and n not in keys and loc is not None:
                if loc.kind != "value" or loc.alias is not None or loc.letdef is not None \
                        or not loc.pyname.isidentifier():  # an inlined argument: its text
                    return None
                keys[n] = loc
        if not keys or _mentions_at(e) or self._reaches_threads(e, ctx.scope):
            return None
        inner = Ctx(ctx.scope, cur=StateRef("None"))
        for n, loc in keys.items():
            inner = inner.bind(n, Local(loc.pyname, "value", vkind=loc.vkind))
        if self.level(e, inner) != LEVEL_CONSTANT:
            return None
        params = ", ".join(loc.pyname for loc in keys.values())
        cache = (id(e), id(ctx.scope), tuple((n, loc.pyname, loc.vkind) for n, loc in keys.items()))
        name = self._hoisted.get(cache)
        if name is None:
            name = self._hoisted[cache] = self.fresh("_KT")
            body = getattr(self, "v_" + type(e).__name__)(e, inner)
            self.ns[name] = {}
            self.ns.setdefault("_KEYABLE", _KEYABLE)
            self.ns.setdefault("_kept_small", _kept_small)
            key = params if len(keys) == 1 else f"({params},)"
            plain = " and ".join(f"type({loc.pyname}) in _KEYABLE" for loc in keys.values())
            self._extra_code.append(
                wrapped_def(f"{name}_compute", params, body, self.pos_index(e.pos))
                + f"def {name}_get({params}):\n"
                  f"    if not ({plain}):\n        return {name}_compute({params})\n"
                  f"    v = {name}.get({key}, _NA)\n"
                  f"    if v is _NA:\n        v = {name}_compute({params})\n"
                  f"        if len({name}) < {KEYED_LIMIT} and _kept_small(v):\n            {name}[{key}] = v\n"
                  f"    return v\n")
        return f"{name}_get({params})"

    def v_Num(self, e: ast.Num, ctx: Ctx) -> str:
        return repr(e.value)

    def v_Str(self, e: ast.Str, ctx: Ctx) -> str:
        return repr(e.value)

    def v_Bool(self, e: ast.Bool, ctx: Ctx) -> str:
        return "True" if e.value else "False"

    def v_At(self, e: ast.At, ctx: Ctx) -> str:
        if ctx.at is None:
            raise SemanticError("@ used outside an EXCEPT value", e.pos)
        return ctx.at

    def _pseudo_index(self, name: str) -> int:
        """The slot of the partial successor that ENABLED binds for a primed instance variable
        whose substitution lies outside it (see ``Ctx.enabled_outside``): TLC binds it by name,
        so a variable of the same name in the root module shares the slot."""
        if name in self.variables:
            return self.variables.index(name)
        if name not in self._pseudo:
            self._pseudo.append(name)
        return self.nvars + self._pseudo.index(name)

    def _var_name(self, i: int) -> str:
        return self.variables[i] if i < self.nvars else self._pseudo[i - self.nvars]

    def _read_var(self, i: int, ref: StateRef | None, pos: ast.Pos, primed: bool) -> str:
        name = self._var_name(i) + ("'" if primed else "")
        if ref is None:
            if primed:
                raise EvalError(f"In evaluation, the identifier {self._var_name(i)} is either undefined or not "
                                "an operator (primed where no next state exists).", pos)
            return f"_rt_unbound({name!r}, {self.pos_index(pos)})"
        r = ref.read(i)
        if r is None:
            if ref.absent:  # (TLC names the variable unprimed: its lookup of x in no state failed)
                return f"_rt_fail({undefined_identifier(self._var_name(i), pos)!r}, {self.pos_index(pos)})"
            return f"_rt_unbound({name!r}, {self.pos_index(pos)})"
        return r

    def v_Name(self, e: ast.Name, ctx: Ctx) -> str:
        loc = ctx.lookup(e.name)
        if loc is not None:
            if (inlined := self._let_in_action(loc, (), ctx)) is not None:
                return inlined
            if loc.kind == "thunk":
                if loc.redo is not None and loc.redo[1].cur != ctx.cur:
                    defn, dctx = loc.redo
                    return self.val(defn.body, replace(dctx, cur=ctx.cur, nxt=ctx.nxt))
                return loc.pyname if loc.eager else f"{loc.pyname}()"
            if loc.kind == "alias":
                aexpr, actx = loc.alias  # type: ignore[misc]
                return self.val(aexpr, replace(actx, cur=ctx.cur, nxt=ctx.nxt))
            return loc.pyname
        return self._global_name(e.name, ctx, e.pos)

    def _global_name(self, name: str, ctx: Ctx, pos: ast.Pos) -> str:
        binding = global_binding(name, ctx.scope)
        if isinstance(binding, Substituted):
            scope = ctx.scope
            if id(scope) in ctx.enabled_outside and ctx.cur.tuple_name is None and name in scope.variables:
                return self._read_var(self._pseudo_index(name), ctx.cur, pos, primed=True)
            return self.val(binding.expr, substitution_ctx(scope, ctx))
        if isinstance(binding, Variable):
            i = self.variables.index(name)
            return self._read_var(i, ctx.cur, pos, primed=ctx.cur.tuple_name == "t")
        if isinstance(binding, Constant):
            if name in self.substitutions:
                # CONSTANT Succ <- Op with Op a constant definition: computed once, as TLC
                # evaluates constant definitions once (a CHOOSE over [Nodes -> SUBSET Nodes]
                # was otherwise redone at every step).
                # But TLC does not keep the constant's own value: C <- R with R ==
                # RandomElement(S) draws anew at each use of C (R itself is kept), unless R is
                # TLCEval(...), which C then shares.
                use = self._subst_names.setdefault(name, ast.Name(pos, self.substitutions[name]))
                if self._hoistable(use, Ctx(self.root)) and not self._redrawn(use):
                    return self._hoist(use, Ctx(self.root))
                return self._call_global(self.substitutions[name], (), ctx, pos)
            if f"C_{name}" not in self.ns:
                raise SemanticError(f"constant {name} has no value in the model", pos)
            return f"C_{name}"
        if isinstance(binding, Defined):
            return self._call_def((binding.defn, binding.scope), (), ctx, pos, name)
        scope = ctx.scope
        if name in _STD_CONSTANTS:
            module, py = _STD_CONSTANTS[name]
            if module is None or module in scope.std:
                return py
        if name in _STD_CALLS and _STD_CALLS[name][1] == 0 and _STD_CALLS[name][0] in scope.std:
            return _STD_CALLS[name][2]
        if name in ALWAYS_VISIBLE:
            return {"TRUE": "True", "FALSE": "False"}.get(name, name)
        if name in _SYMBOL_VALUES:
            return _SYMBOL_VALUES[name]
        if name == "Real":
            raise SemanticError("unsupported construct: Real (the Reals module)", pos)
        raise _unknown(name, scope, pos)

    def _call_global(self, name: str, args: tuple[str, ...], ctx: Ctx, pos: ast.Pos) -> str:
        target = self.resolve_def(name, self.root)
        if target is None:
            raise SemanticError(f"unknown operator {name}", pos)
        return self._call_def(target, args, Ctx(self.root, cur=ctx.cur, nxt=ctx.nxt), pos, name)

    def _by_name_call(self, e: ast.Apply, ctx: Ctx) -> str | None:
        """``B(Next)`` with an action as argument, read as a value (B(A) == ENABLED A in an
        invariant): the body with the parameter standing for the argument's formula, as TLC
        passes arguments, since an action has no value to pass."""
        target = self.resolve_def(e.op, ctx.scope)
        if target is None:
            return None
        defn, scope = target
        if not isinstance(defn, ast.OpDef) or len(defn.params) != len(e.args):
            return None
        by_name = self.reads_by_name(defn, scope, e.args, ctx)
        if defn.recursive and by_name:
            raise SemanticError(f"unsupported construct: the RECURSIVE operator {defn.name} reading a parameter "
                                "primed, in UNCHANGED, ENABLED or a temporal formula (TLC passes it by name)", e.pos)
        if defn.recursive or any(p.arity for p in defn.params) \
                or not by_name and all(self.level(a, ctx) < LEVEL_ACTION for a in e.args):
            return None
        inner = replace(ctx, scope=scope, locals=(), at=None)
        for p, a in zip(defn.params, e.args, strict=True):
            inner = inner.bind(p.name, Local("_alias", "alias", alias=(a, ctx)))
        return self.entering(target, ctx, e.pos, self.val(defn.body, inner))

    def reads_by_name(self, defn: ast.OpDef, scope: Scope, args: tuple[ast.Expr, ...], ctx: Ctx) -> bool:
        """Does ``defn`` read by name (primed, in UNCHANGED, ENABLED or a temporal formula:
        byname.py) a parameter whose argument is not constant? TLC evaluates the argument
        there (Op(q) == q' > q called as Op(x) is x' > x), so no value can be passed."""
        names = frozenset(p.name for p, a in zip(defn.params, args, strict=True)
                          if not p.arity and self.level(a, ctx) >= LEVEL_STATE)
        return self.by_name.reads_call(defn, scope, names, tuple(self._as_lambda(a, ctx) for a in args), ctx.scope,
                                       self._opaque(args, ctx))

    def _as_lambda(self, arg: ast.Expr, ctx: Ctx) -> ast.Expr:
        """A LET operator passed as an argument, as the LAMBDA it stands for (byname.py follows
        a LAMBDA's body), where its own body reads nothing of its context the walk cannot follow."""
        loc = ctx.lookup(arg.name) if isinstance(arg, ast.Name) else None
        if loc is None or loc.opdef is None:
            return arg
        d, dctx = loc.opdef
        if any(p.arity for p in d.params) or self._opaque((d.body,), dctx) - {p.name for p in d.params}:
            return arg
        return ast.Lambda(d.pos, tuple(p.name for p in d.params), d.body)

    def _literal_body(self, arg: ast.Expr, ctx: Ctx) -> ast.Expr | None:
        """The body of the operator an operator argument names, where it is a number or string
        literal (``LAMBDA e : 1``, ``F(x) == "s"``): TLC then passes that value, no operator."""
        operator: object = arg
        if isinstance(arg, ast.Name):
            loc = ctx.lookup(arg.name)
            if loc is not None:
                operator = loc.opdef[0] if loc.opdef is not None else arg
            elif isinstance(binding := global_binding(arg.name, ctx.scope), Defined):
                operator = binding.defn
        body = operator.body if isinstance(operator, (ast.Lambda, ast.OpDef)) else None
        return body if isinstance(body, (ast.Num, ast.Str)) else None

    @staticmethod
    def _opaque(exprs: tuple[ast.Expr, ...], ctx: Ctx) -> frozenset[str]:
        """The names ``exprs`` mention that ``ctx`` binds to something other than a value (a LET
        operator, an operator parameter, an argument passed by name): byname.py cannot follow them."""
        return frozenset(n for e in exprs for n in ast.names_in(e)
                         if (loc := ctx.lookup(n)) is not None and loc.kind != "value")

    def thread_args(self, target: tuple[ast.Definition, Scope], ctx: Ctx, pos: ast.Pos) -> list[str]:
        """The values of the hoisted instances' parameters the operator ``target`` takes
        (bindings.threaded), seen from code compiled in ``ctx``: the caller's own parameter
        where it lies in that instance, else the bound name where ``I(s)!Op`` is written."""
        return [thread_name(sc, n) if within(ctx.scope, sc) else self.thread_value(sc, n, ctx, pos, target)
                for sc, n in threaded(target[1])]

    def thread_value(self, sc: Scope, name: str, ctx: Ctx, pos: ast.Pos, target: tuple[ast.Definition, Scope]) -> str:
        """The value passed for the parameter ``name`` of the hoisted instance ``sc`` where
        ``I(name)!Op`` is written, to the definition ``target`` (of ``sc`` or an instance in it).
        A quantifier's variable is a value. An operator's parameter or a LET definition TLC
        reads by name: its value is the same where the argument is constant, or where the
        definition reads the instance's constants and variables it reaches neither primed nor
        under UNCHANGED, ENABLED or a temporal operator (byname.py), and the state the value is
        computed in is determined; elsewhere refused (exit 150)."""
        code = self.val(ast.Name(pos, name), ctx)
        kind = sc.bound_kinds.get(name)
        if kind is None:
            return code
        level = self._bound_level(ctx.lookup(name), kind)
        if level == LEVEL_CONSTANT:
            return code
        what = "operator parameter" if kind == "parameter" else "LET definition"
        inst = sc.prefix[:-1].split("!")[-1].split("%")[0]
        if level is not None and (level >= LEVEL_STATE and ctx.cur.whole(self.nvars) is None
                                  or level >= LEVEL_ACTION and (ctx.nxt is None or ctx.nxt.whole(self.nvars) is None)):
            raise SemanticError(f"unsupported construct: {inst}(...) with an argument that mentions the {what} "
                                f"{name}, read while the state is being determined (TLC passes it by name)", pos)
        defn, dscope = target
        carried = self.by_name.into(dscope, sc, frozenset(c for c in (sc.subst or {}) if self._carries(sc, c, name)))
        if self.by_name.reads_def(defn, dscope, carried):
            raise SemanticError(f"unsupported construct: {inst}(...) with an argument that mentions the {what} "
                                f"{name}, whose {defn.name or 'definition'} reads it primed, in UNCHANGED, ENABLED or "
                                f"a temporal formula (TLC passes it by name)", pos)
        return code

    def _carries(self, sc: Scope, const: str, name: str) -> bool:
        """Does the substitution of ``const`` in the hoisted instance ``sc`` mention its
        parameter ``name``?"""
        assert sc.subst is not None and sc.parent is not None  # a hoisted instance
        return self.by_name.mentions(sc.subst[const], sc.parent, frozenset({name}))

    def _bound_level(self, loc: Local | None, kind: str) -> int | None:
        """The level of the argument an operator's parameter or LET definition stands for,
        None where unknown (a parameter of an operator compiled as a function)."""
        if loc is None:
            return None
        if loc.kind == "alias":
            aexpr, actx = loc.alias  # type: ignore[misc]
            return self.level(aexpr, actx)
        if kind == "let" and loc.kind == "thunk":
            return loc.level
        return None

    def mentions(self, e: Any, names: set[str], scope: Scope) -> bool:
        """``mentions_any``, where a reference to a hoisted instance mentions the names it takes
        as parameters (bindings.threaded): ``P(q)!Bar`` reads q, though written ``P%5_3!Bar``."""
        found = ast.names_in(e)
        if not names.isdisjoint(found):
            return True
        for n in found:
            if "%" in n.split("!", 1)[0] and (target := self.resolve_def(n, scope)) is not None \
                    and any(b in names for sc, b in threaded(target[1]) if not within(scope, sc)):
                return True
        return False

    @property
    def by_name(self) -> ByName:
        if self._by_name is None:
            self._by_name = ByName()
        return self._by_name

    def entering(self, target: tuple[ast.Definition, Scope], ctx: Ctx, pos: ast.Pos, code: str) -> str:
        """``code``, the body of ``target`` inlined where ``ctx`` is compiled, with the
        parameters of the hoisted instances it reads and the caller lies outside bound."""
        outside = [(sc, n) for sc, n in threaded(target[1]) if not within(ctx.scope, sc)]
        if not outside:
            return code
        values = ", ".join(self.thread_value(sc, n, ctx, pos, target) for sc, n in outside)
        return f"(lambda {', '.join(thread_name(sc, n) for sc, n in outside)}: {code})({values})"

    def _call_def(self, target: tuple[ast.Definition, Scope], args: tuple[str, ...], ctx: Ctx,
                  pos: ast.Pos, name: str, kinds: tuple[str | None, ...] = (), builds: tuple[bool, ...] = ()) -> str:
        defn, scope = target
        if isinstance(defn, ast.InstanceDef):
            raise SemanticError(f"{name} names a module instance, not an operator", pos)
        nparams = len(defn.params) if isinstance(defn, ast.OpDef) else 0
        if nparams != len(args):
            if not args and nparams:
                # An operator passed as an argument to a higher-order operator.
                return self._op_as_value(target, ctx, pos)
            raise SemanticError(f"operator {name} takes {nparams} arguments, {len(args)} given", pos)
        lazy: frozenset[str] = frozenset()
        if args and isinstance(defn, ast.OpDef):
            # TLC passes arguments unevaluated: one the body never mentions is never evaluated,
            # so an error in it is never raised; one it may not read is passed as a thunk.
            args = tuple(a if p.arity or self.mentions(defn.body, {p.name}, scope) else "None"
                         for p, a in zip(defn.params, args, strict=True))
            lazy = self.lazy_params(defn, scope, args)
        kept = self._kept(defn, args, builds)
        lazy |= kept
        inlined = None if lazy else self._try_inline(defn, scope, args, ctx, kinds)
        if inlined is not None:
            return inlined
        info = self.func_for(defn, scope, lazy, kept)
        if info.level >= LEVEL_TEMPORAL:
            raise SemanticError(f"temporal formula {name} used where a value is expected", pos)
        cur = ctx.cur.whole(self.nvars)
        if cur is None:
            if info.level == LEVEL_CONSTANT:
                cur = "None"  # reads no variable: callable while a state is being built
            elif isinstance(defn, ast.OpDef) and not defn.recursive:
                # Read where the state is only partly built (vars' in ENABLED, or before every
                # variable is assigned): TLC looks each variable up by name, so the body is
                # inlined and fails only on a variable it reads that is not yet determined.
                return self._inline_action(defn, scope, args, ctx, lazy, kept)
            else:
                missing = [self.variables[i] for i in range(self.nvars) if ctx.cur.read(i) is None]
                return f"_rt_unbound({', '.join(missing)!r}, {self.pos_index(pos)})"
        call_args = [cur]
        if info.level >= LEVEL_ACTION:
            nxt = ctx.nxt.whole(self.nvars) if ctx.nxt is not None else None
            if nxt is None:
                if ctx.nxt is None:
                    raise SemanticError(f"action {name} used where no next state exists", pos)
                return self._inline_action(defn, scope, args, ctx, lazy, kept)
            call_args.append(nxt)
        call_args += self.thread_args(target, ctx, pos)
        return f"{info.pyname}({', '.join(call_args + list(self._passed(defn, args, lazy)))})"

    def lazy_params(self, defn: ast.OpDef, scope: Scope, args: tuple[str, ...]) -> frozenset[str]:
        """The parameters of ``defn`` to pass the compiled ``args`` to as thunks: those the body
        may not read (strictness.py) whose argument may fail (not a name or a literal)."""
        return frozenset(p.name for i, (p, a) in enumerate(zip(defn.params, args, strict=True))
                         if not p.arity and not SIMPLE.fullmatch(a) and not self.strict_in(defn, scope, i))

    @staticmethod
    def _kept(defn: ast.Definition, args: tuple[str, ...], builds: tuple[bool, ...]) -> frozenset[str]:
        """The parameters of ``defn`` whose argument may make a function constructor
        (``builds``: kinds.constructs of each argument): TLC binds a parameter to its argument
        unevaluated (LazyValue), so where the body applies it (``Op(g) == g[1]``) the constructor
        is evaluated as the function of an application, kept lazy (runtime.KEEP), and where the
        body first reads it otherwise it is built. Passed as a thunk, read as a constructing name."""
        if not any(builds) or not isinstance(defn, ast.OpDef):
            return frozenset()
        return frozenset(p.name for p, a, b in zip(defn.params, args, builds, strict=True)
                         if b and not p.arity and a != "None")

    def _passed(self, defn: ast.Definition, args: tuple[str, ...], lazy: frozenset[str]) -> tuple[str, ...]:
        """The compiled ``args`` of a call of ``defn``, those of the ``lazy`` parameters as thunks."""
        if not lazy:
            return args
        assert isinstance(defn, ast.OpDef)
        return tuple(self._thunk(a) if p.name in lazy else a for p, a in zip(defn.params, args, strict=True))

    def _thunk(self, code: str) -> str:
        """An argument passed unevaluated: evaluated when first read, then remembered (TLC's
        LazyValue), with the names it reads bound now (it may be read after a loop moved on).
        A thunk passed on (a parameter or LET definition read as ``name()``) is itself."""
        if _CALLED.fullmatch(code):
            return code[:-2]
        return f"_rt.Once({self._bound_now(f'lambda: {code}')})"

    def strict_in(self, defn: ast.OpDef, scope: Scope, i: int) -> bool:
        """Does every evaluation of ``defn``'s body read its ``i``-th parameter (strictness.py)?

        A call closing a cycle through another definition (mutual recursion) is taken as lazy,
        which is always right."""
        key = (id(defn), id(scope))
        got = self._strict.get(key)
        if got is None:
            self._strict[key] = (False,) * len(defn.params)
            got = self._strict[key] = self.strictness(defn, scope)
        return got[i]

    def _builtin_op(self, op: str, ctx: Ctx) -> bool:
        """Is ``op``, applied in ``ctx``, a built-in operator, not a definition, a LET, a
        parameter or a substituted constant (see strictness.Builtin)?"""
        return ctx.lookup(op) is None and op not in self.substitutions and self.resolve_def(op, ctx.scope) is None

    def strictness(self, defn: ast.OpDef, scope: Scope, ctx: Ctx | None = None) -> tuple[bool, ...]:
        """For each parameter of ``defn`` (a LET definition where ``ctx`` is where it is
        written), is it read on every evaluation of the body?

        A RECURSIVE definition's calls of itself are first taken as strict in every parameter,
        then as strict in those its body was found to read, until that no longer changes (the
        greatest fixed point: ``Swap(a, b, n) == IF n = 0 THEN a ELSE Swap(b, a, n - 1)`` reads
        a in one round, in the next no longer, since the call passes b there)."""
        params = {p.name for p in defn.params}
        itself = (True,) * len(defn.params)

        def callee(op: str, j: int, nargs: int) -> bool:
            if op in params:
                return False
            if defn.recursive and op == defn.name:
                return nargs == len(itself) and itself[j]
            if op in self.substitutions or (ctx is not None and ctx.lookup(op) is not None):
                return False
            target = self.resolve_def(op, scope)
            if target is None:
                return True  # a built-in operator: its operands are evaluated
            d, sc = target
            if not isinstance(d, ast.OpDef) or len(d.params) != nargs or d.params[j].arity:
                return False
            return self.strict_in(d, sc, j)

        while True:
            found = tuple(evaluates(defn.body, p.name, callee) for p in defn.params)
            if not defn.recursive or found == itself:
                return found
            itself = found

    def _try_inline(self, defn: ast.Definition, scope: Scope, args: tuple[str, ...], ctx: Ctx,
                    kinds: tuple[str | None, ...] = ()) -> str | None:
        """Inline a small, non-recursive state-level operator whose arguments are simple
        Python expressions: the call (``Feasible(j, P)`` once per subset P) disappears and
        the body reads the arguments in place."""
        if not isinstance(defn, ast.OpDef) or defn.recursive or not args or self._inline_depth >= 3:
            return None
        if any(p.arity for p in defn.params) or not all(SIMPLE.fullmatch(a) for a in args):
            return None
        if ctx.cur.tuple_name is None or _size(defn.body) > _INLINE_MAX_NODES:
            return None
        level = self.def_level(defn, scope)
        if level > LEVEL_STATE or mentions_any(defn.body, {defn.name}) or self._remembers(defn, level, frozenset()):
            return None
        if kinds and all(k in _SCALAR_KINDS for k in kinds) and self._memo_args(defn, scope) is not None:
            return None  # called, so that its results are kept (_args_cell)
        if any(not within(ctx.scope, sc) for sc, _ in threaded(scope)):
            return None
        inner = replace(ctx, scope=scope, locals=(), at=None)
        kinds = kinds or (None,) * len(args)
        for p, a, k in zip(defn.params, args, kinds, strict=True):
            inner = inner.bind(p.name, Local(a, "value", vkind=k))
        self._inline_depth += 1
        try:
            return self.val(defn.body, inner)
        finally:
            self._inline_depth -= 1

    def _inline_action(self, defn: ast.Definition, scope: Scope, args: tuple[str, ...], ctx: Ctx,
                       lazy: frozenset[str] = frozenset(), kept: frozenset[str] = frozenset()) -> str:
        """An operator evaluated while a state is only partly built (an action's next state, or
        a state-level definition read primed before every variable is assigned): inline its
        body as a lambda so it reads the variables determined so far, the ``lazy`` parameters
        as thunks. A function definition (f[i \\in S] == x' + i) is inlined as its function
        constructor."""
        if isinstance(defn, ast.FunDef):
            if mentions_any(defn.body, {defn.name}):
                raise SemanticError("unsupported construct: a recursive function definition read where the "
                                    "next state is only partly determined", defn.pos)
            inner = Ctx(scope, cur=ctx.cur, nxt=ctx.nxt, enabled_outside=ctx.enabled_outside)
            return self.entering((defn, scope), ctx, defn.pos, self.val(ast.FuncLit(defn.pos, defn.bounds, defn.body), inner))
        assert isinstance(defn, ast.OpDef)
        inner = Ctx(scope, cur=ctx.cur, nxt=ctx.nxt, enabled_outside=ctx.enabled_outside)
        names = []
        for p in defn.params:
            py = self.fresh(p.name)
            names.append(py)
            inner = inner.bind(p.name, Local(py, "op" if p.arity else "thunk" if p.name in lazy else "value", p.arity,
                                             constructs=p.name in kept))
        body = self.entering((defn, scope), ctx, defn.pos, self.val(defn.body, inner))
        return f"(lambda {', '.join(names)}: {body})({', '.join(self._passed(defn, args, lazy))})"

    def _let_by_name(self, redo: tuple[ast.OpDef, Ctx], args: tuple[ast.Expr, ...], ctx: Ctx) -> str | None:
        """A call of a LET operator that reads a parameter by name whose argument is not
        constant (Local.redo): its body where it is used, that argument passed by name."""
        defn, dctx = redo
        names = frozenset(p.name for p, a in zip(defn.params, args, strict=True)
                          if not p.arity and self.level(a, ctx) >= LEVEL_STATE)
        if not self.by_name.reads(defn.body, dctx.scope, names):
            return None
        inner = replace(dctx, cur=ctx.cur, nxt=ctx.nxt, at=None)
        for p, a in zip(defn.params, args, strict=True):
            inner = inner.bind(p.name, Local(self.val(a, ctx), "op", p.arity) if p.arity
                               else Local("_alias", "alias", alias=(a, ctx)))
        return self.val(defn.body, inner)

    def _let_body_at(self, defn: ast.OpDef, inner: Ctx, args: tuple[ast.Expr, ...], ctx: Ctx) -> str:
        """The body of the LET operator ``defn`` compiled in ``inner`` (its definition's context
        with the states of the call), its parameters bound to the values of ``args`` in ``ctx``."""
        names, values = [], []
        for p, a in zip(defn.params, args, strict=True):
            names.append(self.fresh(p.name))
            values.append(self.val(a, ctx))
            inner = inner.bind(p.name, Local(names[-1], "value"))
        body = self.val(defn.body, inner)
        return f"(lambda {', '.join(names)}: {body})({', '.join(values)})" if names else f"({body})"

    def _let_in_action(self, loc: Local, args: tuple[ast.Expr, ...], ctx: Ctx) -> str | None:
        """A LET definition of an action that reads primed variables, used as a value in it: its
        body compiled where it is used, so that it reads the next state as determined there, as
        TLC evaluates a LET lazily in the state it is used in (kafka-tlaplus's consumer group:
        ``new_target_assignment == group_target_assignment'.assignments`` read after the IF that
        assigns it). None for any other name."""
        if loc.letdef is None or loc.level < LEVEL_ACTION or ctx.nxt is None:
            return None
        defn, dctx = loc.letdef
        if any(p.arity for p in defn.params) or len(defn.params) != len(args):
            return None  # (an operator named as an argument, not called: its value)
        return self._let_body_at(defn, replace(dctx, cur=ctx.cur, nxt=ctx.nxt), args, ctx)

    def _op_as_value(self, target: tuple[ast.Definition, Scope], ctx: Ctx, pos: ast.Pos) -> str:
        defn, scope = target
        assert isinstance(defn, ast.OpDef)
        info = self.func_for(defn, scope)
        cur = ctx.cur.whole(self.nvars) or "None"
        if info.level >= LEVEL_ACTION:
            raise SemanticError(f"action operator {defn.name} passed as an argument", pos)
        threads = "".join(a + ", " for a in self.thread_args(target, ctx, pos))
        return f"(lambda *_a: {info.pyname}({cur}, {threads}*_a))"

    def v_Apply(self, e: ast.Apply, ctx: Ctx) -> str:
        if e.op == UNSUPPORTED:
            raise SemanticError(f"unsupported construct: {e.args[0].value}", e.pos)  # type: ignore[attr-defined]
        loc = ctx.lookup(e.op)
        if loc is None and e.args and (by_name := self._by_name_call(e, ctx)) is not None:
            return by_name
        if loc is not None and loc.redo is not None and e.args \
                and (by_name := self._let_by_name(loc.redo, e.args, ctx)) is not None:
            return by_name
        if loc is not None and (inlined := self._let_in_action(loc, e.args, ctx)) is not None:
            return inlined
        if loc is not None and loc.redo is not None and loc.redo[1].cur != ctx.cur \
                and len(e.args) == len(loc.redo[0].params) and not any(p.arity for p in loc.redo[0].params):
            # A LET operator reading the state, called where another state is current (LET Op(a)
            # == x + a IN Op(1)': x' + 1): TLC evaluates its body in the context of the call.
            defn, dctx = loc.redo
            return self._let_body_at(defn, replace(dctx, cur=ctx.cur, nxt=ctx.nxt, at=None), e.args, ctx)
        args = tuple(self.val(a, ctx) for a in e.args)
        if loc is not None:
            if loc.kind == "value":
                raise SemanticError(f"{e.op} is not an operator", e.pos)
            args = tuple("None" if i in loc.unused else self._thunk(a) if i in loc.lazy else a
                         for i, a in enumerate(args))
            return f"{loc.pyname}({', '.join(args)})"
        target = self.resolve_def(e.op, ctx.scope)
        if target is not None:
            return self._call_def(target, args, ctx, e.pos, e.op, tuple(self.static_kind(a, ctx) for a in e.args),
                                  tuple(self.constructs(a, ctx) for a in e.args))
        if e.op in self.substitutions and ctx.scope.subst is None:
            return self._call_global(self.substitutions[e.op], args, ctx, e.pos)
        if ctx.scope.subst is not None and e.op in ctx.scope.subst:
            target = substituted_op(e.op, ctx.scope, self.root, self.substitutions)
            if target is None:
                raise SemanticError(f"unsupported construct: operator constant {e.op} substituted by "
                                    "an expression", e.pos)
            return self._call_def(target, args, ctx, e.pos, e.op)
        behind = self._set_filter(e.args[1], ctx) if e.op in ("in", "notin") else None
        if behind is not None:
            # x \\in {y \\in S : P(y)} is decided without building the set: x \\in S /\\ P(x), as
            # TLC's SetPredValue does, also behind a definition (UV \\in DomainPartitions with
            # DomainPartitions == {DP \\in SUBSET SUBSET (1..n) : ...}: 65,536 sets per state).
            # Over a set TLC builds (a..b, {a, b, c}: Reducible) it builds the filtered set
            # first, P evaluated on every element; runtime.in_filter does the same.
            flt, fctx = behind
            py = self.fresh(flt.bound.names[0])
            inner = fctx.bind(flt.bound.names[0], Local(py, "value", vkind=self.elem_kind(flt.bound.set, fctx)))
            base = self.fresh("s")
            within = self._in_code(e.args[0], flt.bound.set, py, base, ctx, fctx)  # type: ignore[arg-type]
            pred = self.cond(flt.pred, inner, 'filter')
            test = self._bound_now(f"lambda {py}: {pred}")
            lazy = (f"_rt.in_filter({args[0]}, {self.val(flt.bound.set, fctx)}, "  # type: ignore[arg-type]
                    f"{test}, lambda {py}, {base}: {within}, {flt.pred.pos.location()!r})")
            return lazy if e.op == "in" else f"(not {lazy})"
        if e.op in ("in", "notin") and isinstance(e.args[1], ast.SetEnum) and 0 < len(e.args[1].items) <= 4 \
                and not args[1].startswith("(_K"):
            # x \\in {a, b}: a tuple test compares like set membership, without building a set,
            # where no comparison can fail (x or every item an untyped model value).
            items = "".join(self.val(x, ctx) + ", " for x in e.args[1].items)
            member: str | None = f"({args[0]} in ({items}))"
            if self.static_kind(e.args[0], ctx) != "mv" and self.elem_kind(e.args[1], ctx) != "mv":
                if not SIMPLE.fullmatch(args[0]):
                    member = None
                else:
                    member = f"({member} if type({args[0]}) is _MV else _member({args[0]}, {args[1]}))"
            if member is not None:
                return member if e.op == "in" else f"(not {member})"
        if e.op in ("eq", "neq"):
            test = self._eq_code(e.args[0], e.args[1], args[0], args[1], ctx)
            return test if e.op == "eq" else f"(not {test})"
        if e.op in ("in", "notin"):
            test = self._in_code(e.args[0], e.args[1], args[0], args[1], ctx)
            return test if e.op == "in" else f"(not {test})"
        if e.op == "lnot":
            return f"(not {self.cond(e.args[0], ctx, '~')})"
        if e.op == "implies":
            return f"((not {self.cond(e.args[0], ctx, '=>')}) or {self.cond(e.args[1], ctx, '=>, Q')})"
        if e.op in ("equiv", "iff"):
            return f"({self.cond(e.args[0], ctx, '<=>')} == {self.cond(e.args[1], ctx, '<=>')})"
        if e.op in _INT_INLINE and SIMPLE.fullmatch(args[0]) and SIMPLE.fullmatch(args[1]):
            checks = [f"type({a}) is int" for a, x in zip(args, e.args, strict=True)
                      if self.static_kind(x, ctx) != "int"]
            fast = f"{args[0]} {_INT_INLINE[e.op]} {args[1]}"
            if e.op in _INT_RESULT:
                checks = [f"{cmp.INT_MIN} <= ({fast}) <= {cmp.INT_MAX}"] if not checks else \
                    checks + [f"{cmp.INT_MIN} <= ({fast}) <= {cmp.INT_MAX}"]
            if checks:
                return f"(({fast}) if {' and '.join(checks)} else {_BINARY[e.op].format(*args)})"
            return f"({fast})"
        if e.op == "subseteq" and SIMPLE.fullmatch(args[0]) and SIMPLE.fullmatch(args[1]):
            a, b = args
            return f"(_subset_of({a}, {b}) if isinstance({a}, frozenset) and isinstance({b}, frozenset) " \
                   f"else _subseteq({a}, {b}))"
        if e.op == "cup" and isinstance(e.args[1], ast.SetEnum) and len(e.args[1].items) == 1:
            return f"_cmp.with_member({args[0]}, {self.val(e.args[1].items[0], ctx)})"
        if len(args) == 2 and e.op in _BINARY:
            return _BINARY[e.op].format(*args)
        if len(args) == 1 and e.op in _UNARY:
            return _UNARY[e.op].format(*args)
        if e.op == "times":
            return f"_rt.product(({', '.join(args)},))"
        if e.op == "TLCCache" and len(args) == 2 and "TLCExt" in ctx.scope.std \
                and self.sany_level(e.args[0], ctx) == LEVEL_CONSTANT:
            return f"_rt.tlc_cache({str(e.pos)!r}, {args[1]}, lambda: {args[0]})"
        if e.op == "AssertError" and "TLCExt" in ctx.scope.std and len(args) == 2:
            # TLCExt.assertError: ``exp`` evaluated inside the check; ``err`` must be written
            # as a string (SANY's StringNode), else TLC refuses it.
            if isinstance(e.args[0], ast.Str):
                return f"_rt.assert_error({e.args[0].value!r}, lambda: {args[1]})"
            if e.args[0].pos is e.pos:  # CONSTANT Op <- AssertError: overrides._target wrote it, one position
                # for the application and its arguments (in a .cfg or a .tla's CONFIG section): the caller's string
                return f"_rt.assert_error(_rt.assert_error_text({args[0]}), lambda: {args[1]})"
            raise SemanticError("unsupported construct: AssertError (module TLCExt) whose first argument is "
                                "not a string literal", e.pos)
        if e.op in _STD_CALLS:
            module, arity, template = _STD_CALLS[e.op]
            if module not in ctx.scope.std:
                raise SemanticError(f"unknown operator {e.op} (EXTENDS {module} is missing)", e.pos)
            if arity != len(args):
                raise SemanticError(f"{e.op} takes {arity} arguments, {len(args)} given", e.pos)
            if e.op == "TLCGet" and ctx.primed:
                return f"_rt.tlc_get_next({args[0]})"  # TLCGet(k)' reads the successor: its level
            if e.op == "BagOfAll" and (literal := self._literal_body(e.args[0], ctx)) is not None:
                return f"_bags.value_for_operator('BagOfAll', {self.val(literal, ctx)}, {args[1]})"
            if e.op == "SelectSeq":  # TLC names the operator in its error: <Operator LAMBDA>, <Operator Id>
                op_arg = e.args[1]
                shown = "LAMBDA" if isinstance(op_arg, ast.Lambda) else op_arg.name if isinstance(op_arg, ast.Name) else "?"
                return f"_rt.select_seq({args[0]}, {args[1]}, {'<Operator ' + shown + '>'!r})"
            return template.format(*args)
        raise _unknown(e.op, ctx.scope, e.pos)

    def v_And(self, e: ast.And, ctx: Ctx) -> str:
        return "(" + " and ".join(self.cond(x, ctx, "/\\ list" if e.bullets else "P /\\ Q" if i == 0 else "P /\\ Q, Q")
                                  for i, x in enumerate(e.items)) + ")"

    def v_Or(self, e: ast.Or, ctx: Ctx) -> str:
        return "(" + " or ".join(self.cond(x, ctx, "\\/ list" if e.bullets else "P \\/ Q" if i == 0 else "P \\/ Q, Q")
                                 for i, x in enumerate(e.items)) + ")"

    def v_If(self, e: ast.If, ctx: Ctx) -> str:
        """``(a if c else b)``. An ELSE IF chain is one flat conditional (Python's is
        right-associative), not one parenthesis per IF: CPython refuses more than 200 nested
        parentheses, and TLC checks chains of hundreds of arms."""
        arms = []
        while True:
            arms.append(f"{self.val(e.then, ctx)} if {self.cond(e.cond, ctx, 'IF')} else ")
            rest = e.else_
            if not isinstance(rest, ast.If) or ctx.implied or self._hoistable(rest, ctx):
                break  # what val() would not compile with v_If
            e = rest
        return "(" + "".join(arms) + self.val(e.else_, ctx) + ")"

    def v_Case(self, e: ast.Case, ctx: Ctx) -> str:
        """Flat like an ELSE IF chain (v_If)."""
        arms = "".join(f"{self.val(value, ctx)} if {self.cond(cond, ctx, 'CASE')} else " for cond, value in e.arms)
        return "(" + arms + (self.val(e.other, ctx) if e.other is not None else "_rt.case_fail()") + ")"

    # -- conditions, = and \in: TLC's checks where kinds.py cannot rule them out ----------
    def cond(self, e: ast.Expr, ctx: Ctx, what: str) -> str:
        """e as a Python truth value: TLC requires a Boolean where it branches on a value, and
        reports any other value as an error (``IF 1 THEN ...``, ``1 /\\ TRUE``). ``what`` is a
        key of _COND_WHAT, or the message itself where it names a definition (a CONSTRAINT)."""
        code = self.val(e, ctx)
        if self.is_bool(e, ctx):
            return code
        if what == "action" and ctx.nxt is not None:
            what = "action, next"
        return f"_truth({code}, {_COND_WHAT.get(what, what)!r})"

    def _eq_code(self, ea: ast.Expr, eb: ast.Expr, a: str, b: str, ctx: Ctx) -> str:
        """a = b: Python's == where TLC's comparison cannot fail or differ, else TLC's."""
        ka, kb = self.static_kind(ea, ctx), self.static_kind(eb, ctx)
        if ka == "mv" or kb == "mv" or (ka == kb and ka in _PY_TYPE):
            return f"({a} == {b})"
        for x, kx, ky in ((a, ka, kb), (b, kb, ka)):
            if ky in _PY_TYPE and kx is None and SIMPLE.fullmatch(x):
                return f"(({a} == {b}) if type({x}) is {_PY_TYPE[ky]} else _eq({a}, {b}))"
        for x, ey in ((a, eb), (b, ea)):
            if isinstance(ey, ast.Tuple) and not ey.items and SIMPLE.fullmatch(x):
                # q = <<>> (a queue is empty): between two sequences only the lengths decide.
                return f"(({x} == ()) if type({x}) is tuple else _eq({a}, {b}))"
            if isinstance(ey, ast.SetEnum) and not ey.items and SIMPLE.fullmatch(x):
                # S = {}: between two sets only the emptiness of S decides (Python's == on sets
                # would be the general test, as 1 and TRUE are equal there).
                return f"((not {x}) if type({x}) is frozenset else _eq({a}, {b}))"
        if SIMPLE.fullmatch(a) and SIMPLE.fullmatch(b):
            # Python's == is TLC's = when both have one exact type (see compare.EXACT).
            return f"(({a} == {b}) if type({a}) is type({b}) and type({a}) in _EXACT else _eq({a}, {b}))"
        return f"_eq({a}, {b})"

    def _set_filter(self, e: ast.Expr, ctx: Ctx) -> tuple[ast.SetFilter, Ctx] | None:
        """The set filter of one bound name that ``e`` is, written in place or as the body of a
        definition without parameters (which the model does not replace), with the context
        to compile it in; else None."""
        while isinstance(e, ast.Name) and ctx.lookup(e.name) is None and e.name not in self.substitutions \
                and not (ctx.scope.subst is not None and e.name in ctx.scope.subst):
            target = self.resolve_def(e.name, ctx.scope)
            if target is None or not isinstance(target[0], ast.OpDef) or target[0].params or target[0].recursive:
                return None
            e = target[0].body
            ctx = Ctx(target[1], cur=ctx.cur, nxt=ctx.nxt, enabled_outside=ctx.enabled_outside)
        if isinstance(e, ast.SetFilter) and len(e.bound.names) == 1 and not e.bound.tuple_pattern:
            return e, ctx
        return None

    def _in_code(self, ex: ast.Expr, es: ast.Expr, x: str, s: str, ctx: Ctx, sctx: Ctx | None = None) -> str:
        """x \\in S: Python's membership where TLC's cannot fail or differ, else TLC's (``sctx``:
        where S is written, if not where x is)."""
        if self.static_kind(ex, ctx) == "mv" or self.elem_kind(es, sctx or ctx) == "mv":
            return f"({x} in {s})"
        if isinstance(es, ast.Apply) and es.op == "dots_2" and len(es.args) == 2 \
                and self.resolve_def("dots_2", (sctx or ctx).scope) is None:
            lo, hi = (self.val(a, sctx or ctx) for a in es.args)
            return f"_cmp.in_span({x}, {lo}, {hi})"
        if self._built_here(es, sctx or ctx):
            return f"_rt.member_here({x}, {s})"
        return f"_member({x}, {s})"

    # The set constructors whose value TLC's Tool marks with its source (setSource) as it builds it
    _SOURCED_OPS = frozenset({"powerset", "union", "cup", "cap", "setminus", "times"})

    def _built_here(self, es: ast.Expr, ctx: Ctx) -> bool:
        """Does TLC build the set ``es`` where ``x \\in es`` is evaluated, as a value that knows its
        source? Such a value rethrows any error of its member test as a FingerprintException
        (exit 75, where a standard module's error would exit 255 and Assert's 14): written in
        place, in a LET, or in the body of an operator called here, but not a constant
        definition without parameters, which TLC evaluates once at start, without a source
        (RS == [a : Nat]), nor a variable's or constant's value."""
        lets: dict[str, ast.OpDef] = {}
        for _ in range(16):
            if isinstance(es, ast.RecordSet | ast.FuncSet | ast.SetFilter):
                return True
            if isinstance(es, ast.Let):
                lets.update((d.name, d) for d in es.defs if isinstance(d, ast.OpDef))
                es = es.body
                continue
            if isinstance(es, ast.Apply) and es.op in self._SOURCED_OPS:
                return self.resolve_def(es.op, ctx.scope) is None
            name = es.name if isinstance(es, ast.Name) else es.op if isinstance(es, ast.Apply) else None
            if name is not None and name in lets:
                es = lets.pop(name).body
                continue
            if name is None or ctx.lookup(name) is not None:
                return False
            target = self.resolve_def(name, ctx.scope)
            if target is None:
                return False
            defn, scope = target
            if not isinstance(defn, ast.OpDef) or defn.recursive:
                return False
            if not defn.params and self.level_bound(defn.body, Ctx(scope)) == LEVEL_CONSTANT:
                return False
            es, ctx = defn.body, Ctx(scope)
        return False

    def _gens(self, bounds: tuple[ast.Bound, ...], ctx: Ctx, pos: ast.Pos, witnesses: str | None = None,
              ranges: list[tuple[str, str]] | None = None, filtered: bool = False,
              whole: list[str] | None = None) -> tuple[list[str], Ctx]:
        """Python ``for`` clauses for quantifier bounds, and the context inside them. With a
        witness dict, a variable it names ranges over that one value (if it is in the set).
        ``ranges`` receives, per clause over a set, the target over ``_xs`` (the set's elements
        as runtime.forall and collect give them: ``x in _xs``) and the set's code. ``filtered``:
        the bound of a set filter (runtime.filter_base: TLC's error where it is no set).
        ``whole`` receives, per tuple pattern, the name of the element it matched: a set
        filter and a function keep that element, whose leading components the pattern names
        where TLC builds the set or function at once (runtime.tuple_bound).
        The clauses are independent (SANY does not let a bound mention another bound
        variable), so they may be nested in either order: TLC's ContextEnumerator varies the
        first variable fastest, so quantifiers nest them last to first."""
        clauses = []
        for b in bounds:
            if b.set is None:
                raise SemanticError("unbounded quantifiers cannot be evaluated; bound the variable", pos)
            s = self.val(b.set, ctx)
            if filtered and not SIMPLE.fullmatch(s):
                s = f"_rt.filter_base({s})"
            elif filtered:
                s = f"({s} if isinstance({s}, frozenset) else _rt.filter_base({s}))"
            if witnesses is not None and not b.tuple_pattern:
                ek = self.elem_kind(b.set, ctx)
                for n in b.names:
                    py = self.fresh(n)
                    clauses.append(f"for {py} in _witness({witnesses}, {n!r}, {s})")
                    ctx = ctx.bind(n, Local(py, "value", vkind=ek))
                continue
            if b.tuple_pattern:
                names = [self.fresh(n) for n in b.names]
                target = f"({', '.join(names)},)"
                if whole is not None:
                    whole.append(self.fresh("t"))
                    clauses.append(f"for {whole[-1]}, {target} in _rt.tuple_bound({s}, {len(names)})")
                else:
                    clauses.append(f"for {target} in _rt.patterns(_iterate({s}), {len(names)})")
                    if ranges is not None:
                        ranges.append((f"{target} in _rt.patterns(_xs, {len(names)})", s))
                for n, py in zip(b.names, names, strict=True):
                    ctx = ctx.bind(n, Local(py, "value"))
            else:
                new = []
                ek = self.elem_kind(b.set, ctx)
                over = _spanned(b.set, s) or f"_iterate({s})"
                for n in b.names:
                    py = self.fresh(n)
                    clauses.append(f"for {py} in {over}")
                    if ranges is not None:
                        ranges.append((f"{py} in _xs", s if over.startswith("_iterate(") else over))
                    new.append((n, py))
                for n, py in new:
                    ctx = ctx.bind(n, Local(py, "value", vkind=ek))
        return clauses, ctx

    def v_Quant(self, e: ast.Quant, ctx: Ctx) -> str:
        ranges: list[tuple[str, str]] = []
        gens, inner = self._gens(e.bounds, ctx, e.pos, ranges=ranges)
        fn = "all" if e.kind == "forall" else "any"
        body = self.cond(e.body, inner, "\\A" if e.kind == "forall" else "\\E")
        if e.kind == "forall" and len(ranges) == 1 and self._unobserved():
            # one bound over one set: runtime.forall takes the set in any order first
            target, s = ranges[0]
            return f"_rt.forall({s}, lambda _xs: all({body} for {target}))"
        return f"{fn}({body} {' '.join(reversed(gens))})"

    def _unobserved(self) -> bool:
        """Does nothing in the model observe its evaluations (memo.OBSERVING), so that an
        expression may be evaluated again, or its elements taken in another order, unseen?"""
        if self._observing is None:
            self._observing = memo.observing(self.root)
        return not self._observing

    def observed(self) -> bool:
        """Does the model observe its evaluations (a Print, TLCGet, RandomElement...)? Then an
        evaluation TLC makes must be made here too, though its value is known."""
        return not self._unobserved()

    def v_Choose(self, e: ast.Choose, ctx: Ctx) -> str:
        if e.bound.set is None:
            # TLC fails only if it evaluates it (NoVal == CHOOSE v : v \\notin Val is common and
            # is usually overridden by the model or never evaluated).
            return "_rt.unbounded_choose()"
        s = self.val(e.bound.set, ctx)
        x = self.fresh("x")
        inner = ctx
        if e.bound.tuple_pattern:
            names = [self.fresh(n) for n in e.bound.names]
            for n, py in zip(e.bound.names, names, strict=True):
                inner = inner.bind(n, Local(py, "value"))
            body = self.cond(e.body, inner, "CHOOSE")
            return f"_rt.choose({s}, lambda {x}: (lambda {', '.join(names)}: {body})(*_rt.pattern({x}, {len(names)})))"
        inner = inner.bind(e.bound.names[0], Local(x, "value", vkind=self.elem_kind(e.bound.set, ctx)))
        # (CHOOSE x \\in S : TRUE, the first of S, needs no trial of a unique choice)
        how = "choose_unique" if self._unobserved() and not isinstance(e.body, ast.Bool) else "choose"
        return f"_rt.{how}({s}, lambda {x}: {self.cond(e.body, inner, 'CHOOSE')})"

    def v_SetEnum(self, e: ast.SetEnum, ctx: Ctx) -> str:
        if not e.items:
            return "_EMPTY"
        items = "".join(self.val(x, ctx) + ", " for x in e.items)
        one = len(e.items) == 1
        if self.elem_kind(e, ctx) == "mv" or one and self.static_kind(e.items[0], ctx) in _SORTED_KINDS:
            return f"frozenset(({items}))"
        if one:  # (it may hold a set TLC cannot sort: compare.singleton)
            return f"_cmp.singleton({items})"
        return f"_cmp.set_of(({items}))"

    def v_SetFilter(self, e: ast.SetFilter, ctx: Ctx) -> str:
        ranges: list[tuple[str, str]] = []
        whole: list[str] = []
        gens, inner = self._gens((e.bound,), ctx, e.pos, ranges=ranges, filtered=True, whole=whole)
        if e.bound.tuple_pattern:
            elem = whole[0]
        else:
            elem = inner.lookup(e.bound.names[0]).pyname  # type: ignore[union-attr]
        built = self._collected(ranges, gens, f"_built([{elem} {_FOR} if {self.cond(e.pred, inner, 'filter')}])")
        base = self.val(e.bound.set, ctx)  # type: ignore[arg-type]
        if SIMPLE.fullmatch(base) or base.startswith("(_K"):
            # {n \in Nat : n > 0} is a set TLC tests membership in without enumerating Nat;
            # {<<i, j>> \in Int \X Int : j > i} too, its members taken apart by the pattern.
            pred = self.cond(e.pred, inner, 'filter')
            if e.bound.tuple_pattern:
                names = ", ".join(inner.lookup(n).pyname for n in e.bound.names)  # type: ignore[union-attr]
                pred = f"(lambda {names}: {pred})(*_rt.tuple_of({elem}, {len(e.bound.names)}))"
            lazy = f"_rt.filter_set({base}, {self._bound_now(f'lambda {elem}: {pred}')}, {e.pred.pos.location()!r})"
            return f"({built} if isinstance({base}, frozenset) else {lazy})"
        return built

    def v_SetMap(self, e: ast.SetMap, ctx: Ctx) -> str:
        ranges: list[tuple[str, str]] = []
        gens, inner = self._gens(e.bounds, ctx, e.pos, ranges=ranges)
        return self._collected(ranges, gens, f"_cmp.set_map([{self.val(e.expr, inner)} {_FOR}])")

    def _collected(self, ranges: list[tuple[str, str]], gens: list[str], template: str) -> str:
        """A set built over its bound's elements (``template`` with _FOR where the for clauses
        go): over one set, in a model that observes nothing, runtime.collect takes the set in
        any order first; else TLC's."""
        if len(ranges) == 1 and len(gens) == 1 and self._unobserved():
            target, s = ranges[0]
            return f"_rt.collect({s}, lambda _xs: {template.replace(_FOR, f'for {target}', 1)})"
        return template.replace(_FOR, " ".join(gens), 1)

    def v_FuncLit(self, e: ast.FuncLit, ctx: Ctx) -> str:
        whole: list[str] = []
        gens, inner = self._gens(e.bounds, ctx, e.pos, whole=whole)
        names = [inner.lookup(n).pyname for b in e.bounds for n in b.names]  # type: ignore[union-attr]
        # one argument per bound name, and per tuple pattern the tuple it matched: the domain of
        # [<<y>> \\in S |-> e] is S, 1-tuples, not their components
        matched = iter(whole)
        parts = [next(matched) if b.tuple_pattern else inner.lookup(n).pyname  # type: ignore[union-attr]
                 for b in e.bounds for n in (b.names[:1] if b.tuple_pattern else b.names)]
        key = parts[0] if len(parts) == 1 else "(" + ", ".join(parts) + ",)"
        body = self.val(e.body, inner)
        built = f"_rt.fcn_built(lambda: _mkfcn({{{key}: {body} {' '.join(gens)}}}))"  # (runtime.in_function)
        # the domain's factors, one per argument, and where each bound name sits in an argument
        sets: list[str] = []
        where: list[tuple[int, int | None]] = []
        for b in e.bounds:
            if b.tuple_pattern:  # [<<k, l>> \in Int \X Int |-> e]: the names are the argument's components
                sets.append(self.val(b.set, ctx))  # type: ignore[arg-type]
                where += [(len(sets) - 1, j) for j in range(len(b.names))]
            else:
                for _ in b.names:
                    sets.append(self.val(b.set, ctx))  # type: ignore[arg-type]
                    where.append((len(sets) - 1, None))
        if where == [(0, None)]:
            dom, fn = sets[0], f"lambda {key}: {body}"
            bset = e.bounds[0].set
            bounds = None
            if isinstance(bset, ast.Apply) and _spanned(bset, dom) is not None:  # a literal a..b: its bounds
                bounds = (self.val(bset.args[0], ctx), self.val(bset.args[1], ctx))
            built = _kept_interval(built, dom, bounds, self._unobserved())
        else:
            one = len(sets) == 1
            picks = ", ".join(("_k" if one else f"_k[{i}]") + ("" if j is None else f"[{j}]") for i, j in where)
            dom = sets[0] if one else f"_rt.product(({', '.join(sets)},))"
            fn = f"lambda _k: (lambda {', '.join(names)}: {body})({picks})"
        out = built
        if all(SIMPLE.fullmatch(d) or d.startswith("(_K") for d in sets):
            # [n \\in Nat |-> e] and [i \\in Nat, s \\in STRING |-> e] are functions TLC
            # applies pointwise without enumerating their domain.
            built_here = " and ".join(f"isinstance({d}, frozenset)" for d in sets)
            out = f"({built} if {built_here} else _rt.lazy_fcn({dom}, {self._bound_now(fn)}, {self._form(e, ctx)!r}))"
        # made while the function of an application is evaluated: TLC keeps it lazy (runtime.KEEP)
        out = f"(_rt.kept_fcn({dom}, {self._bound_now(fn)}, {self._form(e, ctx)!r}) if _KEEP[0] else {out})"
        if self._in_recursive_fundef:
            # f[i \\in S] == [j \\in T |-> ... f[i][1] ...] needs f[i] lazily (runtime.DEFERRED).
            out = f"(_rt.deferred_fcn({dom}, {self._bound_now(fn)}) if _rt.DEFERRED[0] else {out})"
        return out

    @staticmethod
    def _form(e: ast.FuncLit, ctx: Ctx) -> tuple[tuple[tuple[str, int], ...], int, str]:
        """How TLC prints ``e`` unbuilt (runtime.RecFcn.form): per group of bound names its first
        name, or its tuple pattern, with the index of its domain among the domain's factors (one
        per name, a tuple pattern one), their count, and its body's place."""
        groups, at = [], 0
        for b in e.bounds:
            shown = f"<<{', '.join(map(display, b.names))}>>" if b.tuple_pattern else display(b.names[0])
            groups.append((shown, at))
            at += 1 if b.tuple_pattern else len(b.names)
        p = e.body.pos
        return tuple(groups), at, (f"line {p.line}, col {p.col} to line {p.end_line}, col {p.end_col} "
                                   f"of module {ctx.scope.module.name}")

    def v_FuncApp(self, e: ast.FuncApp, ctx: Ctx) -> str:
        f = self.val(e.func, ctx)
        if not SIMPLE.fullmatch(f) and self.constructs(e.func, ctx):
            f = f"_rt.keep_lazily(lambda: {f})"  # TLC keeps its constructors lazy (runtime.KEEP)
        made = self.made_as(e.func, ctx)  # for TLC's error where the argument is outside the domain

        def ap(x: str) -> str:
            return f"_ap({f}, {x}, {made!r})" if made else f"_ap({f}, {x})"

        if len(e.args) == 1:
            x = self.val(e.args[0], ctx)
            arg = e.args[0]
            if (nested := self._nested_tuple_app(e, f, x, ctx)) is not None:
                return nested
            if SIMPLE.fullmatch(f) and isinstance(arg, ast.Num) and arg.value >= 1:
                # t[1], e[2]: a tuple (a function over 1..n is one, values.make_fcn) indexed in
                # place; anything else, or an index past its end, is _ap's to apply or refuse.
                return f"({f}[{arg.value - 1}] if type({f}) is tuple and len({f}) >= {arg.value} else {ap(x)})"
            if SIMPLE.fullmatch(f) and SIMPLE.fullmatch(x):
                # Both sides are cheap to evaluate twice: index a Fcn (a dict) directly, where
                # the argument is a string or a model value (_ap confirms a key Python's
                # 1 == TRUE may have found, see runtime.ap).
                # An integer argument indexes a tuple in place (req[p] over Proc == 1..N).
                kind = self.static_kind(arg, ctx)
                if kind in ("mv", "str"):
                    return f"({f}[{x}] if type({f}) is _Fcn else {ap(x)})"
                in_tuple = f"{f}[{x} - 1] if type({f}) is tuple and 0 < {x} <= len({f}) else {ap(x)})"
                if kind == "int":
                    return f"({in_tuple}"
                return (f"({f}[{x}] if type({f}) is _Fcn and type({x}) in _KEYSAFE else "
                        f"({in_tuple} if type({x}) is int else {ap(x)})")
            return ap(x)
        return ap(f"({', '.join(self.val(a, ctx) for a in e.args)},)")

    def _nested_tuple_app(self, e: ast.FuncApp, f: str, x: str, ctx: Ctx) -> str | None:
        """g[a][b] (``e``, compiled as ``f``, its argument as ``x``) with g, a and b names or
        literals: both levels indexed in place when g and g[a] are tuples (functions over 1..n,
        network[q][p] over Proc == 1..N) and a and b integers within them; anything else takes
        the general path (``f``), so the value and the errors are those of applying twice. The
        names are evaluated again in the test, which costs less than the call to _ap."""
        inner = e.func
        if not (isinstance(inner, ast.FuncApp) and len(inner.args) == 1):
            return None
        g = self.val(inner.func, ctx)
        a = self.val(inner.args[0], ctx)
        if not (SIMPLE.fullmatch(g) and SIMPLE.fullmatch(a) and SIMPLE.fullmatch(x)):
            return None
        checks = [f"type({v}) is int" for v, arg in ((a, inner.args[0]), (x, e.args[0]))
                  if self.static_kind(arg, ctx) != "int"]
        row = f"{g}[{a} - 1]"
        checks += [f"type({g}) is tuple", f"0 < {a} <= len({g})", f"type({row}) is tuple",
                   f"0 < {x} <= len({row})"]
        return f"({row}[{x} - 1] if {' and '.join(checks)} else _ap({f}, {x}))"

    def v_FuncSet(self, e: ast.FuncSet, ctx: Ctx) -> str:
        return f"_rt.fcnset({self.val(e.domain, ctx)}, {self.val(e.range, ctx)})"

    def v_RecordLit(self, e: ast.RecordLit, ctx: Ctx) -> str:
        return "_Fcn({" + ", ".join(f"{k!r}: {self.val(v, ctx)}" for k, v in e.fields) + "}, True)"

    def v_RecordSet(self, e: ast.RecordSet, ctx: Ctx) -> str:
        return "_rt.recordset({" + ", ".join(f"{k!r}: {self.val(v, ctx)}" for k, v in e.fields) + "})"

    def v_Field(self, e: ast.Field, ctx: Ctx) -> str:
        return f"_field({self.val(e.record, ctx)}, {e.name!r})"

    def _except_keys(self, path: tuple[ast.ExceptStep, ...], ctx: Ctx) -> list[str]:
        keys = []
        for st in path:
            if st.field is not None:
                keys.append(repr(st.field))
            elif len(st.args) == 1:  # type: ignore[arg-type]
                keys.append(self.val(st.args[0], ctx))  # type: ignore[index]
            else:
                keys.append("(" + ", ".join(self.val(a, ctx) for a in st.args) + ",)")  # type: ignore[union-attr]
        return keys

    def v_Except(self, e: ast.Except, ctx: Ctx) -> str:
        out = self.val(e.func, ctx)
        if self.made_as(e.func, ctx) in (outside.LAMBDA, outside.LAMBDA_N):
            # a constructor TLC evaluates in place (FcnLambdaValue): it looks an argument up
            # key by key where a table of many keys is searched by halves (compare.search_keys)
            for path, value in e.updates:
                keys = self._except_keys(path, ctx)
                at = self.fresh("at")
                out = f"_except_path({out}, ({', '.join(keys)},), lambda {at}: " \
                      f"{self.val(value, replace(ctx, at=at))}, True)"
            return out
        if len(e.updates) > 1:  # one copy of each function on the paths (runtime.except_many)
            clauses = []
            for path, value in e.updates:
                keys = self._except_keys(path, ctx)
                tup = f"({''.join(k + ', ' for k in keys)})"
                at = self.fresh("at")
                clauses.append(tup if all(SIMPLE.fullmatch(k) for k in keys) else f"lambda: {tup}")
                clauses.append(f"lambda {at}: {self.val(value, replace(ctx, at=at))}")
            return f"_rt.except_many({out}, ({''.join(c + ', ' for c in clauses)}))"
        for path, value in e.updates:
            keys = self._except_keys(path, ctx)
            uses_at = _mentions_at(value)
            # TLC evaluates the new value only for a key in the domain: elsewhere the EXCEPT
            # leaves the function as it is, and an error in the value is never raised.
            cheap = SIMPLE.fullmatch(out) and len(keys) == 1 and SIMPLE.fullmatch(keys[0])
            if len(keys) == 1 and not uses_at and (isinstance(value, ast.Num | ast.Str | ast.Bool)
                                                   or SIMPLE.fullmatch(self.val(value, ctx))):
                out = f"_except1({out}, {keys[0]}, {self.val(value, ctx)})"
            elif cheap:
                # [f EXCEPT ![k] = @ + 1] with f and k cheap: read @ directly, no closure.
                f, k = out, keys[0]
                at_value = f"_ap({f}, {k})"
                new = self.val(value, replace(ctx, at=at_value))
                out = f"(_except1({f}, {k}, {new}) if ({k} in {f} if type({f}) is _Fcn else _rt.in_domain({f}, {k})) " \
                      f"else {f})"
            else:
                at = self.fresh("at")
                body = self.val(value, replace(ctx, at=at))
                out = f"_except_path({out}, ({', '.join(keys)},), lambda {at}: {body})"
        return out

    def v_Tuple(self, e: ast.Tuple, ctx: Ctx) -> str:
        return "(" + "".join(self.val(x, ctx) + ", " for x in e.items) + ")"

    def v_Prime(self, e: ast.Prime, ctx: Ctx) -> str:
        if self.level(e.expr, ctx) >= LEVEL_ACTION:
            raise SemanticError("Level error in applying operator ': the level of its argument exceeds the "
                                "maximum level allowed (a primed expression primed again).", e.pos)
        if ctx.nxt is None:
            if isinstance(e.expr, ast.Name) and e.expr.name in ctx.scope.variables and ctx.lookup(e.expr.name) is None:
                # TLC looks x' up as a name of its own (n' = 0 in Init: apalache's Slicer5)
                raise EvalError(f"In evaluation, the identifier {e.expr.name} is either undefined or not an "
                                "operator.", e.pos)
            raise EvalError("In evaluation, a primed expression appears where no next state exists.", e.pos)
        return self.val(e.expr, replace(ctx, cur=ctx.nxt, nxt=None, primed=True))

    def v_Unchanged(self, e: ast.Unchanged, ctx: Ctx) -> str:
        """UNCHANGED e is e' = e, with TLC's comparability errors (x' = 1 against x = TRUE)."""
        primed = ast.Prime(e.pos, e.expr)
        return self._eq_code(primed, e.expr, self.v_Prime(primed, ctx), self.val(e.expr, ctx), ctx)

    def v_StepAction(self, e: ast.StepAction, ctx: Ctx) -> str:
        """[A]_v and <<A>>_v evaluated as TLC's Tool.eval: A first, which must be a Boolean."""
        same = self.v_Unchanged(ast.Unchanged(e.pos, e.sub), ctx)
        act = self.cond(e.action, ctx, "<A>_e" if e.angle else "[A]_e")
        return f"({act} and not {same})" if e.angle else f"({act} or {same})"

    def v_Enabled(self, e: ast.Enabled, ctx: Ctx) -> str:
        cur = ctx.cur.whole(self.nvars)
        if cur is None:
            raise SemanticError("ENABLED where the current state is not determined", e.pos)
        fname = self.fresh("enabled")
        params = _python_locals(ctx)
        code = Code()
        code.emit(f"def {fname}(s{''.join(', ' + p for p in params)}):")
        code.depth += 1
        code.emit(self.unpack_line())
        outside = ctx.enabled_outside | {id(scope) for scope in ctx.scope.substituting()}
        inner = Ctx(ctx.scope, ctx.locals, cur=StateRef("s", unpacked=self.nvars > 0), nxt=StateRef(None, ()),
                    enabled_outside=outside)
        self.gen(code, e.expr, inner, lambda c, _ctx: c.emit("return True"), None)
        code.emit("return False")
        self._extra_code.append(code.text())
        return f"{fname}({cur}{''.join(', ' + p for p in params)})"

    def v_Let(self, e: ast.Let, ctx: Ctx) -> str:
        if len(e.defs) > 1:
            return self.val(split_let(e), ctx)
        inner, name, value = self._let_binding(e.defs[0], ctx, body=e.body)
        return f"(lambda {name}: {self.val(e.body, inner)})({value})"

    def _let_binding(self, d: ast.Definition, ctx: Ctx, shared: bool = False,
                     body: ast.Expr | None = None) -> tuple[Ctx, str, str]:
        """One LET definition as a Python callable (LET definitions are evaluated lazily). A
        definition without parameters is evaluated at most once, as TLC's LazyValue: its thunk
        remembers the value, unless it is ``shared`` by the later branches of an action (a
        statement before the enumeration) and reads primed variables that differ between them.
        One that the LET's ``body`` evaluates before anything else (strictness.evaluated_first)
        is simply computed, its Local ``eager``: a thunk and a call per use cost LamportMutex's
        next-state relation a fifth of its time (``LET m == Head(network[q][p]) IN m.type = ...``)."""
        py = self.fresh(d.name if not isinstance(d, ast.InstanceDef) else "inst")
        constructs = isinstance(d, ast.OpDef) and self.constructs(d.body, ctx)
        if isinstance(d, ast.OpDef) and not d.params and not d.recursive and body is not None and not constructs:
            # (one that may make a function constructor is evaluated at its first use, which may
            # keep the constructor lazy: runtime.KEEP)
            level = self.level(d.body, ctx)
            if level < LEVEL_ACTION and evaluated_first(body, d.name, lambda op: self._builtin_op(op, ctx)):
                redo = (d, ctx) if level == LEVEL_STATE else None
                local = Local(py, "thunk", level=level, redo=redo, eager=True, made=self.made_as(d.body, ctx))
                return ctx.bind(d.name, local), py, self.val(d.body, ctx)
        if isinstance(d, ast.OpDef):
            kind = "thunk" if not d.params else "op"
            # TLC passes arguments unevaluated: those the body may not read are passed as thunks
            strict = self.strictness(d, ctx.scope, ctx)
            kept = self._let_kept(d, ctx, body)
            lazy = tuple(i for i, p in enumerate(d.params) if not p.arity and (not strict[i] or i in kept)
                         and self.mentions(d.body, {p.name}, ctx.scope))
            pctx = ctx.bind(d.name, Local(py, kind, len(d.params), lazy=lazy)) if d.recursive else ctx
            pnames = []
            for i, p in enumerate(d.params):
                pp = self.fresh(p.name)
                pnames.append(pp)
                pkind = "op" if p.arity else "thunk" if i in lazy else "value"
                pctx = pctx.bind(p.name, Local(pp, pkind, p.arity, constructs=i in kept))
            value = f"lambda {', '.join(pnames)}: {self.val(d.body, pctx)}"
            if d.recursive:
                # LET RECURSIVE F(n) == ... F(n - 1) ...: the body calls itself through its name.
                value = f"_rt.fix(lambda {py}: {value})"
            elif not d.params and (not shared or self.level(d.body, ctx) < LEVEL_ACTION):
                value = f"_rt.Once({value})"
            unused = tuple(i for i, p in enumerate(d.params) if not p.arity and not self.mentions(d.body, {p.name}, ctx.scope))
            level = self.level(d.body, pctx)
            params = frozenset(p.name for p in d.params if not p.arity)
            redo = (d, ctx) if not d.recursive and (level == LEVEL_STATE or bool(d.params)
                                                    and self.by_name.reads(d.body, ctx.scope, params)) else None
            made = self.made_as(d.body, ctx) if not d.params else ""
            return ctx.bind(d.name, Local(py, kind, len(d.params), unused=unused, level=level, lazy=lazy,
                                          redo=redo, made=made, constructs=constructs,
                                          opdef=(d, ctx) if d.params else None)), py, value
        if isinstance(d, ast.FunDef):
            value = f"lambda: {self._fundef_value(d, ctx, py)}"
            return ctx.bind(d.name, Local(py, "thunk", level=self.let_def_level(d, ctx), fundef=(d, ctx, None),
                                          made=constructor_made(d.bounds))), py, value
        raise SemanticError("INSTANCE inside LET is not supported", d.pos)

    def _let_kept(self, d: ast.OpDef, ctx: Ctx, body: ast.Expr | None) -> frozenset[int]:
        """The parameters of the LET operator ``d`` to which a call in ``body`` (the rest of
        the LET) passes an argument that may make a function constructor: passed as thunks and
        read as constructing names (see _kept)."""
        out: set[int] = set()
        for node in ast.nodes(body) if body is not None and d.params else ():
            if isinstance(node, ast.Apply) and node.op == d.name and len(node.args) == len(d.params):
                out.update(i for i, a in enumerate(node.args)
                           if not d.params[i].arity and i not in out and self.constructs(a, ctx))
        return frozenset(out)

    def v_Lambda(self, e: ast.Lambda, ctx: Ctx) -> str:
        names = [self.fresh(p) for p in e.params]
        inner = ctx
        for p, py in zip(e.params, names, strict=True):
            inner = inner.bind(p, Local(py, "value"))
        return f"(lambda {', '.join(names)}: {self.val(e.body, inner)})"

    def v_Temporal(self, e: ast.Temporal, ctx: Ctx) -> str:
        """A temporal formula evaluated as a value (NEXT == [][A]_v, Init == P /\\ <>Q): TLC's
        Tool fails when, and only if, it gets there (SANY's level rules, checked before, refuse
        such a formula wherever they apply)."""
        return self._encountered(_TEMPORAL_FORMS.get(e.op, e.op), e.pos)

    def v_Fairness(self, e: ast.Fairness, ctx: Ctx) -> str:
        return self._encountered(e.kind, e.pos)

    def _encountered(self, form: str, pos: ast.Pos) -> str:
        message = f"TLC encountered a temporal formula ({form}) when evaluating a predicate or action."
        return f"_rt_fail({message!r}, {self.pos_index(pos)})"


_INLINE_MAX_NODES = 40


def _size(e: Any) -> int:
    """Number of AST nodes (a rough measure of how much code inlining copies)."""
    if isinstance(e, tuple):
        return sum(_size(x) for x in e)
    if hasattr(e, "__dataclass_fields__"):
        return 1 + sum(_size(getattr(e, f)) for f in e.__dataclass_fields__ if f != "pos")
    return 0


def _kept_interval(built: str, dom: str, bounds: tuple[str, str] | None, unobserved: bool) -> str:
    """The code of a function built over one set, ``dom``, made to keep that set as its domain
    when it is an interval (runtime.over_interval), where the set's code can be evaluated again:
    a name, a constant hoisted out of the expression, or a literal a..b whose ``bounds`` are
    evaluated again (only where no evaluation is observed, unless both are names or numbers: a
    Print in them prints once, as in TLC)."""
    if SIMPLE.fullmatch(dom) or dom.startswith("(_K"):
        return f"_rt.over_interval({built}, {dom})"
    if bounds is not None and (unobserved or all(SIMPLE.fullmatch(b) for b in bounds)):
        return f"_rt.over_interval({built}, None, {bounds[0]}, {bounds[1]})"
    return built


def _spanned(e: ast.Expr, code: str) -> str | None:
    """The code to range over ``e``, a literal a..b compiled to ``code``, as a Python range
    (compare.span): ascending, as TLC's IntervalValue enumerates it, and neither built as a set
    nor sorted into TLC's order at each evaluation (``\\A j \\in 0..i-1``, ``\\E k \\in 1..Len(s)``:
    TokenRing's UniqueToken). None for any other set (or a user's own ..)."""
    head = "_cmp.interval("
    if isinstance(e, ast.Apply) and e.op == "dots_2" and code.startswith(head):
        return "_cmp.span(" + code[len(head):]
    return None


def undefined_identifier(name: str, pos: ast.Pos) -> str:
    """TLC's error for a variable read where there is no state, or no value yet, to read it
    from (TLC_CONFIG_UNDEFINED_OR_NO_OPERATOR: the name, then where it is read)."""
    return f"In evaluation, the identifier {name} is either undefined or not an operator. {pos.location()}"


def mentions_any(e: Any, names: set[str]) -> bool:
    """Does e mention any of names (free or not: a cheap, safe over-approximation)?"""
    return not names.isdisjoint(ast.names_in(e))


def split_let(e: ast.Let) -> ast.Let:
    """LET a == .. b == .. IN e as LET a == .. IN LET b == .. IN e: one binding at a time."""
    return ast.Let(e.pos, e.defs[:1], ast.Let(e.pos, e.defs[1:], e.body))


def _mentions_at(e: Any) -> bool:
    if isinstance(e, ast.At):
        return True
    if isinstance(e, ast.Except):
        return _mentions_at(e.func)  # @ inside a nested EXCEPT refers to that EXCEPT
    if isinstance(e, tuple):
        return any(_mentions_at(x) for x in e)
    if hasattr(e, "__dataclass_fields__"):
        return any(_mentions_at(getattr(e, f)) for f in e.__dataclass_fields__ if f != "pos")
    return False


def _python_locals(ctx: Ctx) -> list[str]:
    """The Python names the code compiled in ``ctx`` may read: the parameters of the hoisted
    instances its scope lies in, its locals', and for a parameter passed by name (an alias),
    those of the context its argument is compiled in."""
    out = dict.fromkeys(thread_name(sc, n) for sc, n in threaded(ctx.scope))
    for _, loc in ctx.locals:
        if loc.kind == "alias":
            out.update(dict.fromkeys(_python_locals(loc.alias[1])))  # type: ignore[index]
        else:
            out[loc.pyname] = None
    return list(out)
