"""Random Durak games over every preset and random option mixes, checked hard.

``python3 -m lab.durak.fuzz_games --games 100000 --seed 1 --procs 2`` plays that many
seeded games with uniformly random legal players and prints: games played,
option mixes refused by :class:`~durak.rules.Rules` (skipped, counted), endless
games (no end within :data:`BOUND` actions), draws by repetition (docs/rules/durak.md
§6.14), invariant or view violations, and replay differences (the game's text and JSON
records replayed, every seat's view compared after every action), with the first few
seeds of each problem.

Game ``i`` of a run with seed ``S`` is reproducible on its own: its rules come
from ``random.Random(S * 1_000_003 + i)`` (every third game a preset, else a mix
of the options of :data:`durak.rules.OPTIONS`, each changed with chance 1/4, the
``players`` count drawn from every allowed value) and its deal and players from
the game seed ``i``.

The checks (also used by ``tests/durak_game/test_invariants.py``): after every
action every card lies in exactly one place, the table is the attack cards and
their covers, known cards are held, the limit holds and the result comes only at
a bout's end; at random moments (and for every seat at the end) no view shows a
card its seat cannot see.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import random
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from durak.actions import Action
from durak.cards import card_text, mask_of, parse_hand
from durak.game import ANSWERED, UNCOVERED, Game, Phase
from durak.playout import MAX_ACTIONS
from durak.record import RecordError, json_record, replay_json, replay_text, text_record, to_json
from durak.rules import NOT_YET, OPTION_BY_KEY, OPTIONS, PRESET_NAMES, Rules, RulesError
from durak.view import PlayerView

#: Actions after which a game counts as endless: random play's own safety bound.
BOUND: Final = MAX_ACTIONS
#: Chance, after each action, of checking one random seat's view for leaks.
LEAK_CHECK: Final = 0.1
#: Seeds printed per kind of problem.
SHOWN: Final = 5


class Violation(AssertionError):
    """An invariant of the game or of a view does not hold."""


def _need(cond: bool, why: str) -> None:
    if not cond:
        raise Violation(why)


def random_mix(rng: random.Random, **fixed: object) -> Rules:
    """A random mix of the options (implemented values only), ``fixed`` as given;
    raises :class:`RulesError` for a mix the rules refuse."""
    changes: dict[str, object] = {}
    for o in OPTIONS:
        if rng.random() < 0.25:
            # Only the ordinary game's mode: suit_deal is dealt by its own phase
            # (durak.suit_deal) and the pile games by durak.pile, not Game.new; the
            # values drawn from are the same as when Rules refused the pile modes, so a
            # run's seed still names the same games.
            text = rng.choice([v for v in o.values if v not in NOT_YET.get(o.key, ())
                               and (o.key != "mode" or v == "durak")])
            changes[o.key] = o.from_text(text)
    changes.update(fixed)
    return Rules(**changes)  # type: ignore[arg-type]


def random_rules(rng: random.Random, **fixed: object) -> Rules:
    """A random playable mix (refused mixes are drawn again)."""
    while True:
        with contextlib.suppress(RulesError):
            return random_mix(rng, **fixed)


def game_rules(seed: int, game: int) -> Rules:
    """Game ``game``'s rules in a run seeded ``seed`` (raises RulesError if refused)."""
    rng = random.Random(seed * 1_000_003 + game)
    if game % 3 == 0:
        players = rng.choice(OPTION_BY_KEY["players"].values)
        return Rules.preset(rng.choice(PRESET_NAMES)).replace(players=int(players))
    return random_mix(rng)


