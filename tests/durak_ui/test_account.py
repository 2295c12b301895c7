"""The table's account of recent moves (every game of the family): a computer's take
(and what it picked up), throw-in, transfer and beat are listed in words, in both
languages; the last bout (the pile games: the last pile taken or cleared) is kept as
it lay when it ended, with how it ended (docs/rules/durak.md §7 "Screen")."""

from __future__ import annotations

import asyncio
import re

import pytest

from durak.actions import Attack, Cover, Take, Throw, Transfer
from durak.ai import decide_json
from durak.ai.pile_levels import decide_json as pile_decide_json
from durak.cards import cards_of
from durak.pile.actions import Lay
from durak.pile.actions import Take as PileTake
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.record.record_words import card_list
from durak.ui_dom.table import account
from durak.ui_dom.table.account import durak_account, pile_account
from durak.ui_dom.table.announce import move_text
from durak.ui_dom.table.card_words import card_symbol, seat_name
from tests.durak_ui.test_pile_controller import click_first


async def _think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


async def _pile_think(view_json: str, level: str, seed: int) -> str:
    return pile_decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def played(ctrl: Controller, steps: int) -> Controller:
    """The human covers with its lowest card, else takes; attacks with its lowest."""
    asyncio.run(ctrl.start())
    for _ in range(steps):
        if ctrl.over:
            break
        legal = ctrl.legal()
        cover = next((a for a in legal if isinstance(a, Cover)), None)
        action = cover or next((a for a in legal if not isinstance(a, Take)), legal[0])
        ctrl.apply(action)
        asyncio.run(ctrl.run_computers())
    return ctrl


def test_a_computers_take_throw_in_transfer_and_beat_are_listed(lang: str) -> None:
    """perevodnoy at 3 players (a seed where the computers take, throw in and transfer):
    each such move of a computer is a line of the account, a take with the cards it
    picked up, and a bout beaten off says so."""
    ctrl = played(Controller(Rules.preset("perevodnoy").replace(players=3), 4, "easy",
                             Hooks(_think, _no_pause, lambda: None)), 40)
    lines = durak_account(ctrl).lines
    g = ctrl.game
    kinds: set[str] = set()
    table: list[int] = []
    taker = None
    for e in g.events:
        if e[0] == "b":
            table, taker = [], None
        elif e[0] == "a":
            seat, a = e[1], e[2]
            if isinstance(a, Transfer | Throw) and seat != HUMAN:
                assert move_text(seat_name(seat), a, card=card_symbol) in lines
                kinds.add(type(a).__name__)
            if isinstance(a, Transfer):
                table += list(cards_of(a.cards))
            elif isinstance(a, Throw):
                table.append(a.card)
            elif isinstance(a, Cover):
                table += [a.target, a.card]
                assert move_text(seat_name(seat), a, card=card_symbol) in lines
                kinds.add("Cover")
            elif isinstance(a, Take):
                taker = seat
            elif hasattr(a, "cards"):
                table += list(cards_of(a.cards))
        elif e[0] == "taken" and taker is not None and taker != HUMAN:
            cards = card_list([card_symbol(c) for c in table], lang)
            assert t("account.taken", name=seat_name(taker), cards=cards) in lines
            kinds.add("Take")
    assert kinds >= {"Transfer", "Throw", "Take", "Cover"}, kinds
    picked = "を引き取った" if lang == "ja" else " picked up "
    assert any(picked in line for line in lines)


def test_the_last_bout_is_kept_with_how_it_ended(lang: str) -> None:
    """The last bout: its heading, the pairs as they lay, taken by whom or beaten off."""
    ctrl = Controller(Rules.preset("perevodnoy").replace(players=3), 4, "easy",
                      Hooks(_think, _no_pause, lambda: None))
    asyncio.run(ctrl.start())
    assert durak_account(ctrl).last is None
    played(ctrl, 40)
    last = durak_account(ctrl).last
    assert last is not None and last.pairs
    head, taker, ended = "", None, ""
    for e in ctrl.game.events:
        if e[0] == "b":
            head, taker = t("last.bout", n=e[1], attacker=seat_name(e[2]),
                            defender=seat_name(e[3])), None
        elif e[0] == "a" and isinstance(e[2], Take):
            taker = e[1]
        elif e[0] in ("taken", "beaten"):
            ended = (t("last.beaten") if e[0] == "beaten" or taker is None
                     else t("last.taken", name=seat_name(taker)))
    assert last.head == head
    assert last.outcome == ended
    if ended == t("last.beaten"):
        assert all(cover is not None for _attack, cover in last.pairs)


