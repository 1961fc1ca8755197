"""Campaign property sets: each mutant reported killed or survived under each set, a set that
extends another inheriting its kills, and a manifest rejected when a mutant survives the set it
must die under without an argument that it is equivalent."""

from pathlib import Path

from click.testing import CliRunner

from phalanx_verify.campaign import closure, load_campaign, run_campaign, set_verdicts
from phalanx_verify.cli import main

SPEC = Path(__file__).resolve().parents[2] / "spec"

# A three-state counter. "paper" checks the bound; "strong" adds that no value is skipped.
COUNTER = """---- MODULE {name} ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = {step}
Bounded == x < 3
NoSkip == [][x' # x + 2]_x
====
"""
CAMPAIGN = """mutants = "manifest.toml"
[[properties]]
name = "paper"
[[properties]]
name = "strong"
extends = "paper"
must_kill = true
"""
MUTANT = """[[mutant]]
name = "{name}"
module = "{name}.tla"
{extra}
  [[mutant.run]]
  model = "3 values"
  properties = "paper"
  config = "paper.cfg"
  {paper}
  [[mutant.run]]
  model = "3 values"
  properties = "strong"
  config = "added.cfg"
  {strong}
"""


def _campaign(tmp_path: Path, mutants: dict[str, tuple[str, str, str, str]]) -> Path:
    """mutants: name -> (next-state expression, paper expectation, strong expectation, extra keys)."""
    (tmp_path / "paper.cfg").write_text("INIT Init\nNEXT Next\nINVARIANT Bounded\n")
    (tmp_path / "added.cfg").write_text("INIT Init\nNEXT Next\nPROPERTY NoSkip\n")
    manifest = []
    for name, (step, paper, strong, extra) in mutants.items():
        (tmp_path / f"{name}.tla").write_text(COUNTER.format(name=name, step=step))
        manifest.append(MUTANT.format(name=name, paper=paper, strong=strong, extra=extra))
    (tmp_path / "manifest.toml").write_text("\n".join(manifest))
    (tmp_path / "campaign.toml").write_text(CAMPAIGN)
    return tmp_path / "campaign.toml"


OK = 'verdict = "ok"'
SKIPS = ("(x + 2) % 3", OK, 'verdict = "action_property"\n  violated = "NoSkip"\n  trace_length = 2', "")
OVERFLOWS = ("IF x < 3 THEN x + 1 ELSE 0", 'verdict = "invariant"\n  violated = "Bounded"\n  trace_length = 4',
             OK, "")


def test_each_set_gets_a_verdict_and_extends_inherits_kills(tmp_path):
    camp = load_campaign(_campaign(tmp_path, {"Skips": SKIPS, "Overflows": OVERFLOWS}))
    assert closure(camp.property_sets, "strong") == ["strong", "paper"]
    outcomes = run_campaign(camp.runs)
    assert all(o.passed for o in outcomes), [o.problems for o in outcomes]
    v = set_verdicts(outcomes, camp.property_sets)
    skips, overflows = v[("Skips", "3 values")], v[("Overflows", "3 values")]
    assert not skips["paper"].killed
    assert (skips["strong"].violated, skips["strong"].trace_length, skips["strong"].via) == ("NoSkip", 2, None)
    assert (overflows["paper"].violated, overflows["paper"].trace_length) == ("Bounded", 4)
    # Its strong run checks only NoSkip, which holds; the paper's kill carries over to the superset.
    assert (overflows["strong"].killed, overflows["strong"].violated, overflows["strong"].via) == \
        (True, "Bounded", "paper")


def test_strong_verdict_needs_every_run_it_depends_on(tmp_path):
    camp = load_campaign(_campaign(tmp_path, {"Skips": SKIPS}))
    only_strong = [r for r in camp.runs if r.properties == "strong"]
    v = set_verdicts(run_campaign(only_strong), camp.property_sets)[("Skips", "3 values")]
    assert "paper" not in v and v["strong"].killed
    only_paper = [r for r in camp.runs if r.properties == "paper"]
    v = set_verdicts(run_campaign(only_paper), camp.property_sets)[("Skips", "3 values")]
    assert "strong" not in v and not v["paper"].killed   # surviving the paper's set tells nothing


def test_cli_table_and_exit_code(tmp_path):
    path = _campaign(tmp_path, {"Skips": SKIPS, "Overflows": OVERFLOWS})
    result = CliRunner().invoke(main, ["tlc", "campaign", str(path), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "killed: NoSkip (2)" in result.output and "killed: Bounded (4), via paper" in result.output
    wrong = ("(x + 2) % 3", OK, OK, "")   # expects Skips to survive the strong set: it does not
    path = _campaign(tmp_path, {"Skips": wrong[:3] + ('equivalent = "claimed"',)})
    result = CliRunner().invoke(main, ["tlc", "campaign", str(path), "--quiet"])
    assert result.exit_code == 1 and "MISMATCH" in result.output


def test_unexplained_survivor_rejects_the_manifest(tmp_path):
    path = _campaign(tmp_path, {"Skips": ("(x + 2) % 3", OK, OK, "")})
    result = CliRunner().invoke(main, ["tlc", "campaign", str(path)])
    assert result.exit_code == 151
    assert "survives property set strong on every model" in result.output


def test_equivalence_claim_contradicted_by_a_kill(tmp_path):
    path = _campaign(tmp_path, {"Overflows": OVERFLOWS[:3] + ('equivalent = "claimed"',)})
    result = CliRunner().invoke(main, ["tlc", "campaign", str(path)])
    assert result.exit_code == 151 and "argued equivalent" in result.output


def test_ci_reports_every_mutant_under_both_sets():
    """CI runs each mutant under the paper's set, and under the strengthened set either directly
    or through a paper kill it inherits."""
    camp = load_campaign(SPEC / "campaign.toml")
    ci = [r for r in camp.runs if r.mutant and "ci" in r.tags]
    # RRPLifecycle's mutants (issue 16) are held to the strengthened set with the lifecycle's own
    # properties, each killed in CI by the property named for it (tests/lifecycle_spec)
    lifecycle = {r.mutant for r in camp.runs if r.mutant and r.config.name.startswith("RRPLifecycle")}
    assert all(any(r.expect.verdict != "ok" for r in ci if r.mutant == m and r.properties == "strong")
               for m in lifecycle)
    mutants = {r.mutant for r in camp.runs if r.mutant} - lifecycle
    assert {r.mutant for r in ci if r.properties == "paper"} == mutants
    for m in mutants:
        paper_kill = any(r.expect.verdict != "ok" for r in ci if r.mutant == m and r.properties == "paper")
        assert paper_kill or any(r.properties == "strong" for r in ci if r.mutant == m), m
