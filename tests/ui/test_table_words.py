"""Napoleon's table in words a new player can follow: the key to the Japanese 譜's
marks, each language's separator in a discard, the settings' spelled-out labels,
display settings applied without a new match, and the safety net on the third
discard and on calling a card of one's own hand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from napoleon.record_text import text_record
from napoleon.ui_dom import i18n
from napoleon.ui_dom.controller import Controller
from napoleon.ui_dom.record_words import marks_key
from napoleon.ui_dom.review_words import action_words
from napoleon.ui_dom.strings_review import register


@pytest.fixture(autouse=True)
def _back_to_japanese() -> Iterator[None]:
    register()
    yield
    i18n.set_language("ja")


def _a_game() -> object:
    """A game played to its end by the easy computer in every seat."""
    import json

    from napoleon.actions import parse_action
    from napoleon.ai.levels import decide_json
    from napoleon.match import Match, decision_request
    from napoleon.rules import Rules

    match = Match(Rules(), seed=3)
    game = match.game
    while game.result is None:
        seat = game.to_act
        assert seat is not None
        reply = decide_json(decision_request(match, seat), "easy", len(game.actions()))
        game.apply(parse_action(str(json.loads(reply)["action"])))
    return game


def test_the_japanese_record_has_a_key_to_its_marks_as_the_english_one_has() -> None:
    """The English 譜 explains ``> + *`` in its text; the Japanese one keeps SdC's
    format, so its → ○ ◎ are explained beside it."""
    game = _a_game()
    english = text_record(game, lang="en")  # type: ignore[arg-type]
    japanese = text_record(game, lang="ja")  # type: ignore[arg-type]
    assert "> led and lost" in english and "led and lost" not in japanese
    i18n.set_language("ja")
    key = marks_key("ja")
    for mark in ("→", "○", "◎"):
        assert mark in key and mark not in english
    assert marks_key("en") == ""  # nothing to add to the English 譜


@pytest.mark.parametrize(("lang", "sep"), [("en", ", "), ("ja", "・")])
def test_a_discard_is_said_with_each_languages_separator(lang: str, sep: str) -> None:
    """"discard 2 of Spades, 4 of Clubs", not "discard 2 of Spades・4 of Clubs"."""
    from napoleon.actions import Discard, action_text
    from napoleon.cards import parse_card

    i18n.set_language(lang)
    text = action_text(Discard([parse_card("S2"), parse_card("C4")]))
    words = action_words(text)
    assert sep in words
    if lang == "en":
        assert "・" not in words


# ---- the settings ------------------------------------------------------------------


def _app_in_progress(monkeypatch: pytest.MonkeyPatch, answer: str = "keep") -> tuple[
        object, list[str]]:
    """An App (on CPython) whose human has made a decision; its drawing and questions
    recorded instead of shown."""
    import asyncio

    from napoleon.ui_dom import app as app_module
    from napoleon.ui_dom.app import App
    from napoleon.ui_dom.controller import HUMAN, Controller, human_has_played
    from napoleon.ui_dom.prefs import Prefs

    events: list[str] = []

    async def ask(*_args: object, **_kw: object) -> str:
        events.append("asked")
        return answer

    monkeypatch.setattr(app_module, "ask", ask)
    monkeypatch.setattr(app_module, "spawn", lambda coro: asyncio.run(coro))
    app = App(Prefs(level="strong", anim="normal"))
    monkeypatch.setattr(app, "rerender", lambda **_kw: events.append("drawn"))
    monkeypatch.setattr(app, "replace_match", lambda _ctrl: events.append("new match"))
    # The address is the browser's (tests/ui/test_ui_address.py checks what it becomes).
    monkeypatch.setattr(app, "follow_address", lambda: events.append("address"))
    host = app.ctrl
    assert isinstance(host, Controller)
    g = host.match.game
    while g.to_act != HUMAN:
        g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert human_has_played(host.match)
    return app, events


def test_display_settings_apply_at_once_without_a_new_match(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the animation, suits, level and undo changed: 【変更】 applies them to the
    match on the table, with no "start a new match?" question (as Durak's page)."""
    from dataclasses import replace

    app, events = _app_in_progress(monkeypatch)
    ctrl = app.ctrl  # type: ignore[attr-defined]
    prefs = replace(app.prefs, anim="fast", suit_style="elements", level="easy",  # type: ignore[attr-defined]
                    undo="off")
    app.on_settings(prefs, False)  # type: ignore[attr-defined]
    assert events == ["drawn"]
    assert app.ctrl is ctrl  # type: ignore[attr-defined]
    assert (ctrl.level, ctrl.undo_on) == ("easy", False)
    assert app.prefs.anim == "fast" and app.prefs.suit_style == "elements"  # type: ignore[attr-defined]


