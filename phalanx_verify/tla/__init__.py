"""TLA+ semantics, the ground floor of the toolkit: syntax (the AST), parsing and module loading,
TLC model files, values, and the compiler from the AST to Python closures. It imports nothing
else of the project; the checker, the replayer, the prover and the TLC backend import it.

``__all__`` is the package's API: what other packages may import, from here or from the module
that defines it (tests/test_import_rules.py enforces that nothing else is imported)."""

from . import native

native.activate(__path__)  # the compiled compare and runtime, when built for these sources

from . import bindings, interning, runtime, setbound, syntax
from .bindings import resolve_def
from .boolfree import bool_free_variables
from .compare import eq, kind_string
from .compile import (
    LEVEL_ACTION,
    LEVEL_CONSTANT,
    LEVEL_STATE,
    LEVEL_TEMPORAL,
    ActionLabel,
    Compiler,
    Ctx,
    Local,
)
from .config import ModelConfig, parse_config_file
from .errors import (
    EXIT_ASSERT,
    EXIT_ASSUMPTION,
    EXIT_CONFIG,
    EXIT_DEADLOCK,
    EXIT_EVAL,
    EXIT_INTERRUPTED,
    EXIT_INVARIANT,
    EXIT_OK,
    EXIT_PARSE,
    EXIT_PROPERTY,
    EXIT_SAFETY_EVAL,
    EXIT_TLC_ERROR,
    EXIT_USAGE,
    AssertionFailure,
    CannotHandleError,
    ConfigError,
    ConfigSyntaxError,
    EvalError,
    IncompleteFairnessStep,
    IncompleteSuccessor,
    InitialUnsortableSet,
    JavaException,
    LevelError,
    LivenessEvalError,
    ModuleEvalError,
    ParseError,
    SemanticError,
    StackOverflow,
    StartupCrash,
    StartupStackOverflow,
    TautologyError,
    TLAError,
    UnsortableSet,
    UsageError,
)
from .instances import written_name
from .modules import ALWAYS_VISIBLE, STANDARD_MODULES, Loader, Scope
from .orbits import canonicaliser, permute
from .order import forget_sort_keys, tlc_key
from .parse import deepest_point, parse_module_text
from .pprint import ppr
from .reads import ReadsAnalysis
from .resolve import std_arity
from .runtime import clear_memos
from .sameness import BOOL_FREE, bool_free, remember_bool_free, same, unambiguous
from .syntax import Pos
from .values import (
    STORABLE,
    UNDETERMINED,
    Fcn,
    Interval,
    LazySet,
    ModelValue,
    as_set,
    check_storable,
    fcn_as_dict,
    fcn_items,
    format_value,
    from_itf,
    make_fcn,
    to_itf,
)
from .varorder import tlc_variable_order

__all__ = [
    # the AST and source positions; the run-time helpers generated code calls
    "syntax", "Pos", "runtime", "clear_memos",
    # TLC's -maxSetSize, set per run by the check command; TLC's order of names, set per model
    "setbound", "interning", "native",
    # errors, each with its TLC exit code
    "TLAError", "ParseError", "SemanticError", "ConfigError", "ConfigSyntaxError", "EvalError", "AssertionFailure",
    "ModuleEvalError", "LivenessEvalError", "StackOverflow", "StartupStackOverflow", "CannotHandleError", "IncompleteSuccessor",
    "LevelError", "TautologyError", "UsageError", "UnsortableSet", "InitialUnsortableSet",
    "IncompleteFairnessStep", "StartupCrash", "JavaException",
    "EXIT_OK", "EXIT_USAGE", "EXIT_ASSUMPTION", "EXIT_DEADLOCK", "EXIT_INVARIANT", "EXIT_PROPERTY",
    "EXIT_ASSERT", "EXIT_EVAL", "EXIT_SAFETY_EVAL", "EXIT_PARSE", "EXIT_CONFIG", "EXIT_TLC_ERROR",
    "EXIT_INTERRUPTED",
    # parsing, modules and TLC model files
    "parse_module_text", "deepest_point", "Loader", "Scope", "STANDARD_MODULES", "ALWAYS_VISIBLE",
    "ModelConfig", "parse_config_file",
    # values (immutable, hashable; ITF in JSON)
    "ModelValue", "Fcn", "Interval", "make_fcn", "fcn_items", "fcn_as_dict", "as_set", "format_value", "tlc_key", "forget_sort_keys",
    "kind_string",  # a value's kind in TLC's messages ("integer", "set", ...)
    "BOOL_FREE", "bool_free", "remember_bool_free",
    "LazySet",  # a set kept unenumerated (Nat, SUBSET S): fingerprinted as its members
    "STORABLE", "check_storable",  # what a state may hold: TLC's fingerprint must be possible
    "to_itf", "from_itf",
    "ppr",  # TLC's pretty printer (Values.ppr): a long value broken over lines, as TLC prints states
    # TLA+ equality where Python's True == 1 would merge values (the state store confirms finds)
    "same", "unambiguous",
    "eq",  # TLA+ equality as TLC checks it: comparing values of incomparable kinds is its error
    # SYMMETRY: the canonical member of a state's orbit under permutations of model values
    "canonicaliser", "permute",
    # the order of a spec's variables in TLC's states (SANY's symbol table)
    "tlc_variable_order",
    # the state variables proven never to hold a Boolean (no walk confirms their duplicates)
    "bool_free_variables",
    # the compiler, its contexts and expression levels; what an expression reads
    "Compiler", "Ctx", "Local", "ActionLabel", "UNDETERMINED", "std_arity", "LEVEL_CONSTANT", "LEVEL_STATE", "LEVEL_ACTION",
    "LEVEL_TEMPORAL", "ReadsAnalysis",
    # what a name means in a scope (the compiler's lookup, shared with the prover); as TLC prints it
    "bindings", "resolve_def", "written_name",
]
