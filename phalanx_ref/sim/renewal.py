"""The renewal model of paper §8.1 in closed form.

Eq. 3, ``ETTR = (M (1 - c) - tau/2) / (M + R)``, treats each failure cycle as an up-time of mean M
(paying checkpoint overhead c and losing tau/2 of progress at the cut) followed by a recovery of
R. It approximates the lost work at the cut by tau/2; :func:`ettr_renewal_limit` is the exact
long-horizon limit of the Monte Carlo (checkpoints every tau of up-time from each resume, so only
whole intervals survive a failure), the value the simulator must converge to.

All times here are in minutes.
"""

from __future__ import annotations

import math

from phalanx_ref.sim.params import C_BASE, C_PER_CKPT_MIN, M_GPU_HOURS


def mtbf_min(n_gpus: int, m_gpu_hours: float = M_GPU_HOURS) -> float:
    """Job-level mean time between failures M(N) = M_gpu / N, in minutes."""
    if n_gpus < 1:
        raise ValueError(f"n_gpus must be positive, got {n_gpus}")
    return m_gpu_hours * 60.0 / n_gpus


def ettr_eq3(m_min: float, tau_min: float, c: float, r_min: float) -> float:
    """Paper eq. 3."""
    return (m_min * (1.0 - c) - tau_min / 2.0) / (m_min + r_min)


def c_of_tau(tau_min: float, base: float = C_BASE, per_ckpt_min: float = C_PER_CKPT_MIN) -> float:
    """Checkpoint overhead fraction at interval tau (see params.C_BASE): with the defaults it passes
    through the paper's c(2.5 min) = 0.007 and c(1 min) = 0.010, and falls toward ``base`` as
    checkpoints get rarer."""
    if tau_min <= 0:
        raise ValueError(f"tau must be positive, got {tau_min}")
    return base + per_ckpt_min / tau_min


def saved_uptime_per_cycle(m_min: float, tau_min: float) -> float:
    """E[floor(U / tau) * tau] for U ~ Exp(M): the up-time that a failure does not roll back when
    checkpoints fall every tau from the resume. Equals M - E[U mod tau] = tau q / (1 - q), with
    q = exp(-tau / M); about M - tau/2 + tau^2/(12 M), so eq. 3 slightly over-charges the cut."""
    q = math.exp(-tau_min / m_min)
    return tau_min * q / -math.expm1(-tau_min / m_min)


def ettr_renewal_limit(m_min: float, tau_min: float, c: float, r_mean_min: float) -> float:
    """Renewal-reward limit of the Monte Carlo (resume grid, failures during recovery absorbed):
    expected training kept per cycle over expected cycle length."""
    return saved_uptime_per_cycle(m_min, tau_min) * (1.0 - c) / (m_min + r_mean_min)


def crossover_eq3(m_min: float, tau_min: float, c: float, target_ettr: float) -> float:
    """The recovery time R (minutes) at which eq. 3 of a design (M, tau, c) equals target_ettr:
    below it the design beats the target."""
    if target_ettr <= 0:
        raise ValueError("target ETTR must be positive")
    return (m_min * (1.0 - c) - tau_min / 2.0) / target_ettr - m_min
