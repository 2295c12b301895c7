"""How well each model of a seat's card play predicts the card it played.

``python -m lab.napoleon.predict_check --train 400 --test 400 [--preset P]``

Games are played with each reference style in every seat (``--styles``,
default baseline, bold, book and random; the random style drawn from each
game's seed), seeds ``start`` .. ``start + train - 1`` for training and the
next ``test`` seeds held out.  Every card decision of every seat in the
held-out games is replayed as :mod:`napoleon.ai.infer` replays a world, here
the true deal: the seat's true hand, the public play so far, what the seat
knew of the sides (:func:`napoleon.ai.infer.replay`).  The last trick and
forced plays (one legal card) are left out, as they tell nothing.  Per
predictor (:mod:`napoleon.ai.predict`):

* ``baseline``: the baseline's rules with infer's ``slip``;
* ``baseline S``: the same with the slip ``S`` that fits the training games
  best (:func:`fit_slip`);
* ``habits``: the same with the trump shares the opponent model counts
  (:mod:`napoleon.ai.opponents`) from the style's training games: the best
  case, as a match shows a few games of a seat, not hundreds;
* ``learned``: the softmax model fitted on all training games (styles pooled:
  inference does not know a seat's style); ``learned/style``: one fitted per style;

the share of decisions where its likeliest card is the one played (top-1)
and the mean log-likelihood of the card played (floored at
:data:`napoleon.ai.predict.FLOOR`), overall, per style and per role.
``--write-weights F`` writes the pooled model's weights as a module
(:mod:`napoleon.ai.predict_weights` is this command's output with its
defaults).
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from math import log, sqrt

from lab.napoleon.contestants import RULE_BASED
from lab.napoleon.references import RandomStylePlayer, draw_style
from lab.napoleon.role_fixed import act_with, reference_game
from napoleon.actions import Action
from napoleon.ai.infer import replay, start_table
from napoleon.ai.opponents import OpponentModel
from napoleon.ai.playout import Table
from napoleon.ai.predict import (
    FEATURES,
    FLOOR,
    LearnedModel,
    Row,
    TrumpShares,
    baseline_probs,
    features,
    habits_probs,
    role_at,
    softmax,
    summed_habits,
)
from napoleon.ai.worlds import public_table
from napoleon.cards import Card
from napoleon.game import Game
from napoleon.rules import Rules
from napoleon.view import PlayerView, view_of

STYLES: tuple[str, ...] = ("baseline", "bold", "book", "random")
#: Bounds of the arguments (games per part, fitting passes).
MAX_GAMES = 5000
MAX_ITERATIONS = 1000


class CheckError(ValueError):
    """An argument the check refuses (the message says which and why)."""


@dataclass(frozen=True)
class PlayedGame:
    """One finished game: its reference style and a view at its end (every card shown)."""

    style: str
    seed: int
    view: PlayerView
    adjutant: int


def style_player(style: str, seed: int) -> Callable[[Game, int, random.Random], Action]:
    """The reference ``style`` as the replays call it (``random`` drawn from ``seed``)."""
    if style == "random":
        return act_with(RandomStylePlayer(draw_style(seed)))
    if style not in RULE_BASED:
        raise CheckError(f"unknown style {style!r}: expected some of {', '.join(STYLES)}")
    return act_with(RULE_BASED[style]())


def play_games(rules: Rules, styles: Sequence[str], seeds: range) -> list[PlayedGame]:
    """Each seed played with each style in every seat."""
    out = []
    for seed in seeds:
        for style in styles:
            result, log_ = reference_game(rules, seed, style_player(style, seed))
            g = Game.new(rules, seed=seed)
            for _, seat, action in log_:
                g.apply(action, seat)
            adjutant = -1 if result.adjutant is None else result.adjutant
            out.append(PlayedGame(style, seed, view_of(g, 0), adjutant))
    return out


def decisions(game: PlayedGame) -> Iterator[tuple[str, Table, list[int], Card]]:
    """Every card decision with a choice, as :func:`napoleon.ai.infer.replay`
    replays the true deal: ``(role, table, belief, card)``; the table is the
    replay's (read it before asking for the next)."""
    v = game.view
    world = public_table(v)
    world.hands = [0] * v.players  # every card is played: replay adds them back
    world.adjutant = game.adjutant
    for seat, t, belief, c in replay(v, world, start_table(v, public_table(v))):
        legal = t.legal()
        if t.trick_no < t.last and legal & (legal - 1):
            yield role_at(t, seat), t, belief, c


def training_set(games: Sequence[PlayedGame]) -> list[tuple[list[Row], int]]:
    """Each decision's rows and the index of the card played."""
    out = []
    for g in games:
        for _, t, belief, c in decisions(g):
            rows = features(t, belief)
            out.append((rows, next(i for i, r in enumerate(rows) if r[0] == c)))
    return out


