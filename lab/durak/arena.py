"""The arena: one test player against reference players over duplicate deals.

``python -m lab.durak.arena --players 2 --games 200 --preset podkidnoy --test strong
--reference baseline``.

**Duplicate deals.** Each deal (seed ``seed + i``: the same shuffle, dealer
and first attacker) is played once per seat with the test player moved
round the table — with 2 players both sides of every deal, with 4 players the
test player at each of the 4 seats against 3 references.  Luck of the deal
then cancels inside one deal, and a deal's figure is the mean over its
rotations; the 95% interval is over deals (their means are independent).

Figures: the test player's **score** (1 = not the durak, ½ = a draw, 0 = the
durak; with 2 players it is the win rate, draws counting half) and its
**durak rate** (share of games it was the durak; a fair share is 1/players).
With ``match=cube15`` also its **points per game** (the cube's stake won, or
lost, §7: what a match is scored in; each game stands alone, the cube centred
at its start), and how many games were doubled and how many ended in a fold.

Every seat's generator is derived from the deal seed, the rotation and the
seat, so a run is reproducible with the same arguments.

A run is one match: the test player and the reference are the same two objects
from the first deal to the last, so ``strong``'s reading of its opponent at 2
players (:mod:`durak.ai.reader`) carries from game to game, as at the page's table
through a match.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from durak.actions import Action
from durak.ai.advice import HintPlayer
from durak.ai.levels import UnknownLevelError, player_for, split_worlds
from durak.ai.search import OraclePlayer, StrongPlayer
from durak.game import Game, Phase
from durak.rules import PRESET_NAMES, Rules
from durak.view import PlayerView
from lab.durak.mcts import MctsPlayer
from lab.stats import Estimate, estimate

MAX_GAME_ACTIONS = 20_000


class ViewPlayer(Protocol):
    name: str

    def decide(self, view: PlayerView, rng: random.Random) -> Action: ...


Contestant = ViewPlayer | OraclePlayer


def contestant(level: str) -> Contestant:
    """A player by name: a level (``easy``/``baseline``, ``normal``, ``strong``), ``oracle``,
    ``mcts`` (:mod:`lab.durak.mcts`, the search reference), ``hint`` (the hint's best at
    every decision, :class:`durak.ai.advice.HintPlayer`, its reading of the other player
    carried through the match as the page's hint and ``strong`` carry it) or ``hint-game``
    (the same reading afresh in each game); ``strong:64`` / ``oracle:8``
    set the number of worlds (playouts) per candidate, on any searching level
    (``strong-ismcts:64``, ``strong-mix:96``: :func:`durak.ai.levels.split_worlds`)."""
    name, worlds = split_worlds(level)
    if name == "oracle" and worlds is not None:
        return OraclePlayer(worlds, name=level)
    if level == "oracle":
        return OraclePlayer()
    if level == "mcts":
        return MctsPlayer()
    if level == "hint":
        return HintPlayer()
    if level == "hint-game":
        return HintPlayer(level, per_game=True)
    return player_for(level)


def act(p: Contestant, g: Game, rng: random.Random) -> Action:
    if isinstance(p, OraclePlayer):
        return p.decide_game(g, rng)  # the one place the full game is handed out
    return p.decide(g.view(g.to_act), rng)


def play(rules: Rules, deal_seed: int, seats: Sequence[Contestant], rot: int) -> Game:
    """One game of deal ``deal_seed`` with ``seats[s]`` at seat ``s``.

    A player that reads its opponents (:meth:`StrongPlayer.observe`, at 2 players) is
    shown every other seat's action with its own view just before it, as the page
    shows it the human's.  ``hint-game`` reads afresh in each game
    (:meth:`durak.ai.advice.HintPlayer.new_game`)."""
    for c in seats:
        if isinstance(c, HintPlayer):
            c.new_game()
    g = Game.new(rules, seed=deal_seed)
    rngs = [random.Random(deal_seed * 1_000_003 + rot * 101 + s) for s in range(len(seats))]
    readers = [q for q, c in enumerate(seats)
               if isinstance(c, StrongPlayer) and c.duel is not None] if rules.players == 2 else []
    for _ in range(MAX_GAME_ACTIONS):
        if g.phase is Phase.OVER:
            return g
        s = g.to_act
        p = g.player_of(s)  # a dummy hand is played by its controller (docs/rules/durak.md §3.4)
        a = act(seats[p], g, rngs[p])
        for q in readers:
            if q != p:
                watcher = seats[q]
                assert isinstance(watcher, StrongPlayer)
                watcher.observe(g.view(q), s, a)
        g.apply(a, s)  # checked: a computer's illegal move is a bug, never a silent one
    raise RuntimeError(f"deal {deal_seed} did not end within {MAX_GAME_ACTIONS} actions")


def percent(e: Estimate, games: int = 0) -> str:
    """``67.5% [63.1, 71.9]``: a rate and its 95% interval in percent, cut to 0–100
    (:meth:`~lab.stats.Estimate.within`).

    When every deal gave the same figure (an oracle winning every game) the normal
    interval has no width; the exact (Clopper–Pearson) bound over the ``games`` is
    shown instead: all of n games won puts the rate above 0.025^(1/n).
    """
    if e.half_width == 0 and games and e.mean in (0.0, 1.0):
        bound = 0.025 ** (1 / games)
        lo, hi = (bound, 1.0) if e.mean == 1.0 else (0.0, 1 - bound)
        return f"{100 * e.mean:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] (all {games} games alike)"
    lo, hi = e.within(0.0, 1.0)
    return f"{100 * e.mean:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


@dataclass
class ArenaResult:
    rules: Rules
    test: str
    reference: str
    deals: int
    score: list[float] = field(default_factory=list)
    durak: list[float] = field(default_factory=list)
    draws: int = 0
    games: int = 0
    points: list[float] = field(default_factory=list)
    """``cube15``: per deal, the test player's mean stake won (+) or lost (−)."""
    doubled: int = 0
    folded: int = 0
    seconds: float = 0.0
    followed: tuple[int, int] | None = None
    """A reading test player (``strong`` at 2 players): its duel decisions that followed
    the baseline, and all its duel decisions."""

    @property
    def score_estimate(self) -> Estimate:
        return estimate(self.score)

    @property
    def durak_estimate(self) -> Estimate:
        return estimate(self.durak)

    def text(self) -> str:
        n = self.rules.players
        cube = ""
        if self.rules.match == "cube15":
            e = estimate(self.points)
            cube = (f"\n  {self.test} points per game (stake won +, lost -): "
                    f"{e.mean:+.3f} [{e.low:+.3f}, {e.high:+.3f}]; "
                    f"{self.doubled} games doubled, {self.folded} folds")
        return (
            f"{self.rules.to_text()}: {self.test} vs {self.reference} x{n - 1}, "
            f"{self.deals} duplicate deals = {self.games} games ({self.draws} draws), "
            f"{self.seconds:.0f} s\n"
            f"  {self.test} score (not durak = 1, draw = 1/2): "
            f"{percent(self.score_estimate, self.games)}\n"
            f"  {self.test} durak rate: {percent(self.durak_estimate, self.games)} "
            f"(fair share {100 / n:.1f}%)" + cube + self._followed_text()
        )

    def _followed_text(self) -> str:
        if self.followed is None or not self.followed[1]:
            return ""
        f, d = self.followed
        return (f"\n  {self.test} read its opponent as the baseline in {f} of {d} "
                f"searched decisions ({100 * f / d:.1f}%)")


def run(rules: Rules, test: str, reference: str, deals: int, seed: int = 1,
        progress: bool = False, per_deal: bool = False) -> ArenaResult:
    """``deals`` duplicate deals: the test player at every seat of each deal in turn.

    ``per_deal``: print each deal's figures (``deal 17: score 0.5 durak 0.5``) as it
    ends, so that runs over different seeds can be pooled, or two test players compared
    deal by deal (paired), afterwards."""
    n = rules.players
    t, ref = contestant(test), contestant(reference)  # one match: readings carry over
    out = ArenaResult(rules, test, reference, deals)
    t0 = time.perf_counter()
    for i in range(deals):
        d = seed + i
        scores, duraks, points = [], [], []
        for rot in range(n):
            seats = [t if s == rot else ref for s in range(n)]
            g = play(rules, d, seats, rot)
            res = g.result
            assert res is not None
            out.games += 1
            out.doubled += res.stake > 1
            out.folded += res.folded
            if res.repetition and not g.in_game[rot]:  # out before the repetition (§6.14)
                out.draws += 1
                scores.append(1.0)
                duraks.append(0.0)
                points.append(0.0)
            elif res.draw:
                out.draws += 1
                scores.append(0.5)
                duraks.append(0.0)
                points.append(0.0)
            else:
                lost = rot in res.durak
                scores.append(0.0 if lost else 1.0)
                duraks.append(1.0 if lost else 0.0)
                points.append(-res.stake if lost else res.stake)
        out.score.append(sum(scores) / n)
        out.durak.append(sum(duraks) / n)
        out.points.append(sum(points) / n)
        if per_deal:
            print(f"deal {d}: score {out.score[-1]:.4g} durak {out.durak[-1]:.4g}", flush=True)
        if progress and (i + 1) % 10 == 0:
            print(f"  {i + 1}/{deals} deals: score {percent(out.score_estimate)}",
                  file=sys.stderr, flush=True)
    out.seconds = time.perf_counter() - t0
    if isinstance(t, StrongPlayer) and t.duel is not None:
        out.followed = (t.followed, t.duel_decisions)
    return out


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=50, help="duplicate deals (each played "
                   "once per seat)")
    p.add_argument("--preset", default="podkidnoy", choices=PRESET_NAMES)
    p.add_argument("--rules", help="a rules text instead of --preset (players still apply)")
    p.add_argument("--test", default="strong")
    p.add_argument("--reference", default="baseline")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--progress", action="store_true")
    p.add_argument("--per-deal", action="store_true", help="print each deal's score as it "
                   "ends (to pool runs over other seeds, or to pair two test players)")


def cmd_arena(args: argparse.Namespace) -> int:
    rules = Rules.from_text(args.rules) if args.rules else Rules.preset(args.preset)
    rules = rules.replace(players=args.players)
    try:
        contestant(args.test), contestant(args.reference)
    except UnknownLevelError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    load = f"load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""
    res = run(rules, args.test, args.reference, args.games, args.seed, args.progress,
              args.per_deal)
    print(res.text() + (f"  [{load} at start]" if load else ""))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lab.durak.arena", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)
    return cmd_arena(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
