"""The record in words: a Durak game's text record (docs/rules/durak.md §7) told bout by bout.

Read from the text record (:func:`durak.record.text_record`), never from the engine's
state, so an imported or shared record reads the same as the game just played: who
attacked whom with what, covers, transfers, throw-ins, takes, refills, who went out,
in the page's language with card symbols (``10♦``).  A token this module does not
know (a rare option's) is shown as written, never dropped and never a crash.

Pure Python (no browser module): the record screen (:mod:`durak.ui_dom.record_view`)
draws these lines, and the unit tests read them on CPython.

>>> words("b1 0>1 +0:7C /1:9C=7C beaten", ["You", "CPU1"], "en")
['Bout 1, You attacked CPU1: You led 7♣; CPU1 covered 7♣ with 9♣; beaten, to the discard pile.']
"""

from __future__ import annotations

from collections.abc import Sequence

from durak.cards import CardTextError, card_label, parse_cards
from durak.ui_dom.i18n import tr

#: How many lines of words one record may give (a record longer than this is cut,
#: with a line saying so): the record screen stays drawable whatever was pasted.
MAX_LINES = 2_000


#: The longest line of words, in characters: a pile game's pile with more moves than
#: that (polish's can hold dozens: nothing is discarded) goes on in further lines of
#: kind ``more``, each a sentence of whole moves (:func:`sentences`), so no line runs
#: to a wall of text on a phone (about five rows of a phone's dialog in Japanese, three
#: in English).  A single move longer than this (a take naming many cards) stays
#: whole, alone on its line.  An ordinary bout stays one line: it holds at most six
#: attacks and their covers, and its outcome reads with them.
LINE_CHARS = 120


def sentences(head: str, parts: Sequence[str], lang: str,
              sep_key: str = "words.sep") -> list[str]:
    """``head`` and the moves ``parts`` joined by ``sep_key``'s words (``Pile 3: a; b;
    c.``), in lines of at most :data:`LINE_CHARS` characters each, every move whole: the
    first starts with ``head``, the next ones with a move (its first letter capital)."""
    sep, stop = tr(lang, sep_key), tr(lang, "words.stop")
    out: list[str] = []
    line, held = head, 0
    for part in parts:
        if held and len(line) + len(sep) + len(part) + len(stop) > LINE_CHARS:
            out.append(line + stop)
            line, held = part[:1].upper() + part[1:], 1
            continue
        line += (sep if held else "") + part
        held += 1
    out.append(line + stop)
    return out


def _cards(text: str) -> str:
    """``7C,KH`` as ``7♣ K♥``; text that is not cards stays as written."""
    try:
        return " ".join(card_label(c) for c in parse_cards(text))
    except CardTextError:
        return text


class _Bout:
    """The words of one record line: the names, the language and the bout's seats."""

    def __init__(self, names: Sequence[str], lang: str) -> None:
        self.names = names
        self.lang = lang
        self.defender = -1
        self.led = False

    def name(self, seat_text: str) -> str:
        if seat_text.isdigit() and int(seat_text) < len(self.names):
            return self.names[int(seat_text)]
        if seat_text == "-1":  # the defender after a transfer, not written in the record
            return self.say("words.defender")
        return seat_text

    def say(self, key: str, **fmt: object) -> str:
        return tr(self.lang, key, **fmt)

    def token(self, tok: str) -> str:
        """One token of a bout line in words (``+0:7C``, ``/1:9C=7C``, ``!`` …)."""
        simple = {"beaten": "words.beaten", "taken": "words.taken",
                  "recycled": "words.recycled", "a": "words.accept", "f": "words.fold"}
        if tok in simple:
            return self.say(simple[tok], who=self.name(str(self.defender)))
        if tok == "!":
            return self.say("words.take", who=self.name(str(self.defender)))
        kind, body = tok[0], tok[1:]
        seat, _, cards = body.partition(":")
        if kind == "+" and cards:
            if cards.startswith("@"):
                return self.say("words.from_talon", who=self.name(seat), cards=_cards(cards[1:]))
            key = "words.throw" if self.led else "words.lead"
            self.led = True
            return self.say(key, who=self.name(seat), cards=_cards(cards))
        if kind == "/" and "=" in cards:
            card, _, target = cards.partition("=")
            target, _, extra = target.partition("^")
            talon = card.startswith("@")
            if seat.isdigit() and self.defender == -1:
                self.defender = int(seat)
            line = self.say("words.cover_talon" if talon else "words.cover", who=self.name(seat),
                            target=_cards(target), card=_cards(card.lstrip("@")))
            if extra:
                line += self.say("words.baltic", cards=_cards(extra))
            return line
        if kind == ">" and cards:
            # The new defender is the transferrer's next opponent: with two players
            # the other one; with more, the record does not say (teams, players out)
            # until they cover, so the words say "the defender".
            two = len(self.names) == 2 and seat in ("0", "1")
            self.defender = 1 - int(seat) if two else -1
            if cards.startswith("*"):
                return self.say("words.transfer_shown", who=self.name(seat),
                                cards=_cards(cards[1:]))
            return self.say("words.transfer", who=self.name(seat), cards=_cards(cards))
        if kind == "@" and "=" in cards:
            card, _, target = cards.partition("=")
            return self.say("words.try_talon", who=self.name(seat), card=_cards(card),
                            target=_cards(target))
        if kind == "w" and cards:
            return self.say("words.swap_six", who=self.name(seat), cards=_cards(cards))
        if not cards and body.isdigit():
            keys = {"-": "words.pass", "d": "words.double", "?": "words.challenge",
                    "~": "words.wrong"}
            if kind in keys:
                return self.say(keys[kind], who=self.name(body))
        if tok == "d":
            return self.say("words.double", who=self.say("words.attacker"))
        return self.say("words.token", token=tok)

    def bout(self, words: list[str]) -> str:
        """``b1 0>1 +0:7C …``: the bout's heading, then each token in turn."""
        number, seats = words[0][1:], words[1] if len(words) > 1 else ""
        attacker, _, defender = seats.partition(">")
        self.defender = int(defender) if defender.isdigit() else -1
        self.led = False
        head = self.say("words.bout", n=number, attacker=self.name(attacker),
                        defender=self.name(defender))
        parts = [self.token(tok) for tok in words[2:]]
        return head + self.say("words.sep").join(parts) + self.say("words.stop")


