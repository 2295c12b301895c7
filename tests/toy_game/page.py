"""High card's page: only its turn, clicks, drawing and words; the rest is the shell's."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import replace

from cardkit.query import parse_qsl
from cardkit.ui_dom.browser import query
from cardkit.ui_dom.nodes import by_id, document, el
from cardkit.ui_dom.page_shell import Computers, PageApp, PlainPrefs, fresh_seed, open_page
from cardkit.ui_dom.turn_loop import Think, Turn, TurnLoop

from .engine import HighCard, decide_json

WORDS = {  # the game's words, both languages
    "ja": {"title": "ハイカード", "new": "新しいゲーム", "hand": "あなたの手札", "over": "終わり",
           "turn": "カードを出してください", "wait": "CPU の番です",
           "score": "あなた {} – CPU {}", "last": "前の回: {} 対 {}"},
    "en": {"title": "High card", "new": "New game", "hand": "Your hand", "over": "Game over",
           "turn": "Play a card", "wait": "The computer's turn",
           "score": "You {} – CPU {}", "last": "Last round: {} vs {}"},
}
UNUSED = ("btn-record", "btn-rules", "btn-stats", "btn-settings", "btn-game")


class Controller(TurnLoop):
    def __init__(self, seed: int, think: Think, pause: Callable[[], Awaitable[None]],
                 on_change: Callable[[], None]) -> None:
        super().__init__(seed, "easy", think, pause, on_change)
        self.game = HighCard.deal(seed)

    def current_turn(self) -> Turn | None:
        return Turn(self.game, 1, 1, self.game.played) if self.game.to_act == 1 else None

    def human_to_act(self) -> bool:
        return self.game.to_act == 0

    def seat_view_json(self, turn: Turn) -> str:
        return json.dumps({"hand": self.game.hands[turn.seat]})

    def apply_reply(self, reply: str) -> None:
        self.game.play(int(json.loads(reply)["action"]))

    def act(self, act: str, arg: str | None) -> bool | None:
        if act != "play":
            return None  # no such control
        if not self.human_to_act() or not arg or not arg.isdigit():
            return False
        try:
            self.game.play(int(arg))
        except ValueError:  # not a card of the human's hand
            return False
        return True


class App(PageApp[Controller, PlainPrefs]):
    primary = ("#hand button",)

    def __init__(self, prefs: PlainPrefs) -> None:
        super().__init__(prefs, Computers("toy_decide_json", decide_json))
        self.ctrl = self.deal()

    def deal(self) -> Controller:
        return Controller(fresh_seed(), self.computers.think, self.pause, self.rerender)

    def language(self) -> str:
        return self.prefs.lang

    def switch_language(self, lang: str) -> None:
        self.prefs = replace(self.prefs, lang=lang)

    def save_current(self) -> None:
        """The toy keeps no save."""

    def draw(self) -> None:
        w, g = WORDS[self.prefs.lang], self.ctrl.game
        document().title = w["title"]
        document().querySelector(".bar h1").replaceChildren(el("span", "", w["title"]))
        for node_id in UNUSED:
            by_id(node_id).hidden = True
        by_id("btn-new").textContent = w["new"]
        by_id("btn-lang").textContent = "English" if self.prefs.lang == "ja" else "日本語"
        over = g.to_act is None
        by_id("status").textContent = w["over" if over else "turn" if g.to_act == 0 else "wait"]
        table = by_id("table")
        table.setAttribute("data-phase", "over" if over else "play")
        table.setAttribute("data-actions", str(g.played))
        hand = el("div", "hand", None, id="hand", role="group", aria_label=w["hand"])
        for card in g.hands[0]:
            hand.append(el("button", "btn", str(card), type="button", data_act="play",
                           data_arg=card, disabled=not self.ctrl.human_to_act()))
        last = w["last"].format(*g.last) if g.last else ""
        table.replaceChildren(el("p", "score", w["score"].format(*g.points)),
                              el("p", "last", last), hand)


def main() -> None:
    lang = "en" if ("lang", "en") in parse_qsl(query().removeprefix("?")) else "ja"
    open_page(App(PlainPrefs(lang=lang)), [])
