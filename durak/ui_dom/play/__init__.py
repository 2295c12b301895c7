"""What plays the game on Durak's table: the controllers of the ordinary game and the pile
games, the one protocol they share, the series their hosts deal from, the clicks and
keys made into actions, and the seats' views built once per moment."""
