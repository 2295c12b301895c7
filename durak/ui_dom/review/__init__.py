"""The review screen: the human's decisions of a finished game weighed by the strong
computer, for the ordinary game and the pile games, with its words."""
