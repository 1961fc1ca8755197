"""z3 proofs on the spec's own AST: the translation of TLA+ to z3 (bounded, and for every cluster
size with ``--unbounded``), inductive-invariant obligations with counterexamples to induction,
and the agreement checks that hold the translation to the model checker. It imports only
``phalanx_verify.tla``, ``check`` and the support modules.

``__all__`` is the package's API: what other packages may import, from here or from the module
that defines it (tests/test_import_rules.py enforces that nothing else is imported)."""

from .cli import collect, exit_code, finish, prove
from .crosscheck import agreement, crosscheck
from .inductive import prove_inductive
from .limits import DEFAULT_LIMITS, DEFAULT_RLIMIT, Limits, check
from .report import REFUTING, SUCCESS, Kind, Result, Verdict, solve, verdict

__all__ = [
    # the command group (phalanx-verify prove) and how a plugin command ends
    "prove", "finish", "exit_code", "collect",
    # proofs of a spec and the translation's agreement with the checker
    "prove_inductive", "crosscheck", "agreement",
    # budgets and results
    "Limits", "DEFAULT_LIMITS", "DEFAULT_RLIMIT", "check", "Result", "Verdict", "Kind", "verdict", "SUCCESS", "REFUTING",
    "solve",
]
