"""The frame room of check/framestack.py: the search's calls of a large generated function
find frame stack without mapping a chunk per call (CPython 3.11 unmaps a chunk when the frame
that needed it returns; Detlefs spent a fifth of its time in the kernel so)."""

from __future__ import annotations

import resource
import sys
import types

import pytest

from phalanx_verify.check.framestack import with_frame_room

cpython_chunks = pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info < (3, 11)
                                    or not sys.platform.startswith("linux"),
                                    reason="CPython 3.11's frame chunks, counted in Linux's page faults")


def _big_frame(slots: int) -> types.FunctionType:
    """A function of `slots` locals (as a generated successor function has), doing nothing."""
    def f(x: int) -> int:
        return x + 1
    code = f.__code__
    names = code.co_varnames + tuple(f"_l{i}" for i in range(slots))
    return types.FunctionType(code.replace(co_varnames=names, co_nlocals=len(names)), {})


def _faults(fn: types.FunctionType, calls: int) -> int:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for i in range(calls):
        fn(i)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


@cpython_chunks
def test_a_large_frame_faults_its_pages_in_once_inside_the_room() -> None:
    big = _big_frame(30_000)  # 240 KB: more than any chunk a test's stack holds free
    calls = 200
    outside = _faults(big, calls)
    inside = with_frame_room(_faults)(big, calls)
    assert outside >= calls * 30, outside  # a fresh chunk of some 60 pages per call
    assert inside < calls * 3, (inside, outside)


def test_the_room_passes_arguments_results_and_errors_and_is_not_nested() -> None:
    @with_frame_room
    def inner(a: int, *, b: int) -> tuple[int, int]:
        return sys._getframe(1).f_code.co_nlocals, a + b

    @with_frame_room
    def outer() -> tuple[int, int]:
        return inner(1, b=2)

    room_slots, total = inner(1, b=2)
    assert total == 3 and room_slots > 60_000  # called below the room frame
    nested_slots, total = outer()
    assert total == 3 and nested_slots < 100  # inside a room, no second one

    @with_frame_room
    def fails() -> None:
        raise ValueError("kept")

    with pytest.raises(ValueError, match="kept"):
        fails()
    assert inner(2, b=2)[0] > 60_000  # the flag was reset after the error
