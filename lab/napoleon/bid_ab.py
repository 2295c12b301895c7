"""A/B of a bidding constant, playing out only the deals whose auctions differ.

``python -m lab.napoleon.bid_ab --preset four --test normal,strong --set NOISE_Z=1.0,0.5``
``python -m lab.napoleon.bid_ab --test normal --reference bold --set bid_samples=6,12``

Every decision draws from its own random stream (:mod:`lab.napoleon.streams`),
so when the two settings of a constant of :mod:`napoleon.ai.bidding` lead to
the same auction in a deal (every bid and pass, throw-ins included), the
rest of the game is the same too and the paired difference there is 0: the
deal is not played.  Only the deals whose auctions differ are played out
under both settings (the test player in seat ``d % players``, the baseline
elsewhere, as in the arena).  A bidding change moves one deal in ten or
twenty, so this is that much cheaper than two arena runs, with the same
paired figure (the constant must act on the bidding only).

Reported per test player: the mean difference B - A over all deals with its
95% interval, the number of deals whose auction differed, and the roles of
the test seat in those deals under A and under B.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

import napoleon.ai.bidding as bidding
from lab.napoleon.arena import play_game
from lab.napoleon.contestants import RULE_BASED
from lab.napoleon.report import seat_result
from lab.napoleon.run_file import appending
from lab.napoleon.streams import DecisionStreams
from napoleon.actions import action_text
from napoleon.ai.base import Player
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.levels import LEVELS
from napoleon.ai.strong import StrongPlayer
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.view import view_of


class SettingError(ValueError):
    """A ``--set`` that names neither a numeric constant of napoleon.ai.bidding
    nor a bidding field of the level's player (:data:`PLAYER_FIELDS`)."""


#: Fields of :class:`napoleon.ai.strong.StrongPlayer` that act on the bidding only.
PLAYER_FIELDS = ("bid_samples",)


@dataclass(frozen=True)
class Setting:
    name: str
    a: float
    b: float


def parse_setting(text: str) -> Setting:
    """``NAME=A,B`` for a numeric constant of :mod:`napoleon.ai.bidding`, or
    ``field=A,B`` for one of :data:`PLAYER_FIELDS`."""
    name, _, values = text.partition("=")
    current = getattr(bidding, name, None)
    constant = name.isupper() and isinstance(current, int | float) and not isinstance(current, bool)
    if not constant and name not in PLAYER_FIELDS:
        raise SettingError(
            f"{name!r} is neither a numeric constant of napoleon.ai.bidding "
            f"nor one of {', '.join(PLAYER_FIELDS)}"
        )
    parts = values.split(",")
    if len(parts) != 2:
        raise SettingError(f"--set {text!r}: expected NAME=A,B")
    try:
        a, b = float(parts[0]), float(parts[1])
    except ValueError:
        raise SettingError(f"--set {text!r}: A and B must be numbers") from None
    return Setting(name, a, b)


@contextmanager
def setting_to(name: str, value: float) -> Iterator[None]:
    """The constant set to ``value`` (an int constant stays an int) for the
    block; a player field (lower case) is set by :func:`level_player` instead."""
    if name in PLAYER_FIELDS:
        yield
        return
    old = getattr(bidding, name)
    setattr(bidding, name, type(old)(value))
    try:
        yield
    finally:
        setattr(bidding, name, old)


def level_player(level: str, name: str, value: float) -> Player:
    """The level's player, with ``name`` set to ``value`` if it is a player field."""
    player = LEVELS[level]
    if name == "bid_samples" and isinstance(player, StrongPlayer):
        return replace(player, bid_samples=int(value))
    return player


def auction(
    rules: Rules, seed: int, seat: int, test: Player, base: Player | None = None
) -> list[str]:
    """Every bid and pass of deal ``seed`` with ``test`` in ``seat``, ``base``
    (the baseline unless given) elsewhere."""
    base = base or BaselinePlayer()
    g = Game.new(rules, seed=seed)
    streams = DecisionStreams(seed)
    acts: list[str] = []
    while g.phase is Phase.BID and not g.is_over:
        s = g.to_act
        assert s is not None
        rng = streams.next(s, g.phase)
        a = (test if s == seat else base).decide(view_of(g, s), rng)
        acts.append(f"{s} {action_text(a)}")
        g.apply(a, s)
    return acts


