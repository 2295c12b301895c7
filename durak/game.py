"""One game (deal) of Durak as a state machine (docs/rules/durak.md §2, §3, §4, §6).

>>> from durak.rules import Rules, RulesError
>>> g = Game.new(Rules(players=3), seed=7)
>>> g.phase, g.to_act == g.attacker
(<Phase.ATTACK: 'attack'>, True)
>>> players = random.Random(1)
>>> while g.phase is not Phase.OVER:
...     g.apply(players.choice(g.legal_actions()))
>>> g.result is not None
True

Seats are 0..n-1 clockwise.  :attr:`Game.to_act` is the one seat whose move
is awaited; :meth:`Game.legal_actions` lists its moves and :meth:`Game.apply`
performs one or raises :class:`~durak.actions.IllegalActionError` saying why.

Phases: ``attack`` (the opening attack of a bout), ``defend`` (the defender
covers one card, takes, or transfers), ``throw`` (a throw-in window: the
offered player throws one card at a time — and keeps the offer — or passes),
``over``.  Only players holding no card are passed over without a move: whether
someone holds a matching card is theirs to know (§6.15, :mod:`durak.phases.throw_in`).

The shape: :class:`~durak.state.GameState` is the record of every field;
each phase is a module of functions over it in :mod:`durak.phases`
(``opening``, ``defence``, ``throw_in``, ``doubt``, ``cube``, with
``cover``, ``transfer``, ``baltic``, ``talon_moves``, ``inverted`` and
``bout_end`` beside them), and :mod:`durak.phases.dispatch` maps the phase to
its module.  :class:`Game` is the record plus the public API: dealing
(:meth:`Game.new`, :meth:`Game.from_deal`), the dispatching
:meth:`~Game.legal_actions`, :meth:`~Game.apply` and
:meth:`~Game.apply_unchecked`, :meth:`~Game.view` and :meth:`~Game.clone`.

Interpretations where docs/rules/durak.md leaves room (each pinned by a test in
``tests/durak_game/test_interpretations.py``):

* Throw-ins are one card per action; a thrower keeps the offer until they
  pass, so "one or more cards" is a run of throws and a pass.
* §6.15 [I]: every eligible player who holds a card is offered the window, and
  one holding nothing that matches can only pass; a thrower keeps the offer
  while they hold a card and the limit leaves room.  So choosing not to add
  and being unable to look the same to every other seat (views, records,
  announcements, the page's pauses); only an empty hand, which all see, is
  passed over.  ``american`` offers the defender's throw-in whenever they hold
  two cards or more; ``sly`` offers whoever laid an uncovered attack card.
* ``throw_order=attacker_first``: an attacker who passes (able to throw or
  not) closes the window.  ``attacker_priority``: after a player other
  than the attacker has thrown and passed, the attacker is offered next, then
  the offers resume clockwise after that player, the attacker's own turn
  included; the window closes once every seat has passed since the last card
  (the priority offer does not count towards that).
* The defender answers a window's cards once the window closes (§2.7); they
  may take at any of their turns.
* With teams, the defender is the next player clockwise *of another team*
  (teammates may become neighbours once players go out), and a transfer goes
  to the next opponent clockwise of the transferrer.
* ``transfer``: one or more cards of the attack's rank; the receiver's hand
  must hold at least every attack card after the transfer, and the total must
  be within the receiver's limit (min(6, hand), 5 under ``first_limit``).
* ``transfer_show``: showing a trump adds nothing; the shown card becomes
  known to all.  Once the bout's first attacker has defended, shows stop.
* ``transfer_first_round=forbid``: the attacker role (bouts and transfers)
  has to move clockwise, in total, as many seats as players dealt in.
* ``transfer_wait``: with two players left, a transfer may go to an attacker
  holding no cards; they can only take.
* ``transfer_thrown``: the uncovered cards must share one rank; the receiver
  must hold at least as many cards as the uncovered cards after it, and the
  bout's attack cards must stay within the receiver's limit.
* ``transfer_new_only``: earlier attack cards count as answered: discarded on
  a beaten bout, picked up on a take (``take=unbeaten``: discarded).  Answered
  cards are no cover, so the new defender may transfer again (§3.3); every
  view shows which cards are answered (:attr:`~durak.view.PlayerView.answered`).
* ``attack_set``: ``pairs``' extra card and pairs are of different ranks;
  ``all_of_rank`` with more cards of the rank than the limit plays exactly
  limit-many of them; ``coward`` needs a strongest card (highest trump, else a
  card of the highest rank) among the opening cards.
* The first attacker shows their lowest trump: it becomes known to all.
* ``known`` hands: cards picked up, shown, or drawn face up (the trump card)
  are known to everybody until played.
* ``pass_hands``: after the refill and the going out, the hands of the players
  still in go to their left neighbours (a player who went out passes nothing).
* ``team_split``: from the first going out on, every seat is its own team.
* ``loser`` counts: covers are counted for the defender, in taken bouts too;
  ``fewest_high`` counts covered attack cards 10..A; ``fewest_doubles`` counts
  an opening with two or more cards of a rank once, and in a run of throws
  (one offer) once per rank thrown twice.  A tie goes to whoever kept cards
  longest, then to the first clockwise from the dealer's left.  No draws.
* ``six_swap``: offered to the trump 6's holder at each of their decisions while
  the trump card lies face up under the talon; the swapped-out card is known.
* ``armenian``: only the opening attack may be the talon's top card.
* ``second_chance``: for each uncovered card none of the defender's cards
  beats, as often as the talon lasts; a card that does not beat is known.
* ``poker``: before the bout's first cover, with 2..6 cards and 2+ in the
  talon, once per bout; the two discards leave play face down.
* ``trump=hidden``: when the turned card leaves the talon (drawn, or turned by
  ``armenian``/``second_chance``) the card under it is shown and sets trump;
  a ``second_chance`` card is judged with the trump of the moment it is turned.
* ``trump=changing``: only while the trump card still lies under the talon,
  and only if the bout was beaten after at least one cover.
* ``trump=own``: :attr:`trump` is the current defender's own suit (it changes
  with the defender, also on a transfer; a transfer_show trump is the
  defender's own suit); a closed suit gives its owner no trump.
* ``own_answer``: an attack card in the own suit of whoever laid it (the
  opener, a thrower or a transferrer) may be covered only by the defender's
  own suit.
* ``american``: whenever a window closes with nothing added and the limit
  leaves room, the defender may throw in one matching card of their own that
  another of their cards beats, then must cover it (no take, no transfer);
  the cover opens a normal window again.  The defender is offered this
  whenever they hold two cards or more, and passes if none qualifies (§6.15).
* ``sly`` (docs/rules/durak.md §3.2): once the defender takes, a window opens (also at the limit
  and without ``throw_after_take``, then for covers only) in which whoever laid
  an uncovered attack card may cover it with a beating card of theirs, one per
  action, keeping the offer; the cover's rank opens no throw-ins.  With
  ``take=unbeaten`` a sly pair is taken, not discarded.  ``brazen`` (§3.2):
  the same covers of one's own uncovered cards in every window, so a thrower
  may cover their own throw (optional, while holding the offer); the pair
  counts as covered.  Covers are face up: nothing is hidden.
* The disgraceful loss (§7): the durak was the defender of the last
  bout, whose opening came from a hand that was one non-trump 6 or only 6s.
* ``dummy`` (§3.4): the dummy is seat ``players`` at the dealer's right
  (:func:`durak.deal.clockwise`); it is dealt and refilled like a player.  The
  first attacker plays it (:attr:`controller`, :meth:`player_of`); if the dummy
  itself opens the game, the dealer does.  Its view and its player's view each
  show the other hand.  ``throw_in``: it only throws in — passed over as
  attacker, defender and transfer target, and it does not count for the result
  (the last real player holding cards is the durak).  ``playing``: a full
  player, except that when it is the last holding cards (or the last defender
  under ``draw=defender_loses``) the game is a draw.  ``next_first`` counts real
  seats.  Refused with teams, loser counts and ``cube15``: the dummy never loses.
* ``deck=72`` (§3.1): the second deck's cards are numbered +36 and written
  ``TD2``; identical cards (twins) never beat each other.  ``twin_stop`` [I]: a
  card may cover its twin, and from then on nothing more is thrown in during
  that bout (no throw-in window, no ``american`` or ``sly`` throw-in; a ``doubt``
  cover, being face down, stops nothing).  Game 1 opens with the lowest trump of
  either deck (the first deck's first); either trump 6 may be swapped
  (``six_swap``); a ``coward`` opening may be either twin of the strongest trump.
* ``baltic``, ``magadan``, ``recycle``, ``inverted``: see :mod:`durak.phases.baltic`,
  :mod:`durak.magadan`, :mod:`durak.recycle`, :mod:`durak.phases.inverted`.
"""

