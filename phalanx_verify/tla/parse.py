"""tree-sitter-tlaplus concrete syntax -> the project's AST (syntax.py).

Only this module knows tree-sitter's node kinds. A syntax error (an ERROR or MISSING node)
becomes a ParseError at the first bad position; a construct the toolkit does not support becomes
a SemanticError naming it, so nothing is silently dropped.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import tree_sitter
import tree_sitter_tlaplus

from . import instances, subexpr
from . import syntax as ast
from .errors import NumberTooBig, ParseError, SemanticError
from .longlines import Broken, break_long_lines
from .tabs import expand_tabs

with warnings.catch_warnings():
    # tree-sitter-tlaplus 1.5 hands out the language as an int pointer, which tree-sitter 0.26
    # still accepts but flags as deprecated; the pinned pair is tested together.
    warnings.simplefilter("ignore", DeprecationWarning)
    _LANGUAGE = tree_sitter.Language(tree_sitter_tlaplus.language())
_PARSER = tree_sitter.Parser(_LANGUAGE)

Node = tree_sitter.Node

# What names (``I``, ``Op``: ``I!Op``) mean as a module sees them: "instance", "operator" or None.
Kind = Callable[[ast.Module, tuple[str, ...]], str | None]

# An operator's symbol, or one applied in prefix form (``++(1, 2)``), as a selector's step.
_SYMBOL_NODES = ("infix_op_symbol", "prefix_op_symbol", "postfix_op_symbol", "bound_nonfix_op")

_NAV_STEPS = {"langle_bracket": subexpr.FIRST, "rangle_bracket": subexpr.SECOND, "address": subexpr.AT}

# Infix node kinds that are folded into n-ary forms or given their own AST class.
_TEMPORAL_PREFIX = {"always": "always", "eventually": "eventually"}
_CITING_UNITS = {"theorem", "use_or_hide"}  # proofs and USE/HIDE: the names they cite are checked
_FACT_NAMES = {"identifier_ref", "proof_step_ref", "prefixed_op"}  # what HIDE may name
_SKIP_MODULE_UNITS = {"comment", "block_comment", "single_line", "double_line", "header_line",
                      "theorem", "use_or_hide", "proof", "terminal_proof", "non_terminal_proof"}


# Operator symbols are named by their tree-sitter node kind (``minus`` for -, ``in`` for \\in).
# An identifier spelled like one (a variable ``in``, an operator ``minus(a, b)``) gets a mark no
# TLA+ identifier can carry, so user names and built-in operators never share a name.
SYMBOL_KINDS = frozenset({
    "plus", "minus", "mul", "pow", "lt", "gt", "leq", "geq", "mod", "div", "dots_2", "negative", "circ",
    "map_to", "compose", "eq", "neq", "in", "notin", "cup", "cap", "setminus", "subseteq", "supseteq",
    "lnot", "implies", "equiv", "iff", "powerset", "union", "domain", "times", "land", "lor", "subset",
    "supset", "prime", "always", "eventually", "enabled", "unchanged", "leads_to", "oplus", "ominus",
    "otimes", "oslash", "odot", "uplus", "sqcap", "sqcup", "sqsubseteq", "sqsupseteq", "sqsubset",
    "sqsupset", "slash", "slashslash", "star", "bullet", "bigcirc", "amp", "ampamp", "plusplus",
    "minusminus", "mulmul", "powpow", "modmod", "vert", "vertvert", "ll", "gg", "prec", "succ", "preceq",
    "succeq", "sim", "simeq", "approx", "cong", "doteq", "asymp", "propto", "wr", "dol", "doldol",
    "qq", "hashhash", "excl", "sup_plus", "sup_hash", "asterisk", "cdot", "dots_3", "assign", "bnf_rule",
    "ld_ttile", "ls_ttile", "rd_ttile", "rs_ttile", "plus_arrow", "colon", "map_from", "gets",
})
IDENT_MARK = "\u02bc"  # MODIFIER LETTER APOSTROPHE: never part of a TLA+ identifier


def ident(text: str) -> str:
    """A user identifier as the AST names it (see SYMBOL_KINDS)."""
    return text + IDENT_MARK if text in SYMBOL_KINDS else text


def display(name: str) -> str:
    """The name as the user wrote it."""
    return name.replace(IDENT_MARK, "")


@cache
def symbol_name(text: str) -> str | None:
    """The AST name of the operator symbol ``text`` (``plus`` for +, ``circ`` for \\o or
    \\circ), None when it is not one: a model file names operators by symbol (``Plus <- +``), and
    the grammar, not a second table, says which kind each spelling is."""
    for shape in (f"_{text}_", f"_{text}", f"{text} _"):
        tree = _PARSER.parse(f"---- MODULE M ----\nCONSTANT {shape}\n====\n".encode())
        if tree.root_node.has_error:
            continue
        for decl in tree.root_node.children[0].named_children:
            name = decl.named_children[0].child_by_field_name("name") if decl.type == "constant_declaration" else None
            if name is not None and name.type.endswith("_op_symbol"):
                return name.named_children[0].type
    return None


def _outer_declarations(inner: ast.Module, outer: ast.Module) -> None:
    """A module written inside another also sees the constants, variables and definitions the
    outer one has before it (SANY's context of an inner module; TLC's Github687spec, whose
    inner Ring reads the outer variable value). Those it mentions, and the declarations and
    definitions these read in turn, become its own, which the implicit substitution
    ``value <- value`` where it is instantiated (inside the outer module or one extending it)
    makes the outer's again: a copied definition reads the same constants and variables."""
    own = {c.name for c in inner.constants} | set(inner.variables) | {d.name for d in inner.defs if d.name}
    used = ast.names_in((*inner.defs, *inner.assumes)) - own
    outer_defs = {d.name: d for d in outer.defs if isinstance(d, ast.OpDef | ast.FunDef) and d.name}
    todo = [n for n in used if n in outer_defs]
    while todo:  # the outer definitions read, and what they read
        for n in ast.names_in((outer_defs[todo.pop()],)) - own - used:
            used.add(n)
            if n in outer_defs:
                todo.append(n)
    copied = [d for d in outer.defs if d.name in used and d.name in outer_defs]
    inner.defs[:0] = copied
    recursive = [n for n in outer.recursive if n in used]
    inner.units[:0] = [("recursive", n) for n in recursive] + [("definition", d) for d in copied]
    inner.recursive |= set(recursive)
    for c in reversed([c for c in outer.constants if c.name in used]):
        inner.constants.insert(0, c)
        inner.units.insert(0, ("constant", c))
    for v in reversed([v for v in outer.variables if v in used]):
        inner.variables.insert(0, v)
        inner.units.insert(0, ("variable", v))


def _last_token(node: Node, src: bytes) -> Node:
    """The node's last token: a bulleted conjunction list ends, for tree-sitter, where the next
    line starts, and a trailing comment may belong to it; SANY's range ends at the last token."""
    while node.children and (node.children[-1].is_extra
                             or src[node.end_byte - 1:node.end_byte] in (b" ", b"\t", b"\n", b"\r")):
        last = next((c for c in reversed(node.children) if not c.is_extra and c.end_byte > c.start_byte), None)
        if last is None:
            break
        node = last
    return node


