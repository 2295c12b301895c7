"""The rule options of one match, as one immutable record with presets.

Every option of the rule book (``docs/rules/napoleon.md`` §4) is a field of
:class:`Rules`.  Each option has a *key* (used in saved settings and in the
page's query string) and a fixed list of *text values*; the first value of
the SdC Standard preset is the default.

The text form is a query string: ``preset=NAME`` followed by the options that
differ from that preset, in the declared order, e.g.
``preset=sdc&scoring=zerosum&pass=unlimited``.  :meth:`Rules.to_text` picks
the preset that needs the fewest differences, so the text is short and
stable; :meth:`Rules.from_text` accepts the options in any order (with or
without ``preset``; a missing preset means ``sdc``) and raises
:class:`RulesError` naming every unknown key or bad value.  Nothing is
silently dropped.  The schema of one option and the reading and writing of
the text form are :mod:`cardkit.options`' (Durak's rules share them); this
module keeps the options table, the presets and the checks of a playable deck.

>>> Rules.preset("guruguru").to_text()
'preset=guruguru'
>>> r = Rules.from_text("preset=sdc&scoring=zerosum&pass=unlimited")
>>> r.scoring, r.pass_rule
('zerosum', 'unlimited')
>>> Rules.from_text(r.to_text()) == r
True
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

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
from napoleon.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    RANK_2,
    RANK_3,
    SPADES,
    Hand,
    card,
    deck_mask,
)

Rank = int | None
"""A special card's strength: 1 (strongest) .. 5, or ``None`` for 'normal'."""

ScoringName = Literal["sdc", "guruguru", "zerosum", "bid"]
PassRule = Literal["once", "unlimited"]
DiscardHonors = Literal["first_trick", "allies", "nobody"]
Yoromeki = Literal["on", "off", "mighty_only"]
AllowForbid = Literal["allow", "forbid"]
AllPass = Literal["sdc", "redeal"]
JokerLead = Literal["any_suit", "trump"]
NextDealer = Literal["adjutant", "rotate", "napoleon"]

#: Kitty size the ``trim_deck`` option aims at (mixi: a kitty of 3; docs/rules/napoleon.md §4).
TRIMMED_KITTY: Final = 3
#: Order in which ``trim_deck`` removes the 2s (or 3s): diamonds, hearts,
#: spades, clubs.  Clubs come last so that the joker-call ♣3 stays whenever
#: fewer than four cards go (which is every legal combination).
TRIM_SUIT_ORDER: Final = (DIAMONDS, HEARTS, SPADES, CLUBS)


class RulesError(OptionsError):
    """A rules object that cannot be played, or an option value out of range.,
    or a rules text with unknown keys, repeated keys or bad values."""

    # Rules texts come from links and saves: a message must not carry a megabyte of
    # them onto the page.
    clip = 40


def _o(key: str, values: tuple[str, ...], kind: Kind, help: str, field: str = "") -> OptionSpec:
    return OptionSpec(key, values, kind, help, field=field, error=RulesError)


_ONOFF = ("off", "on")
_RANKS = ("1", "2", "3", "4", "5", "normal")


def _ints(lo: int, hi: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(lo, hi + 1))


