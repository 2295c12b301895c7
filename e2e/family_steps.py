"""What the browser tests of the Durak family's games share, whatever the game.

* :func:`mirror`: the game on CPython as the page builds it (its kind's controller of
  :data:`durak.ui_dom.kinds.KINDS`, same rules, seed and ``easy`` computers, decided
  on this thread), to drive the page in lockstep with (:mod:`e2e.mode_steps`);
* :func:`next_step`: the human's next click in any game of the family;
* :func:`check_records`: at a game's end, in Japanese then English, the end screen's
  record in words (the notation folded behind its key), the menu's Record screen,
  the statistics counting the game under its own name and player count, and the rules
  dialog naming it; axe audits the end, the record and the statistics.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, Route, expect

from durak.family.modes import DURAK
from durak.family.options import FamilyRules, kind_of
from durak.family.registry import GAMES
from durak.stats import choice_key, variant_of
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.suit_deal.ui_dom.words import write as write_suit_deal
from durak.ui_dom import i18n
from durak.ui_dom.kinds import KINDS, Ctrl, Hooks, decide_here, kind_of_ctrl
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.record.family_words import Written, write_durak, write_pile
from durak.ui_dom.stats.stats_view import variant_label
from e2e.axe_audit import Violation, audit
from e2e.durak_driver import LEVEL, Policy, run_now
from e2e.mode_steps import Step, shoot
from e2e.stats_steps import open_stats, shown_rows
from e2e.test_durak_modes import next_step as pile_step
from e2e.test_durak_suit_deal import next_step as suit_deal_step

#: Machine notation in what should be words: ``0:!``, ``1:7D``, ``b1 0>1``.
NOTATION = re.compile(r"\b\d:(!|@|[2-9TJQKA][SHDC])|\bb\d+ \d>\d")


async def _no_pause() -> None:
    return None


def mirror(rules: FamilyRules, seed: int) -> Ctrl:
    """``rules``' game of ``seed`` on CPython, built as the page builds it, the
    computers' first moves made."""
    kind = KINDS[kind_of(rules)]

    async def think(view_json: str, level: str, seed: int) -> str:
        return decide_here(rules.mode)(view_json, level, seed)

    ctrl: Ctrl = kind.controller(rules, seed, LEVEL, Hooks(think, _no_pause, lambda: None,
                                                          lambda _c: None))
    run_now(ctrl.start())
    return ctrl


def next_step(c: Ctrl) -> Step:
    """The human's next click: the lowest card that can go (pile games, and the
    ordinary game's player of the other tests), the first fitting table card while a
    suit deal is dealt."""
    if isinstance(c, PileController):
        return pile_step(c)
    if isinstance(c, Controller):
        return Policy().next_step(c)
    assert isinstance(c, SuitDealController)
    return suit_deal_step(c)


def end_written(c: Ctrl) -> Written:
    """The game just finished as the end screen writes it (with its seed and number)."""
    if isinstance(c, PileController):
        return write_pile(c.game, c.match_seed, c.number)
    if isinstance(c, Controller):
        return write_durak(c.game, c.match_seed, c.number)
    assert isinstance(c, SuitDealController)
    return write_suit_deal(c.table_game(), c.match_seed, c.number)


def screen_written(c: Ctrl) -> Written:
    """The game just finished as the menu's Record screen writes it (its kind's)."""
    kind = kind_of_ctrl(c)
    return kind.write(*c.finished_games()[-1])


def written_in(lang: str, write: Callable[[], Written]) -> Written:
    """What ``write`` gives with the page's words in ``lang``."""
    i18n.set_language(lang)
    try:
        return write()
    finally:
        i18n.set_language("ja")


def lines_in(lang: str, write: Callable[[], Written]) -> list[str]:
    return [text for _kind, text in written_in(lang, write).lines]


def game_name(mode: str, lang: str) -> str:
    """The game's name in ``lang``, as the registry gives it."""
    return GAMES[mode].name_ja if lang == "ja" else GAMES[mode].name_en


def check_end(page: Page, lang: str, want: list[str], notation: str, mode: str,
              found: list[Violation]) -> None:
    """The end shows the record in words (no notation among them) and the notation
    folded under them, with its key; axe audits it."""
    words = page.locator("#game-words li").all_text_contents()
    assert words == want
    assert not any(NOTATION.search(w) for w in words), words[:3]
    notation_box = page.locator("#game-notation")
    expect(notation_box).not_to_have_attribute("open", "")
    expect(page.locator("#game-record")).to_be_hidden()
    assert page.locator("#game-record").text_content() == notation
    page.locator("#game-notation summary").click()
    expect(page.locator("#game-record")).to_be_visible()
    expect(page.locator("#game-notation-key")).to_contain_text("0:")
    found.extend(audit(page, f"{mode}-{lang}-end-phone"))
    shoot(page, f"family-{mode}-{lang}-end")
    page.locator("#game-notation summary").click()  # folded again


