"""The human's Durak statistics on this device: pure counting, no browser.

One :class:`Tally` per **variant and player count**.  The variant is the
rules' text without the player count (:func:`variant_of`): a preset's name
(``preset=perevodnoy``), or the nearest preset and the options changed from it
(``preset=podkidnoy&transfer_show=on``), so every rule set the player tries is
counted apart, and 2 and 4 players of one preset are two tallies.  Every game of
the family is counted the same way: a pile game's variant is its own rules text
(``mode=heap``, ``mode=chinese&chinese_ten=on``: :class:`~durak.pile.options.PileRules`),
a game played on the ordinary rules record the ordinary text that names its mode
(the dealing game of §3.6: ``preset=podkidnoy&mode=…``); their facts come from
:func:`pile_facts` and their own packages (:func:`game_facts` of the play).  A
stored tally of the ordinary game reads as before.  Games played with friends
(people on other devices at the table) are counted apart, in a tally of their own
whose variant ends in :data:`WITH_FRIENDS` (``preset=podkidnoy&with=friends``): the
figures against computers stay theirs.  Each tally holds:

* games, and the games in which the human was the durak (with teams: their
  team lost) and the draws;
* the cards the human took into their hand from the table (taking a bout, and
  the pick-ups of ``doubt`` and ``inverted``): shown as an average a game;
* the transfers the human made (their own and the dummy's they play);
* the hints they asked for and the decisions they took back (undo).

A game is counted once, when it ends (:func:`count_game`, with the facts
:func:`game_facts` reads from its replay); ``last`` names the game counted last
(match seed, number and deal), so the same game is never counted twice.  At
most :data:`MAX_TALLIES` tallies are kept: a new one beyond that drops the one
counted longest ago (the tallies are kept in the order they were last counted).

The stored form (:func:`encode_stats`) is JSON::

    {"version": 1, "last": "7:3:123",
     "tallies": [{"rules": "preset=podkidnoy", "players": 2, "games": 3, "durak": 1,
                  "draws": 0, "taken": 14, "transfers": 0, "hints": 2, "undos": 1}]}

:func:`decode_stats` reads untrusted text (localStorage is anyone's to edit):
bounded in size and nesting before parsing, every field's type checked and
never coerced (``"false"``, ``true`` and ``1.0`` are no counts), every number
bounded, unknown fields refused; anything wrong is a :class:`StatsError` that
names the field.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Final

from cardkit import fields as check
from cardkit.bounded_json import JsonShapeError, loads_bounded
from durak.actions import Transfer
from durak.family.options import rules_from_text
from durak.game import Game
from durak.pile.actions import Take
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.rules import Rules, RulesError

STATS_VERSION: Final = 1
#: Longest stored text read: a tally is ~150 characters and its rules at most
#: :data:`MAX_VARIANT_CHARS`.
MAX_STATS_CHARS: Final = 100_000
#: ``{"tallies": [{...}]}`` is 3 deep.
MAX_STATS_DEPTH: Final = 3
#: Most tallies kept (variants times player counts).
MAX_TALLIES: Final = 40
#: A count above this is not ours (a billion games).
MAX_COUNT: Final = 10**9
#: Longest variant text (every option changed from its preset stays well under).
MAX_VARIANT_CHARS: Final = 1_000
#: Longest ``last``.
MAX_ID_CHARS: Final = 100
PLAYERS: Final = range(2, 7)
#: A variant as :func:`variant_of` writes it (checked on reading: it is shown): the
#: ordinary game's (a preset first) or a pile game's (its mode first).
VARIANT_RE: Final = re.compile(r"(preset|mode)=[a-z0-9_]+(&[a-z0-9_]+=[a-z0-9_]+)*")


class StatsError(ValueError):
    """Stored statistics that cannot be read (the page sets them aside)."""


@dataclass
class Tally:
    """One variant's and player count's numbers (every field a count)."""

    games: int = 0
    durak: int = 0
    draws: int = 0
    taken: int = 0
    transfers: int = 0
    hints: int = 0
    undos: int = 0

    @property
    def average_taken(self) -> float:
        """Cards taken a game (0 before any game)."""
        return self.taken / self.games if self.games else 0.0


#: The counts of a tally, in the stored order.
COUNTS: Final = tuple(f.name for f in fields(Tally))


@dataclass
class Stats:
    """Every tally by ``(variant, players)``, in the order last counted, and the last game."""

    tallies: dict[tuple[str, int], Tally] = field(default_factory=dict)
    last: str = ""


@dataclass(frozen=True)
class GameFacts:
    """What one finished game counts for one player."""

    durak: bool
    draw: bool
    taken: int
    transfers: int


#: The rules of any game of the family the statistics count.
FamilyRules = Rules | PileRules


def variant_of(rules: FamilyRules) -> str:
    """The rules' text without the player count (the module's docs).

    >>> variant_of(Rules(players=4)), variant_of(Rules.preset("team2"))
    ('preset=podkidnoy', 'preset=team2')
    >>> variant_of(Rules(transfer=True, transfer_show=True))
    'preset=perevodnoy&transfer_show=on'
    >>> from durak.family.modes import SUIT_DEAL
    >>> variant_of(PileRules(mode="heap", players=2))
    'mode=heap'
    >>> variant_of(Rules(mode=SUIT_DEAL)) == f"preset=podkidnoy&mode={SUIT_DEAL}"
    True
    """
    text = rules.to_text() if isinstance(rules, Rules) else \
        "&".join(["mode=" + rules.mode, *(p for p in rules.to_text().split("&")
                                          if not p.startswith("mode="))])
    return "&".join(p for p in text.split("&") if not p.startswith("players="))


#: The variant's last part for a game played with friends (:func:`count_game`'s ``friends``).
WITH_FRIENDS: Final = "with=friends"


def has_transfers(variant: str) -> bool:
    """Whether the rules a tally counts (its ``variant``) let a player transfer, as their
    rules record says: §3.3 ``transfer`` of the ordinary rules record (the ordinary game
    and the dealing game of §3.6); a pile game's :class:`~durak.pile.options.PileRules`
    has no transfers.  The statistics list the transfers made only then (a variant this
    version cannot read keeps the line).

    >>> has_transfers("preset=perevodnoy"), has_transfers("preset=podkidnoy")
    (True, False)
    >>> from durak.family.modes import SUIT_DEAL
    >>> has_transfers("mode=heap")
    False
    >>> has_transfers(f"preset=perevodnoy&mode={SUIT_DEAL}&with=friends")
    True
    """
    text = "&".join(p for p in variant.split("&") if p != WITH_FRIENDS)
    try:
        rules = rules_from_text(text)
    except RulesError:
        return True
    return isinstance(rules, Rules) and rules.transfer


def undo_offered(variant: str) -> bool:
    """Whether the games a tally counts (its ``variant``) could take a decision back:
    not those with friends (a table of several people refuses undo, since another
    person's move would be taken back too).  The statistics list the undos only then.

    >>> undo_offered("mode=heap"), undo_offered("preset=podkidnoy&with=friends")
    (True, False)
    """
    return WITH_FRIENDS not in variant.split("&")


def choice_key(variant: str, players: int) -> str:
    """One tally's name in the dialog's choice: ``2:preset=podkidnoy``."""
    return f"{players}:{variant}"


def game_facts(game: Game, player: int) -> GameFacts:
    """``player``'s facts of the finished ``game`` (seat ``player`` is theirs).

    The cards taken are read from the game's replay (the deal and its actions, as a
    record replays): after each action, the cards that went from the table into the
    player's hand.

    >>> from durak.playout import play_random_game
    >>> import random
    >>> g = Game.new(Rules(), 5)
    >>> _ = play_random_game(g, random.Random(1))
    >>> facts = game_facts(g, 0)
    >>> facts.durak == (0 in g.result.durak), facts.transfers
    (True, 0)
    """
    result = game.result
    if result is None:
        raise ValueError("the game is not over")
    replay = Game.from_deal(game.rules, game.deal, game.dealer, game.first_attacker)
    taken = transfers = 0
    for seat, action in game.actions():
        table, hand = replay.table, replay.hands[player]
        replay.apply(action, seat)
        taken += (replay.hands[player] & ~hand & table).bit_count()
        if isinstance(action, Transfer) and game.player_of(seat) == player:
            transfers += 1
    return GameFacts(player in result.durak, result.draw, taken, transfers)


def pile_facts(game: PileGame, player: int) -> GameFacts:
    """``player``'s facts of the finished pile ``game``: every card a take of theirs
    carried from the pile into their hand (replayed from the deal, as the record does).

    >>> from durak.pile.playout import play_random_game
    >>> import random
    >>> g = PileGame.new(PileRules(mode="heap", players=2), 5)
    >>> _ = play_random_game(g, random.Random(1))
    >>> f = pile_facts(g, 0)
    >>> f.durak == (g.durak == 0), f.draw == (g.durak is None), f.taken >= 0
    (True, True, True)
    """
    st = game.state
    if not st.over:
        raise ValueError("the game is not over")
    replay = PileGame.from_deal(st.rules, st.dealer, list(st.dealt_hands), list(st.dealt_talon),
                                st.trump_card, st.game)
    taken = 0
    for seat, action in st.history:
        hand = replay.state.hands[player]
        pile = 0
        for c in replay.state.pile:
            pile |= 1 << c
        replay.apply(action, seat)
        if seat == player and isinstance(action, Take):
            taken += (replay.state.hands[player] & ~hand & pile).bit_count()
    return GameFacts(st.durak == player, st.durak is None, taken, 0)


def result_facts(game: Any, player: int) -> GameFacts:
    """``player``'s facts of a finished game of any engine, from its result alone
    (:class:`~durak.family.result.Result`: the durak, or a draw; nothing taken or
    transferred is counted).

    >>> from types import SimpleNamespace
    >>> from durak.family.result import Result
    >>> result_facts(SimpleNamespace(result=Result((1,), False)), 1)
    GameFacts(durak=True, draw=False, taken=0, transfers=0)
    """
    result = game.result
    if result is None:
        raise ValueError("the game is not over")
    return GameFacts(player in result.durak and not result.draw, bool(result.draw), 0, 0)


def tally_of(stats: Stats, rules: FamilyRules, friends: bool = False) -> Tally:
    """The tally of ``rules`` (new if need be), moved to the end: the last counted;
    with ``friends``, the tally of those rules' games with friends."""
    variant = variant_of(rules)
    key = (f"{variant}&{WITH_FRIENDS}" if friends else variant, rules.players)
    tally = stats.tallies.pop(key, None) or Tally()
    stats.tallies[key] = tally
    while len(stats.tallies) > MAX_TALLIES:
        del stats.tallies[next(iter(stats.tallies))]
    return tally


