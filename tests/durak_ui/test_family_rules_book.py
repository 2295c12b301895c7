"""Each game of the Durak family has its own rules page (docs/rules/durak.md §3.6), in
both languages: titled by its name, its how-to first, its own settings with their
values now, and never a paragraph of the ordinary game's book pasted in; only a game
that plays the ordinary game's rules (suit_deal, §3.6: "then §2") links to that book,
which then leads back.  A registered game's page: ``tests/durak_family/test_toy_game.py``.
"""

from __future__ import annotations

import pytest

from cardkit.rule_sections import Item, Link, Section
from durak.family import rules_from_text
from durak.family.modes import DURAK, SUIT_DEAL
from durak.family.registry import GAMES
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.ui_dom import i18n
from durak.ui_dom.modes import TableRules
from durak.ui_dom.rules.family_book import ORDINARY, OWN, how_to
from durak.ui_dom.rules.rules_book import explained_by, rule_book, title
from durak.ui_dom.settings.settings_model import page_options

OTHERS = [m for m in GAMES if m != DURAK]


def texts(book: list[Section]) -> set[str]:
    """Every sentence a book shows: titles, leads, items, notes."""
    out = set()
    for s in book:
        out |= {s.title, s.lead, *s.notes, *s.sentences()}
    return out - {""}


def links(book: list[Section]) -> list[Link]:
    return [link for s in book for link in s.links]


def items(book: list[Section]) -> list[Item]:
    return [i for s in book for i in s.items if isinstance(i, Item)]


@pytest.mark.parametrize("mode", GAMES)
def test_each_games_rules_page_is_titled_by_its_name(mode: str, lang: str) -> None:
    """Every game of the family's dialog was titled "Durak's rules"."""
    name = i18n.tr(lang, f"val.mode.{mode}")
    rules = rules_from_text(f"mode={mode}")
    assert name in title(lang, rules)
    if mode != DURAK:
        assert title(lang, rules) != title(lang, Rules())


@pytest.mark.parametrize("mode", OTHERS)
def test_a_games_page_holds_no_paragraph_of_the_ordinary_book(mode: str, lang: str) -> None:
    """A game's page was "Now playing: Chukhonsky" and then the ordinary game's whole book
    (about 9,600 characters) that does not apply: its page says its own rules, and the
    ordinary game's book is linked only where a rule of it applies (suit_deal's play)."""
    page = rule_book(rules_from_text(f"mode={mode}"), lang)
    # The ordinary book's own paragraphs (its list of the family's games aside).
    assert not texts(page) & texts([s for s in rule_book(Rules(), lang) if s.key != "modes"])
    assert page[0].key == "howto" and page[0].sentences() == how_to(mode, lang)
    to_ordinary = [link for link in links(page) if link.book == ORDINARY]
    assert len(to_ordinary) == (1 if GAMES[mode].plays_ordinary else 0)
    assert links(page) == to_ordinary
    assert sum(len(t) for t in texts(page)) < 3000


def test_only_suit_deal_of_the_post_plays_the_ordinary_games_rules() -> None:
    assert [m for m in OTHERS if GAMES[m].plays_ordinary] == [SUIT_DEAL]


def test_the_ordinary_book_opened_from_suit_deal_leads_back_and_names_the_game(
        lang: str) -> None:
    rules = Rules(mode=SUIT_DEAL, players=3, transfer=True)
    name = i18n.tr(lang, f"val.mode.{SUIT_DEAL}")
    book = rule_book(rules, lang, book=ORDINARY)
    assert title(lang, rules, ORDINARY) == title(lang, Rules())
    assert book[0].key == "from" and name in book[0].title
    assert [link.book for link in links(book)] == [OWN] and name in book[0].links[0].text
    assert "game" in [s.key for s in book]  # §2 step by step, which its play follows
    in_force = {i.anchor for i in items(book) if i.in_force}
    assert {"opt-mode", f"mode-{SUIT_DEAL}"} <= in_force and "mode-durak" not in in_force


@pytest.mark.parametrize(("rules", "marked"), [
    (PileRules(mode="kurukuru"), []),
    (PileRules(mode="heap", players=4, heap_take="last"), ["opt-players", "opt-heap_take"]),
    (PileRules(mode="chinese", chinese_ten=True), ["opt-chinese_ten"]),
    (Rules(mode=SUIT_DEAL, players=2, transfer=True), ["opt-transfer"]),
])
def test_a_page_lists_its_games_settings_now_marking_the_changed(
        rules: TableRules, marked: list[str], lang: str) -> None:
    """Its players and its own options (§3.6), each with its value now at the anchor a
    settings row's "?" opens; [In force] marks a change from the game's first value."""
    settings = next(s for s in rule_book(rules, lang) if s.key == "settings")
    own = [o.key for o in GAMES[rules.mode].options]
    assert [i.option for i in items([settings])] == ["players", *own]
    assert all(i.anchor == f"opt-{i.option}" and i.detail for i in items([settings]))
    assert [i.anchor for i in items([settings]) if i.in_force] == marked
    players = items([settings])[0]
    assert str(rules.players) in players.detail


@pytest.mark.parametrize("playing", [Rules(), *(rules_from_text(f"mode={m}") for m in OTHERS)],
                         ids=lambda r: r.mode)
def test_every_settings_question_mark_lands_on_its_options_paragraph(
        playing: TableRules) -> None:
    """A "?" beside a pile game's option opened Durak's rules at their top (no such
    paragraph there): each row's "?" opens the book of the game on the table when it
    plays the option, else of the game that has it, at that option; only the game row
    of a game other than the ordinary one opens its page at the top (its how-to)."""
    for spec in page_options():
        rules = explained_by(playing, spec.key)
        anchors = {i.anchor for i in items(rule_book(rules, "en"))}
        if spec.key == "mode" and playing.mode != DURAK:
            assert rules == playing
        else:
            assert f"opt-{spec.key}" in anchors, (playing.mode, spec.key)
            assert spec.key not in ("mode", "players") or rules == playing
