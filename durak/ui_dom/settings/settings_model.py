"""What the Durak settings panel shows, generated from the options' metadata (pure).

:func:`option_rows` lists every option of :data:`durak.rules.OPTIONS` and of the
modes the page plays (:data:`durak.ui_dom.modes.PAGE_MODES`, read from the registry
as the panel is drawn: :func:`page_options`) with its label, help
and labelled values; a value the engine does not play yet
(:data:`durak.rules.NOT_YET`) is listed but marked, so the panel shows every
option of docs/rules/durak.md and offers only what can be played.  :func:`preset_choices`
does the same for the presets of §5.  :func:`rules_from_form` turns the form's
values back into :class:`~durak.rules.Rules`, or the engine's reason why not.
The model is the page shell's (:class:`cardkit.ui_dom.options_model.OptionsModel`),
registered here with Durak's options, presets and what the page plays; the DOM
side is :mod:`durak.ui_dom.settings.settings`.

>>> from durak.rules import OPTION_BY_KEY
>>> label = MODEL.value_label
>>> label(OPTION_BY_KEY["transfer"], "on"), label(OPTION_BY_KEY["deck"], "32")
('あり', '32枚 (6なし)')
>>> preset_of(Rules.preset("perevodnoy")), preset_of(Rules(players=3))
('perevodnoy', 'custom')
>>> rules_from_form({**Rules().options(), "transfer": "on"}) == Rules.preset("perevodnoy")
True
>>> rules_from_form({**Rules().options(), "transfer_show": "on"})
'transfer_show=on needs transfer=on'
>>> MODEL.preset_rules("perevodnoy") == Rules.preset("perevodnoy"), MODEL.preset_rules("custom")
(True, None)
"""

from __future__ import annotations

from typing import Final

from cardkit.options import OptionSpec
from cardkit.ui_dom.options_model import OptionsModel, preset_origin
from durak.family.options import mode_spec
from durak.family.registry import find_game
from durak.pile.options import PileRules
from durak.rules import NOT_YET, OPTIONS, PRESET_NAMES, Rules, RulesError
from durak.ui_dom import i18n
from durak.ui_dom.modes import (
    PAGE_MODES,
    SUIT_DEAL,
    TableRules,
    rules_from_options,
    table_refusal,
)
from durak.ui_dom.page_rules import NOT_ON_PAGE


def page_options() -> tuple[OptionSpec, ...]:
    """The settings' rows as the registry says when they are drawn: the ordinary game's
    options, its ``mode`` choosing among every game registered (the game's choice is
    drawn first: :data:`durak.ui_dom.settings.settings.GAME`'s ``lead``), then every mode's own.

    >>> [s.key for s in page_options()][-2:]
    ['chuk_first', 'heap_take']
    """
    return (tuple(mode_spec() if s.key == "mode" else s for s in OPTIONS)
            + tuple(s for m in PAGE_MODES.values() for s in m.options))


def origin(rules: TableRules) -> tuple[str, bool]:
    """What rules that are no preset came from, and whether they change it: a game
    of its own (a pile game, the suit deal) against its defaults, else the preset of §5
    their text form starts from (:meth:`~durak.rules.Rules.base_preset`), so a preset
    loaded and then changed reads "Podkidnoy (throw-in) (changed)", not "(custom)".

    >>> origin(Rules(players=3)), origin(PileRules(mode="heap", players=5))
    (('ポドキドノイ (飛び入り)', True), ('山積み', False))
    """
    if isinstance(rules, PileRules):
        # The players are the table's size, not a change of the game ("Chinese" at 2).
        return (i18n.t(f"val.mode.{rules.mode}"),
                rules != PileRules(mode=rules.mode, players=rules.players))
    if rules.mode == SUIT_DEAL:
        return (i18n.t(f"val.mode.{SUIT_DEAL}"),
                rules != Rules().replace(mode=SUIT_DEAL, players=rules.players))
    return preset_origin(i18n.t, rules)


def presets_of(rules: TableRules) -> tuple[str, ...]:
    """The presets of the game ``rules`` are of, as the registry says: the ordinary
    game's of §5, none for the other games (a pile game, the suit deal).

    >>> presets_of(Rules())[:2], presets_of(PileRules(mode="heap"))
    (('podkidnoy', 'perevodnoy'), ())
    """
    return find_game(rules.mode).presets


def playable(spec: OptionSpec, value: str) -> bool:
    """Whether the engine and the page play ``value`` of ``spec`` (else "not implemented
    yet"; :data:`~durak.ui_dom.page_rules.NOT_ON_PAGE`); a mode of
    :data:`~durak.ui_dom.modes.PAGE_MODES` is played by its own engine."""
    if spec.key == "mode" and value in PAGE_MODES:
        return True
    return (value not in NOT_YET.get(spec.key, frozenset())
            and value not in NOT_ON_PAGE.get(spec.key, frozenset()))


MODEL: Final = OptionsModel[TableRules, OptionSpec](
    options=page_options(), options_now=page_options, preset_names=PRESET_NAMES,
    preset=Rules.preset,
    from_options=rules_from_options, error=RulesError, t=i18n.t, catalog=i18n.catalog,
    playable=playable, refusal=table_refusal, origin=origin, presets_of=presets_of,
)

#: The model's lists, named for the tests of Durak's words.
option_rows: Final = MODEL.option_rows
preset_choices: Final = MODEL.preset_choices
preset_of: Final = MODEL.preset_of
rules_from_form: Final = MODEL.rules_from_form
