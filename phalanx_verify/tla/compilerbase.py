"""What the parts of the compiler share: the state every part reads (the model's variables, the
namespace compiled code runs in, fresh Python names, source positions), the emitter of Python
source, and the signatures one part calls in another.

``Compiler`` (compile.py) is composed of one class per concept, each in a module named for it:
levels.py (``Levels``), kinds.py (``StaticKinds``), expressions.py (``Expressions``, on both) and
actions.py (``Actions``, on expressions); bindings.py holds the names they look up. Each part
declares its own memo; the methods a part calls in a part it does not inherit from are declared
below for the type checker only, so a call costs what a call on one class costs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from . import syntax as ast
from .bindings import Ctx, bind_bounds, bind_params, resolve_def
from .modules import Scope


class Code:
    """Python source being emitted, one indented line at a time."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


Cont = Callable[[Code, Ctx], None]
"""A continuation of action code generation: emits what follows once a conjunct holds."""

_HANDLERS = (
    "except _TLAError as _e:",
    "    raise _rt_at(_e, {pidx}) from None",
    "except (TypeError, KeyError, IndexError, AttributeError, ValueError, RecursionError, OverflowError) as _e:",
    "    raise _rt_wrap(_e, {pidx}) from None",
)


def emit_handlers(code: Code, pidx: int) -> None:
    """After a ``try:`` block: errors become one-line TLA errors at source position pidx."""
    for line in _HANDLERS:
        code.emit(line.format(pidx=pidx))


def wrapped_def(name: str, params: str, body: str, pidx: int, prologue: str | None = None) -> str:
    """``def name(params): return body``, its errors placed at source position pidx."""
    code = Code()
    code.emit(f"def {name}({params}):")
    code.depth += 1
    code.emit("try:")
    if prologue:
        code.emit("    " + prologue)
    code.emit(f"    return {body}")
    emit_handlers(code, pidx)
    return code.text()


class CompilerBase:
    """The state shared by the parts of ``Compiler`` (set by ``Compiler.__init__``)."""

    root: Scope
    variables: list[str]
    nvars: int
    substitutions: dict[str, str]  # the model's CONSTANT c <- Op
    ns: dict[str, Any]  # the globals of the compiled code
    _names: Iterator[int]
    _positions: list[ast.Pos]  # source positions compiled code reports errors at, by index
    _extra_code: list[str]  # functions compiled on the side, flushed with the next entry point
    source_parts: list[str]

    # -- names (bindings.py; methods too, for the checker and the reads analysis) --------
    resolve_def = staticmethod(resolve_def)
    bind_params = staticmethod(bind_params)
    bind_bounds = staticmethod(bind_bounds)

    def fresh(self, hint: str) -> str:
        clean = "".join(ch if ch.isalnum() else "_" for ch in hint)
        if clean[:1].isdigit():  # a TLA+ name may start with a digit (2bMsgs), a Python one not
            clean = "_" + clean
        return f"{clean}_{next(self._names)}"

    def pos_index(self, pos: ast.Pos) -> int:
        self._positions.append(pos)
        return len(self._positions) - 1

    def unpack_line(self, name: str = "s") -> str:
        """Reading s_3 (a fast local) is cheaper than s[3] on every use."""
        if not self.nvars:
            return "pass"
        return "".join(f"{name}_{i}, " for i in range(self.nvars)) + f"= {name}"

    if TYPE_CHECKING:
        # actions.py, called by expression code (ENABLED)
        def gen(self, code: Code, e: ast.Expr, ctx: Ctx, k: Cont, label: tuple[Any, ...] | None,
                mode: str = "next", split: bool = True) -> None: ...

        # compile.py, called by the action entry points
        def _start(self) -> None: ...
        def _flush(self, main: str) -> None: ...
        def _bind_params_ns(self, ctx: Ctx, params: dict[str, Any] | None) -> Ctx: ...
        def _thread_params(self, scope: Scope | None, params: dict[str, Any] | None) -> str: ...
