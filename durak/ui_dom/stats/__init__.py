"""The statistics dialog (成績): Durak's tallies on the shell's frame, with its words."""
