"""Benchmarks: each prints the figures a speed, size or memory target is checked by."""