def test_new_rules_ask_and_kept_match_still_takes_the_display_settings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """New rules ask first; keeping the match keeps its rules, and the animation and
    level chosen with them apply all the same.  The rules kept are what the settings
    save (one set of rules in force: the settings never show rules not applied)."""
    from dataclasses import replace

    from napoleon.rules import Rules
    from napoleon.ui_dom import settings

    saved: list[object] = []
    monkeypatch.setattr(settings.PANEL, "save_prefs", saved.append)
    app, events = _app_in_progress(monkeypatch, answer="keep")
    rules = app.ctrl.match.rules  # type: ignore[attr-defined]
    prefs = replace(app.prefs, rules=Rules.preset("mixi"), anim="fast",  # type: ignore[attr-defined]
                    level="easy")
    app.on_settings(prefs, True)  # type: ignore[attr-defined]
    assert events == ["asked", "drawn", "address"]  # the address names the kept match
    assert app.ctrl.match.rules == rules and app.ctrl.level == "easy"  # type: ignore[attr-defined]
    assert app.prefs.anim == "fast" and app.prefs.rules == rules  # type: ignore[attr-defined]
    assert saved == [app.prefs]  # type: ignore[attr-defined]


OPAQUE = ("セ2", "Jo混", "初巡", "親Jo", "子Jo", "Jo請求", "Jo持ち越し", "捨て旗札", "平J")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_settings_labels_are_spelled_out(lang: str) -> None:
    """No 「セ2」「Jo混セ2」「初巡親Jo」: each option's label says what it is."""
    from napoleon.ui_dom.settings_model import MODEL

    i18n.set_language(lang)
    for row in MODEL.option_rows():
        assert not any(short in row.label for short in OPAQUE), row.label
        assert row.help  # and its "?" has something to say


def test_each_setting_has_a_help_button_opening_its_paragraph() -> None:
    """Napoleon's rows get the "?" buttons of Durak's (a button: touch and keyboard
    reach it, unlike a tooltip), opening the rules at the option."""
    from napoleon.ui_dom import rules_page
    from napoleon.ui_dom.settings import GAME

    assert GAME.explain is not None
    assert callable(rules_page.explain)


# ---- going on by itself ------------------------------------------------------------


def _auto_controller(seed: int, on: bool, held: list[tuple[bool, str]],
                     click_while_held: bool = False) -> object:
    import asyncio

    from napoleon.ai.levels import decide_json
    from napoleon.rules import PRESETS
    from napoleon.ui_dom.controller import Controller

    async def think(view_json: str, level: str, seed: int) -> str:
        await asyncio.sleep(0)
        return decide_json(view_json, level, seed)

    async def no_pause() -> None:
        return None

    ctrl = Controller(PRESETS["sdc"], seed, "easy", think, no_pause, lambda: None)
    ctrl.auto_next = on

    async def hold(between: bool) -> None:
        held.append((between, ctrl.phase_name()))
        if click_while_held:  # the player presses NEXT before the pause is over
            await ctrl.handle("next")

    ctrl.hold_next = hold
    return ctrl


def _play_first_game(ctrl: object) -> list[str]:
    """The human plays the easy computer's choices until the second game begins; the
    screens the table waited on for the human are returned."""
    import asyncio
    import json

    from napoleon.actions import parse_action
    from napoleon.ai.levels import decide_json
    from napoleon.match import decision_request
    from napoleon.ui_dom.controller import HUMAN, Controller

    assert isinstance(ctrl, Controller)
    waited: list[str] = []
    asyncio.run(ctrl.start())
    for _ in range(200):
        if ctrl.match.game_number > 1 and ctrl.human_to_act():
            return waited
        if ctrl.waiting_for_next():
            waited.append(ctrl.phase_name())
            asyncio.run(ctrl.handle("next"))
            continue
        assert ctrl.human_to_act()
        reply = decide_json(decision_request(ctrl.match, HUMAN), "easy", 1)
        ctrl.apply(parse_action(str(json.loads(reply)["action"])))
        asyncio.run(ctrl.run_computers())
    raise AssertionError("the second game did not begin")


