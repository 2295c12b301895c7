"""Build and serve helpers for the static site (stdlib only, no runtime dependency)."""
