"""HDF-B planner benchmark (paper §8.3-8.4); the same as ``phalanx-sim bench planner [OPTIONS]``.

Usage: python benchmarks/planner_bench.py [--failures N] [--seed S] [--small] [--json PATH]
"""

import sys

from phalanx_ref.sim.cli import main

if __name__ == "__main__":
    main(["bench", "planner", *sys.argv[1:]])
