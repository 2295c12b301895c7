"""The 譜 text (docs/rules/napoleon.md §6): display-width padding, wrapping, the English
format, the decided-by marks, and golden records in both languages.

Golden files: ``tests/data/records/*.txt``; after an intended change of the format,
rewrite them with ``NAPOLEON_REGEN_GOLDEN=1 python3 -m pytest tests/engine/test_record_text.py``
and read the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record_text import (
    AMBIGUOUS_CELLS,
    REASON_SHORT,
    Lang,
    Symbols,
    cell_runs,
    cells,
    char_cells,
    column_cells,
    pad,
    pad_left,
    record_card,
    text_record,
    wrap_items,
)
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.tricks import WinReason, trick_reason

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "records"
NAMES = {"ja": ["あなた", "CPU1", "CPU2", "CPU3", "CPU4", "CPU5"],
         "en": ["You", "CPU1", "CPU2", "CPU3", "CPU4", "CPU5"]}


def finished(seed: int, rules: Rules) -> Game:
    return play_random_game(Game.new(rules, seed), random.Random(seed))


# ---- display width ---------------------------------------------------------------

def test_wide_and_fullwidth_characters_take_two_cells() -> None:
    """East Asian Width W/F: kana, kanji, 【】 and fullwidth forms."""
    for ch in "あナ巡【】ＡＪ":
        assert char_cells(ch) == 2 and char_cells(ch, ambiguous=1) == 2


def test_ascii_takes_one_cell() -> None:
    for ch in "Aa09 -/+*>#(":
        assert char_cells(ch) == 1


def test_ambiguous_symbols_count_as_the_record_language_says() -> None:
    """Documented choice: ambiguous = 2 cells in the Japanese 譜, 1 in the English one;
    ♦ (Unicode 'neutral') counts with the other three suits."""
    assert AMBIGUOUS_CELLS == {"ja": 2, "en": 1}
    for ch in "▲▽◇★♠♥♦♣→○◎":
        assert char_cells(ch, ambiguous=2) == 2
        assert char_cells(ch, ambiguous=1) == 1


def test_pad_by_display_width_not_by_characters() -> None:
    """Padding counts cells, not characters: 「あなた」 is 3 characters but 6 cells."""
    assert pad("あなた", 9) == "あなた   "
    assert pad("CPU1", 9) == "CPU1     "
    assert cells(pad("あなた", 9)) == cells(pad("CPU1", 9)) == 9
    assert pad("▲10○", 6) == "▲10○" and pad("▲A→", 6) == "▲A→ "
    assert pad("♠A+", 6, ambiguous=1) == "♠A+   "
    assert pad_left("5", 2) == " 5" and pad_left("あ", 2) == "あ"
    assert pad("長すぎる名前です", 4) == "長すぎる名前です"  # never cut


def test_cell_runs_box_every_non_ascii_character() -> None:
    runs = cell_runs("10 ▽  ▽Q    0", 2)
    assert runs == [("10 ", 0), ("▽", 2), ("  ", 0), ("▽", 2), ("Q    0", 0)]
    assert "".join(text for text, _ in runs) == "10 ▽  ▽Q    0"
    assert cell_runs("♠A+", 1) == [("♠", 1), ("A+", 0)]


def test_wrap_items_breaks_between_items_with_a_hanging_indent() -> None:
    lines = wrap_items("【競り】", ["CPU1 パス", "CPU2 ▲13", "CPU3 パス", "あなた パス"],
                       " / ", 32)
    assert lines == ["【競り】 CPU1 パス / CPU2 ▲13 /", "         CPU3 パス / あなた パス"]
    assert all(cells(ln) <= 32 for ln in lines)
    assert wrap_items("Points:", ["You +1"], ", ", 10) == ["Points: You +1"]


# ---- the trick table lines up ------------------------------------------------------

def from_cell(line: str, offset: int, ambiguous: int) -> str:
    """The rest of ``line`` from display cell ``offset`` (which must start a character)."""
    at = 0
    for i, ch in enumerate(line):
        if at == offset:
            return line[i:]
        at += char_cells(ch, ambiguous)
        assert at <= offset, f"cell {offset} falls inside {ch!r} of {line!r}"
    assert at == offset, f"cell {offset} falls inside a character of {line!r}"
    return ""


def trick_table(text: str) -> tuple[str, list[str]]:
    lines = text.splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith(("巡 台", " # Led")))
    rows = []
    for ln in lines[head + 1:]:
        if not ln[:2].strip().isdigit():
            break
        rows.append(ln)
    return lines[head], rows


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_seat_column_starts_under_its_name(lang: Lang, preset: str) -> None:
    """Headers counted by characters would sit ~30 px right of their columns.  In every row
    each seat's card starts at the display cell where the header puts its name."""
    amb = AMBIGUOUS_CELLS[lang]
    column = column_cells(lang)
    rules = Rules.preset(preset)
    for seed in range(6):
        g = finished(seed, rules.replace(players=6) if preset == "sdc" and seed == 5 else rules)
        names = NAMES[lang][: g.n]
        for symbols in ("record", "cards"):
            head, rows = trick_table(text_record(g, names, symbols, lang))
            prefix = cells(head[: head.index(names[0])], amb)
            for seat, name in enumerate(names):
                assert from_cell(head, prefix + seat * column, amb).startswith(name)
            assert len(rows) == len(g.tricks)
            for t, row in zip(g.tricks, rows, strict=True):
                for i, c in enumerate(t.cards):
                    seat = t.seat_of(i, g.n)
                    cell = from_cell(row, prefix + seat * column, amb)
                    assert cell.startswith(record_card(c, symbols)), (row, seat)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_bidding_wraps_inside_the_tables_width(lang: Lang) -> None:
    """【競り】 must not run past the box.  No line of the bidding or points is
    wider than the trick table (at least 40 cells)."""
    amb = AMBIGUOUS_CELLS[lang]
    rules = Rules(pass_rule="unlimited")
    for seed in range(30):
        g = finished(seed, rules)
        text = text_record(g, NAMES[lang][:5], "record", lang)
        head, rows = trick_table(text)
        width = max(40, cells(head, amb), *(cells(r, amb) for r in rows))
        lines = text.splitlines()
        start = next(i for i, ln in enumerate(lines) if ln.startswith(("【競り】", "Bidding:")))
        end = next(i for i, ln in enumerate(lines) if ln.startswith(("【ビッド", "Contract:")))
        assert all(cells(ln, amb) <= width for ln in lines[start:end])
        assert end - start >= 1


