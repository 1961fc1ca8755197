"""TLC model configuration files (.cfg).

Supports what TLC's ModelConfig reads: CONSTANT(S) with plain values, model values and sets of
them, constant operators point by point (``F(1) = 2``), ``<-`` substitution (of and by operator symbols too: ``++ <- PlusPlus``, ``Plus <- +``), module-scoped ``Op <- [Mod]Other`` and ``Op = [Mod]value``,
INIT/NEXT or SPECIFICATION, INVARIANT(S), PROPERTY/PROPERTIES, CONSTRAINT(S),
ACTION_CONSTRAINT(S), SYMMETRY, VIEW, ALIAS, POSTCONDITION(S), _POSSIBLE, CHECK_DEADLOCK, _RL_REWARD
(checked, then ignored, as TLC's model checking does) and _PERIODIC (read, and refused by the
checker). As in TLC, a string
keeps its backslashes (no escapes), any other name is a model value, and there is no negative
number or arithmetic (``N = -2`` is a syntax error). Errors carry the cfg file's line and
column; a file TLC's ModelConfig cannot read exits 255 as in TLC, other config errors 151.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ConfigError, ConfigSyntaxError
from .parse import symbol_name
from .syntax import Pos
from .values import ModelValue

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\n]+)
  | (?P<comment>\\\*[^\n]*)
  | (?P<block>\(\*.*?\*\))
  | (?P<str>"(?:[^"\\]|\\.)*")
  | (?P<id>[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_!]*)
  | (?P<num>\d+)
  | (?P<arrow><-)
  | (?P<op>\\[A-Za-z]+|[-+*/^<>=|&.:@$%#~?]+)
  | (?P<sym>[{}(),=\[\]])
  | (?P<bad>.)
""", re.VERBOSE | re.DOTALL)

_SECTIONS = {
    "CONSTANT": "constants", "CONSTANTS": "constants",
    "INIT": "init", "NEXT": "next", "SPECIFICATION": "specification",
    "INVARIANT": "invariants", "INVARIANTS": "invariants",
    "PROPERTY": "properties", "PROPERTIES": "properties",
    "CONSTRAINT": "constraints", "CONSTRAINTS": "constraints",
    "ACTION_CONSTRAINT": "action_constraints", "ACTION_CONSTRAINTS": "action_constraints",
    "SYMMETRY": "symmetry", "VIEW": "view", "CHECK_DEADLOCK": "check_deadlock",
    "ALIAS": "alias", "POSTCONDITION": "postconditions", "POSTCONDITIONS": "postconditions",
    "_POSSIBLE": "possible", "_PERIODIC": "periodic", "_RL_REWARD": "rl_reward",
}


@dataclass
class ModelConfig:
    path: str
    constants: dict[str, Any] = field(default_factory=dict)        # name -> value
    substitutions: dict[str, str] = field(default_factory=dict)    # name -> operator name
    # Module-scoped ones: (module, name) -> operator of the root module / value.
    module_substitutions: dict[tuple[str, str], str] = field(default_factory=dict)
    module_constants: dict[tuple[str, str], Any] = field(default_factory=dict)
    # Constant operators given point by point: name -> {argument tuple: value}.
    operator_values: dict[str, dict[tuple, Any]] = field(default_factory=dict)
    init: str | None = None
    next: str | None = None
    specification: str | None = None
    invariants: list[str] = field(default_factory=list)
    properties: list[str] = field(default_factory=list)
    constraints: list[str] = field(default_factory=list)
    action_constraints: list[str] = field(default_factory=list)
    symmetry: str | None = None
    view: str | None = None
    alias: str | None = None
    postconditions: list[str] = field(default_factory=list)
    possible: list[str] = field(default_factory=list)  # _POSSIBLE: predicates some state or step must meet
    periodic: str | None = None   # _PERIODIC: read to refuse it by name
    rl_reward: str | None = None  # _RL_REWARD: only TLC's RL simulation reads it (model.Model)
    check_deadlock: bool = True
    positions: dict[str, Pos] = field(default_factory=dict)        # where each name was given
    # The names of the values written (model values, strings) in the order read: TLC interns
    # them before it parses the spec, which puts them first in its order (see interning.py).
    interned: list[str] = field(default_factory=list)

    def pos_of(self, name: str) -> Pos:
        return self.positions.get(name, Pos(self.path, 1, 1))


