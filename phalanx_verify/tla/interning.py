"""TLC's order of strings and model values: the order their names were first read.

TLC compares two strings (and two model values) by their UniqueString token numbers, which
count up as names are interned, not by their characters: ``{"b", "a"}`` prints as
``{"b", "a"}`` when ``b`` was read first, and ``CHOOSE s \\in {"b", "a"} : TRUE`` is ``"b"``.
The same order sorts a record's fields when TLC normalises it. What is read when, as tla2tools
does it (established from dumps of its intern table, kept in tests/checker/test_string_order.py):

1. the cfg's values (model values, strings), as the cfg is parsed before the spec;
2. SANY's built-in names (``STRING``, ``FALSE``, ``TRUE``, ...);
3. every token of every module as it is parsed, the root module first, then the modules it
   EXTENDS or INSTANCEs in SANY's order (see reading_order; TLC adds ``_TLCTrace`` as the
   root's last EXTENDS), each token in text order: identifiers, keywords, numbers (so the
   string ``"pc"`` ranks with the variable ``pc``);
4. string literals, module by module in the order their semantics are checked (a module after
   the modules it depends on, the root last), each in text order;
5. the names TLC's TLCGetSet interns as it is loaded (``TLCGETSET_NAMES``);
6. strings made while checking (``\\o``, ``ToString``), when first made; here, after every name
   read, by their characters (deterministic, where the order of first sight is not), except
   the names of model values made by TLCExt!TLCModelValue, in the order they are made (``made``).

The standard modules' tokens (which depend on nothing but tla2tools) are in ``std_tokens``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from .std_tokens import STD_TOKENS

# SANY's built-in operators, in the order tla2tools interns their names (BuiltInOperators'
# table: its symbols too, so that the string "\\" ranks with set difference), then the
# formal parameters of the operators it makes.
BUILTIN_OPERATORS = (
    "STRING", "FALSE", "TRUE", "BOOLEAN", "=", "/=", ".", "'", "\\lnot", "\\neg", "\\land", "\\lor",
    "\\equiv", "=>", "SUBSET", "UNION", "DOMAIN", "\\subseteq", "\\in", "\\notin", "\\", "\\intersect",
    "\\union", "\\times", "~>", "[]", "<>", "ENABLED", "UNCHANGED", "\\cdot", "-+->", "$AngleAct",
    "$BoundedChoose", "$BoundedExists", "$BoundedForall", "$CartesianProd", "$Case", "$ConjList",
    "$DisjList", "$Except", "$FcnApply", "$FcnConstructor", "$IfThenElse", "$NonRecursiveFcnSpec",
    "$Pair", "$RcdConstructor", "$RcdSelect", "$RecursiveFcnSpec", "$Seq", "$SetEnumerate",
    "$SetOfAll", "$SetOfFcns", "$SetOfRcds", "$SF", "$SquareAct", "$SubsetOf", "$TemporalExists",
    "$TemporalForall", "$TemporalWhile", "$Tuple", "$UnboundedChoose", "$UnboundedExists",
    "$UnboundedForall", "$WF", "$Nop", "$Qed", "$Pfcase", "$Have", "$Take", "$Pick", "$Witness",
    "$Suffices",
)
BUILTINS = (*BUILTIN_OPERATORS, "Formal_0", "Formal_1", "Formal_2")

# Then SANY's operator table (tla2sany.parser.Operators, loaded before the root module is
# read): its canonical symbols in order, then each row of synonyms after its canonical one.
OPERATOR_SYMBOLS = ('[', '.', "'", '^', '/', '*', '-', '-.', '+', '=', '\\lnot', '\\land', '\\lor', '~>', '=>',
                    '[]', '<>', 'ENABLED', 'UNCHANGED', 'SUBSET', 'UNION', 'DOMAIN', '^+', '^*', '^#',
                    '\\cdot', '\\equiv', '-+->', '/=', '\\subseteq', '\\in', '\\notin', '<', '\\leq', '>',
                    '\\geq', '\\times', '\\', '\\intersect', '\\union', '...', '..', '|', '||', '&&', '&',
                    '$$', '$', '??', '%%', '%', '##', '++', '--', '**', '//', '^^', '@@', '!!', '|-', '|=',
                    '-|', '=|', '<:', ':>', ':=', '::=', '\\oplus', '\\ominus', '\\odot', '\\oslash',
                    '\\otimes', '\\uplus', '\\sqcap', '\\sqcup', '\\div', '\\wr', '\\star', '\\o', '\\bigcirc',
                    '\\bullet', '\\prec', '\\succ', '\\preceq', '\\succeq', '\\sim', '\\simeq', '\\ll', '\\gg',
                    '\\asymp', '\\subset', '\\supset', '\\supseteq', '\\approx', '\\cong', '\\sqsubset',
                    '\\sqsubseteq', '\\sqsupset', '\\sqsupseteq', '\\doteq', '\\propto', '~', '\\neg', '¬',
                    '□', '◇', '/\\', '∧', '\\/', '∨', '<=>', '≡', '⇔', '#', '≠', '<=', '=<', '≤', '>=', '≥',
                    '\\X', '×', '\\cap', '∩', '\\cup', '∪', '\\circ', '∘', '(+)', '⊕', '(-)', '⊖', '(.)', '⊙',
                    '(/)', '⊘', '(\\X)', '⊗', '≈', '≔', '≍', '◯', '⩴', '●', '⋅', '≅', '÷', '≐', '‥', '…', '‼',
                    '≫', '⇒', '∈', '⫤', '↝', '≪', '⊣', '∉', '⇸', '≺', '⪯', '∝', '⁇', '⊨', '⊢', '∼', '≃', '⊓',
                    '⊔', '⊏', '⊑', '⊐', '⊒', '⋆', '⊂', '⊆', '≻', '⪰', '⊃', '⊇', '⊎', '‖', '≀', '⁺')

# The names TLC's TLCGetSet class interns when it is loaded, after the spec's string literals
# (its static fields, in text order): the fields of TLCGet("config") and TLCGet("stats") sort so.
TLCGETSET_NAMES = ("exit", "pause", "config", "spec", "coverage", "action", "install", "id", "mode", "deadlock",
                   "seed", "fingerprint", "worker", "traces", "depth", "aril", "sched", "revision", "timestamp",
                   "date", "count", "tag", "calver", "level", "stats", "duration", "generated", "diameter",
                   "distinct", "initial", "queue", "retries", "distinctvalues", "levelmean", "levelvariance")

# Always parsed: TLC makes its trace module a dependency of every root module.
TRACE_MODULE = "_TLCTrace"


RANK: dict[str, int] = {}  # name -> its place in TLC's order, for the names read (see above)
UNREAD = 1 << 62  # the place of a name not read: after every read name, then by name


def key(name: str) -> tuple[int, str]:
    """A name's sort key: read names in reading order, then the others by name (a string made
    while checking, a model value only a trace names)."""
    return (RANK.get(name, UNREAD), name)


_cfg_values: list[str] = []
_module_names: list[str] = []
MADE: list[str] = []  # names first met while checking (see made), in the order met; its length
# is a mark to go back to (forget_made_since), read inline where a call would cost
_made_frozen = [False]  # in a worker process of the parallel search: see freeze_made
_listeners: list[Callable[[], None]] = []


def on_change(callback: Callable[[], None]) -> None:
    """Call ``callback`` whenever the order changes (caches of ordered sets register here)."""
    _listeners.append(callback)


def read_cfg(values: Iterable[str]) -> None:
    """The names of the values a cfg writes (model values, strings), in the cfg's order."""
    _cfg_values[:] = values
    _rebuild()


