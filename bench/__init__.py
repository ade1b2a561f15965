"""Benchmarks (see each script)."""
