"""The computers of ``mode=suit_deal`` (docs/rules/durak.md §3.6).

The dealing phase gives a player one kind of choice: which table card their
turned card takes when it fits several (every other step is forced).  Taken
cards are the hand the play starts from, and in Durak a high card is a strong
card whatever trump turns out to be (the last card, not known yet), while a low
card left on the table goes to whoever takes it later (a later turner, or the
last card's player, who takes the whole table).  So:

* ``normal`` and ``strong`` take the highest table card that fits;
* ``easy`` takes one at random.

The play is the ordinary game, so each level plays it as the ordinary level
of its name (:mod:`durak.ai.levels`); every card is known to all there, so the
searching levels' worlds are all the one true position.

The hint (:func:`hint_json`, the worker's ``durak_family_hint_json``): in the
dealing, the choices ranked as the strong level ranks them (by the rank of the
table card taken, its figure) with the reason in a phrase key
(``deal_highest``, ``only``); in the play, the ordinary game's hint
(:func:`durak.ai.hint.hint_json`).
"""

from __future__ import annotations

import json
import random
from typing import Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from durak.actions import Action
from durak.ai.hint import HintInputError
from durak.ai.levels import LEVELS, UnknownLevelError
from durak.ai.levels import decide as play_decide
from durak.ai.levels import decide_json as play_decide_json
from durak.cards import RANKS, card_text
from durak.suit_deal.deal_phase import TakeWith, parse_take
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.view import DealView, DealViewError
from durak.view import PlayerView

#: The bounds of a dealing view's JSON (36 steps of a few cards, six hands).
MAX_VIEW_JSON: Final = 20_000
MAX_VIEW_DEPTH: Final = 3


def choose(view: DealView, level: str, rng: random.Random) -> TakeWith:
    """The dealing's choice of ``level`` for the seat of ``view`` (whose choice it is)."""
    if level not in LEVELS and level != "baseline":
        raise UnknownLevelError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    legal = list(view.legal_actions)
    if not legal:
        raise ValueError(f"seat {view.seat} has no choice to make in this view")
    if level == "easy":
        return rng.choice(legal)
    return max(legal, key=lambda a: a.target)  # one suit: a higher number is a higher rank


def decide(view: DealView | PlayerView, level: str, seed: int,
           time_limits: bool = False) -> Action | TakeWith:
    """The move of ``level`` for the seat of ``view``, in the dealing or the play."""
    if isinstance(view, DealView):
        return choose(view, level, random.Random(seed))
    return play_decide(view, level, seed, time_limits)


def decide_json(view_json: str, level: str, seed: int) -> str:
    """The worker boundary (the worker's ``durak_family_decide_json``): a view's JSON
    in, ``{"action": ..., "level": ...}`` out.  A dealing view (``"phase":
    "suit_deal"``, :meth:`DealView.to_dict`) gets the dealing's choice; any other is
    the play's, the ordinary game's (:func:`durak.ai.levels.decide_json`).  A
    malformed dealing view is a :class:`~durak.suit_deal.view.DealViewError`."""
    if not view_json.startswith('{"phase":"suit_deal"'):  # as the page writes it
        return play_decide_json(view_json, level, seed)
    try:
        data = loads_bounded(view_json, max_chars=MAX_VIEW_JSON, max_depth=MAX_VIEW_DEPTH)
    except JsonShapeError as e:
        raise DealViewError(f"view: {e}") from e
    view = DealView.from_dict(data)
    return json.dumps({"action": choose(view, level, random.Random(seed)).text(),
                       "level": level})


def deal_hint(view: DealView) -> dict[str, object]:
    """The dealing's hint for the seat of ``view``: the strong level's choice (the
    highest table card that fits), every choice with its figure (the rank of the card
    taken, 0 for a 6 … 8 for an ace), and why (a phrase key and its cards)."""
    legal = sorted(view.legal_actions, key=lambda a: -a.target)
    if not legal:
        raise HintInputError("legal_actions: the view's seat has no choice to make")
    best = legal[0]
    turned = view.turned
    if len(legal) == 1:
        reason: dict[str, object] = {"kind": "only", "args": {}}
    else:
        reason = {"kind": "deal_highest",
                  "args": {"card": card_text(best.target),
                           "low": card_text(legal[-1].target),
                           "turned": "" if turned is None else card_text(turned)}}
    return {"action": best.text(), "reason": reason, "figure": best.target % RANKS,
            "ranked": [[a.text(), a.target % RANKS] for a in legal]}


def deal_review(game: SuitDealGame, seat: int) -> list[dict[str, object]]:
    """``seat``'s dealing choices that had more than one table card to take, each judged
    by the dealing's hint (:func:`deal_hint`: the same choice and figures, the rank of
    the card taken): ``index`` (into the record's choices), ``played`` and ``best``
    (``=CARD``), ``played_figure`` and ``best_figure``, ``turned`` (the turned card).

    >>> from durak.rules import Rules
    >>> g = SuitDealGame.new(Rules(mode="suit_deal", players=2), seed=1)
    >>> while g.dealing:
    ...     g.apply(min(g.legal_actions(), key=lambda a: a.target), g.to_act)
    >>> all(d["played_figure"] <= d["best_figure"] for d in deal_review(g, 0))
    True
    """
    st = game.deal
    g = SuitDealGame.from_order(game.rules, st.order, st.dealer)
    out: list[dict[str, object]] = []
    for i, (s, target) in enumerate(st.choices):
        move = parse_take(f"={card_text(target)}")
        view = g.view(s)
        if s == seat and isinstance(view, DealView) and len(view.legal_actions) > 1:
            hint = deal_hint(view)
            out.append({"index": i, "played": move.text(), "played_figure": target % RANKS,
                        "best": hint["action"], "best_figure": hint["figure"],
                        "turned": "" if view.turned is None else card_text(view.turned)})
        g.apply(move, s)
    return out


def hint_json(view_json: str, seed: int) -> str:
    """The worker's hint entry: a dealing view (``"phase": "suit_deal"``) gets
    :func:`deal_hint`, a play's view the ordinary game's hint.  A request it refuses
    raises :class:`~durak.ai.hint.HintInputError` naming the field."""
    from durak.ai.hint import hint_json as play_hint_json

    if type(view_json) is not str:
        raise HintInputError(f"view: not a text but {type(view_json).__name__}")
    if not view_json.startswith('{"phase":"suit_deal"'):  # as the page writes it
        return play_hint_json(view_json, seed)
    if type(seed) is not int:
        raise HintInputError(f"seed: not a whole number: {type(seed).__name__}")
    try:
        data = loads_bounded(view_json, max_chars=MAX_VIEW_JSON, max_depth=MAX_VIEW_DEPTH)
        view = DealView.from_dict(data)
    except (JsonShapeError, DealViewError) as e:
        raise HintInputError(f"view: {e}"[:300]) from None
    return json.dumps(deal_hint(view))
