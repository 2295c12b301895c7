"""The hint: what the strong computer would do at a seat's decision, and why.

:func:`hint` asks the strong level's own search, through the evaluator the review
shares (:func:`durak.ai.advice.analyse`: at 2 players the information-set tree with
the seat's reading of the other player, the view's ``"reading"``; at 3 or more the
flat search; full budget, no wall-clock cap, worlds seeded by the position, so the
answer depends only on the view and the reading), lists every candidate with the
figure the search ranks by first (the tree's share of its visits, or the flat
search's chance of not being the durak) and that chance's standard error, and
then says why in terms a
player reads off the table: a :class:`Reason`, a phrase key (:data:`KINDS`) and
its arguments (cards as record text, counts), never a sentence — the page words
it in the player's language (``durak/ui_dom/hint/hint_words.py``).

The reasons are computed from the position, not from the search's inside:

* a cover with the lowest card that beats the attack card, and what it keeps;
  with the one card that beats it (covering spares a take); with a trump when
  nothing else beats it; with the last card;
* a take when the cards cannot beat every attack card, or when covering would
  spend trumps (how many: the cheapest complete cover, as the rules of thumb
  plan it, :func:`durak.ai.policy.plan_covers`);
* a transfer: it hands the bout on and sheds a card instead of covering
  (which would spend N trumps, or could not beat them all); a shown trump
  costs no card;
* an opening with the lowest card, or a set of one rank leaving in one bout;
  an opening or throw-in the defender cannot beat (every card that beats it is
  in the seat's hand, in the discard or on the table);
* a throw-in of a rank on the table that keeps the trumps, or added to a taker;
  a pass that keeps the trumps (the only cards that could be added);
* the cube, by its thresholds (:data:`durak.ai.cube.DOUBLE_AT`, ``TAKE_AT``);
* an endgame solved exactly (every card left is known);
* else what the search found (``search``: the playouts' figure).

:attr:`Hint.chance` is the search's estimate of not being the durak after the
hinted action (``None`` when no search ran); :attr:`Hint.options` every candidate
it weighed, the hinted one first.  :func:`hint_json` is the worker's
entry (``durak_family_hint_json`` in ``web/worker.py``): the view's JSON is checked
before anything reads it (:func:`check_view_dict`: types, sizes, seats), and a
view that fails raises :class:`HintInputError`; so does a well-formed view that
no game makes, once the search meets its contradiction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from durak.actions import (
    ACCEPT,
    DOUBLE,
    FOLD,
    Action,
    Attack,
    Cover,
    Pass,
    Take,
    Throw,
    Transfer,
    action_text,
)
from durak.ai.advice import NOISE_Z, Analysis, Option, analyse
from durak.ai.cube import DOUBLE_AT, TAKE_AT
from durak.ai.policy import Tables, plan_covers, tables
from durak.ai.reader import ReadingError, reading_of
from durak.cards import Card, Hand, card_text, cards_of, hand_text, rank_of
from durak.state import Phase
from durak.view import PlayerView

#: Every reason a hint may give (the page has one phrase per kind, ja and en).
KINDS: Final = (
    "only", "endgame", "search",
    "cover_lowest", "cover_only", "cover_trump", "cover_last",
    "take_cannot", "take_trumps",
    "transfer_show", "transfer_cannot", "transfer_trumps", "transfer_shed",
    "attack_unbeatable", "attack_set", "attack_lowest",
    "throw_unbeatable", "throw_taking", "throw_rank",
    "pass_trumps",
    "cube_double", "cube_wait", "cube_accept", "cube_fold",
)

#: The longest view JSON accepted (a real one is under 2,000 characters).
MAX_VIEW_CHARS: Final = 200_000
#: The deepest nesting of a view's JSON (``result`` in the dict: 3).
MAX_VIEW_DEPTH: Final = 4
#: The most legal actions the hint weighs (the view's reader bounds every other list,
#: and every text, by the game's own sizes).
MAX_LIST: Final = 4_096
#: The largest cube's stake the hint takes (the reader's bound, 2**20, is past it).
MAX_NUMBER: Final = 1_000_000


class HintInputError(ValueError):
    """A view the hint refuses: not JSON, the wrong shape, or not the seat's decision."""


