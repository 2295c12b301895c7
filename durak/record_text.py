"""Writing the text record of docs/rules/durak.md §7.

The text record, one line per bout after a header::

    DURAK preset=podkidnoy opts=players:3 seed=7 game=1
    seats 0:P1 1:P2 2:P3 dealer=2 first=0
    deal 0:6S,9H,… 1:… 2:…
    trump 9D talon=18
    b1 0>1 +0:7C /1:9C=7C +2:7H /1:KH=7H beaten
    r 0:QS 2:AC 1:8D,JH
    b2 1>2 +1:8S >2:8H ! taken
    out 1
    end durak=2

``+s:C,C`` opening attack or throw-ins of seat s; ``/s:C=X`` s covers X with C;
``>s:C`` s transfers with C (``>s:*C`` shown); ``!`` the defender takes;
``beaten``/``taken``; ``r`` the refill in drawing order; ``out``; ``end``
(``shame`` marks the disgraceful loss).  Passes in a throw-in window are not
written: a replay passes until the next written move is possible, a thrower
passing only between two of their own throw-ins (``+s:C +s:D``).  A pass it
could not infer is written ``-s`` before that seat's throw-in or ``sly``
cover (the attacker of ``throw_order=attacker_priority`` may be offered twice
between two throws and throw only at the second offer).  The talon's order is
rebuilt from the ``r`` lines (cards never drawn do not matter);
``removed`` lists cards put out of play face down.  ``trump - talon=N`` when no
card is turned; ``trump 9D face_down talon=N`` for ``trump=invisible``.

Option tokens of this module's own: ``/s:C=X^E,F`` a ``baltic`` cover of X by
C laying E and F beside it (roles swap); ``recycled`` ends a beaten bout that
went back into the talon, whose shuffle comes from ``recycle=SEED`` on the
trump line; ``ws:C`` seat s swaps in C, the 6 of the suit turned at the
time (``six_swap``); ``piles 0:C,… 1:…`` the ``magadan`` face-down cards in the order
they are taken; the ``dummy`` hand is the last seat, named ``dummy``.
``ds`` seat s doubles (§7's ``d``, with the seat: either player may double;
a bare ``d`` is read as the attacker's), ``a``/``f`` accept/fold; the
defender's "no double" is not written.  ``?s`` seat s challenges the last
face-down cover (``doubt``; its ``/s:C=X`` shows the card, as a record of a
finished game shows every hand); passes in a challenge round are not written.
A ``sly``/``brazen`` cover is ``/s:C=X`` with s the attack card's player.
``inverted`` (docs/rules/durak.md §3.5): the deal line writes each hand in position order; plays
by position are written with the card they turned out to be (``+s:C``,
``/s:C=X``) and replayed by that card's position; ``~s`` marks a wrong cover
or throw-in, after which seat s takes the table (``taken``).

The text is read back by :func:`durak.record_text_replay.replay_text`, which checks
every written fact; the JSON record is :mod:`durak.record_json`'s, and
:mod:`durak.record` is the records' home.
"""

from __future__ import annotations

from collections.abc import Sequence

from durak import actions
from durak.cards import RANK_6, RANKS, TWIN, Card, card_text, cards_text, hand_text
from durak.family.framing import head_line, seats_line
from durak.game import Game
from durak.record_json import seat_names
from durak.rules import Rules


def rules_header(rules: Rules) -> str:
    name, diffs = rules.base_preset()
    opts = ",".join(f"{k}:{v}" for k, v in diffs.items())
    return f"preset={name}" + (f" opts={opts}" if opts else "")


