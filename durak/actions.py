"""The moves of a game of Durak: small frozen values whose ``repr`` is valid code.

>>> Cover(parse_card("9C"), parse_card("7C"))
Cover(parse_card('9C'), parse_card('7C'))
>>> action_text(Attack(parse_hand("7S,7H")))
'attack 7S,7H'
>>> parse_action("transfer 8H") == Transfer(parse_hand("8H"))
True

The same few values recur all game, so :func:`attack`, :func:`cover`,
:func:`throw` and :func:`transfer` hand out shared instances (no allocation
on the hot path); constructing them directly gives equal values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from durak.cards import (
    CARD_SPACE,
    Card,
    CardTextError,
    Hand,
    card_text,
    hand_text,
    parse_card,
    parse_hand,
)


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message says why."""


class NotYourTurnError(IllegalActionError):
    """An action sent for a seat that is not the one to act."""


class ActionTextError(ValueError):
    """Text that is not an action (see :func:`parse_action`)."""


@dataclass(frozen=True, slots=True, repr=False)
class Attack:
    """The opening attack of a bout: one card or a set allowed by ``attack_set``."""

    cards: Hand

    def __repr__(self) -> str:
        return f"Attack(parse_hand({hand_text(self.cards)!r}))"


@dataclass(frozen=True, slots=True, repr=False)
class Cover:
    """The defender lays ``card`` on the uncovered attack card ``target``."""

    card: Card
    target: Card

    def __repr__(self) -> str:
        c, t = card_text(self.card), card_text(self.target)
        return f"Cover(parse_card({c!r}), parse_card({t!r}))"


@dataclass(frozen=True, slots=True, repr=False)
class Baltic:
    """``baltic`` (docs/rules/durak.md §3.3): cover the last uncovered ``target`` with
    ``card`` and lay the ``extra`` cards of the cover's rank beside it; attacker and
    defender swap."""

    card: Card
    target: Card
    extra: Hand

    def __repr__(self) -> str:
        c, t, e = card_text(self.card), card_text(self.target), hand_text(self.extra)
        return f"Baltic(parse_card({c!r}), parse_card({t!r}), parse_hand({e!r}))"


@dataclass(frozen=True, slots=True)
class Take:
    """The defender gives up the bout and will pick up the table."""


@dataclass(frozen=True, slots=True, repr=False)
class Transfer:
    """Pass the attack on with cards of the attack's rank (``shown``: show one trump)."""

    cards: Hand
    shown: bool = False

    def __repr__(self) -> str:
        shown = ", shown=True" if self.shown else ""
        return f"Transfer(parse_hand({hand_text(self.cards)!r}){shown})"


@dataclass(frozen=True, slots=True, repr=False)
class Throw:
    """Throw in one attack card; the thrower keeps the offer until they pass."""

    card: Card

    def __repr__(self) -> str:
        return f"Throw(parse_card({card_text(self.card)!r}))"


@dataclass(frozen=True, slots=True)
class Pass:
    """Add nothing more in this throw-in window."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """``doubt``: challenge the cover just laid face down (ダウト, §3.5)."""


@dataclass(frozen=True, slots=True)
class SwapSix:
    """``six_swap``: swap the trump 6 for the trump card under the talon (§3.1)."""


@dataclass(frozen=True, slots=True)
class FromTalon:
    """``armenian``: open the bout with the talon's top card, turned up (§3.4)."""


@dataclass(frozen=True, slots=True, repr=False)
class TryTalon:
    """``second_chance``: turn the talon's top card against ``target`` (§3.4)."""

    target: Card

    def __repr__(self) -> str:
        return f"TryTalon(parse_card({card_text(self.target)!r}))"


@dataclass(frozen=True, slots=True, repr=False)
class PokerSwap:
    """``poker``: the defender discards two cards and draws two (§3.4)."""

    cards: Hand

    def __repr__(self) -> str:
        return f"PokerSwap(parse_hand({hand_text(self.cards)!r}))"


@dataclass(frozen=True, slots=True)
class Double:
    """``match=cube15``: offer to double the game's stake (§7)."""


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept a double: the stake doubles and the cube is yours."""


@dataclass(frozen=True, slots=True)
class Fold:
    """Decline a double (下り): lose the game at the current stake."""


@dataclass(frozen=True, slots=True, repr=False)
class PlaySlot:
    """``inverted`` (§3.5): open the bout, or throw in, with the card at position
    ``slot`` (0 = first) of one's own hand, unseen by its player."""

    slot: int

    def __repr__(self) -> str:
        return f"PlaySlot({self.slot})"


@dataclass(frozen=True, slots=True, repr=False)
class CoverSlot:
    """``inverted`` (§3.5): the defender lays the card at position ``slot`` of their
    hand, unseen by them, on the attack card ``target`` (seen by all)."""

    slot: int
    target: Card

    def __repr__(self) -> str:
        return f"CoverSlot({self.slot}, parse_card({card_text(self.target)!r}))"


Action = (
    Attack | Cover | Baltic | Take | Transfer | Throw | Pass | SwapSix | FromTalon | TryTalon
    | PokerSwap
    | Double | Accept | Fold | Challenge | PlaySlot | CoverSlot
)

TAKE: Final = Take()
PASS: Final = Pass()
SWAP_SIX: Final = SwapSix()
FROM_TALON: Final = FromTalon()
DOUBLE: Final = Double()
ACCEPT: Final = Accept()
FOLD: Final = Fold()
CHALLENGE: Final = Challenge()
_THROWS: Final = tuple(Throw(c) for c in range(CARD_SPACE))
#: The shared ``Cover(card, target)``, by ``card * CARD_SPACE + target``, made on first use.
COVERS: dict[int, Cover] = {}
"""The shared covers made so far, by ``card * CARD_SPACE + target`` (hot paths read it)."""
_ATTACKS: dict[Hand, Attack] = {}
_TRANSFERS: dict[tuple[Hand, bool], Transfer] = {}


