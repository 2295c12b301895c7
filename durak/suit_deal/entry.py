"""This game's registry entry: its names, its options (of the ordinary game's, only
those it may change, :data:`durak.rules.SUIT_DEAL_OPTIONS`, less ``players`` and
``mode``), and, loaded on first use, its engine (:class:`~durak.suit_deal.game.SuitDealGame`:
the dealing's choices as ``=CARD``, then the ordinary game's actions), its records
(:mod:`durak.suit_deal.record`) and its computers (:mod:`durak.suit_deal.ai`).

>>> ENTRY.mode, ENTRY.kind, [o.key for o in ENTRY.options]
('suit_deal', 'suit_deal', ['transfer'])
>>> [type(ENTRY.engine.parse_action(t)).__name__ for t in ("=7H", "attack 7H")]
['TakeWith', 'Attack']
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from durak.family.entry import (
    PLAYERS,
    TALLY,
    Computers,
    Engine,
    GameEntry,
    Record,
    deal_seed,
    option,
)
from durak.family.modes import KIND_SUIT_DEAL, SUIT_DEAL
from durak.rules import OPTIONS, SUIT_DEAL_OPTIONS

if TYPE_CHECKING:
    from durak.rules import Rules
    from durak.suit_deal.game import SuitDealGame


def parse_action(text: str) -> object:
    """A dealing choice (``=7H``) or an action of the play, by its text."""
    from durak.actions import ActionTextError, parse_action
    from durak.suit_deal.deal_phase import parse_take

    if not text.startswith("="):
        return parse_action(text)
    try:
        return parse_take(text)
    except ValueError as e:
        raise ActionTextError(str(e)[:200]) from None


def history(game: Any) -> list[tuple[int, str]]:
    """The dealing's choices (its forced steps are no one's action), then the play's."""
    from durak.ordinary_entry import history as play_history
    from durak.suit_deal.deal_phase import TakeWith

    deal = [(s, TakeWith(c).text()) for s, c in game.deal.choices]
    return deal + ([] if game.play is None else play_history(game.play))


def moves(game: Any) -> int:
    """How many choices and actions were made so far."""
    return len(game.deal.choices) + (0 if game.play is None else len(game.play.actions()))


def owns_view(data: Mapping[str, object]) -> bool:
    """Whether ``data`` is a view of the dealing (its ``phase``)."""
    return data.get("phase") == SUIT_DEAL


def read_view(data: dict[str, object]) -> Any:
    """A view of the dealing, read strictly; it must replay to its own table
    (:func:`durak.suit_deal.public.public_game`, which a guest's page draws from)."""
    from durak.suit_deal.public import public_game
    from durak.suit_deal.view import DealView

    deal = DealView.from_dict(data)
    public_game(deal)
    return deal


def seen_line(view: Any) -> str:
    """A guest's record line of the dealing: the steps, whose turn, the table, the card
    turned and the talon."""
    from durak.cards import card_text

    table = " ".join(card_text(c) for c in view.table)
    turned = "-" if view.turned is None else card_text(view.turned)
    to_act = "-" if view.to_act is None else view.to_act + 1
    return (f"deal step {len(view.steps)}: {to_act} to act, table [{table}] "
            f"turned {turned} talon {view.talon_count}")


def deal(rules: Rules, series_seed: int, number: int, dealer: int | None) -> SuitDealGame:
    """Game ``number`` of a series, dealt from its :func:`~durak.family.entry.deal_seed`
    (game 1's dealer drawn from it)."""
    from durak.suit_deal.game import SuitDealGame

    return SuitDealGame.new(rules, deal_seed(series_seed, number), dealer)


def next_dealer(game: Any) -> int:
    """The durak deals the next game; after a draw the same dealer deals again."""
    res = game.result
    return int(res.durak[0]) if res is not None and not res.draw else int(game.deal.dealer)


@functools.cache
def _engine() -> Engine:
    from durak.suit_deal.game import SuitDealGame
    from durak.suit_deal.playout import suit_deal_play
    from durak.suit_deal.view import DealView

    return Engine(SuitDealGame, SuitDealGame.new, SuitDealGame.legal_actions,
                  SuitDealGame.apply, SuitDealGame.view, SuitDealGame.clone,
                  parse_action, history, moves, read_view, owns_view, (DealView,), seen_line,
                  suit_deal_play, deal=deal, next_dealer=next_dealer,
                  dealer_of=lambda g: int(g.deal.dealer))


@functools.cache
def _record() -> Record:
    from durak import record as ordinary
    from durak.suit_deal import record

    return Record(record.text_record, record.replay_text, record.json_record, ordinary.to_json,
                  record.replay_json, ordinary.RecordError, record.FORMAT, record.HEAD)


@functools.cache
def _computers() -> Computers:
    from durak.ai import levels
    from durak.suit_deal import ai

    return Computers(levels.LEVELS, ai.decide_json, ai.hint_json)


#: §3.6: "then §2, transfer as set": of the ordinary game's options only transfer.
ENTRY: Final = GameEntry(
    SUIT_DEAL, "印合わせ", "Suit deal", KIND_SUIT_DEAL,
    tuple(option(s) for s in OPTIONS if s.key in SUIT_DEAL_OPTIONS
          and s.key not in ("players", "mode")),
    (), PLAYERS, "Rules", _engine, _record, _computers, TALLY)

#: The entries this module holds, which :mod:`durak.family.registry` registers.
ENTRIES: Final = (ENTRY,)

__all__ = ["ENTRIES", "ENTRY", "deal", "history", "moves", "next_dealer", "parse_action",
           "read_view", "seen_line"]
