"""Each engine mutant is rejected by replay at the step where it goes wrong."""

from __future__ import annotations

import pytest
from trace_helpers import memory_trace, replay

from phalanx_ref.engine import MUTANTS

# mutant -> the action of the first divergent step
WHERE = {
    "commit_no_guard": "Commit",
    "seal_stale": "Seal",
    "restore_not_below": "Restore",
    "epoch_no_increment": "Commit",
    "detect_no_dead": "Detect",
}


def test_every_mutant_is_listed():
    assert set(WHERE) == set(MUTANTS)


@pytest.mark.parametrize("mutant", sorted(WHERE))
def test_mutant_rejected_at_its_step(tmp_path, mutant):
    for seed in range(12):
        path, _ = memory_trace(tmp_path, seed, mutant)
        res = replay(path)
        if res.divergences:
            break
    else:
        pytest.fail(f"no seed made mutant {mutant} diverge")
    d = res.divergences[0]
    assert d.kind == "step" and d.action.startswith(WHERE[mutant] + "("), d.line_text()
    assert res.exit_code == 13 and d.diff
    # the divergent step is exactly the first step where the mutant acts differently: the
    # correct engine's run of the same seed has the same steps before it, and replays cleanly
    ok_path, _ = memory_trace(tmp_path, seed)
    assert not replay(ok_path).divergences
    bad, good = path.read_text().splitlines(), ok_path.read_text().splitlines()
    first = d.line - 1  # 0-based index of the divergent line
    assert bad[2:first] == good[2:first] and bad[first] != good[first]
