"""Drawing the Durak table (docs/rules/durak.md §7 "Screen") from the human's view alone.

Everything drawn comes from :meth:`Controller.sight` (the human's
:class:`~durak.view.PlayerView`, the match's standing and the public moves its
seat saw: the host's page and a guest's read the same record): no other
hand, no talon card but the face-up trump, no face-down card ever reaches
the DOM.  The whole ``#table`` is rebuilt on every change (a few dozen
nodes), with ``createElement``/``textContent`` only.

Layout: the computers' seats along the top (one row, wrapping on a phone),
the talon with its trump card and the discard count beside the cards in
play, the controls and the human's seat, the hand along the bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from cardkit.ui_dom.nodes import by_id, el
from cardkit.ui_dom.pass_play import screen_el
from durak.actions import (
    DOUBLE,
    Action,
    Attack,
    Cover,
    CoverSlot,
    PlaySlot,
    PokerSwap,
    Throw,
    Transfer,
)
from durak.cards import (
    SUIT_SYMBOLS,
    card_label,
    card_text,
    suit_of,
)
from durak.family.modes import SUIT_DEAL
from durak.ordinary_series import CUBE_TARGET
from durak.sight import Sight
from durak.ui_dom.i18n import language, t
from durak.ui_dom.play.clicks import in_any_action
from durak.ui_dom.table.account import account_el, durak_account
from durak.ui_dom.table.announce import announce, last_challenge_text
from durak.ui_dom.table.card_words import (
    SUIT_CLASSES,
    SUIT_KEYS,
    SUIT_WORDS,
    card_el,
    card_name,
    hand_label,
    hand_order,
    outcome,
    seat_name,
    set_dummy,
    set_people,
)
from durak.ui_dom.table.kept_parts import kept
from durak.view import PlayerView

if TYPE_CHECKING:
    from durak.ui_dom.friends.guest_controller import OrdinaryTable
    from durak.ui_dom.record.family_words import Written


def role_of(v: PlayerView, seat: int) -> str:
    """attacker / defender / thrower (may throw in) / waiting / out; at the end the
    durak, and out for everybody else (the roles of the last bout no longer hold).

    The seats the engine offers throw-ins to (§2.7): not the defender's team, and
    with ``throwers=neighbours`` only the defender's neighbours still in the game
    [I: with ``team_split`` the teams as dealt are shown].
    """
    if v.result is not None and seat in v.result.durak:
        return "durak"
    if not v.in_game[seat] or v.result is not None:
        return "out"  # at the end everybody but the durak got out (a fold, a draw too)
    if seat == v.defender:
        return "defender"
    if seat == v.attacker:
        return "attacker"
    if not v.rules.throw_in:
        return "waiting"
    teams = v.rules.team_of
    if v.rules.teams != "none" and teams[seat] == teams[v.defender]:
        return "waiting"  # nobody throws in against their own team (§4)
    if v.rules.throwers == "neighbours" and seat not in _neighbours(v, v.defender):
        return "waiting"
    return "thrower"


def _neighbours(v: PlayerView, seat: int) -> set[int]:
    n = len(v.in_game)
    out: set[int] = set()
    for step in (1, -1):
        s = (seat + step) % n
        while s != seat and not v.in_game[s]:
            s = (s + step) % n
        if s != seat:
            out.add(s)
    return out


def seat_frame(seat: int, role: str, acting: bool, tags: list[tuple[str, str]],
               held: int, extras: list[tuple[str, str]]) -> Any:
    """A seat's panel as every table of the family draws it: its name, its role
    (``role-is-…``, ``to-act`` while it acts), its role tags (``(role, words)``), the
    count of cards it holds, then its ``extras`` (``(class, words)``: the cards seen
    taken, the tally…) in its ``seat-extra`` box."""
    classes = ["panel", "dk-seat", f"role-is-{role}"] + (["to-act"] if acting else [])
    node = el("section", " ".join(classes), data_seat=seat, aria_label=seat_name(seat))
    node.append(el("h2", "panel-name", seat_name(seat)))
    body = el("div", "panel-body")
    for tag, words in tags:
        body.append(el("span", f"role role-{tag}", words))
    body.append(el("span", "count", t("seat.card" if held == 1 else "seat.cards", n=held)))
    node.append(body)
    extra = el("div", "seat-extra")
    for cls, words in extras:
        extra.append(el("span", cls, words))
    node.append(extra)
    return node


#: What a seat's panel shows (:func:`panel_spec`): the language, the seat's name and
#: number, its role, whether it acts, the cards it holds, the extra lines (class, words).
PanelSpec = tuple[str, str, int, str, bool, int, tuple[tuple[str, str], ...]]


def panel_spec(v: PlayerView, seat: int,
               score: tuple[tuple[int, ...], tuple[int, ...]]) -> PanelSpec:
    """Everything ``seat``'s panel shows; ``score``: the tally and the cube's points
    with the game on the table scored (:meth:`durak.sight.Sight.score_now`)."""
    tally, points = score
    role = role_of(v, seat)
    acting = v.to_act == seat and v.result is None
    extras: list[tuple[str, str]] = []
    known = v.known[seat] & ~v.hand if seat != v.seat else 0
    if v.seen_hands and seat != v.seat:  # inverted (§3.5): the others' hands are seen
        names = " ".join(card_label(c) for c in hand_order(v.seen_hands[seat], v.trump))
        extras.append(("seen", t("seat.seen", cards=names or "-")))
        known = 0
    if known:  # picked up from the table or shown: everybody knows they are there
        names = " ".join(card_label(c) for c in hand_order(known, v.trump))
        extras.append(("known", t("seat.known", cards=names)))
    if v.pile_sizes and v.pile_sizes[seat]:
        extras.append(("piles", t("seat.piles", n=v.pile_sizes[seat])))
    if seat == v.dummy and v.controller is not None:
        extras.append(("", t("seat.played_by", name=seat_name(v.controller))))
    teams = v.rules.team_of
    if v.rules.teams != "none":
        extras.append((f"tag team team-{teams[seat]}", t("seat.team", team="ABC"[teams[seat]])))
    if seat >= len(tally):
        pass  # the dummy hand keeps no score
    elif v.rules.match == "cube15":
        extras.append(("tally", t("seat.points", n=points[seat])))
    else:
        extras.append(("tally", t("seat.tally", n=tally[seat])))
    return (language(), seat_name(seat), seat, role, acting, v.hand_sizes[seat], tuple(extras))


def build_panel(spec: PanelSpec) -> Any:
    """A seat's panel made from its :func:`panel_spec` alone."""
    _lang, _name, seat, role, acting, held, extras = spec
    return seat_frame(seat, role, acting, [(role, t(f"role.{role}"))], held, list(extras))