#: Every option, in the order the text form writes them.
OPTIONS: Final[tuple[OptionSpec, ...]] = (
    _o("players", ("5", "4", "6"), "int", "number of players"),
    _o("jokers", ("1", "0", "2"), "int", "jokers in the deck"),
    _o("trim_deck", _ONOFF, "bool", "mixi: remove 2s (3s with same-2) so the kitty is 3"),
    _o("scoring", ("sdc", "guruguru", "zerosum", "bid"), "choice", "scoring table"),
    _o("pass", ("once", "unlimited"), "choice", "may a passed player bid again",
       field="pass_rule"),
    _o("siberia", _ONOFF, "bool", "all 20 honors with a bid below 20 loses"),
    _o("discard_honors", ("first_trick", "allies", "nobody"),
       "choice", "who gets the honors Napoleon discards"),
    _o("yoromeki", ("on", "off", "mighty_only"), "choice", "♥Q beats the Mighty"),
    _o("yoromeki_counter", _ONOFF, "bool", "under yoromeki ♥K beats ♥Q and then ♥A beats ♥K"),
    _o("joker_call", ("on", "off"), "bool", "♣3 lead calls the joker"),
    _o("rank_lead_joker", _RANKS, "rank", "led joker strength"),
    _o("rank_follow_joker", _RANKS, "rank", "followed joker strength"),
    _o("rank_trump_jack", _RANKS, "rank", "trump jack strength"),
    _o("rank_back_jack", _RANKS, "rank", "back jack strength"),
    _o("rank_same_two", _RANKS, "rank", "same-2 strength"),
    _o("same_two_first_trick", _ONOFF, "bool", "same-2 in trick 1"),
    _o("same_two_with_joker", _ONOFF, "bool", "a joker counts as the suit for same-2"),
    _o("joker_lead_first_trick", ("allow", "forbid"),
       "choice", "may the joker be led in trick 1"),
    _o("min_bid", _ints(10, 16), "int", "lowest bid"),
    _o("bid_suit_order", ("on", "off"), "bool", "same number with a higher suit outbids"),
    _o("no_trump_bid", _ONOFF, "bool", "no-trump may be bid"),
    _o("all_pass", ("sdc", "redeal"), "choice",
       "everybody passed: forced no-trump 10, or deal again"),
    _o("exchange_first", _ONOFF, "bool", "the kitty exchange comes before the adjutant call"),
    _o("joker_lead", ("any_suit", "trump"), "choice", "what suit a led joker calls"),
    _o("joker_holds", _ONOFF, "bool", "a joker's trick honors go to the next trick's winner"),
    _o("role_cards_free", _ONOFF, "bool",
       "Mighty, trump jack and back jack may be played regardless of following"),
    _o("opening_lead_trump", ("allow", "forbid"), "choice", "may the first lead be trump"),
    _o("same_two_trump", ("on", "off"), "bool", "same-2 also in the trump suit"),
    _o("jack_hunt", _ONOFF, "bool", "the J paired with the trump jack beats it"),
    _o("plain_jack_low", _ONOFF, "bool",
       "a J that is neither trump nor back jack is the lowest of its suit"),
    _o("change_after_kitty", _ONOFF, "bool",
       "after the kitty Napoleon may change trump/called card, +1 each"),
    _o("match_games", _ints(1, 20), "int", "games in a match"),
    _o("next_dealer", ("adjutant", "rotate", "napoleon"), "choice",
       "who deals next: the previous adjutant (else Napoleon), the next seat, "
       "or the previous Napoleon (mixi)"),
)
OPTION_BY_KEY: Final = {o.key: o for o in OPTIONS}

#: Preset names in the order the text form tries them.
PRESET_NAMES: Final = ("sdc", "guruguru", "intro", "mixi", "napoleon_l", "four")


