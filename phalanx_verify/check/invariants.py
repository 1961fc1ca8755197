"""Checking invariants on every new state, incrementally.

An invariant is split into its conjuncts (through /\\ and parameterless definitions such as
TypeOK), and each conjunct is a function of the few variables it reads (tla/reads.py). Two
facts then save almost all evaluation, without changing any verdict:

- a successor that shares those variables with its predecessor (the same interned objects)
  has the conjunct's value the predecessor had, and every explored state satisfied every
  conjunct, or the search would have stopped there;
- a conjunct that held on one combination of those objects holds on it again, so the
  combinations seen are remembered (by identity; the memo keeps the objects alive).

Conjuncts are still tried in their order, the first false one naming its invariant, so the
reported violation is the one TLC reports. A conjunct whose reads cannot be bounded is simply
evaluated every time. The loop over conjuncts is generated as one Python function per model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..tla import syntax as ast
from ..tla.compare import kind_string
from ..tla.compile import Ctx
from ..tla.errors import EvalError, TLAError
from ..tla.reads import ReadsAnalysis
from ..tla.values import format_value
from .model import Model, part_ctx
from .report import Verdict

# Remembered combinations per conjunct; past this the memo starts over (a variable with very
# many values gains nothing from it, and the memo must not hold the state space twice).
MEMO_LIMIT = 1 << 16


def conjuncts(model: Model, e: ast.Expr, ctx: Ctx, depth: int = 0) -> list[tuple[ast.Expr, Ctx]]:
    """e's conjuncts, looking through /\\ and through names of parameterless, non-recursive
    operators (TypeOK == /\\ ... /\\ ...), each with the context it is evaluated in. Unlike the
    compiler's ``_conjuncts`` it does not enter operators with arguments: that binds parameters
    to Python text of one generated function, and each conjunct here is compiled on its own."""
    return [(x, c) for x, c, _ in _conjuncts(model, e, ctx, NOT_BOOLEAN, depth)]


NOT_BOOLEAN = "TLC expected a boolean value, but did not find one. "
"""TLC's message for an invariant whose value is no Boolean (EC.TLC_EXPECTED_VALUE), followed by
the invariant's expression as SANY prints a node: a number as written, any other expression
by its location (``line 6, col 8 to line 6, col 12 of module M``)."""
# TLC's messages for a conjunct that is no Boolean, by where it stands (Tool.eval's OPCODE_land
# for P /\ Q written infix, left-associative; OPCODE_cl for a bulleted list), without the
# expression TLC adds on a line of its own
_AS_P = "Attempted to evaluate an expression of form P /\\ Q when P was {kind}."
_AS_Q = "Attempted to evaluate an expression of form P /\\ Q when Q was {kind}."
_AS_ITEM = "A non-boolean expression ({kind}) was used as a formula in a conjunction."


def _conjuncts(model: Model, e: ast.Expr, ctx: Ctx, message: str,
               depth: int = 0) -> list[tuple[ast.Expr, Ctx, str]]:
    """conjuncts, each with TLC's message where its value is no Boolean (``message``: that of
    ``e`` itself)."""
    if isinstance(e, ast.And):
        return [c for i, x in enumerate(e.items)
                for c in _conjuncts(model, x, ctx, _AS_ITEM if e.bullets else _AS_Q if i else _AS_P, depth)]
    if isinstance(e, ast.Name) and depth < 8 and ctx.lookup(e.name) is None \
            and e.name not in ctx.scope.variables:
        target = model.compiler.resolve_def(e.name, ctx.scope)
        if target is not None and isinstance(target[0], ast.OpDef) and not target[0].params \
                and not target[0].recursive:
            return _conjuncts(model, target[0].body, Ctx(target[1]), message, depth + 1)
    if message is NOT_BOOLEAN:
        message += str(e.value) if isinstance(e, ast.Num) else e.pos.location().replace("{", "{{").replace("}", "}}")
    return [(e, ctx, message)]


class StateChecks:
    """``checks(t, parent)``: None when t passes every invariant and []P property, else
    (verdict, name) of the first that fails. ``parent`` is t's predecessor in the search (a
    state that passed), or None for an initial state."""

    def __init__(self, model: Model) -> None:
        analysis = ReadsAnalysis(model.compiler)
        self.names: list[tuple[Verdict, str]] = []
        ns: dict[str, Any] = {"_LIMIT": MEMO_LIMIT, "_failed": _failed}
        nvars = len(model.variables)
        lines = ["def state_checks(t, p):",
                 "    " + "".join(f"t{i}, " for i in range(nvars)) + "= t" if nvars else "    pass",
                 "    if p is None: p = _FRESH",
                 "    " + "".join(f"p{i}, " for i in range(nvars)) + "= p" if nvars else "    pass"]
        ns["_FRESH"] = tuple(object() for _ in range(nvars))  # identical to nothing
        # (check index, function, (position, TLC's message where its value is no Boolean))
        self._conjuncts: list[tuple[int, Callable[[tuple], Any], tuple[ast.Pos, str]]] = []
        k = 0
        for check_index, (verdict, name, part) in enumerate(model.state_checks):
            self.names.append((verdict, name))
            for expr, ctx, message in _conjuncts(model, part.expr, part_ctx(part), NOT_BOOLEAN):
                fn = model.compiler.state_function(expr, ctx.scope, part.env)
                self._conjuncts.append((check_index, fn, (expr.pos, message)))
                reads = analysis.of(expr, ctx)
                lines += _conjunct_code(k, check_index, reads)
                ns[f"_f{k}"], ns[f"_m{k}"], ns[f"_p{k}"] = fn, {}, (expr.pos, message)
                k += 1
        lines.append("    return -1")
        exec(compile("\n".join(lines) + "\n", "<state-checks>", "exec"), ns)
        self._run: Callable[[tuple, tuple | None], int] = ns["state_checks"]

    def __call__(self, t: tuple, parent: tuple | None = None) -> tuple[Verdict, str] | None:
        failed = self._run(t, parent)
        return None if failed < 0 else self.names[failed]

    def failures(self, t: tuple) -> list[tuple[Verdict, str]]:
        """Every check ``t`` fails, in order, each decided by its first conjunct that is not
        TRUE (an evaluation error raised as in ``__call__``): TLC's -continue reports each
        invariant an initial state violates (DoInitFunctor), where the search stops at the
        first."""
        failed: list[tuple[Verdict, str]] = []
        last = -1  # the last check that failed: its other conjuncts are not evaluated
        for check_index, fn, where in self._conjuncts:
            if check_index != last:
                value = fn(t)
                if value is not True:
                    last = _failed(check_index, value, where)
                    failed.append(self.names[last])
        return failed

    def error_line(self, err: TLAError, t: tuple) -> str:
        """The one-line message of ``err``, raised checking ``t``, led as TLC's by what failed
        ("Evaluating invariant Inv failed."): the first check whose evaluation on t fails
        (the generated loop tries them in this order; found again only now, on the error)."""
        for check_index, fn, _ in self._conjuncts:
            try:
                if fn(t) is True:
                    continue
            except TLAError:
                pass
            verdict, name = self.names[check_index]
            what = "invariant" if verdict is Verdict.INVARIANT else "property"
            return f"Evaluating {what} {name} failed. {err.line()}"
        return err.line()


def _failed(check_index: int, value: Any, where: tuple[ast.Pos, str]) -> int:
    """A conjunct did not give TRUE: the check failed when it gave FALSE; any other value is an
    evaluation error, as in TLC (an invariant must be a Boolean), ``where``: the conjunct's
    position and TLC's message for it."""
    if value is False:
        return check_index
    pos, message = where
    raise EvalError(message.format(kind=kind_string(value), value=format_value(value)), pos)


def _conjunct_code(k: int, check_index: int, reads: frozenset[int] | None) -> list[str]:
    """Lines testing conjunct k (part of check ``check_index``) inside state_checks(t, p)."""
    if reads is None:
        return [f"    if (v := _f{k}(t)) is not True: return _failed({check_index}, v, _p{k})"]
    idx = sorted(reads)
    if not idx:  # a constant conjunct: evaluated once
        return [f"    if not _m{k}:",
                f"        if (v := _f{k}(t)) is not True: return _failed({check_index}, v, _p{k})",
                f"        _m{k}[0] = True"]
    same = " and ".join(f"t{i} is p{i}" for i in idx)
    key = f"id(t{idx[0]})" if len(idx) == 1 else "(" + "".join(f"id(t{i}), " for i in idx) + ")"
    keep = f"t{idx[0]}" if len(idx) == 1 else "(" + "".join(f"t{i}, " for i in idx) + ")"
    return [f"    if not ({same}):",
            f"        k = {key}",
            f"        if k not in _m{k}:",
            f"            if (v := _f{k}(t)) is not True: return _failed({check_index}, v, _p{k})",
            f"            if len(_m{k}) >= _LIMIT: _m{k}.clear()",
            f"            _m{k}[k] = {keep}"]

