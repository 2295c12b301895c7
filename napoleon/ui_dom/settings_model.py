"""What Napoleon's settings panel shows, generated from the options' metadata (pure).

:func:`option_rows` lists every option of :data:`napoleon.rules.OPTIONS` with its
label, help and labelled values; :func:`preset_choices` the presets (SdC's
【呼出】 list); :func:`rules_from_form` turns the form's values back into
:class:`~napoleon.rules.Rules`, or the engine's reason why not.  The panel is the
page shell's (:mod:`cardkit.ui_dom.settings_panel`).
"""

from __future__ import annotations

from cardkit.ui_dom.settings_panel import CUSTOM, REMEMBERED, Choice, OptionRow
from napoleon.rules import OPTIONS, PRESET_NAMES, PRESETS, OptionSpec, Rules, RulesError
from napoleon.ui_dom import i18n
from napoleon.ui_dom.i18n import t


def value_label(spec: OptionSpec, value: str) -> str:
    """The text shown for ``value`` of option ``spec`` in the current language."""
    catalog = i18n.catalog()
    for key in (
        f"val.{spec.key}.{value}",
        f"val.rank.{value}" if spec.kind == "rank" else "",
        f"val.{value}" if spec.kind in ("bool", "choice") else "",
    ):
        if key and key in catalog:
            return t(key)
    return value


def option_rows() -> list[OptionRow]:
    """Every rule option, in its order, labelled in the current language."""
    return [
        OptionRow(spec.key, t(f"opt.{spec.key}"), t(f"help.{spec.key}"),
                  tuple(Choice(v, value_label(spec, v)) for v in spec.values))
        for spec in OPTIONS
    ]


def preset_choices() -> list[Choice]:
    """記憶 (the saved rules), every preset, custom."""
    return [
        Choice(REMEMBERED, t("preset.remembered")),
        *(Choice(name, t(f"preset.{name}")) for name in PRESET_NAMES),
        Choice(CUSTOM, t("preset.custom")),
    ]


def preset_of(rules: Rules) -> str:
    """The preset the selector shows for ``rules``: its name, or ``custom``.

    >>> preset_of(Rules()), preset_of(Rules(players=4))
    ('sdc', 'custom')
    """
    return rules.preset_name() or CUSTOM


def preset_rules(name: str) -> Rules | None:
    """The rules of preset ``name`` (``None``: no preset of that name)."""
    return PRESETS.get(name)


def rules_from_form(options: dict[str, str]) -> Rules | str:
    """The rules the form's values make, or the engine's reason they cannot be played."""
    try:
        return Rules.from_options(options)
    except RulesError as e:
        return str(e)
