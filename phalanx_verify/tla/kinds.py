"""What is statically known of a value before it is computed, so that compiled code can skip
a check TLC makes only where the check cannot fail: whether an expression is always a Boolean
(no "is it a Boolean?" test where TLC branches on it) and its kind ("int", "str", "bool", an
untyped model value "mv", a set of them "mvset"), for which Python's == and ``in`` are TLC's
= and \\in. Nothing here changes what a value is; a wrong answer would skip an error TLC reports,
so every rule answers "unknown" unless the kind is certain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import compare as cmp
from . import outside
from . import syntax as ast
from .bindings import Ctx
from .compilerbase import CompilerBase
from .levels import LEVEL_CONSTANT
from .modules import Scope
from .values import ModelValue

# Operators whose value is always a Boolean (used to skip the "is it a Boolean?" check).
_BOOL_OPS = {"lt", "gt", "leq", "geq", "eq", "neq", "in", "notin", "subseteq", "supseteq", "lnot",
             "implies", "equiv", "iff", "IsFiniteSet"}


def value_kind(v: Any) -> str | None:
    """static_kind of a constant's value (known when the model is compiled)."""
    if type(v) is ModelValue:
        return "mv" if cmp.typed_prefix(v) is None else None
    if type(v) is frozenset and v and all(type(x) is ModelValue and cmp.typed_prefix(x) is None for x in v):
        return "mvset"
    if type(v) is bool:
        return "bool"
    if type(v) is int:
        return "int"
    if type(v) is str:
        return "str"
    return None


