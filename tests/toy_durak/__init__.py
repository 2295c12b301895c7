"""A toy ninth game of the Durak family, "six-card kurukuru", registered by its entry alone.

Its rules (a pile game, docs/rules/durak.md §3.6's kurukuru on a short deal): six
cards each from the shuffled 36, dealt one at a time from the dealer's left; the
rest are laid face up out of play, and the last of them, shown, sets trump.  From
the dealer's left each in turn beats the pile's top card (a higher card of its
suit, or a trump on a plain card) or takes its bottom card; on an empty pile any
card is laid.  Once the pile holds as many cards as players are left it goes out
of play and its last card's player leads (their left, if that card was their
last); a take that empties the pile makes the taker's left lead.  No cards left:
out.  The last player holding cards is the durak.

This file is all the game is: the four functions of a pile game's mode module
(its legal moves chukhonsky's) and :data:`ENTRY`.  No module of the site names
it; the page plays it only where its file is among the page's own
(``web/main.py``, ``web/worker.py``: the e2e test adds it), and the Python tests
register it for a block (:func:`durak.family.registry.registered`).
"""

from __future__ import annotations

import sys

from durak.cards import Card, Hand, suit_of
from durak.family.registry import GameEntry
from durak.pile import chukhonsky, table
from durak.pile.actions import Lay, PileAction
from durak.pile.entry import pile_game
from durak.pile.options import PileRules
from durak.pile.state import DealError, PileState, deal_with_talon, standard_beaters

MODE = "toy_six"
#: Cards dealt to each player.
HAND = 6


def start(rules: PileRules, dealer: int, game: int, hands: list[Hand], talon: list[Card],
          trump_card: Card | None) -> PileState:
    """The state of a deal: ``talon`` lists the cards laid out of play, the shown one first."""
    n = rules.players
    if trump_card is None or (talon and talon[0] != trump_card):
        raise DealError(f"{MODE} shows the last card laid out of play as the trump card")
    st = table.begin(rules, dealer, game, hands, talon, [HAND] * n, suit_of(trump_card),
                     trump_card, standard_beaters(suit_of(trump_card)))
    for c in st.talon:  # face up, out of play: seen by all, never drawn
        st.discard |= 1 << c
    st.talon = []
    st.first = (dealer + 1) % n
    table.next_turn(st, st.first, lead=True)
    return st


def deal(rules: PileRules, deck: list[Card], dealer: int, game: int) -> PileState:
    hands, rest = deal_with_talon(deck, rules.players, dealer, HAND)
    if not rest:  # six players hold every card: the dealer's last one is shown
        return start(rules, dealer, game, hands, [], deck[-1])
    return start(rules, dealer, game, hands, rest, rest[0])


#: What may be laid, and so the legal moves, are chukhonsky's: a beater of the top card,
#: any card on an empty pile, or a take.
allowed = chukhonsky.allowed
legal = chukhonsky.legal


def apply(st: PileState, action: PileAction) -> None:
    table.check(st, action, allowed(st))
    seat = st.to_act
    if isinstance(action, Lay):
        if not table.lay_and_go_out(st, seat, action.card):
            return
        if len(st.pile) >= st.holding():
            table.clear_and_lead(st, seat)
        else:
            table.next_turn(st, table.left_of(st, seat))
        return
    table.pick(st, seat, 0)
    table.next_turn(st, table.left_of(st, seat), lead=not st.pile)


#: The game's registry entry: everything the family's engine and page need of it.
ENTRY: GameEntry = pile_game(
    MODE, "六枚くるくる", "Six-card kurukuru", play=lambda: sys.modules[__name__],
    how_to=("六枚くるくる: 6枚ずつ配り、残りは表向きで場外、その最後の札が切札。順に場の一番上の札"
            "より強い札を出すか、一番下の札を引き取る。場が残りの人数と同じ枚数になったら流す。",
            "Six-card kurukuru: six cards each, the rest laid face up out of play, the last "
            "of them sets trump. In turn each beats the pile's top card or takes its bottom "
            "card; once the pile holds as many cards as players are left it is discarded."),
    take=("一番下の札を引き取る", "Take the bottom card"))