@dataclass(frozen=True)
class Rules(RulesText):
    """All rule options; the defaults are SdC Standard (docs/rules/napoleon.md §4).

    Construct with keywords (``Rules(scoring="zerosum")``), from a preset
    (:meth:`preset`) or from text (:meth:`from_text`, the text form of
    :class:`cardkit.options.RulesText`).  Invalid values or unplayable
    combinations raise :class:`RulesError`.
    """

    SPECS: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    ERROR: ClassVar[type[OptionsError]] = RulesError

    players: int = 5
    jokers: int = 1
    trim_deck: bool = False
    scoring: ScoringName = "sdc"
    pass_rule: PassRule = "once"
    siberia: bool = False
    discard_honors: DiscardHonors = "first_trick"
    yoromeki: Yoromeki = "on"
    yoromeki_counter: bool = False
    joker_call: bool = True
    rank_lead_joker: Rank = 1
    rank_follow_joker: Rank = 1
    rank_trump_jack: Rank = 2
    rank_back_jack: Rank = 3
    rank_same_two: Rank = 4
    same_two_first_trick: bool = False
    same_two_with_joker: bool = False
    joker_lead_first_trick: AllowForbid = "allow"
    min_bid: int = 11
    bid_suit_order: bool = True
    no_trump_bid: bool = False
    all_pass: AllPass = "sdc"
    exchange_first: bool = False
    joker_lead: JokerLead = "any_suit"
    joker_holds: bool = False
    role_cards_free: bool = False
    opening_lead_trump: AllowForbid = "allow"
    same_two_trump: bool = True
    jack_hunt: bool = False
    plain_jack_low: bool = False
    change_after_kitty: bool = False
    match_games: int = 5
    next_dealer: NextDealer = "adjutant"

    def __post_init__(self) -> None:
        check_values(self, OPTIONS, RulesError)
        deck = 52 + self.jokers
        hands = self.players * self.hand_size
        if self.trim_deck:
            remove = deck - hands - TRIMMED_KITTY
            if not 0 <= remove <= 4:
                raise RulesError(
                    f"trim_deck=on cannot make a kitty of {TRIMMED_KITTY} with "
                    f"players={self.players} and jokers={self.jokers}: "
                    f"the kitty is already {deck - hands}"
                )

    # ---- derived facts -------------------------------------------------

    @functools.cached_property
    def hand_size(self) -> int:
        """Cards per hand: 10 (5 players), 12 (4 players), 8 (6 players)."""
        return {5: 10, 4: 12, 6: 8}[self.players]

    @property
    def same_two_rank_card(self) -> int:
        """The rank index ``trim_deck`` removes: 3s when same-2 is on, else 2s."""
        return RANK_3 if self.rank_same_two is not None else RANK_2

    @functools.cached_property
    def removed_cards(self) -> Hand:
        """Cards ``trim_deck`` takes out of the deck (0 when the option is off)."""
        if not self.trim_deck:
            return 0
        remove = 52 + self.jokers - self.players * self.hand_size - TRIMMED_KITTY
        mask = 0
        for suit in TRIM_SUIT_ORDER[:remove]:
            mask |= 1 << card(suit, self.same_two_rank_card)
        return mask

    @functools.cached_property
    def deck(self) -> Hand:
        """The cards in play this game (jokers included, trimmed cards removed)."""
        return deck_mask(self.jokers) & ~self.removed_cards

    @functools.cached_property
    def kitty_size(self) -> int:
        return self.deck.bit_count() - self.players * self.hand_size

    # ---- presets and text ----------------------------------------------

    @staticmethod
    def preset(name: str) -> Rules:
        """The preset called ``name`` (one of :data:`PRESET_NAMES`)."""
        try:
            return PRESETS[name]
        except KeyError:
            raise RulesError(
                f"unknown preset {name!r}: expected one of {', '.join(PRESET_NAMES)}"
            ) from None

    def replace(self, **changes: object) -> Rules:
        """A copy with some fields changed (validated again)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def table_sizes(self) -> tuple[int, ...]:
        """The numbers of players these rules can be played at, their other options
        kept (pass-and-play's setup offers them): a size that does not fit them (too
        few cards left for the kitty) is left out.

        >>> Rules().table_sizes()
        (4, 5, 6)
        """
        sizes = []
        for n in (4, 5, 6):
            try:
                self.replace(players=n)
            except RulesError:
                continue
            sizes.append(n)
        return tuple(sizes)

    def preset_name(self) -> str | None:
        """The name of the preset equal to these rules, if any."""
        for name in PRESET_NAMES:
            if PRESETS[name] == self:
                return name
        return None

    def base_preset(self) -> tuple[str, dict[str, str]]:
        """The preset needing the fewest changes (the first listed on a tie), and
        those changes: what the text form starts from, so what the page says the
        rules came from ("mixi (changed)") is what the saved settings and the
        address carry.

        >>> Rules.preset("mixi").replace(match_games=3).base_preset()
        ('mixi', {'match_games': '3'})
        """
        return nearest_preset(self.options(), ((n, PRESETS[n].options()) for n in PRESET_NAMES))

    @classmethod
    def read(cls, text: str) -> Rules:
        """The rules ``text`` names, on top of its preset (SdC Standard if none)."""
        read = read_text(text, OPTION_BY_KEY, PRESET_NAMES, RulesError)
        if read.problems:
            raise RulesError(problems_text(read.problems, most=5))
        return PRESETS[read.preset or "sdc"].replace(**read.values)


_SDC = Rules()

#: The presets of the rule book (§4).
PRESETS: Final[dict[str, Rules]] = {
    "sdc": _SDC,
    "guruguru": _SDC.replace(pass_rule="unlimited", scoring="guruguru"),
    "intro": _SDC.replace(yoromeki="off", joker_call=False, rank_same_two=None),
    "mixi": _SDC.replace(
        pass_rule="unlimited", min_bid=12, siberia=True, joker_lead="trump",
        yoromeki="off", joker_call=False, rank_same_two=None, all_pass="redeal",
        discard_honors="nobody", scoring="zerosum",
        # mixi: the dealer or the previous Napoleon bids first, so the previous Napoleon
        # bids first next game (docs/rules/napoleon.md §4 ``next_dealer``).
        next_dealer="napoleon",
    ),
    # NAPOLEON L: only a larger number outbids, so no suit order (bid_suit_order=off;
    # docs/rules/napoleon.md §4).
    "napoleon_l": _SDC.replace(
        jokers=2, min_bid=15, bid_suit_order=False, pass_rule="unlimited", all_pass="redeal",
        exchange_first=True, discard_honors="nobody", joker_holds=True,
        yoromeki="off", joker_call=False, rank_trump_jack=1, rank_back_jack=2,
        rank_lead_joker=3, rank_follow_joker=3, rank_same_two=4,
        same_two_first_trick=True, scoring="zerosum",
    ),
    "four": _SDC.replace(
        players=4, jokers=0, min_bid=13, all_pass="redeal", discard_honors="nobody",
        yoromeki="mighty_only", jack_hunt=True, plain_jack_low=True,
        same_two_trump=False, scoring="zerosum",
    ),
}

SUIT_BID_STRENGTH: Final = {CLUBS: 0, DIAMONDS: 1, HEARTS: 2, SPADES: 3}
"""Suit order used in bidding only: ♠ > ♥ > ♦ > ♣ (no-trump, where allowed, is 4)."""
