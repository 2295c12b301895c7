"""The static frame's landmarks are named in the page's language for every game:
the menu and the log a screen reader hears (``web/index.html`` names them in
Japanese; an English Durak page once kept the menu's Japanese name)."""

from __future__ import annotations

import pytest

from cardkit.ui_dom.landmarks import label_landmarks
from tests.shell.stand_in import install_document


class Landmark:
    def __init__(self) -> None:
        self.attrs: dict[str, str] = {}

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value


class Frame:
    def __init__(self, menu: bool = True) -> None:
        self.menu = Landmark() if menu else None
        self.log = Landmark()

    def querySelector(self, selector: str) -> Landmark | None:
        assert selector == "nav.menu"
        return self.menu

    def getElementById(self, node_id: str) -> Landmark | None:
        return self.log if node_id == "announce" else None


@pytest.mark.parametrize(("lang", "menu", "log"), [
    ("en", "Menu", "What happens"), ("ja", "メニュー", "ゲームの進行")])
def test_the_menu_and_the_log_are_named_in_the_pages_language(
        monkeypatch: pytest.MonkeyPatch, lang: str, menu: str, log: str) -> None:
    frame = Frame()
    install_document(monkeypatch, frame)
    label_landmarks(lang)
    assert frame.menu is not None and frame.menu.attrs == {"aria-label": menu}
    assert frame.log.attrs == {"aria-label": log}


def test_a_frame_without_a_menu_names_its_log_and_does_not_fail(
        monkeypatch: pytest.MonkeyPatch) -> None:
    frame = Frame(menu=False)
    install_document(monkeypatch, frame)
    label_landmarks("en")
    assert frame.log.attrs == {"aria-label": "What happens"}