class _Converter:
    def __init__(self, original: bytes, broken: Broken, file: str, symbols: dict[tuple[int, int], str],
                 kinds: Kind | None = None) -> None:
        self.src = broken.text
        self._kinds = kinds
        self._symbols = symbols  # (row, byte column) of a placeholder in a selector -> the operator (_read)
        self.file = file
        self._original = original
        self._broken = broken
        self._lines = original.split(b"\n")
        self._ascii: dict[int, bool] = {}
        self._let_instances: list[ast.InstanceDef] = []
        self._module: ast.Module | None = None  # the module being read (its definitions so far)
        self._labels = False  # whether the unit being read has labels
        # the definitions its selectors become, each written after its target when the unit is done
        self._selected: list[tuple[ast.OpDef, ast.OpDef]] = []

    # -- positions and text -------------------------------------------------------------
    def pos(self, node: Node) -> ast.Pos:
        """Where the node starts and where it ends: the 1-based column of its last character,
        which tree-sitter's exclusive end column (0-based) already is once counted in characters."""
        line, col = self._at(*self._broken.position(*node.start_point))
        end_line, end_col = self._at(*self._broken.position(*_last_token(node, self.src).end_point))
        return ast.Pos(self.file, line, col, end_line, end_col - 1)

    def _at(self, row: int, col: int) -> tuple[int, int]:
        """The 1-based line and character column of byte ``col`` of line ``row`` (both 0-based)
        of the original text."""
        line = self._lines[row] if row < len(self._lines) else b""
        ascii_line = self._ascii.get(row)
        if ascii_line is None:  # once per line: on one long line, every node would rescan it
            ascii_line = self._ascii[row] = line.isascii()
        if not ascii_line:
            col = len(line[:col].decode("utf-8", "replace"))
        return row + 1, col + 1

    def _point(self, row: int, col: int) -> ast.Pos:
        """The position (a point, no end) of byte ``col`` of line ``row`` (both 0-based)."""
        return ast.Pos(self.file, *self._at(row, col))

    def text(self, node: Node) -> str:
        return self.src[node.start_byte:node.end_byte].decode("utf-8")

    def original_text(self, node: Node) -> str:
        """The node's text as the user wrote it (``src`` may have line breaks the user did not write)."""
        row, col = self._broken.position(*node.end_point)
        end = sum(len(line) + 1 for line in self._lines[:row]) + col
        return self._original[self.offset(node):end].decode("utf-8", "replace")

    def offset(self, node: Node) -> int:
        """The byte offset of the node's start in the original text."""
        row, col = self._broken.position(*node.start_point)
        return sum(len(line) + 1 for line in self._lines[:row]) + col

    def offset_pos(self, offset: int) -> ast.Pos:
        """The position of a byte offset of the original text."""
        return self._point(self._original.count(b"\n", 0, offset), offset - self._original.rfind(b"\n", 0, offset) - 1)

    def last_character(self) -> ast.Pos:
        """Where the file's last character is: SANY's position for an unexpected end of file."""
        row = len(self._lines) - 1
        if not self._lines[row] and row > 0:  # the file ends with a line break: that is the last character
            row -= 1
            return self._point(row, len(self._lines[row]))
        return self._point(row, max(len(self._lines[row]) - 1, 0))

    def unsupported(self, node: Node, what: str | None = None) -> SemanticError:
        return SemanticError(f"unsupported construct: {what or node.type}", self.pos(node))

    @staticmethod
    def named(node: Node) -> list[Node]:
        return [c for c in node.named_children if c.type not in ("comment", "block_comment")]

    # -- module level -------------------------------------------------------------------
    def module(self, node: Node) -> ast.Module:
        name_node = self.one(node, "name")
        mod = ast.Module(name=self.text(name_node), file=self.file, pos=self.pos(node))
        outer, self._module = self._module, mod
        for unit in self.named(node):
            if unit == name_node:
                continue
            if unit.type not in _SKIP_MODULE_UNITS or \
                    (unit.type == "theorem" and unit.child_by_field_name("name") is not None):
                self.unit(mod, unit, local=False)
            if unit.type in _CITING_UNITS:
                self._cited(mod, unit)
        self._module = outer
        instances.hoist_calls(mod)
        return mod

    def unit(self, mod: ast.Module, unit: Node, local: bool) -> None:
        """One module unit; the instances written in its LETs go just before it."""
        outer, self._let_instances = self._let_instances, []
        outer_selected, self._selected = self._selected, []
        ndefs, nunits = len(mod.defs), len(mod.units)
        self._labels = False
        self._unit(mod, unit, local)
        if self._labels:
            self._unlabel(mod, nunits)
        for inst in reversed(self._let_instances):
            mod.defs.insert(ndefs, inst)
            mod.units.insert(nunits, ("definition", inst))
        for d, target in self._selected:
            subexpr.insert(mod, d, target)
        self._let_instances, self._selected = outer, outer_selected

    @staticmethod
    def _unlabel(mod: ast.Module, nunits: int) -> None:
        """The labels of the units from ``nunits`` on removed, the labelled bodies kept aside."""
        for i in range(nunits, len(mod.units)):
            kind, u = mod.units[i]
            plain = ast.unlabelled(u)
            if plain is u:
                continue
            mod.units[i] = (kind, plain)
            if kind == "definition":
                mod.defs[mod.defs.index(u)] = plain  # type: ignore[arg-type]
                if isinstance(u, ast.OpDef):
                    mod.labelled[u.name] = u.body
            elif kind == "assume":
                mod.assumes[next(j for j, a in enumerate(mod.assumes) if a is u)] = plain

    def _unit(self, mod: ast.Module, unit: Node, local: bool) -> None:
        kind = unit.type
        if kind == "extends":
            names = self.named(unit)
            mod.extends += tuple(self.text(c) for c in names)
            for c in names:
                mod.extends_pos.setdefault(self.text(c), self.pos(c))
        elif kind == "constant_declaration":
            for c in self.named(unit):
                mod.constants.append(self.param(c))
                mod.units.append(("constant", mod.constants[-1]))
        elif kind == "variable_declaration":
            for c in self.named(unit):
                mod.variables.append(ident(self.text(c)))
                mod.units.append(("variable", mod.variables[-1]))
        elif kind == "recursive_declaration":
            for c in self.named(unit):
                mod.recursive.add(self.param(c).name)
                mod.units.append(("recursive", self.param(c).name))
        elif kind == "operator_definition":
            self._define(mod, self.opdef(unit, local, mod.recursive))
        elif kind == "function_definition":
            self._define(mod, self.fundef(unit, local))
        elif kind == "module_definition":
            self._define(mod, self.module_definition(unit, local))
        elif kind == "instance":
            self._define(mod, self.instance(unit, local))
        elif kind == "local_definition":
            for c in self.named(unit):
                self.unit(mod, c, local=True)
        elif kind == "assumption":
            body = self.named(unit)
            expr = self.expr(body[-1])
            name = unit.child_by_field_name("name")
            if name is not None:
                # ASSUME A == e also defines A (a zero-argument operator).
                self._define(mod, ast.OpDef(self.pos(unit), ident(self.text(name)), (), expr))
            if unit.children[0].type != "AXIOM":
                # TLC checks ASSUME and ASSUMPTION; an AXIOM is taken as given (Tool's
                # assumptionIsAxiom), which matters for AXIOM \A f : ... over unbounded sets.
                mod.assumes.append(expr)
                mod.units.append(("assume", expr))
        elif kind == "theorem" and unit.child_by_field_name("name") is not None:
            # THEOREM T == e (LEMMA, PROPOSITION, COROLLARY) also defines T, which TLC evaluates
            # where it is used (ASSUME T in tlaplus/Examples' MC_sums_even); its proof is skipped.
            name = unit.child_by_field_name("name")
            statement = unit.child_by_field_name("statement")
            assert name is not None and statement is not None
            stated: ast.Expr = (instances.unsupported("a theorem of the form ASSUME ... PROVE used as an expression",
                                                      self.pos(statement))
                                if statement.type == "assume_prove" else self.expr(statement))
            self._define(mod, ast.OpDef(self.pos(unit), ident(self.text(name)), (), stated))
        elif kind == "module":
            # A module written inside another sees what the outer one EXTENDS at that point.
            inner = self.module(unit)
            inner.extends = tuple(e for e in mod.extends if e not in inner.extends) + inner.extends
            _outer_declarations(inner, mod)
            mod.inner.append(inner)
        elif kind in _SKIP_MODULE_UNITS:
            return
        else:
            raise self.unsupported(unit)

    def _cited(self, mod: ast.Module, unit: Node) -> None:
        """The names a proof, USE or HIDE cites on their own (``BY Lemma DEF Init, TypeOK``), as
        a unit ``("cite", ((name, pos), ...))`` that resolve.py checks where it stands: SANY
        refuses a name not defined by then, and so does TLC (exit 150), though it checks no
        proof. Proofs are not otherwise read. Names the theorem declares itself (NEW, DEFINE,
        PICK, TAKE and the like, every declared identifier in it) are left out, and only a bare
        name is looked at: a fact that is an expression, an instance's ``I!Op``, a step name.
        A HIDE may name facts only (SANY's rule): an expression there is refused."""
        declared = set()
        cited: list[tuple[str, ast.Pos]] = []
        todo = [unit]
        while todo:
            n = todo.pop()
            if n.type == "identifier":
                declared.add(self.text(n))
            elif n.type in ("use_body_def", "use_body_expr"):
                cited.extend((self.text(c), self.pos(c)) for c in n.named_children if c.type == "identifier_ref")
            elif n.type == "use_or_hide" and n.children[0].type == "HIDE":
                for c in (f for b in n.named_children for e in b.named_children if e.type == "use_body_expr"
                          for f in e.named_children):
                    if c.type not in _FACT_NAMES:
                        raise SemanticError("The only expression allowed as a fact in a HIDE is the name of a "
                                            "theorem, assumption, or step.", self.pos(c))
            todo.extend(n.named_children)
        refs = tuple((ident(name), pos) for name, pos in sorted(cited, key=lambda c: (c[1].line, c[1].col))
                     if name not in declared)
        if refs:
            mod.units.append(("cite", refs))

    @staticmethod
    def _define(mod: ast.Module, d: ast.Definition) -> None:
        mod.defs.append(d)
        mod.units.append(("definition", d))

    def fields(self, node: Node, name: str) -> list[Node]:
        return [c for c in node.children_by_field_name(name) if c.is_named]

    def one(self, node: Node, name: str) -> Node:
        child = node.child_by_field_name(name)
        if child is None:
            raise ParseError(f"missing {name} in {node.type}", self.pos(node))
        return child

    def param(self, node: Node) -> ast.Param:
        if node.type == "operator_declaration":
            # F(_, _) lists its placeholders as parameters; _++_ and -._ do not, but have them
            name = self.op_name(self.one(node, "name"))
            return ast.Param(name, sum(c.type == "placeholder" for c in node.children))
        return ast.Param(ident(self.text(node)), 0)

    def op_name(self, node: Node) -> str:
        if node.type in ("infix_op_symbol", "prefix_op_symbol", "postfix_op_symbol"):
            return self.named(node)[0].type
        return ident(self.text(node))

    def opdef(self, node: Node, local: bool, recursive: set[str]) -> ast.OpDef:
        name = self.op_name(self.one(node, "name"))
        params = [self.param(p) for p in self.fields(node, "parameter")]
        if not params:
            # Infix/prefix definitions such as ``a ++ b == ...`` name their operands without
            # the ``parameter`` field.
            params = [ast.Param(ident(self.text(c))) for c in self.named(node)
                      if c.type == "identifier" and c != node.child_by_field_name("name")]
        body = self.expr(self.one(node, "definition"))
        return ast.OpDef(self.pos(node), name, tuple(params), body, local, name in recursive)

    def fundef(self, node: Node, local: bool) -> ast.FunDef:
        bounds = tuple(self.bound(b) for b in self.named(node) if b.type == "quantifier_bound")
        body = self.expr(self.one(node, "definition"))
        return ast.FunDef(self.pos(node), ident(self.text(self.one(node, "name"))), bounds, body, local)

    def module_definition(self, node: Node, local: bool) -> ast.InstanceDef:
        """``I(p) == INSTANCE M WITH ...``."""
        inst = self.instance(self.one(node, "definition"), local)
        params = tuple(self.param(p) for p in self.fields(node, "parameter"))
        return ast.InstanceDef(self.pos(node), ident(self.text(self.one(node, "name"))),
                               inst.module, params, inst.subs, local)

    def instance(self, node: Node, local: bool) -> ast.InstanceDef:
        kids = self.named(node)
        subs = []
        for sub in kids[1:]:
            if sub.type != "substitution":
                continue
            parts = self.named(sub)
            subs.append((self.op_name(parts[0]), self.expr(parts[-1])))  # op_name applies ident()
        return ast.InstanceDef(self.pos(node), None, self.text(kids[0]), (), tuple(subs), local)

    # -- expressions --------------------------------------------------------------------
    def bound(self, node: Node) -> ast.Bound:
        intro = node.children_by_field_name("intro")
        names: list[str] = []
        pattern = False
        for n in intro:
            if n.type == "tuple_of_identifiers":
                pattern = True
                names.extend(ident(self.text(c)) for c in self.named(n) if c.type == "identifier")
            elif n.type == "identifier":
                names.append(ident(self.text(n)))
        return ast.Bound(tuple(names), pattern, self.expr(self.one(node, "set")))

    def expr(self, node: Node) -> ast.Expr:
        method = getattr(self, "x_" + node.type, None)
        if method is None:
            raise self.unsupported(node)
        return method(node)

    def x_parentheses(self, node: Node) -> ast.Expr:
        return self.expr(self.named(node)[0])

    def x_label(self, node: Node) -> ast.Expr:
        """``lab(x) :: e``: kept for selectors (``Op!lab``), removed where the unit is done (unit)."""
        kids = self.named(node)
        self._labels = True
        params = tuple(ident(self.text(c)) for c in kids[1:-1] if c.type in ("identifier_ref", "identifier"))
        return ast.Label(self.pos(node), ident(self.text(kids[0])), params, self.expr(kids[-1]))

    def x_nat_number(self, node: Node) -> ast.Expr:
        return self._number(node, self.text(node), 10)

    def _number(self, node: Node, digits: str, base: int) -> ast.Expr:
        # TLC's integers are 32-bit: a larger literal is refused before anything runs (and
        # Python's int() of a 5,000-digit literal would itself raise).
        if len(digits) > 40 or int(digits, base) > 2 ** 31 - 1:
            raise NumberTooBig(f"TLC can't handle a number this big: {digits[:40]}", self.pos(node))
        return ast.Num(self.pos(node), int(digits, base))

    def _based(self, node: Node, base: int) -> ast.Expr:
        return self._number(node, self.text(self.named(node)[-1]), base)

    def x_binary_number(self, node: Node) -> ast.Expr:
        return self._based(node, 2)

    def x_octal_number(self, node: Node) -> ast.Expr:
        return self._based(node, 8)

    def x_hex_number(self, node: Node) -> ast.Expr:
        return self._based(node, 16)

    def x_string(self, node: Node) -> ast.Expr:
        raw = self.text(node)[1:-1]
        out, i = [], 0
        escapes = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", '"': '"', "\\": "\\"}
        while i < len(raw):
            ch = raw[i]
            if ch == "\\" and i + 1 < len(raw):
                out.append(escapes.get(raw[i + 1], raw[i + 1]))
                i += 2
            else:
                out.append(ch)
                i += 1
        return ast.Str(self.pos(node), "".join(out))

    def x_boolean(self, node: Node) -> ast.Expr:
        return ast.Bool(self.pos(node), self.text(node) == "TRUE")

    def x_identifier_ref(self, node: Node) -> ast.Expr:
        return ast.Name(self.pos(node), self.name(node))

    def name(self, node: Node) -> str:
        """The identifier ``node`` is as the AST names it, or the operator whose symbol a
        placeholder stands for (_read: ``I!++`` and ``COp!@!++`` passed as operators)."""
        if self._symbols:
            symbol = self._symbols.get(self._broken.position(*node.start_point))
            if symbol is not None:
                return symbol
        return ident(self.text(node))

    x_identifier = x_identifier_ref

    def _set_constant(self, node: Node) -> ast.Expr:
        return ast.Name(self.pos(node), self.text(node))

    x_nat_number_set = x_int_number_set = x_boolean_set = x_string_set = _set_constant

    def x_real_number_set(self, node: Node) -> ast.Expr:
        return ast.Name(self.pos(node), "Real")

    def x_infix_op_symbol(self, node: Node) -> ast.Expr:
        """An operator symbol passed as an argument: SortSeq(s, <)."""
        return ast.Name(self.pos(node), self.named(node)[0].type)

    x_prefix_op_symbol = x_postfix_op_symbol = x_infix_op_symbol

    def x_bound_op(self, node: Node) -> ast.Expr:
        name = self.op_name(self.one(node, "name"))
        args = tuple(self.expr(a) for a in self.fields(node, "parameter"))
        opening = next((c for c in node.children if c.type == "("), node)
        return ast.Apply(self.pos(node), name, args, self.pos(opening))

    def x_prefixed_op(self, node: Node) -> ast.Expr:
        prefix = self.named(self.one(node, "prefix"))
        if any(c.type == "subexpr_tree_nav" for c in prefix):  # U!1!Op(42): a LET's operator
            comps, steps = self._selector_parts(prefix, node, named=True)
            return self._select(node, comps, [*steps, self._label_step(self.one(node, "op"))])
        if prefix and self._earlier_definition(self._component_name(prefix[0])):
            # Op!lab, Op(x)!lab(1): a label of the operator Op (Op!1!Def, a LET's operator: refused)
            if any(c.type != "subexpr_component" for c in prefix):
                raise self._refusal(node)()
            comps = [self._component(c) for c in prefix] + [self.one(node, "op")]
            return self._selection(node, comps, [])
        op = self.one(node, "op")
        at = self._operator_component([*prefix, op])
        if at < len(prefix):  # Op(1)!lab(2), I!Op(1)!lab(2): a label of another module's operator
            comps = [self._component(c) for c in prefix[at:]] + [op]
            return self._selection(node, comps, [], tuple(self._component_name(c) for c in prefix[:at]), prefix[:at])
        if self._module is not None and op.type in ("identifier_ref", "bound_op") \
                and all(len(self.named(c)) == 1 and self.named(c)[0].type in ("identifier_ref", "bound_op")
                        for c in prefix) \
                and (len(prefix) > 1 or self._kind([self._component_name(prefix[0])]) != "instance"):
            # I!Op!lab (J!Thm!lab3, TLC's suite/test219) or an operator of an instance of an
            # instance: the loader tells (modules.Loader.define_selections)
            name = self.op_name(self.one(op, "name") if op.type == "bound_op" else op)
            self._module.selections.append(ast.Selection(self.pos(node), name, tuple(
                self._component_name(c) for c in prefix), name, (), optional=True))
        return self._reference(prefix, op, node)

    def _component(self, comp: Node) -> Node:
        """The name or application a component of a reference is (``I``, ``I(x)``, ``lab(1)``,
        and after a step a LET's operator named by its symbol, ``++`` or ``++(1, 2)``)."""
        inner = self.named(comp)
        if len(inner) != 1 or inner[0].type not in ("identifier_ref", "bound_op", *_SYMBOL_NODES):
            raise self.unsupported(comp, f"the subexpression selector {self.text(comp)}")
        return inner[0]

    def _component_name(self, comp: Node) -> str:
        inner = self.named(comp)
        head = self.one(inner[0], "name") if len(inner) == 1 and inner[0].type == "bound_op" else comp
        return ident(self.text(head))

    def _reference(self, prefix: list[Node], op: Node, whole: Node) -> ast.Expr:
        """``I!J!Op(args)`` from the components before the last ``!`` and the operator after it."""
        return self._qualified(prefix, self.expr(op), whole)

    def _qualified(self, prefix: list[Node], target: ast.Expr, whole: Node) -> ast.Expr:
        """``target`` (a name or an application) seen through the instances ``prefix`` names;
        ``whole`` is the reference as written, which a refusal names (``Op(x)!1!lab``)."""
        parts = []
        inst_args: tuple[ast.Expr, ...] = ()
        for comp in prefix:
            inner = self.named(comp)
            if len(inner) == 1 and inner[0].type == "bound_op":
                # I(a, b)!Op, L!I(a)!Op: an instance with parameters (hoisted to a plain one: instances.py)
                head = inner[0]
                given = tuple(self.expr(a) for a in self.fields(head, "parameter"))
                inst_args += given
                parts.append(f"{self.op_name(self.one(head, 'name'))}{instances.ARGS_MARK}{len(given)}")
                continue
            if len(inner) != 1 or inner[0].type not in ("identifier_ref", "identifier"):
                raise self._refusal(whole)()
            parts.append(ident(self.text(inner[0])))
        if not parts:
            return target
        qualified = "!".join(parts)
        if isinstance(target, ast.Name):
            if inst_args:
                return ast.Apply(target.pos, f"{qualified}!{target.name}", inst_args)
            return ast.Name(target.pos, f"{qualified}!{target.name}")
        if isinstance(target, ast.Apply):
            return ast.Apply(target.pos, f"{qualified}!{target.op}", inst_args + target.args, target.args_pos)
        raise self._refusal(whole)()

    def x_subexpression(self, node: Node) -> ast.Expr:
        """A subexpression reference (SANY's Generator.selectorToNode). ``Op!:`` selects the body
        of the definition Op (the statement of a named THEOREM), with Op's parameters bound to
        the arguments written in ``Op(a)!:``: the value TLC evaluates is that of ``Op(a)``
        itself, so the selector is dropped. ``Op(a)!2!<<``, ``Op!(1, 2)``, ``Op!@`` name a
        subexpression of Op's body (subexpr.py): of a definition written earlier in this module
        it is that expression, with Op's parameters and the names bound on the way given the
        arguments written; of one defined in another module (EXTENDed, or reached through an
        instance, ``I(x)!Op!1``) it is a definition that module gets (subexpr.define). So are
        labels of an operator of this module (``Op!lab(1)!2``), and a LET's operator named after
        the steps that select the LET (``U!1!Op(42)``). Labels of another module's are refused
        (exit 150), naming the form, where the module is read, as SANY refuses a selector that
        does not fit its definition even where nothing uses it."""
        comps, steps = self._selector_parts(self.named(node), node)
        return self._select(node, comps, steps)

    def _selector_parts(self, nodes: list[Node], node: Node, named: bool = False) \
            -> tuple[list[Node], list[subexpr.Step]]:
        """The components (``I``, ``Op(a)``) and the steps after them of a selector's parts,
        ``named`` when an operator's name follows them. A ``!:`` that ends the selector is the
        selected expression itself and is dropped; one before a name is kept: the name is then
        an operator of the LET selected, not a label (SANY's selectorToNode)."""
        comps: list[Node] = []
        steps: list[subexpr.Step] = []
        todo = list(reversed(nodes))
        refused = self._refusal(node)
        while todo:
            c = todo.pop()
            kind = self.named(c)[0].type if c.type == "subexpr_tree_nav" and self.named(c) else None
            if c.type == "subexpr_prefix":
                todo.extend(reversed(self.named(c)))
            elif c.type == "subexpr_component" and not steps:
                comps.append(c)
            elif c.type == "subexpr_component":  # U!1!Op: the LET's operator Op (subexpr.select)
                steps.append(self._label_step(self._component(c)))
            elif kind == "colon" and not todo and not named:
                pass  # Op!: and Op!2!: : the selected expression itself
            elif kind == "colon":
                steps.append(subexpr.COLON)
            elif kind == "child_id":
                steps.append(int(self.text(self.named(c)[0])))
            elif kind in _NAV_STEPS:
                steps.append(_NAV_STEPS[kind])
            elif kind == "operator_args":
                steps.append(tuple(self.expr(a) for a in self.named(self.named(c)[0])))
            else:
                raise refused()
        return comps, steps

    def _select(self, node: Node, comps: list[Node], steps: list[subexpr.Step]) -> ast.Expr:
        """The selector of ``comps`` (the last the operator) and ``steps``, as x_subexpression."""
        refused = self._refusal(node)
        if (len(comps) > 1 or steps) and self._earlier_definition(self._component_name(comps[0])):
            return self._selection(node, [self._component(c) for c in comps], steps)
        op = self.named(comps[-1])
        if len(op) != 1 or op[0].type not in ("identifier_ref", "bound_op"):
            raise refused()
        if not steps:
            return self._reference(comps[:-1], op[0], node)
        at = self._operator_component(comps)
        via = tuple(self._component_name(c) for c in comps[:at])
        return self._selection(node, [self._component(c) for c in comps[at:]], steps, via, comps[:at])

    def _operator_component(self, comps: list[Node]) -> int:
        """Which of a selector's components (``I(55)!Inst!Op(1)!lab(2)``) is the operator: those
        before it are instances, those after it its labels (SANY looks each name up). It is the
        first component given arguments that is no instance with parameters (the loader, which
        reads the other modules, tells: ``kinds``; without it, the first component is taken for
        an instance and any other for the operator). Without arguments (``I!Op!lab`` passed as
        an operator) the last one is taken for it and the loader tells
        (modules.Loader.define_selections)."""
        for i, c in enumerate(comps):
            if (self.named(c)[0] if c.type == "subexpr_component" else c).type != "bound_op":
                continue
            kind = self._kind([self._component_name(x) for x in comps[:i + 1]])
            if kind == "operator" or kind is None and i > 0:
                return i
        return len(comps) - 1

    def _kind(self, path: list[str]) -> str | None:
        """What the names ``path`` mean here: "instance", "operator" or None (Kind)."""
        if self._module is None:
            return None
        if len(path) == 1 and any(isinstance(d, ast.InstanceDef) and d.name == path[0] for d in self._module.defs):
            return "instance"
        return self._kinds(self._module, tuple(path)) if self._kinds is not None else None

    def _selection(self, node: Node, comps: list[Node], steps: list[subexpr.Step], via: tuple[str, ...] = (),
                   prefix: list[Node] | None = None) -> ast.Expr:
        """``Op(a)!lab(b)!2`` from the operator ``comps[0]``, its labels ``comps[1:]`` and the
        other ``steps``, reached through the instances ``via`` (written as ``prefix``): a
        reference to the definition the selection becomes (subexpr.define), defined now when Op
        is this module's, else by the loader (modules.Loader.define_selections)."""
        refused = self._refusal(node)
        head = self.one(comps[0], "name") if comps[0].type == "bound_op" else comps[0]
        name = ident(self.text(head))
        args = tuple(self.expr(a) for a in self.fields(comps[0], "parameter")) if comps[0].type == "bound_op" else None
        labels: list[subexpr.Step] = [self._label_step(c) for c in comps[1:]]
        steps = labels + steps
        pos = self.pos(node)
        call_args = (args or ()) + tuple(a for s in steps if isinstance(s, tuple | subexpr.LabelStep)
                                         for a in (s.args if isinstance(s, subexpr.LabelStep) else s))
        if subexpr.AT in steps and call_args or self._module is None:
            raise refused()  # (Op!@ names an operator: T(V!@), no arguments)
        sel = ast.Selection(pos, subexpr.selection_name(name, steps), via, name, tuple(steps))
        if not via and self._earlier_definition(name):
            if not any(d.name == sel.name for d, _ in self._selected):
                self._selected.append(subexpr.define(self._module, sel, refused))
        else:
            self._module.selections.append(sel)
        ref: ast.Expr = ast.Apply(pos, sel.name, call_args) if call_args else ast.Name(pos, sel.name)
        return self._qualified(prefix or [], ref, node)

    def _label_step(self, c: Node) -> subexpr.LabelStep:
        """``lab`` or ``lab(a, b)`` in a selector: a label, or after a step a LET's operator,
        which may be named by its symbol (``++``, ``++(1, 2)``)."""
        if c.type == "bound_op":
            return subexpr.LabelStep(self.name(self.one(c, "name")),
                                     tuple(self.expr(a) for a in self.fields(c, "parameter")))
        if c.type == "bound_nonfix_op":
            kids = self.named(c)
            return subexpr.LabelStep(self.op_name(kids[0]), tuple(self.expr(a) for a in kids[1:]))
        return subexpr.LabelStep(self.op_name(c) if c.type in _SYMBOL_NODES else self.name(c), ())

    def _refusal(self, node: Node) -> Callable[[], Exception]:
        return lambda: self.unsupported(node, f"the subexpression selector {self.original_text(node)}")

    def _earlier_definition(self, name: str) -> bool:
        """Whether the operator ``Op`` of ``Op!n`` is defined earlier in this module."""
        return self._module is not None and any(isinstance(d, ast.OpDef) and d.name == name
                                                for d in self._module.defs)

    def _precedence(self, node: Node, sym: str, lhs: Node, rhs: Node) -> None:
        """SANY's rule for operators written without parentheses (tla2sany OperatorStack): in
        ``a op1 b op2 c`` one operator's precedence range must lie wholly above the other's,
        unless both are the same left-associative operator; ``a /\\ b \\/ c``, ``a = b = c`` and
        ``7 \\div -2`` are conflicts."""
        me = PRECEDENCE.get(sym)
        if me is None:
            return
        end = lhs  # the operand just before this operator: a prefix operator applied to it is
        while end.type == "bound_infix_op":  # compared with this one (``{2} \X SUBSET {1} \X {2}``)
            end = self.one(end, "rhs")
        if end.type == "bound_prefix_op" \
                and (ranges := PREFIX_PRECEDENCE.get(prefix := self.one(end, "symbol").type)) is not None \
                and not (ranges[0] > me[1] or ranges[1] < me[0]):  # SANY's OperatorStack
            raise ParseError(f"Precedence conflict between ops {_spell(prefix)} and {_spell(sym)}.",
                             self.pos(self.one(end, "symbol")))
        for side, child in (("lhs", lhs), ("rhs", rhs)):
            if child.type == "bound_infix_op":
                other = self.one(child, "symbol").type
                theirs = PRECEDENCE.get(other)
                if theirs is None:
                    continue
                if side == "lhs":
                    ok = theirs[0] > me[1] or (other == sym and me[2])
                    pair, first = (other, sym), self.one(child, "symbol")
                else:
                    ok = me[1] < theirs[0]
                    pair, first = (sym, other), self.one(node, "symbol")
            elif (child.type == "bound_prefix_op" and side == "rhs"
                  and (other := self.one(child, "symbol").type) == "negative"):
                # Only - is both infix and prefix (SANY's "mixfix"): read as prefix after an
                # infix operator, it conflicts with one binding tighter; ~, SUBSET, [] and
                # the other prefix-only operators are simply pushed (a = ~b parses).
                ok = not me[0] > NEGATIVE_PRECEDENCE
                pair, first = (sym, other), self.one(node, "symbol")
            else:
                continue
            if not ok:  # at the first of the two operators, as SANY reports it
                raise ParseError(f"Precedence conflict between ops {_spell(pair[0])} and {_spell(pair[1])}.",
                                 self.pos(first))

    def x_bound_infix_op(self, node: Node) -> ast.Expr:
        sym = self.one(node, "symbol").type
        if sym in ("land", "lor"):
            return self._junction(node, sym)
        lhs, rhs = self.one(node, "lhs"), self.one(node, "rhs")
        self._precedence(node, sym, lhs, rhs)
        pos = self.pos(node)
        if sym == "leads_to":
            return ast.Temporal(pos, "leads_to", (self.expr(lhs), self.expr(rhs)))
        if sym == "times":
            left = self.expr(lhs)
            if isinstance(left, ast.Apply) and left.op == "times" and lhs.type == "bound_infix_op":
                return ast.Apply(pos, "times", left.args + (self.expr(rhs),))
            return ast.Apply(pos, "times", (left, self.expr(rhs)))
        return ast.Apply(pos, sym, (self.expr(lhs), self.expr(rhs)))

    def _junction(self, node: Node, sym: str) -> ast.Expr:
        """``a /\\ b /\\ c ...`` as one n-ary And (Or for ``\\/``). The operator is left-associative,
        so a chain of n terms is n nodes deep down the left: walked in a loop, not recursively
        with a tuple rebuilt at every level (which was quadratic). Precedence is checked top
        down and operands converted left to right, as the recursion did."""
        top, same = node, ast.And if sym == "land" else ast.Or
        spine: list[Node] = []  # the right operands, outermost first
        while node.type == "bound_infix_op" and self.one(node, "symbol").type == sym:
            lhs, rhs = self.one(node, "lhs"), self.one(node, "rhs")
            self._precedence(node, sym, lhs, rhs)
            spine.append(rhs)
            node = lhs
        items: list[ast.Expr] = []
        for side in (node, *reversed(spine)):
            e = self.expr(side)
            if isinstance(e, same) and side.type == "bound_infix_op":
                items.extend(e.items)
            else:
                items.append(e)
        return same(self.pos(top), tuple(items))

    def x_bound_prefix_op(self, node: Node) -> ast.Expr:
        sym = self.one(node, "symbol").type
        rhs = self.one(node, "rhs")
        if rhs.type == "bound_infix_op" and (mine := PREFIX_PRECEDENCE.get(sym)) is not None \
                and (theirs := PRECEDENCE.get(self.one(rhs, "symbol").type)) is not None \
                and not (mine[1] < theirs[0] or mine[0] > theirs[1]):  # ``ENABLED a \X b`` (SANY)
            raise ParseError(f"Precedence conflict between ops {_spell(sym)} and "
                             f"{_spell(self.one(rhs, 'symbol').type)}.", self.pos(self.one(node, "symbol")))
        arg = self.expr(rhs)
        pos = self.pos(node)
        if sym in _TEMPORAL_PREFIX:
            return ast.Temporal(pos, sym, (arg,))
        if sym == "enabled":
            return ast.Enabled(pos, arg)
        if sym == "unchanged":
            return ast.Unchanged(pos, arg)
        return ast.Apply(pos, sym, (arg,))

    def x_bound_nonfix_op(self, node: Node) -> ast.Expr:
        """An operator symbol applied in prefix form, ``+(1, 2)`` or ``R(7)!$$(5, 9)``: the same
        application as the infix (prefix, postfix) form."""
        kids = self.named(node)
        sym = self.named(kids[0])[0].type
        pos = self.pos(node)
        if sym == "minus" and (node.parent is None or node.parent.type != "prefixed_op"):
            # SANY reads -( as prefix minus: -(7, 2) fails at its comma, but F!-(7, 2) is the
            # binary minus of the instance F
            raise ParseError("syntax error near ','", self.pos(kids[2]) if len(kids) > 2 else pos)
        args = tuple(self.expr(a) for a in kids[1:])
        if sym in ("land", "lor") and len(args) == 2:
            return (ast.And if sym == "land" else ast.Or)(pos, args)
        if sym == "prime" and len(args) == 1:
            return ast.Prime(pos, args[0])
        if sym in ("leads_to", "always", "eventually", "enabled", "unchanged"):
            raise self.unsupported(node, f"the operator {sym} applied in prefix form")
        return ast.Apply(pos, sym, args)

    def x_bound_postfix_op(self, node: Node) -> ast.Expr:
        sym = self.one(node, "symbol").type
        arg = self.expr(self.one(node, "lhs"))
        if sym == "prime":
            return ast.Prime(self.pos(node), arg)
        return ast.Apply(self.pos(node), sym, (arg,))

    def _list(self, node: Node, cls: type) -> ast.Expr:
        items = []
        for item in self.named(node):
            parts = self.named(item)
            items.append(self.expr(parts[-1]))
        if len(items) == 1:
            if self._module is not None:
                self._module.sole_items.add(items[0].pos)
                if cls is ast.Or:
                    self._module.sole_disjuncts.add(items[0].pos)
            return items[0]
        return cls(self.pos(node), tuple(items), True)

    def x_conj_list(self, node: Node) -> ast.Expr:
        return self._list(node, ast.And)

    def x_disj_list(self, node: Node) -> ast.Expr:
        return self._list(node, ast.Or)

    def x_finite_set_literal(self, node: Node) -> ast.Expr:
        return ast.SetEnum(self.pos(node), tuple(self.expr(c) for c in self.named(node)))

    def x_tuple_literal(self, node: Node) -> ast.Expr:
        items = [c for c in self.named(node) if c.type not in ("langle_bracket", "rangle_bracket")]
        return ast.Tuple(self.pos(node), tuple(self.expr(c) for c in items))

    def x_set_filter(self, node: Node) -> ast.Expr:
        return ast.SetFilter(self.pos(node), self.bound(self.one(node, "generator")),
                             self.expr(self.one(node, "filter")))

    def x_set_map(self, node: Node) -> ast.Expr:
        bounds = tuple(self.bound(b) for b in self.fields(node, "generator"))
        return ast.SetMap(self.pos(node), self.expr(self.one(node, "map")), bounds)

    def _fields(self, node: Node) -> tuple[tuple[str, ast.Expr], ...]:
        kids = [c for c in self.named(node) if c.type not in ("all_map_to", "colon")]
        names = [self.text(kids[i]) for i in range(0, len(kids), 2)]
        for i, name in enumerate(names):
            if name in names[:i]:  # SANY's Generator: [a |-> 1, a |-> 2] and [a : S, a : T]
                raise SemanticError("Non-unique fields in constructor.", self.pos(kids[2 * i]))
        return tuple((name, self.expr(kids[2 * i + 1])) for i, name in enumerate(names))

    def x_record_literal(self, node: Node) -> ast.Expr:
        return ast.RecordLit(self.pos(node), self._fields(node))

    def x_set_of_records(self, node: Node) -> ast.Expr:
        return ast.RecordSet(self.pos(node), self._fields(node))

    def x_record_value(self, node: Node) -> ast.Expr:
        kids = self.named(node)
        return ast.Field(self.pos(node), self.expr(kids[0]), self.text(kids[-1]))

    def x_function_literal(self, node: Node) -> ast.Expr:
        kids = self.named(node)
        bounds = tuple(self.bound(b) for b in kids if b.type == "quantifier_bound")
        return ast.FuncLit(self.pos(node), bounds, self.expr(kids[-1]))

    def x_function_evaluation(self, node: Node) -> ast.Expr:
        kids = self.named(node)
        return ast.FuncApp(self.pos(node), self.expr(kids[0]), tuple(self.expr(c) for c in kids[1:]))

    def x_set_of_functions(self, node: Node) -> ast.Expr:
        kids = [c for c in self.named(node) if c.type != "maps_to"]
        return ast.FuncSet(self.pos(node), self.expr(kids[0]), self.expr(kids[1]))

    def x_except(self, node: Node) -> ast.Expr:
        func = self.expr(self.one(node, "expr_to_update"))
        updates = []
        for upd in self.named(node):
            if upd.type != "except_update":
                continue
            specs = self.fields(upd, "update_specifier")
            if not specs:
                raise ParseError("EXCEPT update without a path", self.pos(upd))
            spec = specs[0]
            steps = []
            for step in self.named(spec):
                if step.type == "except_update_fn_appl":
                    steps.append(ast.ExceptStep(tuple(self.expr(a) for a in self.named(step)), None))
                elif step.type == "except_update_record_field":
                    steps.append(ast.ExceptStep(None, self.text(self.named(step)[0])))
                else:
                    raise self.unsupported(step)
            updates.append((tuple(steps), self.expr(self.one(upd, "new_val"))))
        return ast.Except(self.pos(node), func, tuple(updates))

    def x_prev_func_val(self, node: Node) -> ast.Expr:
        return ast.At(self.pos(node))

    def x_if_then_else(self, node: Node) -> ast.Expr:
        return ast.If(self.pos(node), self.expr(self.one(node, "if")), self.expr(self.one(node, "then")),
                      self.expr(self.one(node, "else")))

    def x_case(self, node: Node) -> ast.Expr:
        arms, other = [], None
        for arm in self.named(node):
            parts = [c for c in self.named(arm) if c.type != "case_arrow"]
            if arm.type == "case_arm":
                arms.append((self.expr(parts[0]), self.expr(parts[1])))
            elif arm.type == "other_arm":
                other = self.expr(parts[-1])
        return ast.Case(self.pos(node), tuple(arms), other)

    def x_let_in(self, node: Node) -> ast.Expr:
        defs: list[ast.Definition] = []
        recursive: set[str] = set()
        renames: list[tuple[str, str, int]] = []
        for d in self.fields(node, "definitions"):
            if d.type == "operator_definition":
                defs.append(self.opdef(d, False, recursive))
            elif d.type == "function_definition":
                defs.append(self.fundef(d, False))
            elif d.type == "recursive_declaration":
                recursive.update(self.param(c).name for c in self.named(d))
            elif d.type == "module_definition":
                # LET I == INSTANCE M IN ...: hoisted to the module under a fresh name
                # (instances.py checks that its substitutions mean the same there).
                inst = self.module_definition(d, False)
                if inst.params:
                    raise self.unsupported(d, "an INSTANCE with parameters inside LET")
                hoisted = instances.let_instance(inst)
                assert inst.name is not None and hoisted.name is not None  # a module_definition is named
                self._let_instances.append(hoisted)
                renames.append((inst.name, hoisted.name, len(defs)))  # seen by the definitions after it
            else:
                raise self.unsupported(d, f"{d.type} inside LET")
        body = self.expr(self.one(node, "expression"))
        for old_name, new_name, start in renames:
            defs[start:] = [instances.use_hoisted(x, old_name, new_name) for x in defs[start:]]
            body = instances.use_hoisted(body, old_name, new_name)
        if not defs:
            return body
        return ast.Let(self.pos(node), tuple(defs), body)

    def x_bounded_quantification(self, node: Node) -> ast.Expr:
        kind = self.one(node, "quantifier").type
        bounds = tuple(self.bound(b) for b in self.fields(node, "bound"))
        return ast.Quant(self.pos(node), kind, bounds, self.expr(self.one(node, "expression")))

    def x_unbounded_quantification(self, node: Node) -> ast.Expr:
        kind = self.one(node, "quantifier").type
        names = tuple(ident(self.text(c)) for c in self.fields(node, "intro"))
        bound = ast.Bound(names, False, None)
        return ast.Quant(self.pos(node), kind, (bound,), self.expr(self.one(node, "expression")))

    def x_choose(self, node: Node) -> ast.Expr:
        intro = self.one(node, "intro")
        if intro.type == "tuple_of_identifiers":
            names = tuple(ident(self.text(c)) for c in self.named(intro) if c.type == "identifier")
            pattern = True
        else:
            names, pattern = (ident(self.text(intro)),), False
        set_node = node.child_by_field_name("set")
        bound = ast.Bound(names, pattern, self.expr(set_node) if set_node else None)
        return ast.Choose(self.pos(node), bound, self.expr(self.one(node, "expression")))

    def x_step_expr_or_stutter(self, node: Node) -> ast.Expr:
        kids = self.named(node)
        return ast.StepAction(self.pos(node), self.expr(kids[0]), self.expr(kids[-1]), False)

    def x_step_expr_no_stutter(self, node: Node) -> ast.Expr:
        kids = [c for c in self.named(node) if c.type not in ("langle_bracket", "rangle_bracket_sub")]
        return ast.StepAction(self.pos(node), self.expr(kids[0]), self.expr(kids[-1]), True)

    def x_fairness(self, node: Node) -> ast.Expr:
        kind = "WF" if node.children[0].type == "WF_" else "SF"
        kids = self.named(node)
        return ast.Fairness(self.pos(node), kind, self.expr(kids[0]), self.expr(kids[-1]))

    def x_lambda(self, node: Node) -> ast.Expr:
        kids = self.named(node)
        params = tuple(ident(self.text(c)) for c in kids[:-1] if c.type == "identifier")
        return ast.Lambda(self.pos(node), params, self.expr(kids[-1]))