def test_going_on_by_itself_passes_tricks_and_standings_but_waits_at_the_result() -> None:
    """On: after every trick and the standings the table goes on by itself, each after
    the page's readable pause (longer between games), but a game's result waits for
    NEXT: its review (「レビュー」) and its 譜 are offered there, and a result that
    left by itself would leave them only through the record.  Off (the default): the
    table waits for NEXT everywhere.  Seed 4."""
    held: list[tuple[bool, str]] = []
    ctrl = _auto_controller(4, True, held)
    assert _play_first_game(ctrl) == ["result"]
    tricks = [h for h in held if not h[0]]
    assert len(tricks) == 10 and all(phase == "play" for _, phase in tricks)
    assert [phase for between, phase in held if between] == ["standings"]

    waited = _play_first_game(_auto_controller(4, False, []))
    assert waited.count("play") == 10 and waited[-2:] == ["result", "standings"]


def test_at_a_table_with_friends_the_result_goes_on_by_itself() -> None:
    """The guests have no NEXT to press: the host's table goes on at the result too."""
    from napoleon.ui_dom.controller import Controller

    ctrl = _auto_controller(4, False, [])
    assert isinstance(ctrl, Controller)
    _play_to_result(ctrl)
    assert ctrl.at_result() and not ctrl.forced_move_due()
    ctrl.auto_next = True
    assert not ctrl.forced_move_due()
    ctrl.seat_reply = lambda *_a: None  # type: ignore[assignment]
    assert ctrl.forced_move_due()


def _play_to_result(ctrl: object) -> None:
    """Play the first game (the easy computer's choices for the human) to its result."""
    import asyncio
    import json

    from napoleon.actions import parse_action
    from napoleon.ai.levels import decide_json
    from napoleon.match import decision_request
    from napoleon.ui_dom.controller import HUMAN, Controller

    assert isinstance(ctrl, Controller)
    asyncio.run(ctrl.start())
    while not ctrl.at_result():
        if ctrl.waiting_for_next():
            asyncio.run(ctrl.handle("next"))
            continue
        reply = decide_json(decision_request(ctrl.match, HUMAN), "easy", 1)
        ctrl.apply(parse_action(str(json.loads(reply)["action"])))
        asyncio.run(ctrl.run_computers())


def test_a_next_click_during_the_pause_goes_on_once() -> None:
    """A NEXT pressed while the table waits to go on by itself goes on at once, and
    the table does not go on a second time for it."""
    held: list[tuple[bool, str]] = []
    ctrl = _auto_controller(4, True, held, click_while_held=True)
    assert _play_first_game(ctrl) == ["result"]
    from napoleon.ui_dom.controller import Controller

    assert isinstance(ctrl, Controller)
    assert len(ctrl.match.results) == 1 and ctrl.match.game_number == 2
    assert len(ctrl.match.game.tricks) == 0  # the new game was not skipped into
    # The standings were not skipped: each screen had its own pause (and click).
    assert [phase for between, phase in held if between] == ["standings"]


def test_going_on_by_itself_is_a_saved_display_setting_off_by_default() -> None:
    from napoleon.ui_dom.prefs import STORE, Prefs, load_prefs

    assert Prefs().auto_next == "off"
    saved = STORE.to_json(Prefs(auto_next="on"))
    prefs, notices = load_prefs("", lambda key: saved if key == "napoleon.prefs" else None)
    assert prefs.auto_next == "on" and notices == []


# ---- the safety net: the third discard and calling one's own card -------------------


def _napoleon_at(phase_name: str, seed_from: int = 0) -> object:
    """A controller whose human won the bidding (always the highest bid), at the
    human's ``phase_name`` decision (``call`` or ``exchange``)."""
    import asyncio

    from napoleon.actions import Bid, Call
    from napoleon.ui_dom.controller import HUMAN

    for seed in range(seed_from, seed_from + 60):
        ctrl = _auto_controller(seed, False, [])
        from napoleon.ui_dom.controller import Controller

        assert isinstance(ctrl, Controller)
        asyncio.run(ctrl.start())
        for _ in range(40):
            if not ctrl.human_to_act():
                break
            v = ctrl.view()
            if ctrl.phase_name() == phase_name:
                return ctrl
            bids = [a for a in v.legal_actions if isinstance(a, Bid)]
            if v.phase.value == "bid" and bids:
                ctrl.apply(bids[-1])
            elif v.phase.value == "call":
                calls = [a for a in v.legal_actions if isinstance(a, Call)
                         and not (v.hand >> a.card) & 1]
                ctrl.apply(calls[0])
            else:
                break
            asyncio.run(ctrl.run_computers())
            if ctrl.match.game.napoleon not in (None, HUMAN):
                break
    raise AssertionError(f"no seed reached the human's {phase_name}")


