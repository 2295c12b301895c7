"""The pile games' record in words and recent moves (docs/rules/durak.md §3.6, §7):
a take names the cards it picked up, a lay in heap and polish says which card it beat
(or that it attacked), a long pile reads as sentences of bounded length over a whole
seeded game, the screen writes cards as symbols while the screen reader's log keeps
their words, and polish's turns from the talon tell their story in the recent moves
even after a reload.  Seeds are cited; the games are played by a seeded random player
(:func:`durak.pile.playout.play_random_game`)."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from durak.pile.actions import FromTalon, Lay
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules
from durak.pile.playout import play_random_game
from durak.ui_dom.i18n import t
from durak.ui_dom.record.family_words import pile_lines
from durak.ui_dom.record.record_words import LINE_CHARS
from durak.ui_dom.table.account import pile_account
from durak.ui_dom.table.card_words import SUIT_WORDS, card_name, card_symbol, seat_name
from durak.ui_dom.table.move_words import move_text
from tests.durak_ui.test_pile_controller import click_first, make


def _game(mode: str, seed: int, players: int = 3) -> PileGame:
    g = PileGame.new(PileRules(mode=mode, players=players), seed=seed)
    return play_random_game(g, random.Random(seed))


def _said(mode: str, seed: int, players: int = 3) -> str:
    return "\n".join(line for _kind, line in pile_lines(_game(mode, seed, players)))


# ---- a take names its cards --------------------------------------------------------------


def test_a_take_in_the_record_names_the_cards_it_picked_up(lang: str) -> None:
    """Heap at 3 players, seed 4: CPU2 takes the 10♥ of pile 1; on pile 2 the human
    takes the whole table, five cards (heap_take=all, §3.6)."""
    said = _said("heap", 4)
    one, five = {"ja": ("CPU2: 10♥を引き取る", "あなた: 10♦・Q♥・7♥・10♥・K♣を引き取る"),
                 "en": ("CPU2 took 10♥", "You took 10♦, Q♥, 7♥, 10♥ and K♣")}[lang]
    assert one in said and five in said, said[:400]


@pytest.mark.parametrize("mode", MODES)
def test_every_take_in_a_whole_game_names_a_card(lang: str, mode: str) -> None:
    """Every mode, seed 3 at 3 players: no take is a bare "took" (a take picks up at
    least one card: the bottom, the top, the top 3 or 5, or all)."""
    bare = t("pile.announce.take", name="X").replace("X", "")
    for line in _said(mode, 3).splitlines():
        assert not re.search(re.escape(bare) + "($|[。.、;])", line), line


def test_a_chinese_take_names_the_bottom_card_not_the_discarded_rest() -> None:
    """chinese (§3.6): one who does not beat takes the bottom card and the rest is
    discarded; the take names the card taken only (seed 3, 3 players)."""
    g = _game("chinese", 3)
    lines = [line for _k, line in pile_lines(g)]
    took = [line for line in lines if "を引き取る" in line]
    assert took
    for line in took:
        cards = line.rsplit(": ", 1)[1].split("を引き取る")[0]
        assert "・" not in cards, line  # one card: the bottom one


# ---- heap and polish: which card beat which --------------------------------------------


def test_heap_says_which_card_beat_which_and_which_attacked(lang: str) -> None:
    """Heap (§3.6): the defender beats the top card, then attacks the next player with
    another card.  Seed 4, pile 2: the human attacks with the 10♦, CPU1 beats it with
    the Q♥ and attacks with the 7♥."""
    said = _said("heap", 4)
    words = {"ja": ("あなた: 10♦で攻撃", "CPU1: Q♥を10♦に返す", "CPU1: 7♥で攻撃"),
             "en": ("You attacked with the 10♦", "CPU1 beat the 10♦ with the Q♥",
                    "CPU1 attacked with the 7♥")}[lang]
    for w in words:
        assert w in said, (w, said[:400])
    assert t("pile.announce.lay", name="CPU1", card="7♥") not in said


def test_polish_says_which_card_beat_which(lang: str) -> None:
    """Polish (§3.6) at 3 players, seed 4: CPU2 beats the 8♦ with the 10♦ from the hand,
    then attacks with the 6♣."""
    said = _said("polish", 4)
    words = {"ja": ("CPU2: 10♦を8♦に返す", "CPU2: 6♣で攻撃"),
             "en": ("CPU2 beat the 8♦ with the 10♦", "CPU2 attacked with the 6♣")}[lang]
    for w in words:
        assert w in said, (w, said[:600])


def test_a_japanese_pile_says_each_move_as_a_sentence() -> None:
    """A turn from the talon holds a 「、」 of its own, so in Japanese a pile's moves are
    sentences apart (「。」), never run together with 「、」 (polish, seed 4, 3 players)."""
    said = _said("polish", 4)
    assert "CPU2: 10♦を8♦に返す。CPU2: 6♣で攻撃。" in said, said[:600]
    assert "攻撃、" not in said


# ---- bounded lines -----------------------------------------------------------------------


_LONE_TAKE = {"ja": re.compile(r"^(\d+山目: )?[^、。]+を引き取る。$"),
              "en": re.compile(r"^(Pile \d+: )?[^;]+ took [^;]+\.$")}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_record_line_of_a_whole_seeded_game_runs_past_the_bound(lang: str, mode: str,
                                                                   players: int) -> None:
    """Seeds 0 to 5, every mode, 2 to 4 players: every line of the record in words holds
    at most LINE_CHARS characters, but a take alone on its line naming a whole heap;
    a long pile goes on in sentences of kind ``more``, each starting with a move."""
    for seed in range(6):
        lines = pile_lines(_game(mode, seed, players))
        for kind, line in lines:
            assert len(line) <= LINE_CHARS or _LONE_TAKE[lang].match(line), (seed, line)
            if kind == "more":
                assert not line.startswith(("Pile", "第")) and re.match(r"^\S", line)


def test_polish_seed_4_has_long_piles_and_breaks_them() -> None:
    """Polish at 3 players, seed 4 (Japanese): piles of more moves than one line holds
    are written as several sentences (it once ran to one line of about 250 characters)."""
    lines = pile_lines(_game("polish", 4))
    assert any(kind == "more" for kind, _l in lines)
    assert max(len(line) for _k, line in lines) <= LINE_CHARS


# ---- one way of writing a card -------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_the_record_writes_cards_as_symbols_as_the_ordinary_games_does(lang: str,
                                                                      mode: str) -> None:
    """The family's records write a card as ``7♣`` (the ordinary game's record always
    has): no suit's word in a pile game's record either."""
    said = _said(mode, 2)
    assert "♣" in said or "♠" in said
    for word in SUIT_WORDS[lang]:
        if lang == "en":
            assert f"of {word}" not in said, said[:300]
        else:
            assert f"{word}の" not in said, said[:300]


def test_recent_moves_write_symbols_and_the_log_keeps_the_words(lang: str) -> None:
    """Recent moves are read on the screen: symbols.  The screen reader's log says the
    same move with the suit's word (what a reader says best)."""
    ctrl = make(PileRules(mode="kurukuru", players=3), 5)
    asyncio.run(ctrl.start())
    for _ in range(6):
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    seat, lay = next((s, a) for s, a in ctrl.game.state.history if isinstance(a, Lay))
    lines = pile_account(ctrl).lines
    assert any(card_symbol(lay.card) in line for line in lines)
    assert not any(card_name(lay.card) in line for line in lines)
    assert card_name(lay.card) in move_text(seat_name(seat), lay)