@dataclass(frozen=True)
class Reason:
    """Why: a phrase key of :data:`KINDS` and its arguments (cards as record text)."""

    kind: str
    args: dict[str, str | int] = field(default_factory=dict)


@dataclass(frozen=True)
class Hint:
    """The strong computer's action, why, and its estimate of not being the durak."""

    action: Action
    reason: Reason
    chance: float | None = None
    #: what :attr:`options` are ranked by and shown by first (``share``, ``chance``,
    #: ``none``: :class:`durak.ai.advice.Analysis`)
    figure: str = "none"
    options: tuple[Option, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": action_text(self.action),
            "reason": {"kind": self.reason.kind, "args": dict(self.reason.args)},
            "chance": None if self.chance is None else round(self.chance, 3),
            "figure": self.figure,
            "options": [option_dict(o) for o in self.options],
        }


def option_dict(o: Option) -> dict[str, Any]:
    """One candidate as the page reads it: the action, its share of the tree's visits
    (or null), its chance of not being the durak (or null) with the standard error,
    and whether it is within :data:`durak.ai.advice.NOISE_Z` errors of the best."""
    return {
        "action": action_text(o.action),
        "share": None if o.share is None else round(o.share, 3),
        "chance": None if o.chance is None else round(o.chance, 3),
        "se": round(o.se, 3),
        "close": o.chance is not None and o.within_noise(NOISE_Z),
    }


def hint_of(view: PlayerView, analysis: Analysis) -> Hint:
    """The hint an analysis of ``view`` gives: its first option, and why."""
    source = {"tree": "search", "flat": "search"}.get(analysis.source, analysis.source)
    best = analysis.best
    return Hint(best.action, reason_for(view, best.action, source), best.chance,
                analysis.figure, analysis.options)


def hint(view: PlayerView, seed: int | None = None, reading: float = 0.0) -> Hint:
    """What the strong computer would do at ``view``, and why: the strong level's own
    search with ``reading`` of the other player (2 players), its worlds seeded by the
    position (or by ``seed``: then exactly ``strong``'s decision with that seed)."""
    return hint_of(view, analyse(view, reading, seed))


def hint_json(view_json: str, seed: int) -> str:
    """The worker's entry: a view's JSON in (with the seat's ``"reading"`` of the other
    player, :func:`durak.ai.reader.reading_of`), :meth:`Hint.to_dict` as JSON out.
    ``seed`` is checked but the worlds are the position's, so the hint's figures are
    the review's (:mod:`durak.ai.advice`)."""
    if type(seed) is not int:
        raise HintInputError(f"the seed is not a whole number: {type(seed).__name__}")
    try:
        data = loads_bounded(view_json, max_chars=MAX_VIEW_CHARS, max_depth=MAX_VIEW_DEPTH)
    except (JsonShapeError, TypeError) as e:
        raise HintInputError(f"the view is not readable JSON: {e}") from e
    view = check_view_dict(data)
    assert isinstance(data, dict)
    try:
        reading = reading_of(data)
    except ReadingError as e:
        raise HintInputError(str(e)) from e
    try:
        answer = hint(view, reading=reading)
    except (ValueError, IndexError, KeyError, TypeError, AssertionError) as e:
        # Well formed, but no view the engine makes (the search met a contradiction:
        # counts that do not add up, a card on the table that is in no list).
        raise HintInputError(f"the view does not hold together: {e}"[:300]) from e
    return json.dumps(answer.to_dict())


# ---- the reasons --------------------------------------------------------------------


