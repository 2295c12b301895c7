"""Positions of the pile games set up by hand for the rule tests."""

from __future__ import annotations

from durak.cards import SPADES, parse_card, parse_cards, parse_hand, suit_of
from durak.pile import table
from durak.pile.actions import action_text
from durak.pile.actions import lay as lay_action
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.state import CRUSADERS_TRUMP, PileState, chinese_beaters, standard_beaters

A, B, C, D = 0, 1, 2, 3


def c(text: str) -> int:
    return parse_card(text)


def position(rules: PileRules, hands: list[str], pile: str = "", *, to_act: int = A,
             trump: str = "9H", talon: str = "", leader: int | None = None,
             must_beat: bool = False) -> PileGame:
    """A game in the middle: these hands (seat order), this pile (bottom first), this
    talon (next card first), ``to_act`` to move (``must_beat``: facing the top card, in
    heap and polish); ``trump`` is the trump card (chinese and crusaders ignore it: ♠
    and ♦ without a card)."""
    n = rules.players
    assert len(hands) == n
    chinese = rules.mode == "chinese"
    crusaders = rules.mode == "crusaders"
    tc = None if chinese or crusaders else parse_card(trump)
    suit = SPADES if chinese else CRUSADERS_TRUMP if crusaders else suit_of(parse_card(trump))
    st = PileState(
        rules=rules, dealer=(n - 1), game=1, hands=[parse_hand(h) for h in hands],
        talon=list(reversed(parse_cards(talon))),
        trump=suit, trump_card=tc,
        beaters=(chinese_beaters(rules.chinese_ten) if chinese
                 else chinese_beaters(False, suit) if crusaders else standard_beaters(suit)),
        first=to_act, to_act=to_act, leader=to_act if leader is None else leader,
        pile=parse_cards(pile), in_game=(1 << n) - 1, known=[0] * n, must_beat=must_beat,
    )
    table.next_turn(st, to_act, lead=False)
    return PileGame(st)


def lay(g: PileGame, text: str) -> None:
    g.apply(lay_action(parse_card(text)))


def texts(g: PileGame) -> list[str]:
    """The legal moves of the seat to act as record tokens."""
    return [action_text(a) for a in g.legal_actions()]
