"""The game on Durak's table in localStorage, so a reload or a closed tab continues it.

Every game of the family is saved in one form (:mod:`durak.family.save`: mode,
rules text, seed, game number, finished games' results and actions, the game on
the table's actions) under one key, :data:`SAVE_KEY` (scoped to the site's path
like Napoleon's ``napoleon.match``).  The page's earlier saves still load: the
ordinary game's (``version`` 1 under the same key) and the pile games' and
``suit_deal``'s, each under its own key (:data:`OLD_KEYS`), continued when
:data:`TABLE_KEY` (which the earlier page wrote) names that kind as the one on the
table; the next save is in the one form, and the note is dropped.

A save that does not replay (edited, truncated, from another version) is refused
as a whole: it is set aside under ``<key>.corrupt`` and the page starts a new
game with a visible notice, never a broken table.
"""

from __future__ import annotations

from typing import Final

from cardkit.ui_dom.match_store import MatchStore
from cardkit.ui_dom.storage import Storage
from durak.family import save
from durak.family.modes import KIND_PILE, KIND_SUIT_DEAL
from durak.family.save import SavedGame, SaveError
from durak.match import Match
from durak.rules import Rules
from durak.suit_deal.old_save import decode_v1 as decode_suit_deal_v1
from durak.ui_dom.page_rules import page_refusal

SAVE_KEY: Final = "durak.match"
#: The kind of the game last on the table, as the earlier page noted it (its pile and
#: suit_deal games were saved under their own keys).
TABLE_KEY: Final = "durak.table"
OLD_KEYS: Final = {KIND_PILE: "durak.pile", KIND_SUIT_DEAL: "durak.suit_deal"}


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
#: The earlier pile and suit_deal saves, read where the earlier page left them.
OLD_STORES: Final = {
    KIND_PILE: MatchStore(OLD_KEYS[KIND_PILE], save.encode, save.decode_pile_v1,
                          (SaveError,), "notice.corrupt_match"),
    KIND_SUIT_DEAL: MatchStore(OLD_KEYS[KIND_SUIT_DEAL], save.encode, decode_suit_deal_v1,
                               (SaveError,), "notice.corrupt_match"),
}


def save_game(store: Storage, saved: SavedGame) -> None:
    """Save the game on the table (after every action)."""
    STORE.save(saved, store)
    if store.get(TABLE_KEY) is not None:
        store.remove(TABLE_KEY)  # the one save holds the table now


def load_game(store: Storage) -> tuple[SavedGame | None, str, str]:
    """The game on the table, or ``(None, why, backup)`` (``why`` '' when nothing is
    saved; ``backup``: where a save that could not be rebuilt was moved, kept)."""
    noted = store.get(TABLE_KEY)
    old = OLD_STORES.get(noted) if noted is not None else None
    chosen = old if old is not None and store.get(old.key) is not None else STORE
    loaded = chosen.load(store)
    return loaded.value, loaded.why, chosen.backup_key


def save_match(store: Storage, match: Match, seed: int) -> None:
    """Save the ordinary game's match."""
    save_game(store, save.of_match(match, seed))


def load_match(store: Storage) -> tuple[Match | None, int | None, str]:
    """The saved ordinary match and its seed, or ``(None, None, why)``."""
    saved, why, _backup = load_game(store)
    if saved is None or saved.match is None:
        return None, None, why
    return saved.match, saved.series.seed, ""


def encode_match(match: Match, seed: int) -> str:
    return save.encode(save.of_match(match, seed))


def decode_match(text: str) -> tuple[Match, int]:
    """The ordinary match a save holds, and its seed (:class:`SaveError` if none)."""
    saved = decode(text)
    if saved.match is None:
        raise SaveError(f"mode: {saved.mode}, not the ordinary game")
    return saved.match, saved.series.seed


__all__ = ["BACKUP_KEY", "OLD_KEYS", "SAVE_KEY", "STORE", "TABLE_KEY", "SaveError", "decode",
           "decode_match", "encode_match", "load_game", "load_match", "save_game",
           "save_match"]
