"""``--workers auto`` counts the cores this process may use, as Java's availableProcessors()
does for TLC's ``-workers auto`` in a container: a cgroup CPU quota caps the count, which
``os.cpu_count()`` (the host's CPUs) ignores."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from phalanx_verify.check.parallel import available_cores, workers_option

ALLOWED = len(os.sched_getaffinity(0))


def cgroup_v2(tmp_path: Path, line: str) -> Path:
    (tmp_path / "cpu.max").write_text(line + "\n")
    return tmp_path


def cgroup_v1(tmp_path: Path, quota: int, period: int) -> Path:
    (tmp_path / "cpu").mkdir()
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text(f"{quota}\n")
    (tmp_path / "cpu" / "cpu.cfs_period_us").write_text(f"{period}\n")
    return tmp_path


@pytest.mark.parametrize(("line", "cap"), [("100000 100000", 1), ("150000 100000", 2), ("50000 100000", 1)])
def test_a_v2_quota_caps_the_count_rounded_up(tmp_path, line, cap):
    assert available_cores(cgroup_v2(tmp_path, line)) == min(ALLOWED, cap)


def test_a_v1_quota_caps_the_count(tmp_path):
    assert available_cores(cgroup_v1(tmp_path, 100000, 100000)) == 1


@pytest.mark.parametrize("make", [lambda p: cgroup_v2(p, "max 100000"), lambda p: cgroup_v1(p, -1, 100000),
                                  lambda p: p, lambda p: cgroup_v2(p, "garbage")])
def test_no_quota_is_every_allowed_cpu(tmp_path, make):
    assert available_cores(make(tmp_path)) == ALLOWED


def test_auto_is_the_available_count():
    assert workers_option("auto") == available_cores()
    assert workers_option("3") == 3