def test_the_newest_move_comes_first_and_the_list_is_short() -> None:
    acc = account.Account(lines=[f"m{i}" for i in range(20)])
    assert acc.newest() == [f"m{i}" for i in range(19, 11, -1)]


@pytest.mark.parametrize("mode", ["kurukuru", "chukhonsky", "heap", "chinese", "crusaders",
                                  "polish"])
def test_a_pile_computers_take_and_clear_are_listed(lang: str, mode: str) -> None:
    """A pile game played to its end: every computer's take is a line naming the cards
    it picked up (the pile's cards that left it), every lay a line, and in a mode that
    discards, each cleared pile a line; the last pile is the last taken or cleared."""
    rules = PileRules(mode=mode, players=3)
    ctrl = PileController(rules, 5, "easy", Hooks(_pile_think, _no_pause, lambda: None))
    asyncio.run(ctrl.start())
    for _ in range(400):
        if ctrl.over:
            break
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    acc = pile_account(ctrl)
    history = ctrl.game.state.history
    takes = [s for s, a in history if isinstance(a, PileTake) and s != HUMAN]
    assert takes, "no computer took in this game"
    head = t("account.pile_taken", name="@", cards="#").split("#")[0]
    for s in set(takes):
        name = seat_name(s)
        assert any(line.startswith(head.replace("@", name)) for line in acc.lines)
    said = iter(acc.lines)  # each lay a line, in order: laid, beat or attacked with its card
    for s, a in history:
        if isinstance(a, Lay):
            assert any(line.startswith(seat_name(s)) and card_symbol(a.card) in line
                       for line in said), (s, a)
    cleared = t("account.cleared", n=0).split("0")[0]
    if ctrl.game.state.discard:
        assert any(line.startswith(cleared) for line in acc.lines)
    assert acc.last is not None and acc.last.pairs


def test_the_pile_account_after_an_undo_is_the_replayed_one(lang: str) -> None:
    """The moves kept in words are dropped when the game goes back (an undo): the
    account is then the one of the moves left, as a table restored with that game
    gives."""
    rules = PileRules(mode="kurukuru", players=3)
    ctrl = PileController(rules, 5, "easy", Hooks(_pile_think, _no_pause, lambda: None))
    asyncio.run(ctrl.start())
    for _ in range(6):
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    before = list(pile_account(ctrl).lines)
    assert ctrl.undo()
    asyncio.run(ctrl.run_computers())
    after = pile_account(ctrl).lines
    restored = PileController(rules, 5, "easy", Hooks(_pile_think, _no_pause, lambda: None),
                              game=ctrl.game, series=ctrl.series)
    assert pile_account(restored).lines == after
    assert len(after) < len(before) or after != before


def test_the_folded_summary_shows_the_newest_move_but_a_pass() -> None:
    """A pass only ends a throw-in: the one line a folded list shows is the move before."""
    acc = account.Account(lines=["CPU1 attacked", "CPU1 took", "CPU1 passed"], quiet={2})
    assert acc.headline() == "CPU1 took"
    assert account.Account().headline() == ""
    assert account.Account(lines=["p"], quiet={0}).headline() == "p"


def test_the_folded_summary_names_a_take_not_the_refill_after_it() -> None:
    """A phone shows one line of the folded list: after a computer takes, the table is
    empty and the refill follows at once, so the line must still say who took what (a
    refill only counts cards; the take is what changed the table).  perevodnoy, seed 27:
    the human attacks with the J of spades and CPU1 takes it."""
    ctrl = Controller(Rules.preset("perevodnoy").replace(players=2), 27, "easy",
                      Hooks(_think, _no_pause, lambda: None))
    asyncio.run(ctrl.start())
    ctrl.apply(next(a for a in ctrl.legal() if not isinstance(a, Take)))
    asyncio.run(ctrl.run_computers())
    attack = next(a for s, a in ctrl.game.actions() if s == HUMAN)
    assert isinstance(attack, Attack)
    acc = durak_account(ctrl)
    assert acc.lines[-1].endswith(t("account.drew", draws="")), acc.lines
    assert acc.headline() == t("account.taken", name=seat_name(1),
                               cards=card_symbol(attack.cards.bit_length() - 1))


