"""Seats round the table, as every game of the family counts them (docs/rules/durak.md §2.3,
§2.10, §2.13, §3.6).

A table is its clockwise-neighbour table ``nxt`` (``nxt[s]`` sits at ``s``'s
left): :func:`clockwise` makes it, ``s + 1`` all round but for the ordinary
game's dummy (§3.4).  From it, once for all three engines:

* :func:`seat_order` — every seat once, clockwise from one, one of them
  (the defender at a refill, §2.10) moved last: the order of a refill, of a
  deal, of players going out together;
* :data:`RINGS` — the plain tables (no dummy), made once;
* :func:`next_in` — the next seat clockwise still in the game (who plays
  next once players have gone out).

The orders are worked out once per table and kept: the engines ask for them
at every refill.

>>> ring = clockwise(4, False, 0)
>>> seat_order(2, ring), seat_order(1, ring, last=2)
((2, 3, 0, 1), (1, 3, 0, 2))
>>> next_in(1, ring, 0b1001)  # seats 0 and 3 still in
3
"""

from __future__ import annotations

import functools
from typing import Final


@functools.cache
def clockwise(players: int, dummy: bool, dealer: int) -> tuple[int, ...]:
    """Each seat's clockwise neighbour: seat s+1, except that a dummy (seat
    ``players``) sits between the dealer's right neighbour and the dealer [I].

    >>> clockwise(3, False, 0)
    (1, 2, 0)
    >>> clockwise(3, True, 1)  # 1 → 2 → 0 → dummy → 1
    (3, 2, 0, 1)
    """
    if not dummy:
        return tuple((s + 1) % players for s in range(players))
    nxt = [(s + 1) % players for s in range(players)] + [dealer]
    nxt[(dealer - 1) % players] = players
    return tuple(nxt)


#: The plain tables of 1 to 8 seats (no dummy), by the number of seats.
RINGS: Final = tuple(clockwise(n, False, 0) if n else () for n in range(9))


@functools.cache
def seat_order(first: int, nxt: tuple[int, ...], last: int | None = None) -> tuple[int, ...]:
    """Every seat once, clockwise from ``first``; ``last`` (if given, ``first`` too)
    after all the others."""
    order = [first]
    s = nxt[first]
    while s != first:
        order.append(s)
        s = nxt[s]
    if last is not None:
        order.remove(last)
        order.append(last)
    return tuple(order)


def next_in(seat: int, nxt: tuple[int, ...], in_game: int) -> int:
    """The next seat clockwise from ``seat`` whose bit is set in ``in_game``
    (``seat`` itself if no other is)."""
    s = nxt[seat]
    while s != seat and not in_game >> s & 1:
        s = nxt[s]
    return s


__all__ = ["RINGS", "clockwise", "next_in", "seat_order"]
