"""Durak's table as drawn and spoken: the ordinary game's and the pile games' tables, the
account of recent moves, what a screen reader hears, the parts kept between drawings, a
seat, a card and a move in words, and the table's own words (``strings_*``)."""
