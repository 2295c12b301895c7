"""The moves of a game, as small frozen values whose ``repr`` is valid code.

>>> Bid(13, SPADES)
Bid(13, SPADES)
>>> Play(JOKER, HEARTS)
Play(JOKER, HEARTS)
>>> parse_action("play JK H") == Play(JOKER, HEARTS)
True
>>> action_text(Discard(parse_hand("C2 D3 H4")))
'discard H4 D3 C2'

Evaluating a repr needs the names of :mod:`napoleon.actions` (which re-exports
``parse_card``, ``parse_hand``, the suits and ``JOKER``/``JOKER2``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from napoleon.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER,
    JOKER2,
    SPADES,
    SUIT_LETTERS,
    Card,
    CardTextError,
    Hand,
    Suit,
    card_text,
    hand_text,
    mask_of,
    parse_card,
    parse_hand,
)

SUIT_NAMES: Final = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the message says why."""


class WrongPhaseError(IllegalActionError):
    """An action of a kind the current phase does not take (e.g. Bid while playing)."""


class NotYourTurnError(IllegalActionError):
    """An action sent for a seat that is not the one to act."""


class ActionTextError(ValueError):
    """Text that is not an action (see :func:`parse_action`)."""


def suit_code(suit: Suit | None) -> str:
    """``SPADES`` … for a repr; ``None`` for no trump / no named suit.

    Any other value is shown as itself, so the repr of a bad action (which
    :meth:`~napoleon.game.Game.apply` refuses) never raises:

    >>> Bid(13, 7)
    Bid(13, 7)
    """
    if suit is None:
        return "None"
    if type(suit) is int and 0 <= suit < 4:
        return SUIT_NAMES[suit]
    return repr(suit)


def card_code(c: Card) -> str:
    """``JOKER``, ``parse_card('SA')`` … for a repr; a number that is no card as itself.

    >>> Call(-2)
    Call(-2)
    """
    if c == JOKER:
        return "JOKER"
    if c == JOKER2:
        return "JOKER2"
    if type(c) is int and 0 <= c < 52:
        return f"parse_card({card_text(c)!r})"
    return repr(c)


#: Every card bit a hand may hold (the 52 cards and two jokers).
_ALL_CARDS: Final = (1 << 54) - 1


def is_card_mask(cards: object) -> bool:
    """Is ``cards`` an int mask of real cards (no negative or out-of-deck bits)?

    >>> is_card_mask(0b101), is_card_mask(-1), is_card_mask(1 << 60)
    (True, False, False)
    """
    return type(cards) is int and 0 <= cards <= _ALL_CARDS


