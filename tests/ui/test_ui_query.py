"""The page's query-string reader agrees with :mod:`urllib.parse`.

``cardkit.query`` replaces ``urllib.parse.parse_qsl(..., keep_blank_values=True)``
on the page's start (importing ``urllib.parse`` costs ~100 ms there); the query
string is how links carry rules (docs/rules/napoleon.md §4 keys,
``?preset=guruguru&siberia=on``), so the two must read every string the same
way, malformed ones included.
"""

from __future__ import annotations

import urllib.parse

from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.query import parse_qsl, unquote_plus

#: Characters that matter to the parser, plus a sample of everything else.
PIECES = st.one_of(
    st.sampled_from(["&", "=", "+", "%", "%2", "%E3", "%83", "%8A", "%zz", "%41", "%C3%A9", "%FF"]),
    st.sampled_from(list("aZ09;?#/ ナ♠é")),
    st.characters(),
)
QUERIES = st.lists(PIECES, max_size=30).map("".join)


# 300 strings of up to 30 pieces (separators, good and bad escapes, empty names and
# values): every line and branch of cardkit.query that 1000 meet.
@settings(max_examples=300, deadline=None)
@given(QUERIES)
def test_parse_qsl_matches_urllib(text: str) -> None:
    assert parse_qsl(text) == urllib.parse.parse_qsl(text, keep_blank_values=True)


# 150 strings: every line and branch of the unquoting that 500 meet (parse_qsl's, met
# there twice as often).
@settings(max_examples=150, deadline=None)
@given(QUERIES)
def test_unquote_plus_matches_urllib(text: str) -> None:
    assert unquote_plus(text) == urllib.parse.unquote_plus(text)


def test_rule_link_and_share_query_round_trip() -> None:
    """A link's rules (docs/rules/napoleon.md §4 keys) and an encoded Japanese value read back."""
    text = "preset=guruguru&siberia=on&lang=ja&seed=7&name=" + urllib.parse.quote("ナポレオン")
    assert parse_qsl(text) == [
        ("preset", "guruguru"), ("siberia", "on"), ("lang", "ja"), ("seed", "7"),
        ("name", "ナポレオン"),
    ]
