"""Golden digests of the computers' decisions: an optimisation must not change one.

What it protects: every decision of the levels ``normal`` and ``strong`` (bids,
the call, the exchange and the card play) and the playout policy's every card
(:func:`napoleon.ai.policy.play_out`, the loop inside all of them), under the
presets sdc, mixi, napoleon_l, four, six players and the option mixes of
:data:`tests.ai.helpers.VARIANTS`.  Work that makes the AI cheaper "with the
same decisions" (the playouts, the trick judge, the samplers) is checked here:
any card, bid or discard that comes out differently changes a digest.

Cases (each one SHA-256 digest of its text lines; see :func:`cases`):

* ``first_bids/<level>``: the page's opening decisions at ``?seed=1``
  (:func:`bench.first_bids.first_decisions`, the human bids last);
* ``contract/<rules>/<level>``: deals played with the level in every seat from
  the deal through the exchange (bids, call, discards, changes);
* ``game/<rules>``: whole games, normal and strong seated alternately (four of
  the rule sets: a game is ~1 s);
* ``strong_game/sdc``: a whole game with strong in every seat, so strong is
  Napoleon and its second ply (``StrongPlayer.second_ply``) is covered;
* ``playouts/<rules>``: random fully known deals played out by
  :func:`~napoleon.ai.policy.play_out` (each card played, with sides known and
  hidden), which checks the policy far more finely than the decisions can.

When an AI change is *meant* to change decisions, regenerate the golden values
(and say so in the commit)::

    python3 -m tests.ai.decision_snapshot --write     # CPython 3.11's digests
    node scripts/decision_snapshot_pyodide.mjs --write  # Pyodide's (Python 3.14)
    python3 -m tests.ai.decision_snapshot             # prints each case's digest, checks

The golden file holds one set of digests per :func:`python_line`: ``3.11``
(CPython here, the tests) and ``3.12+`` (the page's Pyodide, Python 3.14:
``node scripts/decision_snapshot_pyodide.mjs [--write]`` checks or writes it).
They differ in one case, ``contract/sdc/normal``: one discard (``H2 D4 D3``
against ``S7 D4 D3``).  Python 3.12 made ``sum()`` of floats compensated
(Neumaier summation), and :func:`napoleon.ai.bidding.expected_points` sums
floats (points plus 0.02 per honor): two discards whose mean points are equal
in exact arithmetic tie under 3.12+ (the first candidate wins) and differ in
the last bit under 3.11 (``math.fsum`` on 3.11 gives the 3.12+ choice).  So
the page's computers and CPython 3.11's can part on an exact tie; everything
else (the random streams are :class:`random.Random` seeded from strings, the
same on every version) is the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path

from lab.napoleon.streams import DecisionStreams
from napoleon.actions import action_text
from napoleon.ai.levels import LEVELS
from napoleon.ai.playout import Table
from napoleon.ai.policy import play_out
from napoleon.ai.search import hidden_sides_of, sides_of
from napoleon.cards import HONORS_MASK, Card, Suit, cards_of
from napoleon.game import Game, Phase
from napoleon.rules import Rules

GOLDEN = Path(__file__).with_name("decision_snapshot.json")

#: The rules of the contract and game cases: the presets the page offers most,
#: the 4- and 6-player tables.
RULE_SETS: dict[str, str] = {
    "sdc": "preset=sdc",
    "mixi": "preset=mixi",
    "napoleon_l": "preset=napoleon_l",
    "four": "preset=four",
    "six": "preset=sdc&players=6",
}
#: Deals per rule set played through the exchange, per level (up to the
#: exchange the two levels' budgets are the same, so other deals for strong).
CONTRACT_DEALS: dict[str, tuple[int, ...]] = {"normal": (1, 2), "strong": (3,)}
#: The rule sets with a whole game (each ~1 s), and its seed.
GAME_RULES = ("sdc", "napoleon_l", "four", "six")
GAME_DEAL = 7
#: Random deals per rule set for the playout fingerprint.
PLAYOUT_DEALS = 200


def _variants() -> dict[str, str]:
    from tests.ai.helpers import VARIANTS

    return {f"variant{i}": text for i, text in enumerate(VARIANTS)}


def _play(g: Game, seed: int, until: Phase | None, seat_level: Callable[[int], str]) -> list[str]:
    """Every decision (seat, phase, action) until ``until`` (``None``: the game's end)."""
    streams = DecisionStreams(seed)
    lines = []
    while not g.is_over and g.phase != until:
        seat = g.to_act
        assert seat is not None
        phase = g.phase
        action = LEVELS[seat_level(seat)].decide(g.view(seat), streams.next(seat, phase))
        lines.append(f"{seat} {phase.name} {action_text(action)}")
        g.apply(action, seat)
    return lines


def contract_lines(rules: Rules, level: str) -> list[str]:
    lines = []
    for seed in CONTRACT_DEALS[level]:
        lines.append(f"deal {seed}")
        lines += _play(Game.new(rules, seed=seed), seed, Phase.PLAY, lambda _: level)
    return lines


def strong_game_lines(rules: Rules) -> list[str]:
    g = Game.new(rules, seed=GAME_DEAL)
    lines = _play(g, GAME_DEAL, None, lambda _: "strong")
    assert g.result is not None
    return [*lines, f"result {g.result.points}"]


def game_lines(rules: Rules) -> list[str]:
    g = Game.new(rules, seed=GAME_DEAL)
    lines = _play(g, GAME_DEAL, None, lambda s: "normal" if s % 2 == 0 else "strong")
    assert g.result is not None
    return [*lines, f"result {g.result.points}"]


class _RecordingTable(Table):
    """A :class:`Table` that notes every card played (the playouts' every choice)."""

    __slots__ = ("log",)
    log: list[int]

    def play(self, c: Card, named: Suit | None = None) -> None:
        self.log.append(c if named is None else c * 10 + named)
        super().play(c, named)


def playout_lines(rules: Rules) -> list[str]:
    rng = random.Random(f"snapshot/{rules.to_text()}")
    lines = []
    trumps: list[Suit | None] = [0, 1, 2, 3, None]
    for d in range(PLAYOUT_DEALS):
        cards = list(cards_of(rules.deck))
        rng.shuffle(cards)
        n, h = rules.players, rules.hand_size
        hands = [sum(1 << c for c in cards[s * h : (s + 1) * h]) for s in range(n)]
        trump = rng.choice(trumps)
        napoleon = rng.randrange(n)
        called = rng.choice(cards[: n * h])
        adjutant = next((s for s in range(n) if s != napoleon and hands[s] >> called & 1), -1)
        t = _RecordingTable(rules, trump, napoleon, adjutant, hands)
        t.log = []
        t.called = called
        t.pending = (sum(1 << c for c in cards[n * h :]) & HONORS_MASK).bit_count()
        hidden = hidden_sides_of(t) if d % 2 else None
        play_out(t, sides_of(t), hidden)
        lines.append(f"{d} {t.log} {t.honors} {t.held}")
    return lines


def cases() -> Iterator[tuple[str, Callable[[], list[str]]]]:
    """``(name, lines)`` of every case, in a fixed order."""
    from bench.first_bids import first_decisions

    def first_bids(level: str) -> list[str]:
        return [f"{s} {a}" for s, a, _, _ in first_decisions(level, 1)]

    for level in ("normal", "strong"):
        yield f"first_bids/{level}", partial(first_bids, level)
    for name, text in RULE_SETS.items():
        rules = Rules.from_text(text)
        for level in ("normal", "strong"):
            yield f"contract/{name}/{level}", partial(contract_lines, rules, level)
        if name in GAME_RULES:
            yield f"game/{name}", partial(game_lines, rules)
    yield "strong_game/sdc", partial(strong_game_lines, Rules.preset("sdc"))
    for name, text in {**RULE_SETS, **_variants()}.items():
        yield f"playouts/{name}", partial(playout_lines, Rules.from_text(text))


def digest(lines: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def digests() -> dict[str, str]:
    return {name: digest(make()) for name, make in cases()}


def python_line() -> str:
    """The golden set for this interpreter: ``sum()`` of floats changed in 3.12."""
    return "3.12+" if sys.version_info >= (3, 12) else "3.11"


def golden() -> dict[str, str]:
    """This interpreter's golden digests (empty if none were written)."""
    sets: dict[str, dict[str, str]] = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    return sets.get(python_line(), {})


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.ai.decision_snapshot", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true", help=f"rewrite {GOLDEN.name}")
    ap.add_argument("--show", metavar="CASE", help="print one case's lines (to diff two builds)")
    args = ap.parse_args(argv)
    if args.show:
        make = dict(cases())[args.show]
        print("\n".join(make()))
        return 0
    found = digests()
    if args.write:
        sets = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
        sets[python_line()] = found
        GOLDEN.write_text(json.dumps(sets, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(found)} digests ({python_line()}) to {GOLDEN}")
        return 0
    expected = golden()
    bad = 0
    for name, value in found.items():
        same = expected.get(name) == value
        bad += not same
        print(f"{'ok  ' if same else 'DIFF'} {name} {value}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