def attack(cards: Hand) -> Attack:
    a = _ATTACKS.get(cards)
    if a is None:
        a = _ATTACKS[cards] = Attack(cards)
    return a


def cover(card: Card, target: Card) -> Cover:
    """The shared ``Cover(card, target)``, made the first time it is asked for: the
    whole table (72 x 72 frozen values) made at import was ~4-7 ms of the Durak
    page's first screen in Pyodide, and a game only ever uses a few hundred."""
    key = card * CARD_SPACE + target
    a = COVERS.get(key)
    if a is None:
        a = COVERS[key] = Cover(card, target)
    return a


def throw(card: Card) -> Throw:
    return _THROWS[card]


def transfer(cards: Hand, shown: bool = False) -> Transfer:
    t = _TRANSFERS.get((cards, shown))
    if t is None:
        t = _TRANSFERS[cards, shown] = Transfer(cards, shown)
    return t


_CUBE_WORDS: Final[dict[str, Action]] = {"double": DOUBLE, "accept": ACCEPT, "fold": FOLD,
                                         "challenge": CHALLENGE}


def action_text(a: Action) -> str:
    """``attack 7S,7H``, ``cover 9C 7C``, ``baltic 9C 7C 9H``, ``take``, ``transfer 8H``,
    ``show 8H``, ``throw 7H``, ``pass``; ``inverted``: ``slot 3``, ``cover slot 2 on 7C``
    (hand positions count from 0)."""
    if isinstance(a, Attack):
        return f"attack {hand_text(a.cards)}"
    if isinstance(a, Cover):
        return f"cover {card_text(a.card)} {card_text(a.target)}"
    if isinstance(a, Baltic):
        return f"baltic {card_text(a.card)} {card_text(a.target)} {hand_text(a.extra)}"
    if isinstance(a, Take):
        return "take"
    if isinstance(a, Transfer):
        return f"{'show' if a.shown else 'transfer'} {hand_text(a.cards)}"
    if isinstance(a, Throw):
        return f"throw {card_text(a.card)}"
    if isinstance(a, SwapSix):
        return "swap six"
    if isinstance(a, FromTalon):
        return "attack talon"
    if isinstance(a, TryTalon):
        return f"try {card_text(a.target)}"
    if isinstance(a, PokerSwap):
        return f"poker {hand_text(a.cards)}"
    if isinstance(a, Double):
        return "double"
    if isinstance(a, Accept):
        return "accept"
    if isinstance(a, Fold):
        return "fold"
    if isinstance(a, Challenge):
        return "challenge"
    if isinstance(a, PlaySlot):
        return f"slot {a.slot}"
    if isinstance(a, CoverSlot):
        return f"cover slot {a.slot} on {card_text(a.target)}"
    return "pass"


def _is_position(text: str) -> bool:
    """A hand position: ASCII digits, a few of them (``"²"`` passes ``isdigit`` only)."""
    return text.isascii() and text.isdigit() and len(text) <= 3


def parse_action(text: str) -> Action:
    """The action written by :func:`action_text`."""
    words = text.split()
    if not words:
        raise ActionTextError("empty action text")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "attack" and args == ["talon"]:
            return FROM_TALON
        if verb == "attack" and len(args) == 1:
            return attack(parse_hand(args[0]))
        if verb == "swap" and args == ["six"]:
            return SWAP_SIX
        if verb == "try" and len(args) == 1:
            return TryTalon(parse_card(args[0]))
        if verb == "poker" and len(args) == 1:
            return PokerSwap(parse_hand(args[0]))
        if verb == "slot" and len(args) == 1 and _is_position(args[0]):
            return PlaySlot(int(args[0]))
        if (verb == "cover" and len(args) == 4 and args[0] == "slot" and _is_position(args[1])
                and args[2] == "on"):
            return CoverSlot(int(args[1]), parse_card(args[3]))
        if verb == "cover" and len(args) == 2:
            return cover(parse_card(args[0]), parse_card(args[1]))
        if verb == "baltic" and len(args) == 3:
            return Baltic(parse_card(args[0]), parse_card(args[1]), parse_hand(args[2]))
        if verb == "take" and not args:
            return TAKE
        if verb in ("transfer", "show") and len(args) == 1:
            return transfer(parse_hand(args[0]), verb == "show")
        if verb == "throw" and len(args) == 1:
            return throw(parse_card(args[0]))
        if verb == "pass" and not args:
            return PASS
        if not args and verb in _CUBE_WORDS:
            return _CUBE_WORDS[verb]
    except CardTextError as e:
        raise ActionTextError(f"not an action: {text!r} ({e})") from None
    raise ActionTextError(f"not an action: {text!r}")


__all__ = [
    "ACCEPT", "CHALLENGE", "DOUBLE", "FOLD", "FROM_TALON", "PASS", "SWAP_SIX", "TAKE",
    "Accept", "Action", "Challenge",
    "Double", "Fold", "FromTalon", "PokerSwap", "SwapSix", "TryTalon", "ActionTextError",
    "Attack", "Baltic", "Cover", "IllegalActionError",
    "NotYourTurnError", "Pass", "PlaySlot", "CoverSlot", "Take", "Throw", "Transfer",
    "action_text", "attack",
    "cover", "parse_action", "parse_card", "parse_hand", "throw", "transfer",
]