# SANY's precedence ranges (low, high) and left associativity of infix operators, by
# tree-sitter node kind (tla2sany/parser/Operators.java).
def _ranges(spec: str, low: int, high: int, left: bool) -> dict[str, tuple[int, int, bool]]:
    return {k: (low, high, left) for k in spec.split()}


PRECEDENCE: dict[str, tuple[int, int, bool]] = {
    **_ranges("pow powpow", 140, 140, False),
    **_ranges("slash div oslash slashslash", 130, 130, False),
    **_ranges("mul circ odot otimes amp ampamp mulmul star bigcirc bullet", 130, 130, True),
    **_ranges("minus ominus minusminus", 110, 110, True),
    **_ranges("plus oplus plusplus", 100, 100, True),
    **_ranges("mod", 100, 110, False), **_ranges("vert vertvert modmod", 100, 110, True),
    **_ranges("dots_2 dots_3", 90, 90, False),
    **_ranges("uplus sqcap sqcup dol doldol qq hashhash", 90, 130, True), **_ranges("excl", 90, 130, False),
    **_ranges("wr", 90, 140, False),
    **_ranges("cup cap", 80, 80, True), **_ranges("setminus", 80, 80, False), **_ranges("times", 100, 130, True),
    **_ranges("map_to", 70, 70, False), **_ranges("compose", 60, 60, True),
    **_ranges("eq neq lt gt leq geq in notin subseteq supseteq subset supset prec succ preceq succeq sim "
              "simeq ll gg asymp approx cong sqsubset sqsubseteq sqsupset sqsupseteq doteq propto", 50, 50, False),
    **_ranges("cdot", 50, 140, True),
    **_ranges("land lor", 30, 30, True),
    **_ranges("equiv iff leads_to plus_arrow", 20, 20, False),
    **_ranges("implies", 10, 10, False),
}
NEGATIVE_PRECEDENCE = 120
"""Prefix -, in the units of PRECEDENCE (SANY: 12-12)."""
PREFIX_PRECEDENCE: dict[str, tuple[int, int]] = {
    "powerset": (100, 130), "union": (100, 130), "domain": (100, 130), "negative": (120, 120), "lnot": (40, 40),
    "always": (40, 150), "eventually": (40, 150), "enabled": (40, 150), "unchanged": (40, 150),
}
"""SANY's ranges of the prefix operators (SUBSET, UNION and DOMAIN bind as \\X does: 10-13)."""
_SPELL = {"land": "\\land", "lor": "\\lor", "eq": "=", "lt": "<", "gt": ">", "div": "\\div", "negative": "-",
          "minus": "-", "plus": "+", "mul": "*", "leq": "\\leq", "geq": "\\geq", "neq": "/=", "in": "\\in",
          "implies": "=>", "equiv": "\\equiv", "cup": "\\union", "cap": "\\intersect", "setminus": "\\",
          "dots_2": "..", "pow": "^", "mod": "%", "circ": "\\o", "times": "\\times", "powerset": "SUBSET",
          "union": "UNION", "domain": "DOMAIN", "lnot": "\\lnot", "always": "[]", "eventually": "<>",
          "enabled": "ENABLED", "unchanged": "UNCHANGED"}


