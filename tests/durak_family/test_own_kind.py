"""What the family does for a game of a kind of its own written to its conventions
(:mod:`durak.family.own_kind`), checked on the toy (``tests/toy_kind``): the engine's
history, moves, view form and the series' dealer, the bench's random games, and the
text record as the JSON record on one line after its head."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from durak.family.own_kind import durak_deals, play_out
from durak.family.registry import registered
from durak.family.result import Result
from durak.pile.options import PileRules
from tests.toy_kind import ENGINE, ENTRY, HEAD, MODE, RECORD, ClimbDataError, ClimbGame


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    """The toy registered (its mode is read only then)."""
    with registered(ENTRY):
        yield


def rules() -> PileRules:
    return PileRules(mode=MODE, players=3)


def played(seed: int) -> ClimbGame:
    return play_out(ClimbGame.new(rules(), seed), lambda g: g.legal_actions()[0])


def test_history_and_moves_are_the_games_own_in_its_action_text() -> None:
    game = played(3)
    assert ENGINE.moves(game) == len(game.history) > 0
    assert ENGINE.history(game) == [(s, ENGINE.action_text(a))  # type: ignore[misc]
                                    for s, a in game.history]
    assert [ENGINE.parse_action(text) for _, text in ENGINE.history(game)] == [
        a for _, a in game.history]


def test_a_view_form_is_claimed_by_its_tag_alone() -> None:
    assert ENGINE.owns_view is not None
    assert ENGINE.owns_view(ClimbGame.new(rules(), 1).view(0).to_dict())
    assert not ENGINE.owns_view({"pile": [], "counts": [1, 2]})


def test_the_durak_deals_the_next_game_and_after_a_draw_the_dealers_left() -> None:
    game = ClimbGame.new(rules(), 5, dealer=2)
    game.result = Result((1,), False)
    assert durak_deals(game) == 1
    game.result = Result((), True, repetition=True)
    assert durak_deals(game) == 0
    assert ENGINE.next_dealer is durak_deals and ENGINE.dealer_of is not None
    assert ENGINE.dealer_of(game) == 2


def test_a_series_deals_game_number_k_by_its_dealer_and_start_is_the_game_as_dealt() -> None:
    assert ENGINE.deal is not None and ENGINE.start is not None
    game = ENGINE.deal(rules(), 9, 4, 1)
    assert (game.number, game.dealer) == (4, 1)  # type: ignore[attr-defined]
    before = ENGINE.clone(game)
    ENGINE.apply(game, ENGINE.legal_actions(game)[0])
    assert ENGINE.start(game) == before


def test_the_bench_plays_random_legal_games_to_their_end() -> None:
    play = ENGINE.bench(rules())
    for seed in range(5):
        game = play(seed, random.Random(seed))
        assert isinstance(game, ClimbGame) and game.result is not None


def test_the_text_record_is_the_json_record_after_its_head_and_reads_back() -> None:
    game = played(11)
    text = RECORD.write_text(game, None, 11)
    assert text.startswith(f"{HEAD} {{") and text.endswith("}\n") and text.count("\n") == 1
    assert ENGINE.history(RECORD.read_text(text)) == ENGINE.history(game)
    assert RECORD.to_json(RECORD.write_json(game, None, 11)) == text.removeprefix(HEAD).strip()


@pytest.mark.parametrize(("text", "field"), [
    ("CLIMBING {}", "text record"), ('{"format": "climb-game/1"}', "text record"),
    (7, "text record"), ("CLIMB " + "x" * 300_000, "text record"), ("CLIMB {", "record")])
def test_a_text_that_is_no_record_is_refused_naming_the_field(text: object, field: str) -> None:
    with pytest.raises(ClimbDataError, match=f"^{field}"):
        RECORD.read_text(text)  # type: ignore[arg-type]
