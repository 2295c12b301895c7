"""The Durak table by clicks only: whole games as attacker and defender with
throw-ins and a take, a transfer (perevodnoy), 2 and 6 players, a 2v2 team game,
the keyboard alone, a reload mid-bout, a corrupt save; never a hidden card in the page.

Each game runs in lockstep with its mirror on CPython (``e2e.durak_driver``);
seeds are found by playing the mirror alone with the same policy.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from durak.actions import Attack, Cover, Take, Throw, Transfer
from durak.record import text_record
from durak.rules import Rules
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.table.card_words import seat_names
from e2e.durak_driver import (
    Policy,
    act,
    check_hand,
    check_nothing_hidden_shown,
    click,
    click_until_the_worker_answers,
    expect_in_step,
    find_seed,
    human_did,
    mirror,
    play_in_page,
    query,
)

OpenTable = Callable[[str], Page]


def check_end(page: Page, c: Controller) -> None:
    """The end: who is the durak (or a draw), the tally, and the game's record."""
    res = c.view().result
    assert res is not None
    expect(page.locator("#result")).to_be_visible()
    if res.draw:
        expect(page.locator("#result .outcome")).to_have_text("引き分け")
    else:
        names = "、".join(seat_names(c.rules.players)[s] for s in res.durak)
        expect(page.locator("#durak-names")).to_contain_text(names)
    record = text_record(c.game, seat_names(c.rules.players), c.match_seed,
                         c.number)
    assert page.locator("#game-record").text_content() == record
    expect(page.locator("#btn-copy")).to_be_enabled()
    # the tally (cube15: the points), this game counted in
    rows = page.locator("#result .tally-table td").all_text_contents()
    tally, points = c.sight().score_now()
    score = points if c.rules.match == "cube15" else tally
    assert rows == [str(n) for n in score]
    if res.shame:
        expect(page.locator("#shame")).to_have_text(
            "恥ずかしい負け（6だけで最後に攻められた）")
    else:
        expect(page.locator("#shame")).to_have_count(0)


def test_two_players_attack_defend_throw_in_and_take(open_table: OpenTable) -> None:
    """The human attacks, defends, throws in and takes in one whole 2-player game."""
    rules = Rules()
    seed = find_seed(rules, Policy(), lambda c: all(
        human_did(c, k) for k in (Attack, Cover, Throw, Take)))
    page = open_table(query(seed))
    c = mirror(seed, rules)
    expect(page.locator("#trump-badge")).to_be_visible()
    emptied: list[bool] = []  # the trump badge stays once the talon is gone (checked
    play_in_page(page, c, Policy(),  # at each step by the driver's check_table)
                 on_step=lambda _p, m: emptied.append(m.view().talon_count == 0))
    assert any(emptied)
    assert all(human_did(c, k) for k in (Attack, Cover, Throw, Take))
    check_end(page, c)
    # the next game is dealt by a click, the tally carried over
    click(page, c, ("next-game", None))
    assert c.number == 2


@pytest.mark.parametrize(("players", "end"), [(2, "draw"), (3, "shame")])
def test_a_draw_and_a_disgraceful_loss_are_shown_at_the_end(
    open_table: OpenTable, page: Page, players: int, end: str
) -> None:
    """The end (docs/rules/durak.md §7): a draw, or a durak beaten by 6s alone (a disgraceful loss);
    the record's copy button puts the record on the clipboard."""
    rules = Rules(players=players)
    seed = find_seed(rules, Policy(), lambda c: bool(getattr(c.view().result, end)))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_table(query(seed, f"&players={players}"))
    c = mirror(seed, rules)
    play_in_page(page, c, Policy())
    check_end(page, c)
    page.locator("#btn-copy").click()
    expect(page.locator("#copy-note")).to_have_text("コピーしました")
    assert page.evaluate("navigator.clipboard.readText()") == page.locator(
        "#game-record").text_content()


def test_perevodnoy_transfer_by_clicks(open_table: OpenTable) -> None:
    rules = Rules.preset("perevodnoy").replace(players=3)
    policy = Policy(transfer=True)
    seed = find_seed(rules, policy, lambda c: human_did(c, Transfer))
    page = open_table(query(seed, "&preset=perevodnoy&players=3"))
    c = mirror(seed, rules)
    play_in_page(page, c, policy)
    assert human_did(c, Transfer)
    check_end(page, c)


def test_six_players_whole_game(open_table: OpenTable) -> None:
    rules = Rules(players=6)
    page = open_table(query(4, "&players=6"))
    c = mirror(4, rules)
    expect(page.locator("#seats-top .dk-seat")).to_have_count(5)
    play_in_page(page, c, Policy())
    check_end(page, c)


def test_two_against_two_team_game(open_table: OpenTable) -> None:
    rules = Rules.preset("team2")
    page = open_table(query(6, "&preset=team2"))
    c = mirror(6, rules)
    teams = rules.team_of
    for seat in range(1, 4):
        want = "チーム" + "AB"[teams[seat]]
        expect(page.locator(f'.dk-seat[data-seat="{seat}"] .team')).to_have_text(want)
    play_in_page(page, c, Policy(take=False))
    check_end(page, c)


