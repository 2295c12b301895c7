"""The hint: what the strong computer would do at the human's decision, and why, for
the ordinary game and the pile games, with its words."""
