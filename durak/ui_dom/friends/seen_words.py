"""One line of what a guest's seat saw, in the page's language and card words, for the
family's two engines' views (each kind's :attr:`~durak.ui_dom.game_kind.GameKind.seen`):
what :func:`durak.table_net.seen_line` says in notation, from the view alone."""

from __future__ import annotations

from durak.cards import cards_of
from durak.pile.view import PileView
from durak.sight import TableView
from durak.ui_dom.i18n import t
from durak.ui_dom.table.card_words import card_name, seat_name
from durak.view import PlayerView


def _names(cards: list[int]) -> str:
    return t("list.sep").join(card_name(c) for c in cards) or t("seen.nothing")


def _name(seat: int | None) -> str:
    return "-" if seat is None else seat_name(seat)


def bout_seen(view: PlayerView | TableView) -> str:
    """The ordinary game's: the bout, who attacks whom, the table, the own hand, the talon."""
    v = view.view if isinstance(view, TableView) else view
    table = t("list.sep").join(card_name(a) if c is None else
                               t("seen.pair", attack=card_name(a), cover=card_name(c))
                               for a, c in v.table) or t("seen.nothing")
    return t("seen.bout", n=v.bout, attacker=_name(v.attacker), defender=_name(v.defender),
             table=table, hand=_names(list(cards_of(v.hand))), talon=v.talon_count)


def pile_seen(view: PileView) -> str:
    """A pile game's: the move's number, whose turn, the pile, the own hand, the talon."""
    return t("seen.pile", n=view.moves, name=_name(view.to_act), pile=_names(list(view.pile)),
             hand=_names(list(cards_of(view.hand))), talon=view.talon)


__all__ = ["bout_seen", "pile_seen"]