def seat_panel(v: PlayerView, seat: int, score: tuple[tuple[int, ...], tuple[int, ...]]) -> Any:
    """A seat's panel (:func:`panel_spec`): the one built before when nothing it shows
    changed (a computer's move changes one or two of the table's panels)."""
    return kept(f"panel-{seat}", panel_spec(v, seat, score), build_panel)


def face_down_talon(box: Any, count: int) -> None:
    """A talon of ``count`` cards face down, and its count, drawn into ``box`` (nothing
    for none): the pile games' and the dealing's (the ordinary one shows its trump
    card under it, :func:`deck_el`)."""
    if count:
        stack = el("div", "talon")
        stack.append(el("span", "card back", None, aria_hidden="true"))
        box.append(stack)
        box.append(el("p", "talon-count", t("talon.count", n=count), id="talon-count"))


def deck_el(v: PlayerView) -> Any:
    """The talon with the trump card under it, the trump badge, the discard count."""
    box = el("div", "dk-deck", id="dk-deck")
    stack = el("div", "talon")
    if v.trump_card is not None and v.talon_count:
        stack.append(card_el(v.trump_card, cls="trump-card",
                             label=t("trump.card", card=card_name(v.trump_card))))
    if v.talon_count > (1 if v.trump_card is not None else 0):
        stack.append(el("span", "card back", None, aria_hidden="true"))
    box.append(stack)
    count = t("talon.count", n=v.talon_count) if v.talon_count else t("talon.empty")
    box.append(el("p", "talon-count", count, id="talon-count"))
    if v.trump is None:
        badge = el("p", "trump-badge", t("trump.none"), id="trump-badge")
    else:
        badge = el("p", "trump-badge", None, id="trump-badge", data_trump=SUIT_KEYS[v.trump])
        badge.append(el("span", "", t("trump.label") + " "))
        badge.append(el("span", f"chip {SUIT_CLASSES[v.trump]}", SUIT_SYMBOLS[v.trump], role="img",
                        aria_label=SUIT_WORDS[language()][v.trump]))
    box.append(badge)
    box.append(el("p", "discard-count", t("discard.count", n=v.discard.bit_count()),
                  id="discard-count"))
    if v.rules.match == "cube15":
        box.append(el("p", "cube", t("cube.value", n=v.cube), id="cube"))
    return box