def _spell(kind: str) -> str:
    return _SPELL.get(kind, kind)


def _first_error(node: Node) -> Node | None:
    """The first ERROR or MISSING node; inside an ERROR that wraps a whole module (tree-sitter's
    recovery when the module cannot be completed), the first error nested in it."""
    if node.is_missing or node.type == "ERROR" and not _wraps_module(node):
        return node
    if not node.has_error or node.type == "block_comment":
        return None  # SANY skips comments: a PlusCal algorithm the grammar cannot read is no error
    for child in node.children:
        found = _first_error(child)
        if found is not None:
            return found
    return node if node.type == "ERROR" else None  # (the errors were all in comments)


def _wraps_module(node: Node) -> bool:
    return any(c.type == "MODULE" for c in node.children)


_UNIT_KINDS = frozenset({"MODULE", "header_line", "single_line", "double_line", "extends", "constant_declaration",
                         "variable_declaration", "recursive_declaration", "operator_definition",
                         "function_definition", "module_definition", "instance", "local_definition", "assumption",
                         "theorem", "module", "comment", "block_comment"})


def _failed_unit(error: Node) -> Node:
    """In an ERROR wrapping a module, with no error nested in it: the first piece after the last
    complete unit, which is where the definition that could not be parsed starts."""
    kids = error.children
    done = [i for i, c in enumerate(kids) if c.type in _UNIT_KINDS and not c.has_error
            or i > 0 and kids[i - 1].type == "MODULE"]
    after = (done[-1] + 1) if done else 0
    return kids[after] if after < len(kids) else error


