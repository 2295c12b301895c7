"""The game on Durak's table in localStorage, so a reload or a closed tab continues it.

Every game of the family is saved in one form (:mod:`durak.family.save`: mode,
rules text, seed, game number, finished games' results and actions, the game on
the table's actions) under one key, :data:`SAVE_KEY` (scoped to the site's path
like Napoleon's ``napoleon.match``).  The page's earlier saves still load: the
ordinary game's (``version`` 1 under the same key) and each other kind's under its
own key (:func:`old_key`, read by the kind's own reader the page passes), continued
when :data:`TABLE_KEY` (which the earlier page wrote) names that kind as the one on
the table; the next save is in the one form, and the note is dropped.

A save that does not replay (edited, truncated, from another version) is refused
as a whole: it is set aside under ``<key>.corrupt`` and the page starts a new
game with a visible notice, never a broken table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from cardkit.ui_dom.match_store import MatchStore
from cardkit.ui_dom.storage import Storage
from durak.family import save
from durak.family.save import SavedGame, SaveError
from durak.rules import Rules
from durak.ui_dom.page_rules import page_refusal

SAVE_KEY: Final = "durak.match"
#: The kind of the game last on the table, as the earlier page noted it (its games of
#: the other kinds were saved under their own keys, :func:`old_key`).
TABLE_KEY: Final = "durak.table"


def old_key(kind: str) -> str:
    """Where the earlier page saved a game of ``kind`` other than the ordinary."""
    return f"durak.{kind}"


def decode(text: str) -> SavedGame:
    """The game a save holds, refused (:class:`SaveError`) if this page cannot deal
    its rules either."""
    saved = save.decode(text)  # the name read at each load (a test puts a broken one there)
    if isinstance(saved.series.rules, Rules):
        refusal = page_refusal(saved.series.rules)
        if refusal is not None:
            raise SaveError(f"rules: {refusal}")
    return saved


def _decode(text: str) -> SavedGame:
    return decode(text)


#: The family's game registered with the page shell's saved-game store.
STORE: Final = MatchStore(SAVE_KEY, save.encode, _decode, (SaveError,), "notice.corrupt_match")
#: Where a save that cannot be rebuilt is moved (the notice names it).
BACKUP_KEY: Final = STORE.backup_key
def save_game(store: Storage, saved: SavedGame) -> None:
    """Save the game on the table (after every action)."""
    STORE.save(saved, store)
    if store.get(TABLE_KEY) is not None:
        store.remove(TABLE_KEY)  # the one save holds the table now


def load_game(store: Storage, old_saves: Mapping[str, Callable[[str], SavedGame]]
              ) -> tuple[SavedGame | None, str, str]:
    """The game on the table, or ``(None, why, backup)`` (``why`` '' when nothing is
    saved; ``backup``: where a save that could not be rebuilt was moved, kept).
    ``old_saves``: each kind's reader of the earlier page's save of it, by kind."""
    noted = store.get(TABLE_KEY)
    decode_old = old_saves.get(noted) if noted is not None else None
    chosen = STORE
    if noted is not None and decode_old is not None and store.get(old_key(noted)) is not None:
        chosen = MatchStore(old_key(noted), save.encode, decode_old, (SaveError,),
                            "notice.corrupt_match")
    loaded = chosen.load(store)
    return loaded.value, loaded.why, chosen.backup_key


__all__ = ["BACKUP_KEY", "SAVE_KEY", "STORE", "TABLE_KEY", "SaveError", "decode",
           "load_game", "old_key", "save_game"]