def play_el(ctrl: OrdinaryTable, v: PlayerView) -> Any:
    """The pairs in play order; attack cards the selection may cover are buttons."""
    box = el("div", "dk-play", id="dk-play", role="group", aria_label=t("table.pairs"))
    targets = set(ctrl.cover_targets())
    tries = set(ctrl.try_targets())
    pairs = el("div", "pairs")
    for attack, cover in v.table:
        pair = el("div", "pair" + (" beaten" if cover is not None else ""),
                  data_attack=card_text(attack))
        if attack in targets:
            pair.append(card_el(attack, "cover", cls="target",
                                label=t("pair.cover_on", card=card_name(attack))))
        elif attack in tries and not targets:
            pair.append(card_el(attack, "try", cls="target",
                                label=t("pair.try_on", card=card_name(attack))))
        elif cover is None and v.covered_face_down >> attack & 1:  # doubt (§3.5)
            pair.append(card_el(attack, label=t("pair.face_down", card=card_name(attack))))
            pair.append(el("span", "card back cover", None, aria_hidden="true"))
        elif cover is None:
            pair.append(card_el(attack, label=t("pair.open", card=card_name(attack))))
        else:
            pair.append(card_el(attack, label=t("pair.beaten", card=card_name(attack),
                                                cover=card_name(cover))))
        if cover is not None:
            pair.append(card_el(cover, cls="cover"))
        pairs.append(pair)
    if not v.table:
        pairs.append(el("p", "muted empty-table", t("table.empty")))
    box.append(pairs)
    info = el("p", "allowed", id="allowed")
    if v.taking:
        info.textContent = t("table.taking", name=seat_name(v.defender))
    elif v.table:
        info.textContent = t("table.allowed", n=v.cards_allowed)
    box.append(info)
    doubted = last_challenge_text(ctrl) if v.rules.doubt else ""
    if doubted:  # doubt (§3.5): what the last challenge turned up, for the eyes too
        box.append(el("p", "doubt-result", doubted, id="doubt-result"))
    return box


CONTROL_LABELS = (
    ("take", "btn.take"),
    ("pass", "btn.pass"),
    ("attack", "btn.attack"),
    ("transfer", "btn.transfer"),
    ("show", "btn.show"),
    ("swap-six", "btn.swap_six"),
    ("talon", "btn.talon"),
    ("poker", "btn.poker"),
    ("double", "btn.double"),
    ("accept", "btn.accept"),
    ("fold", "btn.fold"),
    ("challenge", "btn.challenge"),
)


def control_acts(ctrl: OrdinaryTable, v: PlayerView) -> list[tuple[str, str, bool]]:
    """The buttons the human may use now: ``(act, label key, enabled)`` each."""
    if v.result is not None:
        return []
    legal = ctrl.legal()
    if not legal or ctrl.auto_pass():
        # Only Pass is legal and the page passes for the human (docs/rules/durak.md
        # §6.15): a Pass button drawn for the moment before would only flash.
        return []
    has_sets = any(isinstance(a, Attack | Transfer | PokerSwap) and a.cards.bit_count() > 1
                   for a in legal)
    acts: list[tuple[str, str, bool]] = []
    for act, key in CONTROL_LABELS:
        if act in ("attack", "transfer", "show", "poker"):
            offered = any(_offers(a, act) for a in legal)
            if act == "attack" and not has_sets:
                offered = False  # single cards: a click on the card attacks
            if not offered:
                continue
            enabled = ctrl.selection_action(act) is not None
        else:
            if ctrl.plain_action(act) is None:
                continue
            enabled = True
        acts.append((act, key, enabled))
    return acts


def controls_el(ctrl: OrdinaryTable, v: PlayerView) -> Any:
    """The buttons the human may use now (only those; each one acts)."""
    box = el("div", "controls", id="controls")
    if v.result is not None or not ctrl.legal() or ctrl.auto_pass():
        return box
    for act, key, enabled in control_acts(ctrl, v):
        cls = "btn primary" if act in ("take", "pass") else "btn"
        box.append(el("button", cls, t(key), type="button", id=f"btn-{act}", data_act=act,
                      disabled=not enabled))
    if ctrl.sel:
        box.append(el("button", "btn", t("btn.clear"), type="button", id="btn-clear",
                      data_act="clear"))
    return box