def _parse(data: bytes, file: str, symbols: dict[tuple[int, int], str] | None = None,
           original: bytes | None = None, kinds: Kind | None = None) -> tuple[tree_sitter.Tree, _Converter]:
    """The tree of ``data``, which is ``original`` with the placeholders ``symbols`` (_read)."""
    broken = break_long_lines(data)
    return _PARSER.parse(broken.text), _Converter(original or data, broken, file, symbols or {}, kinds)


def _syntax_error(data: bytes, file: str, tree: tree_sitter.Tree, conv: _Converter,
                  probe: bool = False) -> ParseError | _SymbolStep | None:
    """The first syntax error, where SANY puts it as far as tree-sitter's recovery tells. When
    the module cannot be completed tree-sitter wraps it whole in one ERROR: then the first error
    nested in it; else the ==== after the definition that failed (SANY: "Encountered ===="); a
    module without ==== is closed and parsed again to find such an error, and without one it is
    reported at the file's last character (SANY: "Encountered <EOF>")."""
    bad = _first_error(tree.root_node)
    if bad is None:
        return None
    if bad.type == "ERROR" and _wraps_module(bad):
        failed = _failed_unit(bad)
        end = _MODULE_END.search(data, conv.offset(failed))
        if end is not None:
            return ParseError("syntax error near '===='", conv.offset_pos(end.start()))
        if not probe:
            eof = conv.last_character()
            closed = data + b"\n====\n"
            earlier = _syntax_error(closed, file, *_parse(closed, file), probe=True)
            if earlier is None:
                return ParseError("missing ==== at the end of the module", eof)
            if isinstance(earlier, _SymbolStep):
                return earlier
            if earlier.pos is None or (earlier.pos.line, earlier.pos.col) >= (eof.line, eof.col):
                return ParseError("unexpected end of file (an unfinished definition, or no ====)", eof)
            return earlier
        bad = failed
    first = conv.original_text(bad).split("\n")[0]
    # the error, or the token before it: tree-sitter may put it lines after the construct it
    # failed on, past comments
    before = _token_before(bad)
    for at, length in [(conv.offset(bad), len(first.encode()))] + ([(conv.offset(before), 1)] if before else []):
        step = _operator_selector(data, at, length, conv)
        if step is not None:
            return step
    what = f"missing {bad.type}" if bad.is_missing else f"syntax error near {first[:30]!r}"
    return ParseError(what, conv.pos(bad))