def check_places(g: Game) -> None:
    """Every card in one place; the table is the attacks and covers; known cards held."""
    places = g.card_places()
    seen = 0
    for name, mask in places.items():
        _need(not seen & mask, f"a card of {name} is also elsewhere")
        seen |= mask
    _need(seen == g.rules.deck_mask, "a card is missing")
    table = 0
    for a, cv in zip(g.attacks, g.covers, strict=True):
        table |= 1 << a
        if cv not in (UNCOVERED, ANSWERED):
            table |= 1 << cv
    _need(table == g.table, "the table is not its attack cards and covers")
    for s in range(g.n):
        _need(g.known[s] & ~g.hands[s] == 0, f"seat {s} 'knows' cards it does not hold")
    _need(g.uncovered == g.covers.count(UNCOVERED), "the uncovered count is wrong")
    if g.rules.inverted:  # every card held has exactly one position, in its holder's hand
        _need([mask_of(o) for o in g.slots] == g.hands, "inverted positions differ")
    if g.phase is not Phase.OVER:
        _need(len(g.attacks) <= max(g.limit, 1) or g.taking or g.rules.transfer_wait,
              "more attack cards than the limit")


def hidden_from(g: Game, seat: int) -> int:
    """Cards ``seat`` may not see: others' unknown cards (a dummy's player sees both of
    their hands), face-down cards (``magadan`` piles: not even their owner's), the talon."""
    hidden = g.removed
    also = g.view(seat).second_seat
    if g.defender not in (seat, also):
        hidden |= g.face_down & g.table  # doubt: covers lying face down on the table
    for s in range(g.n):
        if g.rules.inverted:  # one's own cards are the unseen ones
            if s == seat:
                hidden |= g.hands[s] & ~g.known[s]
        elif s not in (seat, also):
            hidden |= g.hands[s] & ~g.known[s]
    for pile in g.piles:
        hidden |= mask_of(pile)
    for c in g.talon:
        if not (g.trump_shown and c == g.trump_card):
            hidden |= 1 << c
    return hidden


def cards_in(obj: object) -> int:
    """Every card text found anywhere in a JSON-like value."""
    found = 0
    if isinstance(obj, dict):
        for v in obj.values():
            found |= cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= cards_in(v)
    elif isinstance(obj, str):
        for word in obj.replace(",", " ").replace("=", " ").split():
            with contextlib.suppress(ValueError):
                found |= parse_hand(word)
    return found


def check_view_leaks(g: Game, seat: int) -> None:
    d = g.view(seat).to_dict()
    d.pop("rules")
    leaked = cards_in(d) & hidden_from(g, seat)
    _need(not leaked, f"seat {seat} sees "
          f"{[card_text(c) for c in range(72) if leaked >> c & 1]}")


#: Events a bout's end writes after its ``beaten`` / ``taken`` and before a result
#: (durak.phases.bout_end.after_bout): the refill (§2.10), ``trump=hidden``'s card
#: shown when the refill draws the trump card (§3.1; game 10447 of seed 1
#: shows it in the last refill, right before the result), going out (§2.11) and
#: ``pass_hands`` (§3.4).
AFTER_BOUT: Final = frozenset({"r", "trump", "out", "pass"})


def check_step(g: Game, before: int) -> None:
    """After one action (``before``: the events' count before it): the places, and a
    result only at the end of a bout."""
    check_places(g)
    tags = [e[0] for e in g.events[before:]]
    if "end" in tags:
        rest = [t for t in tags[:tags.index("end")] if t not in AFTER_BOUT]
        folded = g.result is not None and g.result.folded
        _need(folded or (bool(rest) and rest[-1] in ("beaten", "taken")),
              "the result came mid-bout")


def play_checked(rules: Rules, seed: int, leak_checks: bool = True,
                 bound: int = BOUND) -> Game | None:
    """A seeded random game, checked after every action; None if it hit ``bound``."""
    g = Game.new(rules, seed)
    rng = random.Random(seed)
    check_places(g)
    for _ in range(bound):
        if g.phase is Phase.OVER:
            break
        acts = g.legal_actions()
        _need(bool(acts) and len(set(acts)) == len(acts), "no or repeated legal actions")
        if leak_checks and rng.random() < LEAK_CHECK:
            check_view_leaks(g, rng.randrange(g.n))
        before = len(g.events)
        g.apply(rng.choice(acts))
        check_step(g, before)
    else:
        return None
    _need(g.result is not None, "over without a result")
    if leak_checks:
        for s in range(g.n):
            check_view_leaks(g, s)
    return g