def undo_offered(why: str | None) -> bool:
    """Whether the table shows the Undo button, ``why`` being the undo's refusal
    (:meth:`Controller.undo_refusal`).  Shown during a game, disabled with its reason
    while refused; left out once the game is over (``over``), on every Durak page the
    same: an undo never crosses a game's end, so the button could only be
    disabled there, its reason a tooltip a phone never shows, while the end offers the
    next game.  Left out too at a table of several people (``people``: with friends
    or pass-and-play), where no move is ever taken back: a control the page shows as
    available always acts.  Ctrl+Z there still says why in the undo's note and the log.

    >>> undo_offered(None), undo_offered("none"), undo_offered("over"), undo_offered("people")
    (True, True, False, False)
    """
    return why not in ("over", "people")


class Undoable(Protocol):
    """What the Undo row reads of a controller (every game of the family has these:
    :class:`Controller`, :class:`~durak.ui_dom.play.pile_controller.PileController`)."""

    undo_note: str

    def undo_refusal(self) -> str | None: ...


def undo_el(ctrl: Undoable) -> Any:
    """The Undo button (Ctrl+Z too), disabled with the reason as its title and its
    description (``aria-description``: a screen reader says it with the button) while
    undo is refused, left out at the game's end (:func:`undo_offered`), and the notice
    of the last undo (a screen reader hears it in the log:
    :func:`durak.ui_dom.table.announce.announce`)."""
    why = ctrl.undo_refusal()
    button = None
    if undo_offered(why):
        button = el("button", "btn", t("btn.undo"), type="button", id="btn-undo",
                    data_act="undo", title=t("undo.title") if why is None else t(f"undo.{why}"),
                    aria_keyshortcuts="Control+Z", disabled=why is not None)
        if why is not None:
            button.setAttribute("aria-description", t(f"undo.{why}"))
    return undo_row(button, t(f"undo.{ctrl.undo_note}") if ctrl.undo_note else "")


def undo_row(button: Any | None, note: str) -> Any:
    """The Undo row: the ``button`` if shown, then the ``note`` of the last undo
    asked for (empty: not drawn, ``web/style.css``)."""
    box = el("div", "undo-row", id="undo-row")
    if button is not None:
        box.append(button)
    box.append(el("p", "undo-note", note, id="undo-note"))
    return box


def _offers(a: Action, act: str) -> bool:
    """Whether the legal action ``a`` is one the selection button ``act`` makes."""
    if act == "attack":
        return isinstance(a, Attack)
    if act == "poker":
        return isinstance(a, PokerSwap)
    return isinstance(a, Transfer) and a.shown == (act == "show")


#: What the hand shows (:func:`hand_spec`): the language, whether it is blind
#: (``inverted``), whether it may play, its label, its seat, and a card or position a
#: button: ``(card or None, position, classes, label, disabled, pressed)``.
HandSpec = tuple[str, bool, bool, str, int,
                 tuple[tuple[int | None, int, str, str, bool, bool], ...]]


def hand_spec(ctrl: OrdinaryTable, v: PlayerView) -> HandSpec:
    """Everything the hand the human plays now shows: their own, or the dummy's while
    they play it; ``inverted`` (§3.5), their own by position (:func:`blind_spec`)."""
    legal = ctrl.legal()
    playing = ctrl.acting_view()
    if playing.rules.inverted:
        return blind_spec(ctrl, playing)
    label = hand_label(v.seat) if playing.seat == v.seat else t("hand.dummy")
    buttons = []
    for c in hand_order(playing.hand, v.trump):
        playable = bool(legal) and in_any_action(legal, c)
        selected = bool(ctrl.sel >> c & 1)
        cls = ("playable" if playable else "") + (" selected" if selected else "")
        if v.trump is not None and suit_of(c) == v.trump:
            cls += " trump"
        name = card_name(c) + (f" ({t('card.selected')})" if selected else "")
        buttons.append((c, -1, cls.strip(), name, not playable, selected))
    return (language(), False, bool(legal), label, playing.seat, tuple(buttons))