def count_game(stats: Stats, rules: FamilyRules, facts: GameFacts, game_id: str,
               friends: bool = False) -> bool:
    """Count one finished game under ``rules``; ``game_id`` names it, and the game
    counted just before with the same id is not counted again (``False``).  A game
    with friends (``friends``) is counted in its own tally.

    >>> s = Stats()
    >>> facts = GameFacts(durak=True, draw=False, taken=7, transfers=1)
    >>> count_game(s, Rules(), facts, "7:1:9"), count_game(s, Rules(), facts, "7:1:9")
    (True, False)
    >>> s.tallies[("preset=podkidnoy", 2)]
    Tally(games=1, durak=1, draws=0, taken=7, transfers=1, hints=0, undos=0)
    >>> count_game(s, Rules(), facts, "8:1:9", friends=True), sorted(s.tallies)
    (True, [('preset=podkidnoy', 2), ('preset=podkidnoy&with=friends', 2)])
    """
    if game_id and game_id == stats.last:
        return False
    stats.last = game_id[:MAX_ID_CHARS]
    tally = tally_of(stats, rules, friends)
    tally.games += 1
    tally.durak += facts.durak
    tally.draws += facts.draw
    tally.taken += facts.taken
    tally.transfers += facts.transfers
    return True


def count_hint(stats: Stats, rules: FamilyRules, friends: bool = False) -> bool:
    """Count one hint asked for in a game under ``rules``; at a table with friends
    (``friends``, the host's or a guest's), in the tally its games count in."""
    tally_of(stats, rules, friends).hints += 1
    return True


