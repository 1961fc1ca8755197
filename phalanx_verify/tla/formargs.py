"""Operator-forming keywords passed as operator arguments: ``UnchangedTest(UNCHANGED)``,
``PrimeTest(')``, ``EnabledTest(ENABLED)``, ``BoxTest([])`` (TLC's suite/test52).

TLC applies an operator by substituting its arguments into its body, so ``Foo(x)`` in
``UnchangedTest(Foo(_)) == Foo(x)`` called with UNCHANGED is ``UNCHANGED x``. The checker
passes operator arguments as values (callables), which UNCHANGED, ', ENABLED, [] and <> are not:
each such call is made the call of a specialised copy of the operator, in which the parameter's
applications are the keyword's own syntax. Nothing downstream then needs to know about it.
Only UNCHANGED and ' are so applied: TLC gives ENABLED passed this way the level of its
argument (EnabledTest(ENABLED) is "not a state predicate") and fails on [] and <> with an
exception, so these are an unsupported construct where used (exit 150). Only operators defined
at the top level of the same module are specialised; a keyword passed to any other (a LET
definition) stays a name the compiler refuses in the same way.
"""

from __future__ import annotations

from . import syntax as ast
from .instances import unsupported

# The keywords, as the parser names them, and as they are written.
FORMS = {"prime": "'", "unchanged": "UNCHANGED", "enabled": "ENABLED", "always": "[]", "eventually": "<>"}


def _form(kind: str, pos: ast.Pos, arg: ast.Expr) -> ast.Expr:
    """The keyword ``kind`` applied to ``arg``, as the parser builds it when written in place."""
    if kind == "prime":
        return ast.Prime(pos, arg)
    if kind == "unchanged":
        return ast.Unchanged(pos, arg)
    # TLC gives ENABLED so passed the level of its argument (an invariant EnabledTest(ENABLED)
    # is "not a state predicate") and fails on [] and <> with an exception: refused where used.
    return unsupported(f"{FORMS[kind]} passed as an operator argument", pos)


def specialise_form_arguments(mod: ast.Module) -> None:
    """Rewrite ``mod`` so no call passes a keyword to a top-level operator of ``mod``."""
    defs = {d.name: d for d in mod.defs if isinstance(d, ast.OpDef)}
    made: dict[str, ast.OpDef] = {}

    def call(e: ast.Name | ast.Apply) -> ast.Expr | None:
        if not isinstance(e, ast.Apply) or e.op not in defs or len(defs[e.op].params) != len(e.args):
            return None
        d = defs[e.op]
        forms = {p.name: a.name for p, a in zip(d.params, e.args, strict=True)
                 if p.arity == 1 and isinstance(a, ast.Name) and a.name in FORMS}
        if not forms:
            return None
        name = f"{d.name}({','.join(forms.values())})"  # no identifier has parentheses
        if name not in made:
            params = tuple(p for p in d.params if p.name not in forms)
            made[name] = d  # marks it made while its body is rewritten (a call of itself)
            made[name] = ast.OpDef(d.pos, name, params, ast.rewritten(_substituted(d.body, forms), call), d.local,
                                   d.recursive)
        rest = tuple(ast.rewritten(a, call) for p, a in zip(d.params, e.args, strict=True) if p.name not in forms)
        return ast.Apply(e.pos, name, rest, e.args_pos) if rest else ast.Name(e.pos, name)

    if not FORMS.keys() & ast.names_in((*mod.defs, *mod.assumes)):
        return
    new = {id(u): ast.rewritten(u, call) for u in (*mod.defs, *mod.assumes)}
    mod.defs[:] = [new[id(d)] for d in mod.defs]
    mod.assumes[:] = [new[id(a)] for a in mod.assumes]
    mod.units[:] = [(k, new.get(id(u), u)) for k, u in mod.units]
    for d in made.values():  # after every definition: a copy reads what its original reads
        mod.defs.append(d)
        mod.units.append(("definition", d))


def _substituted(body: ast.Expr, forms: dict[str, str]) -> ast.Expr:
    """``body`` with each parameter of ``forms`` replaced by its keyword."""
    def sub(e: ast.Name | ast.Apply) -> ast.Expr | None:
        if isinstance(e, ast.Apply) and e.op in forms and len(e.args) == 1:
            return _form(forms[e.op], e.pos, _substituted(e.args[0], forms))
        if isinstance(e, ast.Name) and e.name in forms:
            return ast.Name(e.pos, forms[e.name])  # passed on: Bar(Op) == Baz(Op)
        return None
    return ast.rewritten(body, sub)