def read_modules(names: Iterable[str]) -> None:
    """The names a new spec's modules intern (see ``module_names``), in TLC's order; the
    model's cfg (``read_cfg``) comes after, or there is none."""
    _cfg_values.clear()
    MADE.clear()
    _module_names[:] = names
    _rebuild()


def made(name: str) -> None:
    """A string or model value made while checking (``\\o``, ToString, TLCExt!TLCModelValue)
    whose name was not read: TLC interns the name when it first makes the value (its string, made
    by ``\\o`` or ToString just before), so it comes after every name read, in the order the
    values are made
    (``{TLCModelValue("A_" \\o ToString(n)) : n \\in 0..63}``: A_0, A_1, ..., A_63, not A_0,
    A_1, A_10, ...)."""
    if name not in RANK and not _made_frozen[0]:
        MADE.append(name)
        RANK[name] = len(RANK)
        for callback in _listeners:
            callback()


def forget_made_since(mark: int) -> None:
    """Unplace the names ``made`` placed after ``mark``: an evaluation in Python's order of a
    set (runtime._any_order_first), kept only where its order cannot show, made them in an
    order TLC's may not share; TLC's order then makes them again."""
    if len(MADE) > mark:
        for name in MADE[mark:]:
            del RANK[name]  # the last placed: RANK's places stay 0..len-1
        del MADE[mark:]
        for callback in _listeners:
            callback()


