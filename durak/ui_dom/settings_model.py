"""What the Durak settings panel shows, generated from the options' metadata (pure).

:func:`option_rows` lists every option of :data:`durak.rules.OPTIONS` with its
label, help and labelled values; a value the engine does not play yet
(:data:`durak.rules.NOT_YET`) is listed but marked, so the panel shows every
option of DURAK.md and offers only what can be played.  :func:`preset_choices`
does the same for the presets of §5.  :func:`rules_from_form` turns the form's
values back into :class:`~durak.rules.Rules`, or the engine's reason why not.
The DOM side is :mod:`durak.ui_dom.settings`.
"""

from __future__ import annotations

from cardkit.ui_dom.settings_panel import CUSTOM, REMEMBERED, Choice, OptionRow
from durak.rules import (
    NOT_YET,
    OPTIONS,
    PRESET_CHANGES,
    PRESET_NAMES,
    OptionSpec,
    Rules,
    RulesError,
)
from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.page_rules import NOT_ON_PAGE, page_refusal


def value_label(spec: OptionSpec, value: str) -> str:
    """The text shown for ``value`` of option ``spec`` in the current language.

    >>> from durak.rules import OPTION_BY_KEY
    >>> value_label(OPTION_BY_KEY["transfer"], "on"), value_label(OPTION_BY_KEY["deck"], "32")
    ('あり', '32枚 (6なし)')
    """
    catalog = i18n.catalog()
    for key in (f"val.{spec.key}.{value}", f"val.{value}" if spec.kind != "int" else ""):
        if key and key in catalog:
            return t(key)
    return value


def playable(spec: OptionSpec, value: str) -> bool:
    """Whether the engine and the page play ``value`` of ``spec`` (else "not implemented
    yet"; :data:`~durak.ui_dom.page_rules.NOT_ON_PAGE`)."""
    return (value not in NOT_YET.get(spec.key, frozenset())
            and value not in NOT_ON_PAGE.get(spec.key, frozenset()))


def option_rows() -> list[OptionRow]:
    """Every option of the rule book, in its order, labelled in the current language."""
    rows = []
    for spec in OPTIONS:
        choices = []
        for value in spec.values:
            label = value_label(spec, value)
            ok = playable(spec, value)
            choices.append(Choice(value, label if ok else t("val.not_yet", label=label), ok))
        rows.append(OptionRow(spec.key, t(f"opt.{spec.key}"), t(f"help.{spec.key}"),
                              tuple(choices)))
    return rows


def preset_of(rules: Rules) -> str:
    """The preset the selector shows for ``rules``: its name, or ``custom``.

    >>> preset_of(Rules.preset("perevodnoy")), preset_of(Rules(players=3))
    ('perevodnoy', 'custom')
    """
    return rules.preset_name() or CUSTOM


def preset_choices() -> list[Choice]:
    """記憶 (the saved rules), every preset of §5 (those not built yet disabled), custom."""
    out = [Choice(REMEMBERED, t("preset.remembered"))]
    for name in PRESET_NAMES:
        try:
            Rules.preset(name)
            ok = True
        except RulesError:
            ok = False
        label = t(f"preset.{name}")
        out.append(Choice(name, label if ok else t("val.not_yet", label=label), ok))
    out.append(Choice(CUSTOM, t("preset.custom")))
    return out


def rules_from_form(options: dict[str, str]) -> Rules | str:
    """The rules the form's values make, or the engine's reason they cannot be played.

    >>> rules_from_form({**Rules().options(), "transfer": "on"}) == Rules.preset("perevodnoy")
    True
    >>> rules_from_form({**Rules().options(), "transfer_show": "on"})
    'transfer_show=on needs transfer=on'
    """
    try:
        rules = Rules.from_options(options)
    except RulesError as e:
        return str(e)
    return page_refusal(rules) or rules


def preset_rules(name: str) -> Rules | None:
    """The rules of preset ``name`` (``None``: no preset of that name, or not built).

    >>> preset_rules("perevodnoy") == Rules.preset("perevodnoy"), preset_rules("custom")
    (True, None)
    """
    if name not in PRESET_CHANGES:
        return None
    try:
        return Rules.preset(name)
    except RulesError:  # a preset the engine does not play yet (offered disabled)
        return None