def count_undo(stats: Stats, rules: FamilyRules) -> bool:
    """Count one decision taken back in a game under ``rules``."""
    tally_of(stats, rules).undos += 1
    return True


def encode_stats(stats: Stats) -> str:
    """The stored form (module docs)."""
    tallies = [{"rules": variant, "players": players, **asdict(tally)}
               for (variant, players), tally in stats.tallies.items()]
    return json.dumps({"version": STATS_VERSION, "last": stats.last, "tallies": tallies},
                      ensure_ascii=False, separators=(",", ":"))


def _tally(value: object, where: str) -> tuple[tuple[str, int], Tally]:
    entry = check.mapping(value, where, StatsError)
    unknown = sorted(set(entry) - set(COUNTS) - {"rules", "players"})
    if unknown:
        raise StatsError(f"{where}: unknown field {check.short(unknown[0], 30)}")
    variant = check.text(check.get(entry, "rules", f"{where}.", StatsError), f"{where}.rules",
                         MAX_VARIANT_CHARS, StatsError)
    if not VARIANT_RE.fullmatch(variant):
        raise StatsError(f"{where}.rules: {check.short(variant, 40)} is not a rules text")
    players = check.whole(check.get(entry, "players", f"{where}.", StatsError),
                          f"{where}.players", PLAYERS.start, PLAYERS.stop - 1, StatsError)
    tally = Tally(**{name: check.whole(entry.get(name, 0), f"{where}.{name}", 0, MAX_COUNT,
                                       StatsError) for name in COUNTS})
    if tally.durak + tally.draws > tally.games:
        raise StatsError(f"{where}: more games lost or drawn than played")
    return (variant, players), tally


