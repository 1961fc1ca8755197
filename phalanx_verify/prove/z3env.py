"""One proof run's own z3 context, and the names made in it.

Every z3 object of one run (sorts, constants, functions, formulas, solvers) is built in the run's
``z3.Context()``, never in z3's process-wide main context: z3's search follows the terms its
context holds (their ids order its heuristics), so in the main context a run's answers depended
on what earlier runs in the same process had left there. Measured: ``--unbounded``'s "Init
satisfiable" answered unknown under some hash seeds when RRPInd's mutant ran after the rest of
tests/prove in one process, and never alone. The fresh-name counters are the run's too, so a run
names its terms as it would alone in a process, and two runs in one process answer as two
processes do.
"""

from __future__ import annotations

import itertools

import z3


class Z3Env:
    """A run's z3 context with the sorts and literals every translation needs, and fresh names."""

    def __init__(self) -> None:
        self.ctx = z3.Context()
        self.int_sort = z3.IntSort(self.ctx)
        self.bool_sort = z3.BoolSort(self.ctx)
        self.int_set_sort = z3.ArraySort(self.int_sort, self.bool_sort)
        self.true = z3.BoolVal(True, self.ctx)
        self.false = z3.BoolVal(False, self.ctx)
        self._names = itertools.count()
        self._sorts = itertools.count()

    def fresh_name(self, hint: str) -> str:
        """A name no other term of the run has (``hint!n``)."""
        return f"{hint}!{next(self._names)}"

    def sort_name(self, stem: str) -> str:
        """A sort's name no other sort of the run has (``stem n``, counted apart from terms)."""
        return f"{stem}{next(self._sorts)}"

    def bool_val(self, b: bool) -> z3.BoolRef:
        return self.true if b else self.false

    def int_val(self, n: int) -> z3.IntNumRef:
        return z3.IntVal(n, self.ctx)

    def and_(self, xs: list[z3.BoolRef]) -> z3.BoolRef:
        """The conjunction of ``xs`` (TRUE when empty, in this context)."""
        return z3.And(xs, self.ctx)

    def or_(self, xs: list[z3.BoolRef]) -> z3.BoolRef:
        """The disjunction of ``xs`` (FALSE when empty, in this context)."""
        return z3.Or(xs, self.ctx)

    def empty_set(self, elem: z3.SortRef) -> z3.ArrayRef:
        """The empty set of elements of sort ``elem``, as an array to Bool."""
        return z3.K(elem, self.false)

    def int_const(self, hint: str) -> z3.ArithRef:
        """A fresh integer constant named after ``hint``."""
        return z3.Int(self.fresh_name(hint), self.ctx)

    def solver(self) -> z3.Solver:
        """A solver of this context without a budget (the cross-check's and agreement's)."""
        return z3.Solver(ctx=self.ctx)