def fit(
    data: Sequence[tuple[list[Row], int]], iterations: int, l2: float = 1e-3, rate: float = 0.1
) -> LearnedModel:
    """The weights of most log-likelihood (less ``l2`` times their squares), by
    full-batch Adam from zero: deterministic, as the data are."""
    k = len(FEATURES)
    w = [0.0] * k
    m1, m2 = [0.0] * k, [0.0] * k
    n = max(1, len(data))
    for step in range(1, iterations + 1):
        grad = [-2.0 * l2 * x for x in w]
        for rows, chosen in data:
            p = softmax(w, rows)
            for j, (c, on, cost) in enumerate(rows):
                g = ((1.0 if j == chosen else 0.0) - p[c]) / n
                for i in on:
                    grad[i] += g
                grad[1] += g * cost
        for i in range(k):
            m1[i] = 0.9 * m1[i] + 0.1 * grad[i]
            m2[i] = 0.999 * m2[i] + 0.001 * grad[i] ** 2
            hat1, hat2 = m1[i] / (1 - 0.9**step), m2[i] / (1 - 0.999**step)
            w[i] += rate * hat1 / (sqrt(hat2) + 1e-8)
    return LearnedModel(tuple(round(x, 4) for x in w))


def fit_slip(data: Sequence[tuple[list[Row], int]]) -> float:
    """The baseline predictor's slip of most log-likelihood on ``data``: the
    best of a grid from 0.001 to 1 (60 steps a factor of 10**0.05 apart)."""
    counts: dict[tuple[int, bool], int] = {}
    for rows, chosen in data:
        key = (len(rows), 0 in rows[chosen][1])  # feature 0: the baseline's card
        counts[key] = counts.get(key, 0) + 1

    def loglik(s: float) -> float:
        return sum(n * (log(1.0 if hit else s) - log(1.0 + s * (k - 1)))
                   for (k, hit), n in counts.items())

    return max((10 ** (-3 + i / 20) for i in range(61)), key=loglik)


@dataclass
class Tally:
    """Decisions, hits of the top-1 card and the summed log-likelihood."""

    n: int = 0
    hits: int = 0
    loglik: float = 0.0

    def add(self, probs: dict[Card, float], played: Card) -> None:
        top = max(probs, key=lambda c: (probs[c], -c))
        self.n += 1
        self.hits += int(top == played)
        self.loglik += log(max(FLOOR, probs.get(played, 0.0)))

    def text(self) -> str:
        if not self.n:
            return "          -"
        return f"{100 * self.hits / self.n:5.1f}% {self.loglik / self.n:+.3f}"


Predictor = Callable[[str, Table, list[int]], dict[Card, float]]


@dataclass
class Report:
    """Tallies per predictor and cell ("all", a style, a role)."""

    predictors: tuple[str, ...]
    cells: dict[str, dict[str, Tally]] = field(default_factory=dict)
    #: CPU seconds each predictor spent (its probabilities, every decision)
    cpu: dict[str, float] = field(default_factory=dict)

    def add(self, name: str, keys: Sequence[str], probs: dict[Card, float], card: Card) -> None:
        for key in keys:
            self.cells.setdefault(key, {}).setdefault(name, Tally()).add(probs, card)


def evaluate(games: Sequence[PlayedGame], predictors: dict[str, Predictor]) -> Report:
    """Every held-out decision scored by every predictor."""
    report = Report(tuple(predictors))
    for g in games:
        for role, t, belief, c in decisions(g):
            keys = ("all", g.style, role)
            for name, predict in predictors.items():
                t0 = time.process_time()
                probs = predict(g.style, t, belief)
                report.cpu[name] = report.cpu.get(name, 0.0) + time.process_time() - t0
                report.add(name, keys, probs, c)
    return report


def format_report(report: Report) -> str:
    head = "".join(f" | {name:>14s}" for name in report.predictors)
    lines = [f"{'decisions':>20s} {'n':>6s}{head}", "-" * (28 + 17 * len(report.predictors))]
    for key, by in report.cells.items():
        n = next(iter(by.values())).n
        row = "".join(f" | {by[name].text():>14s}" for name in report.predictors)
        lines.append(f"{key:>20s} {n:6d}{row}")
    n = report.cells["all"][report.predictors[0]].n if report.cells else 0
    if n:
        row = "".join(f" | {1e6 * report.cpu.get(name, 0.0) / n:11.1f} us"
                      for name in report.predictors)
        lines.append(f"{'CPU per decision':>20s} {'':6s}{row}")
    return "\n".join(lines)


