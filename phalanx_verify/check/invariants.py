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
    if isinstance(e, ast.And):
        return [c for x in e.items for c in conjuncts(model, x, ctx, depth)]
    if isinstance(e, ast.Name) and depth < 8 and ctx.lookup(e.name) is None \
            and e.name not in ctx.scope.variables:
        target = model.compiler.resolve_def(e.name, ctx.scope)
        if target is not None and isinstance(target[0], ast.OpDef) and not target[0].params \
                and not target[0].recursive:
            return conjuncts(model, target[0].body, Ctx(target[1]), depth + 1)
    return [(e, ctx)]


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
        self._conjuncts: list[tuple[int, Callable[[tuple], Any]]] = []  # (check index, function)
        k = 0
        for check_index, (verdict, name, part) in enumerate(model.state_checks):
            self.names.append((verdict, name))
            for expr, ctx in conjuncts(model, part.expr, part_ctx(part)):
                fn = model.compiler.state_function(expr, ctx.scope, part.env)
                self._conjuncts.append((check_index, fn))
                reads = analysis.of(expr, ctx)
                lines += _conjunct_code(k, check_index, reads)
                ns[f"_f{k}"], ns[f"_m{k}"], ns[f"_p{k}"] = fn, {}, expr.pos
                k += 1
        lines.append("    return -1")
        exec(compile("\n".join(lines) + "\n", "<state-checks>", "exec"), ns)
        self._run: Callable[[tuple, tuple | None], int] = ns["state_checks"]

    def __call__(self, t: tuple, parent: tuple | None = None) -> tuple[Verdict, str] | None:
        failed = self._run(t, parent)
        return None if failed < 0 else self.names[failed]

    def error_line(self, err: TLAError, t: tuple) -> str:
        """The one-line message of ``err``, raised checking ``t``, led as TLC's by what failed
        ("Evaluating invariant Inv failed."): the first check whose evaluation on t fails
        (the generated loop tries them in this order; found again only now, on the error)."""
        for check_index, fn in self._conjuncts:
            try:
                if fn(t) is True:
                    continue
            except TLAError:
                pass
            verdict, name = self.names[check_index]
            what = "invariant" if verdict is Verdict.INVARIANT else "property"
            return f"Evaluating {what} {name} failed. {err.line()}"
        return err.line()


def _failed(check_index: int, value: Any, pos: ast.Pos) -> int:
    """A conjunct did not give TRUE: the check failed when it gave FALSE; any other value is an
    evaluation error, as in TLC (an invariant must be a Boolean)."""
    if value is False:
        return check_index
    raise EvalError(f"TLC expected a boolean value, but did not find one: {format_value(value)}", pos)


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