class _Tokens:
    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.toks: list[tuple[str, str, Pos]] = []
        line, col = 1, 1
        for m in _TOKEN.finditer(text):
            kind, val = m.lastgroup or "", m.group()
            pos = Pos(path, line, col)
            if kind == "bad" or kind == "op" and val != "=" and symbol_name(val) is None:
                raise ConfigSyntaxError(f"unexpected character {val[0]!r}", pos)
            if kind == "op" and val == "=":
                kind = "sym"
            if kind not in ("ws", "comment", "block"):
                self.toks.append((kind, val, pos))
            nl = val.count("\n")
            if nl:
                line += nl
                col = len(val) - val.rfind("\n")
            else:
                col += len(val)
        self.i = 0
        self.values: list[str] = []  # the names of the values read, in order
        # an unexpected end is reported right after the last token: on its line, as TLC reports it
        _, last, at = self.toks[-1] if self.toks else ("", "", Pos(path, 1, 1))
        self.end = Pos(path, at.line, at.col + len(last))

    def peek(self) -> tuple[str, str, Pos] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def followed_by(self, val: str) -> bool:
        """Is the token after the next one ``val``?"""
        return self.i + 1 < len(self.toks) and self.toks[self.i + 1][1] == val

    def next(self, what: str) -> tuple[str, str, Pos]:
        tok = self.peek()
        if tok is None:
            raise ConfigSyntaxError(f"unexpected end of file, expected {what}", self.end)
        self.i += 1
        return tok


def _value(toks: _Tokens) -> Any:
    kind, val, pos = toks.next("a value")
    if kind == "num":
        return int(val)
    if kind == "str":
        toks.values.append(val[1:-1])
        return val[1:-1]
    if kind == "id":
        if val in ("TRUE", "FALSE"):
            return val == "TRUE"
        toks.values.append(val)
        return ModelValue(val)
    if val == "{":
        items = []
        tok = toks.peek()
        if tok and tok[1] == "}":
            toks.next("}")
            return frozenset()
        while True:
            items.append(_value(toks))
            _, sep, spos = toks.next("',' or '}'")
            if sep == "}":
                return frozenset(items)
            if sep != ",":
                raise ConfigSyntaxError(f"expected ',' or '}}' in a set, found {sep!r}", spos)
    raise ConfigSyntaxError(f"expected a value, found {val!r}", pos)


# Keywords followed by exactly one name (TLC's ModelConfig): a second one is its error "It was
# expecting a keyword", the keyword given twice "The keyword ... appeared twice".
_ONE_NAME = frozenset({"init", "next", "specification", "symmetry", "view", "alias", "periodic", "rl_reward"})


def parse_config_text(text: str, path: str = "<cfg>") -> ModelConfig:
    toks = _Tokens(text, path)
    cfg = ModelConfig(path=path)
    section: str | None = None
    while (tok := toks.peek()) is not None:
        kind, val, pos = tok
        if kind == "id" and val in _SECTIONS:
            toks.next(val)
            section = _SECTIONS[val]
            if section in _ONE_NAME and toks.peek() is None:  # TLC's CFG_MISSING_ID, at the keyword
                raise ConfigSyntaxError(f"The keyword {val} was not followed by an identifier.", pos)
            if section in _ONE_NAME and getattr(cfg, section) is not None:
                raise ConfigSyntaxError(f"The keyword {val} appeared twice.", pos)
            if section == "check_deadlock":
                _, flag, fpos = toks.next("TRUE or FALSE")
                if flag not in ("TRUE", "FALSE"):
                    raise ConfigSyntaxError(f"CHECK_DEADLOCK expects TRUE or FALSE, found {flag!r}", fpos)
                cfg.check_deadlock = flag == "TRUE"
                section = None
            continue
        if section is None:
            raise ConfigSyntaxError(f"It was expecting a keyword, but did not find it (found {val!r}).", pos)
        if kind == "op" and section == "constants" and not toks.followed_by("<-"):
            raise ConfigSyntaxError(f"unexpected character {val[0]!r}", pos)  # N = 1 + 2: no arithmetic
        if kind != "id" and not (kind == "op" and section == "constants"):
            raise ConfigSyntaxError(f"expected a name, found {val!r}", pos)
        toks.next("a name")
        if section == "constants":
            _constant(toks, cfg, _name(kind, val), pos)
            continue
        cfg.positions.setdefault(val, pos)
        if section in _ONE_NAME:
            setattr(cfg, section, val)
            section = None  # a keyword must follow
        else:
            getattr(cfg, section).append(val)
    cfg.interned = toks.values
    if cfg.specification and (cfg.init or cfg.next):
        raise ConfigError("both SPECIFICATION and INIT/NEXT are given", cfg.pos_of(cfg.specification))
    return cfg


