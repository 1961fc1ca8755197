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
    """Python source being emitted, one indented line at a time.

    It also remembers which local holds the value of a pure expression (``keep``), so that a
    later line the assignment dominates reads the local instead of evaluating it again
    (``kept``): the ``pc[self] = "lbl"`` guard of each of a process's actions, or RRP's
    ``phase[j]``, is evaluated once per process, not once per action."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0
        self._depths: list[int] = []  # each line's depth
        # expression code -> [local, depth of its assignment, lines looked at, still valid]
        self._kept: dict[str, list] = {}
        self._tail: dict[int, int] = {}  # depth -> its last line, while no shallower line follows
        self._pure_ifs: set[int] = set()  # lines ``if T:`` whose test T reads locals only

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)
        self._depths.append(self.depth)
        tail = self._tail
        for d in [d for d in tail if d > self.depth]:
            del tail[d]
        tail[self.depth] = len(self.lines) - 1

    def emit_if(self, test: str, pure: bool) -> None:
        """``if test:``, or nothing when the block just closed at this depth began with the same
        test and that test is ``pure`` (it reads locals only, and evaluating it has no effect but
        its error): the block then goes on. Abort's guard phase[j] = "Commit" after Commit's."""
        line = f"if {test}:"
        last = self._tail.get(self.depth)
        if pure and last is not None and last in self._pure_ifs and self.lines[last].lstrip() == line:
            return  # (the caller steps in, and its lines follow the block's)
        self.emit(line)
        if pure:
            self._pure_ifs.add(len(self.lines) - 1)

    def keep(self, value: str, local: str) -> None:
        """The line just emitted assigned the pure expression ``value`` to ``local``."""
        self._kept[value] = [local, self.depth, len(self.lines), True]

    def kept(self, value: str) -> str | None:
        """The local assigned ``value`` on a line that dominates the next one: every line since
        is at its depth or deeper (no block it was in has ended: no ``else:``, no loop left) and
        none opens a function (a closure would read the local when called)."""
        entry = self._kept.get(value)
        if entry is None:
            return None
        local, depth, seen, valid = entry
        lines, depths = self.lines, self._depths
        while valid and seen < len(lines):
            valid = depths[seen] >= depth and not lines[seen].lstrip().startswith("def ")
            seen += 1
        entry[2:] = seen, valid
        return local if valid and self.depth >= depth else None

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