def shares_of(games: Sequence[PlayedGame]) -> dict[str, TrumpShares]:
    """The opponent model's trump shares per role, counted over ``games`` (every seat)."""
    players = games[0].view.players if games else 5
    model = OpponentModel.of_games((g.view for g in games), players)
    pooled = summed_habits(model.seats)
    return {role: TrumpShares.of(pooled, role) for role in ("adjutant", "ally")}


def weights_module(model: LearnedModel, command: str) -> str:
    """The text of :mod:`napoleon.ai.predict_weights` for ``model``."""
    body = "".join(f"    {w!r},  # {name}\n" for name, w in zip(FEATURES, model.weights,
                                                              strict=True))
    lines = "\n".join(textwrap.wrap(command, 76, initial_indent="    ",
                                     subsequent_indent="        ", break_on_hyphens=False))
    return (
        '"""The learned card-play model\'s weights (:class:`napoleon.ai.predict.LearnedModel`).\n\n'
        "Written by this command (one line, wrapped here), which writes the same file\n"
        "again (the games and the fitting are seeded)::\n\n"
        f"{lines}\n"
        '"""\n\nWEIGHTS: tuple[float, ...] = (\n' + body + ")\n"
    )


def _bounded(ap: argparse.ArgumentParser, name: str, value: int, top: int) -> int:
    if not 1 <= value <= top:
        ap.error(f"--{name}: {value} is not within 1..{top}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lab.napoleon.predict_check", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--styles", default=",".join(STYLES))
    ap.add_argument("--train", type=int, default=400, help="training seeds")
    ap.add_argument("--test", type=int, default=400, help="held-out seeds")
    ap.add_argument("--start", type=int, default=1, help="the first training seed")
    ap.add_argument("--preset", default="sdc")
    ap.add_argument("--rules", default=None, help="rules text, e.g. 'preset=sdc&players=6'")
    ap.add_argument("--slip", type=float, default=0.3, help="the baseline predictor's slip")
    ap.add_argument("--iterations", type=int, default=150, help="fitting passes")
    ap.add_argument("--write-weights", default=None, help="write the pooled weights here")
    args = ap.parse_args(argv)
    train = _bounded(ap, "train", args.train, MAX_GAMES)
    test = _bounded(ap, "test", args.test, MAX_GAMES)
    iterations = _bounded(ap, "iterations", args.iterations, MAX_ITERATIONS)
    if not 0.0 < args.slip <= 1.0:
        ap.error(f"--slip: {args.slip} is not within (0, 1]")
    styles = tuple(s for s in args.styles.split(",") if s)
    if not styles or any(s not in STYLES for s in styles):
        ap.error(f"--styles: {args.styles!r}: expected some of {', '.join(STYLES)}")
    try:
        rules = Rules.from_text(args.rules) if args.rules else Rules.preset(args.preset)
    except (KeyError, ValueError) as e:
        ap.error(f"--rules/--preset: {e}")
    t0 = time.process_time()
    trained = play_games(rules, styles, range(args.start, args.start + train))
    held = play_games(rules, styles, range(args.start + train, args.start + train + test))
    data = training_set(trained)
    pooled = fit(data, iterations)
    fitted = fit_slip(data)
    per_style = {s: fit(training_set([g for g in trained if g.style == s]), iterations)
                 for s in styles}
    shares = {s: shares_of([g for g in trained if g.style == s]) for s in styles}
    slip = args.slip
    predictors: dict[str, Predictor] = {
        "baseline": lambda s, t, b: baseline_probs(t, b, slip),
        f"baseline {fitted:.3f}": lambda s, t, b: baseline_probs(t, b, fitted),
        "habits": lambda s, t, b: habits_probs(t, b, slip, shares[s]),
        "learned": lambda s, t, b: pooled.probs(t, b),
        "learned/style": lambda s, t, b: per_style[s].probs(t, b),
    }
    report = evaluate(held, predictors)
    print(f"{rules.to_text()}; styles {', '.join(styles)}; training seeds {args.start}-"
          f"{args.start + train - 1}, held out {args.start + train}-{args.start + train + test - 1}"
          f"; each cell: top-1 share, mean log-likelihood of the card played")
    print(format_report(report))
    print("pooled weights: " + ", ".join(f"{n} {w:+.2f}" for n, w in
                                         zip(FEATURES, pooled.weights, strict=True)))
    print(f"CPU {time.process_time() - t0:.1f} s")
    if args.write_weights:
        command = "python -m lab.napoleon.predict_check " + " ".join(
            sys.argv[1:] if argv is None else argv)
        with open(args.write_weights, "w", encoding="utf-8") as f:
            f.write(weights_module(pooled, command))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
