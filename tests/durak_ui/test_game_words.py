"""The game's own words are written one way in every string table: Durak's page and the
page shell's (``strings_*.py`` under ``durak/`` and ``cardkit/``).

* ドゥラーク is written with its long vowel, as the page's title and the rules
  write it, never ドゥラク;
* the loser has one name in each language, ドゥラーク and "the durak", wherever the
  game's result, its record, the match's tally or the statistics name them: never
  glossed as 「ドゥラーク（負け）」 or "the durak (loser)" in one place and bare in
  another, never 「負け」 in one and ドゥラーク in another (the rules page says once
  what the word means).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from durak.ui_dom import i18n

ROOT = Path(__file__).resolve().parents[2]
#: Every string table of Durak's page and of the page shell, as a module name.
STRING_TABLES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for folder in ("durak", "cardkit")
    for path in (ROOT / folder).rglob("strings_*.py")
)


def texts(value: object) -> Iterator[str]:
    """Every string held in ``value`` (a table's dicts, tuples and lists, nested)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts(item)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from texts(item)


def table_texts(module_name: str) -> list[str]:
    """The strings of a string table's module-level tables (not its docstring)."""
    module = importlib.import_module(module_name)
    return [text for name, value in vars(module).items() if not name.startswith("__")
            for text in texts(value)]


def test_the_string_tables_are_found() -> None:
    assert "durak.ui_dom.hint.strings_hint" in STRING_TABLES
    assert "cardkit.ui_dom.strings_shell" in STRING_TABLES


@pytest.mark.parametrize("module_name", STRING_TABLES)
def test_japanese_writes_durak_with_its_long_vowel(module_name: str) -> None:
    """ドゥラーク, never ドゥラク (no English text holds katakana, so every string
    of the table is checked)."""
    assert [text for text in table_texts(module_name) if "ドゥラク" in text] == []


#: The lines that name the loser: the ordinary game's end and result, the match's
#: tally, the record in words, the statistics, the pile games' and the suit deal's end.
LOSER_LINES = (
    "role.durak", "status.over_durak", "result.durak", "seat.tally", "result.tally",
    "words.durak", "stats.durak", "pile.durak", "pile.status.over", "pile.result.durak",
    "sd.status.over",
)
#: The loser's word glossed, in either language.
GLOSSED = re.compile(r"ドゥラーク\s*[（(]負け[）)]|durak\s*\(loser\)", re.IGNORECASE)


def test_the_loser_is_named_by_one_word_in_each_language() -> None:
    words = i18n.catalog()
    assert [key for key in LOSER_LINES if "ドゥラーク" not in words[key]["ja"]] == []
    assert [key for key in LOSER_LINES if "durak" not in words[key]["en"].lower()] == []
    glossed = {key: text for key, entry in words.items() for text in entry.values()
               if GLOSSED.search(text)}
    assert glossed == {}