def _refill(words: list[str], bout: _Bout) -> str:
    draws = []
    for tok in words[1:]:
        seat, _, cards = tok.partition(":")
        draws.append(bout.say("words.draws", who=bout.name(seat), cards=_cards(cards)))
    return bout.say("words.refill", draws=bout.say("words.list_sep").join(draws))


def _end(words: list[str], bout: _Bout) -> str:
    if len(words) > 1 and words[1] == "draw":
        key = "words.draw_repetition" if "repetition" in words else "words.draw"
        return bout.say(key)
    kv = dict(w.partition("=")[::2] for w in words[1:])
    seats = [s for s in kv.get("durak", "").split(",") if s]
    line = bout.say("words.durak", who=bout.say("words.list_sep").join(map(bout.name, seats)))
    if "shame" in words:
        line += bout.say("words.shame")
    if "fold" in words:
        line += bout.say("words.folded")
    if "cube" in kv:
        line += bout.say("words.stake", n=kv["cube"])
    return line


def _trump(words: list[str], bout: _Bout) -> str:
    kv = dict(w.partition("=")[::2] for w in words[1:])
    talon = kv.get("talon", "?")
    if len(words) < 2 or words[1] == "-" or words[1].startswith("talon="):
        return bout.say("words.no_trump", talon=talon)
    if "face_down" in words:
        return bout.say("words.trump_hidden", talon=talon)
    return bout.say("words.trump", card=_cards(words[1]), talon=talon)


def words(text: str, names: Sequence[str], lang: str) -> list[str]:
    """The record ``text`` in words (:func:`lines` without their kinds)."""
    return [said for _kind, said in lines(text, names, lang)]


def lines(text: str, names: Sequence[str], lang: str) -> list[tuple[str, str]]:
    """The record ``text`` in words, one line per bout, refill, player out and end,
    each with its kind (``bout``, ``end``, or ``note`` for the others, which the page
    draws smaller and indented so the bouts stand out; the pile games add ``more``,
    a long pile's further sentences, :func:`sentences`).

    ``names``: the seats' names in the page's words (seat 0 first).  The deal, the
    seats and the header lines are left out (the record screen shows them apart);
    every other line of the record gives one line of words.
    """
    bout = _Bout(names, lang)
    out: list[tuple[str, str]] = []
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        head = parts[0]
        if head in ("DURAK", "seats", "deal", "piles", "removed"):
            continue
        if head == "trump":
            out.append(("note", _trump(parts, bout)))
        elif head.startswith("b") and head[1:].isdigit():
            out.append(("bout", bout.bout(parts)))
        elif head == "r":
            out.append(("note", _refill(parts, bout)))
        elif head == "out":
            out.append(("note", bout.say("words.out", who=bout.say("words.list_sep").join(
                bout.name(s) for s in parts[1:]))))
        elif head == "end":
            out.append(("end", _end(parts, bout)))
        else:
            out.append(("note", bout.say("words.token", token=line.strip())))
        if len(out) >= MAX_LINES:
            out.append(("note", bout.say("words.cut", n=MAX_LINES)))
            break
    return out