Views = list[tuple[PlayerView, ...]]


@contextlib.contextmanager
def watching_views(into: Views) -> Iterator[None]:
    """While active, every :meth:`Game.apply` appends every seat's view after it (and,
    at a game's first action, the views before it) to ``into``."""
    apply: Callable[..., None] = Game.apply

    def watched(self: Game, action: Action, seat: int | None = None) -> None:
        if not into:
            into.append(tuple(self.view(s) for s in range(self.n)))
        apply(self, action, seat)
        into.append(tuple(self.view(s) for s in range(self.n)))

    Game.apply = watched  # type: ignore[assignment]
    try:
        yield
    finally:
        Game.apply = apply


def replay_views(g: Game, seed: int) -> tuple[Views, Views, Views]:
    """Every seat's views after every action: of ``g`` replayed from its own actions,
    from its text record and from its JSON record."""
    views: tuple[Views, Views, Views] = ([], [], [])
    with watching_views(views[0]):
        again = Game.new(g.rules, seed)
        for seat, action in g.actions():
            again.apply(action, seat)
    text, js = text_record(g, seed=seed), to_json(json_record(g, seed=seed))
    with watching_views(views[1]):
        replay_text(text)
    with watching_views(views[2]):
        replay_json(js)
    return views


@dataclass
class Tally:
    """The run's figures, with the first seeds of each problem."""

    played: int = 0
    refused: int = 0
    endless: int = 0
    repetition: int = 0
    violations: int = 0
    replay_differences: int = 0
    longest: int = 0
    """The most actions any game took."""
    longest_game: str = ""
    """Which game that was (its number and rules), to look at it again."""
    interrupted: bool = False
    seeds: dict[str, list[str]] = field(default_factory=dict)

    def merge(self, other: Tally) -> None:
        """Add ``other``'s figures (games after this tally's) into this one."""
        self.played += other.played
        self.refused += other.refused
        self.endless += other.endless
        self.repetition += other.repetition
        self.violations += other.violations
        self.replay_differences += other.replay_differences
        if other.longest > self.longest:
            self.longest, self.longest_game = other.longest, other.longest_game
        self.interrupted = self.interrupted or other.interrupted
        for kind, shown in other.seeds.items():
            for what in shown:
                self.note(kind, what)

    def note(self, kind: str, what: str) -> None:
        shown = self.seeds.setdefault(kind, [])
        if len(shown) < SHOWN:
            shown.append(what)

    def lines(self) -> list[str]:
        out = [f"games played: {self.played}"
               + (" (interrupted: the figures so far)" if self.interrupted else ""),
               f"mixes refused: {self.refused}",
               f"endless games (bound {BOUND} actions hit): {self.endless}",
               f"draws by repetition: {self.repetition}",
               f"longest game: {self.longest} actions"
               + (f" ({self.longest_game})" if self.longest_game else ""),
               f"invariant or view violations: {self.violations}",
               f"replay differences: {self.replay_differences}"]
        for kind, shown in sorted(self.seeds.items()):
            out.append(f"  first {kind}: " + "; ".join(shown))
        return out


