"""What the opponent model costs a decision (its budget: at most 10% of its time).

``python -m bench.opponent_model_cost [--matches 4] [--level strong]``
(inside Pyodide: ``node bench/pyodide_node.mjs opponent_model_cost``)

Positions: every real choice (more than one legal action) of the fifth game
of ``--matches`` matches played by the baseline (seeds 1..), so each request
carries four finished games, the most a 5-game match sends.  Each is sent as
the page sends it (:func:`napoleon.match.decision_request`).  Printed: the
time to read the finished games and build the model from them (the work
:func:`napoleon.ai.decide_json` adds; after the first decision of a game the
model of the same list is kept, so mostly writing the list out as a key), the
whole decision at ``--level``, and their ratio, as CPU time per decision
(median and p95).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence

from bench.decision_timing import cpu_clock
from lab.stats import percentile
from napoleon.ai import decide_json
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.opponents import model_of_request
from napoleon.match import Match, decision_request
from napoleon.rules import Rules
from napoleon.view import PlayerView


def requests(matches: int, rules: Rules) -> list[str]:
    """The requests of every real choice in the last game of ``matches`` baseline matches."""
    out = []
    base = BaselinePlayer()
    for seed in range(1, matches + 1):
        m = Match(rules, seed=seed)
        while True:
            g = m.game
            last = len(m.results) == rules.match_games - 1
            while not g.is_over:
                seat = g.to_act
                assert seat is not None
                v = g.view(seat)
                if last and len(v.legal_actions) > 1:
                    out.append(decision_request(m, seat))
                g.apply(base.decide(v, random.Random(seed)), seat)
            if m.next_game() is None:
                break
    return out


def extra_cost(text: str, cpu: Callable[[], float]) -> float:
    """CPU seconds the finished games add to :func:`napoleon.ai.decide_json`:
    reading the longer request, less reading the view alone, plus the model."""
    d = json.loads(text)
    plain = json.dumps({k: v for k, v in d.items() if k != "finished"})
    view = PlayerView.from_dict(d)
    c0 = cpu()
    full = json.loads(text)
    c1 = cpu()
    json.loads(plain)
    c2 = cpu()
    model_of_request(full, view)
    c3 = cpu()
    return (c1 - c0) - (c2 - c1) + (c3 - c2)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.opponent_model_cost")
    ap.add_argument("--matches", type=int, default=4)
    ap.add_argument("--level", default="strong")
    args = ap.parse_args(argv)
    rules = Rules()
    reqs = requests(args.matches, rules)
    cpu = cpu_clock()
    model_t, decide_t = [], []
    for i, text in enumerate(reqs):
        model_t.append(extra_cost(text, cpu))
        c0 = cpu()
        decide_json(text, args.level, i)
        decide_t.append(cpu() - c0)
    share = sum(model_t) / max(1e-9, sum(decide_t))
    print(f"{len(reqs)} decisions of game 5 (4 finished games sent), level {args.level}, CPU ms:")
    for name, ts in (("model", model_t), ("decision", decide_t)):
        print(f"  {name:8s} median {percentile(ts, 0.5) * 1000:.1f} "
              f"p95 {percentile(ts, 0.95) * 1000:.1f} max {max(ts) * 1000:.1f}")
    print(f"  model / decision: {share:.3f} of the time (p95s: "
          f"{percentile(model_t, 0.95) / percentile(decide_t, 0.95):.3f})")


if __name__ == "__main__":
    main()
