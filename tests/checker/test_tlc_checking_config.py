"""TLC model files as TLC's ModelConfig and SpecProcessor read them (issue #13, item 5):
overrides of ordinary definitions, module-scoped overrides, names the spec does not declare,
the cfg syntax TLC rejects, strings without escapes, and substitution arity. The counts and
messages called TLC's were recorded with real TLC (tla2tools 2026.12) on these models."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from phalanx_verify.cli import main
from phalanx_verify.tla.config import parse_config_text
from phalanx_verify.tla.errors import ConfigError
from tests.checker.specs import check, write_model

RANGE = """CONSTANT N
VARIABLE x
Limit == 10
Alt == 2
Init == x \\in 1..Limit
Next == UNCHANGED x
"""


def cli(spec):
    result = CliRunner().invoke(main, ["check", str(spec), "-q"])
    assert "Traceback" not in result.output
    return result


def test_definition_overridden_by_another(tmp_path):
    # TLC: 4 generated, 2 distinct (probe config/override_definition); unoverridden 10 distinct.
    r = check(tmp_path, RANGE, "CONSTANT N = 1\nCONSTANT Limit <- Alt\nINIT Init\nNEXT Next\n")
    assert (r.generated, r.distinct) == (4, 2)
    assert check(tmp_path, RANGE, "CONSTANT N = 1\nINIT Init\nNEXT Next\n").distinct == 10


def test_definition_given_a_value(tmp_path):
    r = check(tmp_path, RANGE, "CONSTANT N = 1\nLimit = 4\nINIT Init\nNEXT Next\n")
    assert (r.generated, r.distinct) == (8, 4)  # TLC, probe config/override_definition_eq


def test_overridden_definition_seen_from_an_extended_module(tmp_path):
    (tmp_path / "Base.tla").write_text("---- MODULE Base ----\nEXTENDS Naturals\nLimit == 10\nRange == 1..Limit\n====\n")
    body = "VARIABLE x\nInit == x \\in Range\nNext == UNCHANGED x\nThree == 3"
    r = check(tmp_path, body, "CONSTANT Limit <- Three\nINIT Init\nNEXT Next\n", extends="Naturals, Base")
    assert r.distinct == 3


def test_module_scoped_override_applies_to_that_module_only(tmp_path):
    (tmp_path / "Inner.tla").write_text(
        "---- MODULE Inner ----\nEXTENDS Naturals\nLimit == 10\nRange == 1..Limit\n====\n")
    body = """VARIABLES x, y
I == INSTANCE Inner
Limit == 5
Init == x \\in I!Range /\\ y \\in 1..Limit
Next == UNCHANGED <<x, y>>
Two == 2"""
    plain = check(tmp_path, body, "INIT Init\nNEXT Next\n")
    assert plain.distinct == 50
    # TLC: 20 generated, 10 distinct (x in 1..2, y in 1..5: the root's Limit is untouched) ...
    scoped = check(tmp_path, body, "CONSTANT Limit <- [Inner]Two\nINIT Init\nNEXT Next\n")
    assert (scoped.generated, scoped.distinct) == (20, 10)
    # ... and 30 generated, 15 distinct.
    valued = check(tmp_path, body, "CONSTANT Limit = [Inner]3\nINIT Init\nNEXT Next\n")
    assert (valued.generated, valued.distinct) == (30, 15)
    r = cli(write_model(tmp_path, body, "CONSTANT Nope <- [Inner]Two\nINIT Init\nNEXT Next\n"))
    assert r.exit_code == 151 and "M.cfg:1:10" in r.output


def test_assignments_to_names_the_spec_does_not_declare_are_ignored(tmp_path):
    # TLC accepts both (probes config/const_unknown_name, config/assign_variable).
    body = "CONSTANT N\nVARIABLE x\nInit == x \\in 1..N\nNext == UNCHANGED x"
    assert check(tmp_path, body, "CONSTANT N = 2\nCONSTANT Q = 5\nINIT Init\nNEXT Next\n").distinct == 2
    assert check(tmp_path, body, "CONSTANT N = 2\nCONSTANT x = 1\nINIT Init\nNEXT Next\n").distinct == 2


def test_model_values_declared_by_the_cfg(tmp_path):
    body = "CONSTANT Replicas\nVARIABLE x\nInit == x \\in Replicas\nNext == UNCHANGED x"
    r = check(tmp_path, body, "CONSTANTS r1 = r1  r2 = r2\nReplicas = {r1, r2}\nINIT Init\nNEXT Next\n")
    assert (r.verdict, r.distinct) == ("ok", 2)


def test_unassigned_constant(tmp_path):
    r = cli(write_model(tmp_path, RANGE, "INIT Init\nNEXT Next\n"))
    assert r.exit_code == 151 and "The constant parameter N is not assigned a value" in r.output


def test_substitution_of_a_different_arity(tmp_path):
    body = "CONSTANT N\nVARIABLE x\nInit == x \\in 1..N\nNext == UNCHANGED x\nTwo(a) == 2"
    r = cli(write_model(tmp_path, body, "CONSTANT N <- Two\nINIT Init\nNEXT Next\n"))
    assert r.exit_code == 151 and "substitutes for N with Two of different number of arguments" in r.output
    r = cli(write_model(tmp_path, RANGE + "Two(a) == 2", "CONSTANT N = 1\nLimit <- Two\nINIT Init\nNEXT Next\n"))
    assert r.exit_code == 151 and "Limit" in r.output


def test_substitution_by_an_undefined_operator(tmp_path):
    r = cli(write_model(tmp_path, RANGE, "CONSTANT N = 1\nLimit <- Nope\nINIT Init\nNEXT Next\n"))
    assert r.exit_code == 151 and "M.cfg:2:1" in r.output  # TLC's words:
    assert "substitutes for Limit with the undefined identifier Nope" in r.output


def test_substitution_for_a_name_the_spec_does_not_have(tmp_path):
    r = cli(write_model(tmp_path, RANGE + "One == 1", "CONSTANT N = 1\nQ <- One\nINIT Init\nNEXT Next\n"))
    assert r.exit_code == 151 and "the identifier Q does not appear in the specification" in r.output


def test_cfg_strings_keep_their_backslashes():
    # TLC: N = "a\"b" is the 4-character string a\"b (probe config/const_string_escape).
    assert parse_config_text('CONSTANT N = "a\\"b"').constants["N"] == 'a\\"b'


@pytest.mark.parametrize("text,where", [
    ("CONSTANT N = -2", "1:14"),           # no negative numbers in a cfg
    ("CONSTANT N = 1 + 2", "1:16"),        # nor arithmetic (TLC: exit 255, "error in the configuration file")
    ("CONSTANT N = <<1, 2>>", "1:14"),
    ("CONSTANT N = 1..3", "1:15"),         # '..' is no value
    ("CONSTANT N <- [Mod", "1:19"),
])
def test_cfg_syntax_tlc_rejects(text, where):
    with pytest.raises(ConfigError) as exc:
        parse_config_text(text, "m.cfg")
    assert f"m.cfg:{where}" in exc.value.line()


def test_module_scoped_entries_parse():
    cfg = parse_config_text("CONSTANTS Op <- [Mod]Other  NoHash = [Nano]NoHashVal  _x = 1")
    assert cfg.module_substitutions == {("Mod", "Op"): "Other"}
    assert [(k, v.name) for k, v in cfg.module_constants.items()] == [(("Nano", "NoHash"), "NoHashVal")]
    assert cfg.constants == {"_x": 1}


def test_standard_module_operator_overridden(tmp_path):
    body = """VARIABLE x