def _constant(toks: _Tokens, cfg: ModelConfig, name: str, pos: Pos) -> None:
    tok = toks.peek()
    if tok and tok[1] == "(":
        _operator_value(toks, cfg, name, pos)
        return
    _, op, opos = toks.next("'=' or '<-'")
    cfg.positions[name] = pos
    if op not in ("=", "<-"):
        raise ConfigSyntaxError(f"expected '=' or '<-' after constant {name}, found {op!r}", opos)
    module = _module_scope(toks)
    if op == "=":
        value = _value(toks)
        if module is None:
            cfg.constants[name] = value
        else:
            cfg.module_constants[(module, name)] = value
        return
    kind, target, tpos = toks.next("an operator name")
    if kind not in ("id", "op"):
        raise ConfigSyntaxError(f"expected an operator name after '<-', found {target!r}", tpos)
    target = _name(kind, target)
    if module is None:
        cfg.substitutions[name] = target
    else:
        cfg.module_substitutions[(module, name)] = target


def _name(kind: str, val: str) -> str:
    """The AST name of an operator the model names: ``++ <- PlusPlus`` and ``Plus <- +``
    substitute operator symbols as TLC's ModelConfig, which reads TLA+ tokens, allows."""
    return symbol_name(val) or val if kind == "op" else val


def _operator_value(toks: _Tokens, cfg: ModelConfig, name: str, pos: Pos) -> None:
    """``F(1, a) = v``: one point of a constant operator, which TLC tabulates."""
    toks.next("(")
    args = [_value(toks)]
    while (sep := toks.next("',' or ')'"))[1] == ",":
        args.append(_value(toks))
    if sep[1] != ")":
        raise ConfigSyntaxError(f"expected ',' or ')' in the arguments of {name}, found {sep[1]!r}", sep[2])
    _, op, opos = toks.next("'='")
    if op != "=":
        raise ConfigSyntaxError(f"expected '=' after {name}(...), found {op!r}", opos)
    cfg.positions.setdefault(name, pos)
    cfg.operator_values.setdefault(name, {})[tuple(args)] = _value(toks)


def _module_scope(toks: _Tokens) -> str | None:
    """The ``[Mod]`` of ``Op <- [Mod]Other`` or ``Op = [Mod]value``, if there is one."""
    tok = toks.peek()
    if tok is None or tok[1] != "[":
        return None
    toks.next("[")
    kind, module, mpos = toks.next("a module name")
    if kind != "id":
        raise ConfigSyntaxError(f"expected a module name after '[', found {module!r}", mpos)
    _, close, cpos = toks.next("']'")
    if close != "]":
        raise ConfigSyntaxError(f"expected ']' after [{module}, found {close!r}", cpos)
    return module


def parse_config_file(path: str | Path) -> ModelConfig:
    """The cfg file ``path``; a .tla file (``-config Spec.tla``) holds its model in a section
    ``---- CONFIG Spec ----`` ended by ``====`` (see embedded_config)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        # TLC's ConfigFileException ("File not found"), its catch-all exit 255 (fuzz12 MissingCfg)
        raise ConfigSyntaxError(f"cannot read {p}: {exc.strerror}", Pos(str(p), 1, 1)) from None
    if p.suffix == ".tla":
        text = embedded_config(text, p.stem)
    return parse_config_text(text, str(p))


def embedded_config(text: str, name: str) -> str:
    """The lines of the section ``---- CONFIG name ----`` of a .tla file, up to the next line
    starting with ``====``, others blanked so that positions stay the file's; empty where there
    is no such section (TLC's MonolithSpecExtractor.config: the file then configures nothing)."""
    start = re.compile(r"-----*\s*CONFIG\s+" + re.escape(name) + r"\s*-----*")
    lines = text.split("\n")
    out = [""] * len(lines)
    active = False
    for i, line in enumerate(lines):
        if active and line.startswith("===="):
            break
        if not active and start.fullmatch(line.rstrip("\r")):
            active = True
        elif active:
            out[i] = line
    return "\n".join(out) if active else ""