def blind_spec(ctrl: OrdinaryTable, v: PlayerView) -> HandSpec:
    """``inverted`` (§3.5): the human's own hand by position, as card backs (a card
    everybody knows, e.g. one picked up, face up in its place); never sorted."""
    legal = ctrl.legal()
    usable = {a.slot for a in legal if isinstance(a, PlaySlot | CoverSlot)}
    buttons = []
    for i, c in enumerate(v.slots):
        playable = i in usable
        cls = ("playable" if playable else "") + (" selected" if ctrl.slot == i else "")
        label = t("hand.slot", n=i + 1) if c is None else \
            t("hand.slot_known", n=i + 1, card=card_name(c))
        buttons.append((c, i, cls.strip(), label, not playable, ctrl.slot == i))
    return (language(), True, bool(legal), t("hand.blind"), v.seat, tuple(buttons))


def build_hand(spec: HandSpec) -> Any:
    """The hand made from its :func:`hand_spec` alone."""
    _lang, blind, can_play, label, seat, buttons = spec
    box = el("div", "hand" + (" blind" if blind else "") + (" can-play" if can_play else ""),
             id="hand", role="group", aria_label=label, data_seat=seat)
    box.style.setProperty("--n", str(max(len(buttons), 6)))
    for c, i, cls, name, disabled, pressed in buttons:
        if not blind:
            assert c is not None
            node = card_el(c, "card", cls=cls, label=name, disabled=disabled)
        elif c is None:
            node = el("button", f"card back {cls}".strip(), None, type="button",
                      data_act="slot", data_arg=str(i), disabled=disabled)
            node.setAttribute("aria-label", name)
            node.setAttribute("title", name)
        else:
            node = card_el(c, "slot", arg=str(i), cls=cls, label=name, disabled=disabled)
        node.setAttribute("aria-pressed", "true" if pressed else "false")
        box.append(node)
    return box


def hand_el(ctrl: OrdinaryTable, v: PlayerView) -> Any:
    """The hand the human plays now (:func:`hand_spec`): the one built before when
    nothing it shows changed and no hint marked it (while the computers play, the
    hand stays as it was)."""
    return kept("hand", hand_spec(ctrl, v), build_hand, marked=True)


def drawn_names(v: PlayerView) -> str:
    """The players in a draw by repetition (§6.14): those still in the game."""
    return t("list.sep").join(seat_name(s) for s in range(len(v.in_game)) if v.in_game[s])


def status_text(ctrl: OrdinaryTable, v: PlayerView) -> str:
    if v.result is not None:
        if v.result.repetition:
            return t("status.over_repetition", names=drawn_names(v))
        if v.result.draw:
            return t("status.over_draw")
        names = ", ".join(seat_name(s) for s in v.result.durak)
        return t("status.over_durak", names=names)
    if not ctrl.human_to_act():
        name = seat_name(v.to_act if v.to_act is not None else 0)
        if not v.in_game[v.seat]:
            # A suit deal can leave the human nothing to play with (§3.6): say so at
            # once, not only by the hand's absence; later, going out is worth saying too.
            dealt_out = v.rules.mode == SUIT_DEAL and v.bout <= 1 and not v.discard
            return t("status.dealt_out_wait" if dealt_out else "status.out_wait", name=name)
        return t("status.wait", name=name)
    if ctrl.auto_pass():  # the page passes for the human at once: no question to ask
        return t("status.auto_pass")
    v = ctrl.acting_view()
    targets = ctrl.cover_targets()
    if targets and ctrl.sel:
        card = card_name(ctrl.sel.bit_length() - 1)
        # The same card may also transfer (docs/rules/durak.md §3.3): the status names
        # both ways, not only the cover, so the lit button is not a surprise.
        if any(ctrl.selection_action(act) is not None for act in ("transfer", "show")):
            return t("status.select_target_or_transfer", card=card)
        return t("status.select_target", card=card)
    legal = ctrl.legal()
    covers = any(isinstance(a, Cover) for a in legal)
    if v.defender != v.seat and covers:
        return t("status.sly")  # sly/brazen (§3.2): cover one's own attack card
    if covers or (v.defender == v.seat and not any(
        isinstance(a, Throw) for a in legal
    ) and v.phase.value == "defend"):
        # second_chance (§3.4): the attack cards the talon may be tried on are lit;
        # poker (§3.4): the swap's button waits for two selected cards
        if ctrl.try_targets():
            return t("status.defend_try")
        if any(isinstance(a, PokerSwap) for a in legal):
            return t("status.defend_poker")
        return t("status.defend")
    if v.phase.value == "cube":
        # cube15 (§7): the defender's chance to double before the opening attack, or
        # the answer to a double.
        offer = DOUBLE in legal
        return t("status.cube_offer" if offer else "status.cube")
    if v.phase.value == "throw":
        return t("status.throw")
    if v.phase.value == "doubt":
        return t("status.doubt")
    return t("status.attack")


