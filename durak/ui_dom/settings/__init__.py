"""The settings panel and the game menu: the rows the options make, the player's
preferences (address over saved settings over defaults), and their words."""
