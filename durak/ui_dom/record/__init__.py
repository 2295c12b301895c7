"""The record screen: every finished game in words and in its text record, the
shared game link that carries one, and their words."""