@pytest.mark.parametrize(
    ("draws", "ja", "en"),
    [
        ([(1, 1)], "CPU1が山札から1枚引いた", "CPU1 drew 1 card from the talon"),
        ([(1, 2), (HUMAN, 1)], "CPU1が山札から2枚、あなたが1枚引いた",
         "CPU1 drew 2 cards and You drew 1 card from the talon"),
        ([(HUMAN, 3), (2, 1), (1, 2)], "あなたが山札から3枚、CPU2が1枚、CPU1が2枚引いた",
         "You drew 3 cards, CPU2 drew 1 card and CPU1 drew 2 cards from the talon"),
    ],
)
def test_a_refill_reads_as_a_sentence(draws: list[tuple[int, int]], ja: str, en: str) -> None:
    """A refill says who drew how many cards from the talon, in the order they drew
    (§2: the attacker first, the defender last), as a player would say it: not a
    heading with a list of names and numbers ("Drew from the talon: CPU1 1")."""
    assert account.drew_line(draws) == ja
    i18n.set_language("en")
    try:
        assert account.drew_line(draws) == en
    finally:
        i18n.set_language("ja")


def test_the_refills_line_is_the_sentence_of_who_drew() -> None:
    """The ordinary game's refill and a pile game's draw are worded by that sentence
    (perevodnoy at 2 players, seed 27: CPU1 takes the human's attack, the human draws;
    Heap at 3 players, seed 5, played to its end: §3.6, those with 2 cards or fewer
    draw up to 3)."""
    said = re.compile(r"^(あなた|CPU\d)が山札から\d+枚(、(あなた|CPU\d)が\d+枚)*引いた$")
    ctrl = Controller(Rules.preset("perevodnoy").replace(players=2), 27, "easy",
                      Hooks(_think, _no_pause, lambda: None))
    asyncio.run(ctrl.start())
    ctrl.apply(next(a for a in ctrl.legal() if not isinstance(a, Take)))
    asyncio.run(ctrl.run_computers())
    assert said.match(durak_account(ctrl).lines[-1]), durak_account(ctrl).lines
    pile = PileController(PileRules(mode="heap", players=3), 5, "easy",
                          Hooks(_pile_think, _no_pause, lambda: None))
    asyncio.run(pile.start())
    for _ in range(400):
        if pile.over:
            break
        asyncio.run(pile.handle(*click_first(pile)))
    drew = [line for line in pile_account(pile).lines if "山札" in line]
    assert drew and all(said.match(line) for line in drew), drew


@pytest.mark.parametrize(("moves", "ja", "en"), [
    (0, "最近の手", "Recent moves"),
    (3, "最近の手（3）", "Recent moves (3)"),
    (20, f"最近の手（{account.SHOWN}）", f"Recent moves ({account.SHOWN})"),
])
def test_the_heading_says_how_many_moves_the_folded_box_lists(moves: int, ja: str,
                                                              en: str) -> None:
    """Folded on a phone, the box shows its heading and newest move: the heading says
    how many moves it opens on (the list's, at most SHOWN), so it is seen to hold more;
    before any move it is the bare title."""
    acc = account.Account([f"move {i}" for i in range(moves)])
    said = {}
    for lang in ("ja", "en"):
        i18n.set_language(lang)
        said[lang] = acc.title()
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert said == {"ja": ja, "en": en}


def test_the_account_read_drawing_by_drawing_is_the_one_read_afresh(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each drawing reads only the events since the last one (every action's words
    once over a whole game, not once per drawing), and the account is the one a fresh
    reading gives, after every move, an undo and a change of language."""
    from durak.ui_dom.table import announce

    said: list[object] = []
    words = announce.move_text

    def counted(*args: object, **kwargs: object) -> str:
        said.append(args[1])
        return words(*args, **kwargs)  # type: ignore[arg-type]

    ctrl = played(Controller(Rules.preset("perevodnoy").replace(players=3), 4, "easy",
                             Hooks(_think, _no_pause, lambda: None)), 0)

    def fresh() -> list[str]:
        kept, counted_before = list(account._READING), len(said)
        account._READING.clear()
        try:
            return durak_account(ctrl).lines
        finally:
            account._READING[:] = kept
            del said[counted_before:]  # a fresh reading's words are not the drawings'

    monkeypatch.setattr(announce, "move_text", counted)
    for _ in range(12):
        played(ctrl, 1)
        assert durak_account(ctrl).lines == fresh()
    moves = sum(1 for e in ctrl.sight().events if e[0] == "a")
    assert moves > 12 and len(said) == moves  # each move's words, once
    assert ctrl.undo()
    asyncio.run(ctrl.run_computers())
    assert durak_account(ctrl).lines == fresh()
    i18n.set_language("en" if lang == "ja" else "ja")
    assert durak_account(ctrl).lines == fresh()
