"""What TLCGet reports of the search ("generated", "distinct", "queue", "diameter", "level")
where Init, Next, a CONSTRAINT and an invariant read it, and TLCSet("exit", TRUE), against real
TLC (tlc2.TLC -workers 1 -deadlock, the outcomes and printed values below are its own; fuzz10).

TLC's "diameter" is the level of the last state written to its trace (TLCTrace.getLevelForReporting):
a new successor is written before its invariants are checked, so they see its level, one more
than the level of the state expanded; its "queue" is what is left of the level and the new states
found so far once the expanded state was taken off it; and its isInModel asks the CONSTRAINT on
every successor, a state seen before too.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.cli import main

S = '<<TLCGet("generated"), TLCGet("distinct"), TLCGet("queue"), TLCGet("diameter"), TLCGet("level")>>'

PRINTING = (
    "---- MODULE M ----\nEXTENDS Integers, TLC\nVARIABLE x, y\nS == " + S + "\n"
    "Init == x \\in {0, 1} /\\ y = 0 /\\ PrintT(<<\"init\", S>>)\n"
    "Next == \\/ x < 3 /\\ PrintT(<<\"next\", x, y, S>>) /\\ x' = x + 1 /\\ y' = y\n"
    "        \\/ y < 1 /\\ y' = y + 1 /\\ x' = x\n"
    "Inv == PrintT(<<\"inv\", x, y, S>>)\nC == PrintT(<<\"con\", x, y, S>>)\n====\n")

# TLC's PrintT lines for PRINTING, in its order
TLC_PRINTED = [
    '<<"init", <<0, 0, 0, 1, 0>>>>',
    '<<"con", 0, 0, <<1, 0, 0, 1, 1>>>>',
    '<<"inv", 0, 0, <<1, 1, 1, 1, 1>>>>',
    '<<"init", <<1, 1, 1, 1, 0>>>>',
    '<<"con", 1, 0, <<2, 1, 1, 1, 1>>>>',
    '<<"inv", 1, 0, <<2, 2, 2, 1, 1>>>>',
    '<<"next", 0, 0, <<2, 2, 1, 1, 1>>>>',
    '<<"con", 1, 0, <<3, 2, 1, 1, 2>>>>',
    '<<"con", 0, 1, <<4, 2, 1, 1, 2>>>>',
    '<<"inv", 0, 1, <<4, 3, 1, 2, 2>>>>',
    '<<"next", 1, 0, <<4, 3, 1, 2, 1>>>>',
    '<<"con", 2, 0, <<5, 3, 1, 2, 2>>>>',
    '<<"inv", 2, 0, <<5, 4, 1, 2, 2>>>>',
    '<<"con", 1, 1, <<6, 4, 2, 2, 2>>>>',
    '<<"inv", 1, 1, <<6, 5, 2, 2, 2>>>>',
    '<<"next", 0, 1, <<6, 5, 2, 2, 2>>>>',
    '<<"con", 1, 1, <<7, 5, 2, 2, 3>>>>',
    '<<"next", 2, 0, <<7, 5, 1, 2, 2>>>>',
    '<<"con", 3, 0, <<8, 5, 1, 2, 3>>>>',
    '<<"inv", 3, 0, <<8, 6, 1, 3, 3>>>>',
    '<<"con", 2, 1, <<9, 6, 2, 3, 3>>>>',
    '<<"inv", 2, 1, <<9, 7, 2, 3, 3>>>>',
    '<<"next", 1, 1, <<9, 7, 2, 3, 2>>>>',
    '<<"con", 2, 1, <<10, 7, 2, 3, 3>>>>',
    '<<"con", 3, 1, <<11, 7, 1, 3, 4>>>>',
    '<<"inv", 3, 1, <<11, 8, 1, 4, 4>>>>',
    '<<"next", 2, 1, <<11, 8, 1, 4, 3>>>>',
    '<<"con", 3, 1, <<12, 8, 1, 4, 4>>>>',
]


def _run(tmp_path: Path, text: str, cfg: str, *flags: str) -> tuple[int, str]:
    (tmp_path / "M.tla").write_text(text)
    (tmp_path / "M.cfg").write_text(cfg)
    r = CliRunner().invoke(main, ["check", str(tmp_path / "M.tla"), "-c", str(tmp_path / "M.cfg"),
                                  "--workers", "1", *flags])
    assert "Traceback" not in r.output
    return r.exit_code, r.output


def test_the_figures_each_evaluation_sees(tmp_path: Path) -> None:
    code, out = _run(tmp_path, PRINTING, "INIT Init\nNEXT Next\nINVARIANT Inv\nCONSTRAINT C\n", "-deadlock")
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("<<")] == TLC_PRINTED


def _module(body: str) -> str:
    return "---- MODULE M ----\nEXTENDS Naturals, TLC\nVARIABLES x, y\nInit == x = 0 /\\ y \\in {0, 1}\n" + body + "\n====\n"


def test_an_invariant_sees_the_new_states_level_as_diameter(tmp_path: Path) -> None:
    """Was 'no error' (the expanded state's level): TLC finds the state at level 5 violating."""
    code, out = _run(tmp_path, _module(
        "Next == \\/ x < 4 /\\ x' = x + 1 /\\ UNCHANGED y\n        \\/ y' = 1 - y /\\ UNCHANGED x\n"
        "Inv == TLCGet(\"diameter\") < 5"), "INIT Init\nNEXT Next\nINVARIANT Inv\n", "-deadlock")
    assert code == 12 and "Invariant Inv is violated." in out
    assert "15 states generated, 9 distinct states found, 1 states left on queue." in out


def test_next_sees_the_queue_without_the_state_expanded(tmp_path: Path) -> None:
    code, out = _run(tmp_path, _module(
        "Next == \\/ x < 3 /\\ x' = x + 1 /\\ UNCHANGED y /\\ TLCGet(\"queue\") < 2\n"
        "        \\/ y' = 1 - y /\\ UNCHANGED x"), "INIT Init\nNEXT Next\n")
    assert code == 0
    assert "16 states generated, 8 distinct states found, 0 states left on queue." in out
    assert "The depth of the complete state graph search is 4." in out


def test_init_may_read_the_figures(tmp_path: Path) -> None:
    """Was an error: TLCGet("distinct") had no value before the first initial state."""
    code, out = _run(tmp_path, "---- MODULE M ----\nEXTENDS Naturals, TLC\nVARIABLE x\n"
                     "Init == x = 0 /\\ TLCGet(\"distinct\") < 5\nNext == x < 2 /\\ x' = x + 1\n====\n",
                     "INIT Init\nNEXT Next\n", "-deadlock")
    assert code == 0 and "3 states generated, 3 distinct states found" in out


def test_tlcset_exit_stops_a_spec_that_reads_no_tlcget(tmp_path: Path) -> None:
    """Was ignored unless the spec also called TLCGet: TLC stops once the state is expanded."""
    code, out = _run(tmp_path, _module(
        "Next == \\/ x < 4 /\\ x' = x + 1 /\\ UNCHANGED y /\\ (x = 2 => TLCSet(\"exit\", TRUE))\n"
        "        \\/ y' = 1 - y /\\ UNCHANGED x"), "INIT Init\nNEXT Next\n", "-deadlock")
    assert code == 0
    assert "12 states generated, 7 distinct states found, 2 states left on queue." in out
    assert "The depth of the complete state graph search is 4." in out


def test_a_register_never_written_is_tlcs_undefined(tmp_path: Path) -> None:
    """TLCGet(3) before any TLCSet(3, ...): TLC's "TLCGet(3) was undefined.", exit 75 in Next,
    1 generated (was "unsupported key"; fuzz10 tlcget_unset_register_msg)."""
    code, out = _run(tmp_path, "---- MODULE M ----\nEXTENDS Naturals, TLC\nVARIABLE x\nInit == x = 0\n"
                     "Next == x < 2 /\\ x' = x + TLCGet(3)\n====\n", "INIT Init\nNEXT Next\n")
    assert code == 75 and "TLCGet(3) was undefined." in out
    assert "1 states generated, 1 distinct states found" in out


def test_the_assumptions_see_the_checker_before_its_search(tmp_path: Path) -> None:
    """TLC's checker exists when the ASSUMEs are evaluated: its figures are those of an empty
    search (diameter 1), and TLCGet("stats") is AbstractChecker.getStatistics' record, its
    fields sorted as TLC interns their names (was: "no value outside a model-checking run")."""
    code, out = _run(tmp_path, "---- MODULE M ----\nEXTENDS Naturals, TLC\nVARIABLE x\n"
                     "ASSUME PrintT(<<TLCGet(\"diameter\"), TLCGet(\"distinct\"), TLCGet(\"queue\"), "
                     "TLCGet(\"generated\"), TLCGet(\"level\")>>)\n"
                     "ASSUME PrintT([TLCGet(\"stats\") EXCEPT !.duration = 0])\n"
                     "ASSUME PrintT(DOMAIN TLCGet(\"config\"))\n"
                     "Init == x = 0\nNext == x < 2 /\\ x' = x + 1\n====\n", "INIT Init\nNEXT Next\n", "-deadlock")
    assert code == 0, out
    printed = [line for line in out.splitlines() if line.startswith(("<<", "[", "{"))]
    assert printed == [  # TLC's, its record on one line
        "<<1, 0, 0, 0, 0>>",
        "[duration |-> 0, diameter |-> 1, distinct |-> 0, queue |-> 0, generated |-> 0, worker |-> 0, initial |-> 0]",
        '{"install", "mode", "deadlock", "seed", "fingerprint", "worker"}'], out


def test_the_stats_record_in_an_invariant(tmp_path: Path) -> None:
    """Its "worker" (0 on TLC's one worker) and "initial" (the initial states generated)."""
    code, out = _run(tmp_path, "---- MODULE M ----\nEXTENDS Naturals, TLC\nVARIABLE x\nInit == x = 0\n"
                     "Next == x < 2 /\\ x' = x + 1\nInv == PrintT(<<x, TLCGet(\"stats\").worker, TLCGet(\"stats\").initial, "
                     "TLCGet(\"stats\").generated, TLCGet(\"duration\") >= 0>>)\n====\n",
                     "INIT Init\nNEXT Next\nINVARIANT Inv\n", "-deadlock")
    assert code == 0, out
    assert [line for line in out.splitlines() if line.startswith("<<")] == [
        "<<0, 0, 1, 1, TRUE>>", "<<1, 0, 1, 2, TRUE>>", "<<2, 0, 1, 3, TRUE>>"]


def test_a_key_tlc_does_not_know(tmp_path: Path) -> None:
    """TLC's "TLCGet(foo) was undefined." (was "unsupported key"), an unnamed register too."""
    for key in ("foo", "s:x", "initial"):
        code, out = _run(tmp_path, f"---- MODULE M ----\nEXTENDS TLC\nASSUME PrintT(TLCGet(\"{key}\"))\n====\n", "")
        assert code == 10 and f"TLCGet({key}) was undefined." in out, out