from __future__ import annotations

import functools
import random
from typing import Final

from durak.cards import CARD_SPACE, RANKS, TWIN
from durak.deal import Deal, clockwise, deal_cards, deal_size
from durak.family.modes import DURAK, PILE_MODES, SUIT_DEAL
from durak.magadan import face_down_into_hands
from durak.phases import dispatch
from durak.phases.bout_end import third_time
from durak.phases.dispatch import LegalOf, MovesOf
from durak.phases.opening import lowest_own_holder, lowest_trump_holder
from durak.rules import Rules, RulesError
from durak.state import ANSWERED, UNCOVERED, GameState, Phase, Result, start_bout
from durak.strength import beaters, closed_suit_of
from durak.view import PlayerView, view_of

#: Why a pile game's rules deal no ordinary game (§3.6: one face-up pile, no pairs).
_OTHER_GAME: Final = ("mode={mode} is played by its own engine: start it with "
                      "durak.family.new_game(rules, seed), not {what}")


class Game(GameState):
    """The state of one game with its public API; mutable, cheap to :meth:`clone`.

    The rules of each phase are functions in :mod:`durak.phases`; this class
    adds dealing, dispatch (:meth:`legal_actions`, :meth:`apply`,
    :meth:`apply_unchecked`), :meth:`view` and :meth:`clone`.
    """

    __slots__ = ()

    # The dispatch's functions bound as methods (no extra call on the search's path).
    legal_actions = dispatch.legal_actions
    """Every legal action of :attr:`to_act` (empty once the game is over)."""
    apply = dispatch.apply
    """Perform ``action`` for :attr:`to_act` (or check it is ``seat``'s turn)."""
    apply_unchecked = dispatch.apply_unchecked
    """Perform a legal action without checking it (search, playouts)."""

    # ---- construction ----------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        seed: int | random.Random | None = None,
        dealer: int | None = None,
        first_attacker: int | None = None,
    ) -> Game:
        """A freshly dealt game; all randomness comes from ``seed``.

        ``dealer`` defaults to a random seat ("any way", §2.2);
        ``first_attacker`` to the holder of the lowest trump (§2.4).
        """
        if rules.mode != DURAK:  # §3.6: the other games deal their own hands
            raise RulesError(_OTHER_GAME.format(mode=rules.mode, what="Game.new"))
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        if dealer is None:
            dealer = rng.randrange(rules.players)
        return cls.from_deal(rules, deal_cards(rules, rng, dealer), dealer, first_attacker, rng)

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        deal: Deal,
        dealer: int = 0,
        first_attacker: int | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """A game from a fixed deal (tests, replays)."""
        n = rules.seats
        g = cls.__new__(cls)
        g.rules = rules
        g.n = n
        g.team = _per_rules(rules)[2]
        g.deal = deal
        g.dealer = dealer
        g.hands = list(deal.hands)
        g.known = [0] * n
        g.in_game = [True] * n
        if rules.mode != DURAK and rules.mode in PILE_MODES:
            raise RulesError(_OTHER_GAME.format(mode=rules.mode, what="Game.from_deal"))
        if rules.mode == SUIT_DEAL:  # §3.6, the dealing game: every card was taken face
            g.known = list(deal.hands)  # up, so known to all; a seat that took nothing
            g.in_game = [h != 0 for h in deal.hands]  # is out before the first bout [I]
        g.slots = [[] for _ in range(n)]
        if rules.inverted:  # §3.5: positions in the order dealt, else a seeded shuffle [I]
            shuffler = rng if rng is not None else random.Random(0)
            for s in range(n):
                if deal.slots:
                    g.slots[s] = list(deal.slots[s])
                else:
                    g.slots[s] = [c for c in range(CARD_SPACE) if deal.hands[s] >> c & 1]
                    shuffler.shuffle(g.slots[s])
        g.talon = list(deal.talon)
        g.trump_card = deal.trump_card
        g.trump_shown = deal.trump_shown
        g.removed = deal.removed
        g.discard = 0
        if rules.trump == "diamonds":
            trump: int | None = 2
        elif rules.trump in ("turned", "invisible", "hidden", "changing") and (
                deal.trump_card is not None):
            trump = deal.trump_card % TWIN // RANKS
        else:
            trump = None
        if trump is not None and trump == closed_suit_of(rules):
            trump = None  # a closed suit cannot be trump (§3.1)
        g.trump = trump
        g.beat = beaters(rules, trump)
        g.own_beat = ()
        g.amer = 0
        g.layer = [0] * CARD_SPACE
        g.piles = list(deal.piles) if deal.piles else [()] * n
        g.recycles = 0
        g.twin_stopped = False
        g._seating(rules, dealer)
        if rules.magadan and not deal.talon:
            face_down_into_hands(g)

        if rules.trump == "own":
            closed = closed_suit_of(rules)
            suits = [None if s == closed else s for s in deal.own_suits]
            g.own_beat = tuple((beaters(rules, s), s) for s in suits)
        if deal.trump_card is not None and deal.trump_shown and not deal.talon:
            for s in range(n):  # the dealer shows the last card and keeps it (§2.3)
                if g.hands[s] >> deal.trump_card & 1:  # (magadan: face down till now)
                    g.known[s] |= 1 << deal.trump_card
        g._flags, g.tables, _ = _per_rules(rules)
        g.poker_used = False
        g.sly_covers = 0
        g.face_down = 0
        g.revealed = rules.trump != "hidden"
        g.cube, g.cube_owner, g.cube_offered = 1, None, False
        g.last_cover = -1
        g.covered = [0] * n
        g.covered_high = [0] * n
        g.doubles = [0] * n
        g.out_at = [0] * n
        g.run_ranks = g.run_doubled = 0
        g.positions = {}
        g.positions_stamp = ()
        g.bout = 0
        g.beaten_bouts = 0
        g.refills = 0
        g.role_moves = 0
        g.events = []
        g.result = None
        g.attacks = []
        g.covers = []
        g.table = g.uncovered = 0
        g.w_order = []
        g.w_pos = g.w_passes = 0
        g.w_resume = -1
        g.w_added = g.w_added_now = False
        if first_attacker is None:
            before = list(g.known)
            first_attacker = (lowest_own_holder(g) if rules.trump == "own"
                              else lowest_trump_holder(g))
            shown = g.known[first_attacker] & ~before[first_attacker]
            if shown:  # kept in the deal, so that a record replays the shown card
                g.deal = Deal(deal.hands, deal.talon, deal.trump_card, deal.trump_shown,
                              deal.removed, deal.own_suits, deal.piles, deal.reshuffle,
                              deal.slots, shown.bit_length() - 1)
        elif deal.opener_shown is not None and g.hands[first_attacker] >> deal.opener_shown & 1:
            g.known[first_attacker] |= 1 << deal.opener_shown
        g.first_attacker = first_attacker
        # dummy (§3.4): the first attacker plays it; if it opens itself, the dealer [I]
        g.controller = dealer if first_attacker == g.dummy else first_attacker
        g.attacker = first_attacker
        third_time(g, first_attacker)  # the deal's position is the first occurrence (§6.14)
        start_bout(g, first_attacker)
        return g

    def _seating(self, rules: Rules, dealer: int) -> None:
        """Who sits where: clockwise neighbours, places, the dummy (§3.4)."""
        n = self.n
        self.nxt = clockwise(rules.players, rules.dummy != "off", dealer)
        prv, pos = [0] * n, [0] * n
        s = 0
        for i in range(n):
            prv[self.nxt[s]] = s
            pos[s] = i
            s = self.nxt[s]
        self.prv, self.pos = tuple(prv), tuple(pos)
        self.dummy = rules.players if rules.dummy != "off" else -1
        self.no_role = self.dummy if rules.dummy == "throw_in" else -1

    def clone(self) -> Game:
        """An independent copy: the list, dict and set fields copied, ``inverted``'s
        per-hand lists one level deeper.

        One assignment per field of :class:`~durak.state.GameState`, in its ``__slots__``
        order: a loop of ``getattr``/``setattr`` over the names cost about seven times
        as much, and searches clone a game for every playout and every solved position.
        A field added to the state and not here leaves the copy without it, which
        ``tests/durak_game/test_clone.py`` catches (every field, every preset)."""
        c = Game.__new__(Game)
        c.rules = self.rules
        c.n = self.n
        c.team = self.team
        c.deal = self.deal
        c.dealer = self.dealer
        c.first_attacker = self.first_attacker
        c.hands = self.hands.copy()
        c.known = self.known.copy()
        c.in_game = self.in_game.copy()
        c.talon = self.talon.copy()
        c.trump_card = self.trump_card
        c.trump_shown = self.trump_shown
        c.trump = self.trump
        c.beat = self.beat
        c.discard = self.discard
        c.removed = self.removed
        c.bout = self.bout
        c.attacker = self.attacker
        c.defender = self.defender
        c.bout_attacker = self.bout_attacker
        c.attacks = self.attacks.copy()
        c.covers = self.covers.copy()
        c.uncovered = self.uncovered
        c.table = self.table
        c.match = self.match
        c.limit = self.limit
        c.phase = self.phase
        c.to_act = self.to_act
        c.taking = self.taking
        c.w_order = self.w_order.copy()
        c.w_pos = self.w_pos
        c.w_passes = self.w_passes
        c.w_added = self.w_added
        c.w_added_now = self.w_added_now
        c.w_resume = self.w_resume
        c.beaten_bouts = self.beaten_bouts
        c.refills = self.refills
        c.role_moves = self.role_moves
        c.shown = self.shown
        c.round_done = self.round_done
        c.opening_hand = self.opening_hand
        c.events = self.events.copy()
        c.result = self.result
        c._flags = self._flags
        c.covered = self.covered.copy()
        c.covered_high = self.covered_high.copy()
        c.doubles = self.doubles.copy()
        c.out_at = self.out_at.copy()
        c.run_ranks = self.run_ranks
        c.run_doubled = self.run_doubled
        c.poker_used = self.poker_used
        c.revealed = self.revealed
        c.last_cover = self.last_cover
        c.cube = self.cube
        c.cube_owner = self.cube_owner
        c.cube_offered = self.cube_offered
        c.own_beat = self.own_beat
        c.amer = self.amer
        c.layer = self.layer.copy()
        c.sly_covers = self.sly_covers
        c.face_down = self.face_down
        c.piles = self.piles.copy()
        c.recycles = self.recycles
        c.twin_stopped = self.twin_stopped
        c.nxt = self.nxt
        c.prv = self.prv
        c.pos = self.pos
        c.dummy = self.dummy
        c.no_role = self.no_role
        c.controller = self.controller
        c.slots = [o[:] for o in self.slots]
        c.positions = self.positions.copy()
        c.positions_stamp = self.positions_stamp
        c.tables = self.tables
        return c

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (see :mod:`durak.view`)."""
        return view_of(self, seat)


@functools.lru_cache(maxsize=256)
def _per_rules(rules: Rules
               ) -> tuple[tuple[bool, ...], tuple[LegalOf, MovesOf], tuple[int, ...]]:
    """A game's :attr:`~durak.state.GameState._flags` (the options the hot paths ask,
    by number), its dispatch tables and the seats' teams: the same for every deal of
    ``rules``, so worked out once per rules (none of them is ever changed in place)."""
    flags = (
        rules.transfer,
        rules.throw_in,
        rules.throw_match == "rank_or_suit",
        rules.attack_set == "single" and not rules.coward,
        rules.after_take == "no_skip",
        rules.loser != "last",
        rules.six_swap or rules.armenian or rules.second_chance or rules.poker
        or rules.match == "cube15",
        rules.own_answer,
        rules.sly != "off",
        rules.baltic,
        rules.magadan,
        rules.recycle,
        rules.doubt,
        rules.inverted,
        rules.limit == "six" and rules.first_limit == "off",  # 14: L = min(6, H), always
        not (rules.doubt or rules.own_answer or rules.american or rules.transfer
             or rules.baltic),  # 15: the defender only takes or covers
    )
    return flags, dispatch.tables_for(flags), rules.team_of


def new_game(rules: Rules, seed: int | None = None) -> Game:
    return Game.new(rules, seed)


__all__ = [
    "ANSWERED", "UNCOVERED", "Deal", "Game", "Phase", "Result", "deal_cards", "deal_size",
    "new_game",
]