BoundedSeq(S) == UNION {[1..n -> S] : n \\in 0..2}
MyNat == 0..3
Init == x \\in Seq({1}) \\cup {<<n + 5>> : n \\in Nat}
Next == UNCHANGED x"""
    cfg = "CONSTANTS Seq <- BoundedSeq  Nat <- MyNat\nINIT Init\nNEXT Next\n"
    r = check(tmp_path, body, cfg, extends="Naturals, Sequences")
    # TLC: 14 generated, 7 distinct (<<>>, <<1>>, <<1, 1>>, <<5>> .. <<8>>).
    assert (r.verdict, r.generated, r.distinct) == ("ok", 14, 7)


def test_constant_operator_given_point_by_point(tmp_path):
    body = """CONSTANT F(_), G
VARIABLE x
Init == x = F(2) + G
Next == UNCHANGED x
Inv == x = 5"""
    cfg = "CONSTANT F(1) = 2\nF(2) = {f2}\nG = 3\nINIT Init\nNEXT Next\nINVARIANT Inv\n"
    assert check(tmp_path, body, cfg.format(f2=2)).verdict == "ok"
    bad = check(tmp_path, body, cfg.format(f2=4))  # TLC: Inv violated by the initial state
    assert (bad.verdict, bad.violated) == ("invariant", "Inv")
    r = cli(write_model(tmp_path, body, "CONSTANT F(1, 2) = 2\nG = 3\nINIT Init\nNEXT Next\n"))
    assert r.exit_code == 151 and "M.cfg:1:10" in r.output


RL_SPEC = ("---- MODULE R ----\nEXTENDS Naturals\nCONSTANT K\nVARIABLE x\nInit == x = 0\nNext == x < 3 /\\ x' = x + 1\n"
           "Reward == \"not an integer\"\nRewardOf(n) == n\n====\n")


@pytest.mark.parametrize(("reward", "code", "phrase"), [
    # only TLC's reinforcement-learning simulation evaluates it: model checking goes on (deadlock
    # at x = 3 after 4 generated, 4 distinct, depth 4, as TLC)
    ("Reward", 11, "4 states generated, 4 distinct states found, 0 states left on queue."),
    ("RewardOf", 151, "TLC requires rlreward not to take any argument, but one was given: RewardOf"),
    ("Undefined", 151, "The rlreward Undefined specified in the configuration file\nis not defined in the specification."),
    ("x", 151, "The rlreward x specified in the configuration file\nis not defined in the specification."),
    ("K", 151, "The rlreward K cannot be a constant."),
])
def test_rl_reward_checked_then_ignored_as_in_tlc(tmp_path, reward, code, phrase):
    """_RL_REWARD (TLC's Calculator model): TLC's model checking checks that it names a
    definition without arguments (SpecProcessor.processRLReward) and otherwise ignores it. Exit
    codes and messages recorded from TLC runs of this module; was exit 150 ('unsupported
    construct: the cfg keyword _RL_REWARD')."""
    (tmp_path / "R.tla").write_text(RL_SPEC)
    (tmp_path / "R.cfg").write_text(f"CONSTANT K = 1\nINIT Init\nNEXT Next\n_RL_REWARD {reward}\n")
    r = CliRunner().invoke(main, ["check", str(tmp_path / "R.tla"), "--workers", "1"])
    assert r.exit_code == code, r.output
    assert phrase in r.output, r.output
