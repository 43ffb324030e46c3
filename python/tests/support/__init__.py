"""Test support for the Python port: builders, naive oracles and Hypothesis strategies (as test/support/ in TS)."""
