"""Each part of the general liveness search matters: with one part broken (a mutant of the
checker), some property of the TLC-recorded suite gets a verdict different from real TLC's."""

import pytest

from phalanx_verify.check import liveness
from phalanx_verify.check.model import load_model
from phalanx_verify.check.run import check_model
from tests.checker.test_tlc_liveness_formulas import MTX, MTX_TLC, PROC, PROC_TLC

CASES = [(PROC, "Proc", f"SPECIFICATION Spec\nPROPERTY {p}\n", code) for p, code in PROC_TLC] + \
    [(MTX, "Mtx", f"SPECIFICATION {s}\nCONSTANT N = 2\nPROPERTY {p}\n", code) for s, p, code in MTX_TLC]


def first_disagreement(tmp_path) -> str | None:
    for k, (text, name, cfg, code) in enumerate(CASES):
        d = tmp_path / str(k)
        d.mkdir()
        (d / f"{name}.tla").write_text(text)
        (d / f"{name}.cfg").write_text(cfg)
        report = check_model(load_model(d / f"{name}.tla"))
        if report.exit_code != code:
            return cfg
    return None


def after_init(monkeypatch, change):
    original = liveness._GeneralSearch.__init__

    def init(self, *args, **kw):
        original(self, *args, **kw)
        change(self)

    monkeypatch.setattr(liveness._GeneralSearch, "__init__", init)


def test_unbroken_search_agrees_with_tlc(tmp_path):
    assert first_disagreement(tmp_path) is None


def mutate_promises(monkeypatch):
    build = liveness.build

    def all_fulfilled(tf):
        tab = build(tf)
        tab.fulfils = [(1 << len(tab.promises)) - 1] * len(tab.nodes)
        return tab
    monkeypatch.setattr(liveness, "build", all_fulfilled)


def mutate_successors(monkeypatch):
    build = liveness.build

    def any_successor(tf):
        tab = build(tf)
        tab.succ = [list(range(len(tab.nodes)))] * len(tab.nodes)
        return tab
    monkeypatch.setattr(liveness, "build", any_successor)


MUTANTS = {
    "promises ignored": mutate_promises,
    "tableau successors ignored": mutate_successors,
    "EA conditions ignored": lambda mp: mp.setattr(liveness._GeneralSearch, "ea_ok", lambda self, s, e: True),
    "AE state conditions ignored": lambda mp: after_init(mp, lambda s: setattr(s, "ae_state", [])),
    "AE step conditions ignored": lambda mp: after_init(mp, lambda s: setattr(s, "ae_step", [])),
    "spec fairness ignored": lambda mp: after_init(mp, lambda s: s.__dict__.update(weak=0, strong=0, nfair=0)),
}


@pytest.mark.parametrize("mutant", sorted(MUTANTS))
def test_mutant_is_caught(tmp_path, monkeypatch, mutant):
    MUTANTS[mutant](monkeypatch)
    assert first_disagreement(tmp_path) is not None