def result_el(ctrl: OrdinaryTable, sight: Sight) -> Any:
    """The end: durak or draw, a disgraceful loss, the tally, the record and its copy."""
    v = sight.view
    res = v.result
    assert res is not None
    box = el("div", "result", id="result")
    if res.draw:
        box.append(el("h2", "outcome", t("result.draw")))
        if res.repetition:
            box.append(el("p", "repetition", t("result.repetition", names=drawn_names(v)),
                          id="repetition"))
    else:
        names = "、".join(seat_name(s) for s in res.durak) if language() == "ja" else \
            ", ".join(seat_name(s) for s in res.durak)
        box.append(el("h2", "outcome", outcome(res.durak, v.seat)))
        box.append(el("p", "durak-names", t("result.durak", names=names), id="durak-names"))
        if res.shame:
            box.append(el("p", "shame", t("result.shame"), id="shame"))
        if res.folded:
            box.append(el("p", "", t("result.folded")))
        if v.rules.match == "cube15":
            box.append(el("p", "", t("result.stake", n=res.stake)))
    cube = v.rules.match == "cube15"
    tally, points = sight.score_now()
    score = list(points if cube else tally)
    box.append(score_table(t("result.points" if cube else "result.tally"), score))
    over = cube and max(score) >= CUBE_TARGET
    if over:
        box.append(el("p", "final", t("result.match_over")))
    game = ctrl.finished_game()
    if game is None:
        return box  # a guest's: the host's record of the game is not here yet
    from durak.ui_dom.record.family_words import write_durak

    # At a table with friends the next game is the host's panel's Play again (a
    # guest's panel says when the host may): the end offers no second way on.
    end_actions(box, write_durak(game, ctrl.record_seed(), sight.standing.number),
                next_game=not over and not ctrl.with_friends(), review=True)
    return box


def end_box(ctrl: Any, heading: str, lines: list[Any], written: Written | None,
            review: bool = True) -> Any:
    """The end of a game of another mode than the ordinary one: the ``heading`` (who
    lost), the ``lines`` under it, the series' tally, and where the game's record is
    here (``written``; a guest's page waits for the host's) the end's buttons and the
    record (:func:`end_actions`; at a table with friends the next game is the host's
    panel's Play again)."""
    box = el("div", "result", id="result")
    box.append(el("h2", "outcome", heading))
    for line in lines:
        box.append(line)
    box.append(score_table(t("result.tally"), ctrl.tally()))
    if written is not None:
        end_actions(box, written, next_game=not ctrl.with_friends(), review=review)
    return box


def score_table(heading: str, score: list[int]) -> Any:
    """Each seat's score (the tally, the points) as a table headed ``heading``."""
    table = el("table", "tally-table")
    head = el("tr")
    head.append(el("th", "", ""))
    head.append(el("th", "", heading))
    table.append(head)
    for s in range(len(score)):
        row = el("tr")
        row.append(el("th", "", seat_name(s), scope="row"))
        row.append(el("td", "", str(score[s])))
        table.append(row)
    return table


def end_actions(box: Any, written: Written, next_game: bool, review: bool = False,
                share: bool = True) -> None:
    """The end's buttons (the next game, when there is one; copy the record; with
    ``review``, the review and, with ``share`` too, the game's link, which the other
    games of the family do not have yet) and the game's record under them, every game's
    alike (:mod:`pile_table`, the suit deal's table): in words, then its notation
    folded behind its key (:func:`written_el`)."""
    row = el("div", "actions")
    if next_game:
        row.append(el("button", "btn primary", t("btn.next_game"), type="button",
                      id="btn-next-game", data_act="next-game"))
    row.append(el("button", "btn", t("btn.copy"), type="button", id="btn-copy",
                  data_act="copy-record"))
    if review:  # the review and the game's link (durak.ui_dom.review.review_view)
        row.append(el("button", "btn", t("btn.review"), type="button", id="btn-review",
                      data_act="review"))
        if share:
            row.append(el("button", "btn", t("btn.share_game"), type="button",
                          id="btn-share-game", data_act="share-game"))
    box.append(row)
    box.append(el("p", "copy-note", "", id="copy-note", aria_live="polite"))
    if review and share:
        box.append(el("input", "record-share-url", None, id="share-url", type="text",
                      readonly=True, hidden=True, aria_label=t("share.link")))
    box.append(el("h3", "", t("result.record"), id="game-words-title"))
    box.append(written_el(written))


