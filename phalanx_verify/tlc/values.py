"""Values as TLC prints them, read back into the project's values.

TLC prints states with TLA+ syntax (``(j1 :> 0 @@ j2 :> 0)``, ``{l1, l2}``, ``[a |-> 1]``,
``<<1, 2>>``, ``"Run"``), so instead of a second, hand-written value grammar we parse the text as
TLA+ expressions with the project's parser and evaluate them with its compiler: a TLC trace then
compares equal to the built-in engine's, state by state. The identifiers in printed values are
model values (TLC prints them bare), so every free name becomes a ``ModelValue`` of that name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

from ..tla import syntax as ast
from ..tla.compile import Compiler
from ..tla.errors import ParseError, TLAError
from ..tla.modules import Loader
from ..tla.parse import parse_module_text
from ..tla.values import ModelValue

# Names that mean a standard set when TLC prints them (a variable holding Nat prints as Nat);
# every other bare identifier in a printed value is a model value.
_STANDARD_SETS = {"Nat", "Int", "BOOLEAN", "STRING"}


class TLCValueError(TLAError):
    """TLC printed something that does not read as a value: the output is not what we expect
    from TLC (exit 255, TLC's code for a system-level failure)."""

    exit_code = 255
    kind = "unreadable TLC output"


def _names(node: Any) -> Iterator[str]:
    """Every identifier referenced in an expression tree (bound or free: shadowing by binders
    is harmless, the binder wins at evaluation)."""
    if isinstance(node, ast.Name):
        yield node.name
    elif isinstance(node, tuple):
        for item in node:
            yield from _names(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type | ast.Pos):
        for f in dataclasses.fields(node):
            yield from _names(getattr(node, f.name))


def _evaluate(texts: Sequence[str]) -> list[Any]:
    """Parse and evaluate the texts as one module; raises TLAError on any bad text."""
    lines = ["---- MODULE TLCPrintedValues ----", "EXTENDS Integers, Sequences, FiniteSets, TLC"]
    for i, text in enumerate(texts):
        lines.append(f"V{i} ==")
        lines.extend("  " + ln for ln in text.splitlines() or [""])
    lines.append("====")
    module = parse_module_text("\n".join(lines) + "\n", "<TLC value>")
    bodies = [d.body for d in module.defs if isinstance(d, ast.OpDef)]
    if len(bodies) != len(texts):
        raise TLCValueError("a value reads as several definitions (it contains '==')")
    scope = Loader([]).build_scope(module, subst=None, parent=None, prefix="")
    params = {n: ModelValue(n) for n in set(_names(tuple(bodies))) if n not in _STANDARD_SETS}
    whole = ast.Tuple(bodies[0].pos, tuple(bodies))
    return list(Compiler(scope, {}, {}).state_function(whole, scope, params)(()))


def parse_values(texts: Sequence[str], where: Sequence[str] | None = None) -> list[Any]:
    """Read TLC-printed values (each may span several lines) with one parse and one compile.

    ``where`` names each value for error messages (e.g. ``"tool.out:57 (alloc)"``). A text that
    is not a value raises TLCValueError naming it, never a Python exception.
    """
    if not texts:
        return []
    try:
        return _evaluate(texts)
    except TLAError as err:
        together = err
    # Error path only: read the values one by one to name the one that is not a value.
    labels = list(where) if where is not None else [f"value {i + 1}" for i in range(len(texts))]
    for label, text in zip(labels, texts, strict=True):
        try:
            _evaluate([text])
        except TLAError as err:
            # The parser's own detail points into the scaffolding module: say what failed.
            why = "not a TLA+ expression" if isinstance(err, ParseError) else err.message
            raise TLCValueError(f"cannot read the value {label}: {text.strip()[:60]!r} ({why})") from None
    raise TLCValueError(f"cannot read the values {labels[0]} ... ({together.message})")
