"""The rules dialog: the rule book of the game on the table (the ordinary game's, and
each other game's of the family), with its sentences, read when the dialog opens."""
