"""How often a Durak level takes when it could have covered every attacking card.

``python -m lab.durak.takes [--level strong] [--games 10] [--seed 1]
[--preset perevodnoy]``

A level that takes while it could cover every attacking card picks up cards it
need not.  Here the level plays ``--games`` two-player games against the
baseline (deals ``seed``, ``seed + 1``, ...; the level sits at seat ``deal % 2``)
and each of its defences with a choice is counted: how many offered a take while
every uncovered card could be covered (:func:`durak.ai.search.can_cover_all`),
how many times it took, and how many of those takes came with every card
coverable.  Without wall-clock caps, so a run repeats.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from durak.actions import TAKE
from durak.ai.baseline import BaselinePlayer
from durak.ai.levels import UnknownLevelError
from durak.ai.search import OraclePlayer, can_cover_all
from durak.game import Game, Phase
from durak.rules import PRESET_NAMES, Rules
from lab.durak.arena import MAX_GAME_ACTIONS, contestant


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lab.durak.takes", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--level", default="strong")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--preset", default="perevodnoy", choices=PRESET_NAMES)
    args = p.parse_args(argv)
    try:
        player = contestant(args.level)
    except UnknownLevelError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if isinstance(player, OraclePlayer):
        print("error: the level must play from its view (not the oracle)", file=sys.stderr)
        return 2
    base = BaselinePlayer()
    rules = Rules.preset(args.preset).replace(players=2)
    offered = takes = coverable_takes = 0
    for deal in range(args.seed, args.seed + args.games):
        g = Game.new(rules, seed=deal)
        rng = random.Random(deal)
        for _ in range(MAX_GAME_ACTIONS):
            if g.phase is Phase.OVER:
                break
            s = g.to_act
            v = g.view(s)
            if s != deal % 2:
                g.apply(base.decide(v), s)
                continue
            a = player.decide(v, rng)
            if TAKE in v.legal_actions and len(v.legal_actions) > 1:
                coverable = can_cover_all(v)
                offered += coverable
                takes += a == TAKE
                coverable_takes += coverable and a == TAKE
            g.apply(a, s)
    share = f"{100 * coverable_takes / takes:.0f}%" if takes else "-"
    print(f"{rules.to_text()}: {args.level} vs baseline, {args.games} games from deal "
          f"{args.seed}: {takes} takes, {coverable_takes} of them ({share}) with every "
          f"attacking card coverable; {offered} defences could cover every card")
    return 0


if __name__ == "__main__":
    sys.exit(main())