def fuzz_one(tally: Tally, seed: int, i: int, replays: bool = True) -> None:
    """Game ``i`` of the run seeded ``seed``, counted into ``tally``."""
    try:
        rules = game_rules(seed, i)
    except RulesError:
        tally.refused += 1
        return
    tally.played += 1
    where = f"game {i} ({rules.to_text()})"
    try:
        g = play_checked(rules, i)
    except (Violation, RulesError, ValueError) as e:
        tally.violations += 1
        tally.note("violations", f"{where}: {e}")
        return
    if g is None:
        tally.endless += 1
        tally.note("endless", where)
        return
    if len(g.actions()) > tally.longest:
        tally.longest, tally.longest_game = len(g.actions()), where
    if g.result is not None and g.result.repetition:
        tally.repetition += 1
    if not replays:
        return
    try:
        own, text, js = replay_views(g, i)
    except Exception as e:  # any failure to write or replay a record counts
        tally.replay_differences += 1
        kind = "" if isinstance(e, RecordError) else f"{type(e).__name__} "
        tally.note("replay differences", f"{where}: {kind}{e}")
        return
    for name, views in (("text", text), ("json", js)):
        if views != own:
            step = next((k for k, (a, b) in enumerate(zip(own, views, strict=False))
                         if a != b), min(len(own), len(views)))
            tally.replay_differences += 1
            tally.note("replay differences", f"{where}: the {name} replay differs "
                       f"from action {step}")
            return


#: Games a worker process plays per task when ``--procs`` is above 1.
CHUNK: Final = 50


def _worker_start() -> None:
    """A worker leaves interrupts to the main process, which stops the pool and
    prints the figures so far (``timeout -s INT`` signals the whole group)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunk(task: tuple[int, int, int, bool]) -> Tally:
    """Games ``start..stop-1`` of the run seeded ``seed``, in a worker process."""
    seed, start, stop, replays = task
    tally = Tally()
    for i in range(start, stop):
        fuzz_one(tally, seed, i, replays)
    return tally


def _stop_once(_signum: int, _frame: object) -> None:
    """The first interrupt stops the run; later ones (``timeout -s INT`` signals the
    whole process group, this process twice) are ignored while it stops."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def run(games: int, seed: int, replays: bool = True, procs: int = 1,
        *, announce: bool = False) -> Tally:
    """Games 0..games-1 of the run; an interrupt (Ctrl-C, ``timeout -s INT``) stops it
    early with the figures so far (:attr:`Tally.interrupted`).

    With ``procs`` above 1 the games are shared among that many processes in
    chunks of :data:`CHUNK`; every game depends only on ``seed`` and its number,
    so the figures are the same for every ``procs``.  With ``announce`` a line on
    standard error says the run has begun (and from then on an interrupt is safe)."""
    tally = Tally()
    asked: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, _frame: asked.append(signum))
    try:
        if announce:
            print(f"playing {games} games, seed {seed}, {procs} process(es)",
                  file=sys.stderr, flush=True)
        if procs <= 1:
            try:
                signal.signal(signal.SIGINT, _stop_once)
                if asked:
                    raise KeyboardInterrupt
                for i in range(games):
                    fuzz_one(tally, seed, i, replays)
            except KeyboardInterrupt:
                tally.interrupted = True
            return tally
        tasks = [(seed, a, min(a + CHUNK, games), replays) for a in range(0, games, CHUNK)]
        with multiprocessing.Pool(procs, initializer=_worker_start) as pool:
            try:
                signal.signal(signal.SIGINT, _stop_once)
                if asked:
                    raise KeyboardInterrupt
                for part in pool.imap(_chunk, tasks):
                    tally.merge(part)
            except KeyboardInterrupt:
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                tally.interrupted = True
                pool.terminate()
        return tally
    finally:
        signal.signal(signal.SIGINT, before)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m lab.durak.fuzz_games",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--no-replays", action="store_true", help="skip the replay comparison")
    p.add_argument("--procs", type=int, default=1,
                   help="processes to share the games among (default 1; same figures)")
    args = p.parse_args(argv)
    if args.procs < 1:
        p.error("--procs must be at least 1")
    tally = run(args.games, args.seed, not args.no_replays, args.procs, announce=True)
    print("\n".join(tally.lines()))
    bad = tally.endless + tally.violations + tally.replay_differences
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
