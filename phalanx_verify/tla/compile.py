"""Compile the TLA+ AST into Python source, the project's one executable TLA+ semantics.

``Compiler`` is composed of one part per concept, each in its own module (see compilerbase.py):

- bindings.py: what a name means (the compile-time context ``Ctx``, definitions in scopes);
- levels.py: constant/state/action/temporal level of expressions and definitions;
- kinds.py: what is statically known of a value (Boolean, int, model value...);
- expressions.py: expressions and operator definitions as Python expressions and functions;
- actions.py: actions and initial predicates as generators of successor and initial states.

This module puts them together: the namespace compiled code runs in (run-time helpers, the
model's constants), the compilation of generated source into it, and the entry points for state
and action functions (the generators' are actions.py's).
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from . import bags, json_module, setbound
from . import compare as cmp
from . import runtime as rt
from . import syntax as ast
from .actions import ActionLabel, Actions
from .bindings import Ctx, Local, StateRef, thread_key, thread_name, threaded
from .compare import subset_of
from .compilerbase import Code, wrapped_def
from .errors import EvalError, IllegalStateError, IncompleteSuccessor, SemanticError, StackOverflow, TLAError
from .expressions import NOT_YET, undefined_identifier
from .kinds import value_kind
from .levels import LEVEL_ACTION, LEVEL_CONSTANT, LEVEL_STATE, LEVEL_TEMPORAL
from .modules import Scope
from .values import INT, NAT, STRING, UNDETERMINED, Fcn, ModelValue, TypedModelValue, format_value, make_fcn

# The compiler and what its callers name with it (defined in bindings.py, levels.py, actions.py).
__all__ = ["Compiler", "Ctx", "Local", "ActionLabel", "LEVEL_CONSTANT", "LEVEL_STATE", "LEVEL_ACTION",
           "LEVEL_TEMPORAL"]


class Compiler(Actions):
    """Compiles expressions of one model (a root scope plus constant values) into Python."""

    def __init__(self, root: Scope, constants: dict[str, Any], substitutions: dict[str, str]) -> None:
        self.root = root
        self.variables = list(root.variables)
        self.nvars = len(self.variables)
        self._names = itertools.count()
        self.ns = {
            "_rt": rt, "_KEEP": rt.KEEP, "_cmp": cmp, "_bags": bags, "_json": json_module, "_EXACT": cmp.EXACT, "_MV": ModelValue, "_eq": cmp.eq, "_member": cmp.member, "_truth": cmp.truth,
            "_EvalError": EvalError, "_Incomplete": IncompleteSuccessor, "_IllegalState": IllegalStateError, "_TLAError": TLAError, "_Fcn": Fcn,
            "_KEYSAFE": frozenset({str, ModelValue, TypedModelValue}),
            "_mkfcn": make_fcn, "_built": setbound.built, "_NAT": NAT, "_INT": INT, "_STRING": STRING,
            "_BOOLEAN": cmp.BOOLEAN, "_EMPTY": frozenset(), "_ModelValue": ModelValue,
            "_NA": NOT_YET, "_UNDET": UNDETERMINED, "_subset_of": subset_of,
        }
        for helper in ("ap", "except1", "except_path", "iterate", "subseteq", "field", "witness",
                       "card", "members"):
            self.ns["_" + helper] = getattr(rt, helper)
        self._funcs = {}
        self._args_memo = {}
        self._strict = {}
        self._pending = []
        self._levels = {}
        self._call_levels = {}
        self.labels = []
        self.label_guarded = {}
        self.label_split = set()
        self._emitted_labels = set()
        self._label_index = {}
        self._leaf_index = {}
        self._positions = []
        self.ns["_POS"] = self._positions
        self.conjuncts = []
        self._conjunct_slots = {}
        self._recursions = {}
        self._covering = False
        self.conjunct_counts = []
        self.ns["_cov"] = self.conjunct_counts
        self.substitutions = substitutions
        self._pseudo = []
        self._subst_names = {}
        self._hoisted = {}
        self._bool_defs = {}
        self._constructs_defs = {}
        self._branching_defs = {}
        self._inline_depth = 0
        self._in_recursive_fundef = 0  # compiling the body of f[x \\in S] == ... f[...] ...
        for name, value in constants.items():
            self.ns[f"C_{name}"] = value
        self._check_instance_levels(root)
        self._check_temporal_levels(root)
        self._check_recursive_parameters(root)

    # -- entry points -------------------------------------------------------------------
    def _flush(self, main: str) -> None:
        code = Code()
        while self._pending:
            info = self._pending.pop()
            self._emit_func(code, info)
        src = "".join(self._extra_code) + code.text() + main
        self._extra_code = []
        self.source_parts.append(src)
        try:
            with warnings.catch_warnings():  # "'int' object is not subscriptable" for 1[2]: TLC's error comes at run time
                warnings.simplefilter("ignore", SyntaxWarning)
                code_obj = compile(src, "<tla-compiled>", "exec")
            exec(code_obj, self.ns)
        except (SyntaxError, RecursionError, MemoryError) as exc:
            # CPython's limits on nesting (200 parentheses, its parser's stack, its compiler's
            # recursion): TLA+ nested that deeply (IF a THEN IF ...) is refused with one line,
            # which the loader places where the spec nests deepest. Any other SyntaxError is a
            # compiler bug, named as one.
            if isinstance(exc, SyntaxError) and "nested" not in str(exc.msg) and "too complex" not in str(exc.msg):
                raise SemanticError(f"internal compiler error: {exc}") from None
            raise SemanticError("expression nested too deeply to compile (deeper than the Python "
                                "interpreter's limits; TLC's stack holds more)") from None

    def _start(self) -> None:
        if not hasattr(self, "source_parts"):
            self.source_parts = []
            self.ns["_rt_at"] = _attach_pos_factory(self._positions)
            self.ns["_rt_wrap"] = _wrap_factory(self._positions)
            self.ns["_rt_unbound"] = _unbound_factory(self._positions)
            self.ns["_rt_fail"] = _fail_factory(self._positions)
            self.ns["_labels"] = self.labels  # the actions TLC splits the next-state relation into, once all are known
            self.ns["_rt_recfcn"] = _recfcn
        self._extra_code = []

    def _bind_params_ns(self, ctx: Ctx, params: dict[str, Any] | None) -> Ctx:
        """Bind names to fixed values (e.g. j in an instance of \\A j \\in Job : WF(A(j)))."""
        for pname, value in (params or {}).items():
            if pname.startswith("%"):  # a hoisted instance's parameter: see _thread_params
                continue
            py = self.fresh(pname)
            self.ns[py] = value
            ctx = ctx.bind(pname, Local(py, "value", vkind=value_kind(value)))
        return ctx

    def _thread_params(self, scope: Scope | None, params: dict[str, Any] | None) -> str:
        """The parameters of the hoisted instances ``scope`` lies in (bindings.threaded), as
        default arguments of an entry point compiled in it, their values taken from
        ``params`` (under bindings.thread_key): each entry point has its own, where the checker
        expands \\A s \\in S : P(s)!Spec into one formula per element."""
        out = ""
        for sc, n in threaded(scope or self.root):
            key = thread_key(sc, n)
            if key not in (params or {}):
                assert sc.parent is not None  # a hoisted instance
                pos = next((d.pos for d, s in sc.parent.instances.values() if s is sc), None)
                raise SemanticError(f"unsupported construct: a definition of the instance "
                                    f"{sc.prefix[:-1].split('!')[-1].split('%')[0]}(...) whose argument mentions {n}, "
                                    f"read where {n} has no value (a temporal formula)", pos)
            py = self.fresh(n)
            self.ns[py] = params[key]  # type: ignore[index]  # checked above
            out += f", {thread_name(sc, n)}={py}"
        return out

    def state_function(self, e: ast.Expr, scope: Scope | None = None,
                       params: dict[str, Any] | None = None, boolean: str | None = None,
                       stateless: bool = False, unprimed: bool = False) -> Callable[[tuple], Any]:
        """f(s): the value of a state-level expression; with ``boolean`` (what it is, as TLC's
        messages say), a value that is not a Boolean is an error (a CONSTRAINT that is {}).
        ``stateless``: e is evaluated where no state exists (an ASSUME), a variable read fails.
        ``unprimed``: e may mention x' though it has no next state (a CONSTRAINT, VIEW or
        POSTCONDITION, whose level TLC does not check): reading x' fails where it is evaluated."""
        self._start()
        ctx = self._bind_params_ns(Ctx(scope or self.root, nxt=StateRef(None, absent=True) if unprimed else None),
                                   params)
        unpack = self.nvars > 0 and not stateless and self.level(e, ctx) >= LEVEL_STATE
        inner = replace(ctx, cur=StateRef(None, absent=True) if stateless else StateRef("s", unpacked=unpack))
        body = self.cond(e, inner, boolean) if boolean else self.val(e, inner)
        name = self.fresh("state_fn")
        pidx = self.pos_index(e.pos)
        self._flush(wrapped_def(name, "s" + self._thread_params(scope, params), body, pidx,
                                self.unpack_line() if unpack else None))
        return self.ns[name]

    def action_function(self, e: ast.Expr, scope: Scope | None = None,
                        params: dict[str, Any] | None = None, boolean: str | None = None) \
            -> Callable[[tuple, tuple], Any]:
        """f(s, t): the value of an action-level expression on a step (``boolean``: see
        state_function)."""
        self._start()
        ctx = self._bind_params_ns(Ctx(scope or self.root, nxt=StateRef("t")), params)
        body = self.cond(e, ctx, boolean) if boolean else self.val(e, ctx)
        name = self.fresh("action_fn")
        pidx = self.pos_index(e.pos)
        self._flush(wrapped_def(name, "s, t" + self._thread_params(scope, params), body, pidx))
        return self.ns[name]

