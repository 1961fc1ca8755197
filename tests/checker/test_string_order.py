"""Strings in TLC's order: TLC compares two strings by when their names were first read
(UniqueString token numbers), not by their characters, and that order sorts sets of strings
(printing, iteration, CHOOSE) and a normalised record's fields. What is read when: the cfg's
values, SANY's built-in names, every token of every module in the order SANY parses the
modules, then string literals in the order it checks their semantics (phalanx_verify/tla/
interning.py). Ordering strings by their characters gave a different CHOOSE, other counts at
a violation, and records printed in another field order than TLC's.

Every expected output here was recorded from real TLC runs (TLC2 2026.12.01, -workers 1). The
order was also compared name by name with TLC's intern table, dumped after a run, on the 24
public models of benchmarks/public_bench.py: identical on every name both hold."""

from __future__ import annotations

from pathlib import Path

from phalanx_verify.tla.interning import ModuleTokens, module_tokens, reading_order

from .specs import check_model

ORDER = """---- MODULE Order ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = "start"
Next == \\E s \\in {"zeta", "alpha", "mu"} : x' = s
Pick == CHOOSE s \\in {"alpha", "zeta"} : TRUE
ASSUME PrintT({"zeta", "alpha", "mu", "a", "b", "x", "Len", "start"})
ASSUME PrintT(Pick)
ASSUME PrintT(<<{[bal |-> 2, type |-> "u"]}, [bal |-> 2, type |-> "u"]>>)
Inv == x # "mu"
====
"""


def test_strings_iterate_print_and_choose_in_tlcs_reading_order(tmp_path: Path) -> None:
    code, report, out = check_model(tmp_path, "Order", "INIT Init\nNEXT Next\nINVARIANT Inv\n", ORDER)
    # x is a variable, a and b are read in TLC.tla (a :> b), Len in Sequences; the other
    # strings are literals, read in text order after every module's tokens.
    assert '{"x", "a", "b", "Len", "start", "zeta", "alpha", "mu"}' in out
    assert '"zeta"' in out.splitlines()  # CHOOSE takes zeta, read before alpha
    # PrintT normalises records: fields in the order bal, type (bal is read first here; the
    # next test has a record built in another order than TLC's)
    assert '<<{[bal |-> 2, type |-> "u"]}, [bal |-> 2, type |-> "u"]>>' in out
    # the successors are generated zeta, alpha, mu: the violation is the third
    assert code == 12
    assert (report["generated"], report["distinct"]) == (4, 4)


RECORDS = """---- MODULE T ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = [type |-> "t", bal |-> 0]
Next == x' = [bal |-> x.bal + 1, type |-> "u"]
Inv == x.bal < 1
ASSUME PrintT([bal |-> 2, type |-> "u"])
ASSUME PrintT(ToString([bal |-> 2, type |-> "u"]))
ASSUME Print(<<[bal |-> 2, type |-> "u"]>>, TRUE)
====
"""


def test_records_print_in_tlcs_order_where_tlc_normalises_them(tmp_path: Path) -> None:
    """A state's values (fingerprinting normalises them) and what Print/PrintT print come in
    TLC's order of names (here type, read first); ToString keeps the order the record was
    built in. Print prints both its arguments."""
    code, _report, out = check_model(tmp_path, "T", "INIT Init\nNEXT Next\nINVARIANT Inv\n", RECORDS)
    lines = out.splitlines()
    assert code == 12
    assert '[type |-> "u", bal |-> 2]' in lines
    assert '"[bal |-> 2, type |-> \\"u\\"]"' in lines
    assert '<<[type |-> "u", bal |-> 2]>>  TRUE' in lines
    assert '*/\\ x = [type |-> "u", bal |-> 1]' in lines


def test_the_cfg_and_the_modules_are_read_in_tlcs_order(tmp_path: Path) -> None:
    """The cfg's values come first (q2 before q1, as written), then SANY's built-ins, then
    module tokens in parse order (Root, A, B, ..., C), then literals in semantic order (C's,
    A's, B's, then Root's)."""
    (tmp_path / "A.tla").write_text('---- MODULE A ----\nEXTENDS C\nidA == "lit_a"\n====\n')
    (tmp_path / "B.tla").write_text('---- MODULE B ----\nidB == "lit_b"\n====\n')
    (tmp_path / "C.tla").write_text('---- MODULE C ----\nidC == "lit_c"\nCONSTANT K, Name\n====\n')
    root = """---- MODULE Root ----
EXTENDS A, B, TLC
VARIABLE v
Init == v = "lit_root"
Next == UNCHANGED v
ASSUME PrintT({"lit_root", "lit_b", "lit_a", "lit_c", "cfgstr", "Name", "q2", "q1", "idB"})
ASSUME PrintT(K)
====
"""
    code, _report, out = check_model(tmp_path, "Root", 'CONSTANT K = {q2, q1}\nName = "cfgstr"\n'
                                     "INIT Init\nNEXT Next\n", root)
    assert code == 0
    assert '{"q2", "q1", "cfgstr", "idB", "Name", "lit_c", "lit_a", "lit_b", "lit_root"}' in out
    assert "{q2, q1}" in out


def _modules(texts: dict[str, str]) -> dict[str, ModuleTokens]:
    return {name: module_tokens(text) for name, text in texts.items()}


