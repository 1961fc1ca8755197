"""Eq. 3 and c(tau) against the paper's printed figures (known answers)."""

from __future__ import annotations

import math

import pytest

from phalanx_ref.sim.params import N_16K, N_131K, TABLE3_CONFIGS
from phalanx_ref.sim.renewal import (
    c_of_tau,
    crossover_eq3,
    ettr_eq3,
    ettr_renewal_limit,
    mtbf_min,
    saved_uptime_per_cycle,
)
from phalanx_ref.sim.tables import PAPER_TABLE3


def test_table3_closed_form_equals_paper_to_three_decimals() -> None:
    got = [round(ettr_eq3(mtbf_min(n), d.tau_min, d.c, d.r_mean_s / 60), 3) for n, d in TABLE3_CONFIGS]
    assert got == [0.839, 0.871, 0.979, 0.454, 0.890, 0.918]
    assert got == [PAPER_TABLE3[(n, d.name)][0] for n, d in TABLE3_CONFIGS]


def test_mtbf_scaling_matches_paper() -> None:
    assert round(mtbf_min(N_16K), 1) == 183.1
    assert round(mtbf_min(N_131K), 1) == 22.9


def test_c_of_tau_passes_through_the_paper_points_and_decreases() -> None:
    assert c_of_tau(2.5) == pytest.approx(0.007)
    assert c_of_tau(1.0) == pytest.approx(0.010)
    assert c_of_tau(0.5) > c_of_tau(1.0) > c_of_tau(30.0) > 0.005


def test_crossover_closed_form() -> None:
    m = mtbf_min(N_131K)
    # the "eq. 3 gives about 1,380 s" is eq. 3 against the paper's measured baseline 0.468
    assert 60 * crossover_eq3(m, 2.5, 0.007, 0.468) == pytest.approx(1380, abs=2)
    base = ettr_eq3(m, 10, 0.03, 15)
    r = crossover_eq3(m, 2.5, 0.007, base)
    assert ettr_eq3(m, 2.5, 0.007, r) == pytest.approx(base)


def test_saved_uptime_is_m_minus_the_exact_mean_residue() -> None:
    m, tau = 22.9, 10.0
    # E[U mod tau] for U ~ Exp(m), by direct numerical integration over the residue
    n = 200_000
    h = tau / n
    lam = 1.0 / m
    resid = sum(((i + 0.5) * h) * lam * math.exp(-lam * (i + 0.5) * h) for i in range(n)) * h
    resid /= 1.0 - math.exp(-lam * tau)
    assert saved_uptime_per_cycle(m, tau) == pytest.approx(m - resid, rel=1e-6)
    # and it is close to, but above, eq. 3's M - tau/2
    assert m - tau / 2 < saved_uptime_per_cycle(m, tau) < m - tau / 2 + tau ** 2 / (12 * m) + 1e-9


def test_renewal_limit_without_failures_is_one_minus_c() -> None:
    assert ettr_renewal_limit(1e12, 2.5, 0.007, 1.25) == pytest.approx(0.993, abs=1e-9)