# ---- what the English record says ------------------------------------------------

def test_english_record_holds_the_same_facts() -> None:
    """Same information as SdC's: bids, contract, trump, called card, kitty, discards,
    each trick with marks, running honors, result and points."""
    g = finished(0, Rules())
    en = text_record(g, NAMES["en"][:5], "cards", "en")
    assert g.result is not None
    for head in ("Bidding:", "Contract:", "Called card:", "Kitty:", "Discards:", "Tricks:",
                 "Result:", "Points:"):
        assert head in en
    assert not any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in en)
    ja = text_record(g, NAMES["ja"][:5], "cards", "ja")
    # The trick rows hold the same cards in the same places; only the marks differ.
    _, ja_rows = trick_table(ja)
    _, en_rows = trick_table(en)
    marks = str.maketrans({"→": ">", "○": "+", "◎": "*"})
    for a, b in zip(ja_rows, en_rows, strict=True):
        assert a.translate(marks).split()[2:7] == b.split()[2:7]
    assert f"bid {g.result.bid}" in en


def test_exchange_first_writes_the_exchange_before_the_call() -> None:
    """NAPOLEON L (``exchange_first=on``): the kitty is exchanged before the adjutant call."""
    g = finished(0, Rules.preset("napoleon_l"))
    text = text_record(g)
    assert text.index("【後引札】") < text.index("【副官指定】")
    sdc = text_record(finished(0, Rules()))
    assert sdc.index("【副官指定】") < sdc.index("【後引札】")


# ---- the power that decided a trick ------------------------------------------------

@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_trick_decided_by_a_special_power_names_it(lang: Lang) -> None:
    """The 譜 marks each trick a special power decided, and no other."""
    for preset in ("sdc", "napoleon_l", "four"):
        g = finished(1, Rules.preset(preset))
        _, rows = trick_table(text_record(g, NAMES[lang][: g.n], "record", lang))
        for t, row in zip(g.tricks, rows, strict=True):
            reason = trick_reason(g.rules, g.trump, t.cards, t.named_suit, t.index)[1]
            named = [r for r, short in REASON_SHORT[lang].items() if row.endswith("  " + short)]
            assert named == ([reason] if reason.special else []), row


def test_every_special_reason_has_a_short_name_in_both_languages() -> None:
    for lang in ("ja", "en"):
        assert set(REASON_SHORT[lang]) == {r for r in WinReason if r.special}


# ---- golden records --------------------------------------------------------------

CASES: list[tuple[str, str, Lang, Symbols]] = [
    ("sdc_seed0_ja.txt", "sdc", "ja", "record"),
    ("sdc_seed0_en.txt", "sdc", "en", "cards"),
    ("napoleon_l_seed0_ja.txt", "napoleon_l", "ja", "cards"),
    ("napoleon_l_seed0_en.txt", "napoleon_l", "en", "record"),
]


@pytest.mark.parametrize(("name", "preset", "lang", "symbols"), CASES)
def test_golden_record(name: str, preset: str, lang: Lang, symbols: Symbols) -> None:
    """The whole 譜 of a seeded game, character for character (SdC's format in
    Japanese, ours in English)."""
    g = finished(0, Rules.preset(preset))
    text = text_record(g, NAMES[lang][: g.n], symbols, lang)
    path = GOLDEN / name
    if os.environ.get("NAPOLEON_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_long_rules_text_wraps_after_an_ampersand_and_reads_back(lang: Lang) -> None:
    rules = Rules(scoring="zerosum", pass_rule="unlimited", siberia=True, yoromeki="off",
                  rank_same_two=None, joker_lead="trump", change_after_kitty=True)
    text = text_record(finished(2, rules), NAMES[lang][:5], "record", lang)
    lines = text.splitlines()
    end = next(i for i, ln in enumerate(lines) if ln.startswith(("配り始め", "First bidder")))
    assert end > 1
    assert all(cells(ln, AMBIGUOUS_CELLS[lang]) <= 57 for ln in lines[:end])
    joined = "".join(ln.strip() for ln in lines[:end]).split(":", 1)[1].strip()
    assert Rules.from_text(joined) == rules
