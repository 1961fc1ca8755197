"""Subexpression selectors ``Op(a)!2!<<``, ``Q!(1, 2)!>>``, ``V!@`` as SANY resolves them.

SANY (tla2sany/semantic/Generator.selectorToNode) walks the semantic tree of Op's body: ``!n``
names the n-th operand, ``!<<`` the first, ``!>>`` the second of two, ``!(args)`` and ``!@``
step into the body of a construct that binds names (a quantifier, CHOOSE, a set or function
constructor, a LAMBDA) with those names as new parameters, and a LET's operand is its body with
its definitions in scope. TLC evaluates the selected subexpression with Op's parameters (and
those bound names) given the arguments written in the selector. Here the walk is over this
project's tree, which has the semantic tree's shape where it matters (bulleted lists and binary
/\\ and \\/ are told apart; a bulleted list of one item is remembered by its item's position),
and the selection becomes an ordinary definition, written just after Op and taking those
parameters, which the reference applies to the arguments (define). Labels (``Op!lab(1, 2)``) are read from the
definition's body as written (``Module.labelled``). What this walk cannot tell from the tree
(a recursive LET operator named by a selector) is refused, never guessed; a tuple of bound
names (``<<y, z>> \\in S``) gives its names one by one, as SANY's bound symbol lists do. A LET
operator named after the LET is selected (``U!1!Op``, the LET being U's first conjunct) is its
body, taking the names in scope and then its own parameters."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import syntax as ast


@dataclass(frozen=True, slots=True)
class LabelStep:
    """``!lab`` or ``!lab(a, b)``: the subexpression labelled ``lab``, its arguments given."""

    name: str
    args: tuple[ast.Expr, ...]


# A selector step: an operand number, "<<", ">>", "@", ":" (before a LET's operator), the
# arguments of !(args), or a label.
Step = int | str | tuple[ast.Expr, ...] | LabelStep

FIRST, SECOND, AT, COLON = "<<", ">>", "@", ":"


@dataclass(frozen=True, slots=True)
class Selected:
    """The selected subexpression with what is in scope where it is written: the parameters
    (Op's own, then the names bound on the way) and the LET definitions around it, outermost
    first."""

    body: ast.Expr
    params: tuple[ast.Param, ...]
    lets: tuple[tuple[ast.Definition, ...], ...]


def _arg_num(step: Step, arity: int) -> int | None:
    """SANY's ArgNum: the 1-based operand a step names among ``arity`` operands."""
    if isinstance(step, int):
        return step if 1 <= step <= arity else None
    if step == FIRST:
        return 1 if arity > 0 else None
    if step == SECOND:
        return 2 if arity == 2 else None
    return None


def _operands(e: ast.Expr, sole: bool) -> Sequence[ast.Expr] | None:
    """The operands of ``e`` in SANY's semantic tree, None for a construct without a plain list."""
    if sole:  # the item of a bulleted list of one item (the list itself is not in our tree)
        return (e,)
    if isinstance(e, ast.And | ast.Or):
        if e.bullets or len(e.items) == 2:
            return e.items
        return (type(e)(e.pos, e.items[:-1]) if len(e.items) > 2 else e.items[0], e.items[-1])
    if isinstance(e, ast.Apply | ast.Temporal):
        return e.args
    if isinstance(e, ast.If):
        return (e.cond, e.then, e.else_)
    if isinstance(e, ast.Prime | ast.Unchanged | ast.Enabled):
        return (e.expr,)
    if isinstance(e, ast.SetEnum | ast.Tuple):
        return e.items
    if isinstance(e, ast.FuncApp):  # $FcnApply(f, a), f[a, b] being f[<<a, b>>]
        return (e.func, e.args[0] if len(e.args) == 1 else ast.Tuple(e.pos, e.args))
    if isinstance(e, ast.FuncSet):
        return (e.domain, e.range)
    if isinstance(e, ast.RecordLit | ast.RecordSet):
        return tuple(v for _, v in e.fields)
    if isinstance(e, ast.Field):
        return (e.record, ast.Str(e.pos, e.name))
    if isinstance(e, ast.StepAction):
        return (e.action, e.sub)
    if isinstance(e, ast.Fairness):
        return (e.sub, e.action)
    if isinstance(e, ast.Except):  # SANY outlaws selecting the updates (their @ would dangle)
        return (e.func,)
    return None


def _binder(e: ast.Expr) -> tuple[tuple[ast.Bound, ...], ast.Expr] | None:
    """The bounds and body of a construct that binds names."""
    if isinstance(e, ast.Quant | ast.SetMap | ast.FuncLit):
        return e.bounds, (e.expr if isinstance(e, ast.SetMap) else e.body)
    if isinstance(e, ast.Choose):
        return (e.bound,), e.body
    if isinstance(e, ast.SetFilter):
        return (e.bound,), e.pred
    return None


def _find_label(e: ast.Expr, name: str) -> tuple[ast.Label, list[tuple[ast.Definition, ...]], list[str]] | None:
    """The label ``name`` in ``e`` outside any other label and LET definition (which have their
    own), with the LET definitions and the names bound on the way to it."""
    todo: list[tuple[Any, tuple[tuple[ast.Definition, ...], ...], tuple[str, ...]]] = [(e, (), ())]
    while todo:
        x, lets, bound = todo.pop()
        if isinstance(x, ast.Label):
            if x.name == name:
                return x, list(lets), list(bound)
            continue
        if isinstance(x, ast.Let):
            todo.append((x.body, (*lets, x.defs), bound))
            continue
        binder = _binder(x) if isinstance(x, ast.Expr) else None
        if binder is not None or isinstance(x, ast.Lambda):
            bounds, inner = binder if binder is not None else ((), x.body)
            names = [n for b in bounds for n in b.names] if binder is not None else list(x.params)
            todo.extend((b.set, lets, bound) for b in bounds if b.set is not None)
            todo.append((inner, lets, (*bound, *names)))
            continue
        if isinstance(x, tuple):
            todo.extend((c, lets, bound) for c in x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, ast.Pos | type):
            todo.extend((getattr(x, f.name), lets, bound) for f in dataclasses.fields(x))
    return None


def _let_under_labels(e: ast.Expr, sole: Callable[[ast.Pos], bool], unwrapped: ast.Pos | None) -> ast.Let | None:
    """The LET ``e`` is under its labels (SANY looks through them for the LET whose operator a
    name selects), None when it is none or is the item of a bulleted list of one item."""
    while not (sole(e.pos) and unwrapped != e.pos):
        if isinstance(e, ast.Label):
            e = e.expr
            continue
        return e if isinstance(e, ast.Let) else None
    return None


def select(body: ast.Expr, params: tuple[ast.Param, ...], steps: Sequence[Step], sole: Callable[[ast.Pos], bool],
           refused: Callable[[], Exception]) -> Selected:
    """Walk ``steps`` from the body of a definition with ``params``. ``sole(pos)`` says whether
    the expression at ``pos`` is the item of a bulleted list of one item. ``refused()`` is
    raised for what SANY refuses or this tree cannot tell."""
    names = list(params)
    lets: list[tuple[ast.Definition, ...]] = []
    cur, unwrapped = body, None
    i = 0
    while i < len(steps):
        step = steps[i]
        is_sole = sole(cur.pos) and unwrapped != cur.pos
        binder = None if is_sole else _binder(cur)
        if step == COLON:  # Op!lab!:!++: what follows names an operator of the LET, not a label
            if i + 1 == len(steps) or not isinstance(steps[i + 1], LabelStep) \
                    or i > 0 and not isinstance(steps[i - 1], LabelStep):
                raise refused()  # (SANY: only after a name, and before one)
            i += 1
            continue
        if isinstance(step, LabelStep) and i > 0 and not isinstance(steps[i - 1], LabelStep):
            # U!1!Op, COp!@!++: the LET's operator, in the LET selected so far (TLC's suite/test209)
            let = _let_under_labels(cur, sole, unwrapped)
            d = next((x for x in let.defs if isinstance(x, ast.OpDef) and x.name == step.name), None) \
                if let is not None else None
            if let is None or d is None or d.recursive or len(step.args) not in (0, len(d.params)) \
                    or any(p.arity for p in d.params):  # (no arguments: T(U!1!Op) passes the operator)
                raise refused()
            lets.append(let.defs[:let.defs.index(d)])  # those its body sees (the names it binds are params now)
            names += d.params
            cur, i = d.body, i + 1
            continue
        if isinstance(step, LabelStep):
            found = _find_label(cur.expr if i > 0 and isinstance(cur, ast.Label) else cur, step.name)
            if found is None or len(step.args) not in (0, len(found[0].params)):
                raise refused()  # (no arguments: OOp2(Bar4!lab!<<, 1, 2) passes the operator)
            label, on_way, bound = found
            if sorted(bound) != sorted(found[0].params):  # SANY: the label names the bound identifiers
                raise refused()
            lets += on_way
            names += [ast.Param(n) for n in label.params]
            cur, unwrapped = label, label.pos  # (inside a bulleted list it may be the one item of)
            i += 1
            continue
        if isinstance(cur, ast.Label) and not is_sole:  # transparent to the other selectors
            cur = cur.expr
            continue
        if isinstance(cur, ast.Let) and not is_sole:
            if _arg_num(step, 1) != 1:
                raise refused()
            lets.append(cur.defs)
            cur = cur.body
        elif isinstance(cur, ast.Case) and not is_sole:
            arms = [*cur.arms, *([(None, cur.other)] if cur.other is not None else [])]
            n = _arg_num(step, len(arms))
            m = _arg_num(steps[i + 1], 2) if n is not None and i + 1 < len(steps) else None
            if n is None or m is None:
                raise refused()
            chosen = arms[n - 1][m - 1]
            if chosen is None:  # the condition of OTHER
                raise refused()
            cur, i = chosen, i + 1
        elif binder is not None or isinstance(cur, ast.Lambda):
            if binder is not None:
                bounds, inner = binder
                bound_names = [n for b in bounds for n in b.names]
            else:
                assert isinstance(cur, ast.Lambda)
                bounds, inner, bound_names = (), cur.body, list(cur.params)
            if step == AT or isinstance(step, tuple):
                if isinstance(step, tuple) and len(step) != len(bound_names):
                    raise refused()
                names += [ast.Param(n) for n in bound_names]
                cur = inner
            else:
                n = _arg_num(step, len(bounds))
                if n is None or bounds[n - 1].set is None:
                    raise refused()
                cur = bounds[n - 1].set  # type: ignore[assignment]
        else:
            operands = _operands(cur, is_sole)
            n = _arg_num(step, len(operands)) if operands is not None else None
            if operands is None or n is None:
                raise refused()
            if is_sole:
                unwrapped = cur.pos
            cur = operands[n - 1]
        i += 1
    return Selected(cur, tuple(names), tuple(lets))


MARK = "\u2020"  # DAGGER: never part of a TLA+ identifier


def selection_name(target: str, steps: Sequence[Step]) -> str:
    """The name of the definition a selector into another module's ``target`` becomes."""
    return target + MARK + MARK.join(f"({len(s)})" if isinstance(s, tuple) else
                                     f"{s.name}({len(s.args)})" if isinstance(s, LabelStep) else str(s) for s in steps)


def define(mod: ast.Module, sel: ast.Selection, refused: Callable[[], Exception]) -> tuple[ast.OpDef, ast.OpDef]:
    """The definition ``sel`` becomes in ``mod``, which defines its target, and that target. It
    is to be written just after the target (``insert``): its names then mean what they mean in
    the target, as SANY's selected node does (``M == LET Z == 23 IN Z`` then ``Z == 44``:
    ``M!1`` is 23). Its parameters are the target's and the names bound on the way; the
    reference passes the arguments."""
    found = [d for d in mod.defs if isinstance(d, ast.OpDef) and d.name == sel.target]
    if not found:
        raise refused()
    defn = found[-1]
    picked = select(mod.labelled.get(defn.name, defn.body), defn.params, sel.steps, mod.sole_items.__contains__,
                    refused)
    body = picked.body
    for defs in reversed(picked.lets):
        if defs:
            body = ast.Let(sel.pos, defs, body)
    return ast.OpDef(defn.pos, sel.name, picked.params, ast.unlabelled(body), defn.local), defn


def insert(mod: ast.Module, d: ast.OpDef, after: ast.OpDef) -> None:
    """Write ``d`` into ``mod`` just after ``after`` (once per name)."""
    if any(x.name == d.name for x in mod.defs):
        return
    mod.defs.insert(next(i for i, x in enumerate(mod.defs) if x is after) + 1, d)
    at = next(i for i, (kind, u) in enumerate(mod.units) if kind == "definition" and u is after)
    mod.units.insert(at + 1, ("definition", d))