def _net(ctrl: Controller) -> tuple[str, int] | None:
    """The controller's offer, read afresh (not narrowed by an earlier assert)."""
    return ctrl.net


def test_the_last_card_put_out_waits_for_discard_and_can_be_taken_back() -> None:
    """The exchange's discard (docs/rules/napoleon.md, the exchange) is made by
    【捨てる】, not by the last card put out: with every card chosen nothing is
    discarded yet, a card put out goes back to the hand with a tap, a fourth card is
    refused, and 【捨てる】 discards the cards then put out (no take-back offered
    after: the choice was seen whole before it was made)."""
    import asyncio

    from napoleon.cards import sorted_cards
    from napoleon.ui_dom.controller import Controller

    ctrl = _napoleon_at("exchange")
    assert isinstance(ctrl, Controller)
    before = len(ctrl.match.game.actions())
    asyncio.run(ctrl.handle("discard"))  # nothing put out: nothing to discard
    hand = sorted_cards(ctrl.view().hand)
    picks = hand[:3]
    for c in picks:
        asyncio.run(ctrl.handle("put-out", str(c)))
    assert ctrl.phase_name() == "exchange" and len(ctrl.match.game.actions()) == before
    assert ctrl.sel.discards == picks
    asyncio.run(ctrl.handle("put-out", str(hand[3])))
    assert ctrl.sel.discards == picks  # the discard holds three
    asyncio.run(ctrl.handle("take-back", str(picks[2])))
    assert ctrl.sel.discards == picks[:2]
    asyncio.run(ctrl.handle("discard"))
    assert ctrl.phase_name() == "exchange"  # two of three: not yet
    asyncio.run(ctrl.handle("put-out", str(hand[3])))
    asyncio.run(ctrl.handle("discard"))
    assert ctrl.phase_name() != "exchange" and _net(ctrl) is None
    assert ctrl.match.game.discards == sum(1 << c for c in (*picks[:2], hand[3]))


def test_calling_a_card_of_ones_own_hand_is_said_and_taken_back_in_one_tap() -> None:
    """Calling a card the human holds plays alone (docs/rules/napoleon.md §2.3): said
    after the call with a take-back; a card not in hand raises no such note."""
    import asyncio

    from napoleon.actions import Call
    from napoleon.ui_dom.controller import Controller

    ctrl = _napoleon_at("call")
    assert isinstance(ctrl, Controller)
    v = ctrl.view()
    own = [a.card for a in v.legal_actions if isinstance(a, Call) and (v.hand >> a.card) & 1]
    other = [a.card for a in v.legal_actions if isinstance(a, Call) and not (v.hand >> a.card) & 1]
    ctrl.sel.call_card = own[0]
    asyncio.run(ctrl.handle("call"))
    assert _net(ctrl) == ("alone", own[0]) and ctrl.net_offered()
    asyncio.run(ctrl.handle("net-undo"))
    assert (ctrl.phase_name(), _net(ctrl)) == ("call", None)
    ctrl.sel.call_card = other[0]
    asyncio.run(ctrl.handle("call"))
    assert (ctrl.phase_name(), _net(ctrl)) == ("exchange", None)


def test_a_cards_name_is_made_once_per_language_and_follows_a_language_switch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A drawing names every card it shows (its label and title), and the
    announcements name them again: each name is worked out once per language."""
    from napoleon.cards import JOKER, parse_card
    from napoleon.ui_dom import card_words

    spade_ace = parse_card("SA")
    ja = card_words.card_label(spade_ace)
    i18n.set_language("en")
    en = card_words.card_label(spade_ace)
    assert en != ja and "A" in en
    assert card_words.card_label(JOKER).startswith("Jo")
    calls: list[str] = []

    def counting_t(key: str, /, **fmt: object) -> str:
        calls.append(key)
        return i18n.t(key, **fmt)

    monkeypatch.setattr(card_words, "t", counting_t)
    assert card_words.card_label(spade_ace) == en
    assert card_words.card_label(JOKER) == card_words.card_label(JOKER)
    i18n.set_language("ja")
    assert card_words.card_label(spade_ace) == ja
    assert calls == []
