"""The record in words: a Durak game's text record (docs/rules/durak.md §7) told bout by bout.

Read from the text record (:func:`durak.record.text_record`), never from the engine's
state, so an imported or shared record reads the same as the game just played: who
attacked whom with what, covers, transfers, throw-ins, takes and the cards they picked
up, refills, who went out, in the page's language with card symbols (``10♦``), several
cards as one list (:func:`card_list`: "7♠, 7♣ and 7♥", 「7♠・7♣・7♥」).  A token this
module does not know (a rare option's) is shown as written, never dropped and never a
crash.

Pure Python (no browser module): the record screen (:mod:`durak.ui_dom.record.record_view`)
draws these lines, and the unit tests read them on CPython.

>>> words("b1 0>1 +0:7C /1:9C=7C beaten", ["You", "CPU1"], "en")
['Bout 1, You attacked CPU1: You led 7♣; CPU1 covered 7♣ with 9♣; beaten, to the discard pile.']
"""

from __future__ import annotations

from collections.abc import Sequence

from durak.cards import Card, CardTextError, card_label, parse_cards
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


def card_list(labels: Sequence[str], lang: str) -> str:
    """Cards (already written, ``7♣``) as a list a player would say, the one way the
    record, the pile games' words and the recent moves list them: 「6♣・9♦・K♠」,
    "6♣, 9♦ and K♠".

    >>> card_list(["6♣", "9♦", "K♠"], "en"), card_list(["6♣", "9♦"], "ja")
    ('6♣, 9♦ and K♠', '6♣・9♦')
    """
    if lang == "en" and len(labels) > 1:
        return ", ".join(labels[:-1]) + " and " + labels[-1]
    return tr(lang, "words.list_sep").join(labels)


def _parsed(text: str) -> list[Card] | None:
    try:
        return parse_cards(text)
    except CardTextError:
        return None


#: The tokens after which the record alone does not say which cards a take picked up
#: (a card from the talon that did not beat, a doubt's challenge or wrong card, cards
#: laid beside a cover): the take is then said without its cards.
_UNTOLD = ("@", "?", "~")


class _Bout:
    """The words of one record line: the names, the language, the bout's seats, and
    the cards on the table (attack, cover) as the record laid them."""

    def __init__(self, names: Sequence[str], lang: str) -> None:
        self.names = names
        self.lang = lang
        self.defender = -1
        self.led = False
        #: The record's header options (``take:unbeaten``, ``sly:…``): what a take picks up.
        self.opts: dict[str, str] = {}
        self.table: list[list[Card | None]] = []
        #: Whether :attr:`table` is what lies on the table (no token :data:`_UNTOLD`).
        self.told = True

    def cards(self, text: str) -> str:
        """``7C,KH`` as ``7♣ and K♥`` (:func:`card_list`); text that is not cards stays as
        written."""
        cards = _parsed(text)
        if cards is None:
            return text
        return card_list([card_label(c) for c in cards], self.lang)

    def lay(self, text: str) -> None:
        """Attack cards laid on the table (a lead, a throw-in, a transfer)."""
        cards = _parsed(text)
        if cards is None:
            self.told = False
            return
        self.table += [[c, None] for c in cards]

    def cover(self, card_text: str, target_text: str) -> None:
        card, target = _parsed(card_text), _parsed(target_text)
        pair = next((p for p in self.table if target and p[0] == target[0]), None)
        if card is None or len(card) != 1 or pair is None:
            self.told = False
            return
        pair[1] = card[0]

    def picked_up(self) -> list[Card] | None:
        """The cards a take picks up (docs/rules/durak.md §3.2: the whole table, or with
        ``take=unbeaten`` the attacks left uncovered), or ``None`` when the record alone
        does not say (:data:`_UNTOLD`, or ``unbeaten`` with sly covers, which are taken
        with their pair)."""
        if not self.told:
            return None
        if self.opts.get("take") == "unbeaten":
            if self.opts.get("sly", "off") != "off":
                return None
            return [a for a, cover in self.table if a is not None and cover is None]
        return [c for pair in self.table for c in pair if c is not None]

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
        if tok == "taken":
            picked = self.picked_up()
            if picked:
                return self.say("words.took", who=self.name(str(self.defender)),
                                cards=card_list([card_label(c) for c in picked], self.lang))
        simple = {"beaten": "words.beaten", "taken": "words.taken",
                  "recycled": "words.recycled", "a": "words.accept", "f": "words.fold"}
        if tok in simple:
            return self.say(simple[tok], who=self.name(str(self.defender)))
        if tok == "!":
            return self.say("words.take", who=self.name(str(self.defender)))
        kind, body = tok[0], tok[1:]
        seat, _, cards = body.partition(":")
        if kind in _UNTOLD:
            self.told = False
        if kind == "+" and cards:
            self.lay(cards.lstrip("@"))
            if cards.startswith("@"):
                return self.say("words.from_talon", who=self.name(seat),
                                cards=self.cards(cards[1:]))
            key = "words.throw" if self.led else "words.lead"
            self.led = True
            return self.say(key, who=self.name(seat), cards=self.cards(cards))
        if kind == "/" and "=" in cards:
            card, _, target = cards.partition("=")
            target, _, extra = target.partition("^")
            talon = card.startswith("@")
            if seat.isdigit() and self.defender == -1:
                self.defender = int(seat)
            self.cover(card.lstrip("@"), target)
            if extra:
                self.told = False
            line = self.say("words.cover_talon" if talon else "words.cover", who=self.name(seat),
                            target=self.cards(target), card=self.cards(card.lstrip("@")))
            if extra:
                line += self.say("words.baltic", cards=self.cards(extra))
            return line
        if kind == ">" and cards:
            # The new defender is the transferrer's next opponent: with two players
            # the other one; with more, the record does not say (teams, players out)
            # until they cover, so the words say "the defender".
            two = len(self.names) == 2 and seat in ("0", "1")
            self.defender = 1 - int(seat) if two else -1
            if cards.startswith("*"):
                return self.say("words.transfer_shown", who=self.name(seat),
                                cards=self.cards(cards[1:]))
            self.lay(cards)
            return self.say("words.transfer", who=self.name(seat), cards=self.cards(cards))
        if kind == "@" and "=" in cards:
            card, _, target = cards.partition("=")
            return self.say("words.try_talon", who=self.name(seat), card=self.cards(card),
                            target=self.cards(target))
        if kind == "w" and cards:
            return self.say("words.swap_six", who=self.name(seat), cards=self.cards(cards))
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
        self.table, self.told = [], True
        head = self.say("words.bout", n=number, attacker=self.name(attacker),
                        defender=self.name(defender))
        parts = [self.token(tok) for tok in words[2:]]
        return head + self.say("words.sep").join(parts) + self.say("words.stop")


def _refill(words: list[str], bout: _Bout) -> str:
    """``r 0:QS 2:AC,6H``: who drew what, the drawers apart as a bout's moves are (the
    cards of one drawer are a list, :func:`card_list`)."""
    draws = []
    for tok in words[1:]:
        seat, _, cards = tok.partition(":")
        draws.append(bout.say("words.draws", who=bout.name(seat), cards=bout.cards(cards)))
    return bout.say("words.refill", draws=bout.say("words.sep").join(draws))


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
    return bout.say("words.trump", card=bout.cards(words[1]), talon=talon)


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
        if head == "DURAK":
            opts = next((w[5:] for w in parts if w.startswith("opts=")), "")
            bout.opts = dict(o.partition(":")[::2] for o in opts.split(",") if o)
            continue
        if head in ("seats", "deal", "piles", "removed"):
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
