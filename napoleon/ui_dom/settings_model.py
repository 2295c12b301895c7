"""What Napoleon's settings panel shows, generated from the options' metadata (pure).

Napoleon's options (:data:`napoleon.rules.OPTIONS`) and presets registered with
the page shell's model (:class:`cardkit.ui_dom.options_model.OptionsModel`):
``option_rows`` lists every option with its label, help and labelled values;
``preset_choices`` the presets (SdC's 【呼出】 list); ``rules_from_form``
turns the form's values back into :class:`~napoleon.rules.Rules`, or the
engine's reason why not.  The panel is the page shell's
(:mod:`cardkit.ui_dom.settings_panel`).

>>> MODEL.preset_of(Rules()), MODEL.preset_of(Rules(players=4))
('sdc', 'custom')
>>> MODEL.custom_label(Rules.preset("mixi").replace(match_games=3))
'mixi (変更あり)'
"""

from __future__ import annotations

from typing import Final

from cardkit.ui_dom.options_model import OptionsModel, preset_origin
from napoleon.rules import OPTIONS, PRESET_NAMES, Rules, RulesError
from napoleon.ui_dom import i18n


def origin(rules: Rules) -> tuple[str, bool]:
    """The preset rules that are no preset change (their text form's, so the badge,
    the settings and the rules page name the same one): "mixi (changed)", not
    "custom rules", as Durak's page says of its presets."""
    return preset_origin(i18n.t, rules)


MODEL: Final = OptionsModel(
    options=OPTIONS, preset_names=PRESET_NAMES, preset=Rules.preset,
    from_options=Rules.from_options, error=RulesError, t=i18n.t, catalog=i18n.catalog,
    origin=origin,
)

#: A value's label (the rules page shows them too).
value_label: Final = MODEL.value_label