def freeze_made() -> None:
    """Place no more names by ``made`` (in a worker of the parallel search, forked after the
    constants and initial states are computed): each worker would place them in the order it
    meets them, and the workers must sort alike. A name first made there sorts with the names
    not read, by its characters (TLC: TLCModelValue belongs in constant definitions)."""
    _made_frozen[0] = True


def _rebuild() -> None:
    before = dict(RANK)
    RANK.clear()
    for name in (*_cfg_values, *BUILTINS, *OPERATOR_SYMBOLS, *_module_names, *TLCGETSET_NAMES, *MADE):
        if name not in RANK:
            RANK[name] = len(RANK)
    if RANK != before:
        for callback in _listeners:
            callback()


# ---------------------------------------------------------------------------------------
# What a module interns


@dataclass(frozen=True)
class ModuleTokens:
    """What parsing one module interns: its tokens (distinct, in text order), the modules it
    EXTENDS and INSTANCEs (each in text order, which decides the order SANY reads them) and
    its string literals (in text order)."""

    tokens: tuple[str, ...]
    extends: tuple[str, ...]
    instances: tuple[str, ...]
    strings: tuple[str, ...]


_TOKEN = re.compile(r"""
    (?P<comment>\\\*[^\n]*)
  | (?P<open>\(\*)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<rule>-{4,}\s*MODULE|={4,}|-{4,})
  | (?P<sub>\]_|>>_)
  | (?P<backslash>\\[A-Za-z]+)
  | (?P<word>[A-Za-z0-9_]+)
  | (?P<other>\S)
""", re.VERBOSE)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", '"': '"', "\\": "\\"}


def _unescape(literal: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), literal[1:-1])


def _lex(text: str) -> Iterator[tuple[str, str]]:
    """(kind, text) of each token from the first module header to the end of that module
    (modules written inside it included), comments skipped."""
    start = re.search(r"-{4,}\s*MODULE", text)
    i = start.start() if start else len(text)
    depth = 0
    while True:
        m = _TOKEN.search(text, i)
        if m is None:
            return
        i = m.end()
        kind = m.lastgroup or "other"
        if kind == "comment":
            continue
        if kind == "open":
            i = _skip_block_comment(text, i)
            continue
        yield kind, m.group()
        if kind == "rule" and m.group().endswith("MODULE"):
            depth += 1
        elif kind == "rule" and m.group().startswith("="):
            depth -= 1
            if depth == 0:
                return


def _skip_block_comment(text: str, i: int) -> int:
    """The position after the ``*)`` closing a ``(*`` opened just before ``i`` (they nest)."""
    depth = 1
    while depth and i < len(text):
        if text.startswith("(*", i):
            depth, i = depth + 1, i + 2
        elif text.startswith("*)", i):
            depth, i = depth - 1, i + 2
        else:
            i += 1
    return i


