"""The Durak options' own buttons by clicks in the page (per option: Show
trump, Swap 6, Double/Accept/Fold, Challenge; docs/rules/durak.md §3.4, §3.5 and §7).

Each test plays a seeded game in lockstep with its mirror (``e2e.durak_driver``)
until the option's move is the human's to make, checks that its control is
offered, clicks it, and checks what the table shows after: cards moved, counts,
the status line and the spoken log (``#announce``); then the game goes on to its
end.  The seed is the first one (searched on CPython, deterministic) where the
move arises early.  Every step checks that no hidden card is in the page.

The computers' own doubles and challenges (which the AI does not make yet) are
made on CPython in a seeded match that the page then continues from its save, so
the human's Accept/Fold and the table after a computer's challenge are clicked
and checked in the page too.

``DURAK_SHOTS=DIR`` saves screenshots of each option's moment, before and after
the click, at 375×667 and 1280×800 (``option-<name>-<when>-<size>.png``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from durak.actions import (
    CHALLENGE,
    DOUBLE,
    PASS,
    Accept,
    Challenge,
    Double,
    Fold,
    FromTalon,
    PokerSwap,
    SwapSix,
    Transfer,
    TryTalon,
    cover,
)
from durak.cards import RANK_6, RANKS, card_label, card_text, cards_of, parse_card
from durak.rules import Rules
from durak.ui_dom.play.controller import HUMAN, Controller
from e2e.axe_audit import SIZES
from e2e.durak_driver import (
    Policy,
    act,
    check_hand,
    check_nothing_hidden_shown,
    click,
    expect_in_step,
    mirror,
    mirror_of,
    play_in_page,
    query,
    restore_in_page,
    spoken_name,
)
from lab.durak.match import Match, of_match

OpenTable = Callable[[str], Page]
Ready = Callable[[Controller], bool]


def first_seed(rules: Rules, ready: Ready, policy: Policy | None = None,
               tries: int = 200, steps: int = 80) -> int:
    """The first seed whose game, played by ``policy``, gives the human a decision
    where ``ready`` holds within ``steps`` clicks."""
    policy = policy or Policy()
    for seed in range(1, tries):
        c = mirror(seed, rules)
        for _ in range(steps):
            if c.over:
                break
            if c.human_to_act() and not c.sel and ready(c):
                return seed
            act(c, policy.next_step(c))
    raise AssertionError("no seed in range reaches the wanted decision")


def reach(open_table: OpenTable, rules: Rules, address: str, ready: Ready,
          policy: Policy | None = None) -> tuple[Page, Controller]:
    """Open the seeded table and click (with the checks of every step) until the
    human's decision where ``ready`` holds."""
    policy = policy or Policy()
    seed = first_seed(rules, ready, policy)
    page = open_table(query(seed, address))
    c = mirror(seed, rules)
    play_in_page(page, c, policy, stop=lambda m: m.human_to_act() and not m.sel and ready(m))
    check_nothing_hidden_shown(page, c)
    return page, c


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("DURAK_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=f"{folder}/option-{name}-{size}.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def talon_count(page: Page) -> int:
    text = page.locator("#talon-count").text_content() or ""
    found = re.search(r"\d+", text)
    return int(found.group()) if found else 0


def seat_count(page: Page, seat: int) -> str:
    return page.locator(f'.dk-seat[data-seat="{seat}"] .count').text_content() or ""


def expect_said(page: Page, line: str) -> None:
    expect(page.locator("#announce p").filter(has_text=line)).not_to_have_count(0)


def last_human_action(c: Controller) -> object:
    """The human's last move but a pass: none of these tests clicks Pass, and the page
    passes for the human in a throw-in window where Pass is all they may do (§6.15),
    as after an attack from the talon that the computer covers."""
    return next(a for s, a in reversed(c.game.actions()) if s == HUMAN and a != PASS)


def finish(page: Page, c: Controller, policy: Policy | None = None) -> None:
    play_in_page(page, c, policy or Policy())
    expect(page.locator("#result")).to_be_visible()


def test_swap_six_takes_the_trump_card_and_leaves_the_six_under_the_talon(
    open_table: OpenTable,
) -> None:
    """six_swap (docs/rules/durak.md §3.1): the trump 6's holder swaps it for the face-up
    trump card."""
    rules = Rules(six_swap=True)
    page, c = reach(open_table, rules, "&six_swap=on",
                    lambda m: m.plain_action("swap-six") is not None)
    v = c.view()
    assert v.trump is not None and v.trump_card is not None
    old, six = card_text(v.trump_card), card_text(v.trump * RANKS + RANK_6)
    talon, held = talon_count(page), seat_count(page, HUMAN)
    expect(page.locator("#dk-deck .trump-card")).to_have_attribute("data-card", old)
    expect(page.locator(f'#hand [data-card="{six}"]')).to_have_count(1)
    expect(page.locator("#btn-swap-six")).to_have_text("6と交換")
    shoot(page, "swap-six-before")
    click(page, c, ("swap-six", None))
    assert isinstance(last_human_action(c), SwapSix)
    expect(page.locator("#dk-deck .trump-card")).to_have_attribute("data-card", six)
    expect(page.locator(f'#hand [data-card="{old}"]')).to_have_count(1)
    expect(page.locator(f'#hand [data-card="{six}"]')).to_have_count(0)
    expect(page.locator("#btn-swap-six")).to_have_count(0)  # once: no 6 left to swap
    assert talon_count(page) == talon and seat_count(page, HUMAN) == held
    expect_said(page, "あなた: 6と交換")
    check_hand(page, c)
    check_nothing_hidden_shown(page, c)
    shoot(page, "swap-six-after")
    finish(page, c)


def test_attack_from_the_talon_lays_its_top_card(open_table: OpenTable) -> None:
    """armenian (docs/rules/durak.md §3.4): the attacker opens with the talon's top card,
    unseen before."""
    rules = Rules(armenian=True)
    page, c = reach(open_table, rules, "&armenian=on",
                    lambda m: m.plain_action("talon") is not None)
    talon, held = talon_count(page), seat_count(page, HUMAN)
    top = card_text(c.game.talon[-1])
    expect(page.locator(f'[data-card="{top}"]')).to_have_count(0)  # unseen until laid
    expect(page.locator("#btn-talon")).to_have_text("山札から攻撃")
    shoot(page, "talon-before")
    click(page, c, ("talon", None))
    assert isinstance(last_human_action(c), FromTalon)
    # the card was laid as the bout's first attack card (the computer may have
    # answered it and ended the bout since), the hand untouched
    if any(card_text(a) == top for a, _ in c.view().table):
        expect(page.locator(f'#dk-play .pair[data-attack="{top}"]')).to_have_count(1)
    else:
        expect(page.locator("#discard-count")).not_to_have_text("捨て札 0枚")
    expect_said(page, spoken_name(top))
    assert talon_count(page) <= talon - 1 and seat_count(page, HUMAN) == held
    expect_said(page, "あなた: 山札から攻撃")
    check_nothing_hidden_shown(page, c)
    shoot(page, "talon-after")
    finish(page, c)


def test_second_chance_tries_the_talon_card_on_the_clicked_attack_card(
    open_table: OpenTable,
) -> None:
    """second_chance (docs/rules/durak.md §3.4): a defender who cannot cover turns the
    talon's top card onto an attack card: it covers if it beats, else it joins the hand."""
    rules = Rules(second_chance=True)
    page, c = reach(open_table, rules, "&second_chance=on", lambda m: bool(m.try_targets()))
    target = card_text(c.try_targets()[0])
    top = c.game.talon[-1]
    talon, held = talon_count(page), c.view().hand.bit_count()
    expect(page.locator(f'#dk-play [data-act="try"][data-arg="{target}"]')).to_have_attribute(
        "aria-label", f"山札で{spoken_name(target)}に挑む")
    expect(page.locator("#status")).to_contain_text("山札で挑む")
    shoot(page, "try-before")
    click(page, c, ("try", target))
    assert isinstance(last_human_action(c), TryTalon)
    expect_said(page, f"あなた: 山札で{spoken_name(target)}に挑む")
    assert talon_count(page) == talon - 1 or c.view().talon_count == 0
    pair = page.locator(f'#dk-play .pair[data-attack="{target}"]')
    beaten = c.view().hand.bit_count() == held  # it covered: it never stayed in the hand
    if beaten:
        expect(pair.locator(".cover")).to_have_attribute("data-card", card_text(top))
    else:
        expect(page.locator(f'#hand [data-card="{card_text(top)}"]')).to_have_count(1)
    check_nothing_hidden_shown(page, c)
    shoot(page, "try-after")
    finish(page, c)


def test_show_trump_passes_the_attack_on_and_keeps_the_trump_in_hand(
    open_table: OpenTable,
) -> None:
    """transfer_show (docs/rules/durak.md §3.3): the defender shows a trump of the attack's
    rank and the bout passes to the next seat; the shown card stays in the hand."""
    rules = Rules.preset("perevodnoy").replace(transfer_show=True, players=3)

    def shows(m: Controller) -> bool:
        return any(isinstance(a, Transfer) and a.shown for a in m.legal())

    page, c = reach(open_table, rules, "&preset=perevodnoy&transfer_show=on&players=3", shows)
    action = next(a for a in c.legal() if isinstance(a, Transfer) and a.shown)
    trump = card_text(action.cards.bit_length() - 1)
    attacks = [card_text(a) for a, _ in c.view().table]
    held = seat_count(page, HUMAN)
    expect(page.locator("#btn-show")).to_be_disabled()  # nothing selected yet
    click(page, c, ("card", trump))  # it may transfer or be shown: selected
    expect(page.locator(f'#hand [data-card="{trump}"]')).to_have_attribute(
        "aria-pressed", "true")
    expect(page.locator("#btn-show")).to_be_enabled()
    shoot(page, "show-before")
    click(page, c, ("show", None))
    assert last_human_action(c) == action
    v = c.view()
    assert v.defender != HUMAN
    expect(page.locator(f'.dk-seat[data-seat="{v.defender}"] .role')).to_have_text("守備")
    expect(page.locator(f'#hand [data-card="{trump}"]')).to_have_count(1)
    assert seat_count(page, HUMAN) == held
    for card in attacks:
        expect(page.locator(f'#dk-play .pair[data-attack="{card}"]')).to_have_count(1)
    expect_said(page, f"あなた: {spoken_name(trump)}を見せて回す")
    check_nothing_hidden_shown(page, c)
    shoot(page, "show-after")
    finish(page, c)


def test_poker_swaps_two_selected_cards_with_the_talon(open_table: OpenTable) -> None:
    """poker (docs/rules/durak.md §3.4): the defender puts two cards away face down and
    draws two; one of them could cover, so the swap is made by two selections and the
    button."""
    rules = Rules(poker=True)
    page, c = reach(open_table, rules, "&poker=on",
                    lambda m: any(isinstance(a, PokerSwap) for a in m.legal()))
    legal = c.legal()
    swaps = [a for a in legal if isinstance(a, PokerSwap)]
    coverer = next(card for card in cards_of(c.view().hand)
                   if any(getattr(a, "card", None) == card for a in legal))
    swap = next(a for a in swaps if a.cards >> coverer & 1)
    first, second = (card_text(x) for x in cards_of(swap.cards))
    talon, held = talon_count(page), seat_count(page, HUMAN)
    expect(page.locator("#status")).to_contain_text("2枚選んで山札と交換")
    click(page, c, ("card", first))
    click(page, c, ("card", second))
    expect(page.locator("#hand [aria-pressed=true]")).to_have_count(2)
    expect(page.locator("#btn-poker")).to_be_enabled()
    shoot(page, "poker-before")
    click(page, c, ("poker", None))
    assert last_human_action(c) == swap
    for gone in (first, second):
        expect(page.locator(f'[data-card="{gone}"]')).to_have_count(0)
    assert talon_count(page) == talon - 2 and seat_count(page, HUMAN) == held
    expect(page.locator("#btn-poker")).to_have_count(0)  # once per game
    said = page.locator("#announce").text_content() or ""
    assert "あなた: 2枚交換" in said
    check_hand(page, c)
    check_nothing_hidden_shown(page, c)
    shoot(page, "poker-after")
    finish(page, c)


def test_challenge_turns_up_the_face_down_cover_and_the_loser_takes(
    open_table: OpenTable,
) -> None:
    """doubt (docs/rules/durak.md §3.5): the computer covers face down; the human doubts
    it; the card is turned up and whoever was wrong takes every table card."""
    rules = Rules(doubt=True)
    page, c = reach(open_table, rules, "&doubt=on",
                    lambda m: m.plain_action("challenge") is not None)
    g = c.game
    defender, down = g.actions()[-1]
    assert defender != HUMAN
    target = card_text(down.target)  # type: ignore[union-attr]
    covered = card_text(down.card)  # type: ignore[union-attr]
    pair = page.locator(f'#dk-play .pair[data-attack="{target}"]')
    expect(pair.locator(".card.back")).to_have_count(1)  # the cover, face down
    expect(page.locator(f'[data-card="{covered}"]')).to_have_count(0)
    expect_said(page, f"CPU{defender}: {spoken_name(target)}に伏せ札で返す")
    expect(page.locator("#status")).to_have_text("伏せ札をダウトするか、パスしてください")
    laid = [card_text(a) for a, _ in c.view().table] + [covered]
    shoot(page, "challenge-before")
    click(page, c, ("challenge", None))
    assert isinstance(last_human_action(c), Challenge)
    beat = bool(g.beat[down.target] >> down.card & 1)  # type: ignore[union-attr]
    # whoever was wrong picked up every card of the table, the turned-up one too
    if beat:
        for card in laid:
            expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(1)
    else:
        known = page.locator(f'.dk-seat[data-seat="{defender}"] .known')
        for card in laid:
            expect(known).to_contain_text(card_label(parse_card(card)))
    outcome = "返せていたのであなたが引き取る" if beat else \
        f"返せていなかったのでCPU{defender}が引き取る"
    said = f"あなた: ダウト。伏せ札は{spoken_name(covered)}、{outcome}"
    expect_said(page, said)
    expect(page.locator("#doubt-result")).to_have_text(said)  # for the eyes too
    check_nothing_hidden_shown(page, c)
    shoot(page, "challenge-after")
    finish(page, c)


def accepting(m: Controller) -> bool:
    """The human may double now, and the computer would accept it."""
    if m.plain_action("double") is None:
        return False
    trial = mirror(m.match_seed, m.rules)  # the same game, by the same policy
    run_to(trial, len(m.game.actions()))
    act(trial, ("double", None))
    return any(isinstance(a, Accept) for _, a in trial.game.actions())


def run_to(m: Controller, count: int) -> None:
    """Play the mirror by the default policy until ``count`` moves are made."""
    while len(m.game.actions()) < count and not m.over:
        act(m, Policy().next_step(m))


def test_the_humans_double_is_accepted_and_said(open_table: OpenTable) -> None:
    """match=cube15 (§7): Double before the opening attack; the computer accepts; the
    cube shows ×2, both moves are said, and the end scores the stake."""
    rules = Rules.preset("championship")
    page, c = reach(open_table, rules, "&preset=championship", accepting)
    expect(page.locator("#cube")).to_have_text("キューブ ×1")
    expect(page.locator("#btn-double")).to_have_text("ダブル")
    shoot(page, "double-before")
    click(page, c, ("double", None))
    assert isinstance(last_human_action(c), Double)
    expect(page.locator("#cube")).to_have_text("キューブ ×2")
    expect_said(page, "あなた: ダブル")
    expect_said(page, "CPU1: ダブルを受ける")
    expect(page.locator("#btn-double")).to_have_count(0)  # the cube is CPU1's now
    shoot(page, "double-after")
    finish(page, c)
    res = c.view().result
    assert res is not None and res.stake >= 2
    expect(page.locator("#result")).to_contain_text(f"{res.stake}点")


@pytest.mark.parametrize("answer", ["accept", "fold"])
def test_the_human_accepts_or_folds_a_computers_double(open_table: OpenTable,
                                                       answer: str) -> None:
    """match=cube15 (§7): the computer's double is answered by Accept (the cube ×2,
    now the human's) or Fold (the game lost at the current stake).  The computers
    do not offer doubles yet, so the double is made on CPython and the page
    continues that match from its save."""
    rules = Rules.preset("championship")

    def computer_may_double(s: int) -> bool:
        g = Match(rules, seed=s).game
        return g.to_act != HUMAN and DOUBLE in g.legal_actions()

    seed = next(s for s in range(1, 50) if computer_may_double(s))
    page = open_table(query(seed, "&preset=championship"))
    match = Match(rules, seed=seed)
    match.game.apply(DOUBLE)
    restore_in_page(page, of_match(match, seed))
    c = mirror_of(of_match(match, seed))
    expect_in_step(page, c)
    expect(page.locator("#status")).to_have_text("ダブルを受けるか降りるか選んでください")
    expect(page.locator("#btn-accept")).to_have_text("受ける")
    expect(page.locator("#btn-fold")).to_have_text("降りる")
    expect(page.locator("#btn-double")).to_have_count(0)
    expect(page.locator("#cube")).to_have_text("キューブ ×1")
    check_nothing_hidden_shown(page, c)
    shoot(page, f"{answer}-before")
    click(page, c, (answer, None))
    assert type(last_human_action(c)) is (Accept if answer == "accept" else Fold)
    if answer == "accept":
        expect(page.locator("#cube")).to_have_text("キューブ ×2")
        expect_said(page, "あなた: ダブルを受ける")
        finish(page, c)
        res = c.view().result
        assert res is not None and res.stake >= 2
    else:
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#result .outcome")).to_have_text("あなたの負けです")
        expect(page.locator("#result")).to_contain_text("ダブルを降りた")
        expect(page.locator('.dk-seat[data-seat="1"] .role')).to_have_text("上がり")
        expect(page.locator("#result")).to_contain_text("1点")
        expect_said(page, "あなた: 降りる")
        res = c.view().result
        assert res is not None and res.folded and res.durak == (HUMAN,) and res.stake == 1
    shoot(page, f"{answer}-after")


def test_a_computers_challenge_of_the_humans_face_down_cover_is_shown(
    open_table: OpenTable,
) -> None:
    """doubt (docs/rules/durak.md §3.5): the human covers face down with a card that does
    not beat, a computer doubts it, the card is turned up and the human takes; the table
    says so.  The computers never doubt yet, so the challenge is made on CPython and the
    page continues that match from its save."""
    rules = Rules(doubt=True)

    def defends(s: int) -> bool:
        m = mirror(s, rules)
        return m.human_to_act() and m.view().defender == HUMAN and m.view().table != ()

    seed = next(s for s in range(1, 50) if defends(s))
    page = open_table(query(seed, "&doubt=on"))
    c = mirror(seed, rules)
    g = c.game
    target = c.view().table[0][0]
    cheat = next(x for x in cards_of(c.view().hand) if not g.beat[target] >> x & 1)
    laid = [card_text(a) for a, _ in c.view().table] + [card_text(cheat)]
    g.apply(cover(cheat, target))
    challenger = g.to_act
    assert challenger != HUMAN and CHALLENGE in g.legal_actions()
    g.apply(CHALLENGE)
    restore_in_page(page, c.snapshot())
    c = mirror_of(c.snapshot())
    expect_in_step(page, c)
    said = (f"CPU{challenger}: ダウト。伏せ札は{spoken_name(card_text(cheat))}、"
            "返せていなかったのであなたが引き取る")
    expect(page.locator("#doubt-result")).to_have_text(said)
    for card in laid:  # all picked up, unless played again since by the human
        if c.view().hand >> parse_card(card) & 1:
            expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(1)
    check_nothing_hidden_shown(page, c)
    shoot(page, "challenged")
    finish(page, c)