def _attach_pos_factory(positions: list[ast.Pos]) -> Callable[[TLAError, int], TLAError]:
    def attach(err: TLAError, idx: int) -> TLAError:
        if err.pos is None:
            err.pos = positions[idx]
        return err
    return attach


def _wrap_factory(positions: list[ast.Pos]) -> Callable[[Exception, int], EvalError]:
    def wrap(err: Exception, idx: int) -> EvalError:
        if isinstance(err, RecursionError):
            return StackOverflow(StackOverflow.MESSAGE, positions[idx])
        if isinstance(err, KeyError):
            # Compiled code indexes functions directly (see v_FuncApp).
            return EvalError(f"function applied to {format_value(err.args[0])}, which is outside its "
                             "domain", positions[idx])
        return EvalError(f"cannot evaluate: {type(err).__name__}: {err}", positions[idx])
    return wrap


def _unbound_factory(positions: list[ast.Pos]) -> Callable[[str, int], Any]:
    def unbound(name: str, idx: int) -> Any:
        raise EvalError(undefined_identifier(name.rstrip("'"), positions[idx]), positions[idx])  # TLC names it unprimed
    return unbound


def _fail_factory(positions: list[ast.Pos]) -> Callable[[str, int], Any]:
    def fail(message: str, idx: int) -> Any:
        raise EvalError(message, positions[idx])
    return fail


def _recfcn(name: str, domain: Any, body: Callable[[Any, Any], Any],
            form: tuple[tuple[tuple[str, int], ...], int, str] | None = None) -> rt.RecFcn:
    f = rt.RecFcn(name, domain, None, form=form)  # type: ignore[arg-type]
    f.body = lambda x: body(f, x)
    return f