def text_record(
    game: Game, names: Sequence[str] | None = None, seed: int | None = None, number: int = 1
) -> str:
    """The §7 text record of ``game`` (complete once the game is over)."""
    n = game.n
    names = seat_names(game, names)
    deal = game.deal
    lines = [head_line("DURAK", rules_header(game.rules),
                       None if seed is None else f"{seed:x}", number)]
    lines.append(seats_line(
        names[:n], f"dealer={game.dealer} first={game.first_attacker}"
        + ("" if deal.opener_shown is None else f" shown={card_text(deal.opener_shown)}")))
    hands = ([cards_text(o) for o in deal.slots] if deal.slots
             else [hand_text(h) for h in deal.hands])
    lines.append("deal " + " ".join(f"{i}:{h}" for i, h in enumerate(hands)))
    tc = deal.trump_card
    trump = "-" if tc is None else card_text(tc) + ("" if deal.trump_shown else " face_down")
    if deal.own_suits:
        trump += " own=" + "".join("SHDC"[s] for s in deal.own_suits)
    if game.rules.trump == "hidden" and deal.talon:
        trump += f" under={card_text(deal.talon[0])}"
    if game.rules.recycle:
        trump += f" recycle={deal.reshuffle:x}"
    lines.append(f"trump {trump} talon={len(deal.talon)}")
    if deal.piles:
        lines.append("piles " + " ".join(f"{i}:{cards_text(p)}" for i, p in enumerate(deal.piles)))
    if deal.removed:
        lines.append(f"removed {hand_text(deal.removed)}")
    bout: list[str] = []
    last: tuple[int, str] | None = None  # (seat, kind) of the last + token, to merge throws
    # the move a following "@"/"x" event belongs to
    pending: tuple[int, actions.Action] = (0, actions.TAKE)
    turned = deal.trump_card  # the trump card of the moment: a "trump" event changes it
    passed: list[int] = []  # seats that passed since the last throw-in token
    thrown = (-1, -1)  # (lines, tokens) right after the last throw-in token
    thrower: dict[Card, int] = {}  # who threw each card in this bout (brazen, american)
    took = False  # the defender took in this bout: any later cover is a sly one

    def unwritten_passes(seat: int, split: bool = True) -> None:
        """``-s`` for each pass of ``seat`` a replay cannot infer before its throw:
        a replay passes the others until ``seat`` is offered, and ``seat`` itself only
        right after its own throw (a split run).  Only after a throw-in in the same
        window is anyone offered twice (``throw_order=attacker_priority``: the attacker),
        so only passes since the last throw-in token count: that also leaves out a
        ``doubt`` challenge round's passes, which follow a cover.  ``split``: the
        token is a throw-in, read as a split run after the seat's own throw-in."""
        if (len(lines), len(bout)) == thrown:
            count = passed.count(seat)
            if split and count and passed[0] == seat and bout[-1].startswith(f"+{seat}:"):
                count -= 1
            bout.extend([f"-{seat}"] * count)

    for e in game.events:
        tag = e[0]
        if tag == "trump":
            turned = e[1]
        elif tag == "a" and isinstance(e[2], actions.Pass) and (len(lines), len(bout)) == thrown:
            passed.append(e[1])
        if tag == "b":
            if bout:
                lines.append(" ".join(bout))
            bout = [f"b{e[1]} {e[2]}>{e[3]}"]
            last = None
            thrower.clear()
            took = False
        elif tag == "a":
            seat, a = e[1], e[2]
            if isinstance(a, actions.Attack):
                bout.append(f"+{seat}:{hand_text(a.cards)}")
                last = None
            elif isinstance(a, actions.Throw):
                thrower[a.card] = seat
                if last is not None and last[0] == seat and bout[-1].startswith("+"):
                    bout[-1] += "," + card_text(a.card)
                else:
                    unwritten_passes(seat)
                    bout.append(f"+{seat}:{card_text(a.card)}")
                last = (seat, "+")
                thrown = (len(lines), len(bout))
                passed.clear()
            elif isinstance(a, actions.Cover):
                if game.rules.sly != "off":  # a sly cover is offered like a throw-in
                    unwritten_passes(seat, split=False)
                bout.append(f"/{seat}:{card_text(a.card)}={card_text(a.target)}")
                last = None
                if took or thrower.get(a.target) == seat:
                    # Sly (after a take), brazen or american (one's own throw-in): the
                    # window goes on, and a replay reaches this cover, so the passes
                    # are counted from here.  (Not "a cover of one's own card": with
                    # two players a transfer hands the attacker back their own card
                    # to defend, and a doubt round follows that cover.)
                    thrown = (len(lines), len(bout))
                    passed.clear()
            elif isinstance(a, actions.Baltic):
                bout.append(f"/{seat}:{card_text(a.card)}={card_text(a.target)}"
                            f"^{hand_text(a.extra)}")
                last = None
            elif isinstance(a, actions.Transfer):
                star = "*" if a.shown else ""
                bout.append(f">{seat}:{star}{hand_text(a.cards)}")
                last = None
            elif isinstance(a, actions.Double):
                bout.append(f"d{seat}")  # both players may double (§7)
                last = None
            elif isinstance(a, (actions.Accept, actions.Fold)):
                bout.append({actions.Accept: "a", actions.Fold: "f"}[type(a)])
                last = None
            elif isinstance(a, actions.SwapSix):  # the trump 6 of the suit turned at the time
                assert turned is not None  # (trump=changing may turn another suit later)
                bout.append(f"w{seat}:{card_text(turned % TWIN // RANKS * RANKS + RANK_6)}")
                last = None
            elif isinstance(a, actions.Challenge):
                bout.append(f"?{seat}")  # doubt (§3.5)
                last = None
            elif isinstance(a, (actions.PlaySlot, actions.CoverSlot)):
                pending = (seat, a)  # its card follows in a "slot" event
            else:  # take, pass (ends a run of throws), or a move whose card follows
                pending = (seat, a)
                last = None
        elif tag == "@":
            seat, a = pending
            c = e[1]
            if isinstance(a, actions.FromTalon):
                bout.append(f"+{seat}:@{card_text(c)}")
            elif isinstance(a, actions.TryTalon):
                t = card_text(a.target)
                covered = len(e) > 2
                bout.append(f"/{seat}:@{card_text(c)}={t}" if covered
                            else f"@{seat}:{card_text(c)}={t}")
        elif tag == "x":
            bout.append(f"x{pending[0]}:{hand_text(e[1])}/{cards_text(e[2])}")
        elif tag == "slot":  # inverted: the card a position turned out to be
            seat, a = pending
            c, kind = e[1], e[2]
            if kind == "cover" and isinstance(a, actions.CoverSlot):
                bout.append(f"/{seat}:{card_text(c)}={card_text(a.target)}")
                last = None
            elif kind == "throw" and last is not None and last[0] == seat and \
                    bout[-1].startswith("+"):
                bout[-1] += "," + card_text(c)
            else:
                if kind == "throw":
                    unwritten_passes(seat)
                bout.append(f"+{seat}:{card_text(c)}")
                last = (seat, "+") if kind == "throw" else None
            if kind == "throw":
                thrown = (len(lines), len(bout))
                passed.clear()
        elif tag == "wrong":
            bout.append(f"~{e[1]}")
            last = None
        elif tag == "!":
            bout.append("!")
            took = True
        elif tag == "recycle":
            bout.append("recycled")
        elif tag == "beaten":
            if not bout or bout[-1] != "recycled":
                bout.append(tag)
        elif tag == "taken":
            bout.append(tag)
        elif tag in ("r", "out", "end") and bout:
            lines.append(" ".join(bout))
            bout = []
        if tag == "r":
            if e[1]:
                lines.append("r " + " ".join(f"{s}:{cards_text(cs)}" for s, cs in e[1]))
        elif tag == "out":
            lines.append("out " + " ".join(map(str, e[1])))
        elif tag == "end":
            lines.append(e[1].text())
    if bout:
        lines.append(" ".join(bout))
    return "\n".join(lines) + "\n"


__all__ = ["rules_header", "text_record"]