def test_the_human_plays_the_dummy_hand(open_table: OpenTable) -> None:
    """dummy=playing (docs/rules/durak.md §3.4): seed 6 makes the human the dummy's controller; its
    hand is drawn for the human's turns, and its cards are never counted hidden."""
    rules = Rules(players=3, dummy="playing")
    page = open_table(query(6, "&players=3&dummy=playing"))
    c = mirror(6, rules)
    assert c.game.controller == HUMAN
    expect(page.locator(f'.dk-seat[data-seat="{c.game.dummy}"] .panel-name')).to_have_text(
        "ダミー")
    dummy_turns = []
    play_in_page(page, c, Policy(), on_step=lambda _p, m: dummy_turns.append(
        m.deciding_seat() != HUMAN))
    assert any(dummy_turns)
    check_end(page, c)


def test_championship_double_accepted_by_the_computer(open_table: OpenTable) -> None:
    """The doubling cube (championship preset): the human doubles, the computer
    accepts, the stake shows ×2 and the end scores it."""
    rules = Rules.preset("championship")
    policy = Policy(double=True)
    seed = find_seed(rules, policy, lambda c: c.game.cube == 2)
    page = open_table(query(seed, "&preset=championship"))
    c = mirror(seed, rules)
    expect(page.locator("#cube")).to_have_text("キューブ ×1")
    play_in_page(page, c, policy, stop=lambda m: m.game.cube == 2)
    expect(page.locator("#cube")).to_have_text("キューブ ×2")
    play_in_page(page, c, policy)
    check_end(page, c)
    expect(page.locator("#result")).to_contain_text("2点")


FOCUSED_JS = """() => {
  const a = document.activeElement;
  return a && a.dataset.act ? [a.dataset.act, a.getAttribute('data-arg')] : ['', null];
}"""


def focused(page: Page) -> tuple[str, str | None]:
    name, arg = page.evaluate(FOCUSED_JS)
    return str(name), None if arg is None else str(arg)


def test_one_game_by_keyboard_only(open_table: OpenTable) -> None:
    """Tab moves between the groups, arrows along the hand, the pairs and the
    buttons, Enter presses: the same game as by clicks."""
    seed = 3
    page = open_table(query(seed))
    c = mirror(seed)
    policy = Policy()
    expect_in_step(page, c)
    while not c.over:
        check_nothing_hidden_shown(page, c)
        want = policy.next_step(c)
        for _ in range(80):
            now = focused(page)
            if now == want:
                break
            same_group = page.evaluate(
                """([act, arg]) => {
                  const a = document.activeElement;
                  const sel = arg === null ? `[data-act="${act}"]`
                                           : `[data-act="${act}"][data-arg="${arg}"]`;
                  const t = document.querySelector(sel);
                  const g = a && a.closest('#hand, #controls, #dk-play');
                  return !!(g && t && g.contains(t));
                }""",
                list(want),
            )
            page.keyboard.press("ArrowRight" if same_group else "Tab")
        assert focused(page) == want, f"the keyboard never reached {want}"
        page.keyboard.press("Enter")
        act(c, want)
        expect_in_step(page, c)
    check_end(page, c)


def test_reload_mid_bout_restores_exactly(open_table: OpenTable) -> None:
    seed = 9
    rules = Rules(players=3)
    page = open_table(query(seed, "&players=3"))
    c = mirror(seed, rules)
    policy = Policy()
    play_in_page(page, c, policy, stop=lambda m: (
        m.game.bout >= 3 and bool(m.view().table) and m.human_to_act()))
    before = page.locator("#table").inner_html()
    page.reload()
    expect_in_step(page, c)
    check_hand(page, c)
    assert page.locator("#table").inner_html() == before
    # and the game goes on from there
    play_in_page(page, c, policy)
    check_end(page, c)


def test_a_corrupt_save_gives_a_notice_and_a_fresh_table(open_table: OpenTable) -> None:
    page = open_table(query(2))
    page.evaluate("""() => {
      const scope = location.pathname.replace(/[^/]*$/, '');
      localStorage.setItem(scope + 'durak.match', '{"version": 1, "seed": 2, "games": [[');
    }""")
    # The same link again (the address of the page on the table names no seed: a deal
    # follows the game in force), so the fresh table is the link's seed's.
    page = open_table(query(2))
    expect(page.locator("#notices .notice")).to_contain_text("保存されたゲームを読めなかった")
    c = mirror(2)
    expect_in_step(page, c)
    assert HUMAN == 0


@pytest.mark.own_page  # a page load starts the worker this test checks
def test_the_normal_level_thinks_in_the_worker(open_table: OpenTable) -> None:
    """At the default level the computers' search runs in the shared worker
    (``durak_family_decide_json``) once it is up; the game goes on by clicks meanwhile."""
    page = open_table("?game=durak&seed=5&anim=instant&players=3")
    click_until_the_worker_answers(page)


def test_the_first_screens_save_follows_the_first_decision(open_table: OpenTable) -> None:
    """The computers' moves made before the first drawing are saved once the page is
    ready (``App.after_ready``), not before the human's first decision: the save
    then holds them, and a reload continues that very match."""
    page = open_table("?game=durak&seed=1&anim=instant")  # the computer attacks first
    expect(page.locator("html.napoleon-first-decision")).to_have_count(1, timeout=60_000)
    page.wait_for_function(
        "() => localStorage.getItem(location.pathname.replace(/[^/]*$/, '') + 'durak.match')"
    )
    saved = page.evaluate(
        "JSON.parse(localStorage.getItem(location.pathname.replace(/[^/]*$/, '') + 'durak.match'))"
    )
    assert saved["seed"] == 1
    assert [a.split(" ")[:2] for a in saved["actions"]] == [["1", "attack"]]
    before = page.locator("#table").inner_html()
    page.reload()
    expect(page.locator("html.napoleon-first-decision")).to_have_count(1, timeout=60_000)
    assert page.locator("#table").inner_html() == before