def module_tokens(text: str) -> ModuleTokens:
    """What SANY interns when it parses ``text`` (a module file, nested modules included)."""
    tokens: dict[str, None] = {}
    extends: list[str] = []
    instances: list[str] = []
    strings: list[str] = []
    lexed = list(_lex(text))
    for n, (kind, tok) in enumerate(lexed):
        if kind == "word":
            if tok.startswith(("WF_", "SF_")) and len(tok) > 3:  # WF_vars: the keyword, then vars
                tokens.setdefault(tok[:3])
                tok = tok[3:]
            tokens.setdefault(tok)
            if tok == "EXTENDS":
                extends += _name_list(lexed, n + 1)
            elif tok == "INSTANCE":  # LOCAL INSTANCE A, B names several
                instances += _name_list(lexed, n + 1)
        elif kind == "string":
            strings.append(_unescape(tok))
    return ModuleTokens(tuple(tokens), tuple(dict.fromkeys(extends)), tuple(dict.fromkeys(instances)),
                        tuple(strings))


def _name_list(lexed: list[tuple[str, str]], n: int) -> list[str]:
    """The names of ``A, B, C`` starting at lexed[n]."""
    out: list[str] = []
    while n < len(lexed) and lexed[n][0] == "word":
        out.append(lexed[n][1])
        if n + 1 < len(lexed) and lexed[n + 1][1] == ",":
            n += 2
        else:
            break
    return out


def module_names(root: str, modules: dict[str, ModuleTokens]) -> list[str]:
    """The names a spec interns, in TLC's order: the tokens of its modules in the order SANY
    parses them, then their string literals in the order SANY checks their semantics (see
    reading_order). ``modules`` holds the user's modules by name."""
    known = _known(modules)
    parsed, checked = reading_order(root, modules)
    return [tok for name in parsed for tok in known[name].tokens] + \
        [lit for name in checked for lit in known[name].strings]


def _known(modules: dict[str, ModuleTokens]) -> dict[str, ModuleTokens]:
    return {name: ModuleTokens(*data) for name, data in STD_TOKENS.items()} | modules


def reading_order(root: str, modules: dict[str, ModuleTokens]) -> tuple[list[str], list[str]]:
    """The order SANY parses a spec's modules in, and the order it checks their semantics.
    Standard modules come from ``STD_TOKENS``; a module in neither (not found, or a community
    module) is left out.

    SANY (tla2sany.modanalyzer.SpecObj.loadSpec) reads one module at a time, each time the
    first name not yet read found by a depth-first walk from the root: a module's own EXTENDS
    names, then those under the modules it extends, then under those it instances; only when
    no EXTENDS name is left, the same walk for INSTANCE names. TLC adds ``_TLCTrace`` as the
    root's last EXTENDS. Semantics are checked depth first, a module after what it extends,
    then what it instances (calculateDependencies)."""
    known = _known(modules)
    if root not in known:
        return [], []

    def extends(name: str) -> list[str]:
        own = [*known[name].extends, TRACE_MODULE] if name == root else known[name].extends
        return [d for d in own if d in known]

    def instances(name: str) -> list[str]:
        return [d for d in known[name].instances if d in known]

    parsed = [root]

    def unread(names: Callable[[str], list[str]], name: str, seen: set[str]) -> str | None:
        if name in seen:
            return None
        seen.add(name)
        for d in names(name):
            if d not in parsed:
                return d
        for d in (*extends(name), *instances(name)):
            if d in parsed and (found := unread(names, d, seen)):
                return found
        return None

    while (nxt := unread(extends, root, set()) or unread(instances, root, set())) is not None:
        parsed.append(nxt)
    checked: list[str] = []

    def check(name: str, path: tuple[str, ...]) -> None:
        for d in (*extends(name), *instances(name)):
            if d not in path:  # a cycle is an error SANY reports; not this function's
                check(d, (*path, d))
        if name not in checked:
            checked.append(name)

    check(root, (root,))
    return parsed, checked
