"""Random pile games (kurukuru, chukhonsky, chinese, heap, crusaders, polish) over every
mix, checked hard.

``python3 -m lab.durak.pile_fuzz --games 300 --seed 0`` plays that many
games per mix of :func:`durak.pile.options.all_mixes` (80 mixes: every
option value and player count 2-6; ``--mode M`` keeps one mode's) with
uniformly random legal players,
game ``i`` of a mix dealt and played from seed ``S + i``.  After every move
the state's invariants are checked (:func:`durak.pile.check.problems`); at
the end both records are replayed and every seat's view compared.  It
prints the games played, draws by repetition (docs/rules/durak.md §6.14),
problems (with their first seeds), and the longest game per mode — the figure the
tests' bound and the record's move limit are set from.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from durak.pile.check import problems
from durak.pile.game import PileGame
from durak.pile.options import MODES, all_mixes
from durak.pile.record import (
    PileRecordError,
    json_record,
    replay_json,
    replay_text,
    text_record,
    to_json,
)

#: Moves after which a game counts as endless.
BOUND = 1_000_000


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=100, help="games per mix")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--mode", choices=MODES, help="only this mode's mixes")
    args = p.parse_args(argv)
    mixes = [r for r in all_mixes() if args.mode in (None, r.mode)]
    played = repetitions = 0
    found: list[str] = []
    longest: dict[str, tuple[int, str, int]] = {}
    cpu = time.process_time()
    for rules in mixes:
        for i in range(args.games):
            seed = args.seed + i
            g = PileGame.new(rules, seed)
            rng = random.Random(seed)
            where = f"{rules.to_text()} seed={seed}"
            moves = 0
            while not g.is_over and moves < BOUND:
                acts = g.legal_actions()
                g.apply(acts[int(rng.random() * len(acts))])
                moves += 1
                bad = problems(g.state)
                if bad:
                    found.append(f"{where} move {moves}: {'; '.join(bad)}")
                    break
            if not g.is_over:
                found.append(f"{where}: not over after {moves} moves")
                continue
            played += 1
            repetitions += g.state.repetition
            try:
                for r in (replay_text(text_record(g)), replay_json(to_json(json_record(g)))):
                    if any(r.view(s) != g.view(s) for s in range(rules.players)):
                        found.append(f"{where}: a replayed record gives other views")
            except PileRecordError as e:
                found.append(f"{where}: record refused: {e}")
            if moves > longest.get(rules.mode, (0, "", 0))[0]:
                longest[rules.mode] = (moves, rules.to_text(), seed)
    cpu = time.process_time() - cpu
    print(f"{played} games over {len(mixes)} mixes in {cpu:.1f} s of CPU time; "
          f"{repetitions} draws by repetition; {len(found)} problems")
    for mode, (moves, text, seed) in sorted(longest.items()):
        print(f"  longest {mode}: {moves} moves ({text}, seed {seed})")
    for line in found[:10]:
        print("  PROBLEM " + line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
