"""The dealing a guest's page draws from at a table with friends: what one seat's
:class:`~durak.suit_deal.view.DealView` shows and nothing more.

Everything in the dealing is face up but the talon's order (docs/rules/durak.md
§3.6), so the turning order as far as the view shows it is known to every seat:
the first table card, each step's card and the turned card waiting for a choice.
:func:`public_game` puts the rest of the deck after those in card order (not the
talon's real order, which only the host's page holds), replays the choices the
steps show and checks that the game so built shows exactly that view: a view
whose steps do not replay to its own table, hands and choices is refused.
"""

from __future__ import annotations

from durak.actions import IllegalActionError
from durak.suit_deal.deal_phase import DECK_SIZE, TakeWith
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.view import DealView, DealViewError, deal_view, first_card


def public_game(view: DealView) -> SuitDealGame:
    """The dealing as ``view`` shows it (its unturned cards in card order), or a
    :class:`DealViewError` saying why ``view`` is no dealing's view.

    >>> from durak.rules import Rules
    >>> g = SuitDealGame.new(Rules.from_text("mode=suit_deal&players=3"), seed=1)
    >>> p = public_game(g.view(1))
    >>> p.view(1) == g.view(1), p.deal.order == g.deal.order
    (True, False)
    """
    try:
        first = first_card(view)
    except ValueError as e:
        raise DealViewError(str(e)) from None
    seen = [first, *(s[2] for s in view.steps)]
    if view.turned is not None:
        seen.append(view.turned)
    if len(set(seen)) != len(seen):
        raise DealViewError("steps: a card turned twice")
    order = seen + sorted(set(range(DECK_SIZE)) - set(seen))
    try:
        game = SuitDealGame.from_order(view.rules, order, view.dealer)
        while game.dealing and len(game.deal.steps) < len(view.steps):
            step = view.steps[len(game.deal.steps)]
            if len(step) != 4 or step[0] != "take" or step[1] != game.deal.to_act:
                raise DealViewError(f"steps[{len(game.deal.steps)}]: not the dealing's step")
            game.apply(TakeWith(step[3]))
    except (ValueError, IllegalActionError) as e:
        raise DealViewError(f"steps: {str(e)[:200]}") from None
    if deal_view(game.deal, view.seat) != view:
        raise DealViewError("the view's steps do not lead to its table and hands")
    return game


__all__ = ["public_game"]