def decode_stats(text: str) -> Stats:
    """Read stored statistics; anything malformed raises :class:`StatsError`.

    >>> decode_stats(encode_stats(Stats())) == Stats()
    True
    >>> try:
    ...     decode_stats('{"version": 1, "tallies": [{"rules": "preset=podkidnoy", '
    ...                  '"players": 2, "games": "3"}]}')
    ... except StatsError as e:
    ...     print(e)
    tallies[0].games: expected a whole number, not str
    """
    try:
        loaded = loads_bounded(text, max_chars=MAX_STATS_CHARS, max_depth=MAX_STATS_DEPTH)
    except JsonShapeError as e:
        raise StatsError(str(e)[:200]) from None
    data: dict[str, Any] = check.mapping(loaded, "statistics", StatsError)
    check.whole(check.get(data, "version", "", StatsError), "version", STATS_VERSION,
                STATS_VERSION, StatsError)
    unknown = sorted(set(data) - {"version", "last", "tallies"})
    if unknown:
        raise StatsError(f"unknown field {check.short(unknown[0], 30)}")
    last = check.text(data.get("last", ""), "last", MAX_ID_CHARS, StatsError)
    stats = Stats(last=last)
    for i, value in enumerate(check.listed(data.get("tallies", []), "tallies", MAX_TALLIES,
                                           StatsError)):
        key, tally = _tally(value, f"tallies[{i}]")
        if key in stats.tallies:
            raise StatsError(f"tallies[{i}]: a second tally of {key[0]} for {key[1]} players")
        stats.tallies[key] = tally
    return stats


__all__ = [
    "COUNTS", "MAX_TALLIES", "FamilyRules", "GameFacts", "Stats", "StatsError", "Tally",
    "choice_key",
    "count_game", "count_hint", "count_undo", "decode_stats", "encode_stats", "game_facts",
    "pile_facts", "tally_of", "variant_of",
]
