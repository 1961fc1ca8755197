"""Trace format and replay against the spec."""
