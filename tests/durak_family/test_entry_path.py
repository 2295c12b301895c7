"""One registration path for every game of the family (docs/rules/durak.md §3.6): the post's
eight come in by :func:`durak.family.registry.register` as a game added later does, and
what the friends' table (:mod:`durak.table_net`) and the one save
(:mod:`durak.family.save`) read of a game — its actions as text, its move count, its views,
its series' deals — is its entry's engine's, never a table kept by kind."""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace

import pytest

from cardkit.options import OptionSpec
from durak import table_net
from durak.family import GAMES, find_game, new_game
from durak.family.entry import GameOption
from durak.family.modes import MODES, REGISTERED
from durak.family.registry import engine_of, register, registered
from durak.family.save import SavedGame, decode, encode
from durak.family.series import Series
from durak.pile.options import PileRules
from tests.toy_durak import ENTRY as TOY
from tests.toy_durak import MODE as TOY_MODE


def test_the_posts_games_are_registered_as_a_later_game_is() -> None:
    """Every game of the post is in the registry's record of registered modes, as a game
    added by ``register`` is; registering one of them again is refused."""
    assert all(REGISTERED[m] == GAMES[m].kind for m in MODES)
    with pytest.raises(ValueError, match="registered already"):
        register(GAMES[MODES[0]])


def _played(mode: str, seed: int, steps: int) -> object:
    game = new_game(f"mode={mode}&players=3", seed)
    rng = random.Random(seed)
    for _ in range(steps):
        acts = game.legal_actions()
        if game.is_over or not acts:
            break
        game.apply(acts[rng.randrange(len(acts))])
    return game


@pytest.mark.parametrize("mode", [*MODES, TOY_MODE])
def test_every_engine_replays_its_own_history_from_text(mode: str) -> None:
    """An engine's history (``seat action`` in its text) parsed by its own reader and
    applied to the same deal gives the same game, and its move count is the history's
    length; the toy game registered later answers the same."""
    with registered(TOY) if mode == TOY_MODE else contextlib.nullcontext():
        engine = find_game(mode).engine
        game = _played(mode, 5, 40)
        lines = engine.history(game)
        assert engine.moves(game) == len(lines) > 0
        again = new_game(f"mode={mode}&players=3", 5)
        for seat, text in lines:
            engine.apply(again, engine.parse_action(text), seat)
        assert engine.history(again) == lines
        assert engine_of(game) is engine


@pytest.mark.parametrize("mode", MODES)
def test_a_guest_reads_every_view_by_the_engine_that_owns_its_form(mode: str) -> None:
    """The view reader is found from the view's own fields, reads it back equal, and its
    record line is its engine's."""
    game = _played(mode, 3, 2)
    engine = engine_of(game)
    view = engine.view(game, 1)
    read = table_net.read_view(view.to_dict())
    assert read == view and table_net.view_seat(read) == 1
    assert table_net.seen_line(read) == engine.seen_line(view)


def test_a_view_of_no_family_game_has_no_seat_and_no_line() -> None:
    with pytest.raises(TypeError, match="not a Durak view"):
        table_net.seen_line(object())
    with pytest.raises(TypeError, match="no game of the family"):
        engine_of(object())


def test_a_game_later_may_share_an_option_only_as_the_same_option() -> None:
    """An option key another game has is refused unless it is that very option (the
    dealing game plays the ordinary game's ``transfer``)."""
    transfer = find_game(MODES[0]).option("transfer")
    sharing = replace(TOY, options=(transfer,))
    with registered(sharing):
        assert find_game(TOY_MODE).option("transfer") is transfer
    other = OptionSpec("transfer", ("no", "yes"), "choice", "another transfer", "§3.6")
    with pytest.raises(ValueError, match="transfer"):
        register(replace(TOY, options=(GameOption(other, "", ""),)))
    assert TOY_MODE not in GAMES


def test_a_registered_game_s_series_is_saved_and_read_by_its_entry() -> None:
    """The save writes and replays the toy game's actions by its entry's engine alone."""
    with registered(TOY):
        rules = PileRules(mode=TOY_MODE, players=3)
        series = Series(rules, 9)
        game = series.deal()
        for _ in range(6):
            game.apply(game.legal_actions()[0])
        back = decode(encode(SavedGame(series, (), game)))
        assert back.game.state.history == game.state.history
