"""Ctrl-C on ``prove hdfb`` (issue 14): like every other command it stops, prints the obligations
decided so far marked interrupted, and exits 130. A real SIGINT to the process group, as in
tests/robust/test_interrupt.py."""

from __future__ import annotations

import json
import time

from tests.robust.test_interrupt import group_gone, interrupt, start


def test_prove_hdfb_prints_the_obligations_decided_so_far() -> None:
    proc = start("prove", "hdfb", "--json")
    time.sleep(15.0)  # loading, then the small trees' lemmas (milliseconds each); the whole run takes minutes
    code, out, err = interrupt(proc)
    assert code == 130 and "Traceback" not in err, (code, out, err)
    report = json.loads(out)
    assert report["interrupted"] is True and report["ok"] is False
    assert report["results"], "no obligation decided in 15 s"
    assert all(r["result"] in ("proved", "refuted", "unknown", "counterexample") for r in report["results"])
    assert group_gone(proc.pid)