class StaticKinds(CompilerBase):
    """is_bool, static_kind and elem_kind of expressions of one model."""

    _bool_defs: dict[tuple[int, int], bool]  # is_bool of operator bodies (see _body_property)
    _constructs_defs: dict[tuple[int, int], bool]  # constructs of operator bodies

    if TYPE_CHECKING:
        # levels.py, beside this class in the compiler (expressions.Expressions)
        def def_level(self, defn: ast.Definition, scope: Scope) -> int: ...

    def is_bool(self, e: ast.Expr, ctx: Ctx, depth: int = 0) -> bool:
        """Is e's value a Boolean whatever the state (so no check is needed)?"""
        if isinstance(e, ast.Bool | ast.And | ast.Or | ast.Quant | ast.Unchanged | ast.Enabled
                      | ast.StepAction):
            return True
        if isinstance(e, ast.If):
            return self.is_bool(e.then, ctx, depth) and self.is_bool(e.else_, ctx, depth)
        if isinstance(e, ast.Let):
            return self.is_bool(e.body, ctx.bind_all(e.defs), depth)
        call = self.called_def(e, ctx)
        if call is None:
            return False
        op, target = call
        if target is None:
            return isinstance(e, ast.Apply) and op in _BOOL_OPS
        defn, scope = target
        if not isinstance(defn, ast.OpDef) or depth > 8:
            return False
        return self._body_property(self._bool_defs, defn, scope, self.is_bool, depth)

    def constructs(self, e: ast.Expr, ctx: Ctx, depth: int = 0) -> bool:
        """May evaluating ``e`` make a function constructor ([x \\in S |-> e]), in ``e`` or in an
        operator it calls? Where ``e`` is the function of an application, TLC keeps such a
        constructor lazy (runtime.KEEP): evaluated where applied, its failures only there."""
        for node in ast.nodes(e):
            if isinstance(node, ast.FuncLit):
                return True
            if not isinstance(node, ast.Name | ast.Apply):
                continue
            name = node.name if isinstance(node, ast.Name) else node.op
            loc = ctx.lookup(name)
            if loc is not None:
                if loc.constructs:
                    return True
                if loc.alias is not None and depth < 8 and self.constructs(loc.alias[0], loc.alias[1], depth + 1):
                    return True  # (an argument passed by name is compiled where it is read)
                continue
            target = self.resolve_def(name, ctx.scope)
            if target is not None and isinstance(target[0], ast.OpDef) and depth < 8 \
                    and self._body_property(self._constructs_defs, target[0], target[1], self.constructs, depth):
                return True
        return False

    def called_def(self, e: ast.Expr, ctx: Ctx) -> tuple[str, tuple[ast.Definition, Scope] | None] | None:
        """The operator ``e`` calls when it is a name or an application no local binds: its name
        and its definition with the definition's scope (None for a built-in); None for any other
        ``e``. What is_bool and actions.branches look through."""
        if not isinstance(e, ast.Apply | ast.Name):
            return None
        op = e.op if isinstance(e, ast.Apply) else e.name
        if ctx.lookup(op) is not None:
            return None
        return op, self.resolve_def(op, ctx.scope)

    def _body_property(self, memo: dict[tuple[int, int], bool], defn: ast.OpDef, scope: Scope,
                       prop: Callable[[ast.Expr, Ctx, int], bool], depth: int) -> bool:
        """prop of an operator's body, remembered per definition; a recursive operator is
        assumed not to have it while its own body is examined (a least fixpoint, from below)."""
        key = (id(defn), id(scope))
        known = memo.get(key)
        if known is None:
            memo[key] = False
            known = memo[key] = prop(defn.body, self.bind_params(Ctx(scope), defn.params), depth + 1)
        return known

    def static_kind(self, e: ast.Expr, ctx: Ctx, depth: int = 0) -> str | None:
        """What is known of e's value before evaluation: "int", "str", "bool", "mv" (an untyped
        model value, which compares with anything without error) or "mvset" (a set of them).
        It lets = and \\in skip TLC's comparability checks where they cannot fail."""
        if isinstance(e, ast.Num):
            return "int"
        if isinstance(e, ast.Str):
            return "str"
        if isinstance(e, ast.Bool):
            return "bool"
        if depth > 6:
            return None
        if isinstance(e, ast.Name):
            loc = ctx.lookup(e.name)
            if loc is not None:
                return loc.vkind
            meaning = self._named(e.name, ctx)
            if meaning is None:
                return None
            if meaning[0] is None:  # a constant
                return value_kind(meaning[1])
            return self.static_kind(meaning[0], meaning[1], depth + 1)
        if isinstance(e, ast.SetEnum | ast.Apply) and self.elem_kind(e, ctx, depth) == "mv":
            return "mvset"
        return None

    def elem_kind(self, e: ast.Expr | None, ctx: Ctx, depth: int = 0) -> str | None:
        """static_kind of every element of the set e."""
        if e is None or depth > 6:
            return None
        if isinstance(e, ast.SetEnum):
            kinds = {self.static_kind(x, ctx, depth + 1) for x in e.items}
            return "mv" if kinds == {"mv"} else None
        if isinstance(e, ast.Apply) and ctx.lookup(e.op) is None and self.resolve_def(e.op, ctx.scope) is None:
            if e.op == "powerset":
                return "mvset" if self.static_kind(e.args[0], ctx, depth + 1) == "mvset" else None
            if e.op == "cup":
                kinds = {self.elem_kind(a, ctx, depth + 1) for a in e.args}
                return "mv" if kinds == {"mv"} else None
            if e.op in ("cap", "setminus"):
                return self.elem_kind(e.args[0], ctx, depth + 1)
            if e.op == "dots_2":  # a..b: integers (compare.interval refuses anything else)
                return "int"
            return None
        if isinstance(e, ast.Name):
            kind = self.static_kind(e, ctx, depth + 1)
            if kind == "mvset":
                return "mv"
            return self._named_elem_kind(e.name, ctx, depth)
        return None

    def made_as(self, e: ast.Expr, ctx: Ctx, depth: int = 0) -> str:
        """How the text shows e's value made, one of outside.py's forms ("" where it does not):
        what TLC's error for applying it outside its domain depends on. A constructor is
        evaluated where applied, unless a constant definition holds it: TLC computes those at
        startup and keeps them as tables; a LET, an operator's result or a state-level
        definition stays a constructor."""
        if isinstance(e, ast.FuncLit):
            return constructor_made(e.bounds)
        if isinstance(e, ast.Tuple):
            return outside.TUPLE
        if isinstance(e, ast.RecordLit):
            return outside.RECORD
        if isinstance(e, ast.Except):
            return self.made_as(e.func, ctx, depth)
        if isinstance(e, ast.If | ast.Case):
            # whichever branch is taken: known where all say the same
            branches = (e.then, e.else_) if isinstance(e, ast.If) else \
                tuple(b for _, b in e.arms) + ((e.other,) if e.other is not None else ())
            forms = {self.made_as(b, ctx, depth + 1) for b in branches}
            return forms.pop() if len(forms) == 1 else ""
        if depth > 6 or not isinstance(e, ast.Name | ast.Apply):
            return ""
        name = e.name if isinstance(e, ast.Name) else e.op
        loc = ctx.lookup(name)
        if loc is not None:
            return loc.made
        target = self.resolve_def(name, ctx.scope)
        if target is None:
            return outside.PAIRS if isinstance(e, ast.Apply) and name in ("map_to", "compose") else ""
        defn, scope = target
        if isinstance(defn, ast.FunDef):
            made = constructor_made(defn.bounds)
        elif isinstance(defn, ast.OpDef) and not defn.recursive:
            made = self.made_as(defn.body, self.bind_params(Ctx(scope), defn.params), depth + 1)
            if defn.params:
                return made
        else:
            return ""
        constant = self.def_level(defn, scope) == LEVEL_CONSTANT
        return outside.TABLE if constant and made in (outside.LAMBDA, outside.LAMBDA_N) else made

    def _named_elem_kind(self, name: str, ctx: Ctx, depth: int) -> str | None:
        """elem_kind of a set named by a constant or a definition without parameters (``Proc ==
        1..N``), looked through as static_kind looks through them: "int" when every element is
        certainly an integer, so that ``\\E p \\in Proc`` binds p as one."""
        meaning = self._named(name, ctx) if ctx.lookup(name) is None else None
        if meaning is None:
            return None
        if meaning[0] is None:  # a constant
            v = meaning[1]
            return "int" if isinstance(v, frozenset) and v and all(type(x) is int for x in v) else None
        kind = self.elem_kind(meaning[0], meaning[1], depth + 1)
        return kind if kind == "int" else None

    def _named(self, name: str, ctx: Ctx) -> tuple[None, Any] | tuple[ast.Expr, Ctx] | None:
        """What a name no local binds stands for, for static_kind and elem_kind: (None, its
        value) for a constant the model gives a value, (body, context to read it in) for a
        definition without parameters, else None."""
        scope = ctx.scope
        if scope.subst is None and name not in self.substitutions and any(c.name == name for c in scope.constants):
            return None, self.ns.get(f"C_{name}")
        target = self.resolve_def(name, scope)
        if target is not None and isinstance(target[0], ast.OpDef) and not target[0].params:
            return target[0].body, Ctx(target[1])
        return None


def constructor_made(bounds: tuple[ast.Bound, ...]) -> str:
    """made_as of a function constructor or definition over ``bounds``: by how many arguments
    it takes (a tuple pattern is one)."""
    one = sum(1 if b.tuple_pattern else len(b.names) for b in bounds) == 1
    return outside.LAMBDA if one else outside.LAMBDA_N