# ---- polish's talon turns in the recent moves -------------------------------------------------


def test_polish_recent_moves_tell_a_talon_turns_story_after_a_reload(lang: str) -> None:
    """Polish, seed 7 at 3 players: the game as a reload restores it (no turn seen by
    this page) still has every turn from the talon told in the recent moves, as the
    screen reader's log tells it: the card drawn, whether it beat, the card turned."""
    rules = PileRules(mode="polish", players=3)
    ctrl = make(rules, 7)
    asyncio.run(ctrl.start())
    for _ in range(8):
        if ctrl.over:
            break
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    history = ctrl.game.state.history
    turns = [i for i, (_s, a) in enumerate(history) if isinstance(a, FromTalon)]
    assert turns
    here = pile_account(ctrl).lines
    restored = make(rules, 7)  # as a reload resumes it: the game, no turn seen here
    restored.game = ctrl.game
    assert restored.moves_seen().talon_turns == ctrl.moves_seen().talon_turns
    lines = pile_account(restored).lines
    assert lines == here
    for i in turns:
        bare = t("pile.announce.talon", name=seat_name(history[i][0]))
        assert bare not in lines


def test_the_ordinary_games_recent_moves_write_symbols_too(lang: str) -> None:
    """The ordinary game's recent moves (perevodnoy at 2 players, seed 27: the human
    attacks, CPU1 takes) write cards as its record does, ``J♠``; its log keeps the words."""
    from durak.actions import Attack, Take
    from durak.cards import cards_of
    from durak.rules import Rules
    from durak.ui_dom.play.controller import HUMAN, Controller
    from durak.ui_dom.play.family_controller import Hooks
    from durak.ui_dom.table.account import durak_account
    from durak.ui_dom.table.announce import move_text as said_move
    from tests.durak_ui.test_account import _no_pause, _think

    ctrl = Controller(Rules.preset("perevodnoy").replace(players=2), 27, "easy",
                      Hooks(_think, _no_pause, lambda: None))
    asyncio.run(ctrl.start())
    ctrl.apply(next(a for a in ctrl.legal() if not isinstance(a, Take)))
    asyncio.run(ctrl.run_computers())
    attack = next(a for s, a in ctrl.game.actions() if s == HUMAN)
    assert isinstance(attack, Attack)
    card = next(iter(cards_of(attack.cards)))
    lines = durak_account(ctrl).lines
    assert any(card_symbol(card) in line for line in lines), lines
    assert not any(card_name(card) in line for line in lines), lines
    assert card_name(card) in said_move(seat_name(HUMAN), attack)