@dataclass(frozen=True, slots=True, repr=False)
class Bid:
    """Bid ``number`` honors with ``suit`` as trump (``None``: no-trump)."""

    number: int
    suit: Suit | None

    def __repr__(self) -> str:
        return f"Bid({self.number!r}, {suit_code(self.suit)})"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in the bidding (drop)."""


@dataclass(frozen=True, slots=True, repr=False)
class Call:
    """Napoleon names the card whose holder is the adjutant."""

    card: Card

    def __repr__(self) -> str:
        return f"Call({card_code(self.card)})"


@dataclass(frozen=True, slots=True, repr=False, init=False)
class Discard:
    """Napoleon puts out the whole set of cards at once (a mask of as many as the kitty)."""

    cards: Hand

    def __init__(self, cards: Hand | Iterable[Card]) -> None:
        object.__setattr__(self, "cards", cards if isinstance(cards, int) else mask_of(cards))

    def __repr__(self) -> str:
        """``Discard(parse_hand('SA H10'))``; a mask that is no set of cards as itself.

        >>> Discard(-1)
        Discard(-1)
        """
        if not is_card_mask(self.cards):
            return f"Discard({self.cards!r})"
        return f"Discard(parse_hand({hand_text(self.cards)!r}))"


@dataclass(frozen=True, slots=True, repr=False)
class Change:
    """After the kitty (``change_after_kitty``): the trump and called card to play with.

    Each one that differs from the current raises the bid by 1.  Sending the
    current trump and called card unchanged declines the change.
    """

    trump: Suit | None
    called: Card

    def __repr__(self) -> str:
        return f"Change({suit_code(self.trump)}, {card_code(self.called)})"


@dataclass(frozen=True, slots=True, repr=False)
class Play:
    """Play ``card``; a led joker names ``suit`` (``None`` on the last trick)."""

    card: Card
    suit: Suit | None = None

    def __repr__(self) -> str:
        if self.suit is None:
            return f"Play({card_code(self.card)})"
        return f"Play({card_code(self.card)}, {suit_code(self.suit)})"


Action = Bid | Pass | Call | Discard | Change | Play


def _suit_text(suit: Suit | None) -> str:
    if suit is None:
        return "NT"
    if type(suit) is int and 0 <= suit < 4:
        return SUIT_LETTERS[suit]
    raise ActionTextError(f"no suit {suit!r}")


def _card_text(c: Card) -> str:
    if type(c) is not int:
        raise ActionTextError(f"no card {c!r}")
    try:
        return card_text(c)
    except CardTextError as e:
        raise ActionTextError(str(e)) from None


def _parse_suit(text: str, *, nt_ok: bool) -> Suit | None:
    t = text.upper()
    if nt_ok and t == "NT":
        return None
    if len(t) == 1 and t in SUIT_LETTERS:
        return SUIT_LETTERS.index(t)
    expected = "S, H, D, C or NT" if nt_ok else "S, H, D or C"
    raise ActionTextError(f"not a suit: {text!r} (expected {expected})")


def action_text(a: Action) -> str:
    """Short text form used in JSON records: ``bid 13 S``, ``pass``, ``play JK H``.

    Values that are no suit or card raise :class:`ActionTextError`.
    """
    if isinstance(a, Bid):
        return f"bid {a.number} {_suit_text(a.suit)}"
    if isinstance(a, Pass):
        return "pass"
    if isinstance(a, Call):
        return f"call {_card_text(a.card)}"
    if isinstance(a, Discard):
        if not is_card_mask(a.cards):
            raise ActionTextError(f"not a set of cards: {a.cards!r}")
        return f"discard {hand_text(a.cards)}"
    if isinstance(a, Change):
        return f"change {_suit_text(a.trump)} {_card_text(a.called)}"
    if a.suit is None:
        return f"play {_card_text(a.card)}"
    return f"play {_card_text(a.card)} {_suit_text(a.suit)}"


def parse_action(text: str) -> Action:
    """The action written by :func:`action_text`."""
    words = text.split()
    try:
        if not words:
            raise ActionTextError("empty action text")
        verb, args = words[0].lower(), words[1:]
        if verb == "bid" and len(args) == 2:
            return Bid(int(args[0]), _parse_suit(args[1], nt_ok=True))
        if verb == "pass" and not args:
            return Pass()
        if verb == "call" and len(args) == 1:
            return Call(parse_card(args[0]))
        if verb == "discard":
            return Discard(parse_hand(" ".join(args)))
        if verb == "change" and len(args) == 2:
            return Change(_parse_suit(args[0], nt_ok=True), parse_card(args[1]))
        if verb == "play" and len(args) in (1, 2):
            named = _parse_suit(args[1], nt_ok=False) if len(args) == 2 else None
            return Play(parse_card(args[0]), named)
    except (CardTextError, ValueError) as e:
        raise ActionTextError(f"not an action: {text!r} ({e})") from None
    raise ActionTextError(f"not an action: {text!r}")


__all__ = [
    "CLUBS", "DIAMONDS", "HEARTS", "JOKER", "JOKER2", "SPADES", "Action",
    "ActionTextError", "Bid", "Call", "Change", "Discard", "IllegalActionError",
    "NotYourTurnError", "Pass", "Play", "WrongPhaseError", "action_text", "is_card_mask",
    "parse_action", "parse_card", "parse_hand",
]
