"""Tests of the Napoleon engine (rules, tricks, game, view, records)."""