# ---- one end line ------------------------------------------------------------------------


def test_every_games_record_ends_naming_the_durak_in_the_same_words(lang: str) -> None:
    """The loser is named alike at the end of every game's record in words (the ordinary
    game's, the pile games', the suit deal's), as the end's result names them:
    「ドゥラーク: CPU1」, "Durak: CPU1" (seeds 0 to 5 at 3 players, the first game of
    each that has a durak)."""
    from durak.game import Game
    from durak.playout import play_random_game as play_ordinary
    from durak.rules import Rules
    from durak.suit_deal.game import SuitDealGame
    from durak.suit_deal.playout import play_random_game as play_suit_deal
    from durak.suit_deal.ui_dom.words import write as write_suit_deal
    from durak.ui_dom.record.family_words import write_durak

    head = t("result.durak", names="").strip()
    ends: dict[str, str] = {}
    for seed in range(6):
        ordinary = play_ordinary(Game.new(Rules(players=3), seed=seed), random.Random(seed))
        dealt = play_suit_deal(SuitDealGame.new(Rules(players=3, mode="suit_deal"), seed),
                               random.Random(seed))
        written = {"durak": write_durak(ordinary, seed, 1).lines,
                   "suit_deal": write_suit_deal(dealt, seed, 1).lines,
                   **{mode: pile_lines(_game(mode, seed)) for mode in MODES}}
        for game, lines in written.items():
            kind, end = lines[-1]
            if kind == "end" and any(seat_name(s) in end for s in range(3)):
                ends.setdefault(game, end)
    assert set(ends) == {"durak", "suit_deal", *MODES}, ends
    assert [end for end in ends.values() if not end.startswith(head)] == [], (head, ends)