def ab_deal(
    rules: Rules,
    seed: int,
    seat: int,
    level: str,
    setting: Setting,
    reference: Player | None = None,
) -> tuple[tuple[float, str], tuple[float, str]] | None:
    """The test seat's (points, role) under A and under B, or None when the
    auctions are the same (the games are then the same)."""
    ref = reference or BaselinePlayer()
    a_player = level_player(level, setting.name, setting.a)
    b_player = level_player(level, setting.name, setting.b)
    with setting_to(setting.name, setting.a):
        a = auction(rules, seed, seat, a_player, ref)
    with setting_to(setting.name, setting.b):
        b = auction(rules, seed, seat, b_player, ref)
    if a == b:
        return None
    out = []
    for value, player in ((setting.a, a_player), (setting.b, b_player)):
        with setting_to(setting.name, value):
            players: list[Player] = [ref] * rules.players
            players[seat] = player
            result, _, _, _ = play_game(rules, seed, players, seat)
        r = seat_result(result, seat)
        out.append((r.points, r.role))
    return out[0], out[1]


def summary(level: str, rows: Sequence[tuple[tuple[float, str], tuple[float, str]] | None]) -> str:
    """One line of B - A over all deals, then the roles of the changed deals."""
    diffs = [0.0 if r is None else r[1][0] - r[0][0] for r in rows]
    n = len(diffs)
    mean = sum(diffs) / max(1, n)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n else 0.0
    changed = [r for r in rows if r is not None]
    roles = Counter(f"{a[1]}->{b[1]}" for a, b in changed)
    text = ", ".join(f"{k} {v}" for k, v in roles.most_common())
    return (
        f"{level}: B - A {mean:+.3f} ± {half:.3f} points/game over {n} deals; "
        f"auction differs in {len(changed)} ({text or 'none'})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--test", default="normal", help="comma-separated levels")
    ap.add_argument("--set", required=True, dest="setting", help="NAME=A,B")
    ap.add_argument("--reference", default="baseline", help="baseline, bold or book")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--start", type=int, default=1, help="seed of the first deal")
    ap.add_argument("--preset", default="sdc")
    ap.add_argument("--rules", default=None, help="rules text, e.g. 'preset=sdc&players=6'")
    ap.add_argument("--out", default=None, help="append one JSON line per deal here")
    args = ap.parse_args(argv)
    try:
        setting = parse_setting(args.setting)
    except SettingError as e:
        ap.error(str(e))
    rules = Rules.from_text(args.rules) if args.rules else Rules.preset(args.preset)
    if args.reference not in RULE_BASED:
        ap.error(f"--reference: {args.reference!r} is not one of {', '.join(RULE_BASED)}")
    reference = RULE_BASED[args.reference]()
    levels = [x for x in args.test.split(",") if x]
    for lv in levels:
        if lv not in LEVELS or lv == "easy":
            ap.error(f"--test: {lv!r} is not a searching level ({', '.join(LEVELS)})")
    rows: dict[str, list[tuple[tuple[float, str], tuple[float, str]] | None]] = {
        lv: [] for lv in levels
    }
    with appending(args.out) as write:
        for d in range(args.deals):
            seed, seat = args.start + d, d % rules.players
            line: dict[str, object] = {"deal": d, "seat": seat}
            for lv in levels:
                r = ab_deal(rules, seed, seat, lv, setting, reference)
                rows[lv].append(r)
                line[lv] = r
            write(line)
    print(f"rules: {rules.to_text()}  reference: {args.reference}  "
          f"{setting.name}: A={setting.a:g} B={setting.b:g}  "
          f"deals: {args.deals} (seeds from {args.start})")
    for lv in levels:
        print(summary(lv, rows[lv]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