def check_menu(page: Page, lang: str, rules: FamilyRules, want: list[str],
               found: list[Violation]) -> dict[str, str]:
    """The menu's Record screen lists the game in words; Statistics open on the game's
    own tally (its name and player count) and count it once; the rules dialog is the
    game's (its own page, by its name, for a game other than the ordinary one); axe
    audits the record screen and the statistics.  The statistics' lines."""
    mode = rules.mode
    name = game_name(mode, lang)
    page.locator("#btn-record").click()
    expect(page.locator("dialog#record[open]")).to_have_count(1)
    assert page.locator("#record-words li").all_text_contents() == want
    expect(page.locator("#record-key")).to_be_attached()
    found.extend(audit(page, f"{mode}-{lang}-record-phone"))
    shoot(page, f"family-{mode}-{lang}-record")
    page.locator("#record-close").click()
    expect(page.locator("dialog#record[open]")).to_have_count(0)

    open_stats(page)
    chosen = page.locator("#stats-preset option:checked")
    expect(chosen).to_have_attribute("value", choice_key(variant_of(rules), rules.players))
    i18n.set_language(lang)
    try:
        label = variant_label(variant_of(rules), rules.players)
    finally:
        i18n.set_language("ja")
    expect(chosen).to_have_text(label)
    if mode != DURAK:  # the ordinary game's tallies are named by their preset
        expect(chosen).to_contain_text(name)
    shown = shown_rows(page)
    assert shown["games"] == "1", shown
    found.extend(audit(page, f"{mode}-{lang}-stats-phone"))
    shoot(page, f"family-{mode}-{lang}-stats")
    page.locator("#stats-close").click()

    page.locator("#btn-rules").click()
    # The ordinary game's book marks it in force among the post's games; any other game
    # has its own page, titled by its name, its how-to first.
    if mode == DURAK:
        expect(page.locator('#rules [id^="rules-mode-"].rules-in-force')).to_have_attribute(
            "id", f"rules-mode-{mode}")
    else:
        expect(page.locator("#rules-title")).to_contain_text(name)
        expect(page.locator("#rules section").first).to_have_attribute("data-section", "howto")
        expect(page.locator("#rules-sec-game")).to_have_count(0)
    page.locator("#rules-close").click()
    return shown


def check_records(page: Page, c: Ctrl, found: list[Violation]) -> dict[str, dict[str, str]]:
    """At the end of ``c``'s game on the page: the end and the menu's screens in
    Japanese, then (the language switched) in English.  The statistics' lines by
    language."""
    rules = c.rules
    shown: dict[str, dict[str, str]] = {}
    for lang in ("ja", "en"):
        if lang == "en":
            page.locator("#btn-lang").click()
            expect(page.locator("#btn-record")).to_have_text("Record")
        end = written_in(lang, lambda: end_written(c))
        check_end(page, lang, [x for _k, x in end.lines], end.notation, rules.mode, found)
        screen = lines_in(lang, lambda: screen_written(c))
        shown[lang] = check_menu(page, lang, rules, screen, found)
    return shown


def serve_toy(page: Page, name: str) -> None:
    """Serve the test's toy game ``tests/<name>/__init__.py`` to this page (and its
    worker) as ``./<name>/__init__.py``, among the page's own PyScript files (the
    ``[files]`` of ``pyscript.toml``): ``web/main.py`` and ``web/worker.py`` register
    its entry where the module is there."""
    toy = Path(__file__).resolve().parent.parent / "tests" / name / "__init__.py"

    def config(route: Route) -> None:
        response = route.fetch()
        extra = f'"./{name}/__init__.py" = "./{name}/__init__.py"\n'
        route.fulfill(response=response, body=response.text() + "\n" + extra)

    def module(route: Route) -> None:
        route.fulfill(body=toy.read_text(encoding="utf-8"),
                      content_type="text/x-python; charset=utf-8")

    page.route("**/pyscript.toml", config)
    page.route(f"**/{name}/__init__.py", module)


__all__ = ["NOTATION", "check_end", "check_menu", "check_records", "end_written",
           "game_name", "lines_in", "mirror", "next_step", "screen_written", "serve_toy",
           "written_in"]