def words_el(written: Written) -> Any:
    """The record in words, a line a bout (or pile, or step), in the page's language;
    bounded in height and scrolled, so it takes the focus and is named."""
    listing = el("ul", "record-words end-words", None, id="game-words", tabindex="0",
                 lang=language(), aria_labelledby="game-words-title")
    for kind, line in written.lines:
        listing.append(el("li", f"words-{kind}", line))
    return listing


def written_el(written: Written) -> Any:
    """The record in words (:func:`words_el`), then the machine form folded in a
    ``<details>`` ("copy / notation") with the key to its notation."""
    box = el("div", "end-record", None, id="end-record")
    box.append(words_el(written))
    notation = el("details", "record-notation", None, id="game-notation")
    notation.append(el("summary", "", t("result.notation")))
    notation.append(el("p", "notation-key", t(written.key), id="game-notation-key"))
    notation.append(el("pre", "record", written.notation, id="game-record", tabindex="0",
                       lang="en", aria_label=t("result.record")))
    box.append(notation)
    return box


def show_written(written: Written) -> None:
    """Replace the end's record (words and notation) on the page with ``written``,
    keeping the notation folded or unfolded as the reader left it."""
    old = by_id("end-record")
    if not old:
        return
    was_open = unfolded("game-notation")
    new = written_el(written)
    old.replaceWith(new)
    if was_open:
        by_id("game-notation").setAttribute("open", "")


def unfolded(node_id: str) -> bool:
    """Whether the folded box (``<details>``) ``node_id`` is open on the page now: read
    before a redraw rebuilds it, so it comes back as the reader left it (otherwise the
    pile games' "How to play" would fold again after every move)."""
    node = by_id(node_id)
    return bool(node and node.open)


def mode_rules_el(mode: str, open_: bool) -> Any:
    """The how-to of ``mode`` (``howto.<mode>``: short paragraphs, one a line) folded
    under the hand (``#mode-rules``; docs/rules/durak.md §3.6), unfolded when ``open_``
    (:func:`unfolded`, read before the redraw)."""
    box = el("details", "mode-rules", id="mode-rules")
    if open_:
        box.setAttribute("open", "")
    box.append(el("summary", "", t("howto.title", name=t(f"val.mode.{mode}"))))
    for paragraph in t(f"howto.{mode}").splitlines():
        box.append(el("p", "", paragraph))
    return box


def stale_markers(names: list[str], markers: dict[str, str]) -> list[str]:
    """The ``data-*`` attributes among ``names`` that ``markers`` no longer set: a
    marker of the screen drawn before (a suit deal's play, ``data-bout``, after an
    undo back into its dealing) would claim what the table no longer shows.

    >>> stale_markers(["class", "data-bout", "data-phase", "aria-label"], {"phase": "deal"})
    ['data-bout']
    """
    return [n for n in names if n.startswith("data-") and n[5:] not in markers]


def lay_out(cls: str, markers: dict[str, str], others: list[Any], deck: Any, centre: Any,
            ended: bool, controls: list[Any], you: Any, *below: Any,
            account: Any | None = None, ring: Any | None = None) -> None:
    """Rebuild ``#table`` in the frame every kind of Durak's table shares: class
    ``cls`` and the ``markers`` (``data-*``, what tests wait for), the computers'
    panels ``others`` along the top, the ``deck`` beside the ``centre`` (the pairs, a
    pile, a dealing, or the end), the ``controls`` (the moves' box, then the Undo
    row) and the human's panel ``you``,
    then ``below`` (the hand, folded paragraphs).  The ``account`` of the recent moves
    (:mod:`durak.ui_dom.table.account`) stands beside the centre, drawn with the table it
    explains; a ``ring`` (who attacks whom, :func:`durak.ui_dom.table.pile_table.order_el`)
    stands under the computers' panels, across the table."""
    table = by_id("table")
    table.className = cls
    table.setAttribute("aria-label", t("table.label"))
    for name in stale_markers(list(table.getAttributeNames()), markers):
        table.removeAttribute(name)
    for key, value in markers.items():
        table.setAttribute(f"data-{key}", value)
    seats = el("div", "seats-top dk-seats", id="seats-top")
    for panel in others:
        seats.append(panel)
    middle = el("div", "dk-middle" + (" ended" if ended else ""))
    middle.append(deck)
    middle.append(centre)
    if account is not None:
        middle.append(account)
    lower = el("div", "lower")
    # The controls and the Undo row share a box that wraps: side by side where they
    # fit, the Undo row under the controls where they do not (a phone's long Take),
    # so 「待った」 is never squeezed onto two lines (web/style.css, ``.dk-acts``).
    acts = el("div", "dk-acts")
    for control in controls:
        acts.append(control)
    lower.append(acts)
    mine = el("div", "seat-you", id="panel-you")
    mine.append(you)
    lower.append(mine)
    top = [seats] if ring is None else [seats, ring]
    table.replaceChildren(*top, middle, lower, *below)


