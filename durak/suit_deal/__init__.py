"""``mode=suit_deal`` (印合わせ, docs/rules/durak.md §3.6): a dealing phase in front of
the ordinary game.

"No hands; one talon card face up.  From the dealer's left until the talon is
gone, turn the top card: same suit and higher than a table card → take both
(choose if several) and turn the next card onto the table; else it stays
there.  The last card sets trump; its player takes it and all table cards.
Then §2 (``transfer`` as set), no talon, lowest trump first."

* :mod:`~durak.suit_deal.deal_phase` — the dealing phase's state, its one
  choice (:class:`~durak.suit_deal.deal_phase.TakeWith`), ``legal`` and
  ``apply``; the forced steps run by themselves.
* :mod:`~durak.suit_deal.game` — :class:`~durak.suit_deal.game.SuitDealGame`:
  the dealing phase, then the ordinary :class:`durak.game.Game` built from its
  hands (:meth:`durak.game.Game.from_deal`: no talon, the last card's suit
  trump, the lowest trump's holder first); the same API as the ordinary game.
* :mod:`~durak.suit_deal.view` — a seat's view of the dealing phase.
* :mod:`~durak.suit_deal.record` — text and JSON records of both parts.
* :mod:`~durak.suit_deal.ai` — the computers' choice and the hint in the dealing phase.
* :mod:`~durak.suit_deal.entry` — its registry entry (engine, records, computers,
  its actions and views as the friends' table and the save read them).
* :mod:`~durak.suit_deal.old_save` — the page's earlier save of this game, read
  into the family's one save; :mod:`~durak.suit_deal.facts` — a finished game's
  facts for the statistics.
* :mod:`~durak.suit_deal.ui_dom` — its page, one kind of the Durak page; no module
  above imports it.

Interpretations [I], each tested in ``tests/durak_modes/test_suit_deal.py``:

* The deck (``deck=36``; with the players and ``transfer`` the only options
  this mode may change, :data:`durak.rules.SUIT_DEAL_OPTIONS`) is shuffled and
  its top card laid face up; the dealer's left turns first, then clockwise,
  one card a turn.
* "Same suit and higher": of the turned card's suit and a higher rank (trump
  is not known yet).  The turner takes the turned card and the table card,
  turns the next card onto the table (it is not matched), and the turn passes
  to their left.  With several table cards that fit, the turner chooses one:
  the phase's only choice, :class:`~durak.suit_deal.deal_phase.TakeWith`;
  every other step is forced and runs at once.
* "The last card": the talon's last card, whether it is turned as a turn's
  card or as the card turned onto the table after a take; whoever turns it
  takes it and every table card, matched or not.  Its suit is trump.
* Every taken card was face up, so every hand is known to all for the whole
  game (the ordinary game's ``known``); only the talon's order is hidden.
* A player who took nothing starts the play with no cards and no talon: out
  before the first bout.  If fewer than two players hold cards, the game ends
  with the dealing: the one holding cards is the durak (two 36-card hands
  cannot both be empty).
* The play is §2 with no talon: the first attacker holds the lowest trump
  (:func:`durak.phases.opening.lowest_trump_holder`), who needs to show
  nothing, as every card is known.
"""
