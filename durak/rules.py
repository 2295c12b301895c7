"""Durak's rule options: one immutable record with presets (docs/rules/durak.md §3, §5).

Every option of the rule book is declared once in :data:`OPTIONS` with its
key, its text values (the default first), what it does and the section of the
rule book (docs/rules/durak.md) that states it.  :class:`Rules` holds one value
per option; on/off options are bools, ``players``/``deck``/``hand_size`` ints,
the rest their text value.

The text form is like Napoleon's: ``preset=NAME`` then the options that
differ from it, ``&``-separated (spaces are accepted too when reading)::

>>> Rules.preset("perevodnoy").to_text()
'preset=perevodnoy'
>>> r = Rules.from_text("preset=perevodnoy transfer_show=on players=3")
>>> r.transfer, r.transfer_show, r.players
(True, True, 3)
>>> Rules.from_text(r.to_text()) == r
True

The schema of one option and the reading and writing of the text form are
:mod:`cardkit.options`' (Napoleon's rules share them); this module keeps the
options table, the presets and the checks of which options fit together.

Unknown keys, bad values and unplayable combinations raise
:class:`RulesError` naming the options.  Options (or values) that the engine
does not play yet are refused with "not implemented yet" — never silently
ignored (:data:`NOT_YET`).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import ClassVar, Final

from cardkit.options import (
    Kind,
    OptionsError,
    OptionSpec,
    RulesText,
    check_values,
    nearest_preset,
    problems_text,
    read_text,
)
from durak.cards import DECK_32, DECK_36, DECK_72, Hand
from durak.family.modes import DURAK, MODES, PILE_MODES, SUIT_DEAL


class RulesError(OptionsError):
    """Rules that cannot be played (or not yet), or an option value out of range.,
    or a rules text with unknown keys, repeated keys or bad values."""


def option(key: str, values: tuple[str, ...], kind: Kind, help: str,
           section: str) -> OptionSpec:
    """An option of Durak's family: ``section`` is where docs/rules/durak.md states it
    (e.g. ``§3.1``); a bad text value is a :class:`RulesError`."""
    return OptionSpec(key, values, kind, help, section, error=RulesError)


_OFF_ON = ("off", "on")


def _b(key: str, help: str, section: str) -> OptionSpec:
    return option(key, _OFF_ON, "bool", help, section)


def _c(key: str, values: tuple[str, ...], help: str, section: str) -> OptionSpec:
    return option(key, values, "choice", help, section)


#: Every option in the order the text form writes them (docs/rules/durak.md §3 order).
OPTIONS: Final[tuple[OptionSpec, ...]] = (
    option("players", ("2", "3", "4", "5", "6"), "int", "players at the table", "§2.1"),
    # §3.1 deck, deal, strength
    option("deck", ("36", "32", "72"), "int", "36 cards; 32 without 6s; 72 two decks",
           "§3.1"),
    _b("twin_stop", "72 cards: a card may cover its twin, ending throw-ins", "§3.1"),
    option("hand_size", ("6", "5"), "int", "deal and refill size (L keeps 6)", "§3.1"),
    _b("redeal_suit", "a hand with 5+ cards of one suit is dealt again", "§3.1"),
    _b("redeal_ace", "a turned-up ace is dealt again", "§3.1"),
    _b("six_swap", "the trump 6 may be swapped for the trump card", "§3.1"),
    _c("trump", ("turned", "none", "diamonds", "hidden", "changing", "invisible", "own"),
       "how trump is chosen", "§3.1"),
    _b("own_answer", "own trumps: own-suit attack only by the defender's own suit", "§3.1"),
    _c("closed_suit", ("none", "spades", "spades_q", "clubs"),
       "a suit beaten only by itself, never trump", "§3.1"),
    _b("suitless", "non-trump suits are one suit", "§3.1"),
    _c("royal", ("off", "on", "mutual"), "a 6 is beaten only by an ace", "§3.1"),
    # §3.2 attack, throw-in, take
    _c("attack_set", ("single", "same_rank", "simple", "pairs", "groups", "all_of_rank"),
       "what an opening attack may be", "§3.2"),
    option("throw_in", ("on", "off"), "bool", "others may add attack cards", "§3.2"),
    _c("throw_match", ("rank", "rank_or_suit"), "what a thrown-in card must match", "§3.2"),
    _c("throw_order", ("free", "clockwise", "attacker_first", "attacker_priority"),
       "order of throw-ins", "§3.2"),
    _c("throwers", ("all", "neighbours"), "who may throw in", "§3.2"),
    _c("limit", ("six", "hand"), "attack cards per bout: min(6, H) or H", "§3.2"),
    _c("first_limit", ("off", "first_bout", "until_beaten"), "the 6 of the limit is 5 early",
       "§3.2"),
    _b("throw_after_take", "after a take, attackers may add up to the limit", "§3.2"),
    _c("take", ("all", "unbeaten"), "what the defender picks up", "§3.2"),
    _c("sly", ("off", "sly", "brazen"), "cover your own attack card after a take", "§3.2"),
    _b("american", "an empty window lets the defender throw in and cover", "§3.2"),
    _b("coward", "the opening card must be a strongest in hand", "§3.2"),
    # §3.3 transfer
    _b("transfer", "perevodnoy: pass the attack on with a card of its rank", "§3.3"),
    _b("transfer_show", "transfer by showing a trump of the rank", "§3.3"),
    _c("transfer_first_round", ("allow", "forbid"), "no transfer in the first round", "§3.3"),
    _c("transfer_last_round", ("allow", "forbid"), "no transfer once the talon is empty",
       "§3.3"),
    _b("transfer_wait", "with 2 left, transfer to an attacker who has no cards", "§3.3"),
    _b("transfer_thrown", "transfer also against thrown-in cards", "§3.3"),
    _b("transfer_new_only", "the new defender answers only the transferring cards", "§3.3"),
    _b("baltic", "the defender adds cards of the last cover's rank and roles swap", "§3.3"),
    # §3.4 hands and talon
    _c("refill", ("six", "when_empty", "progression"), "how hands are refilled", "§3.4"),
    _b("pass_hands", "after each bout hands pass to the left", "§3.4"),
    _b("magadan", "5 of 6 dealt cards lie face down in front", "§3.4"),
    _b("poker", "the defender may swap 2 cards with the talon", "§3.4"),
    _b("armenian", "the opening card may be the talon's top card", "§3.4"),
    _b("second_chance", "a defender may try the talon's top card", "§3.4"),
    _c("talon", ("normal", "chukchi", "deal_all"), "the talon: normal, put away, none",
       "§3.4"),
    _b("recycle", "every 2nd beaten bout goes back into the talon", "§3.4"),
    _c("dummy", ("off", "throw_in", "playing"), "an extra hand played by the first attacker",
       "§3.4"),
    # §3.5 turns and end
    _c("next_first", ("left_of_durak", "right_of_durak"), "first attacker of later games",
       "§3.5"),
    _c("after_take", ("skip", "no_skip"), "a defender who took still attacks next", "§3.5"),
    _c("draw", ("allow", "defender_loses"), "nobody left with cards", "§3.5"),
    _c("loser", ("last", "fewest_beaten", "fewest_high", "fewest_doubles"), "who loses",
       "§3.5"),
    _b("doubt", "covers face down, challenges", "§3.5"),
    _b("inverted", "each sees the others' cards, not their own", "§3.5"),
    # §4 teams, §7 match, §3.6 other games
    _c("teams", ("none", "2v2", "3v3", "2x3"), "team play", "§4"),
    _b("team_split", "2v2: individual once anyone goes out", "§4"),
    _c("match", ("tally", "cube15"), "scoring over games", "§7"),
    _c("mode", MODES, "the other games of the post", "§3.6"),
)
OPTION_BY_KEY: Final = {o.key: o for o in OPTIONS}

#: Option values the engine does not play yet: Rules refuses them ("not implemented yet").
#: Every ``mode`` is played: the suit deal by its own package in front of the
#: ordinary game, the pile games by :mod:`durak.pile` from their own record
#: (:class:`durak.pile.options.PileRules`, its sub-options), which
#: :func:`durak.family.new_game` builds from a ``Rules`` of their mode.
NOT_YET: Final[dict[str, frozenset[str]]] = {}

#: The suit deal (§3.6): "then §2, ``transfer`` as set".  The options it
#: may change from the defaults [I]: the players and ``transfer``; every other option
#: either shapes a deal and talon that this mode replaces (deck, hand size, trump,
#: refills, …) or is no part of §2, and is refused by name.
SUIT_DEAL_OPTIONS: Final = ("players", "transfer", "mode")
#: A pile game's mode (§3.6): of the ordinary game's options only the players (and the
#: mode) carry over; the rest are no part of a pile game and are refused by name.
#: Its own sub-options (``heap_take``, …) live in its own record,
#: :class:`durak.pile.options.PileRules` (:func:`durak.family.rules_from_text` reads
#: both).
PILE_OPTIONS: Final = ("players", "mode")

#: Preset names in the order :meth:`Rules.to_text` tries them (docs/rules/durak.md §5).
PRESET_NAMES: Final = (
    "podkidnoy", "perevodnoy", "prostoy", "pairs", "groups", "closed_transfer",
    "championship", "armenian_mix", "team2",
)
_PROSTOY: Final[dict[str, object]] = {"throw_in": False, "attack_set": "simple"}
#: Each preset as its changes from the defaults (§5).
PRESET_CHANGES: Final[dict[str, dict[str, object]]] = {
    "podkidnoy": {},
    "perevodnoy": {"transfer": True},
    "prostoy": _PROSTOY,
    "pairs": {**_PROSTOY, "attack_set": "pairs", "hand_size": 5},
    "groups": {**_PROSTOY, "attack_set": "groups", "hand_size": 5},
    "closed_transfer": {"transfer": True, "throw_in": False, "attack_set": "all_of_rank"},
    "championship": {"players": 2, "deck": 32, "draw": "defender_loses", "match": "cube15"},
    "armenian_mix": {"armenian": True, "second_chance": True, "poker": True},
    "team2": {"players": 4, "teams": "2v2"},
}

TEAM_PLAYERS: Final = {"2v2": (4,), "3v3": (6,), "2x3": (6,)}


@dataclass(frozen=True)
class Rules(RulesText):
    """All options of one game of Durak; the defaults are podkidnoy for 2 players.

    ``players`` defaults to 2 [I]: the rule book allows 2–6 and names no
    default; two is the classic duel and the speed target's game.  Its text form is
    :class:`cardkit.options.RulesText`'s.
    """

    SPECS: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    ERROR: ClassVar[type[OptionsError]] = RulesError

    players: int = 2
    deck: int = 36
    twin_stop: bool = False
    hand_size: int = 6
    redeal_suit: bool = False
    redeal_ace: bool = False
    six_swap: bool = False
    trump: str = "turned"
    own_answer: bool = False
    closed_suit: str = "none"
    suitless: bool = False
    royal: str = "off"
    attack_set: str = "single"
    throw_in: bool = True
    throw_match: str = "rank"
    throw_order: str = "free"
    throwers: str = "all"
    limit: str = "six"
    first_limit: str = "off"
    throw_after_take: bool = False
    take: str = "all"
    sly: str = "off"
    american: bool = False
    coward: bool = False
    transfer: bool = False
    transfer_show: bool = False
    transfer_first_round: str = "allow"
    transfer_last_round: str = "allow"
    transfer_wait: bool = False
    transfer_thrown: bool = False
    transfer_new_only: bool = False
    baltic: bool = False
    refill: str = "six"
    pass_hands: bool = False
    magadan: bool = False
    poker: bool = False
    armenian: bool = False
    second_chance: bool = False
    talon: str = "normal"
    recycle: bool = False
    dummy: str = "off"
    next_first: str = "left_of_durak"
    after_take: str = "skip"
    draw: str = "allow"
    loser: str = "last"
    doubt: bool = False
    inverted: bool = False
    teams: str = "none"
    team_split: bool = False
    match: str = "tally"
    mode: str = DURAK

    def __post_init__(self) -> None:
        check_values(self, OPTIONS, RulesError)
        problems = list(_not_yet(self)) + _unplayable(self)
        if problems:
            raise RulesError("; ".join(problems))

    # The options' hash, worked out once and kept beside the fields: every deal looks
    # its rules up in caches (the beaters' table), and the generated hash hashes all
    # the fields each time.  Equal rules hash alike (the same fields, in order); the
    # kept value is dropped from pickles and copies, since a string's hash differs
    # between processes.
    def __hash__(self) -> int:
        h: int | None = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple([getattr(self, key) for key in _FIELD_KEYS]))
            object.__setattr__(self, "_hash", h)
        return h

    def __getstate__(self) -> dict[str, object]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    # ---- derived facts -------------------------------------------------

    @property
    def deck_mask(self) -> Hand:
        """The cards in the deck before any ``talon=deal_all`` trimming."""
        return DECK_32 if self.deck == 32 else DECK_72 if self.deck == 72 else DECK_36

    @property
    def seats(self) -> int:
        """Seats at the table: the players, and the dummy's hand (``dummy``, §3.4)."""
        return self.players + (self.dummy != "off")

    @property
    def team_of(self) -> tuple[int, ...]:
        """Each seat's team: seats ABAB / ABABAB / ABCABC (teammates never adjacent)."""
        if self.teams == "2v2":
            return (0, 1, 0, 1)
        if self.teams == "3v3":
            return (0, 1, 0, 1, 0, 1)
        if self.teams == "2x3":
            return (0, 1, 2, 0, 1, 2)
        return tuple(range(self.seats))

    # ---- presets and text ----------------------------------------------

    @staticmethod
    def preset(name: str) -> Rules:
        """The preset ``name`` (one of :data:`PRESET_NAMES`); may be refused as not yet built."""
        if name not in PRESET_CHANGES:
            raise RulesError(
                f"unknown preset {name!r}: expected one of {', '.join(PRESET_NAMES)}"
            )
        return _preset(name)

    def replace(self, **changes: object) -> Rules:
        """A copy with some options changed (validated again)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def preset_name(self) -> str | None:
        for name in PRESET_NAMES:
            base = _maybe_preset(name)
            if base is not None and base == self:
                return name
        return None

    def base_preset(self) -> tuple[str, dict[str, str]]:
        """The buildable preset needing the fewest changes, and those changes."""
        return _base_of(self)

    @classmethod
    def read(cls, text: str) -> Rules:
        """``preset=NAME&key=value…`` (``&``, spaces or both separate), read anew."""
        read = read_text(text, OPTION_BY_KEY, PRESET_NAMES, RulesError, spaces=True)
        if read.problems and read.texts.get("mode") in PILE_MODES:
            # A pile game's sub-options are its own record's (§3.6), not this one's.
            read.problems.append(f"mode={read.texts['mode']}'s own options are read by "
                                 "durak.family.rules_from_text")
        if read.problems:
            raise RulesError(problems_text(read.problems))
        changes = PRESET_CHANGES[read.preset] if read.preset is not None else {}
        return Rules(**{**changes, **read.values})  # type: ignore[arg-type]


def _not_yet(r: Rules) -> list[str]:
    out = []
    for key, values in NOT_YET.items():
        text = r.option_text(key)
        if text in values:
            out.append(f"{key}={text} is not implemented yet")
    return out


#: Options refused with ``inverted=on``, and why (the value that is refused is any
#: other than the default).
_NEEDS_OWN_HAND: Final = (
    "transfer", "baltic", "sly", "american", "doubt", "poker", "six_swap", "second_chance",
    "coward",
)
_MOVES_HANDS: Final = ("magadan", "pass_hands", "dummy")


def inverted_conflicts(r: Rules) -> list[str]:
    """Why ``r`` cannot be played with ``inverted=on`` (empty when it can)."""
    if not r.inverted:
        return []
    out = []
    defaults = Rules()
    for key in _NEEDS_OWN_HAND:
        if getattr(r, key) != getattr(defaults, key):
            out.append(f"{key}={r.option_text(key)} cannot be played with inverted=on: "
                       f"its moves need a player to see their own cards")
    if r.attack_set != "single":
        out.append(f"attack_set={r.attack_set} cannot be played with inverted=on: an opening "
                   f"set needs a player to see their own cards (inverted opens one card)")
    for key in _MOVES_HANDS:
        if getattr(r, key) != getattr(defaults, key):
            out.append(f"{key}={r.option_text(key)} with inverted=on is not built: it moves "
                       f"cards between hands and face-down places")
    return out



def _mode_unplayable(r: Rules) -> list[str]:
    """The options ``r`` sets that its mode (not the ordinary game) does not play."""
    defaults = Rules()
    allowed: tuple[str, ...]
    if r.mode == SUIT_DEAL:
        allowed, why = SUIT_DEAL_OPTIONS, "it plays §2 with only players and transfer set"
    else:
        allowed, why = PILE_OPTIONS, ("a pile game takes only players here; its own options "
                                      "are its record's (durak.family.rules_from_text)")
    return [f"{o.key}={r.option_text(o.key)} cannot be played with mode={r.mode}: {why} "
            f"(docs/rules/durak.md §3.6)"
            for o in OPTIONS
            if o.key not in allowed and getattr(r, o.key) != getattr(defaults, o.key)]


def _unplayable(r: Rules) -> list[str]:
    out: list[str] = []
    if r.mode != DURAK:
        return _mode_unplayable(r)
    deck = r.deck_mask.bit_count()
    if r.players * r.hand_size > deck:
        out.append(
            f"players={r.players} with hand_size={r.hand_size} needs "
            f"{r.players * r.hand_size} cards but deck={r.deck} has {deck}"
        )
    if r.teams != "none" and r.players not in TEAM_PLAYERS[r.teams]:
        out.append(f"teams={r.teams} needs players={TEAM_PLAYERS[r.teams][0]}, "
                   f"not players={r.players}")
    if r.team_split and r.teams != "2v2":
        out.append("team_split=on needs teams=2v2")
    if r.loser != "last" and r.teams != "none":
        out.append(f"loser={r.loser} with teams={r.teams} is not implemented yet")
    if r.throwers == "neighbours" and (r.players < 4 or r.teams != "none"):
        out.append("throwers=neighbours needs players=4 or more and teams=none "
                   "(docs/rules/durak.md §3.2)")
    if r.coward and r.after_take == "no_skip":
        # Found by the random-game tests: once the talon is gone the highest trump
        # can pass back and forth for ever (nobody can beat it, the taker attacks).
        out.append("coward=on with after_take=no_skip can loop for ever (the highest "
                   "trump must open, nobody can beat it, the taker opens with it again)")
    if r.coward and r.players != 2:
        # docs/rules/durak.md §6.14: with 3+ players every opening is the highest trump, the
        # defender can only take and nothing is ever discarded, so the game never ends.
        out.append(f"coward=on needs players=2, not players={r.players} (with more "
                   "players the forced highest trump is taken round the table for ever)")
    if r.match == "cube15" and r.players != 2:
        out.append(f"match=cube15 needs players=2, not players={r.players}")
    if r.match == "cube15" and (r.draw != "defender_loses" or r.loser != "last"):
        out.append("match=cube15 has no draws: it needs draw=defender_loses and loser=last")
    if r.twin_stop and r.deck != 72:
        out.append("twin_stop=on needs deck=72")
    if r.own_answer and r.trump != "own":
        out.append("own_answer=on needs trump=own")
    if r.trump == "own" and r.seats > 4:
        out.append(f"trump=own needs players=2..4, not players={r.players}"
                   + (" and a dummy" if r.dummy != "off" else ""))
    if r.dummy != "off" and r.players > 5:
        out.append(f"dummy={r.dummy} needs players=2..5, not players={r.players}")
    if r.dummy != "off" and r.teams != "none":
        out.append(f"dummy={r.dummy} needs teams=none (the dummy is nobody's partner)")
    if r.dummy != "off" and (r.loser != "last" or r.match != "tally"):
        # [I] the dummy can be no loser: counted losers and the cube's fold could name it
        out.append(f"dummy={r.dummy} needs loser=last and match=tally (the dummy never loses)")
    if r.dummy != "off" and r.seats * r.hand_size > deck:
        out.append(f"dummy={r.dummy} with players={r.players} and hand_size={r.hand_size} "
                   f"needs {r.seats * r.hand_size} cards but deck={r.deck} has {deck}")
    if r.first_limit != "off" and r.limit != "six":
        out.append(f"first_limit={r.first_limit} needs limit=six (it lowers the 6 to 5)")
    for key in ("transfer_show", "transfer_wait", "transfer_thrown", "transfer_new_only"):
        if getattr(r, key) and not r.transfer:
            out.append(f"{key}=on needs transfer=on")
    for key in ("transfer_first_round", "transfer_last_round"):
        if getattr(r, key) == "forbid" and not r.transfer:
            out.append(f"{key}=forbid needs transfer=on")
    out += inverted_conflicts(r)
    if not r.throw_in:
        for key, default in (("throw_match", "rank"), ("throw_order", "free"),
                             ("throwers", "all")):
            if getattr(r, key) != default:
                out.append(f"{key}={getattr(r, key)} needs throw_in=on")
        if r.throw_after_take:
            out.append("throw_after_take=on needs throw_in=on")
        if r.american:
            out.append("american=on needs throw_in=on (the defender throws in)")
    return out


_FIELD_KEYS: Final = tuple(f.name for f in dataclasses.fields(Rules))
"""The options' names in declared order (what :meth:`Rules.__hash__` hashes)."""


@functools.cache
def _preset(name: str) -> Rules:
    return Rules(**PRESET_CHANGES[name])  # type: ignore[arg-type]


def _maybe_preset(name: str) -> Rules | None:
    try:
        return _preset(name)
    except RulesError:
        return None


@functools.lru_cache(maxsize=256)
def _base_of(r: Rules) -> tuple[str, dict[str, str]]:
    # Of the buildable presets only (podkidnoy always is).
    return nearest_preset(r.options(), ((n, base.options()) for n in PRESET_NAMES
                                        if (base := _maybe_preset(n)) is not None))


def buildable_presets() -> tuple[str, ...]:
    """The presets the engine plays today (the others are refused as not yet built)."""
    return tuple(n for n in PRESET_NAMES if _maybe_preset(n) is not None)