# A subexpression selector whose last step is an operator's symbol and that is no application:
# COp!@!++ or Inst!Bar5!lab!:!++ passed as an operator argument (TLC's suite/test206, test219).
_OPERATOR_SELECTOR = re.compile(r"[A-Za-z_]\w*(?:\([^()]*\))?"
                                r"(?:!(?:\w+(?:\([^()]*\))?|\([^()]*\)|@|:|<<|>>))*"
                                r"!(?P<op>[-+*/%^&|=<>#$:.~]+|\\[A-Za-z]+)(?!\s*\()")


def _token_before(node: Node) -> Node | None:
    """The last token before ``node`` that is no comment."""
    while True:
        while node.prev_sibling is None:
            if node.parent is None:
                return None
            node = node.parent
        node = node.prev_sibling
        if node.is_extra:
            continue
        while any(not c.is_extra for c in node.children):
            node = [c for c in node.children if not c.is_extra][-1]
        return node


@dataclass(frozen=True)
class _SymbolStep:
    """A selector step naming an operator by its symbol (the ``++`` of ``COp!@!++``) where the
    grammar failed: bytes ``start`` to ``end`` of the text, and what to report should the
    selector fail even with the symbol replaced (_read)."""

    start: int
    end: int
    refusal: SemanticError


def _operator_selector(data: bytes, at: int, length: int, conv: _Converter) -> _SymbolStep | None:
    """SANY reads a selector that names an operator by its symbol (``COp!@!++``), which the grammar
    here cannot when nothing is applied to it: the symbol step of such a selector where the
    syntax error at byte ``at`` (``length`` bytes on its line) is in or right after one."""
    start = data.rfind(b"\n", 0, at) + 1
    end = data.find(b"\n", at)
    line = data[start:len(data) if end < 0 else end].decode("utf-8", "replace")
    for m in _OPERATOR_SELECTOR.finditer(line):
        first, last = (start + len(line[:i].encode()) for i in (m.start(), m.end()))
        if m["op"] not in (":", "<<", ">>") and first <= at + max(length, 1) and last >= at:
            refusal = SemanticError(f"unsupported construct: the subexpression selector {m[0]}, which names an "
                                    "operator by its symbol", conv.offset_pos(first))
            return _SymbolStep(start + len(line[:m.start("op")].encode()), last, refusal)
    return None