def lay_out_mode(ctrl: Any, mode: str, seat: int, n: int, panel: Callable[[int], Any],
                 deck: Any, centre: Any, ended: bool, controls: Any, *below: Any,
                 status: str, account: Any | None = None, ring: Any | None = None) -> None:
    """Rebuild ``#table`` for a game of another mode than the ordinary one, in
    :func:`lay_out`'s frame with ``ctrl``'s markers: the ``panel`` of each of the ``n``
    seats (the others along the top from the one after ``seat``, the reader's ``seat``
    under the ``controls`` and the Undo row), the ``below`` and last the mode's how-to
    (:func:`mode_rules_el`, open as the reader left it); then the ``status`` line."""
    rules_open = unfolded("mode-rules")  # read before the redraw rebuilds it
    lay_out(f"table dk-table dk-pile-table suits-symbols mode-{mode} players-{n}",
            ctrl.markers(), [panel((seat + s) % n) for s in range(1, n)], deck, centre,
            ended, [controls, undo_el(ctrl)], panel(seat), *below,
            mode_rules_el(mode, rules_open), account=account, ring=ring)
    show_status(status)


def draw_screen(markers: dict[str, str], seat: int) -> str:
    """Pass-and-play's privacy screen alone in ``#table`` (every kind's: no card of
    anybody's in the page), for the person at ``seat``; the status says it too and is
    returned (the kind's log says it after the moves made)."""
    name = seat_name(seat)
    table = by_id("table")
    if table:
        for key, value in markers.items():
            table.setAttribute(f"data-{key}", value)
        table.setAttribute("data-handover", "1")
        table.replaceChildren(screen_el(t, name))
    status = by_id("status")
    text = t("pass.to", name=name)
    if status:
        status.textContent = text
    return text


def show_status(text: str) -> None:
    """The status line under the menu (``#status``) says ``text``."""
    status = by_id("status")
    if status:
        status.textContent = text


def screen_first(ctrl: Any, say: Callable[[Any, str], None]) -> bool:
    """Pass-and-play at a pile table or a view's: the privacy screen alone while another
    person is to move (its status said in the kind's log, ``say``); ``True`` when it is
    drawn.  The seats are named for the people at the table, no dummy among them."""
    set_people(ctrl.handover)
    set_dummy(None)
    seat = ctrl.screen_seat()
    if seat is None:
        return False
    say(ctrl, draw_screen(ctrl.markers(), seat))
    return True


def draw_handover(ctrl: OrdinaryTable, person: int) -> None:
    """Pass-and-play: the privacy screen alone, for ``person``, no card of anybody's in
    the page."""
    announce(ctrl, draw_screen(ctrl.markers(), person))


def draw(ctrl: OrdinaryTable) -> None:
    """Rebuild ``#table`` and the status line from the controller."""
    set_people(ctrl.handover)
    person = ctrl.screen_seat()
    if person is not None:
        draw_handover(ctrl, person)
        return
    sight = ctrl.sight()
    v = sight.view
    set_dummy(v.dummy)
    n = len(v.hand_sizes)
    table = by_id("table")
    if table:
        table.removeAttribute("data-handover")
    score = sight.score_now()
    ended = v.result is not None
    lay_out(f"table dk-table suits-symbols players-{n}"
            + (" teams" if v.rules.teams != "none" else ""), ctrl.markers(),
            [seat_panel(v, (v.seat + s) % n, score) for s in range(1, n)], deck_el(v),
            result_el(ctrl, sight) if ended else play_el(ctrl, v), ended,
            [controls_el(ctrl, v), undo_el(ctrl)], seat_panel(v, v.seat, score),
            hand_el(ctrl, v), account=account_el(durak_account(ctrl)))
    text = status_text(ctrl, v)
    show_status(text)
    announce(ctrl, text)
