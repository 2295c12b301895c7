"""The cheating oracle: sees every hand.  Used only to measure the ceiling.

It plays like the strong player but searches the one true world instead of
sampled ones (so no inference is needed), with exact minimax for the last
three tricks, and bids from playing out the true deal.  It never takes a
view: :meth:`OraclePlayer.decide_game` reads the whole :class:`Game`, which is
exactly why it must never sit at a real table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from napoleon.actions import Action, Bid, Pass, Play
from napoleon.ai.baseline import non_play_decision
from napoleon.ai.bidding import ContractResult, expected_points, pass_value, simulate_contract
from napoleon.ai.playout import Table
from napoleon.ai.search import candidates_of, score_candidates
from napoleon.ai.worlds import utility_table
from napoleon.cards import HONORS_MASK, JOKER_CALL_CARD, JOKERS_MASK, SUITS, Suit
from napoleon.game import Game, Phase
from napoleon.view import view_of


def true_table(g: Game) -> Table:
    """The play phase of ``g`` as a search table (every hand known)."""
    assert g.napoleon is not None
    adj = g.adjutant if g.adjutant is not None else -1
    t = Table(g.rules, g.trump, g.napoleon, adj, list(g.hands))
    t.called = g.called if g.called is not None else -1
    t.trick_no = g.trick_index
    t.leader = g.leader
    t.trick = list(g.trick)
    t.seats = [(g.leader + i) % g.n for i in range(len(g.trick))]
    t.named = g.named_suit
    t.honors = [m.bit_count() for m in g.captured]
    t.held = g.held.bit_count()
    t.pending = g.bonus.bit_count()
    played = 0
    for m in g.played:
        played |= m
    t.played = played
    if t.trick and t.trick[0] == JOKER_CALL_CARD and g.rules.joker_call:
        t.joker_called = not g.hands[g.leader] & JOKERS_MASK
    return t


@dataclass(frozen=True)
class OraclePlayer:
    exact_tricks: int = 3
    name: str = "oracle"

    def decide_game(self, g: Game, seat: int, rng: random.Random) -> Action:
        del rng  # one world, deterministic playouts
        view = view_of(g, seat)
        if g.phase is Phase.PLAY:
            t = true_table(g)
            legal = g.legal_play_mask()
            allowed = {(a.card, a.suit) for a in view.legal_actions if isinstance(a, Play)}
            cands = [c for c in candidates_of(t, legal) if c in allowed]
            if len(cands) == 1:
                return Play(*cands[0])
            adj = t.adjutant if t.adjutant >= 0 else None
            lost = (
                (g.discards & HONORS_MASK).bit_count() if g.rules.discard_honors == "nobody" else 0
            )
            util = utility_table(g.rules, g.bid, t.napoleon, adj, seat, lost)
            scores = score_candidates([t], cands, seat, util, self.exact_tricks)
            best = max(range(len(cands)), key=lambda i: (scores[i], -i))
            return Play(*cands[best])
        if g.phase is Phase.BID:
            return self._bid(g, seat, [a for a in view.legal_actions if isinstance(a, Bid)])
        return non_play_decision(view)

    def _bid(self, g: Game, seat: int, legal: list[Bid]) -> Action:
        rules = g.rules
        best: Bid | None = None
        best_value = pass_value(rules)
        results: dict[Suit | None, list[ContractResult]] = {}
        for s in [*SUITS, None]:
            if any(b.suit == s for b in legal):
                results[s] = [simulate_contract(rules, list(g.hands), g.kitty, seat, s)]
        for b in legal:
            v = expected_points(rules, seat, b.number, results[b.suit])
            if v > best_value:
                best, best_value = b, v
        return Pass() if best is None else best
