"""Phalanx reference implementation: topology compiler, HDF-B planner, RRP engine, simulator."""
