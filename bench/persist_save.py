"""Size and cost of the match save (made after every action).

``python -m bench.persist_save [--matches 20]``

Plays random legal moves through ``--matches`` whole matches (seeds 1..) and,
after every action, encodes the save as the page does; prints the save's size
(median and largest), the encode time per action (median, p95) and the time to
restore the largest save by replaying it.  Both ways of recording the dealing
are measured: with the match seed (the page's way) and with the generator's
state (a match whose seed is unknown).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from napoleon.game import Phase
from napoleon.match import Match
from napoleon.rules import Rules
from napoleon.ui_dom import persist
from napoleon.ui_dom.persist import decode_match, encode_match


def run(matches: int, with_seed: bool) -> None:
    sizes: list[int] = []
    times: list[float] = []
    largest = ""
    for seed in range(1, matches + 1):
        match = Match(Rules(), seed)
        persist._seeds.clear()
        extra: dict[str, object] = {"match_seed": seed} if with_seed else {}
        rng = random.Random(seed)
        while not match.is_over:
            g = match.game
            if g.phase is Phase.RESULT:
                match.next_game()
            else:
                g.apply(rng.choice(g.legal_actions()))
            t = time.perf_counter()
            text = encode_match(match, extra)
            times.append(time.perf_counter() - t)
            sizes.append(len(text.encode()))
            if len(text) > len(largest):
                largest = text
    t = time.perf_counter()
    decode_match(largest)
    restore = time.perf_counter() - t
    times.sort()
    label = "match seed" if with_seed else "rng state "
    print(
        f"{label}: {len(sizes)} saves; size median {statistics.median(sizes):.0f} B, "
        f"max {max(sizes)} B; encode median {statistics.median(times) * 1e3:.2f} ms, "
        f"p95 {times[int(len(times) * 0.95)] * 1e3:.2f} ms; "
        f"restore of the largest {restore * 1e3:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    for with_seed in (True, False):
        run(args.matches, with_seed)


if __name__ == "__main__":
    main()