def reason_for(view: PlayerView, action: Action, source: str = "search") -> Reason:
    """Why ``action`` at ``view``: from the position first, then from what chose it."""
    if len(view.legal_actions) == 1:
        return Reason("only")
    if source == "cube" or action in (DOUBLE, ACCEPT, FOLD) or (
            isinstance(action, Pass) and DOUBLE in view.legal_actions):
        return _cube(action)
    if source == "endgame":
        return Reason("endgame")
    t = tables(view.rules, view.trump)
    found: Reason | None = None
    if type(action) is Cover:
        found = _cover(view, t, action)
    elif isinstance(action, Take):
        found = _take(view, t)
    elif isinstance(action, Transfer):
        found = _transfer(view, t, action)
    elif isinstance(action, Attack):
        found = _attack(view, t, action)
    elif isinstance(action, Throw):
        found = _throw(view, t, action.card)
    elif isinstance(action, Pass) and view.phase is Phase.THROW:
        found = _pass(view, t)
    return found if found is not None else Reason("search")


def _cube(action: Action) -> Reason:
    double, take = round(100 * DOUBLE_AT), round(100 * TAKE_AT)
    if action == DOUBLE:
        return Reason("cube_double", {"pct": double})
    if action == ACCEPT:
        return Reason("cube_accept", {"pct": take})
    if action == FOLD:
        return Reason("cube_fold", {"pct": take})
    return Reason("cube_wait", {"pct": double})


def uncovered(view: PlayerView) -> list[Card]:
    """The attack cards the defender must still answer."""
    return [a for a, c in view.table if c is None and not view.answered >> a & 1]


def cover_plan(view: PlayerView, t: Tables) -> list[tuple[Card, Card]] | None:
    """The cheapest complete cover with the covers the rules allow now, or ``None``."""
    allowed: dict[Card, Hand] = {}
    for a in view.legal_actions:
        if type(a) is Cover:
            allowed[a.target] = allowed.get(a.target, 0) | 1 << a.card
    targets = uncovered(view)
    if not targets:
        return None
    return plan_covers(view.hand, targets, {c: allowed.get(c, 0) for c in targets}, t.power)


def _weakest(cards: Hand, t: Tables) -> Card:
    return min(cards_of(cards), key=lambda c: (t.power[c], c))


def _strongest(cards: Hand, t: Tables) -> Card:
    return max(cards_of(cards), key=lambda c: (t.power[c], c))


def _cover(view: PlayerView, t: Tables, a: Cover) -> Reason | None:
    beaters = 0
    for b in view.legal_actions:
        if type(b) is Cover and b.target == a.target:
            beaters |= 1 << b.card
    if _weakest(beaters, t) != a.card:
        return None  # not the lowest that beats it: the search's own reason
    args: dict[str, str | int] = {"card": card_text(a.card), "target": card_text(a.target)}
    rest = view.hand & ~(1 << a.card)
    if t.trumps >> a.card & 1 and not beaters & ~t.trumps:
        return Reason("cover_trump", args)
    if not rest:
        return Reason("cover_last", args)
    if beaters == 1 << a.card:
        return Reason("cover_only", args)
    return Reason("cover_lowest", args | {"keeps": card_text(_strongest(rest, t))})


def _take(view: PlayerView, t: Tables) -> Reason | None:
    plan = cover_plan(view, t)
    if plan is None:
        return Reason("take_cannot")
    spent = sum(1 for c, _ in plan if t.trumps >> c & 1)
    if spent:
        return Reason("take_trumps", {"n": spent})
    return None


def _transfer(view: PlayerView, t: Tables, a: Transfer) -> Reason:
    cards = hand_text(a.cards)
    if a.shown:
        return Reason("transfer_show", {"cards": cards})
    plan = cover_plan(view, t)
    if plan is None:
        return Reason("transfer_cannot", {"cards": cards})
    spent = sum(1 for c, _ in plan if t.trumps >> c & 1)
    if spent:
        return Reason("transfer_trumps", {"cards": cards, "n": spent})
    return Reason("transfer_shed", {"cards": cards})


