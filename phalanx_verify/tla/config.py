"""TLC model configuration files (.cfg).

Supports what TLC users write: CONSTANT(S) with plain values, model values and sets of them,
``<-`` substitution, INIT/NEXT or SPECIFICATION, INVARIANT(S), PROPERTY/PROPERTIES,
CONSTRAINT(S), ACTION_CONSTRAINT(S), SYMMETRY, VIEW, CHECK_DEADLOCK. Errors carry the cfg
file's line and column and exit 151 like TLC.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ConfigError
from .syntax import Pos
from .values import ModelValue

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\n]+)
  | (?P<comment>\\\*[^\n]*)
  | (?P<block>\(\*.*?\*\))
  | (?P<str>"(?:[^"\\]|\\.)*")
  | (?P<num>-?\d+)
  | (?P<arrow><-)
  | (?P<sym>[{}(),=_\[\]])
  | (?P<id>[A-Za-z_][A-Za-z0-9_!]*)
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
    "ALIAS": "alias", "POSTCONDITION": "postcondition",
}


@dataclass
class ModelConfig:
    path: str
    constants: dict[str, Any] = field(default_factory=dict)        # name -> value
    substitutions: dict[str, str] = field(default_factory=dict)    # name -> operator name
    init: str | None = None
    next: str | None = None
    specification: str | None = None
    invariants: list[str] = field(default_factory=list)
    properties: list[str] = field(default_factory=list)
    constraints: list[str] = field(default_factory=list)
    action_constraints: list[str] = field(default_factory=list)
    symmetry: str | None = None
    view: str | None = None
    check_deadlock: bool = True
    positions: dict[str, Pos] = field(default_factory=dict)        # where each name was given

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
            if kind == "bad":
                raise ConfigError(f"unexpected character {val!r}", pos)
            if kind not in ("ws", "comment", "block"):
                self.toks.append((kind, val, pos))
            nl = val.count("\n")
            if nl:
                line += nl
                col = len(val) - val.rfind("\n")
            else:
                col += len(val)
        self.i = 0
        self.end = Pos(path, line, col)

    def peek(self) -> tuple[str, str, Pos] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def next(self, what: str) -> tuple[str, str, Pos]:
        tok = self.peek()
        if tok is None:
            raise ConfigError(f"unexpected end of file, expected {what}", self.end)
        self.i += 1
        return tok


def _value(toks: _Tokens) -> Any:
    kind, val, pos = toks.next("a value")
    if kind == "num":
        return int(val)
    if kind == "str":
        return val[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    if kind == "id":
        if val in ("TRUE", "FALSE"):
            return val == "TRUE"
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
                raise ConfigError(f"expected ',' or '}}' in a set, found {sep!r}", spos)
    raise ConfigError(f"expected a value, found {val!r}", pos)


def parse_config_text(text: str, path: str = "<cfg>") -> ModelConfig:
    toks = _Tokens(text, path)
    cfg = ModelConfig(path=path)
    section: str | None = None
    while (tok := toks.peek()) is not None:
        kind, val, pos = tok
        if kind == "id" and val in _SECTIONS:
            toks.next(val)
            section = _SECTIONS[val]
            if section == "check_deadlock":
                _, flag, fpos = toks.next("TRUE or FALSE")
                if flag not in ("TRUE", "FALSE"):
                    raise ConfigError(f"CHECK_DEADLOCK expects TRUE or FALSE, found {flag!r}", fpos)
                cfg.check_deadlock = flag == "TRUE"
                section = None
            continue
        if section is None:
            raise ConfigError(f"expected a section keyword (CONSTANTS, INIT, ...), found {val!r}", pos)
        if kind != "id":
            raise ConfigError(f"expected a name, found {val!r}", pos)
        toks.next("a name")
        if section == "constants":
            _constant(toks, cfg, val, pos)
            continue
        cfg.positions.setdefault(val, pos)
        if section in ("init", "next", "specification", "symmetry", "view", "alias", "postcondition"):
            if section in ("init", "next", "specification", "symmetry", "view"):
                setattr(cfg, section, val)
        else:
            getattr(cfg, section).append(val)
    if cfg.specification and (cfg.init or cfg.next):
        raise ConfigError("both SPECIFICATION and INIT/NEXT are given", cfg.pos_of(cfg.specification))
    return cfg


def _constant(toks: _Tokens, cfg: ModelConfig, name: str, pos: Pos) -> None:
    # Operator constants may carry a parameter list: F(_, _) <- G
    tok = toks.peek()
    if tok and tok[1] == "(":
        while toks.next("')'")[1] != ")":
            pass
    _, op, opos = toks.next("'=' or '<-'")
    cfg.positions[name] = pos
    if op == "=":
        cfg.constants[name] = _value(toks)
    elif op == "<-":
        kind, target, tpos = toks.next("an operator name")
        if kind != "id":
            raise ConfigError(f"expected an operator name after '<-', found {target!r}", tpos)
        if target.startswith("[") :
            raise ConfigError("module-scoped substitution is not supported", tpos)
        cfg.substitutions[name] = target
    else:
        raise ConfigError(f"expected '=' or '<-' after constant {name}, found {op!r}", opos)


def parse_config_file(path: str | Path) -> ModelConfig:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read {p}: {exc.strerror}", Pos(str(p), 1, 1)) from None
    return parse_config_text(text, str(p))
