"""Alpha-equivalence of compiled Python expressions: the key under which the action compiler
remembers the local holding an expression's value (compilerbase.Code.kept). Two compilations of
one TLA+ expression differ only in the fresh names of what they bind themselves."""

from __future__ import annotations

import ast as pyast


def alpha_key(code: str) -> str:
    """A Python expression with the names it binds itself (lambda parameters, comprehension
    targets) renamed, scope by scope, in order of appearance: two compilations of one TLA+
    expression differ only in those fresh names, and so have one key. A name read outside the
    binder that binds it keeps its name (``(lambda j_6: ...)(j_6)`` passes the outer j_6).
    Code that cannot bind a name is its own key: it skips the parse, most of the start-up cost,
    and cannot meet a renamed key, which always spells ``lambda`` or ``for``."""
    if "lambda" not in code and "for" not in code:
        return code
    tree = pyast.parse(code, mode="eval")
    if any(isinstance(n, pyast.NamedExpr) for n in pyast.walk(tree)):
        return code
    _Renamer().visit(tree)
    return pyast.unparse(tree)


class _Renamer(pyast.NodeTransformer):
    """Renames bound names (see alpha_key), with Python's scoping of lambdas and comprehensions."""

    def __init__(self) -> None:
        self.scopes: list[dict[str, str]] = []
        self.made = 0

    def _bind(self, scope: dict[str, str], name: str) -> str:
        if name not in scope:
            scope[name] = f"_b{self.made}"
            self.made += 1
        return scope[name]

    def visit_Name(self, node: pyast.Name) -> pyast.Name:
        for scope in reversed(self.scopes):
            if node.id in scope:
                node.id = scope[node.id]
                break
        return node

    def visit_Lambda(self, node: pyast.Lambda) -> pyast.Lambda:
        args = node.args
        for d in (*args.defaults, *(d for d in args.kw_defaults if d is not None)):
            self.visit(d)  # (evaluated where the lambda is made)
        scope: dict[str, str] = {}
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if a is not None:
                a.arg = self._bind(scope, a.arg)
        self.scopes.append(scope)
        self.visit(node.body)
        self.scopes.pop()
        return node

    def _comprehension(self, node: pyast.ListComp | pyast.SetComp | pyast.GeneratorExp | pyast.DictComp,
                       results: list[pyast.expr]) -> pyast.AST:
        first, *_ = node.generators
        self.visit(first.iter)  # (evaluated in the enclosing scope)
        scope: dict[str, str] = {}
        self.scopes.append(scope)
        for i, gen in enumerate(node.generators):
            if i:
                self.visit(gen.iter)
            for n in pyast.walk(gen.target):
                if isinstance(n, pyast.Name):
                    n.id = self._bind(scope, n.id)
            for cond in gen.ifs:
                self.visit(cond)
        for r in results:
            self.visit(r)
        self.scopes.pop()
        return node

    def visit_ListComp(self, node: pyast.ListComp) -> pyast.AST:
        return self._comprehension(node, [node.elt])

    def visit_SetComp(self, node: pyast.SetComp) -> pyast.AST:
        return self._comprehension(node, [node.elt])

    def visit_GeneratorExp(self, node: pyast.GeneratorExp) -> pyast.AST:
        return self._comprehension(node, [node.elt])

    def visit_DictComp(self, node: pyast.DictComp) -> pyast.AST:
        return self._comprehension(node, [node.key, node.value])
