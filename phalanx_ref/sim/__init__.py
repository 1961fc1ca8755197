"""Evaluation harness (paper §8): benchmarks and the ``phalanx-sim`` command."""