def test_modules_are_parsed_and_checked_in_sanys_order() -> None:
    """The orders TLC printed ("Parsing file ...", "Semantic processing of module ...") for the
    module layouts of two public models: tlaplus/Examples' Disruptor_SPMC (EXTENDS Integers,
    FiniteSets, Sequences; INSTANCE RingBuffer, which has LOCAL INSTANCEs) and
    AllocatorImplementation (INSTANCE SchedulingAllocator, which EXTENDS TLC)."""
    disruptor = _modules({
        "Disruptor_SPMC": "---- MODULE Disruptor_SPMC ----\nEXTENDS Integers, FiniteSets, Sequences\n"
                          "Buffer == INSTANCE RingBuffer WITH Values <- Int\n====\n",
        "RingBuffer": "---- MODULE RingBuffer ----\nLOCAL INSTANCE Naturals\nLOCAL INSTANCE FiniteSets\n====\n"})
    assert reading_order("Disruptor_SPMC", disruptor) == (
        ["Disruptor_SPMC", "Integers", "FiniteSets", "Sequences", "_TLCTrace", "Naturals", "RingBuffer",
         "TLC", "TLCExt"],
        ["Naturals", "Integers", "Sequences", "FiniteSets", "TLC", "TLCExt", "_TLCTrace", "RingBuffer",
         "Disruptor_SPMC"])
    allocator = _modules({
        "AllocatorImplementation": "---- MODULE AllocatorImplementation ----\n"
                                   "EXTENDS FiniteSets, Sequences, Naturals\n"
                                   "Sched == INSTANCE SchedulingAllocator\n====\n",
        "SchedulingAllocator": "---- MODULE SchedulingAllocator ----\n"
                               "EXTENDS FiniteSets, Sequences, Naturals, TLC\n====\n"})
    assert reading_order("AllocatorImplementation", allocator) == (
        ["AllocatorImplementation", "FiniteSets", "Sequences", "Naturals", "_TLCTrace", "SchedulingAllocator",
         "TLC", "TLCExt", "Integers"],
        ["Naturals", "Sequences", "FiniteSets", "TLC", "Integers", "TLCExt", "_TLCTrace", "SchedulingAllocator",
         "AllocatorImplementation"])


def test_what_a_module_interns_skips_comments_and_what_follows_its_end() -> None:
    mod = module_tokens('text before\n---- MODULE M ----\nEXTENDS Naturals\n(* a (* nested *) comment *)\n'
                        'VARIABLE x \\* a line comment\nSpec == [][x\' = "s"]_x /\\ WF_x(TRUE)\n'
                        'I == INSTANCE Other\n====\nafter the end\n')
    assert mod.tokens == ("M", "EXTENDS", "Naturals", "VARIABLE", "x", "Spec", "WF_", "TRUE", "I", "INSTANCE",
                          "Other")
    assert (mod.extends, mod.instances, mod.strings) == (("Naturals",), ("Other",), ("s",))


def test_names_never_read_come_after_the_read_ones_by_name() -> None:
    """A string made while checking (TLC interns it when it is made) or a model value only a
    trace names: after every name read, then by characters, so the order never depends on
    which one a process happened to meet first."""
    from phalanx_verify.tla import interning
    from phalanx_verify.tla.order import sorted_tlc
    from phalanx_verify.tla.values import ModelValue

    interning.read_modules(["zeta", "alpha"])
    assert sorted_tlc(frozenset({"zz-made", "alpha", "aa-made", "zeta"})) == ["zeta", "alpha", "aa-made", "zz-made"]
    assert [m.name for m in sorted_tlc(frozenset({ModelValue("q9"), ModelValue("zeta"), ModelValue("q1")}))] == \
        ["zeta", "q1", "q9"]


def test_strings_naming_operators_rank_with_sanys_operator_tables(tmp_path: Path) -> None:
    """SANY interns its built-in operators' names (BuiltInOperators: "=", "\\", "$Pair", ...), the
    formal parameters Formal_i, then its parser's operator symbols and their synonyms ("[",
    "^+", "~", "\\cup", ...) before it reads the root module, so a string equal to one of them
    ranks before every token of the modules. The built-in ranked only the identifier-like ones
    there, so CHOOSE s \\in {"a", "\\"} : TRUE was "a" where TLC takes "\\" (fuzz11
    StringOrderChoose: an invariant TLC finds violated held). Outputs from TLC2 2026.12.01."""
    spec = ('---- MODULE E ----\nEXTENDS TLC\n'
            'ASSUME PrintT({"\\\\cup", "ASSUME", "E", "\\\\sqcup", "[", "^+", "Formal_2", "MODULE", '
            '"\\\\propto", "~", "$Suffices", "EXTENDS"})\n'
            'ASSUME PrintT(CHOOSE s \\in {"a", "\\\\"} : TRUE)\n====\n')
    code, _, out = check_model(tmp_path, "E", "", spec)
    assert code == 0, out
    assert ('{"$Suffices", "Formal_2", "[", "^+", "\\\\sqcup", "\\\\propto", "~", "\\\\cup", "E", "EXTENDS", '
            '"ASSUME", "MODULE"}') in out, out
    assert '"\\\\"' in out.splitlines(), out
