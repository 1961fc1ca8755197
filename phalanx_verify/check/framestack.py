"""Room on CPython's frame stack for the compiled spec's large frames.

CPython 3.11 keeps the frames of Python calls on a stack of memory chunks. A frame that does
not fit in the rest of the current chunk gets a new chunk of its own, mapped from the system,
and the chunk is unmapped again when that frame returns. The successor generator of a spec
with many actions is one function with thousands of locals (Detlefs: 2,754 locals, a frame of
22 KB) and is called once per state, so where the chunk it is called from has less room
than that, every state mapped, faulted in and unmapped a fresh 32 KB chunk: 24 of Detlefs' 111
seconds were spent in the kernel doing so.

``with_frame_room`` runs a function below a frame of half a megabyte of locals (set to NULL
when called; the function itself does nothing with them). That frame does not fit in the
16 KB root chunk, so it gets a 1 MB chunk of its own, and what the decorated function calls
finds the other half of it free: frames up to some 60,000 locals in all are placed there
without a system call. Memory is touched once per decorated call (the half megabyte of the
frame) and the chunk's free half only as far as frames use it.
"""

from __future__ import annotations

import functools
import sys
import threading
import types
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_ROOM_SLOTS = 1 << 16  # locals of the room frame: 512 KB, just over half of a 1 MB chunk


def _call(fn: Callable[..., Any], args: tuple, kwargs: dict[str, Any]) -> Any:
    return fn(*args, **kwargs)


def _room_caller() -> Callable[[Callable[..., Any], tuple, dict[str, Any]], Any]:
    """``_call`` with _ROOM_SLOTS more (unused) locals, or itself where frames are not kept in
    CPython's chunks."""
    if sys.implementation.name != "cpython" or sys.version_info < (3, 11):
        return _call
    code = _call.__code__
    names = code.co_varnames + tuple(f"_room{i}" for i in range(_ROOM_SLOTS))
    return types.FunctionType(code.replace(co_varnames=names, co_nlocals=len(names)), _call.__globals__,
                              "_call_with_room")


_call_with_room = _room_caller()


_inside = threading.local()  # (each thread has a frame stack of its own)


def with_frame_room(fn: F) -> F:
    """``fn`` run below a frame that leaves its calls half a megabyte of frame stack; called
    inside another such call, as it is: a second room frame would sit in the first one's free
    half and fill it."""
    @functools.wraps(fn)
    def roomy(*args: Any, **kwargs: Any) -> Any:
        if getattr(_inside, "room", False):
            return fn(*args, **kwargs)
        _inside.room = True
        try:
            return _call_with_room(fn, args, kwargs)
        finally:
            _inside.room = False
    return roomy  # type: ignore[return-value]
