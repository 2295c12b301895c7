"""The pile games' invariants, checked after every move by the tests and the fuzz script.

:func:`problems` lists what is wrong with a state (empty when all holds): every
card lies in exactly one place (a hand, the pile, the talon, the discard
pile); a card known to be in a hand is there; nobody is out while the talon
lasts; a player out holds nothing; the seat to act is in the game and has a
move; a game goes on only while two players hold cards (or heap's last
attack is still to be answered); a finished game names a durak who holds
cards, or is a draw by repetition or (heap, polish) with nobody holding cards.
"""

from __future__ import annotations

from durak.cards import DECK_36
from durak.family.modes import HEAP, POLISH
from durak.pile import dispatch
from durak.pile.state import PileState


def problems(st: PileState) -> list[str]:
    out: list[str] = []
    seen = 0
    places = [*st.hands, st.discard, *(1 << c for c in st.pile), *(1 << c for c in st.talon)]
    for m in places:
        if seen & m:
            out.append("a card is in two places")
        seen |= m
    if seen != DECK_36:
        out.append("a card is missing")
    if st.talon and st.in_game != (1 << st.n) - 1:
        out.append("a player went out while the talon lasts")
    for s in range(st.n):
        if st.known[s] & ~st.hands[s]:
            out.append(f"seat {s} is known to hold a card it does not hold")
        if not st.in_game >> s & 1 and (st.hands[s] or s not in st.out):
            out.append(f"seat {s} is out but holds cards or is not listed out")
    if not st.over:
        if not st.in_game >> st.to_act & 1:
            out.append(f"seat {st.to_act} is to act but out")
        elif not dispatch.legal_actions(st):
            out.append(f"seat {st.to_act} is to act and has no move")
        if st.holding() < 2 and not (st.must_beat and st.holding() == 1):
            out.append("the game goes on with fewer than two players holding cards")
    elif st.durak is None:
        if not (st.repetition or (st.rules.mode in (HEAP, POLISH) and st.holding() == 0)):
            out.append("a draw without a repetition or an empty table")
    elif not st.hands[st.durak] or st.holding() != 1:
        out.append(f"durak {st.durak} is not the one player holding cards")
    return out


__all__ = ["problems"]