def _read(data: bytes, file: str, kinds: Kind | None) -> tuple[tree_sitter.Tree, _Converter]:
    """The tree of ``data`` and its converter. Where the grammar fails on a selector step that
    names an operator by its symbol (``COp!@!++``, an operator argument), the symbol is replaced
    by a placeholder identifier of as many bytes (so every position stays) and the text read
    again; the converter reads each placeholder as its operator (_Converter.name). A step that
    still fails is refused, naming the selector."""
    text, symbols = data, dict[tuple[int, int], str]()
    while True:
        tree, conv = _parse(text, file, symbols, data, kinds)
        error = _syntax_error(text, file, tree, conv)
        if not isinstance(error, _SymbolStep):
            if error is not None:
                raise error
            return tree, conv
        row = data.count(b"\n", 0, error.start)
        spot = (row, error.start - data.rfind(b"\n", 0, error.start) - 1)
        name = symbol_name(data[error.start:error.end].decode())
        if name is None or spot in symbols:
            raise error.refusal
        symbols[spot] = name
        text = text[:error.start] + b"X" * (error.end - error.start) + text[error.end:]


_MODULE_END = re.compile(rb"={4,}")
_HEADER = re.compile(rb"-{4,}[ \t\r\n]*MODULE")


def parse_module_text(src: str | bytes, file: str = "<string>", kinds: Kind | None = None) -> ast.Module:
    """Parse the first module of a TLA+ source text (``kinds``: see Kind)."""
    data = expand_tabs(src.encode("utf-8") if isinstance(src, str) else src)
    if not _HEADER.search(data):
        raise ParseError("no MODULE found", _parse(data, file)[1].last_character())
    tree, conv = _read(data, file, kinds)
    modules = [c for c in tree.root_node.named_children if c.type == "module"]
    if not modules:
        raise ParseError("no MODULE found", conv.last_character())
    mod = conv.module(modules[0])
    # Modules written after the first one's ==== in the same file: SANY reads them too, and an
    # INSTANCE in the first finds them by name (the loader registers them as it does inner ones).
    mod.inner.extend(conv.module(m) for m in modules[1:])
    return mod


def deepest_point(src: bytes, file: str) -> ast.Pos:
    """Where the syntax tree of ``src`` is deepest: the place to show when an expression is nested
    too deeply to load (walked with a cursor, so any depth is fine)."""
    src = expand_tabs(src)
    broken = break_long_lines(src)
    tree = _PARSER.parse(broken.text)
    cursor = tree.walk()
    depth = best = 0
    deepest = tree.root_node
    while True:
        if cursor.goto_first_child():
            depth += 1
            if depth > best and cursor.node is not None:  # a cursor on a child always has its node
                best, deepest = depth, cursor.node
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return _Converter(src, broken, file, {}).pos(deepest)
            depth -= 1


def parse_module_file(path: str | Path, kinds: Kind | None = None) -> ast.Module:
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise ParseError(f"cannot read {p}: {exc.strerror}", ast.Pos(str(p), 1, 1)) from None
    mod = parse_module_text(data, str(p), kinds)
    if mod.name != p.stem:
        raise ParseError(f"File name '{p.stem}' does not match the name '{mod.name}' of the top level module "
                         "it contains.", mod.pos)
    return mod

