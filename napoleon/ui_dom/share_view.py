"""Sharing one finished game by a link, and opening such a link.

The link is the page's address (path only: the recipient keeps their own
settings) with the game's record in the fragment, ``#game=…``
(:mod:`napoleon.share`: zlib + URL-safe base64, never sent to a server).

Opening: once the page is ready (:meth:`App.after_ready`, before the
computers start, so it costs the page's start nothing), a ``#game=`` fragment
is decoded and replayed by the engine, and the game is shown by
:func:`open_shared_game`: in the post-game review (``review_view.open_review``),
and in the record dialog (its 譜 and trick-by-trick replay), there once the
review is closed.  A bad or tampered link shows a notice and the normal table.  The fragment is
then taken out of the address, so a reload shows the table, not the game
again; a link pasted into the address bar of an open page (only the fragment
changes, no reload) is opened too (``hashchange``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.ui_dom import browser, share
from napoleon.game import Game
from napoleon.record import RecordError, record_undos, replay_game
from napoleon.share import encode_game_link, is_game_link, record_of_link_text
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.settings import PANEL

#: Who keeps a shared game once it opened besides the review: ``keep(game, undos)``
#: (the page registers its record screen, :func:`record_view.show_shared`; the record
#: screen imports this module for its share button, so not the other way round).
KEEPERS: list[Callable[[Game, int], None]] = []


def game_link(page_url: str, rec: dict[str, Any]) -> str:
    """The link that opens ``rec`` (a finished game's record) on this page.

    >>> game_link("https://u.github.io/napoleon/?seed=3#x", {"format": "f"})[:40]
    'https://u.github.io/napoleon/#game=eNqrV'
    """
    return share.game_link(page_url, encode_game_link(rec))


def open_shared_game(record: dict[str, Any]) -> list[str]:
    """Show a shared game's record (decoded); returns notices (none if it is shown).

    The record is replayed first, so a record the engine refuses is a notice and
    the table stays as it was; a finished game then opens in the review screen
    (``review_view.open_review``, which computes the strong computer's advice in
    the worker), and the record screen shows it (closed) for after the review.
    """
    try:
        game = replay_game(record)
        undos = record_undos(record)
    except RecordError as e:
        return [str(e)[:200]]
    if game.result is None:
        return ["the game is not over"]
    from napoleon.ui_dom.review_view import open_review

    # The record screen holds it too: closing the review leaves it browsable there.
    for keep in KEEPERS:
        keep(game, undos)
    open_review(record, PANEL.current_prefs().suit_style)
    return []


def has_shared_game() -> bool:
    return is_game_link(str(browser.window().location.hash))


def open_from_location(_event: Any = None) -> None:
    """Open the game the address's fragment carries, if it carries one (the link's
    framing and bounds: :func:`cardkit.ui_dom.share.open_game_link`)."""
    share.open_game_link(lambda text: open_shared_game(record_of_link_text(text)),
                         lambda why: t("share.bad", error=why), PANEL.show_notices)


def share_game(game: Game, undos: int, url_id: str, status_id: str) -> None:
    """Put the link of ``game`` into ``#url_id`` (shown, selected) and copy it."""
    from napoleon.record import game_record

    link = game_link(str(browser.window().location.href), game_record(game, undos))
    share.show_and_copy(link, url_id, status_id, t, ("share.copied", "share.copy_failed"))


def listen_for_links() -> None:
    """Open a shared game link pasted into the address bar of the open page."""
    share.listen_for_links(open_from_location)


__all__ = [
    "KEEPERS", "game_link", "has_shared_game", "listen_for_links", "open_from_location",
    "open_shared_game", "share_game",
]