def unseen_beaters(view: PlayerView, t: Tables, c: Card) -> Hand:
    """The cards that beat ``c`` and that the defender may hold: not in the seat's hand,
    the discard, on the table, or known in another seat's hand."""
    gone = view.hand | view.discard
    for a, b in view.table:
        gone |= 1 << a | (0 if b is None else 1 << b)
    for seat, known in enumerate(view.known):
        if seat != view.defender:
            gone |= known
    return t.beat[c] & view.rules.deck_mask & ~gone


def _defender_cannot_beat(view: PlayerView, t: Tables, c: Card) -> bool:
    d = view.defender
    known = view.known[d] if d < len(view.known) else 0
    if d < len(view.hand_sizes) and view.hand_sizes[d] == known.bit_count():
        return not known & t.beat[c]
    return not unseen_beaters(view, t, c)


def _attack(view: PlayerView, t: Tables, a: Attack) -> Reason | None:
    cards = list(cards_of(a.cards))
    if len(cards) == 1 and _defender_cannot_beat(view, t, cards[0]):
        return Reason("attack_unbeatable", {"card": card_text(cards[0])})
    if len(cards) > 1 and len({rank_of(c) for c in cards}) == 1:
        return Reason("attack_set", {"cards": hand_text(a.cards)})
    if len(cards) == 1 and cards[0] == _weakest(view.hand, t):
        return Reason("attack_lowest", {"card": card_text(cards[0])})
    return None


def _throw(view: PlayerView, t: Tables, c: Card) -> Reason | None:
    args: dict[str, str | int] = {"card": card_text(c)}
    if view.taking:
        return Reason("throw_taking", args)
    if _defender_cannot_beat(view, t, c):
        return Reason("throw_unbeatable", args)
    if not t.trumps >> c & 1:
        return Reason("throw_rank", args)
    return None


def _pass(view: PlayerView, t: Tables) -> Reason | None:
    throws = [a.card for a in view.legal_actions if isinstance(a, Throw)]
    if throws and all(t.trumps >> c & 1 for c in throws):
        return Reason("pass_trumps")
    return None


# ---- the view's JSON, checked -------------------------------------------------------

def check_view_dict(data: object) -> PlayerView:
    """A seat's view from JSON data nobody vouches for, or :class:`HintInputError`:
    every key of the right type (no coercion: ``"0"`` is not a seat, ``true`` not a
    count), lists and texts bounded, the seats in range, and the seat to decide."""
    if type(data) is not dict:
        raise HintInputError("the view is not a JSON object")
    try:
        # The reading rides beside the view's keys; the view's reader refuses any other,
        # and checks every key's exact type, its range and its size.
        view = PlayerView.from_dict({k: v for k, v in data.items() if k != "reading"})
    except (ValueError, KeyError, TypeError) as e:
        raise HintInputError(f"the view does not read: {e}") from e
    # Two bounds of the hint's own, tighter than the reader's (which are the game's):
    # the hint weighs every legal action, and its numbers were bounded at a million.
    if len(view.legal_actions) > MAX_LIST:
        raise HintInputError(f"the view's 'legal_actions' is longer than {MAX_LIST}")
    if view.cube > MAX_NUMBER:
        raise HintInputError(f"the view's 'cube' is over {MAX_NUMBER}")
    players = view.rules.seats
    seats = [view.seat, view.dealer, view.attacker, view.defender]
    if view.to_act is not None:
        seats.append(view.to_act)
    if any(not 0 <= s < players for s in seats) or not (
            len(view.hand_sizes) == len(view.in_game) == len(view.known) == view.rules.seats):
        raise HintInputError(f"the view's seats do not fit {players} players")
    if not view.in_game[view.attacker] or not view.in_game[view.defender]:
        raise HintInputError("the view's attacker or defender is out of the game")
    if not view.rules.inverted and view.hand.bit_count() != view.hand_sizes[view.seat]:
        raise HintInputError("the view's hand does not match its size")
    if not view.legal_actions:
        raise HintInputError("the view's seat has no decision to make")
    return view
