"""The pile games' registry entries (docs/rules/durak.md §3.6): the post's six, each
with its own options (:data:`durak.pile.options.MODE_SPECS`), and :func:`pile_game`,
which builds the entry of a pile game added later the same way.  All share, loaded
on first use, the pile engine (:class:`~durak.pile.game.PileGame`), its records
(:mod:`durak.pile.record`) and its computers (:mod:`durak.ai.pile_levels`).

>>> [e.mode for e in ENTRIES][:2], ENTRIES[3].options[0].key
(['kurukuru', 'chinese'], 'heap_take')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Final

from cardkit.options import OptionSpec
from durak.family.entry import (
    PLAYERS,
    TALLY,
    Computers,
    Engine,
    GameEntry,
    GameOption,
    Record,
    deal_seed,
    option,
)
from durak.family.modes import CHINESE, CHUKHONSKY, CRUSADERS, HEAP, KIND_PILE, KURUKURU, POLISH
from durak.pile.options import MODE_SPECS

#: The keys only a pile game's view has (:meth:`durak.pile.view.PileView.to_dict`).
PILE_KEYS: Final = frozenset({"pile", "counts", "must_beat"})


def history(game: Any) -> list[tuple[int, str]]:
    """The pile ``game``'s actions so far, each with its seat, as text."""
    from durak.pile.actions import action_text

    return [(s, action_text(a)) for s, a in game.state.history]


def owns_view(data: Mapping[str, object]) -> bool:
    """Whether ``data`` is a pile game's view (its own fields)."""
    return data.keys() >= PILE_KEYS


def seen_line(view: Any) -> str:
    """A guest's record line of a pile game: the move, whose turn, the pile, the hand
    and the talon."""
    from durak.cards import card_text, hand_text

    pile = " ".join(card_text(c) for c in view.pile)
    return (f"move {view.moves}: {view.to_act + 1} to act, pile [{pile}] "
            f"hand [{hand_text(view.hand)}] talon {view.talon}")


def deal(rules: Any, series_seed: int, number: int, dealer: int | None) -> Any:
    """Game ``number`` of a pile series, dealt from its
    :func:`~durak.family.entry.deal_seed` (game 1's dealer drawn from it)."""
    from durak.pile.game import PileGame

    return PileGame.new(rules, deal_seed(series_seed, number), dealer, number)


def next_dealer(game: Any) -> int:
    """The durak deals the next game; after a draw the dealer's left deals it."""
    st = game.state
    return int(st.durak) if st.durak is not None else (st.dealer + 1) % st.n


@functools.cache
def _engine() -> Engine:
    from durak.pile.actions import parse_action
    from durak.pile.game import PileGame
    from durak.pile.playout import pile_play
    from durak.pile.view import PileView

    return Engine(PileGame, PileGame.new, PileGame.legal_actions, PileGame.apply,
                  PileGame.view, PileGame.clone, parse_action, history,
                  lambda g: len(g.state.history), PileView.from_dict, owns_view, (PileView,),
                  seen_line, pile_play, deal=deal, next_dealer=next_dealer,
                  dealer_of=lambda g: int(g.state.dealer))


@functools.cache
def _record() -> Record:
    from durak.pile import record

    return Record(record.text_record, record.replay_text, record.json_record, record.to_json,
                  record.replay_json, record.PileRecordError, record.FORMAT, "DURAK-PILE",
                  numbered=False)


def _hint(view_json: str, seed: int) -> str:
    """The pile games' hint, imported when first asked (a decision never loads it)."""
    from durak.ai.pile_hint import hint_json

    return hint_json(view_json, seed)


@functools.cache
def _computers() -> Computers:
    from durak.ai import pile_levels

    return Computers(pile_levels.LEVELS, pile_levels.decide_json, _hint)


def _pile(mode: str, ja: str, en: str, *specs: OptionSpec) -> GameEntry:
    return GameEntry(mode, ja, en, KIND_PILE, tuple(option(s) for s in specs), (), PLAYERS,
                     "PileRules", _engine, _record, _computers, TALLY)


#: The post's six pile games, in its order.  The names are the page's (``val.mode.*``
#: of :mod:`durak.ui_dom.settings.strings_settings`).
ENTRIES: Final = (
    _pile(KURUKURU, "くるくる", "Kurukuru", *MODE_SPECS[KURUKURU]),
    _pile(CHINESE, "中国式", "Chinese", *MODE_SPECS[CHINESE]),
    _pile(CHUKHONSKY, "チュホンスキー", "Chukhonsky", *MODE_SPECS[CHUKHONSKY]),
    _pile(HEAP, "山積み", "Heap", *MODE_SPECS[HEAP]),
    # No options of their own: crusaders is always ♦ trump with no trump card, polish
    # always a face-up trump card and a shuffled talon.
    _pile(CRUSADERS, "十字軍", "Crusaders"),
    _pile(POLISH, "ポーランド式", "Polish"),
)


def pile_game(mode: str, ja: str, en: str, *specs: OptionSpec, play: Callable[[], Any],
              how_to: tuple[str, str], take: tuple[str, str]) -> GameEntry:
    """The entry of a new pile game: the pile engine, record and computers play it by
    its mode module ``play()`` (:class:`durak.pile.dispatch.ModeRules`); its own
    options ``specs`` have no help beyond their own.  Registering it teaches the pile
    engine the mode module; taking it out again forgets it."""
    from durak.pile import dispatch

    return replace(_pile(mode, ja, en), options=tuple(GameOption(s, s.help, s.help)
                                                      for s in specs),
                   how_to=how_to, take=take,
                   admit=lambda: dispatch.add_mode(mode, play()),
                   dismiss=lambda: dispatch.remove_mode(mode))


__all__ = ["ENTRIES", "PILE_KEYS", "history", "pile_game", "seen_line"]
